"""The C hand (csrc/hand.c) as HandState uses it: a new hand from its settings, its calls
and refusal codes, the steps it records, what every seat may know, where its cards are, and
its pickled fields.

One ``badugi_hand`` struct holds a hand's chips, betting round, cards and turn, so an
action is one C call and a copy is one memmove. The struct queues its steps as events;
they become Action records only when the history is read (most hands played by bots and
simulations are never read back step by step).
"""

from __future__ import annotations

import struct
from functools import cache
from itertools import product
from typing import Any, NamedTuple, TypeVar

from badugi_fast._binding.game import Game, fill_game
from badugi_fast._core import ffi, lib
from badugi_fast.cards import DECK, Card
from badugi_fast.errors import InvalidState

Hand = Any
"""A ``badugi_hand *`` cdata."""
Step = TypeVar("Step", bound=tuple[Any, ...])

_new = tuple.__new__
_EVENT = struct.Struct("<qbbB5s")
_EVENT_SIZE = ffi.sizeof("badugi_event")
assert _EVENT.size == _EVENT_SIZE
_HAND_SIZE = ffi.sizeof("badugi_hand")
_KIND_CODES = {
    "post-blind": lib.BADUGI_EVENT_POST_BLIND,
    "post-ante": lib.BADUGI_EVENT_POST_ANTE,
    "deal": lib.BADUGI_EVENT_DEAL,
    "burn": lib.BADUGI_EVENT_BURN,
    "fold": lib.BADUGI_EVENT_FOLD,
    "check": lib.BADUGI_EVENT_CHECK,
    "call": lib.BADUGI_EVENT_CALL,
    "bet": lib.BADUGI_EVENT_BET,
    "raise": lib.BADUGI_EVENT_RAISE,
    "discard": lib.BADUGI_EVENT_DISCARD,
    "reshuffle": lib.BADUGI_EVENT_RESHUFFLE,
    "show": lib.BADUGI_EVENT_SHOW,
    "muck": lib.BADUGI_EVENT_MUCK,
    "win": lib.BADUGI_EVENT_WIN,
    "post-dead": lib.BADUGI_EVENT_POST_DEAD,
    "run": lib.BADUGI_EVENT_RUN,
}
KINDS: tuple[str, ...] = tuple(sorted(_KIND_CODES, key=_KIND_CODES.__getitem__))
"""Step kinds by BADUGI_EVENT_* code (engine.actions.ActionKind lists the same names)."""
AMOUNTED = tuple(
    kind
    in ("post-blind", "post-ante", "post-dead", "call", "bet", "raise", "reshuffle", "win", "run")
    for kind in KINDS
)
"""Whether a step of each kind carries an amount."""
SHUFFLE_CODES = {"shake128": lib.BADUGI_SHUFFLE_SHAKE128, "chacha20": lib.BADUGI_SHUFFLE_CHACHA20}
"""The BADUGI_SHUFFLE_* code of each deal scheme, by name."""
PHASES = ("deal", "betting", "draw", "showdown", "over")
"""Phase names by BADUGI_PHASE_* code."""
SEATS: tuple[int | None, ...] = (*range(lib.BADUGI_HAND_MAX_SEATS), None)
"""``SEATS[seat]``: the seat, or None for -1 (nobody)."""
BUSY = lib.BADUGI_HAND_MAX_EVENTS - lib.BADUGI_HAND_CALL_EVENTS
"""An action that returns more than this left more events queued than the next may add."""


DEAL: int = lib.BADUGI_PHASE_DEAL
BETTING: int = lib.BADUGI_PHASE_BETTING
DRAW: int = lib.BADUGI_PHASE_DRAW
SHOWDOWN: int = lib.BADUGI_PHASE_SHOWDOWN
OVER: int = lib.BADUGI_PHASE_OVER
MAX_CARDS: int = lib.BADUGI_HAND_MAX_CARDS
"""The most cards one deal or draw gives a seat."""
MAX_RUNS: int = lib.BADUGI_HAND_MAX_RUNS
"""The most times a hand is run (docs/rules.md, "Running it twice")."""

