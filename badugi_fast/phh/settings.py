"""The engine settings a hand history stands for, and the fields that carry them.

PHH player ``p1`` sits left of the button and ``pN`` on it. With a ``seats`` field each
player takes the engine seat of its seat number's rank (seats 3, 5, 8 are engine seats 0,
1, 2), so a hand keeps its seats through a round trip; without one ``p1`` is engine seat 0
and the button the last seat. The blinds are the first two entries of
``blinds_or_straddles`` (heads-up the specification reverses them: the button, ``p2``,
posts the small blind, as in the engine). ``FB``/``F2L3D`` are played under PokerKit's
fixed limit (``BettingRules.phh_fixed_limit``: its cap and conventions); the ``X``
extension codes carry the engine's own settings in ``_``-prefixed fields (docs/rules.md,
"Hand histories").
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from badugi_fast.engine import BettingRules
from badugi_fast.errors import BadugiError, InvalidHistory
from badugi_fast.games import GAMES
from badugi_fast.phh.history import HandHistory, Number
from badugi_fast.phh.variants import Variant

DEFAULT_MAX_RAISES = 3
"""The engine's own cap (a bet and three raises) where an ``X`` code gives none."""
EXTENSION_FIELDS = (
    "_max_raises",
    "_cap_heads_up",
    "_big_bet_from",
    "_conventions",
    "_badeucey_aces_low",
    "_odd_unit_to",
    "_qualifier",
    "_dead_money",
    "_missed_blinds",
    "_runs",
    "_run_starts",
    "_free_folds",
    "_bet_ladder",
)
"""The user fields an ``X``-coded history sets the engine with (absent: engine default)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the engine needs to start the hand a history records."""

    variant: Variant
    stacks: tuple[int, ...]
    seats: tuple[int, ...]
    blinds: tuple[int, int]
    no_small_blind: bool
    """The big blind alone, from ``p1`` (``blinds_or_straddles`` ``[big, 0, ...]``)."""
    antes: int
    big_blind_ante: bool
    small_bet: int
    big_bet: int
    max_raises: int | None
    cap_heads_up: bool
    big_bet_from: int | None
    conventions: str
    badeucey_aces_low: bool
    odd_unit_to: str
    qualifier: int | str | None
    dead_money: int
    missed_blinds: dict[int, tuple[int, int]]
    runs: int
    run_starts: tuple[int, ...]
    """The action line each run of a hand run more than once begins on (none: not split)."""
    free_folds: bool
    bet_ladder: bool

    def engine_options(self) -> dict[str, Any]:
        """Keyword arguments for ``HandState`` (manual dealer, each player on its engine
        seat, the button the last player's, showdown lines decide who shows and who mucks)."""
        stacks = [0] * len(self.stacks)
        for player, seat in enumerate(self.seats):
            stacks[seat] = self.stacks[player]
        return {
            "game": self.variant.game,
            "betting": self.variant.structure,
            "stacks": tuple(stacks),
            "button": self.seats[-1],
            "blinds": self.blinds,
            "no_small_blind": self.no_small_blind,
            "antes": self.antes,
            "big_blind_ante": self.big_blind_ante,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "max_raises": self.max_raises,
            "cap_heads_up": self.cap_heads_up,
            "big_bet_from": self.big_bet_from,
            "conventions": self.conventions,
            "dealer": "manual",
            "badeucey_aces_low": self.badeucey_aces_low,
            "odd_unit_to": self.odd_unit_to,
            "qualifier": self.qualifier,
            "mucking": True,
            "dead_money": self.dead_money,
            "missed_blinds": {
                self.seats[player]: posts for player, posts in self.missed_blinds.items()
            },
            "runs": self.runs,
            "free_folds": self.free_folds,
            "bet_ladder": self.bet_ladder,
        }


def chips(value: Number | Decimal, what: str) -> int:
    """A whole number of chips; the engine plays integer chips, so anything else is refused."""
    if isinstance(value, bool) or (isinstance(value, float) and not math.isfinite(value)):
        raise InvalidHistory(f"{what}: {value!r} is not a number of chips")
    if value != int(value):
        raise InvalidHistory(f"{what}: {value} is not a whole number of chips")
    return int(value)


