"""What a range may cost (issue 41): nesting refused past a depth."""

from __future__ import annotations

from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast.cli import main
from badugi_fast.errors import InvalidRange
from badugi_fast.ranges import Range

DEEP = ["(" * 200 + "A" + ")" * 200, "!" * 990 + "A", "(" * 33 + "A" + ")" * 33, "!" * 33 + "A"]


@pytest.mark.parametrize("text", DEEP, ids=["200 groups", "990 nots", "33 groups", "33 nots"])
def test_deep_nesting_is_refused_with_the_depth(text: str, capsys: Any) -> None:
    """About 200 ( or 990 ! raised RecursionError from the parser."""
    with pytest.raises(InvalidRange, match="nest at most 32 deep") as caught:
        Range.parse(text)
    assert caught.value.position == 32
    with pytest.raises(InvalidRange, match="nest at most 32 deep"):
        bf.equity(["As 2h 3d 4c", text])
    assert main(["range", text]) == 2
    assert "nest at most 32 deep" in capsys.readouterr().err


def test_nesting_to_the_depth_is_read() -> None:
    assert len(Range.parse("(" * 32 + "A" + ")" * 32)) == len(Range.parse("A"))
    assert len(Range.parse("!" * 32 + "A")) == len(Range.parse("A"))
