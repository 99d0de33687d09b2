"""A C hand whose every card the caller picks (``BADUGI_DEALER_PICKED``, csrc/badugi.h),
played through the training encoding: the state of an OpenSpiel game
(badugi_fast.envs.openspiel), where the deal and each card after it is a chance event.

The hand deals in the auto dealer's order from its own stub, restocked by the deck's rule
(csrc/deck.c) before the card it is short of, so the cards a pick may be are exactly the
stub's. Decisions are the encoding's action indices, checked against its mask in C.
"""

from __future__ import annotations

from typing import Any

from badugi_fast._binding.hand import hand_from_state, hand_state, new_hand
from badugi_fast._binding.vector import MAX_FRACTIONS, new_actions
from badugi_fast._core import ffi, lib
from badugi_fast.errors import HandInUse, InvalidState

PICKED: int = lib.BADUGI_DEALER_PICKED
DEAL: int = lib.BADUGI_PHASE_DEAL
OVER: int = lib.BADUGI_PHASE_OVER
E_NOT_IN_STUB: int = lib.BADUGI_HAND_E_NOT_IN_STUB
_HAND_SIZE = ffi.sizeof("badugi_hand")
_HISTORY_SIZE = ffi.sizeof("badugi_history")


def picked_template(template: bytes) -> bytes:
    """A hand template (``_binding.hand.hand_template``) with the picked dealer."""
    hand = ffi.new("badugi_hand *")
    ffi.memmove(hand, template, _HAND_SIZE)
    hand.manual = PICKED
    picked: bytes = ffi.buffer(hand)[:]
    return picked


class PickedHand:
    """One hand with the picked dealer and its betting history (the encoding's), plus the
    reusable buffers the encoding writes into. Copied by ``copy.deepcopy`` (two memcpys)
    and pickled as its fields, checked by ``badugi_hand_validate`` on load. The C calls
    release the GIL, so one call at a time: a call made while another thread is inside
    raises HandInUse, as HandState does."""

    __slots__ = ("actions", "hand", "history", "room", "template", "token")

    def __init__(
        self,
        template: bytes,
        actions: Any,
        hand: Any,
        history: Any,
        room: tuple[int, int] | None = None,
    ) -> None:
        self.template = template
        self.actions = actions
        self.hand = hand
        self.history = history
        self.token = [None]
        self.room = room or (
            lib.badugi_action_count(hand, actions),
            lib.badugi_observation_size(hand),
        )
        """The bytes of the action mask and the floats of the observation (the template's,
        with these raise sizes), which the buffers given must hold."""

    def _call(self, function: Any, *args: Any) -> int:
        """``function(*args)`` with the hand claimed."""
        token = self.token
        try:
            token.pop()
        except IndexError:
            raise HandInUse("the hand is in use by another thread") from None
        try:
            return int(function(*args))
        finally:
            token.append(None)

    @classmethod
    def start(cls, template: bytes, actions: Any, stacks: list[int]) -> PickedHand:
        """A new hand of a :func:`picked_template`, its blinds and antes posted, waiting
        for its first card."""
        hand = new_hand(template, stacks, 0, None)
        if lib.badugi_hand_start(hand) < 0:
            raise ValueError("the settings are not ones the C hand can play")
        hand.n_events = 0
        return cls(template, actions, hand, ffi.new("badugi_history *"))

    def __deepcopy__(self, memo: object) -> PickedHand:
        hand = ffi.new("badugi_hand *", self.hand[0])  # a struct copy: one memcpy
        history = ffi.new("badugi_history *", self.history[0])
        return PickedHand(self.template, self.actions, hand, history, self.room)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        fractions = tuple(self.actions.fraction[0 : self.actions.fractions])
        history = ffi.buffer(self.history)[:]
        return _restore, (self.template, fractions, hand_state(self.hand), history)

    def same(self, other: PickedHand) -> bool:
        """Whether two hands are in the same state (the fields a pickle holds), their
        betting histories too."""
        mine = hand_state(self.hand), ffi.buffer(self.history)[:]
        return mine == (hand_state(other.hand), ffi.buffer(other.history)[:])

    def plays(self, template: bytes, actions: Any) -> bool:
        """Whether this hand has these settings and raise sizes (a game's)."""
        mine, theirs = self.actions, actions
        return self.template == template and ffi.buffer(mine)[:] == ffi.buffer(theirs)[:]

    @property
    def size(self) -> int:
        """The cards a hand holds."""
        return int(self.hand.game.cards)

    @property
    def phase(self) -> int:
        """The hand's BADUGI_PHASE_*."""
        return int(self.hand.phase)

    def decider(self) -> int:
        """The seat to decide (the actor, or the seat to show or muck), -1 for none."""
        hand = self.hand
        if hand.actor >= 0:
            return int(hand.actor)
        if hand.phase == lib.BADUGI_PHASE_SHOWDOWN and hand.showing_len:
            return int(hand.showing[0])
        return -1

    def pick_seat(self) -> int:
        """The seat the next card goes to, n for the burn; negative: no card is due."""
        return self._call(lib.badugi_hand_pick_seat, self.hand)

    def stub(self) -> list[int]:
        """The cards the next card may be, in id order."""
        return sorted(ffi.unpack(self.hand.stub, self.hand.stub_len))

    def pick(self, card: int) -> int:
        """Deal ``card`` as the next card due: 0, or a BADUGI_HAND_E_* code (nothing
        changed)."""
        code = self._call(lib.badugi_hand_pick, self.hand, card, 1)
        self.hand.n_events = 0
        return min(code, 0)

    def mask(self, out: Any) -> int:
        """The decider's legal actions into ``out`` (uint8, one per action): the number of
        actions, or a negative code when nobody is to decide. ``out`` shorter than this
        hand's actions raises ValueError (the C call writes one byte per action)."""
        buffer = ffi.from_buffer(out)
        if len(buffer) < self.room[0]:
            raise ValueError(f"{len(buffer)} bytes are too few for the hand's actions")
        return self._call(lib.badugi_hand_action_mask, self.hand, self.actions, buffer)

    def describe(self, action: int) -> tuple[int, int]:
        """What ``action`` does now: a BADUGI_MOVE_* (negative: not an action now) and its
        amount (raise-to total, or the discard's bit mask)."""
        amount = ffi.new("int64_t *")
        move = self._call(lib.badugi_hand_decode, self.hand, self.actions, action, amount)
        return move, int(amount[0])

    def act(self, action: int) -> int:
        """Perform ``action`` (checked against the mask in C): 0, or a BADUGI_HAND_E_*
        code (nothing changed)."""
        code = self._call(lib.badugi_hand_act, self.hand, self.history, self.actions, action, 1)
        self.hand.n_events = 0
        return min(code, 0)

    def observe(self, seat: int, out: Any) -> None:
        """``seat``'s observation (float32, the encoding's D values) into ``out``; ``out``
        shorter than D raises ValueError."""
        buffer = ffi.from_buffer("float[]", out)
        if len(buffer) < self.room[1]:
            raise ValueError(f"{len(buffer)} floats are too few for the hand's observation")
        self._call(lib.badugi_hand_observe, self.hand, self.history, seat, buffer)

    def cards(self, seat: int) -> list[int]:
        """The ids of the cards ``seat`` holds, in the order of the draw actions' bits."""
        return list(ffi.unpack(self.hand.hands[seat], self.hand.hand_len[seat]))

    def stacks(self) -> list[int]:
        """Each seat's chips behind (after the hand: its final stack)."""
        return list(ffi.unpack(self.hand.stacks, self.hand.n))

    def contributed(self) -> list[int]:
        """What each seat has put in this hand."""
        return list(ffi.unpack(self.hand.contributed, self.hand.n))

    def folded(self) -> list[bool]:
        """Whether each seat has folded (or mucked)."""
        return [bool(flag) for flag in ffi.unpack(self.hand.folded, self.hand.n)]


