"""One betting round: the bet to match, legal raise sizes, the cap and reopening.

docs/rules.md, "How a hand is played": fixed-limit bets of one size with a cap of a bet and
``max_raises`` raises (none heads-up unless capped); the pot-limit maximum (call, then raise
the pot); the no-limit and pot-limit minimum raise (the last full raise); an all-in for less
than a full raise does not reopen the betting to players who already acted unless the
all-ins since they acted add up to a full raise (in fixed limit: half a bet).
"""

from __future__ import annotations

from badugi_fast.engine.rules import FIXED, POT


class Round:
    """The betting state of one round, kept apart from the hand so it copies cheaply.

    ``level`` is the bet to match; ``full`` the last level reached by a full bet or raise;
    ``increment`` the size of the last full bet or raise (the next minimum raise in big-bet
    games); ``bets_made`` counts full bets and raises (the big blind is the first bet of
    round 1); ``acted[seat]`` is the level the seat last acted at (-1: not yet this round).
    """

    __slots__ = (
        "acted",
        "aggressor",
        "bets_made",
        "cap",
        "code",
        "full",
        "increment",
        "level",
        "reopen",
        "size",
    )

    def __init__(self, code: int, size: int, cap: int | None, n: int, blind: int) -> None:
        self.code = code
        self.size = size  # the fixed-limit bet, or the smallest opening bet
        self.cap = cap  # most full bets in a round (the bet and its raises), None: no cap
        self.level = blind
        self.full = blind
        self.increment = max(blind, size) if code != FIXED else size
        self.reopen = (size + 1) // 2 if code == FIXED else self.increment
        self.bets_made = 1 if blind else 0
        self.aggressor: int | None = None
        self.acted = [-1] * n

    def copy(self) -> Round:
        """An independent copy."""
        other = Round.__new__(Round)
        other.code = self.code
        other.size = self.size
        other.cap = self.cap
        other.level = self.level
        other.full = self.full
        other.increment = self.increment
        other.reopen = self.reopen
        other.bets_made = self.bets_made
        other.aggressor = self.aggressor
        other.acted = self.acted[:]
        return other

    def bounds(
        self,
        seat: int,
        bets: list[int],
        stacks: list[int],
        folded: list[bool],
        others: tuple[int, ...],
        contributed: list[int],
        lift_cap: bool,
    ) -> tuple[int, int] | None:
        """(smallest, largest) total ``seat`` may raise to, given every seat's bet, stack,
        fold and chips put in (the pot), and the other seats; None when the cap (unless
        ``lift_cap``: heads-up), the reopening rule or its stack forbids a raise, or when
        nobody else left could call more than the bet (a raise would mean nothing)."""
        level = self.level
        bet = bets[seat]
        all_in = bet + stacks[seat]
        if all_in <= level:
            return None
        cap = self.cap
        if cap is not None and self.bets_made >= cap and not lift_cap:
            return None
        acted = self.acted[seat]
        if acted >= 0 and level - acted < self.reopen:
            return None
        for other in others:
            if not folded[other] and stacks[other] + bets[other] > level:
                break
        else:
            return None
        if self.code == FIXED:
            target = self.full + self.size
            if target > all_in:
                target = all_in
            return target, target
        largest = all_in
        if self.code == POT:
            largest = min(all_in, level + sum(contributed) + level - bet)
        return min(level + self.increment, largest), largest

    def raised(self, seat: int, to: int) -> None:
        """Record a bet or raise to ``to`` (legal, possibly an all-in for less)."""
        if self.code == FIXED:
            if 2 * (to - self.full) >= self.size:  # a full bet, or an all-in of half a bet
                self.bets_made += 1
                self.full = to
        elif to - self.level >= self.increment:
            self.bets_made += 1
            self.increment = self.reopen = to - self.level
            self.full = to
        self.level = to
        self.aggressor = seat
        self.acted[seat] = to
