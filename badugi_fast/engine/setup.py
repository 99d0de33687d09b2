"""The fixed settings of one hand, checked once: game, seats, blinds, antes, betting, seed.

Tables and simulations deal thousands of hands with the same settings, so a checked
setup is cached by its options (when they are hashable).

docs/rules.md, "How a hand is played". Bad options raise InvalidSettlement (a bad value)
or InvalidOptionType (a wrong type) naming the option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import badugi_fast
from badugi_fast.checks import check_int, check_seat
from badugi_fast.engine.order import blind_seats, from_left_of_button
from badugi_fast.engine.rules import (
    FIXED,
    MAX_CHIPS,
    MAX_SEATS,
    MIN_SEATS,
    ROUNDS,
    Betting,
    BettingRules,
)
from badugi_fast.errors import BadugiError, InvalidOptionType, InvalidSettlement
from badugi_fast.games import GameRule, game_rule
from badugi_fast.showdown import qualifier_rank

_SEED_BITS = 63
MAX_SEED_BITS = 64
"""Seeds run 0..2**64-1: a table adds its hand count to its seed, simulate() spawns 64 bits."""


class HandSetup:
    """What does not change during a hand; shared (not copied) by HandState.copy()."""

    __slots__ = (
        "antes",
        "blind_seats",
        "blinds",
        "button",
        "cap",
        "code",
        "lift_cap_heads_up",
        "manual",
        "mucking",
        "n",
        "order",
        "others",
        "ring",
        "rule",
        "rules",
        "settle",
        "sizes",
        "template",
        "to_draw",
        "worst",
    )

    def __init__(
        self,
        rule: GameRule,
        n: int,
        button: int,
        blinds: tuple[int, int],
        antes: int,
        rules: BettingRules,
        manual: bool,
        settle: dict[str, Any],
        worst: int | None,
        mucking: bool,
    ) -> None:
        self.rule = rule
        self.n = n
        self.button = button
        self.blinds = blinds
        self.antes = antes
        self.rules = rules
        self.code = rules.code
        fixed_cap = rules.code == FIXED and rules.max_raises is not None
        self.cap = 1 + rules.max_raises if fixed_cap and rules.max_raises is not None else None
        self.lift_cap_heads_up = not rules.cap_heads_up
        self.manual = manual
        self.mucking = mucking
        self.settle = settle  # settle()'s options, as given
        self.worst = worst  # the qualifier as a raw rank
        self.template: bytes | None = None  # engine.core: the C hand every hand starts from
        self.sizes = tuple(rules.bet_size(street) for street in range(ROUNDS))
        self.order = from_left_of_button(n, button)
        self.blind_seats = blind_seats(n, button)
        self.ring = tuple(from_left_of_button(n, seat) for seat in range(n))
        """``ring[seat]``: every seat clockwise after ``seat``, ending with ``seat`` itself."""
        self.others = tuple(seats[:-1] for seats in self.ring)
        """``others[seat]``: every other seat, clockwise from ``seat``."""
        self.to_draw = tuple(seats[: seats.index(button) + 1] for seats in self.ring)
        """``to_draw[seat]``: who throws after ``seat`` in a draw (the button throws last);
        ``to_draw[button]`` is everyone, the order of a draw from its start."""

    def seat(self, seat: object) -> int:
        """A seat number checked against the table."""
        return check_seat("seat", seat, self.n)


def check_seed(seed: int | None) -> int:
    """The seed, or a fresh random one."""
    if seed is None:
        return random.SystemRandom().getrandbits(_SEED_BITS)
    seed = check_int("seed", seed, 0)
    if seed.bit_length() > MAX_SEED_BITS:
        raise InvalidSettlement(f"seed must be below 2**{MAX_SEED_BITS}")
    return seed


@lru_cache(maxsize=256)
def _cached_setup(
    game: str,
    betting: Betting | BettingRules,
    n: int,
    button: int,
    blinds: tuple[int, int],
    antes: int,
    small_bet: int | None,
    big_bet: int | None,
    max_raises: int | None,
    cap_heads_up: bool,
    big_bet_from: int,
    dealer: str,
    badeucey_aces_low: bool,
    odd_unit_to: str,
    qualifier: object,
    mucking: bool,
) -> HandSetup:
    rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
    check_seat("button", button, n)
    small, big = _check_blinds(blinds)
    check_int("antes", antes, 0, MAX_CHIPS)
    if isinstance(betting, BettingRules):
        if small_bet is not None or big_bet is not None:
            raise InvalidOptionType("give the bet sizes in the BettingRules, not separately")
        rules = betting
    else:
        if small_bet is None:
            if big == 0:
                raise InvalidSettlement("small_bet is needed when there is no big blind")
            small_bet = big
        big_bet = big_bet if big_bet is not None else 2 * check_int("small_bet", small_bet, 1)
        rules = BettingRules(betting, small_bet, big_bet, max_raises, cap_heads_up, big_bet_from)
    if dealer not in ("auto", "manual"):
        raise InvalidSettlement(f"dealer must be 'auto' or 'manual', not {dealer!r}")
    if type(mucking) is not bool:
        raise InvalidOptionType(f"mucking must be True or False, not {mucking!r}")
    settle: dict[str, Any] = {"odd_unit_to": odd_unit_to, "qualifier": qualifier}
    if badeucey_aces_low:
        settle["badeucey_aces_low"] = True
    seats = [badugi_fast.Seat(1), badugi_fast.Seat(1, folded=True)]
    badugi_fast.settle(seats, game=rule.name, **settle)  # settle() names any bad option now
    worst = None if qualifier is None else qualifier_rank(qualifier, rule)  # type: ignore[arg-type]
    manual = dealer == "manual"
    return HandSetup(rule, n, button, (small, big), antes, rules, manual, settle, worst, mucking)


def make_setup(*options: Any) -> HandSetup:
    """Check every option of a hand (but the stacks and the seed) and bundle them; the
    options are HandState's, in its order, from ``game`` to ``mucking``."""
    try:
        return _cached_setup(*options)
    except TypeError as error:
        if "unhashable" in str(error):  # a list where a tuple will do (blinds, qualifier)
            return make_setup(*(tuple(o) if type(o) is list else o for o in options))
        if isinstance(error, BadugiError):
            raise
        raise InvalidOptionType(f"a hand option has a type it cannot have: {error}") from None


