"""A fuzzer for range text and range algebra (issue 41; docs/rules.md, "Ranges"): random
texts of the language, the same texts mutated with hostile characters (brackets, digits,
symbols, lookalike letters of other scripts, nesting, repeats), and ranges combined with
``|``, ``&``, ``-``, ``~`` and ``.weighted()`` (over and over, as ``r = r | r`` does).

Each case ends in one of the library's errors with a message, or in a range whose hands
are counted and whose weights are the documented ones: under ``|`` a hand takes the first
part's weight that holds it, under ``&`` the product, ``X - Y`` keeps X's weights where Y
has none, ``~X`` gives 1 where X has none, ``.weighted(w)`` multiplies; each checked hand
by hand against the operands' weights. Each case is held to :data:`SECONDS` and
:data:`MEGABYTES` (tests/limits.py). The default run fills four-card ranges only (a
five-card range's fill passes over 2,598,960 hands) and parses five-card texts;
``BADUGI_SOAK=full`` plays more cases and fills the five-card ranges too."""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from functools import partial
from itertools import compress
from math import isclose
from operator import add

import pytest
from limits import within
from soak import FULL, size

from badugi_fast.errors import BadugiError, InvalidRange
from badugi_fast.games import GAMES
from badugi_fast.ranges import Range

CASES = size(30, 4_000)
"""Random texts, and as many mutated ones, of each game filled."""
ALGEBRA = size(8, 1_000)
"""Random combinations of ranges."""
SECONDS = 3.0
"""The most a case may take: a range is refused, or found, in about two seconds at most."""
MEGABYTES = 200
"""The most a case may add to the process's peak resident memory (a five-card range's
weights and combos are about 60 MB)."""
FILLED = ("badugi",) + (tuple(sorted(set(GAMES) - {"badugi"})) if FULL else ())
"""The games whose ranges the fuzzer fills; the others' texts are parsed only."""

RANKS = "A23456789TJQK"
RANK_VARIABLES = "BCDEFGHIMNOPRUV"
SUITS = "shdc"
SUIT_VARIABLES = "wxyz"
MACROS = ("$badugi8", "$badugiT", "$3card4", "$2card3", "$1cardA", "$pat", "$draw1", "$draw2",
          "$low8", "$low7")  # fmt: skip
HOSTILE_CHARACTERS = (
    "()[],:!$*.-+0123456789 \t\n"
    "AKQJT98765432shdcwxyzBCDEFRO"
    "\u0410\u0412\u0415\u041a\u041c\u0422\uff21\uff2b\u212a\u0391\u00a0\u200b\u2212\u00b7"
    "\x00\x7f\ufeff\U0001f0a1"
)
"""Characters a mutation puts in: the language's own, and others that look like them (the
Cyrillic and Greek capitals, the fullwidth A, the Kelvin sign, a no-break space, a
zero-width space, a minus sign) or mean nothing to it."""


def card(rng: random.Random) -> str:
    """One card of a pattern: a rank part and a suit part, either may be left out."""
    span = f"[{rng.choice(RANKS)}-{rng.choice(RANKS)}]"
    end = f"[{rng.choice(RANKS)}{rng.choice('+-')}]"
    listed = "[" + ",".join(rng.sample(RANKS, 3)) + "]"
    rank = rng.choice(
        (rng.choice(RANKS), rng.choice(RANK_VARIABLES[:4]), "*", "", span, end, listed)
    )
    suit = rng.choice(("", "", rng.choice(SUITS), rng.choice(SUIT_VARIABLES), "[sh]"))
    return (rank + suit) or "*"


