"""The documentation site builds with warnings as errors, and its reference misses nothing.

Every name in ``badugi_fast.__all__`` (and in the ``__all__`` of each feature package the
site lists) has an entry in the generated index, and every macro and function declared in
the CDEF block of ``csrc/badugi.h`` has one on the C page. Needs the ``docs`` extra, which
the ``dev`` extra includes; skipped without it (CI's sanitized run installs only ``test``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")
pytest.importorskip("furo")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built from a clean output directory with warnings as errors."""
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(DOCS), str(out)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    return out


def documented_modules() -> list[str]:
    """The modules whose ``__all__`` the site documents, as ``docs/conf.py`` lists them."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "badugi_api_modules"
            for target in node.targets
        ):
            modules: list[str] = ast.literal_eval(node.value)
            return modules
    raise AssertionError("docs/conf.py does not set badugi_api_modules")


def index_entries() -> list[tuple[str, str]]:
    """(public name, the entry it links to) for every name the site documents.

    A class or function re-exported by a later module of the list links to the entry of
    the first module that lists it, as the site describes each object once.
    """
    entries = []
    first: dict[int, str] = {}
    for module_name in documented_modules():
        if importlib.util.find_spec(module_name) is None:
            continue  # a feature package not on this branch
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            qualified = f"{module_name}.{name}"
            if inspect.isclass(value) or inspect.isroutine(value):
                qualified = first.setdefault(id(value), qualified)
            entries.append((f"{module_name}.{name}", qualified))
    return entries


def c_declarations() -> list[str]:
    """The macros and functions the CDEF block of the header declares."""
    header = (ROOT / "csrc" / "badugi.h").read_text(encoding="utf-8")
    block = header[header.index("/* BEGIN CDEF") : header.index("/* END CDEF */")]
    code = re.sub(r"/\*.*?\*/", " ", block, flags=re.S)
    macros = re.findall(r"^\s*#define\s+(\w+)", code, flags=re.M)
    functions = re.findall(r"\b(badugi_\w+)\s*\(", code)
    return macros + functions


def test_every_top_level_name_has_its_own_entry() -> None:
    import badugi_fast

    own = {name for name, entry in index_entries() if name == entry}
    assert {f"badugi_fast.{name}" for name in badugi_fast.__all__} <= own


@pytest.mark.parametrize(("name", "entry"), index_entries())
def test_public_name_in_the_index(site: Path, name: str, entry: str) -> None:
    index = (site / "genindex.html").read_text(encoding="utf-8")
    assert f'href="reference/python.html#{entry}"' in index


def test_the_header_declares_functions() -> None:
    assert {"badugi_eval4", "badugi_decode", "BADUGI_RANKS"} <= set(c_declarations())


@pytest.mark.parametrize("name", c_declarations())
def test_c_declaration_on_the_c_page(site: Path, name: str) -> None:
    page = (site / "reference" / "c.html").read_text(encoding="utf-8")
    index = (site / "genindex.html").read_text(encoding="utf-8")
    assert f'id="c.{name}"' in page
    assert f'href="reference/c.html#c.{name}"' in index
