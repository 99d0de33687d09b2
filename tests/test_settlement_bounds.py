"""The bounds of settlement: 64-bit chip totals and ranks, refused with a named error.

The pot arithmetic is the C core's ``badugi_settle``, which counts in signed 64-bit
integers: settle() and settle_ranks() take any amounts whose total (dead money included)
is at most 2**63 - 1 chips and refuse larger ones up front, naming the seat, or the dead
money when it takes the total past the bound, rather than give a wrong answer
(docs/rules.md, "Settling a pot").
"""

from __future__ import annotations

import pytest

from badugi_fast import InvalidSettlement, Seat, settle
from badugi_fast.pots import settle_ranks

MAX = 2**63 - 1
A = "As 2h 3d 4c"
B = "Ks Qh Jd Tc"


def test_a_total_of_exactly_the_bound_settles() -> None:
    result = settle([Seat(2**62, cards=A), Seat(2**62 - 1, cards=B)])
    assert result.payouts == (MAX, 0)  # the pot and the uncalled chip
    assert sum(result.payouts) + result.carried_over == MAX
    assert result.returned == (1, 0)
    assert result.pots[0].amount == 2**63 - 2


@pytest.mark.parametrize(
    "amounts",
    [[2**62, 2**62], [MAX, 1], [10**30, 10], [10**5000, 10]],
)
def test_a_total_past_the_bound_is_refused_naming_the_seat(amounts: list[int]) -> None:
    with pytest.raises(
        InvalidSettlement, match=r"seat \d: the chips put in pass 2\*\*63 - 1"
    ) as error:
        settle([Seat(amounts[0], cards=A), Seat(amounts[1], cards=B)])
    assert len(str(error.value)) < 120  # a huge amount is not printed


@pytest.mark.parametrize(
    ("amounts", "dead_money", "message"),
    [
        ([2**62, 2**62 - 1], 1, rf"^the chips put in \({MAX}\) plus dead_money \(1\) pass"),
        ([1, 1], MAX, rf"^the chips put in \(2\) plus dead_money \({MAX}\) pass"),
        ([MAX, 1], 1, r"^seat 1: the chips put in pass"),  # past it without the dead money
    ],
)
def test_a_total_the_dead_money_takes_past_the_bound_names_it(
    amounts: list[int], dead_money: int, message: str
) -> None:
    with pytest.raises(InvalidSettlement, match=message):
        settle([Seat(amounts[0], cards=A), Seat(amounts[1], cards=B)], dead_money=dead_money)
    with pytest.raises(InvalidSettlement, match=message):
        settle_ranks(amounts, [True, True], [("badugi", [1, 2])], dead_money=dead_money)


def test_a_unit_past_the_bound_is_refused() -> None:
    with pytest.raises(InvalidSettlement, match=r"unit must be at most 2\*\*63 - 1"):
        settle([Seat(0, cards=A), Seat(0, cards=B)], unit=2**63)


def test_ranks_are_signed_64_bit_ints_for_live_seats_only() -> None:
    result = settle_ranks([5, 5, 5], [True, True, False], [("badugi", [-(2**63), MAX, None])])  # type: ignore[list-item]
    assert result.payouts == (15, 0, 0)  # the folded seat's rank is not read
    with pytest.raises(InvalidSettlement, match="half 0, seat 1: a rank must be in"):
        settle_ranks([5, 5], [True, True], [("badugi", [1, 2**63])])
    with pytest.raises(InvalidSettlement, match="half 0, seat 0: a rank must be an int, not str"):
        settle_ranks([5, 5], [True, True], [("badugi", ["1", 2])])  # type: ignore[list-item]
    with pytest.raises(InvalidSettlement, match="qualifier: a rank must be in"):
        settle_ranks([5, 5], [True, True], [("badugi", [1, 2])], qualifier=-(2**64))


def test_a_contested_pot_without_halves_is_refused() -> None:
    with pytest.raises(InvalidSettlement, match="needs halves to judge"):
        settle_ranks([5, 5], [True, True], [])


def test_many_seats_and_halves_settle() -> None:
    # 40 seats, all in at 40 levels, three halves: every seat eligible for the main pot
    n = 40
    halves = [
        ("badugi", list(range(n))),
        ("ace-five", list(range(n, 0, -1))),
        ("deuce-seven", [7] * n),
    ]
    result = settle_ranks([10 * (seat + 1) for seat in range(n)], [True] * n, halves, button=3)  # type: ignore[arg-type]
    assert sum(result.payouts) + result.carried_over == sum(10 * (seat + 1) for seat in range(n))
    assert len(result.pots) == n - 1
    assert result.returned[n - 1] == 10
    main = result.pots[0]
    assert [half.winners[0].seat for half in main.halves[:2]] == [0, n - 1]
    assert len(main.halves[2].winners) == n
