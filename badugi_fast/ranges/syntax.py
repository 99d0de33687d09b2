"""The range language, parsed in one place: text in, a postfix range program out.

The grammar and the meaning of each construct are in docs/rules.md ("Ranges"); this module
turns text into the ``Op`` program that ``csrc/ranges.c`` runs over every hand, raising
``InvalidRange`` at the first character it cannot read.

    range   := part ("," part)*           union: a hand's weight is its first part's
    part    := [weight ":"] term          weight: a number with a point or exponent (0.5:)
    term    := unary ((":" | "!") unary)* and, and-not (left to right)
    unary   := "!" unary | atom           every hand but the atom's
    atom    := "(" range ")" | "$" macro | percent | pattern
    percent := number "%" ["-" number "%"] the best hands by the game's value
    pattern := card+                      ranks, suits, variables, "*", [lists]

Only ASCII letters mean anything: a lookalike (a Cyrillic or fullwidth letter) is refused
with its name and place. Groups and nots nest at most ``MAX_NESTING`` deep, so no text
makes the parser recurse further. Text shaped like a hand but for a mistyped card, and
plain cards a card short of a hand, are refused as hands (``hand_typo``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import CardSpec, Op
from badugi_fast.cards import RANK_CHARS, SUIT_CHARS, SUIT_GLYPHS, parse_card, parse_cards
from badugi_fast.errors import InvalidCards, InvalidCardType, InvalidRange
from badugi_fast.games import GameRule
from badugi_fast.ranges.program import (
    ALL_RANKS,
    ALL_SUITS,
    MAX_DEPTH,
    SUIT_VARIABLES,
    WEIGHTS,
    in_bounds,
)

MAX_NESTING = MAX_DEPTH
"""Groups ``( )`` and nots ``!`` one inside another, at most."""
RANK_VARIABLES = "".join(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in RANK_CHARS)
"""The ASCII capitals that are not ranks: rank variables."""
RANK_LETTERS = RANK_CHARS + RANK_CHARS.lower()
NUMBER = re.compile(r"[0-9.]+(?:e[+-]?[0-9]+)?")
"""A weight's number (``0.5``, ``1e-3``), read by ``float``: the exponent's ``e`` is lower
case, as ``2E3`` is a pattern (a deuce, a rank variable, a trey)."""
PERCENT = re.compile(r"([0-9]+(?:\.[0-9]*)?)%(?:-([0-9]+(?:\.[0-9]*)?)%)?")
"""``15%``, ``5%-10%``: the best hands by the game's value (``Percent``)."""

Macro = Callable[[GameRule, str], Op]
"""The macros' builder: the game and a macro's name (``badugi8``) to its leaf; an unknown
or impossible one raises ``InvalidRange``, which the parser points at the ``$``."""
Percent = Callable[[GameRule, float], Op]
"""The percentages' builder: the game and a share of its hands (0 to 100] to the leaf of
the best hands by the game's value that make up at least that share."""


def rank_order(rule: GameRule) -> tuple[int, ...]:
    """Rank indices (0 = ace .. 12 = king) from lowest to highest as the game's first half
    plays them: the ace low, or high in deuce-to-seven and Badeucey."""
    return tuple(range(13)) if rule.halves[0].hand._ace == 1 else (*range(1, 13), 0)


