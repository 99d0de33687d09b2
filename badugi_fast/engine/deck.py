"""Where every card not in a hand is: the stub, the muck, the burns, this draw's discards.

Implements the draw's dealing rules (docs/rules.md, "How a hand is played"): the stub's
last card is dealt only when it completes the round; otherwise the stub (that last card,
or nothing) is shuffled with the muck (folded hands and the discards of earlier draws) into
a new stub. Burns and the discards of the draw in progress are never reshuffled, except as
a last resort when the muck is empty and the stub is empty or down to a last card that would
not complete the draw: then the burns and the discards
of players whose replacements are already dealt this draw form the new stub (a player never
gets back a card he threw this draw). With at most 8 players of 5 cards this always
completes the round.

In a manual deal (replays) the caller says which card comes next, and any card no player
holds may come: the stub is the unordered set of cards never dealt, burns are unknown cards
(``unknown_burns`` of the stub's cards are really gone), and a card from the muck or this
draw's discards (or a stub card when only burned ones are left) means the dealer
reshuffled, at his discretion, every card no player holds into a new stub.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from badugi_fast._core import ffi, lib
from badugi_fast.cards import DECK, Card
from badugi_fast.errors import IllegalAction


def shuffled(cards: Sequence[Card], label: str) -> list[Card]:
    """``cards`` sorted by pseudo-random 32-bit keys, one per card, from SHAKE-128 of
    ``label`` (little-endian, 4 bytes a card); equal keys keep the cards' order. The sort
    runs in C (``badugi_sort_keys``); ``cards`` never holds more than the 52 of a deck."""
    count = len(cards)
    order = bytearray(count)
    keys = hashlib.shake_128(label.encode()).digest(4 * count)
    lib.badugi_sort_keys(keys, count, ffi.from_buffer(order))
    return [cards[i] for i in order]


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards in the order ``seed`` shuffles them (the last card is the top): sorted
    by the keys of ``"<seed>/deal"`` (see :func:`shuffled`), a uniform shuffle except for
    ties (probability below 1 in 3 million), the same on every platform and Python version.
    """
    return shuffled(DECK, f"{seed}/deal")