start = lib.badugi_hand_start
legal = lib.badugi_hand_legal
fold = lib.badugi_hand_fold
fold_all_in = lib.badugi_hand_fold_all_in
check = lib.badugi_hand_check
call = lib.badugi_hand_call
check_or_call = lib.badugi_hand_check_or_call
raise_to = lib.badugi_hand_raise_to
draw = lib.badugi_hand_draw
deal = lib.badugi_hand_deal
show = lib.badugi_hand_show
muck = lib.badugi_hand_muck
"""The hand's calls (csrc/badugi.h): each takes the hand first and returns how many steps it
queued, or a negative BADUGI_HAND_E_* code (:data:`REFUSALS`)."""
run_share = lib.badugi_run_share
"""``run_share(chips, runs, run)``: run ``run``'s share of chips a seat put in, or of the
dead money, in a hand run ``runs`` times (the C hand pays each run this share)."""
unpack = ffi.unpack
"""``unpack(field, n)``: the first ``n`` values of one of a hand's array fields."""

E_PHASE: int = lib.BADUGI_HAND_E_PHASE
E_SETTINGS: int = lib.BADUGI_HAND_E_SETTINGS
E_BAD_CARD: int = lib.BADUGI_HAND_E_BAD_CARD
E_INVALID: int = lib.BADUGI_HAND_E_INVALID
E_COUNT: int = lib.BADUGI_HAND_E_COUNT
CARD_REFUSALS = frozenset(
    (lib.BADUGI_HAND_E_NOT_HELD, lib.BADUGI_HAND_E_REPEATED, lib.BADUGI_HAND_E_BAD_CARD)
)
"""The refusals that some of the cards given are at fault for."""
REFUSALS: dict[int, str] = {
    lib.BADUGI_HAND_E_SETTINGS: "the hand's settings are not valid",
    lib.BADUGI_HAND_E_PHASE: "no {kind} now: {now}",
    lib.BADUGI_HAND_E_NOTHING_TO_CALL: "seat {seat} cannot {verb}: nothing to call, check instead",
    lib.BADUGI_HAND_E_MUST_CALL: "seat {seat} cannot check: {owe} to call",
    lib.BADUGI_HAND_E_NO_RAISE: "seat {seat} cannot bet or raise now",
    lib.BADUGI_HAND_E_BELOW_MIN: "{wager} {to} is below the minimum {low}",
    lib.BADUGI_HAND_E_ABOVE_MAX: "{wager} {to} is above the maximum {high}",
    lib.BADUGI_HAND_E_NOT_HELD: "seat {seat} cannot {verb} {cards}: not all in its hand",
    lib.BADUGI_HAND_E_REPEATED: "seat {seat} cannot {verb} the same card twice: {cards}",
    lib.BADUGI_HAND_E_COUNT: "seat {target} is owed {owed} cards, not {count}",
    lib.BADUGI_HAND_E_HELD: "cannot deal {card}: seat {holder} holds it",
    lib.BADUGI_HAND_E_MUST_SHOW: "seat {seat} cannot muck: it alone still claims {pot}; show",
    lib.BADUGI_HAND_E_BAD_CARD: "seat {seat} cannot {verb} {cards}: not cards",
    lib.BADUGI_HAND_E_FULL: "the hand's queue of steps is full",
    lib.BADUGI_HAND_E_INVALID: "cannot {verb}: the hand's state is not valid",
    lib.BADUGI_HAND_E_NOT_IN_STUB: "cannot deal {card}: it is not in the stub",
}
"""Why the C hand refused an action, by BADUGI_HAND_E_* code: the one wording of each
reason (HandState fills in the seat, amounts and cards)."""


