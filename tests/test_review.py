"""review(): each decision of a played hand, priced against what the other players' draws
say they hold (docs/rules.md, "Reviewing a hand").

The equities are checked against a brute force written from the rule
(tests/reference_review.py), against the plain count of the hero's outs where the
opponent's cards are known, and against equity() asked the same question directly; the
hero is found by name and by PHH number, at the engine seat the replay gives him.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
import reference_review
from soak import FULL

import badugi_fast as bf
from badugi_fast.errors import InvalidHistory, InvalidOption, InvalidOptionType
from badugi_fast.phh.rooms import decode
from badugi_fast.phh.settings import engine_seats
from badugi_fast.reviews import Estimate

DATA = Path(__file__).parent / "data"
ROOMS = DATA / "rooms"
ALL_IN = ROOMS / "pokerstars" / "badugi-limit-heads-up-all-in.txt"
"""Hero Finch (p2, on the button) against Rook Amber, who drew one card and stood pat
twice, showing 3c 6d 7h 8s; Hero drew one card three times, all in on the second round."""
VILLAIN = "3c 6d 7h Kh, 3c 6d 8s Jd, 4c 7d 8h 8s, 3c 6d 7h 8s"
"""A small starting range for Rook Amber, so the brute force is quick."""


def imported() -> bf.phh.HandHistory:
    (history,) = bf.phh.from_room(ALL_IN.read_text())
    return history


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in bf.parse_cards(text)))


def close(a: Estimate, b: Estimate) -> bool:
    """Two estimates of one equity agree within four standard errors (or 1e-9 exact)."""
    assert a.equity is not None and b.equity is not None
    return abs(a.equity - b.equity) <= 4 * math.hypot(a.stderr, b.stderr) + 1e-9


def test_the_decisions_of_an_imported_hand() -> None:
    history = imported()
    result = bf.review(history, "Hero Finch", seed=1)
    hero = history.players.index("Hero Finch") + 1
    verbs = ("cc", "f", "cbr", "sd")
    acted = [
        i
        for i, line in enumerate(history.actions)
        if line.split()[:2][0] == f"p{hero}" and line.split()[1] in verbs
    ]
    assert result.hero == "Hero Finch" and result.player == hero - 1
    assert [d.index for d in result.decisions] == acted
    assert [(d.kind, d.street) for d in result.decisions] == [
        ("bet", 0),
        ("draw", 1),
        ("bet", 1),
        ("draw", 2),
        ("bet", 2),
        ("draw", 3),
    ]
    assert [d.did for d in result.decisions] == [
        "raises to 200",
        "discards Kd",
        "raises to 200",
        "discards Qh",
        "calls 200",
        "discards 9h",
    ]
    call = result.decisions[4]
    assert (call.pot, call.to_call) == (1000, 200)  # cents: $4 each in, Rook's bet of $2
    assert call.pot_odds == pytest.approx(200 / 1200)
    assert call.hand == bf.parse_cards("As 2h 5d 9h") and call.draws_left == 1
    assert result.net == 600  # by the rules: the rake is the room's (_rake)
    first = result.decisions[1]
    assert [o.discard for o in first.options][:2] == [(), bf.parse_cards("Kd")]
    assert [o.chosen for o in first.options] == [False, True, False, False, False]
    assert [o.policy for o in first.options] == [False, True, False, False, False]
    assert first.options[1].estimate == first.estimate


def test_hindsight_counts_the_outs_against_the_shown_hand() -> None:
    """From Rook Amber's first draw on he held 3c 6d 7h 8s (he stood pat after it). All in
    with A-2-5 and a heart too many, one draw left, Hero wins with 4c, 6c, 7c or 8c of the
    42 cards he has not seen (his hand, his discards Kd and Qh, and Rook's four are out)."""
    result = bf.review(imported(), "Hero Finch", seed=2)
    assert result.decisions[0].hindsight is None  # Rook drew after it: his cards then unknown
    for decision in result.decisions[4:]:
        assert decision.hindsight is not None and decision.hindsight.exact
        assert decision.hindsight.equity == pytest.approx(4 / 42, abs=1e-12)
    last = result.decisions[5]
    pat, one = last.options[0], last.options[1]
    assert pat.discard == () and pat.estimate.equity is not None
    assert one.chosen and one.policy
    assert result.all_in is not None
    assert result.all_in.equity == pytest.approx(4 / 42, abs=1e-12)
    assert (result.all_in.pot, result.all_in.won) == (1200, 1200)
    assert result.all_in.luck == pytest.approx(1200 - 1200 * 4 / 42)


def test_an_equity_of_the_review_against_the_brute_force() -> None:
    """The all-in call: Rook drew one, then stood pat; one draw left, Rook first."""
    result = bf.review(
        imported(), "Hero Finch", ranges={"Rook Amber": VILLAIN}, samples=20_000, seed=3
    )
    call = result.decisions[4]
    expected = reference_review.heads_up(
        ids("As 2h 5d 9h"),
        ids("Kd Qh"),
        (),
        [ids(hand) for hand in VILLAIN.split(",")],
        (1, 0),
        hero_draws=True,
        hero_first=False,
        opponent_draws=True,
    )
    assert call.equity is not None and not call.exact
    assert abs(call.equity - expected) <= 4 * call.stderr
    assert result.ranges == {"Rook Amber": VILLAIN}


def test_the_draw_options_are_the_equity_of_the_same_question() -> None:
    """Each way Hero could have drawn at the second draw, asked of equity() directly:
    Rook has drawn one, then (before Hero) stood pat."""
    result = bf.review(imported(), 2, ranges={1: VILLAIN}, samples=20_000, seed=4)
    second = result.decisions[3]
    assert second.kind == "draw" and second.hand == bf.parse_cards("As 2h 5d Qh")
    for option in second.options:
        direct = bf.equity(
            [VILLAIN, "As 2h 5d Qh"],
            draws=2,
            discards=[None, option.discard],
            discarded=[None, "Kd"],
            drawn=[[1, 0], None],
            samples=20_000,
            seed=5,
        )
        assert option.estimate.equity is not None
        mine = Estimate(direct.equity[1], direct.exact, direct.stderr[1])
        assert close(option.estimate, mine), option


def test_the_hero_by_name_or_number_sits_at_his_engine_seat() -> None:
    """Kings Club's button is on Hero Birch's right: he is p1 of the history and engine
    seat 1. His cards at each decision are his, whichever way he is named."""
    (history,) = bf.phh.from_room((ROOMS / "kingsclub" / "badugi-half-pot-limit.txt").read_text())
    ((player, cards),) = {
        int(line.split()[2][1:]) - 1: line.split()[3]
        for line in history.actions[: history.player_count]  # the deal
        if "?" not in line
    }.items()
    assert engine_seats(history)[player] != player
    by_name = bf.review(history, history.players[player], samples=200, seed=1)
    by_number = bf.review(history, player + 1, samples=200, seed=1)
    assert by_name == by_number
    assert by_name.decisions[0].hand == tuple(bf.parse_cards(cards))


def hero_of(history: bf.phh.HandHistory) -> int:
    """The one player whose cards the history shows from the deal (the room's hero)."""
    (player,) = (
        i for i, line in enumerate(history.actions[: history.player_count]) if "?" not in line
    )
    return player


FIXTURES = sorted(
    path for path in ROOMS.glob("*/*") if "refused" not in path.name and path.suffix != ".xml"
)
"""Every hand the importer reads; the default run reviews the four-card ones of two rooms."""
QUICK = ("kingsclub/badugi-half-pot-limit.txt", "merge/badugi-pot-limit.txt")


@pytest.mark.parametrize(
    "path",
    FIXTURES if FULL else [ROOMS / name for name in QUICK],
    ids=lambda path: f"{path.parent.name}-{path.name}",
)
def test_every_imported_fixture_is_reviewed(path: Path) -> None:
    """Each room and game: a decision for each line of the hero's, in order."""
    for history in bf.phh.from_room(decode(path.read_bytes())):
        player = hero_of(history)
        result = bf.review(history, player + 1, samples=100, seed=1)
        acted = [
            i
            for i, line in enumerate(history.actions)
            if line.split()[0] == f"p{player + 1}" and line.split()[1] in ("cc", "f", "cbr", "sd")
        ]
        assert [d.index for d in result.decisions] == acted
        for decision in result.decisions:
            assert decision.equity is None or 0 <= decision.equity <= 1


def test_a_phh_hand() -> None:
    """The imported hand written as PHH and read back is the same hand to a review."""
    history = bf.phh.loads(bf.phh.dumps(imported()))
    assert bf.review(history, "Hero Finch", samples=500, seed=6) == bf.review(
        imported(), "Hero Finch", samples=500, seed=6
    )


@pytest.mark.skipif(not FULL, reason="BADUGI_SOAK=full reviews a four-handed deuce-to-seven hand")
def test_a_phh_hand_by_player_number() -> None:
    """Yockey against Arieh (2019 WSOP, from the PHH specification): Yockey stood pat on a
    seven while Arieh drew two, one and one; at the last bet the draws are over and the
    shown hand is the one Arieh held, which beat him."""
    history = bf.phh.load((DATA / "phh-std-yockey-arieh.phh").open())
    result = bf.review(history, 1, samples=2_000, seed=6)
    assert result.hero == "Bryce Yockey"
    draws = [d for d in result.decisions if d.kind == "draw"]
    assert [d.action.cards for d in draws] == [(), (), ()]
    last = result.decisions[-1]
    assert last.draws_left == 0 and last.hindsight is not None and last.hindsight.equity == 0.0
    assert bf.review(history, "Bryce Yockey", samples=2_000, seed=6) == result


@pytest.mark.parametrize(
    ("hero", "error", "message"),
    [
        ("Nobody", InvalidOption, "not a player of this hand"),
        (7, InvalidOption, "p7 is not a player"),
        (1.5, InvalidOptionType, "a player's name or number"),
        ("Rook Amber", InvalidHistory, "the hero's cards are not all known"),
    ],
)
def test_a_hero_not_in_the_hand_is_refused(hero: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        bf.review(imported(), hero, samples=100)  # type: ignore[arg-type]


def test_a_review_is_repeated_from_its_seed() -> None:
    first = bf.review(imported(), "Hero Finch", samples=1_000)
    again = bf.review(imported(), "Hero Finch", samples=1_000, seed=first.seed)
    assert again == first
    assert dataclasses.replace(first, seed=0) != first
