"""The fixed settings of one hand, checked once: game, seats, blinds, antes, betting, seed.

Tables and simulations deal thousands of hands with the same settings, so a checked setup
is cached by its options and their types (see :func:`make_setup`).

docs/rules.md, "How a hand is played". A bad option raises InvalidOption (a bad value) or
InvalidOptionType (a wrong type) naming the option.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any, Literal, SupportsIndex

from badugi_fast._binding.hand import MAX_RUNS, SHUFFLE_CODES, hand_template
from badugi_fast.checks import as_int, check_int, check_list, check_seat, shown
from badugi_fast.engine.order import blind_seats, from_left_of_button
from badugi_fast.engine.rules import (
    FIXED,
    MAX_CHIPS,
    MAX_ROUNDS,
    MAX_SEATS,
    MIN_SEATS,
    BettingRules,
)
from badugi_fast.errors import BadugiError, InvalidOption, InvalidOptionType
from badugi_fast.games import GameRule
from badugi_fast.showdown import settle_options

_SEED_BITS = 63
MAX_SEED_BITS = 64
"""Seeds run 0..2**64-1: a table adds its hand count to its seed; simulate() draws 64-bit seeds."""
GAME_CAP = "game"
"""``max_raises="game"`` and ``cap_heads_up="game"`` (HandState's defaults): the game's own
cap (``GameRule.max_raises``, three raises in every full game) and whether it holds heads-up
(``GameRule.cap_heads_up``: lifted in the full games, held in the small ones)."""
DEALERS = ("auto", "manual")
"""Who deals: the engine from the seed or a given deck, or the caller through deal()."""
Shuffle = Literal["shake128", "chacha20"]
"""How a seed orders the deck (docs/rules.md, "The deal"): SHAKE-128 sort keys
(the default, every earlier version's deal), or Fisher-Yates on ChaCha20's keystream."""
SHUFFLES: tuple[Shuffle, ...] = ("shake128", "chacha20")
"""The names ``shuffle`` takes."""


class HandSetup:
    """What does not change during a hand; shared (not copied) by HandState.copy()."""

    __slots__ = (
        "antes",
        "big_blind_ante",
        "blinds",
        "button",
        "code",
        "free_folds",
        "manual",
        "max_bets",
        "mucking",
        "n",
        "no_small_blind",
        "order",
        "rule",
        "rules",
        "runs",
        "settle",
        "shuffle",
        "sizes",
        "template",
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
        big_blind_ante: bool,
        runs: int,
        free_folds: bool,
        no_small_blind: bool,
        shuffle: Shuffle,
    ) -> None:
        self.rule = rule
        self.n = n
        self.button = button
        self.blinds = blinds
        self.antes = antes
        self.big_blind_ante = big_blind_ante
        """Whether the big blind alone posts ``antes``, dead in the main pot."""
        self.runs = runs
        """Times the draws left are run when nobody can bet before a draw (1: once)."""
        self.free_folds = free_folds
        """Whether a seat may fold with nothing to call, and a seat all in fold out of turn."""
        self.no_small_blind = no_small_blind
        """Whether the small blind's seat is empty: the big blind is left of the button."""
        self.shuffle = shuffle
        """How the seed orders the deck: a name in SHUFFLES."""
        self.rules = rules
        self.code = rules.code
        capped = rules.code == FIXED and rules.max_raises is not None
        self.max_bets = 1 + rules.max_raises if capped and rules.max_raises is not None else None
        """The most bets (the bet and its raises) in a fixed-limit round, None for no cap."""
        self.manual = manual
        self.mucking = mucking
        self.settle = settle
        """settle()'s options as given: ``odd_unit_to``, ``qualifier``, and
        ``badeucey_aces_low`` when it is set."""
        self.worst = worst
        """The qualifier as a raw rank (None: no qualifier)."""
        self.sizes = tuple(rules.bet_size(street) for street in range(MAX_ROUNDS))
        """Each betting round's bet, filled to MAX_ROUNDS (the C hand reads the game's)."""
        self.order = from_left_of_button(n, button)
        self.template = hand_template(
            n,
            button,
            rule,
            worst,
            settle["odd_unit_to"],
            self.code,
            self.max_bets,
            rules.cap_heads_up,
            rules.conventions_code,
            manual,
            mucking,
            self.sizes,
            blinds,
            antes,
            big_blind_ante,
            runs,
            free_folds,
            rules.bet_ladder,
            no_small_blind,
            SHUFFLE_CODES[shuffle],
        )
        """The C hand every hand of this setup starts from."""

    @property
    def badeucey_aces_low(self) -> bool:
        """Whether Badeucey's Badugi half plays aces low (a settlement option)."""
        return bool(self.settle.get("badeucey_aces_low", False))

    def seat(self, seat: object) -> int:
        """A seat number checked against the table."""
        return check_seat("seat", seat, self.n)


def check_seed(seed: SupportsIndex | None) -> int:
    """The seed (any integer but a bool, numpy's too, as an int), or a fresh random one."""
    if seed is None:
        return random.SystemRandom().getrandbits(_SEED_BITS)
    seed = check_int("seed", seed, 0)
    if seed.bit_length() > MAX_SEED_BITS:
        raise InvalidOption(f"seed must be below 2**{MAX_SEED_BITS}")
    return seed


SETUP_OPTIONS = 23
"""How many options make_setup takes (a pickled hand holds them)."""
_BLINDS, _QUALIFIER = 4, 14
"""Where ``blinds`` and ``qualifier``, the options that may hold other values, come."""


def make_setup(*options: Any) -> tuple[HandSetup, tuple[Any, ...]]:
    """Check every option of a hand (but the stacks, the seed and the deck) and bundle them;
    the options are HandState's, in its order, from ``game`` to ``mucking``, then
    ``conventions``, ``big_blind_ante``, ``runs``, ``free_folds``, ``no_small_blind``,
    ``bet_ladder`` and ``shuffle``. Returns the setup and the options as
    the hand keeps them (:func:`plain_options`: numpy integers as ints), cached with it.

    The cache is keyed by the options, their types and the types inside ``blinds`` and
    ``qualifier``, so an option equal to a good one (``0.0`` to ``0``, ``(1.0, 2.0)`` to
    ``(1, 2)``) is checked, never taken from the cache. A list where a tuple will do
    (``blinds=[1, 2]``) is cached as that tuple; options that still cannot be hashed (a
    set or an array of qualifier cards) are checked every time.
    """
    cached = _from_cache(options)
    if cached is not None:
        return cached
    try:
        cached = _from_cache(tuple(tuple(o) if type(o) is list else o for o in options))
    except BadugiError:  # refused: checked as given, so the error names a list, not a tuple
        cached = None
    setup = _check_setup(*options) if cached is None else cached[0]
    return setup, plain_options(options)  # the lists kept as lists


def plain_options(options: tuple[Any, ...]) -> tuple[Any, ...]:
    """The options with every numpy integer in them (an option, or an item of a tuple or
    list option: the blinds, the qualifier's cards) as an int (:func:`as_int`), so none
    reaches the cache, the hand or its pickle; anything else as given, for its check."""
    return tuple(
        type(option)(map(_plain, option)) if type(option) in _SEQUENCES else _plain(option)
        for option in options
    )


_AS_GIVEN = frozenset((int, str, float, bool, type(None)))
"""The types of most options, which :func:`_plain` passes on without a look."""
_SEQUENCES = frozenset((tuple, list))


def _plain(value: object) -> object:
    """``value`` as an int if it is an integer but not an int (a numpy integer); else itself
    (an int, a Card, a bool, a float...: checked as given)."""
    if type(value) in _AS_GIVEN or isinstance(value, int):
        return value
    number = as_int(value)
    return value if number is None else number


def _from_cache(options: tuple[Any, ...]) -> tuple[HandSetup, tuple[Any, ...]] | None:
    """:func:`make_setup` of hashable options, checked once; None for options that cannot be
    hashed."""
    try:
        return _cached_setup(
            *options, _inner_types(options[_BLINDS]), _inner_types(options[_QUALIFIER])
        )
    except TypeError as error:
        if isinstance(error, BadugiError):
            raise
        return None


def _inner_types(option: object) -> tuple[type, ...] | None:
    """The types of the items of a tuple or frozenset option, for the cache key."""
    if type(option) is tuple or type(option) is frozenset:
        return tuple(map(type, option))
    return None


@lru_cache(maxsize=256, typed=True)
def _cached_setup(*key: Any) -> tuple[HandSetup, tuple[Any, ...]]:
    """:func:`_check_setup` and :func:`plain_options` of the options that start ``key``;
    options holding numpy integers share the entry of the same options as ints."""
    options = key[:SETUP_OPTIONS]
    plain = plain_options(options)
    if not is_plain(options, plain):
        cached = _from_cache(plain)
        assert cached is not None  # hashable, as the options were
        return cached
    return _check_setup(*options), plain


def is_plain(options: tuple[Any, ...], plain: tuple[Any, ...]) -> bool:
    """Whether ``options`` hold no numpy integer: their types, and the types of the items of
    their tuples and lists, are those of ``plain``, their :func:`plain_options`."""
    return _types(plain) == _types(options)


def _types(options: tuple[Any, ...]) -> tuple[tuple[type, ...], ...]:
    """The types of the options and of the items of their tuples and lists."""
    return tuple((type(o), *map(type, o)) if type(o) in _SEQUENCES else (type(o),) for o in options)


def _check_setup(
    game: object,
    betting: object,
    n: int,
    button: object,
    blinds: object,
    antes: object,
    small_bet: object,
    big_bet: object,
    max_raises: object,
    cap_heads_up: object,
    big_bet_from: object,
    dealer: object,
    badeucey_aces_low: object,
    odd_unit_to: object,
    qualifier: object,
    mucking: object,
    conventions: object,
    big_blind_ante: object,
    runs: object,
    free_folds: object,
    no_small_blind: object,
    bet_ladder: object,
    shuffle: object,
) -> HandSetup:
    """Check the options and bundle them (docs/rules.md, "How a hand is played")."""
    rule, worst = settle_options(game, qualifier, odd_unit_to, badeucey_aces_low)
    if n > rule.max_players:
        raise InvalidOption(
            f"{n} seats: a {rule.name} deck of {len(rule.deck)} cards deals {rule.max_players}"
            f" players at most (their hands of {rule.cards} and a draw's worth)"
        )
    button = check_seat("button", button, n)
    small, big = _check_blinds(blinds)
    antes = check_int("antes", antes, 0, MAX_CHIPS)
    if max_raises == GAME_CAP:
        max_raises = rule.max_raises
    if cap_heads_up == GAME_CAP:
        cap_heads_up = rule.cap_heads_up
    rules = _betting_rules(
        betting,
        big,
        small_bet,
        big_bet,
        max_raises,
        cap_heads_up,
        big_bet_from,
        conventions,
        bet_ladder,
    )
    rules = _in_game(rules, rule)
    if type(dealer) is not str:
        raise InvalidOptionType(f"dealer must be 'auto' or 'manual', not a {type(dealer).__name__}")
    if dealer not in DEALERS:
        raise InvalidOption(f"dealer must be 'auto' or 'manual', not {shown(dealer)}")
    if type(mucking) is not bool:
        raise InvalidOptionType(f"mucking must be True or False, not {shown(mucking)}")
    if type(big_blind_ante) is not bool:
        raise InvalidOptionType(
            f"big_blind_ante must be True or False, not {shown(big_blind_ante)}"
        )
    if big_blind_ante and not big:
        raise InvalidOption("big_blind_ante needs a big blind to post it")
    runs = check_int("runs", runs, 1, MAX_RUNS)
    free_folds = _check_flag("free_folds", free_folds)
    no_small_blind = _check_flag("no_small_blind", no_small_blind)
    if no_small_blind and not big:
        raise InvalidOption("no_small_blind needs a big blind to post")
    if type(shuffle) is not str:
        raise InvalidOptionType(f"shuffle must be one of {SHUFFLES}, not {shown(shuffle)}")
    if shuffle not in SHUFFLES:
        raise InvalidOption(f"shuffle must be one of {SHUFFLES}, not {shown(shuffle)}")
    settle: dict[str, Any] = {"odd_unit_to": odd_unit_to, "qualifier": qualifier}
    if badeucey_aces_low:
        settle["badeucey_aces_low"] = True
    manual = dealer == "manual"
    return HandSetup(
        rule,
        n,
        button,
        (small, big),
        antes,
        rules,
        manual,
        settle,
        worst,
        mucking,
        big_blind_ante,
        runs,
        free_folds,
        no_small_blind,
        shuffle,
    )


def _betting_rules(
    betting: object,
    big_blind: int,
    small_bet: object,
    big_bet: object,
    max_raises: object,
    cap_heads_up: object,
    big_bet_from: object,
    conventions: object,
    bet_ladder: object,
) -> BettingRules:
    """The betting rules: ``betting`` itself when it is a BettingRules, else built from the
    structure's name and the sizes, the small bet defaulting to the big blind and the big
    bet to twice the small bet."""
    if isinstance(betting, BettingRules):
        if small_bet is not None or big_bet is not None:
            raise InvalidOptionType("give the bet sizes in the BettingRules, not separately")
        return betting
    if small_bet is None:
        if big_blind == 0:
            raise InvalidOption("small_bet is needed when there is no big blind")
        small_bet = big_blind
        source = f"the big blind {big_blind}"
    else:
        small_bet = check_int("small_bet", small_bet, 1)
        source = f"small_bet {small_bet}"
    if big_bet is None:
        big_bet = 2 * small_bet
        if big_bet > MAX_CHIPS:
            raise InvalidOption(
                f"{source} makes the default big_bet {big_bet}, over the {MAX_CHIPS} chips a "
                "table holds: give big_bet"
            )
    # BettingRules checks the rest, naming each option
    return BettingRules(
        betting,  # type: ignore[arg-type]
        small_bet,
        big_bet,  # type: ignore[arg-type]
        max_raises,  # type: ignore[arg-type]
        cap_heads_up,  # type: ignore[arg-type]
        big_bet_from,  # type: ignore[arg-type]
        conventions,  # type: ignore[arg-type]
        bet_ladder,  # type: ignore[arg-type]
    )


def _in_game(rules: BettingRules, rule: GameRule) -> BettingRules:
    """The rules with the game's ``big_bet_from`` when they give none, checked against the
    game's betting rounds."""
    if rules.big_bet_from is None:
        return replace(rules, big_bet_from=rule.big_bet_from)
    check_int("big_bet_from", rules.big_bet_from, 0, rule.rounds)
    return rules


def check_stacks(stacks: object) -> tuple[int, ...]:
    """The stacks as ints (each may be a numpy integer, :func:`as_int`), after checking every
    stack is a positive integer and the table holds at most MAX_CHIPS."""
    stacks = check_list("stacks", stacks, "ints")
    n = len(stacks)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise InvalidOption(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats, got {n}")
    chips = tuple(
        stack
        if type(stack) is int and 1 <= stack <= MAX_CHIPS
        else check_int(f"seat {seat}: stack", stack, 1, MAX_CHIPS)
        for seat, stack in enumerate(stacks)
    )
    if sum(chips) > MAX_CHIPS:
        raise InvalidOption(f"stacks: the table holds over {MAX_CHIPS} chips (2**53)")
    return chips


def check_missed_blinds(missed_blinds: object, setup: HandSetup) -> dict[int, tuple[int, int]]:
    """The blinds of players back from missing theirs, ``{seat: (live, dead)}`` (None: none),
    checked against the table (docs/rules.md, "Seats and the button"): ``live`` is 0 or the
    big blind, never from a seat that posts a blind; ``dead`` is any amount of chips."""
    if missed_blinds is None:
        return {}
    if not isinstance(missed_blinds, Mapping):
        raise InvalidOptionType(
            f"missed_blinds must be a dict of seat: (live, dead), not {shown(missed_blinds)}"
        )
    small, big = setup.blinds
    small_seat, big_seat = blind_seats(setup.n, setup.button, setup.no_small_blind)
    checked = {}
    for seat, posts in missed_blinds.items():
        seat = check_seat("missed_blinds: seat", seat, setup.n)
        if not isinstance(posts, tuple | list) or len(posts) != 2:
            raise InvalidOptionType(
                f"missed_blinds: seat {seat} must post (live, dead), not {shown(posts)}"
            )
        live = check_int(f"missed_blinds: seat {seat}: live", posts[0], 0, MAX_CHIPS)
        dead = check_int(f"missed_blinds: seat {seat}: dead", posts[1], 0, MAX_CHIPS)
        if live and live != big:
            allowed = f"the big blind {big}, or 0" if big else "0: the hand has no big blind"
            raise InvalidOption(
                f"missed_blinds: seat {seat} posts a live {live}: it must be {allowed}"
            )
        if live and (seat == big_seat or (seat == small_seat and small)):
            which = "big" if seat == big_seat else "small"
            raise InvalidOption(
                f"missed_blinds: seat {seat} posts the {which} blind; it posts no live blind"
                " besides (give its missed blind as dead)"
            )
        checked[seat] = (live, dead)
    return checked


def _check_flag(name: str, flag: object) -> bool:
    """A True or False option."""
    if type(flag) is not bool:
        raise InvalidOptionType(f"{name} must be True or False, not {shown(flag)}")
    return flag


def _check_blinds(blinds: object) -> tuple[int, int]:
    """(small, big), two ints with 0 <= small <= big (both 0: no blinds)."""
    if not isinstance(blinds, tuple | list) or len(blinds) != 2:
        raise InvalidOptionType(f"blinds must be (small, big), not {shown(blinds)}")
    small = check_int("small blind", blinds[0], 0, MAX_CHIPS)
    big = check_int("big blind", blinds[1], 0, MAX_CHIPS)
    if small > big or (small and not big):
        raise InvalidOption(f"the small blind {small} must not exceed the big blind {big}")
    return small, big