def settings(history: HandHistory) -> Settings:
    """The engine settings of a history; InvalidHistory names a field the engine cannot play."""
    variant = history.code
    n = history.player_count
    if n < 2:
        raise InvalidHistory(f"field 'starting_stacks': a hand needs 2 players or more, got {n}")
    stacks = tuple(chips(stack, "field 'starting_stacks'") for stack in history.starting_stacks)
    antes, big_blind_ante = _antes(history)
    blinds = tuple(
        chips(blind, "field 'blinds_or_straddles'") for blind in history.blinds_or_straddles or ()
    )
    if any(blinds[2:]):
        raise InvalidHistory("field 'blinds_or_straddles': the engine plays no straddles")
    no_small_blind = n > 2 and blinds[0] > 0 and blinds[1] == 0  # p1's big blind alone
    if no_small_blind:
        blinds = (0, blinds[0])
    if variant.structure == "fixed-limit":
        small_bet = chips(history.small_bet or 0, "field 'small_bet'")
        big_bet = chips(history.big_bet or 0, "field 'big_bet'")
    else:
        small_bet = big_bet = chips(history.min_bet or 0, "field 'min_bet'")
    extra = {name: history.user_fields.get(name) for name in EXTENSION_FIELDS}
    if variant.standard:
        for name in EXTENSION_FIELDS:
            if name in history.user_fields:
                warnings.warn(
                    f"field {name!r} is not read under {history.variant}, the specification's"
                    f" code: only an X code (X{history.variant}) carries the engine's settings",
                    stacklevel=3,
                )
        try:
            pokerkit = BettingRules.phh_fixed_limit(small_bet, big_bet)
        except BadugiError as error:  # the X codes' sizes are refused by the engine, so alike
            raise InvalidHistory(f"the hand's settings: {error}") from None
        extra = dict.fromkeys(EXTENSION_FIELDS)
        extra["_max_raises"], extra["_cap_heads_up"] = pokerkit.max_raises, pokerkit.cap_heads_up
        extra["_conventions"] = pokerkit.conventions
    return Settings(
        variant=variant,
        stacks=stacks,
        seats=engine_seats(history),
        blinds=(blinds[0], blinds[1]),
        no_small_blind=no_small_blind,
        antes=antes,
        big_blind_ante=big_blind_ante,
        small_bet=small_bet,
        big_bet=big_bet,
        max_raises=_max_raises(extra["_max_raises"]),
        cap_heads_up=_typed("_cap_heads_up", extra["_cap_heads_up"], bool, False),
        big_bet_from=_big_bet_from(extra["_big_bet_from"], variant),
        conventions=_typed("_conventions", extra["_conventions"], str, "card-room"),
        badeucey_aces_low=_typed("_badeucey_aces_low", extra["_badeucey_aces_low"], bool, False),
        odd_unit_to=_typed("_odd_unit_to", extra["_odd_unit_to"], str, "badugi"),
        qualifier=_qualifier(extra["_qualifier"]),
        dead_money=_dead_money(extra["_dead_money"]),
        missed_blinds=_missed_blinds(extra["_missed_blinds"], n),
        runs=_typed("_runs", extra["_runs"], int, 1),
        run_starts=_run_starts(extra["_run_starts"]),
        free_folds=_typed("_free_folds", extra["_free_folds"], bool, False),
        bet_ladder=_typed("_bet_ladder", extra["_bet_ladder"], bool, False),
    )


def engine_seats(history: HandHistory) -> tuple[int, ...]:
    """The engine seat of each player: the rank of its ``seats`` number, or without that
    field ``p1`` at seat 0 on. Seat numbers run clockwise, so from ``p1`` (left of the
    button) they rise and wrap at most once; InvalidHistory names any other order, and a
    ``seat_count`` too small for the players or their seat numbers."""
    n = history.player_count
    if history.seat_count is not None and history.seat_count < n:
        raise InvalidHistory(f"field 'seat_count': {history.seat_count} seats for {n} players")
    if history.seats is None:
        return tuple(range(n))
    numbers = history.seats
    if len(set(numbers)) != n or min(numbers) < 1:
        raise InvalidHistory(f"field 'seats': {list(numbers)} are not {n} different seats from 1")
    if history.seat_count is not None and max(numbers) > history.seat_count:
        raise InvalidHistory(
            f"field 'seats': seat {max(numbers)} at a table of {history.seat_count} seats"
        )
    ranks = sorted(numbers)
    seats = tuple(ranks.index(number) for number in numbers)
    if any(seats[(player + 1) % n] != (seats[player] + 1) % n for player in range(n)):
        raise InvalidHistory(
            f"field 'seats': {list(numbers)} is not clockwise from p1, left of the button, "
            "to the button: seat numbers rise from p1 and wrap around at most once"
        )
    return seats


