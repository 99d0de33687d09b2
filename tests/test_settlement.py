"""Hand-worked settlement scenarios: every expected payout is worked out by hand in a comment.

Rules: docs/rules.md, "Settling a pot" and "Five-card split games". Seats are numbered from 0;
"left of the button" means the next seat number up, wrapping.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from badugi_fast import HandState, Seat, evaluate, settle, show_order
from badugi_fast.cards import Card, CardsLike
from badugi_fast.errors import InvalidOption, InvalidOptionType, InvalidSettlement
from badugi_fast.pots import Settlement, format_settlement, settle_ranks

PERFECT = "As 2h 3d 4c"  # A-2-3-4 rainbow, the best Badugi
FIVE_HIGH = "Ah 2d 3c 5s"  # A-2-3-5, second best
NINE_HIGH = "9c 8d 7h 6s"  # 9-8-7-6, the worst nine-high badugi
KING_HIGH = "Kc Qd Jh Ts"  # K-Q-J-T, the worst four-card badugi
THREE_CARD = "Ac Ad 2s 3h"  # aces pair: plays 3-2-A, a three-card hand


def winners(result: Settlement, pot: int, half: int = 0) -> dict[int, int]:
    """{seat: amount} of one half of one pot."""
    return {w.seat: w.amount for w in result.pots[pot].halves[half].winners}


def test_three_way_all_in_two_side_pots() -> None:
    # Seats 0, 1, 2 are all in for 50, 100, 150; seat 3 calls 150.
    # Main pot   0..50:  50 * 4 = 200, eligible 0 1 2 3 -> seat 0 (perfect badugi)
    # Side pot  50..100: 50 * 3 = 150, eligible 1 2 3   -> seat 1 (A-2-3-5)
    # Side pot 100..150: 50 * 2 = 100, eligible 2 3     -> seat 3 (9-high beats K-high)
    result = settle(
        [Seat(50, cards=PERFECT), Seat(100, cards=FIVE_HIGH), Seat(150, cards=KING_HIGH),
         Seat(150, cards=NINE_HIGH)]
    )  # fmt: skip
    assert result.payouts == (200, 150, 0, 100)
    assert result.net == (150, 50, -150, -50)
    assert result.returned == (0, 0, 0, 0)
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (200, (0, 1, 2, 3)),
        (150, (1, 2, 3)),
        (100, (2, 3)),
    ]
    assert [winners(result, i) for i in range(3)] == [{0: 200}, {1: 150}, {3: 100}]
    assert result.carried_over == 0
    assert result.showdown


def test_folded_big_contributor_and_uncalled_top() -> None:
    # Seat 0 put in 200 and folded; seat 1 is all in for 100; seat 2 bet 300; seat 3 folded 20.
    # Layer   0..20:  20 * 4 =  80 } main pot 320, eligible 1 2 (folded chips stay in)
    # Layer  20..100: 80 * 3 = 240 }              -> seat 1 (best hand)
    # Layer 100..200: 100 * 2 = 200, eligible 2 only -> seat 2 (seat 0's dead chips)
    # Layer 200..300: only seat 2 reached it -> 100 returned to seat 2 (uncalled)
    # Payouts: seat 1 320, seat 2 200 + 100 = 300; 320 + 300 = 620 = 200 + 100 + 300 + 20.
    result = settle(
        [Seat(200, folded=True), Seat(100, cards=FIVE_HIGH), Seat(300, cards=KING_HIGH),
         Seat(20, folded=True)]
    )  # fmt: skip
    assert result.payouts == (0, 320, 300, 0)
    assert result.returned == (0, 0, 100, 0)
    assert [(p.amount, p.eligible) for p in result.pots] == [(320, (1, 2)), (200, (2,))]


def test_uncalled_bet_is_returned() -> None:
    # Seat 0 bets 100, seat 1 calls all in for 60 and wins.
    # Pot 60 * 2 = 120 -> seat 1; the unmatched 100 - 60 = 40 goes back to seat 0.
    result = settle([Seat(100, cards=KING_HIGH), Seat(60, cards=PERFECT)])
    assert result.payouts == (40, 120)
    assert result.returned == (40, 0)
    assert result.net == (-60, 60)


def test_uncontested_pot_needs_no_cards() -> None:
    # Seat 0 bets 80; seat 1 folds after 30, seat 2 after 10. No showdown.
    # Pot 10 * 3 + 20 * 2 = 70 -> seat 0; its unmatched 80 - 30 = 50 is returned: 120.
    result = settle(
        [{"contributed": 80}, {"contributed": 30, "folded": True}, Seat(10, folded=True)],
        game="badacey",
    )
    assert result.payouts == (120, 0, 0)
    assert result.returned == (50, 0, 0)
    assert not result.showdown
    (pot,) = result.pots
    assert pot.amount == 70
    assert [(h.kind, winners(result, 0)) for h in pot.halves] == [("uncontested", {0: 70})]
    assert pot.halves[0].winners[0].hand is None


@pytest.mark.parametrize(
    ("button", "expected"),
    [
        # Pot 10 + 5 + 10 = 25, tie between seats 0 and 2: 12 each, 1 odd unit.
        # Button 0: seats left of it are 1 (folded), 2 -> seat 2 gets the odd chip.
        (0, (12, 0, 13)),
        # Button 2: the first seat left of it is seat 0 -> seat 0 gets it.
        (2, (13, 0, 12)),
    ],
)
def test_two_way_tie_odd_chip_unit_1(button: int, expected: tuple[int, ...]) -> None:
    result = settle(
        [Seat(10, cards=PERFECT), Seat(5, folded=True), Seat(10, cards="Ah 2s 3c 4d")],
        button=button,
    )
    assert result.payouts == expected
    (odd,) = result.pots[0].halves[0].odd_units
    assert (odd.seat, odd.amount) == (expected.index(13), 1)
    assert "left of the button" in odd.reason


def test_three_way_tie_odd_units_unit_5() -> None:
    # Seats 0, 1, 2 tie (same ranks, suits rotated); seats 3 and 4 folded 15 and 10.
    # Pot 3 * 20 + 15 + 10 = 85 = 17 units of 5: 5 units (25) each, 2 odd units.
    # Button 1: order from its left is 2, 3, 4, 0, 1 -> the odd units go to seats 2 and 0.
    result = settle(
        [Seat(20, cards=PERFECT), Seat(20, cards="Ah 2d 3c 4s"), Seat(20, cards="Ad 2c 3s 4h"),
         Seat(15, folded=True), Seat(10, folded=True)],
        button=1,
        unit=5,
    )  # fmt: skip
    assert result.payouts == (30, 25, 30, 0, 0)
    assert [(o.seat, o.amount) for o in result.pots[0].halves[0].odd_units] == [(2, 5), (0, 5)]


def test_three_way_tie_odd_units_unit_1() -> None:
    # Pot 3 * 7 + 2 = 23: 7 each, 2 odd units.
    # Button 2: order from its left is 3, 0, 1, 2 -> odd units to seats 0 and 1.
    result = settle(
        [Seat(7, cards=PERFECT), Seat(7, cards="Ah 2d 3c 4s"), Seat(7, cards="Ad 2c 3s 4h"),
         Seat(2, folded=True)],
        button=2,
    )  # fmt: skip
    assert result.payouts == (8, 8, 7, 0)


def test_two_way_tie_unit_5() -> None:
    # Pot 50 + 50 + 15 = 115 = 23 units of 5: 11 units (55) each, 1 odd unit.
    # Button 1 -> the first seat left of it is 2, a winner: 60 for seat 2.
    result = settle(
        [Seat(50, cards=PERFECT), Seat(15, folded=True), Seat(50, cards="Ah 2s 3c 4d")],
        button=1,
        unit=5,
    )
    assert result.payouts == (55, 0, 60)


def test_badacey_scoop() -> None:
    # Seat 0: perfect badugi (As 2h 3d 4c, the 5s is dead) and the wheel 5-4-3-2-A: it wins
    # both halves. Pot 100 + 100 + 15 = 215: Badugi half 108 (the odd unit of the cut),
    # A-5 half 107; seat 0 takes 215.
    result = settle(
        [Seat(100, cards="As 2h 3d 4c 5s"), Seat(100, cards="Kh Qd Jc Ts 9h"),
         Seat(15, folded=True)],
        game="badacey",
    )  # fmt: skip
    assert result.payouts == (215, 0, 0)
    (pot,) = result.pots
    assert [(h.kind, h.amount) for h in pot.halves] == [("badugi", 108), ("ace-five", 107)]
    assert pot.odd_cut == "badugi"
    assert winners(result, 0, 0) == {0: 108}
    assert winners(result, 0, 1) == {0: 107}


def test_badacey_quartered() -> None:
    # Seat 0: perfect badugi (Ks dead), A-5 low K-4-3-2-A. Seats 1 and 2 both hold 7-5-4-3-2
    # for A-5 (a tie) and poor badugis. Pot 3 * 100 + 3 = 303.
    # Cut: Badugi half 152 (odd unit), A-5 half 151 -> seat 0 gets 152.
    # A-5 half 151 split by seats 1 and 2: 75 each, odd unit to seat 1 (first left of button 0).
    result = settle(
        [Seat(100, cards="As 2h 3d 4c Ks"), Seat(100, cards="7s 5h 4s 3h 2s"),
         Seat(100, cards="7d 5c 4d 3c 2d"), Seat(3, folded=True)],
        game="badacey",
    )  # fmt: skip
    assert result.payouts == (152, 76, 75, 0)
    assert winners(result, 0, 1) == {1: 76, 2: 75}
    assert [(o.seat, o.amount) for o in result.pots[0].halves[1].odd_units] == [(1, 1)]


def test_badacey_odd_unit_of_the_cut_to_the_low_half() -> None:
    # Same hands as the quartered pot, odd unit of the cut to the low half:
    # Badugi half 151 -> seat 0; A-5 half 152 -> 76 each to seats 1 and 2.
    result = settle(
        [Seat(100, cards="As 2h 3d 4c Ks"), Seat(100, cards="7s 5h 4s 3h 2s"),
         Seat(100, cards="7d 5c 4d 3c 2d"), Seat(3, folded=True)],
        game="badacey",
        odd_unit_to="low",
    )  # fmt: skip
    assert result.payouts == (151, 76, 76, 0)
    assert result.pots[0].odd_cut == "ace-five"


BADEUCEY = [
    # Aces high: A-4-3-2 (ace-high badugi); aces low: the perfect A-2-3-4. 2-7: A-K-4-3-2.
    Seat(100, cards="As 2h 3d 4c Kc"),
    # Best set K-5-4-2 (Ks 5h 4d 2c) either way. 2-7: K-5-4-3-2.
    Seat(100, cards="Ks 5h 4d 3c 2c"),
    # Three-card badugi at best; 2-7: 7-5-4-3-2, the best low.
    Seat(100, cards="7h 5s 4h 3s 2d"),
]


def test_badeucey_aces_high_changes_the_badugi_winner() -> None:
    # Pot 300: Badugi half 150, 2-7 half 150. Aces high, K-5-4-2 beats A-4-3-2 -> seat 1.
    # Seat 2 wins the 2-7 half with 7-5-4-3-2.
    result = settle(BADEUCEY, game="badeucey")
    assert result.payouts == (0, 150, 150)
    assert [h.kind for h in result.pots[0].halves] == ["badugi", "deuce-seven"]
    # Played aces low (house option), A-2-3-4 is the perfect badugi -> seat 0.
    result = settle(BADEUCEY, game="badeucey", badeucey_aces_low=True)
    assert result.payouts == (150, 0, 150)


def test_qualifier_not_met_carries_the_pot_over() -> None:
    # Qualifier: a nine-high badugi or better (9-8-7-6 itself still qualifies).
    # Main pot 50 * 3 = 150, eligible 0 1 2 -> seat 0 (exactly 9-8-7-6) qualifies and wins.
    # Side pot 50 * 2 = 100, eligible 1 2: K-Q-J-T and a three-card hand both fail -> carried.
    # 150 paid + 100 carried over = 250 = 50 + 100 + 100.
    seats = [Seat(50, cards=NINE_HIGH), Seat(100, cards=KING_HIGH), Seat(100, cards=THREE_CARD)]
    for qualifier in (NINE_HIGH, evaluate(NINE_HIGH)):
        result = settle(seats, qualifier=qualifier)
        assert result.payouts == (150, 0, 0)
        assert result.carried_over == 100
        assert [p.carried_over for p in result.pots] == [0, 100]
        assert result.pots[1].halves[0].winners == ()
        assert "carried over" in result.pots[1].halves[0].note
    # Without the qualifier seat 1's K-Q-J-T takes the side pot.
    assert settle(seats).payouts == (150, 100, 0)


def test_dead_money_is_the_main_pots_for_every_live_seat() -> None:
    """docs/rules.md, "Settling a pot": 30 carried in joins the main pot (50 x 4 + 30), which
    seat 0 wins; the side pots are as without it."""
    seats = [
        Seat(50, cards=PERFECT),
        Seat(100, cards="5s 6h 7d 8c"),
        Seat(150, cards=KING_HIGH),
        Seat(150, cards="Kh Qs Jd 9c"),
    ]
    plain = settle(seats)
    result = settle(seats, dead_money=30)
    assert [pot.amount for pot in result.pots] == [230, 150, 100]
    assert [pot.eligible for pot in result.pots] == [pot.eligible for pot in plain.pots]
    assert result.payouts == (230, *plain.payouts[1:])
    folded = [Seat(10, folded=True), Seat(10, cards=KING_HIGH), Seat(10, cards=PERFECT)]
    assert settle(folded, dead_money=6).payouts == (0, 0, 36)
    alone = [Seat(10, folded=True), Seat(20)]  # everyone else folded: taken uncontested
    assert settle(alone, dead_money=6).payouts == (0, 36)
    unqualified = [Seat(10, cards=KING_HIGH), Seat(10, cards="Kh Qs Jd 9c")]
    again = settle(unqualified, qualifier=PERFECT, dead_money=6)
    assert again.payouts == (0, 0) and again.carried_over == 26  # carried over again


def test_a_settlement_accounts_for_its_dead_money() -> None:
    """The result alone balances: 30 carried in, 120 put in, 150 paid out; the report and
    the dict say where the 30 came from."""
    seats = [Seat(50, cards=PERFECT), Seat(50, cards=KING_HIGH), Seat(20, folded=True)]
    result = settle(seats, dead_money=30)
    assert result.dead_money == 30
    assert sum(result.payouts) + result.carried_over == sum(result.contributed) + 30
    assert result.to_dict()["dead_money"] == 30
    assert "dead money: 30" in format_settlement(result)
    assert settle(seats).dead_money == 0
    assert "dead money" not in format_settlement(settle(seats))


def test_side_pot_only_one_seat_can_win_is_uncontested() -> None:
    # Seat 0 is all in for 50 with 9-8-7-6; seats 1 and 2 put in 100, then seat 2 folded.
    # Main pot 50 * 3 = 150, eligible 0 1: seat 0 qualifies and beats K-Q-J-T -> 150.
    # Side pot 50 * 2 = 100, eligible 1 only: nobody contests it, so seat 1 takes it although
    # its K-Q-J-T does not qualify (as when everyone else folds). 150 + 100 = 250.
    result = settle(
        [Seat(50, cards=NINE_HIGH), Seat(100, cards=KING_HIGH), Seat(100, folded=True)],
        qualifier=NINE_HIGH,
    )
    assert result.payouts == (150, 100, 0)
    assert result.carried_over == 0
    assert [(h.kind, h.amount) for h in result.pots[1].halves] == [("uncontested", 100)]


def test_qualifier_not_met_in_one_half_of_a_split_game() -> None:
    # Badacey, qualifier nine-high badugi. Seat 0: all spades, a one-card ace badugi, but the
    # wheel for A-5. Seat 1: all hearts, a one-card nine, K-Q-J-T-9 low. Neither qualifies for
    # the Badugi half, so the A-5 half's winner takes the whole pot 100 + 100 + 1 = 201.
    result = settle(
        [Seat(100, cards="5s 4s 3s 2s As"), Seat(100, cards="Kh Qh Jh Th 9h"),
         Seat(1, folded=True)],
        game="badacey",
        qualifier=NINE_HIGH,
    )  # fmt: skip
    assert result.payouts == (201, 0, 0)
    assert result.carried_over == 0
    badugi, low = result.pots[0].halves
    assert (badugi.amount, badugi.winners) == (0, ())
    assert "ace-five half takes the whole pot" in badugi.note
    assert (low.amount, winners(result, 0, 1)) == (201, {0: 201})


def test_winning_hands_are_named() -> None:
    result = settle([Seat(10, cards=PERFECT), Seat(10, cards=KING_HIGH)])
    (winner,) = result.pots[0].halves[0].winners
    assert winner.hand
    assert "perfect" in winner.hand


def test_to_dict_is_plain_json() -> None:
    result = settle(BADEUCEY, game="badeucey")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["payouts"] == [0, 150, 150]
    assert data["pots"][0]["halves"][1]["winners"][0]["seat"] == 2
    assert data["game"] == "badeucey"


def test_pots_read_any_way_are_the_pots_built_up_front() -> None:
    # settle() builds the pot records on the first read of `pots`; every way of reading a
    # settlement must see what it sees in one whose pots were built before it was read.
    def fresh() -> Settlement:
        return settle(
            [Seat(50, cards=PERFECT), Seat(100, cards=FIVE_HIGH), Seat(150, cards=KING_HIGH),
             Seat(150, cards=NINE_HIGH), Seat(20, folded=True)], button=2
        )  # fmt: skip

    built = fresh()
    built.pots  # noqa: B018  # built now
    fields = {field.name: getattr(built, field.name) for field in dataclasses.fields(built)}
    assert Settlement(**fields) == built
    readings: list[Callable[[Settlement], object]] = [
        lambda result: result.pots,
        repr,
        hash,
        Settlement.to_dict,
        dataclasses.astuple,
        lambda result: pickle.loads(pickle.dumps(result)),
        copy.deepcopy,
        dataclasses.replace,
    ]
    for read in readings:
        assert read(fresh()) == read(built)


def test_threads_reading_pots_first_all_get_the_one_tuple_built() -> None:
    # switching threads every microsecond makes them meet inside the first read's build
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(20):
            shared = settle(
                [Seat(50, cards=PERFECT), Seat(100, cards=FIVE_HIGH), Seat(150, cards=KING_HIGH),
                 Seat(150, cards=NINE_HIGH)]
            )  # fmt: skip
            start = threading.Barrier(8)

            def read(
                _: int, shared: Settlement = shared, start: threading.Barrier = start
            ) -> object:
                start.wait()
                return shared.pots

            with ThreadPoolExecutor(8) as pool:
                seen = list(pool.map(read, range(8)))
            assert all(pots is shared.pots for pots in seen)
    finally:
        sys.setswitchinterval(interval)


def test_settle_ranks_calls_describe_before_it_returns() -> None:
    named: list[int] = []

    def describe(half: int, seat: int) -> str:
        named.append(seat)
        return f"seat {seat}'s hand"

    result = settle_ranks([10, 10], [True, True], [("badugi", [5, 9])], describe=describe)
    assert named == [0]
    assert result.pots[0].halves[0].winners[0].hand == "seat 0's hand"
    assert named == [0]

    def refuse(half: int, seat: int) -> str:
        raise RuntimeError("no names today")

    with pytest.raises(RuntimeError, match="no names today"):
        settle_ranks([10, 10], [True, True], [("badugi", [5, 9])], describe=refuse)


@pytest.mark.parametrize("name", [7, None, b"badugi"])
def test_settle_ranks_refuses_a_describe_that_names_no_str(name: object) -> None:
    with pytest.raises(InvalidOptionType, match=r"describe must return a str, not \w+ \(half 0"):
        settle_ranks([10, 10], [True, True], [("badugi", [5, 9])], describe=lambda h, s: name)  # type: ignore[arg-type, return-value]


@pytest.mark.parametrize(
    ("kind", "error"),
    [("bogus", InvalidOption), ("uncontested", InvalidOption), (None, InvalidOptionType)],
)
def test_settle_ranks_refuses_a_half_kind_it_cannot_judge(kind: object, error: type) -> None:
    halves = [("badugi", [5, 9]), (kind, [1, 2])]
    with pytest.raises(error, match="half 1's kind must be one of 'badugi', 'ace-five'"):
        settle_ranks([10, 10], [True, True], halves)  # type: ignore[arg-type]


def test_settle_ranks_refuses_a_bool_as_a_rank_as_settle_does() -> None:
    """True was taken as rank 1: the best Badugi as the qualifier, so nothing qualified."""
    with pytest.raises(InvalidSettlement, match="qualifier: a rank must be an int, not bool"):
        settle_ranks([10, 10], [True, True], [("badugi", [5, 9])], qualifier=True)
    with pytest.raises(InvalidSettlement, match="half 0, seat 1: a rank must be an int, not bool"):
        settle_ranks([10, 10], [True, True], [("badugi", [5, False])])  # type: ignore[list-item]
    with pytest.raises(InvalidOptionType, match="not a bool"):
        settle([Seat(10, cards="As 2h 3d 4c"), Seat(10, cards="Ks Qh Jd Tc")], qualifier=True)


def test_format_settlement_of_a_hand_in_play_says_its_result_is_none() -> None:
    state = HandState(stacks=[100, 100], seed=1)
    with pytest.raises(
        InvalidOptionType, match=r"result must be a Settlement, not NoneType: .*is None"
    ):
        format_settlement(state.result)  # type: ignore[arg-type]


def test_format_settlement_mentions_pots_winners_and_payouts() -> None:
    text = format_settlement(
        settle(
            [Seat(50, cards=PERFECT), Seat(100, cards=FIVE_HIGH), Seat(150, cards=KING_HIGH)],
        )
    )
    assert "main" in text
    assert "side pot 1" in text
    assert "returned" in text.lower()
    assert "perfect" in text


def test_cards_in_any_accepted_form() -> None:
    # Ids, Card objects, card text and a mix all settle alike.
    forms: list[CardsLike] = [
        [0, 5, 10, 15],
        [Card(0), "2h", 10, Card("4c")],
        ("As", "2h", "3d", "4c"),
        "As2h3d4c",
    ]
    for cards in forms:
        assert settle([Seat(5, cards=cards), Seat(5, cards=KING_HIGH)]).payouts == (10, 0)


def test_pure_core_needs_no_cards() -> None:
    # Ranks instead of cards: seat 2 (rank 3) beats seat 0 (rank 7); seat 1 folded 5.
    result = settle_ranks([10, 5, 10], [True, False, True], [("badugi", [7, 0, 3])])
    assert result.payouts == (0, 0, 25)


@pytest.mark.parametrize(
    ("seats", "kwargs", "error", "message"),
    [
        ([Seat(-1, cards=PERFECT), Seat(1, cards=KING_HIGH)], {}, ValueError, "seat 0"),
        ([Seat(1, cards=PERFECT), Seat(1.5, cards=KING_HIGH)], {}, TypeError, "seat 1"),  # type: ignore[arg-type]
        ([Seat(True, cards=PERFECT), Seat(1, cards=KING_HIGH)], {}, TypeError, "seat 0"),
        ([Seat(5, cards=PERFECT), Seat(7, cards=KING_HIGH)], {"unit": 5}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), Seat(5, cards="As 3c 5d 7h")], {}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), Seat(5)], {}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), Seat(5, cards="Kc Qd Jh Ts 9s")], {}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)], {"button": 2}, ValueError, "button"),
        ([Seat(5, cards=PERFECT)], {}, ValueError, "at least 2 seats"),
        ([Seat(5, folded=True), Seat(5, folded=True)], {}, ValueError, "no live seat"),
        ([Seat(5, cards=PERFECT), {"contributed": 5, "cards": "Xx"}], {}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), {"chips": 5}], {}, ValueError, "seat 1"),
        ([Seat(5, cards=PERFECT), Seat(5, cards=[0, 1, 2, 60])], {}, ValueError, "seat 1"),
        (
            [Seat(5, cards=[8, 13, 18, 23]), Seat(5, cards=[4, 9, 14, 15, 16])],
            {},
            ValueError,
            "seat 1",
        ),
        (
            [Seat(5, cards=[8, 13, 18, 23]), Seat(5, cards=[4, 9, 13, 19])],
            {},
            ValueError,
            "seat 1: card 4h appears also at seat 0",
        ),
        ([Seat(5, cards=[8, 13, 18, 23]), Seat(5, cards=(4, 9, 4, 19))], {}, ValueError, "seat 1"),
        (
            [Seat(5, cards=[8, 13, 18, 23]), Seat(5, cards=("As", 9, 4.0, 19))],  # type: ignore[arg-type]
            {},
            TypeError,
            "seat 1",
        ),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"game": "holdem"},
            ValueError,
            "game",
        ),
        ([Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)], {"qualifier": 0}, ValueError, "qual"),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"qualifier": "9x"},
            ValueError,
            "qual",
        ),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"dead_money": -1},
            ValueError,
            "dead",
        ),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"dead_money": 1.0},
            TypeError,
            "dead",
        ),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"dead_money": 3, "unit": 5},
            ValueError,
            "dead_money must be a multiple of the unit 5",
        ),
        (
            [Seat(5, cards=PERFECT), Seat(5, cards=KING_HIGH)],
            {"dead_money": 2**63 - 10},
            ValueError,
            r"^the chips put in \(10\) plus dead_money \(9223372036854775798\) pass 2",
        ),
    ],
)
def test_bad_input_is_named(
    seats: list[Seat], kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        settle(seats, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("live", "aggressor", "button", "expected"),
    [
        ([0, 2, 3], None, 2, (3, 0, 2)),  # no bet: first live seat left of the button first
        ([0, 2, 3], None, 3, (0, 2, 3)),  # wraps past the last seat
        ([0, 2, 3, 5], 2, 0, (2, 3, 5, 0)),  # the last aggressor first, then clockwise
        ([1, 4], 4, 1, (4, 1)),
    ],
)
def test_show_order(
    live: list[int], aggressor: int | None, button: int, expected: tuple[int, ...]
) -> None:
    assert show_order(live, aggressor, button, n_seats=6) == expected


def test_show_order_rejects_a_folded_aggressor() -> None:
    with pytest.raises(ValueError, match="last aggressor 1"):
        show_order([0, 2], last_aggressor=1)


def test_show_order_checks_seats_against_the_table() -> None:
    with pytest.raises(ValueError, match="6 is not a seat of a 6-seat table"):
        show_order([0, 6], button=0, n_seats=6)


def test_the_game_names_are_written_once() -> None:
    from typing import get_args

    from badugi_fast.games import GAMES, Game

    assert get_args(Game) == tuple(GAMES)


def test_judging_works_for_any_number_of_halves() -> None:
    # three halves of one 31-unit pot: 11 + 10 + 10, the odd units of the cut going to the
    # preferred half first; seat 1 wins the first and third halves, seat 0 the second
    halves = [("badugi", [5, 3]), ("ace-five", [1, 9]), ("deuce-seven", [8, 2])]
    result = settle_ranks([16, 15], [True, True], halves, unit=1)
    (pot,) = result.pots
    assert [half.amount for half in pot.halves] == [10, 10, 10]
    assert result.payouts == (11, 20) and result.returned == (1, 0)
    odd = settle_ranks([16, 16], [True, True], halves, odd_unit_to="low")
    assert [half.amount for half in odd.pots[0].halves] == [11, 10, 11]
    assert odd.pots[0].odd_cut == "deuce-seven"
    # a qualifier nobody meets hands the Badugi half's share to the other two halves
    unqualified = settle_ranks([15, 15], [True, True], halves, qualifier=2)
    badugi, low, deuce = unqualified.pots[0].halves
    assert badugi.amount == 0
    assert (
        badugi.note == "no hand qualified; the ace-five and deuce-seven halves take the whole pot"
    )
    assert (low.amount, deuce.amount) == (15, 15)
