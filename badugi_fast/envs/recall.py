"""What one seat has seen of a hand, with perfect recall: the OpenSpiel game's information
state as a string and as a tensor (docs/guide/training.md, "OpenSpiel").

A hand keeps one record of its steps, the same for every seat (:func:`dealt`,
:func:`burned`, :func:`decided`, appended as it is played; immutable ``bytes``, so a state
copies it for free). A seat's information state is read from it: the seat, its cards as
dealt, the cards it threw and was given at each draw (each a set, written in card id order:
one hand is one information state, whatever order its cards came in), and every decision
of the hand in order, its own with the cards it threw, the others' as they saw them (a
draw's count, not its cards). The string and the tensor both write :class:`Recall`, so
two states with equal tensors have equal strings, and the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from badugi_fast.cards import DECK

_DEAL, _BURN, _THROW, _DECIDE = 0x10, 0x20, 0x30, 0x40
_KIND, _SEAT = 0xF0, 0x0F


def dealt(seat: int, card: int) -> bytes:
    """The record of ``card`` dealt to ``seat``."""
    return bytes((_DEAL | seat, card))


def burned(card: int) -> bytes:
    """The record of a burn."""
    return bytes((_BURN, card))


def decided(seat: int, action: int, thrown: tuple[int, ...] = ()) -> bytes:
    """The record of ``seat``'s decision (an action of the training encoding), with the
    cards a draw throws."""
    return bytes((_DECIDE | seat, action, *(b for card in thrown for b in (_THROW | seat, card))))


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """What sizes a game's information states: the seats, a hand's cards, the draws, the
    raise sizes of the action space, the most decisions a hand can have and the deck's
    cards (card ids, ascending). One a game, compared (and cached) by identity."""

    players: int
    cards: int
    draws: int
    fractions: tuple[float, ...]
    decisions: int
    deck: tuple[int, ...]

    @property
    def places(self) -> dict[int, int]:
        """Each card id's place in :attr:`deck`, where the tensor's card sets mark it."""
        return _places(self.deck)

    @property
    def public_actions(self) -> int:
        """Decisions as every seat sees them: fold, call, each raise size and the largest
        raise, a draw of each count 0..cards, show, muck."""
        return 6 + len(self.fractions) + self.cards

    @property
    def size(self) -> int:
        """The tensor's length: the seat (one-hot); the cards dealt, and those thrown and
        given at each draw (a set of the deck's cards each); each decision in order
        (one-hot of :attr:`public_actions`, in :attr:`decisions` slots)."""
        sets = len(self.deck) * (1 + 2 * self.draws)
        return self.players + sets + self.decisions * self.public_actions

    def public(self, action: int) -> int:
        """How every seat sees an action: its index among :attr:`public_actions`."""
        raises = len(self.fractions) + 1
        if action < 2 + raises:
            return action  # fold, call and the raises as they are
        thrown = action - 2 - raises
        if thrown < 1 << self.cards:
            return 2 + raises + thrown.bit_count()
        return 3 + raises + self.cards + thrown - (1 << self.cards)  # show, muck

    def is_draw(self, public: int) -> bool:
        """Whether a public action is a draw."""
        return 0 <= public - 3 - len(self.fractions) <= self.cards

    def name(self, public: int) -> str:
        """A public action in words (a draw's count, which the seat's own draws replace
        with the cards)."""
        raises = len(self.fractions) + 1
        if public < 2:
            return ("fold", "call")[public]
        if public < 2 + raises:
            j = public - 2
            return f"raise x{self.fractions[j]:g}" if j < len(self.fractions) else "raise max"
        count = public - 2 - raises
        if count <= self.cards:
            return f"draw {count}" if count else "stand pat"
        return ("show", "muck")[count - self.cards - 1]


class Recall(NamedTuple):
    """One seat's information state: its cards as dealt, the cards it threw and was given
    at each of its draws (card ids, ascending), and every decision of the hand in order as
    (seat, public action)."""

    seat: int
    cards: tuple[int, ...]
    thrown: tuple[tuple[int, ...], ...]
    given: tuple[tuple[int, ...], ...]
    decisions: tuple[tuple[int, int], ...]


@lru_cache(maxsize=4096)
def recall(layout: Layout, record: bytes, seat: int) -> Recall:
    """What ``seat`` has seen of the hand ``record`` holds (cached: solvers ask again for
    the states they revisit)."""
    cards: list[list[int]] = [[]]  # dealt, then given at each of the seat's draws
    thrown: list[list[int]] = []
    decisions: list[tuple[int, int]] = []
    for at in range(0, len(record), 2):
        tag, value = record[at], record[at + 1]
        kind, who = tag & _KIND, tag & _SEAT
        if kind == _DECIDE:
            public = layout.public(value)
            decisions.append((who, public))
            if who == seat and layout.is_draw(public):
                thrown.append([])
                cards.append([])
        elif who == seat and kind == _THROW:
            thrown[-1].append(value)
        elif who == seat and kind == _DEAL:
            cards[-1].append(value)
    return Recall(
        seat,
        _sorted(cards[0]),
        tuple(map(_sorted, thrown)),
        tuple(map(_sorted, cards[1:])),
        tuple(decisions),
    )


@lru_cache(maxsize=4096)
def recall_string(layout: Layout, record: bytes, seat: int) -> str:
    """``seat``'s information state as text, e.g. ``seat 0| cards 2s 3h 7d Kc| 1:call
    0:raise max 1:call 1:draw 1 0:draw Kc got 4d 1:bet ...``: the cards dealt, then each
    decision in order, the seat's own draws with the cards thrown and, once every seat
    still in has thrown, the cards given."""
    seen = recall(layout, record, seat)
    words = [f"seat {seat}| cards {_cards(seen.cards)}|"]
    live, throws, draws = layout.players, 0, 0
    owed = False  # the seat's last draw, its cards not yet written
    for who, public in seen.decisions:
        if owed and not throws:
            words.append(f"got {_cards(seen.given[draws - 1])}")
            owed = False
        if not layout.is_draw(public):
            live -= public == 0  # a fold
            words.append(f"{who}:{layout.name(public)}")
            continue
        throws = (throws + 1) % live  # 0 once every seat still in has thrown
        if who == seat:
            thrown = seen.thrown[draws]
            words.append(f"{who}:draw {_cards(thrown)}" if thrown else f"{who}:stand pat")
            draws += 1
            owed = True
        else:
            words.append(f"{who}:{layout.name(public)}")
    if owed and seen.given[draws - 1]:
        words.append(f"got {_cards(seen.given[draws - 1])}")
    return " ".join(words)


def write_tensor(layout: Layout, record: bytes, seat: int, out: Any) -> None:
    """``seat``'s information state into ``out`` (a float32 array of :attr:`Layout.size`,
    zeroed here first)."""
    seen = recall(layout, record, seat)
    out[:] = 0
    out[seat] = 1
    base, places, width = layout.players, layout.places, len(layout.deck)
    for card in seen.cards:
        out[base + places[card]] = 1
    for draw, (thrown, given) in enumerate(zip(seen.thrown, seen.given, strict=True)):
        for card in thrown:
            out[base + width * (1 + 2 * draw) + places[card]] = 1
        for card in given:
            out[base + width * (2 + 2 * draw) + places[card]] = 1
    base += width * (1 + 2 * layout.draws)
    width = layout.public_actions
    for slot, (_, public) in enumerate(seen.decisions):
        out[base + slot * width + public] = 1


@lru_cache(maxsize=64)
def _places(deck: tuple[int, ...]) -> dict[int, int]:
    return {card: place for place, card in enumerate(deck)}


def _sorted(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def _cards(ids: tuple[int, ...]) -> str:
    return " ".join(str(DECK[card]) for card in ids) or "-"