def check_stacks(stacks: Sequence[int]) -> int:
    """The number of seats, after checking every stack is a positive int and the table
    holds at most MAX_CHIPS."""
    if not isinstance(stacks, Sequence):
        raise InvalidOptionType(f"stacks must be a list of ints, not {type(stacks).__name__}")
    n = len(stacks)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise InvalidSettlement(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats, got {n}")
    for seat, stack in enumerate(stacks):
        if type(stack) is not int or not 1 <= stack <= MAX_CHIPS:
            check_int(f"seat {seat}: stack", stack, 1, MAX_CHIPS)
    if sum(stacks) > MAX_CHIPS:
        raise InvalidSettlement(f"stacks: the table holds over {MAX_CHIPS} chips (2**53)")
    return n


def _check_blinds(blinds: object) -> tuple[int, int]:
    """(small, big), two ints with 0 <= small <= big (both 0: no blinds)."""
    if not isinstance(blinds, tuple | list) or len(blinds) != 2:
        raise InvalidOptionType(f"blinds must be (small, big), not {blinds!r}")
    small = check_int("small blind", blinds[0], 0, MAX_CHIPS)
    big = check_int("big blind", blinds[1], 0, MAX_CHIPS)
    if small > big or (small and not big):
        raise InvalidSettlement(f"the small blind {small} must not exceed the big blind {big}")
    return small, big
