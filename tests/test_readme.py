"""The README's Python examples run, and every ``value  # shown`` comment is what they give.

A comment that starts like a value (a number, a string, a tuple, a list, a numpy array) is
the example's promise; the text after the first ``": "`` is commentary.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

import badugi_fast

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)
VALUE_START = (*"0123456789-'\"([", "array(")


def shown_value(line: str) -> str | None:
    """The value a ``# comment`` on this line promises, if it promises one."""
    if "  # " not in line:
        return None
    comment = line.split("  # ", 1)[1].strip()
    if not comment.startswith(VALUE_START):
        return None
    return comment.split(": ", 1)[0]


def test_readme_has_examples() -> None:
    assert BLOCKS  # the taste; the guide's examples run as doctests (docs/)


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example(block: str) -> None:
    namespace: dict[str, Any] = {"bf": badugi_fast}  # the first example's import, for all
    lines = block.splitlines()
    for node in ast.parse(block).body:
        if not isinstance(node, ast.Expr):
            exec(compile(ast.Module([node], []), "README", "exec"), namespace)
            continue
        value = eval(compile(ast.Expression(node.value), "README", "eval"), namespace)
        expected = shown_value(lines[(node.end_lineno or node.lineno) - 1])
        if expected is not None and repr(value) != expected:
            assert str(value) == _literal(expected), f"{lines[node.lineno - 1]!r} gives {value!r}"


def _literal(text: str) -> object:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
