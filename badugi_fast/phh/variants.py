"""PHH variant codes: the three the specification defines and this project's extension codes.

``FB`` (fixed-limit Badugi), ``F2L3D`` (fixed-limit deuce-to-seven triple draw) and
``N2L1D`` (no-limit deuce-to-seven single draw) are the specification's (played under
PokerKit's conventions, the fixed-limit ones under its fixed limit,
``BettingRules.phh_fixed_limit``). Every other game and betting structure this engine deals
gets an extension code starting with ``X``, so it can never be mistaken for a future code
of the specification (docs/rules.md, "Hand histories").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from badugi_fast.errors import InvalidHistory
from badugi_fast.games import Game

Structure = Literal["fixed-limit", "pot-limit", "no-limit", "half-pot-limit"]
"""How bets are sized."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A variant code: the game and betting structure it stands for, and its fields.

    ``standard`` is True for codes of the PHH specification. ``bet_fields`` are the
    bet-size fields the code requires (``small_bet``/``big_bet`` or ``min_bet``).
    """

    code: str
    game: Game
    structure: Structure
    standard: bool

    @property
    def bet_fields(self) -> tuple[str, ...]:
        """The bet-size fields a history of this variant must give."""
        return ("small_bet", "big_bet") if self.structure == "fixed-limit" else ("min_bet",)


_GAME_LETTERS: dict[Game, str] = {
    "badugi": "B",
    "badacey": "BA",
    "badeucey": "BE",
    "deuce-seven-triple-draw": "2L3D",
    "ace-five-triple-draw": "A5L3D",
    "deuce-seven-single-draw": "2L1D",
    "ace-five-single-draw": "A5L1D",
}
"""The game part of a code: ``F`` + ``B`` is fixed-limit Badugi, as in the specification."""
_STRUCTURE_LETTERS: dict[Structure, str] = {
    "fixed-limit": "F",
    "pot-limit": "P",
    "no-limit": "N",
    "half-pot-limit": "H",
}
"""The structure part of a code: the specification's ``F``, ``P``, ``N``; ``H`` (half-pot
limit) is this project's, in ``X`` codes only."""
_STANDARD = {"FB", "F2L3D", "N2L1D"}


def _table() -> dict[str, Variant]:
    table: dict[str, Variant] = {}
    for game, game_letters in _GAME_LETTERS.items():
        for structure, structure_letter in _STRUCTURE_LETTERS.items():
            code = structure_letter + game_letters
            if code in _STANDARD:
                table[code] = Variant(code, game, structure, True)
            table["X" + code] = Variant("X" + code, game, structure, False)
    return table


VARIANTS: dict[str, Variant] = _table()
"""Every code this library reads and writes: ``FB``, ``F2L3D``, ``N2L1D`` and the ``X``
extension codes.

``XFB`` and ``XF2L3D`` are the fixed-limit games under raise caps other than the
specification's (given by the ``_max_raises`` and ``_cap_heads_up`` fields).
"""


def variant(code: object) -> Variant:
    """The variant of a code; an unknown code raises InvalidHistory listing the known ones."""
    found = VARIANTS.get(code) if isinstance(code, str) else None
    if found is None:
        raise InvalidHistory(
            f"field 'variant': {code!r} is not a variant this library plays "
            f"(one of {', '.join(VARIANTS)})"
        )
    return found


def code_for(game: Game, structure: Structure, *, standard: bool) -> str:
    """The code of a game and betting structure: the specification's when ``standard``."""
    code = _STRUCTURE_LETTERS[structure] + _GAME_LETTERS[game]
    return code if standard and code in _STANDARD else "X" + code
