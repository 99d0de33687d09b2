"""The C hand (csrc/hand.c) as HandState uses it: a new hand from its settings, the steps
it records, and where its cards are.

One ``badugi_hand`` struct holds a hand's chips, betting round, cards and turn, so an
action is one C call and a copy is one memmove. The struct queues its steps as events;
they become Action records only when the history is read (most hands played by bots and
simulations are never read back step by step).
"""

from __future__ import annotations

import struct
from typing import Any, get_args

from badugi_fast._core import ffi, lib
from badugi_fast.cards import DECK, Card
from badugi_fast.engine.actions import Action, ActionKind
from badugi_fast.engine.setup import HandSetup
from badugi_fast.errors import InvalidOptionType

Hand = Any
"""A ``badugi_hand *`` cdata."""

_new = tuple.__new__
_EVENT = struct.Struct("<qbbB5s")
_EVENT_SIZE = ffi.sizeof("badugi_event")
assert _EVENT.size == _EVENT_SIZE
_HAND_SIZE = ffi.sizeof("badugi_hand")
KINDS: tuple[str, ...] = get_args(ActionKind)
"""Action kinds by BADUGI_EVENT_* code: ActionKind lists them in the codes' order."""
AMOUNTED = tuple(
    kind in ("post-blind", "post-ante", "call", "bet", "raise", "reshuffle", "win")
    for kind in KINDS
)
"""Whether a step of each kind carries an amount."""
PHASES = ("deal", "betting", "draw", "showdown", "over", "over")
"""Phase names by BADUGI_PHASE_* code (the hand is paid before a caller sees PHASE_PAY)."""
SEATS: tuple[int | None, ...] = (*range(lib.BADUGI_HAND_MAX_SEATS), None)
"""``SEATS[seat]``: the seat, or None for -1 (nobody)."""
BUSY = lib.BADUGI_HAND_MAX_EVENTS - lib.BADUGI_HAND_CALL_EVENTS
"""An action that returns more than this left events to take, or a hand to pay."""
PAY = lib.BADUGI_HAND_PAY


def new_hand(setup: HandSetup, stacks: list[int], seed: int, stub: list[Card] | None) -> Hand:
    """A hand with these settings, not yet started (``badugi_hand_start``): a copy of the
    setup's template, made once per setup, with the stacks, seed and stub filled in."""
    if setup.template is None:
        setup.template = _template(setup)
    hand = ffi.new("badugi_hand *")
    ffi.memmove(hand, setup.template, _HAND_SIZE)
    hand.seed = seed
    hand.stacks[0 : setup.n] = stacks
    if stub is not None:
        hand.stub_len = len(stub)
        hand.stub[0 : len(stub)] = stub
    return hand


def _template(setup: HandSetup) -> bytes:
    """The settings every hand of ``setup`` starts from, as the bytes of a hand."""
    hand = ffi.new("badugi_hand *")
    hand.n = setup.n
    hand.button = setup.button
    hand.hand_size = setup.rule.cards
    hand.structure = setup.code
    hand.cap = setup.cap or 0
    hand.lift_cap_heads_up = setup.lift_cap_heads_up
    hand.manual = setup.manual
    hand.mucking = setup.mucking
    hand.sizes = setup.sizes
    hand.blinds = setup.blinds
    hand.antes = setup.antes
    template: bytes = ffi.buffer(hand)[:]
    return template


def copy_hand(hand: Hand) -> Hand:
    """An independent copy of a hand."""
    other = ffi.new("badugi_hand *")
    ffi.memmove(other, hand, _HAND_SIZE)
    return other


def hand_bytes(hand: Hand) -> bytes:
    """A hand's state as bytes (for pickling)."""
    raw: bytes = ffi.buffer(hand)[:]
    return raw


def hand_from_bytes(raw: bytes) -> Hand:
    """A hand from :func:`hand_bytes`, made by this same build of the C core."""
    if type(raw) is not bytes or len(raw) != _HAND_SIZE:
        raise InvalidOptionType("not a pickled hand of this version of badugi_fast")
    hand = ffi.new("badugi_hand *")
    ffi.memmove(hand, raw, _HAND_SIZE)
    return hand


def take_events(hand: Hand, log: list[Action]) -> None:
    """Append the hand's queued steps to ``log`` as Action records, emptying the queue."""
    count = hand.n_events
    if not count:
        return
    raw = ffi.buffer(hand.events, count * _EVENT_SIZE)[:]
    hand.n_events = 0
    card = DECK.__getitem__
    for amount, kind, seat, n_cards, cards in _EVENT.iter_unpack(raw):
        log.append(
            _new(
                Action,
                (
                    KINDS[kind],
                    None if seat < 0 else seat,
                    amount if AMOUNTED[kind] else None,
                    tuple(map(card, cards[:n_cards])) if n_cards else (),
                ),
            )
        )


def cards_of(cards: Any, count: int) -> tuple[Card, ...]:
    """Cards from a C array of ids."""
    return tuple(map(DECK.__getitem__, ffi.unpack(cards, count))) if count else ()


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
