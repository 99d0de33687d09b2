"""Every value the API hands out survives pickling under every protocol, 0 included: on
Python 3.10, protocols 0 and 1 drop the slots of a class that does not say how to pickle
it. (HandState has its own checked format: tests/test_engine_pickles.py.)"""

from __future__ import annotations

import pickle

import pytest

import badugi_fast as bf
from badugi_fast.engine import CallingStation, HandStrengthBot, RandomBot

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def values() -> dict[str, object]:
    """One of each value type that compares by value."""
    state = bf.HandState(game="badacey", betting="fixed-limit", stacks=[100] * 3, seed=7)
    return {
        "Hand": bf.Hand("As 2h 3d 4c"),
        "AceHighHand": bf.AceHighHand("As 2h 3d 4c 9s"),
        "AceFiveHand": bf.AceFiveHand("As 2h 3d 4c 5s"),
        "DeuceSevenHand": bf.DeuceSevenHand("7s 5h 4d 3c 2s"),
        "Card": bf.Card("Td"),
        "Seat": bf.Seat(5, cards="As 2h 3d 4c 5s"),
        "Settlement": bf.settle(
            [bf.Seat(5, cards="As 2h 3d 4c 5s"), bf.Seat(5, cards="Ks Qh Jd Tc 9c")],
            game="badacey",
        ),
        "DrawOdds": bf.draw_odds("As 2h 3d Kd", draws=1),
        "LegalActions": state.legal_actions(),
        "Action": state.call(),
    }


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_values_round_trip_under_every_protocol(protocol: int) -> None:
    for name, value in values().items():
        assert pickle.loads(pickle.dumps(value, protocol=protocol)) == value, name


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_pickled_bot_plays_on_as_the_bot_would(protocol: int) -> None:
    state = bf.HandState(game="badugi", betting="no-limit", stacks=[100] * 3, seed=3)
    view = state.view(state.actor)
    for bot in (RandomBot(seed=11), CallingStation(), HandStrengthBot(seed=5)):
        copy = pickle.loads(pickle.dumps(bot, protocol=protocol))
        assert type(copy) is type(bot)
        assert [copy(view) for _ in range(5)] == [bot(view) for _ in range(5)]
