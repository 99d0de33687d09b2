"""The fixed-limit betting rules of the specification's ``FB`` and ``F2L3D``, as in PokerKit.

Stricter than the engine's own rules (docs/rules.md, "Hand histories"): at most four bets
and raises by players in a betting round (the big blind not counted), even heads-up; no
bet or raise when no other live player could put in more than the bet already there; and
a raise smaller than the largest raise of the round (an all-in for less) reopens the
betting neither to the players who already acted nor to a player who owes less than that
largest raise, unless several such all-ins add up to it (the engine reopens at half a
bet). The engine plays the hand; this tracker follows its records and says whether a
bet or raise is also legal here.
"""

from __future__ import annotations

from badugi_fast.engine import Action

RAISE_CAP = 4
"""Bets and raises by players allowed per betting round (the big blind not counted)."""


class SpecLimits:
    """Chips and betting of one hand, rebuilt from the engine's action records."""

    def __init__(self, stacks: tuple[int, ...]) -> None:
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.live = [True] * len(stacks)
        self._new_round()

    def _new_round(self) -> None:
        self.bets = [0] * len(self.stacks)
        self.raises = 0
        self.largest = 0  # the largest bet or raise increment of the round
        self.acted: set[int] = set()
        self.short_all_ins: list[int] = []

    def feed(self, record: Action) -> None:
        """Follow one engine record (dealer steps included)."""
        seat, amount = record.seat, record.amount or 0
        if record.kind == "burn":  # a draw: the next betting round starts fresh
            self._new_round()
        elif seat is None:
            return
        elif record.kind == "post-ante":
            self.stacks[seat] -= amount
        elif record.kind == "post-blind":
            self._put(seat, amount)
        elif record.kind in ("fold", "check", "call"):
            self.live[seat] = record.kind != "fold"
            self._put(seat, amount if record.kind == "call" else 0)
            self.acted.add(seat)
        elif record.kind in ("bet", "raise"):
            self._raised(seat, amount)

    def _put(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount

    def _raised(self, seat: int, to: int) -> None:
        increment = to - max(self.bets)
        self._put(seat, to - self.bets[seat])
        if increment >= self.largest:
            self.acted = set()
        self.acted.add(seat)
        self.largest = max(self.largest, increment)
        self.raises += 1
        if self.stacks[seat]:
            self.short_all_ins = []
        else:
            self.short_all_ins.append(increment)
        if sum(self.short_all_ins) >= self.largest:
            self.short_all_ins = []

    def refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now under these rules, or None if it may."""
        level = max(self.bets)
        if self.raises >= RAISE_CAP:
            return (
                f"at most {RAISE_CAP} bets and raises a betting round (the big blind not counted)"
            )
        if min(self.stacks[seat], level - self.bets[seat]) < self.largest:
            return "a raise for less than a full raise does not reopen the betting to this player"
        if self.short_all_ins and sum(self.short_all_ins) < self.largest and seat in self.acted:
            return "an all-in for less than a full raise does not reopen the betting"
        others = (
            other
            for other in range(len(self.stacks))
            if other != seat and self.live[other] and self.stacks[other] + self.bets[other] > level
        )
        if next(others, None) is None:
            return "no other player could call more than the bet already made"
        return None
