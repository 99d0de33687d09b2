"""Property tests for settlement over random hands (docs/rules.md, "Settling a pot").

Hands are dealt from a shuffled deck with 2-8 seats, random all-ins (contributions drawn from
a few shared levels), folds, units, qualifiers and all three games. To force ties, a group of
seats gets one hand with its suits rotated: a suit bijection keeps every Badugi, A-5 and 2-7
value, and with distinct ranks the rotated copies never share a card. 120 examples a
property; 800 with ``BADUGI_SOAK=full``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from soak import size

from badugi_fast import Seat, Settlement, settle

CARDS_PER_HAND = {"badugi": 4, "badacey": 5, "badeucey": 5}
EXAMPLES = settings(max_examples=size(120, 800), deadline=None)


@dataclass(frozen=True)
class Table:
    """One random end of hand: the seats and every settle() option."""

    seats: list[Seat]
    options: dict[str, Any]

    def settle(self) -> Settlement:
        return settle(self.seats, **self.options)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A random showdown (or uncontested end) with side pots, folds and forced ties."""
    game = draw(st.sampled_from(sorted(CARDS_PER_HAND)))
    size = CARDS_PER_HAND[game]
    n = draw(st.integers(2, 8))
    unit = draw(st.sampled_from([1, 2, 5, 25]))
    levels = draw(st.lists(st.integers(0, 40), min_size=1, max_size=4))
    amounts = [unit * draw(st.sampled_from(levels) | st.integers(0, 40)) for _ in range(n)]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False

    hands: list[list[int] | None] = [None] * n
    order = draw(st.permutations(range(n)))
    tied = draw(st.integers(0, min(4, n)))
    ranks = draw(st.lists(st.integers(0, 12), min_size=size, max_size=size, unique=True))
    suits = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
    for shift, seat in enumerate(order[:tied]):
        hands[seat] = [
            4 * rank + (suit + shift) % 4 for rank, suit in zip(ranks, suits, strict=True)
        ]
    used = {card for hand in hands if hand for card in hand}
    deck = [card for card in draw(st.permutations(range(52))) if card not in used]
    for seat in order[tied:]:
        hands[seat], deck = deck[:size], deck[size:]

    seats = []
    for seat in range(n):
        shown = not folded[seat] or draw(st.booleans())
        seats.append(Seat(amounts[seat], folded[seat], hands[seat] if shown else None))
    options = {
        "game": game,
        "button": draw(st.integers(0, n - 1)),
        "unit": unit,
        "qualifier": draw(st.none() | st.integers(1, 1092)),
        "odd_unit_to": draw(st.sampled_from(["badugi", "low"])),
        "badeucey_aces_low": draw(st.booleans()),
    }
    return Table(seats, options)


@EXAMPLES
@given(tables())
def test_chips_are_conserved_exactly(table: Table) -> None:
    result = table.settle()
    put_in = sum(seat.contributed for seat in table.seats)
    assert sum(result.payouts) + result.carried_over == put_in
    assert sum(pot.amount for pot in result.pots) + sum(result.returned) == put_in
    for pot in result.pots:
        won = sum(w.amount for half in pot.halves for w in half.winners)
        assert won + pot.carried_over == pot.amount
        assert all(w.amount % table.options["unit"] == 0 for h in pot.halves for w in h.winners)
    assert result.net == tuple(
        p - s.contributed for p, s in zip(result.payouts, table.seats, strict=True)
    )
    if table.options["game"] != "badugi":
        assert result.carried_over == 0


@EXAMPLES
@given(tables())
def test_no_folded_seat_wins(table: Table) -> None:
    result = table.settle()
    for seat, entry in enumerate(table.seats):
        if entry.folded:
            assert result.payouts[seat] == result.returned[seat]
    for pot in result.pots:
        for half in pot.halves:
            for winner in half.winners:
                assert not table.seats[winner.seat].folded
                assert winner.seat in pot.eligible


@EXAMPLES
@given(tables())
def test_nobody_wins_more_than_they_are_eligible_for(table: Table) -> None:
    result = table.settle()
    put_in = [seat.contributed for seat in table.seats]
    for seat, own in enumerate(put_in):
        assert 0 <= result.returned[seat] <= own
        reachable = sum(min(other, own) for other in put_in)
        assert result.payouts[seat] - result.returned[seat] <= reachable
        for pot in result.pots:
            if seat not in pot.eligible:
                assert all(w.seat != seat for half in pot.halves for w in half.winners)


@EXAMPLES
@given(tables(), st.integers(1, 7))
def test_rotating_the_table_with_the_button_changes_no_payout(table: Table, shift: int) -> None:
    n = len(table.seats)
    shift %= n
    rotated = Table(
        table.seats[shift:] + table.seats[:shift],
        {**table.options, "button": (table.options["button"] - shift) % n},
    )
    before, after = table.settle(), rotated.settle()
    assert after.payouts == before.payouts[shift:] + before.payouts[:shift]
    assert after.returned == before.returned[shift:] + before.returned[:shift]
    assert after.carried_over == before.carried_over