class Deck:
    """The cards outside the players' hands, and the reshuffle rule."""

    __slots__ = (
        "burns",
        "current",
        "manual",
        "muck",
        "replaced",
        "reshuffles",
        "seed",
        "stub",
        "unknown_burns",
    )

    def __init__(self, stub: list[Card], seed: int, manual: bool) -> None:
        self.stub = stub  # auto: top card last (pop()); manual: unordered
        self.muck: list[Card] = []
        self.burns: list[Card] = []
        self.current: list[Card] = []  # discards of the draw in progress, not yet recyclable
        self.replaced: list[Card] = []  # of those, the ones whose thrower has been dealt
        self.seed = seed
        self.manual = manual
        self.reshuffles = 0
        self.unknown_burns = 0

    def copy(self) -> Deck:
        """An independent copy."""
        other = Deck.__new__(Deck)
        other.stub = self.stub[:]
        other.muck = self.muck[:]
        other.burns = self.burns[:]
        other.current = self.current[:]
        other.replaced = self.replaced[:]
        other.seed = self.seed
        other.manual = self.manual
        other.reshuffles = self.reshuffles
        other.unknown_burns = self.unknown_burns
        return other

    @property
    def stub_size(self) -> int:
        """Cards left in the stub."""
        return len(self.stub) - self.unknown_burns

    def must_reshuffle(self, remaining: int) -> bool:
        """Auto deal: whether the next card needs a reshuffle first: the stub is empty, or
        its last card would not complete the round's ``remaining`` cards."""
        size = len(self.stub)
        return size == 0 or (size == 1 and remaining > 1)

    def reshuffle(self) -> int:
        """Auto deal: shuffle the muck (or, as the last resort, burns and replaced discards)
        into the stub; return the new stub size, or 0 if there was nothing to add."""
        if self.muck:
            pool, self.muck = self.muck, []
        else:
            pool = self.burns + self.replaced
            self.burns, self.replaced = [], []
            self.current = [card for card in self.current if card not in pool]
        if not pool:
            return 0
        self.reshuffles += 1
        stub = self.stub + pool
        self.stub = shuffled(stub, f"{self.seed}/reshuffle/{self.reshuffles}")
        return len(stub)

    def deal_first(self, seats: int, cards: int) -> list[list[Card]]:
        """Auto deal: each seat's first cards (in dealing order), one card at a time."""
        stub = self.stub
        count = seats * cards
        dealt = stub[: -count - 1 : -1]  # the top cards, in the order they come off
        del stub[-count:]
        return [dealt[position::seats] for position in range(seats)]

    def replacements(self, owed: int, remaining: int) -> tuple[list[Card], list[int]]:
        """Auto deal: one seat's ``owed`` cards, ``remaining`` still to deal this round
        (these included); also the new stub size of every reshuffle this needed."""
        stub = self.stub
        if len(stub) >= remaining:  # no reshuffle can be needed: take them at once
            dealt = stub[: -owed - 1 : -1]
            del stub[-owed:]
            return dealt, []
        dealt, sizes = [], []
        for _ in range(owed):
            card, reshuffled = self.take(remaining)
            if reshuffled:
                sizes.append(len(self.stub) + 1)
            dealt.append(card)
            remaining -= 1
        return dealt, sizes

    def take(self, remaining: int) -> tuple[Card, bool]:
        """The top card (auto deal), and whether a reshuffle came first."""
        reshuffled = self.must_reshuffle(remaining) and self.reshuffle() > 0
        return self.stub.pop(), reshuffled

    def dealt(
        self, seat: int, cards: tuple[Card, ...], hands: list[list[Card]], owed: list[int]
    ) -> tuple[tuple[Card, ...], Deck, int | None]:
        """Manual deal of ``cards`` to ``seat``: checked against what it is owed and the
        players' hands (any other card may come); returns them, a copy of the deck after
        the deal, and the new stub size if the dealer reshuffled first. IllegalAction names
        the first card that cannot be dealt."""
        if not 1 <= len(cards) <= owed[seat]:
            raise IllegalAction(f"seat {seat} is owed {owed[seat]} cards, not {len(cards)}")
        for other, hand in enumerate(hands):
            for card in cards:
                if card in hand:
                    raise IllegalAction(f"cannot deal {card}: seat {other} holds it")
        deck = self.copy()
        return cards, deck, deck.take_cards(cards)

    def places(self, hands: list[list[Card]]) -> dict[str, tuple[Card, ...]]:
        """Where every card is: "hands", "stub", "muck", "burns", "discards" (this draw)."""
        return {
            "hands": tuple(card for hand in hands for card in hand),
            "stub": tuple(self.stub),
            "muck": tuple(self.muck),
            "burns": tuple(self.burns),
            "discards": tuple(self.current),
        }

    def take_cards(self, cards: Sequence[Card]) -> int | None:
        """Take given cards, none held by a player (manual deal); return the new stub size
        if the dealer had to reshuffle first: a card was mucked or thrown this draw, or
        only burned cards (unknown) are left in the stub."""
        size = None
        stub = self.stub
        for card in cards:
            if card not in stub or len(stub) == self.unknown_burns:
                size = self.gather()
                stub = self.stub
            stub.remove(card)
        return size

    def gather(self) -> int:
        """Manual deal: the dealer shuffles every card no player holds (the stub, the muck,
        this draw's discards, the burns) into a new stub; return its size."""
        self.stub += self.muck + self.current
        self.muck, self.current, self.replaced = [], [], []
        self.unknown_burns = 0
        self.reshuffles += 1
        return len(self.stub)

    def burn(self, remaining: int) -> tuple[Card | None, bool]:
        """Burn one card (None: unknown, in a manual deal) and whether a reshuffle came first."""
        if self.manual:
            reshuffled = self.stub_size == 0 and self.gather() > 0
            self.unknown_burns += 1
            return None, reshuffled
        reshuffled = self.must_reshuffle(remaining) and self.reshuffle() > 0
        card = self.stub.pop()
        self.burns.append(card)
        return card, reshuffled