@dataclass
class _Parser:
    """A recursive-descent parser over ``text``, one method per rule of the grammar;
    ``at`` is the next character, ``order`` the game's ranks from low to high."""

    text: str
    rule: GameRule
    macros: Macro
    percent: Percent
    order: tuple[int, ...]
    at: int = 0
    nested: int = 0

    def fail(self, message: str, at: int | None = None) -> InvalidRange:
        return InvalidRange(message, self.text, self.at if at is None else at)

    def deeper(self, by: int) -> None:
        """Enter (1) or leave (-1) a group or a not; past ``MAX_NESTING``, refuse."""
        self.nested += by
        if self.nested > MAX_NESTING:
            raise self.fail(f"groups and nots nest at most {MAX_NESTING} deep")

    def peek(self) -> str:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1
        return self.text[self.at] if self.at < len(self.text) else ""

    def expect(self, char: str) -> None:
        if self.peek() != char:
            found = repr(self.peek()) if self.peek() else "the end"
            raise self.fail(f"expected {char!r}, found {found}")
        self.at += 1

    # range := part ("," part)*
    def range(self) -> list[Op]:
        program = self.part()
        while self.peek() == ",":
            self.at += 1
            program += self.part()
            program.append(Op(kernels.OR))
        return program

    def part(self) -> list[Op]:
        weight = self.weight()
        program = self.term()
        if weight is not None:
            program.append(Op(kernels.WEIGHT, weight=weight))
        return program

    def weight(self) -> float | None:
        """A ``0.5:`` or ``1e-3:`` prefix: a number with a point or an exponent, then a
        colon (a number without either is a rank: ``2:A``)."""
        self.peek()
        start = self.at
        number = NUMBER.match(self.text, start)
        if number is None or not any(c in number[0] for c in ".e"):
            return None
        end = number.end()
        if self.text[end : end + 1] == "%":
            return None
        rest = end
        while rest < len(self.text) and self.text[rest].isspace():
            rest += 1
        if rest == len(self.text) or self.text[rest] != ":":
            raise self.fail("a weight is a number and a colon, like 0.5:", end)
        try:
            value = float(number[0])
        except ValueError:
            raise self.fail(f"{number[0]!r} is not a number", start) from None
        if not in_bounds(value):
            raise self.fail(f"a weight is {WEIGHTS}, not {number[0]}", start)
        self.at = rest + 1
        return value

    def term(self) -> list[Op]:
        program = self.unary()
        while self.peek() in (":", "!"):
            op = kernels.AND if self.peek() == ":" else kernels.MINUS
            self.at += 1
            program += self.unary()
            program.append(Op(op))
        return program

    def unary(self) -> list[Op]:
        if self.peek() == "!":
            self.deeper(1)
            self.at += 1
            program = [*self.unary(), Op(kernels.NOT)]
            self.deeper(-1)
            return program
        return self.atom()

    def atom(self) -> list[Op]:
        char = self.peek()
        if char == "(":
            self.deeper(1)
            self.at += 1
            program = self.range()
            self.expect(")")
            self.deeper(-1)
            return program
        if char == "$":
            return [self.macro()]
        if not char:
            raise self.fail("expected a range, found the end")
        share = PERCENT.match(self.text, self.at)
        if share:
            return self.shares(share)
        return [Op(kernels.PATTERN, cards=self.pattern())]

    def shares(self, match: re.Match[str]) -> list[Op]:
        """``15%`` or ``5%-10%`` (the best 10% but the best 5%)."""
        start = self.at
        low, high = (None, match[1]) if match[2] is None else (match[1], match[2])
        self.at = match.end()
        try:
            program = [self.percent(self.rule, float(high))]
            if low is not None:
                if float(low) >= float(high):
                    raise InvalidRange(f"{low}%-{high}%: the first share must be the smaller")
                program += [self.percent(self.rule, float(low)), Op(kernels.MINUS)]
        except InvalidRange as error:
            raise self.fail(str(error), start) from None
        return program

    def macro(self) -> Op:
        start = self.at
        end = self.at = start + 1
        while end < len(self.text) and self.text[end].isascii() and self.text[end].isalnum():
            end += 1
        if end < len(self.text) and self.text[end].isalnum() and not self.text[end].isascii():
            raise self.fail(f"{_named(self.text[end])} in a macro's name", end)
        word = self.text[self.at : end]
        self.at = end
        if word.lower() == "draw" and self.text[end : end + 1] == "(":  # $draw(432)
            self.at += 1
            cards = self.pattern()
            self.expect(")")
            if len(cards) >= self.rule.cards:
                raise self.fail(f"a draw keeps at most {self.rule.cards - 1} cards", end + 1)
            return Op(kernels.KEEPS, cards=cards)
        try:
            return self.macros(self.rule, word)
        except InvalidRange as error:
            raise self.fail(str(error), start) from None

    # pattern := card+
    def pattern(self) -> tuple[CardSpec, ...]:
        cards: list[CardSpec] = []
        rank_names: dict[str, int] = {}
        suit_names: dict[str, int] = {}
        ranked: list[bool] = []  # whether each card has a rank part
        suit_at: list[int] = []  # where each card's suit part is
        start = self.at
        while self.peek() and self.peek() not in ",:!()":
            at = self.at
            ranks, rank_var = self.rank_part(rank_names)
            ranked.append(self.at != at)
            suit_at.append(self.at)
            suits, suit_var = self.suit_part(suit_names)
            if self.at == at:
                raise self.fail(
                    f"{_named(self.text[at])} is not a rank, a suit or a range operator"
                )
            cards.append((ranks, suits, rank_var, suit_var))
            if len(cards) > self.rule.cards:
                raise self.fail(
                    f"{len(cards)} cards in a pattern: {self.rule.name} hands have "
                    f"{self.rule.cards}",
                    at,
                )
        if not cards:
            raise self.fail("expected a range", start)
        self.forum_shorthand(cards, ranked, suit_at)
        return tuple(cards)

    def forum_shorthand(self, cards: list[CardSpec], ranked: list[bool], at: list[int]) -> None:
        """Refuse ``A2xx``: forum shorthand for "an ace, a deuce and any two", which this
        syntax (ProPokerTools') reads as a deuce of some suit and another card of it. It
        is a suit variable written twice running after a rank (the second on a card of
        its own), in a pattern with ranks; the message spells each meaning."""
        if not any(ranked):  # suits alone: xxyy, wxyz
            return
        for i in range(1, len(cards)):
            var = cards[i][3]
            if var < 0 or ranked[i] or cards[i - 1][3] != var:
                continue
            end = i
            while end + 1 < len(cards) and cards[end + 1][3] == var and not ranked[end + 1]:
                end += 1
            x, n = self.text[at[i]], end - i + 2
            before, after = self.text[: at[i - 1]], self.text[at[end] + 1 :]
            anything, suited = before + "*" * n + after, before + x + f"*{x}" * (n - 1) + after
            raise self.fail(
                f"{x * n} after a rank: {x} is a suit variable (as in ProPokerTools), not "
                f"any card; for any {n} cards write {anything!r}, for a card and "
                f"{n - 1} more of its suit {suited!r}",
                at[i - 1],
            )

    def rank_part(self, names: dict[str, int]) -> tuple[int, int]:
        char = self.peek()
        if char == "*":
            self.at += 1
            return ALL_RANKS, -1
        if char == "[" and self.bracket_kind() == "ranks":
            return self.rank_list(), -1
        if char and char in RANK_LETTERS and char not in SUIT_CHARS + SUIT_VARIABLES:
            self.at += 1
            return 1 << RANK_CHARS.index(char.upper()), -1
        if char and char in RANK_VARIABLES:
            if char not in names:
                if len(names) == kernels.VARIABLES:
                    raise self.fail(f"more than {kernels.VARIABLES} rank variables")
                names[char] = len(names)
            self.at += 1
            return ALL_RANKS, names[char]
        return ALL_RANKS, -1

    def suit_part(self, names: dict[str, int]) -> tuple[int, int]:
        char = self.peek()
        if char in SUIT_CHARS and char:
            self.at += 1
            return 1 << SUIT_CHARS.index(char), -1
        if char in SUIT_VARIABLES and char:
            names.setdefault(char, len(names))
            self.at += 1
            return ALL_SUITS, names[char]
        if char == "[" and self.bracket_kind() == "suits":
            self.at += 1
            suits = 0
            while self.peek() != "]":
                if not self.peek() or self.peek() not in SUIT_CHARS + ",":
                    raise self.fail("a suit list holds suits s h d c")
                if self.peek() != ",":
                    suits |= 1 << SUIT_CHARS.index(self.peek())
                self.at += 1
            self.at += 1
            return suits, -1
        return ALL_SUITS, -1

    def bracket_kind(self) -> str:
        """Whether the list at ``[`` holds suits or ranks (by its first item)."""
        at = self.at + 1
        while at < len(self.text) and self.text[at] in " ,":
            at += 1
        return "suits" if at < len(self.text) and self.text[at] in SUIT_CHARS else "ranks"

    def rank_list(self) -> int:
        """``[A,2,3]``, ``[2-5]``, ``[8-]``, ``[T+]``: ranks in the game's order."""
        self.at += 1
        ranks = 0
        while self.peek() != "]":
            if not self.peek():
                raise self.fail("a rank list is not closed with ]")
            if self.peek() == ",":
                self.at += 1
                continue
            low = self.one_rank()
            position = self.order.index(low)
            if self.peek() == "-":
                self.at += 1
                if self.peek() in ("]", ","):
                    ranks |= sum(1 << rank for rank in self.order[: position + 1])
                    continue
                other = self.order.index(self.one_rank())
                low_end, high_end = sorted((position, other))
                ranks |= sum(1 << rank for rank in self.order[low_end : high_end + 1])
            elif self.peek() == "+":
                self.at += 1
                ranks |= sum(1 << rank for rank in self.order[position:])
            else:
                ranks |= 1 << low
        self.at += 1
        if not ranks:
            raise self.fail("an empty rank list", self.at - 1)
        return ranks

    def one_rank(self) -> int:
        char = self.peek()
        if not char or char not in RANK_LETTERS:
            raise self.fail(
                f"{_named(char) if char else 'the end'} is not a rank (A K Q J T 9 .. 2)"
            )
        self.at += 1
        return RANK_CHARS.index(char.upper())