def new_hand(
    template: bytes,
    stacks: list[int],
    seed: int,
    stub: list[Card] | None,
    dead_money: int = 0,
    missed_blinds: dict[int, tuple[int, int]] | None = None,
) -> Hand:
    """A hand, not yet started (``badugi_hand_start``): a copy of a :func:`hand_template`
    with the stacks, seed, stub, dead money and missed blinds (seat: (live, dead)) filled
    in."""
    hand = ffi.new("badugi_hand *")
    ffi.memmove(hand, template, _HAND_SIZE)
    hand.seed = seed
    hand.dead_money = dead_money
    for seat, (live, dead) in (missed_blinds or {}).items():
        hand.missed_live[seat] = live
        hand.missed_dead[seat] = dead
    hand.stacks[0 : len(stacks)] = stacks
    if stub is not None:
        hand.stub_len = len(stub)
        hand.stub[0 : len(stub)] = stub
    return hand


def hand_template(
    n: int,
    button: int,
    game: Game,
    worst: int | None,
    odd_unit_to: str,
    structure: int,
    max_bets: int | None,
    cap_heads_up: bool,
    conventions: int,
    manual: bool,
    mucking: bool,
    sizes: tuple[int, ...],
    blinds: tuple[int, int],
    antes: int,
    big_blind_ante: bool,
    runs: int,
    free_folds: bool,
    bet_ladder: bool,
    no_small_blind: bool,
    shuffle: int,
) -> bytes:
    """The settings every hand of a setup starts from (engine.setup checked them), as the
    bytes of a hand: the table, the game (qualifier ``worst`` and ``odd_unit_to`` as
    settle() takes them), the betting structure (a BADUGI_STRUCTURE_* code), its cap in
    bets (None: none), its conventions (a BADUGI_CONVENTIONS_* code), the dealer and the
    forced bets (the antes every seat's, or with ``big_blind_ante`` the big blind's alone;
    with ``no_small_blind`` the big blind alone, left of the button), the times the draws
    left are run when nobody can bet before a draw, and the room rules ``free_folds`` and
    ``bet_ladder`` (docs/rules.md, "Betting rounds"), and how the seed orders the deck (a
    BADUGI_SHUFFLE_* code, :data:`SHUFFLE_CODES`)."""
    hand = ffi.new("badugi_hand *")
    hand.n = n
    hand.button = button
    fill_game(hand.game, game, worst, odd_unit_to)
    hand.structure = structure
    hand.cap = max_bets or 0  # the C hand's cap counts bets, 0 for none
    hand.lift_cap_heads_up = not cap_heads_up
    hand.conventions = conventions
    hand.manual = manual
    hand.mucking = mucking
    hand.sizes = sizes
    hand.blinds = blinds
    hand.antes = antes
    hand.big_blind_ante = big_blind_ante
    hand.runs = runs
    hand.free_folds = free_folds
    hand.bet_ladder = bet_ladder
    hand.no_small_blind = no_small_blind
    hand.shuffle = shuffle
    template: bytes = ffi.buffer(hand)[:]
    return template


def new_bounds() -> Any:
    """The five int64s :data:`legal` writes: can fold, can check, to call, lowest and
    highest raise-to (-1, -1 for none)."""
    return ffi.new("int64_t[5]")


def hand_bytes(hand: Hand) -> bytes:
    """A hand's struct as bytes, as engines that start many hands from one copy it."""
    settings: bytes = ffi.buffer(hand)[:]
    return settings


def copy_hand(hand: Hand) -> Hand:
    """An independent copy of a hand."""
    other = ffi.new("badugi_hand *")
    ffi.memmove(other, hand, _HAND_SIZE)
    return other


class Public(NamedTuple):
    """What every seat may know at one moment, and one seat's own cards."""

    game: str
    betting: str
    badeucey_aces_low: bool
    button: int
    actor: int | None
    phase: str
    street: int
    to_show: int | None
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    discard_counts: tuple[tuple[int, ...], ...]
    cards: tuple[Card, ...]