def term(rng: random.Random, game: str, depth: int) -> str:
    """A random part of a range: a pattern, a macro, a weight, a group, a negation."""
    cards = GAMES[game].cards
    pick = rng.random()
    if depth > 2 or pick < 0.45:
        return "".join(card(rng) for _ in range(rng.randint(1, min(cards, 3))))
    if pick < 0.6:
        if rng.random() < 0.3:
            return "$draw(" + "".join(card(rng) for _ in range(rng.randint(1, 2))) + ")"
        return rng.choice(MACROS)
    if pick < 0.7:
        return f"{rng.choice(('0.5', '2.0', '0.25', '3.5'))}:{term(rng, game, depth + 1)}"
    if pick < 0.8:
        return f"!{term(rng, game, depth + 1)}"
    return f"({text(rng, game, depth + 1)})"


def text(rng: random.Random, game: str, depth: int = 0) -> str:
    """A random range text of ``game``: terms joined by ``,``, ``:`` and ``!``."""
    out = term(rng, game, depth)
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        out += rng.choice((", ", ":", " ! ", ",")) + term(rng, game, depth)
    return out


def mutated(source: str, rng: random.Random) -> str:
    """``source`` with characters put in, taken out or changed, a part repeated, or wrapped
    in deep nesting."""
    chars = list(source)
    pick = rng.random()
    if pick < 0.1:
        opening = rng.choice(("(", "!", "!(", "0.5:"))
        depth = rng.choice((31, 33, 64, 200, 990))  # issue 41 item 7: RecursionError
        return opening * depth + source + ")" * (depth if "(" in opening else 0)
    if pick < 0.2:
        # issue 41 item 4: each copy's cost was paid again
        return ",".join([source] * rng.choice((2, 5, 20, 100)))
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars) + 1)
        change = rng.randrange(3)
        if change == 0 or not chars:
            chars.insert(at, rng.choice(HOSTILE_CHARACTERS))
        elif change == 1:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(HOSTILE_CHARACTERS)
    return "".join(chars)


def weights(r: Range) -> array[float]:
    """Every hand's weight in the range, in the kernel's order (found if not yet)."""
    found: array[float] = r._weights
    return found


def outcome(make: Callable[[], Range], fill: bool) -> Range | None:
    """The range ``make`` gives, counted when ``fill``; None where the library refused it
    (with a message), at either step."""
    try:
        r = make()
        if fill:
            assert 0 <= len(r) <= len(weights(r))
    except BadugiError as error:
        assert str(error), "an error with no message"
        return None
    return r


def case(make: Callable[[], Range], fill: bool, what: object) -> Range | None:
    """:func:`outcome`, held to the limits."""
    with within(SECONDS, MEGABYTES, what):
        return outcome(make, fill)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_and_mutated_texts_are_refused_or_found(game: str) -> None:
    """Every text parses, or is refused by the library; those that parse are counted in
    the games filled; one in five of those that parse parses again to the same range
    with spaces and tabs put around its operators."""
    rng = random.Random(game)
    fill = game in FILLED
    refused = 0
    for _ in range(CASES):
        source = text(rng, game)
        found = case(partial(Range.parse, source, game=game), fill, source)
        hostile = mutated(source, rng)
        refused += case(partial(Range.parse, hostile, game=game), fill, hostile) is None
        if found is not None and fill and rng.random() < 0.2:
            spaced = f" \t{source.replace(',', ' , ').replace('!', ' !  ')}\n"
            assert case(partial(Range.parse, spaced, game=game), fill, spaced) == found
    assert 0 < refused < CASES, "the mutations gave no refusals, or nothing but refusals"


def combined(parts: list[Range], rng: random.Random) -> tuple[Range, Range, str, float]:
    """Two ranges of ``parts`` and an operator (and weight) to combine them with."""
    a, b = rng.choice(parts), rng.choice(parts)
    return a, b, rng.choice(("|", "&", "-", "~", "weighted")), rng.choice((0.5, 3.0, 1e-3))


def expected(op: str, a: float, b: float, w: float) -> float:
    """A hand's documented weight under ``op`` given its weights in the operands."""
    if op == "|":
        return a if a else b
    if op == "&":
        return a * b
    if op == "-":
        return 0.0 if b else a
    if op == "~":
        return 0.0 if a else 1.0
    return a * w