def parse(text: str, rule: GameRule, macros: Macro, percent: Percent) -> list[Op]:
    """The postfix program of range text (``InvalidRange`` at the first bad character)."""
    hand_typo(text, rule)
    parser = _Parser(text, rule, macros, percent, rank_order(rule))
    if not parser.peek():
        raise parser.fail("an empty range: write * for every hand", 0)
    program = parser.range()
    if parser.peek():
        raise parser.fail(f"unexpected {parser.peek()!r}")
    return program


def hand_typo(text: str, rule: GameRule) -> None:
    """Refuse text that is a hand mistyped, not a range: plain cards a card short of the
    game's hand (``As 2h 3d`` in Badugi), or the shape of a hand (as many two-character
    tokens as the game deals, each ending in a suit) with a token that starts with a
    letter or digit and is not a card (``Zs 5h 6d 7c``). In parentheses such text is a
    range on purpose; ``As 2h 3d *`` is every hand holding those cards."""
    try:
        cards = parse_cards(text)
    except (InvalidCards, InvalidCardType):
        cards = ()
    if len(cards) == rule.cards - 1:
        raise InvalidRange(
            f"{text.strip()!r} is {len(cards)} cards, a {rule.name} hand a card short; "
            f"for every hand holding them write {text.strip() + ' *'!r}"
        )
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1 and len(tokens[0]) == 2 * rule.cards:
        tokens = [tokens[0][i : i + 2] for i in range(0, len(tokens[0]), 2)]
    suits = SUIT_CHARS + SUIT_CHARS.upper() + SUIT_GLYPHS
    if len(tokens) != rule.cards or not all(len(t) == 2 and t[1] in suits for t in tokens):
        return
    for token in tokens:
        if token[0].isalnum():
            try:
                parse_card(token)
            except (InvalidCards, InvalidCardType) as error:
                raise InvalidRange(
                    f"{text.strip()!r} reads as a {rule.name} hand, and {error}; to mean a "
                    f"range of that shape, write it in parentheses: ({text.strip()})",
                    text,
                    text.index(token),
                ) from None


def _named(char: str) -> str:
    """A character for a message: quoted; one that is not ASCII (a Cyrillic A looks like
    the rank A) with its Unicode name, and what the letters of the syntax are."""
    if char.isascii():
        return repr(char)
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    return f"{char!r} ({name}; only ASCII letters are ranks, suits and variables)"