class PublicReader:
    """Reads :class:`Public` snapshots of one hand for its seats' views. Discard counts and
    a seat's cards change only at draws, so the last ones read are kept with the bytes they
    came from and reused while those bytes are the same."""

    __slots__ = ("_cards", "_constants", "_counts", "_out")

    def __init__(self, game: str, betting: str, badeucey_aces_low: bool, button: int) -> None:
        self._constants = (game, betting, badeucey_aces_low, button)
        self._out = ffi.new("uint8_t[]", lib.BADUGI_HAND_PUBLIC_BYTES)
        self._counts: tuple[bytes, tuple[tuple[int, ...], ...]] = (b"", ())
        self._cards: dict[int, tuple[bytes, tuple[Card, ...]]] = {}

    def read(self, hand: Hand, seat: int, n: int) -> Public:
        """What every seat may know now, and ``seat``'s cards."""
        out = self._out
        raw = ffi.buffer(out, lib.badugi_hand_public(hand, seat, out))[:]
        values = _CHIPS[n].unpack_from(raw)
        bets = 4 + n
        contributed = bets + n
        folded = 8 * (contributed + n)  # the bytes after the int64s
        drawn = folded + n
        held = drawn + 4 * n
        key = raw[drawn:held]
        if key != self._counts[0]:
            self._counts = (key, _counts(key))
        key = raw[held:]
        known = self._cards.get(seat)
        if known is None or known[0] != key:
            known = self._cards[seat] = (key, tuple(map(DECK.__getitem__, key[1 : 1 + key[0]])))
        return _new(
            Public,
            (
                *self._constants,
                SEATS[values[0]],
                PHASES[values[1]],
                values[2],
                SEATS[values[3]],
                values[4:bets],
                values[bets:contributed],
                values[contributed:],
                _flags(raw[folded:drawn]),
                self._counts[1],
                known[1],
            ),
        )


_CHIPS = {n: struct.Struct(f"=4q{3 * n}q") for n in range(2, 9)}
"""The int64s at the start of badugi_hand_public's bytes, for each table size."""


def discard_counts(hand: Hand, n: int) -> tuple[tuple[int, ...], ...]:
    """How many cards each seat threw in each draw so far."""
    return _counts(ffi.buffer(hand.drawn, 4 * n)[:])


@cache  # at most 2**2 + ... + 2**8 keys
def _flags(raw: bytes) -> tuple[bool, ...]:
    """Each seat's folded flag from its byte."""
    return tuple(map(bool, raw))


def _counts(raw: bytes) -> tuple[tuple[int, ...], ...]:
    """Each seat's discard counts from its four ``drawn`` bytes."""
    return tuple([_SEAT_COUNTS[raw[at : at + 4]] for at in range(0, len(raw), 4)])


_SEAT_COUNTS = {
    bytes((len(counts), *counts, *(0,) * (3 - len(counts)))): counts
    for draws in range(4)
    for counts in product(range(6), repeat=draws)
}
"""Every seat's possible ``drawn`` bytes (draws so far, then the cards thrown in each)."""


def _state_fields() -> tuple[tuple[str, str, int], ...]:
    """(name, kind, length) of every field a hand's play changes: the struct's fields from
    ``seed`` on (the ones before are the setup's), but the event queue (emptied first).
    ``kind`` is "int" for a number, "ints" for an array of them, "bytes" for uint8 arrays
    (cards, flags, draw counts; several rows are laid end to end)."""
    names = [name for name, _ in ffi.typeof("badugi_hand").fields]
    fields = []
    for name, field in ffi.typeof("badugi_hand").fields[names.index("seed") :]:
        kind = field.type
        if name in ("n_events", "events"):
            continue
        if kind.kind == "primitive":
            fields.append((name, "int", 1))
        elif kind.item.kind == "array" or kind.item.cname in ("uint8_t", "int8_t"):
            fields.append((name, "bytes", ffi.sizeof(kind)))
        else:
            fields.append((name, "ints", kind.length))
    return tuple(fields)