def _antes(history: HandHistory) -> tuple[int, bool]:
    """The ante and whether the big blind alone posts it: its ante is the second entry,
    as its blind is, even heads-up, where the big blind is ``p1`` (as PokerKit reads it)."""
    antes = [chips(ante, "field 'antes'") for ante in history.antes]
    if len(set(antes)) == 1:
        return antes[0], False
    if not any(antes[:1] + antes[2:]):
        return antes[1], True
    raise InvalidHistory(
        "field 'antes': the engine plays equal antes for every player, or the big blind's alone"
    )


def _max_raises(value: object) -> int | None:
    """``_max_raises``: an int, ``inf`` for no cap, absent for the engine's default."""
    if value is None:
        return DEFAULT_MAX_RAISES
    if isinstance(value, float) and math.isinf(value) and value > 0:
        return None
    checked: int = _typed("_max_raises", value, int, DEFAULT_MAX_RAISES)
    return checked


def _big_bet_from(value: object, code: Variant) -> int | None:
    """``_big_bet_from``: a betting round of the variant's game (absent: the game's own)."""
    first: int | None = _typed("_big_bet_from", value, int, None)
    rounds = GAMES[code.game].rounds
    if first is not None and not 0 <= first <= rounds:
        raise InvalidHistory(
            f"field '_big_bet_from': must be 0..{rounds} for {code.game} ({rounds} betting "
            f"rounds; {rounds}: none with the big bet), not {first}"
        )
    return first


def _dead_money(value: object) -> int:
    """``_dead_money``: chips, read as every amount of a file is (absent: none)."""
    if value is None:
        return 0
    if not isinstance(value, int | float):
        raise InvalidHistory(f"field '_dead_money': expected a number, got {value!r}")
    return chips(value, "field '_dead_money'")


def _missed_blinds(value: object, players: int) -> dict[int, tuple[int, int]]:
    """``_missed_blinds``: one ``[live, dead]`` pair of chips per player (absent: none), as
    the posts of the players who post any, by player index (``engine_options`` seats them)."""
    if value is None:
        return {}
    if not isinstance(value, list) or len(value) != players:
        raise InvalidHistory(
            f"field '_missed_blinds': expected one [live, dead] pair per player, got {value!r:.80}"
        )
    missed = {}
    for player, posts in enumerate(value):
        if not isinstance(posts, list) or len(posts) != 2:
            raise InvalidHistory(
                f"field '_missed_blinds': p{player + 1} posts {posts!r:.40}, not [live, dead]"
            )
        live, dead = (chips(amount, "field '_missed_blinds'") for amount in posts)
        if live or dead:
            missed[player] = (live, dead)
    return missed


def _run_starts(value: object) -> tuple[int, ...]:
    """``_run_starts``: the action index each run begins on, rising (absent: not split)."""
    if value is None:
        return ()
    if (
        not isinstance(value, list)
        or not all(type(index) is int and index >= 0 for index in value)
        or value != sorted(set(value))
    ):
        raise InvalidHistory(
            f"field '_run_starts': expected rising action indexes, got {value!r:.80}"
        )
    return tuple(value)


def _qualifier(value: object) -> int | str | None:
    if value is None or (isinstance(value, int | str) and not isinstance(value, bool)):
        return value
    raise InvalidHistory(f"field '_qualifier': expected a rank or cards, got {value!r}")


def _typed(name: str, value: object, kind: type[Any], default: Any) -> Any:
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidHistory(f"field {name!r}: expected {kind.__name__}, got {value!r}")
    return value