def apply(op: str, a: Range, b: Range, w: float) -> Range:
    if op == "|":
        return a | b
    if op == "&":
        return a & b
    if op == "-":
        return a - b
    if op == "~":
        return ~a
    return a.weighted(w)


def test_range_algebra_gives_the_documented_weights() -> None:
    """Random combinations of random Badugi ranges, the results combined again: each is
    refused by the library or has, hand by hand, the weights the rules give from its
    operands' (every 97th hand, and every hand either operand holds, up to 2,000)."""
    rng = random.Random(41)
    parts: list[Range] = []
    while len(parts) < 6:
        source = text(rng, "badugi")
        r = outcome(partial(Range.parse, source, game="badugi"), fill=True)
        if r is not None and len(r):
            parts.append(r)
    for trial in range(ALGEBRA):
        a, b, op, w = combined(parts, rng)
        r = case(partial(apply, op, a, b, w), True, (trial, op, a.text, b.text))
        if r is None:
            continue
        wa, wb, wr = weights(a), weights(b), weights(r)
        held = list(compress(range(len(wr)), map(add, wa, wb)))  # weights are 0 or more
        for i in [*range(0, len(wr), 97), *rng.sample(held, min(2_000, len(held)))]:
            want = expected(op, wa[i], wb[i], w)
            assert isclose(wr[i], want, rel_tol=1e-12), (trial, op, a.text, b.text, i)
        if len(r):
            parts.append(r)


def doubled(times: int) -> Range:
    """``r = r | r``, ``times`` times over, from one pattern (issue 41, item 5)."""
    r = Range.parse("A2*", game="badugi")
    for _ in range(times):
        r = r | r
    return r


HOSTILE: dict[str, tuple[Callable[[], Range], bool]] = {
    # item 4: 26.5 s in one C call that Ctrl-C could not stop
    "twenty five-card patterns": (
        lambda: Range.parse(",".join(["BCDEF"] * 20), game="deuce-seven-triple-draw"),
        True,
    ),
    # item 4: 6 s
    "a hundred draws": (lambda: Range.parse(",".join(["$draw(Kx)"] * 100), game="badugi"), True),
    # item 5: 12 doublings took 10.5 s to count; 24 held 33 M ops, 100 M characters, 800 MB
    "twelve doublings": (lambda: doubled(12), True),
    "twenty-four doublings": (lambda: doubled(24), False),
    # item 7: RecursionError with a full traceback
    "200 parentheses": (lambda: Range.parse("(" * 200 + "A" + ")" * 200, game="badugi"), True),
    "990 negations": (lambda: Range.parse("!" * 990 + "A", game="badugi"), True),
    # item 11: underflowed to an empty range without a word
    "weights past a double's range": (
        lambda: Range.parse("(1e-201:A):(1e-201:A)", game="badugi"),
        True,
    ),
}
"""The hostile inputs of issue 41 (by item): the range to make, and whether to count it."""


@pytest.mark.parametrize("name", HOSTILE)
def test_the_hostile_inputs_of_issue_41_are_refused_or_found_within_the_limits(
    name: str,
) -> None:
    make, fill = HOSTILE[name]
    case(make, fill, name)


LOOKALIKES = ["\u0410" + "23", "\uff21", "\u212a" + "x", "A\u00b72", "\u0391" + "K"]
"""Letters of other scripts that look like the language's (Cyrillic A, fullwidth A,
Kelvin sign, Greek Alpha) and a middle dot: Cyrillic A23 was read as a rank variable."""


@pytest.mark.parametrize("source", LOOKALIKES)
def test_lookalike_letters_are_refused_by_character_and_position(source: str) -> None:
    odd = next(char for char in source if not char.isascii())
    with pytest.raises(InvalidRange) as raised:
        Range.parse(source, game="badugi")
    assert raised.value.position == source.index(odd)