STATE_FIELDS = _state_fields()
"""The fields of a pickled hand (:func:`hand_state`), in the struct's order."""


def hand_state(hand: Hand) -> dict[str, int | tuple[int, ...] | bytes]:
    """What a hand's play has changed, by field name, in plain values (for pickling; the
    caller has taken the queued events)."""
    state: dict[str, int | tuple[int, ...] | bytes] = {}
    for name, kind, length in STATE_FIELDS:
        value = getattr(hand, name)
        if kind == "int":
            state[name] = int(value)
        elif kind == "bytes":
            state[name] = ffi.buffer(value)[:]
        else:
            state[name] = tuple(ffi.unpack(value, length))
    return state


def hand_from_state(template: bytes, state: object) -> Hand:
    """A hand from :func:`hand_state`'s fields on a :func:`hand_template`, refused with
    InvalidState unless it is a hand the C state machine can play on (every field in range,
    every card in one place, chips that add up: ``badugi_hand_validate``)."""
    if type(state) is not dict or set(state) != {name for name, _, _ in STATE_FIELDS}:
        raise InvalidState("not the fields of a pickled hand of this version of badugi_fast")
    hand = new_hand(template, [], 0, None)
    hand.n_events = 0  # a pickled hand's steps were taken: none is queued
    for name, kind, length in STATE_FIELDS:
        value = state[name]
        try:
            if kind == "int" and type(value) is int:
                setattr(hand, name, value)
            elif kind == "bytes" and type(value) is bytes and len(value) == length:
                ffi.memmove(getattr(hand, name), value, length)
            elif kind == "ints" and type(value) is tuple and len(value) == length:
                getattr(hand, name)[0:length] = value
            else:
                raise TypeError
        except (OverflowError, TypeError):
            raise InvalidState(f"a pickled hand's {name} is not a valid value") from None
    why = ffi.new("const char **")
    if lib.badugi_hand_validate(hand, why) < 0:
        field = ffi.string(why[0]).decode()
        raise InvalidState(f"a pickled hand that is not a valid hand: {field}")
    return hand


def take_events(hand: Hand, log: list[Step], step: type[Step]) -> None:
    """Append the hand's queued steps to ``log`` as ``step`` records (kind, seat, amount,
    cards: an engine.actions.Action), emptying the queue."""
    count = hand.n_events
    if not count:
        return
    raw = ffi.buffer(hand.events, count * _EVENT_SIZE)[:]
    hand.n_events = 0
    card = DECK.__getitem__
    for amount, kind, seat, n_cards, cards in _EVENT.iter_unpack(raw):
        record = (
            KINDS[kind],
            None if seat < 0 else seat,
            amount if AMOUNTED[kind] else None,
            tuple(map(card, cards[:n_cards])) if n_cards else (),
        )
        log.append(_new(step, record))


def cards_of(cards: Any, count: int) -> tuple[Card, ...]:
    """Cards from a C array of ids."""
    return tuple(map(DECK.__getitem__, ffi.unpack(cards, count)))


def seat_cards(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The cards a seat holds."""
    return cards_of(hand.hands[seat], hand.hand_len[seat])


def places(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """Where every card is: "hands", "stub", "muck", "burns", "discards" (this draw)."""
    held = [seat_cards(hand, seat) for seat in range(hand.n)]
    return {
        "hands": tuple(card for cards in held for card in cards),
        "stub": cards_of(hand.stub, hand.stub_len),
        "muck": cards_of(hand.muck, hand.muck_len),
        "burns": cards_of(hand.burns, hand.burns_len),
        "discards": cards_of(hand.current, hand.current_len),
    }
