"""Betting structures and the settings of one hand, checked once when a hand is created.

docs/rules.md, "How a hand is played": fixed-limit bet sizes (small-small-big-big by
default), the raise cap and its heads-up exception, the big-bet structures' minimum bets
(pot limit, half-pot limit, no limit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from badugi_fast.checks import check_bool, check_choice, check_int
from badugi_fast.errors import InvalidOption
from badugi_fast.games import GAMES, GameRule

Betting = Literal["fixed-limit", "pot-limit", "no-limit", "half-pot-limit"]
"""The betting structures the engine deals."""

BETTINGS: tuple[Betting, ...] = ("fixed-limit", "pot-limit", "no-limit", "half-pot-limit")
Conventions = Literal["card-room", "pokerkit"]
"""The betting conventions where card rooms and PokerKit differ (docs/rules.md, "Betting in
FB and F2L3D"): what counts towards the cap, what a short big blind sets the bet to, what an
all-in for less reopens and the size of the raise after it."""
CONVENTIONS: tuple[Conventions, ...] = ("card-room", "pokerkit")
MIN_SEATS = 2
MAX_SEATS = 8
MAX_ROUNDS = 4
"""The most betting rounds a game has (triple draw: before the first draw and after each);
a game's own count is ``GameRule.rounds``."""

MAX_CHIPS = 2**53
"""The most chips a table may hold, and so the largest stack, blind, ante or bet: the C hand
counts chips in 64-bit integers, and this leaves room for any sum of them."""
MAX_RAISES = 2**31 - 2
"""The largest ``max_raises``: the C hand counts a round's bets (the bet and its raises) in
32 bits. No round reaches it; ``max_raises=None`` is the way to say no cap."""
FIXED, POT, NO_LIMIT, HALF_POT = 0, 1, 2, 3
"""Small-int codes of the structures (BADUGI_STRUCTURE_*), for the hot paths."""


@dataclass(frozen=True, slots=True)
class BettingRules:
    """How much may be bet: the structure and its sizes.

    ``small_bet``/``big_bet`` are the fixed-limit bet sizes; in the big-bet structures (pot
    limit, half-pot limit, no limit) ``small_bet`` is the smallest opening bet (the big blind by
    default) and ``big_bet`` is unused. ``max_raises`` is the number of raises allowed after the
    bet in one fixed-limit round (None: no cap); the cap is lifted when only two players remain
    unless ``cap_heads_up``. ``big_bet_from`` is the first betting round (0-based) played with
    the big bet: in triple draw 2 is small-small-big-big, 1 is small-big-big-big; None (the
    default) is the game's own (``GameRule.big_bet_from``: the later half of its rounds), which
    a hand's rules (``HandState.rules``) then hold. ``conventions``: the card rooms'
    (docs/rules.md) or PokerKit's, under which ``max_raises`` counts the raises after a player's
    first bet, every all-in for less included, so 3 is PokerKit's four bets and raises by
    players a round (the big blind not counted). ``bet_ladder`` (card rooms' conventions,
    fixed limit, as PokerStars plays): the raise after an all-in for less completes the bet
    to the next rung of the round's ladder of whole bets, not a bet above the all-in
    (docs/rules.md, "Betting rounds").
    """

    structure: Betting = "fixed-limit"
    small_bet: int = 2
    big_bet: int = 4
    max_raises: int | None = 3
    cap_heads_up: bool = False
    big_bet_from: int | None = None
    conventions: Conventions = "card-room"
    bet_ladder: bool = False

    def __post_init__(self) -> None:
        check_choice("betting", self.structure, BETTINGS)
        # each size held as the int it was checked as (a numpy integer given is converted)
        object.__setattr__(self, "small_bet", check_int("small_bet", self.small_bet, 1, MAX_CHIPS))
        object.__setattr__(self, "big_bet", check_int("big_bet", self.big_bet, 1, MAX_CHIPS))
        if self.max_raises is not None:
            raises = check_int("max_raises", self.max_raises, 0, MAX_RAISES)
            object.__setattr__(self, "max_raises", raises)
        check_bool("cap_heads_up", self.cap_heads_up)
        if self.big_bet_from is not None:
            start = check_int("big_bet_from", self.big_bet_from, 0, MAX_ROUNDS)
            object.__setattr__(self, "big_bet_from", start)
        check_choice("conventions", self.conventions, CONVENTIONS)
        check_bool("bet_ladder", self.bet_ladder)
        if self.bet_ladder and self.conventions == "pokerkit":
            raise InvalidOption(
                "bet_ladder is a card-room convention: PokerKit's conventions size the raise"
                " after an all-in for less their own way"
            )

    @classmethod
    def phh_fixed_limit(cls, small_bet: int, big_bet: int) -> BettingRules:
        """PokerKit's fixed limit, the rules its PHH ``FB`` and ``F2L3D`` hands are played
        under: four bets and raises by players a round (before the draws the big blind and
        four raises, after them a bet and three raises), all-ins for less counted, capped
        even heads-up, with PokerKit's conventions after an all-in for less."""
        return cls(
            "fixed-limit",
            small_bet,
            big_bet,
            max_raises=3,
            cap_heads_up=True,
            conventions="pokerkit",
        )

    @property
    def conventions_code(self) -> int:
        """The C hand's code of the conventions (BADUGI_CONVENTIONS_*)."""
        return CONVENTIONS.index(self.conventions)

    @property
    def code(self) -> int:
        """FIXED, POT, NO_LIMIT or HALF_POT."""
        return BETTINGS.index(self.structure)

    def bet_size(self, betting_round: int, game: GameRule = GAMES["badugi"]) -> int:
        """The fixed-limit bet of a round of ``game`` (by default a triple-draw game), or
        the smallest opening bet in big-bet games."""
        start = game.big_bet_from if self.big_bet_from is None else self.big_bet_from
        if self.structure == "fixed-limit" and betting_round >= start:
            return self.big_bet
        return self.small_bet
