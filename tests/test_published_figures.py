"""The published speed figures all quote one run: benchmarks/results.json (issue 28, item 5).

The README, the performance, odds and engine pages once quoted three runs (963 ns, 237 ns;
248 and 604 M deals/s; 4,586x, 2,755x and 2,435x PokerKit). Each block of figures must read
what benchmarks/published.py writes from the results file, and every miss be explained.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import published

RESULTS = published.read()


@pytest.mark.parametrize("block", sorted(published.BLOCKS))
def test_each_block_quotes_the_results_file(block: str) -> None:
    assert published.quoted(block) == published.expected(RESULTS, block), (
        f"{published.BLOCKS[block][0]}: rebuild with `python benchmarks/published.py`"
    )


def test_the_results_say_when_and_where() -> None:
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", RESULTS.date)
    assert RESULTS.machine and RESULTS.mode in ("quick", "full") and RESULTS.rows


def test_every_miss_is_explained() -> None:
    page = (published.ROOT / "docs/guide/performance.md").read_text(encoding="utf-8")
    explained = " ".join(page.split("## Misses, explained", 1)[1].split("\n## ", 1)[0].split())
    for what in published.misses(RESULTS):
        assert what in explained, f"no explanation for the miss {what!r}"


def test_no_page_quotes_other_figures() -> None:
    """Outside its blocks, no page states a speed of its own (the figures that drifted)."""
    stated = re.compile(r"\d[\d,.]* ?(?:M (?:deals|hands)/s|hands/s|[x\u00d7] (?:faster|PokerKit))")
    for page in sorted({page for page, _ in published.BLOCKS.values()}):
        text = (published.ROOT / page).read_text(encoding="utf-8")
        outside = re.sub(r"<!-- figures: \w+ -->\n.*?<!-- /figures -->", "", text, flags=re.S)
        assert not stated.findall(outside), (page, stated.findall(outside))
