"""The project cites only documents it ships, and only sections that exist in them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
CITED_DOCUMENT = re.compile(r"\b[\w./-]+\.md\b")
CITED_SECTION = re.compile(r'docs/rules\.md[,:]\s+(?:section\s+)?"([^"]+)"')
TEXT_SUFFIXES = {".py", ".c", ".h", ".md", ".toml", ".txt", ".cfg", ".in"}


SKIPPED_DIRS = {"build", "dist", "_build", "__pycache__", "node_modules"}


def tracked_text_files() -> list[Path]:
    """The project's text files (a walk, not git: CI also runs the suite from an export)."""
    return [
        path
        for path in ROOT.rglob("*")
        if path.suffix in TEXT_SUFFIXES
        and path.is_file()
        and not any(
            part.startswith(".") or part in SKIPPED_DIRS or part.endswith(".egg-info")
            for part in path.relative_to(ROOT).parts[:-1]
        )
    ]


def test_every_cited_document_is_in_the_repository() -> None:
    shipped = {path.name for path in tracked_text_files()}
    missing = {
        f"{path.relative_to(ROOT)} cites {cited}"
        for path in tracked_text_files()
        for cited in CITED_DOCUMENT.findall(path.read_text(encoding="utf-8"))
        if Path(cited).name not in shipped
    }
    assert not missing


def test_every_cited_rules_section_exists() -> None:
    headings = {
        line.lstrip("#").strip()
        for line in RULES.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }
    cited = {
        (path.relative_to(ROOT).as_posix(), section)
        for path in tracked_text_files()
        for section in CITED_SECTION.findall(" ".join(path.read_text(encoding="utf-8").split()))
    }
    assert cited, "nothing cites docs/rules.md by section"
    assert not {(where, section) for where, section in cited if section not in headings}


def test_the_front_page_points_to_every_part_of_the_library() -> None:
    front = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    parts = ["hands", "showdown", "engine", "odds", "histories", "c-library", "cli"]
    assert [part for part in parts if f"](guide/{part}.md)" not in front] == []