def _restore(template: object, fractions: object, state: object, history: object) -> Any:
    """A pickled :class:`PickedHand`, refused with InvalidState, naming the part, unless
    every part is one: the template a hand's bytes with the picked dealer, the raise sizes
    ones the encoding takes, the betting history its bytes, and the hand one
    ``badugi_hand_validate`` passes whose seat to decide, if any, has a legal action."""
    if type(template) is not bytes or len(template) != _HAND_SIZE:
        raise InvalidState(f"a pickled hand's template is not the {_HAND_SIZE} bytes of a hand")
    if ffi.from_buffer("badugi_hand *", template).manual != PICKED:
        raise InvalidState("a pickled hand's template is not one of the picked dealer")
    if (
        type(fractions) is not tuple
        or len(fractions) > MAX_FRACTIONS
        or any(type(fraction) is not float for fraction in fractions)
    ):
        raise InvalidState("a pickled hand's raise sizes are not a tuple of floats")
    actions = new_actions(fractions)
    if type(history) is not bytes or len(history) != _HISTORY_SIZE:
        raise InvalidState("a pickled hand's betting history is not one")
    restored = ffi.new("badugi_history *")
    ffi.memmove(restored, history, _HISTORY_SIZE)
    hand = PickedHand(template, actions, hand_from_state(template, state), restored)
    count = hand.room[0]
    if count < 0:
        raise InvalidState("a pickled hand's raise sizes are not ones the encoding takes")
    mask = bytearray(count)
    if hand.decider() >= 0 and (hand.mask(mask) < 0 or not any(mask)):
        raise InvalidState("a pickled hand whose seat to decide has no legal action")
    return hand
