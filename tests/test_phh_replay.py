"""Replay and export: this engine's random hands of every game and betting structure load
back identically, replay to the same stacks and write the same hand again; every kind of bad
history is refused with one clear error. Both ways with PokerKit: test_phh_pokerkit.py.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from soak import size

from badugi_fast import phh
from badugi_fast.cards import parse_cards
from badugi_fast.engine import HandState, Table, random_bot
from badugi_fast.engine.rules import BETTINGS
from badugi_fast.errors import InvalidHistory, InvalidOptionType
from badugi_fast.games import GAMES

HANDS_EACH_WAY = size(300, 2000)
"""Hands played and cross-checked each way, here and with PokerKit (test_phh_pokerkit.py)."""
SPEC_EXAMPLE = Path(__file__).parent / "data" / "phh-std-yockey-arieh.phh"


def engine_hand(
    seed: int, game: str, betting: str, sizes: tuple[int, ...] = (6, 30, 200), **rules: Any
) -> HandState:
    """A random hand of this engine: 2-8 seats, stacks of the given sizes, any button (with
    ``mucking``, a random show or muck wherever a muck is allowed)."""
    rng = random.Random(seed)
    n = 2 + seed % 7
    stacks = [rng.choice(sizes) for _ in range(n)]
    state = HandState(game, betting, stacks, rng.randrange(n), seed=seed, **rules)
    while not state.is_over:
        if state.phase == "showdown":
            state.muck() if state.can_muck() and rng.random() < 0.5 else state.show()
            continue
        legal = state.legal_actions()
        assert legal is not None
        if legal.max_discards is not None:
            hole = state.hole_cards(legal.seat)
            state.draw(rng.sample(hole, rng.randint(0, legal.max_discards)))
        elif (
            legal.min_raise_to is not None and legal.max_raise_to is not None and rng.random() < 0.3
        ):
            state.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif legal.can_fold and rng.random() < 0.15:
            state.fold()
        else:
            state.check_or_call()
    return state


def round_trip(state: HandState, seed: int) -> tuple[phh.HandHistory, str]:
    """The hand written, read back identically, replayed to the same stacks and rewritten."""
    history = phh.from_state(state, hand=seed)
    text = phh.dumps(history)
    assert phh.loads(text) == history, seed
    replayed = phh.replay(history)  # on the hand's own seats
    assert replayed.stacks == state.stacks and replayed.button == state.button, seed
    assert phh.from_state(replayed, hand=seed) == history, seed  # and writes the same hand
    return history, text


def test_engine_hands_of_every_code_round_trip() -> None:
    codes = set()
    for seed in range(720):
        game = list(GAMES)[seed % len(GAMES)]
        betting = BETTINGS[seed // len(GAMES) % len(BETTINGS)]
        history, _ = round_trip(engine_hand(seed, game, betting), seed)
        codes.add(history.variant)
    assert codes == set(phh.VARIANTS) - {"XFB", "XF2L3D", "XN2L1D"}


def test_a_hand_under_pokerkits_conventions_and_another_cap_round_trips_as_x() -> None:
    """``_conventions`` carries the conventions of an ``X`` hand (absent: the card rooms')."""
    extension = 0
    for seed in range(40):
        game = ("badugi", "deuce-seven-triple-draw")[seed % 2]
        state = engine_hand(seed, game, "no-limit", conventions="pokerkit")
        history, _ = round_trip(state, seed)
        assert history.user_fields["_conventions"] == "pokerkit"
        state = engine_hand(seed, game, "fixed-limit", conventions="pokerkit", max_raises=5)
        history, _ = round_trip(state, seed)
        if history.variant.startswith("X"):  # a fifth raise: more than PokerKit's cap
            assert history.user_fields["_conventions"] == "pokerkit"
            extension += 1
        else:
            assert "_conventions" not in history.user_fields
    assert extension > 0
    card_room = engine_hand(1, "badugi", "pot-limit")
    assert "_conventions" not in phh.from_state(card_room).user_fields
    bad = phh.HandHistory(**{**vars(phh.loads(XFB_DEAD)), "user_fields": {"_conventions": "house"}})
    with pytest.raises(InvalidHistory, match="conventions must be one of"):
        phh.replay(bad)


def test_a_hand_with_dead_money_round_trips_under_its_x_code() -> None:
    """A pot carried in is no field of the specification: ``_dead_money`` carries it."""
    for seed in range(40):
        game = list(GAMES)[seed % 5]
        betting = ["fixed-limit", "pot-limit", "no-limit"][seed // 5 % 3]
        state = engine_hand(seed, game, betting, dead_money=1 + seed)
        history, _ = round_trip(state, seed)
        assert history.variant.startswith("X")
        assert history.user_fields["_dead_money"] == 1 + seed
        assert (
            sum(history.finishing_stacks or ()) + state.pot
            == sum(history.starting_stacks) + 1 + seed
        )


def test_player_order_puts_the_button_last() -> None:
    """Without ``seats`` (as PokerKit writes), ``pN`` is engine seat ``N - 1`` and the
    button the last seat."""
    state = engine_hand(3, "badugi", "fixed-limit")  # five seats, button somewhere
    history = phh.from_state(state)
    assert history.variant == "FB"
    unseated = phh.replay(phh.HandHistory(**{**vars(history), "seats": None}))
    assert unseated.button == state.n_seats - 1
    rotation = [(state.button + 1 + step) % state.n_seats for step in range(state.n_seats)]
    assert unseated.stacks == tuple(state.stacks[seat] for seat in rotation)


def test_a_hand_illegal_under_fb_is_written_under_the_extension_code() -> None:
    state = HandState("badugi", "fixed-limit", [200, 200], 0, seed=1, max_raises=None)
    for _ in range(6):
        legal = state.legal_actions()
        assert legal is not None and legal.min_raise_to is not None
        state.raise_to(legal.min_raise_to)
    history = phh.from_state(state)
    assert history.variant == "XFB" and history.user_fields["_max_raises"] == float("inf")
    text = phh.dumps(history)
    assert "_max_raises = inf" in text
    replayed = phh.replay(phh.loads(text))
    assert replayed.bets == state.bets and not replayed.is_over


def test_a_partial_history_gives_a_hand_in_progress() -> None:
    history = phh.load(SPEC_EXAMPLE.open("rb"))
    partial = phh.HandHistory(**{**vars(history), "actions": history.actions[:12]})
    state = phh.replay(partial)
    assert not state.is_over and state.street == 1 and state.actor == 0


GOOD = """variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 As2c3h4d",
  "d dh p2 6s7c8h9d",
  "d dh p3 TsJcQhKd",
  "p3 f",
  "p1 cc",
  "p2 cc",
  "p1 sd As",
  "p2 sd",
  "d dh p1 5s",
  "p1 cbr 2",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cc",
  "p2 cc",
  "p1 sm 5s2c3h4d",
  "p2 sm 6s7c8h9d",
]
finishing_stacks = [104, 96, 100]
"""


def test_the_good_history_replays() -> None:
    state = phh.replay(phh.loads(GOOD))
    assert state.is_over and state.stacks == (104, 96, 100)


def test_replay_takes_a_hand_history_and_says_so() -> None:
    state = phh.replay(phh.loads(GOOD))
    for bad in (state, phh.loads(GOOD).to_dict(), GOOD):
        with pytest.raises(InvalidOptionType, match=r"history must be a HandHistory, not \w+: "):
            phh.replay(bad)  # type: ignore[arg-type]


def test_from_state_takes_a_hand_and_says_so() -> None:
    for bad in (5, phh.loads(GOOD)):
        with pytest.raises(InvalidOptionType, match=r"state must be a HandState, not \w+: "):
            phh.from_state(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"d dh p2 6s7c8h9d"', '"d dh p2 5s6c7hAs"', r"action 1 .*cannot deal As"),
        ('"p3 f"', '"p1 f"', r"action 3 \('p1 f'\): p1 acts out of turn: p3 is to act"),
        ('"p1 cbr 2"', '"p1 cbr 3"', r"action 9 \('p1 cbr 3'\).*bet 3 is above"),
        ('"p1 sd As"', '"p1 sd Ks"', r"action 6 .*Ks"),
        ('"p3 f"', '"p4 f"', r"action 3 .*p4 is not a player of this 3-player hand"),
        ('"p3 f"', '"d db 2c3c4c"', r"action 3 .*'db' does not exist in draw games"),
        ('"p3 f"', '"p3 pb"', r"action 3 .*'pb' does not exist"),
        ('"p3 f"', '"p3 cbr 4.5"', r"action 3 .*4.5 is not a whole number of chips"),
        ('"p3 f"', '"p3 xx"', r"action 3 .*not a player action"),
        (
            '"p1 sm 5s2c3h4d"',
            '"p1 sm Qd2c3h4d"',
            r"action 19 .*p1 shows Qd, which p1 does not hold",
        ),
        ('"p2 sm 6s7c8h9d"', '"p3 sm"', r"action 20 .*p3 is not to show or muck \(p2 is\)"),
        ('"p1 cbr 2"', '"p1 sm"', r"action 9 .*before the betting is over"),
        (
            "[104, 96, 100]",
            "[100, 100, 100]",
            r"'finishing_stacks': the file says \[100, 100, 100\]",
        ),
        ("[0, 0, 0]", "[1, 0, 0]", r"'antes': the engine plays equal antes"),
        ("[1, 2, 0]", "[1, 2, 4]", r"no straddles"),
        ("[100, 100, 100]", "[100, 100, 100.5]", r"'starting_stacks': 100.5 is not a whole"),
        ("[100, 100, 100]", "[100, 100, inf]", r"'starting_stacks': inf is not a number of chips"),
        ('"d dh p1 As2c3h4d"', '"d dh p1 ????????"', r"action 6 \('p1 sd As'\).*As"),
    ],
)
def test_bad_histories_give_one_clear_error(old: str, new: str, message: str) -> None:
    assert old in GOOD
    history = phh.loads(GOOD.replace(old, new, 1))
    with pytest.raises(InvalidHistory, match=message):
        phh.replay(history)


XFB_DEAD = GOOD.replace('"FB"', '"XFB"').replace("[104, 96, 100]", "[110, 96, 100]")
"""GOOD under the extension code, with 6 chips of dead money that p1 wins."""


@pytest.mark.parametrize("value", ["6", "6.0"])
def test_dead_money_is_read_as_every_chip_amount(value: str) -> None:
    """docs/rules.md, "Players and seats": a float that is a whole number is chips."""
    state = phh.replay(phh.loads(XFB_DEAD + f"_dead_money = {value}\n"))
    assert state.dead_money == 6 and state.stacks == (110, 96, 100)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("6.5", r"'_dead_money': 6.5 is not a whole number of chips"),
        ("inf", r"'_dead_money': inf is not a number of chips"),
        ("true", r"'_dead_money': True is not a number of chips"),
        ('"6"', r"'_dead_money': expected a number, got '6'"),
        ('"six"', r"'_dead_money': expected a number, got 'six'"),
        ("[6]", r"'_dead_money': expected a number, got \[6\]"),
        ("-2", r"dead_money must be 0\.\."),
    ],
)
def test_bad_dead_money_is_refused_naming_the_field(value: str, message: str) -> None:
    with pytest.raises(InvalidHistory, match=message):
        phh.replay(phh.loads(XFB_DEAD + f"_dead_money = {value}\n"))


def test_a_standard_code_says_it_ignores_an_engine_setting() -> None:
    """FB has no dead money (nor the engine's other settings): a file that gives one under
    FB is replayed by the specification's rules, with a warning naming the field."""
    with pytest.warns(UserWarning, match=r"'_dead_money' is not read under FB.*XFB"):
        state = phh.replay(phh.loads(GOOD + "_dead_money = 6\n"))
    assert state.dead_money == 0 and state.stacks == (104, 96, 100)


def test_wrong_player_count_is_refused() -> None:
    one = (
        GOOD.replace("[0, 0, 0]", "[0]")
        .replace("[1, 2, 0]", "[1]")
        .replace("[100, 100, 100]", "[100]")
        .replace("[104, 96, 100]", "[100]")
    )
    with pytest.raises(InvalidHistory, match="a hand needs 2 players or more, got 1"):
        phh.replay(phh.loads(one))
    nine = phh.HandHistory(
        variant="FB", antes=(0,) * 9, blinds_or_straddles=(1, 2) + (0,) * 7,
        small_bet=2, big_bet=4, starting_stacks=(50,) * 9,
    )  # fmt: skip
    with pytest.raises(InvalidHistory, match="2 to 8 seats, got 9"):
        phh.replay(nine)


def test_fb_caps_bets_and_raises_at_four_a_round() -> None:
    history = phh.loads(GOOD)
    raises = ("p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12")
    capped = phh.HandHistory(**{**vars(history), "actions": history.actions[:3] + raises})
    with pytest.raises(
        InvalidHistory, match=r"action 7 \('p1 cbr 12'\): p1 cannot bet or raise now"
    ):
        phh.replay(capped)
    extension = phh.HandHistory(
        **{
            **vars(capped),
            "variant": "XFB",
            "finishing_stacks": None,
            "user_fields": {"_max_raises": 5},
        }
    )
    assert phh.replay(extension).bets == (12, 8, 10)


def test_unknown_cards_of_a_folded_hand_replay() -> None:
    state = phh.replay(phh.loads(GOOD.replace('"d dh p3 TsJcQhKd"', '"d dh p3 ????????"')))
    assert state.stacks == (104, 96, 100)
    hidden = (
        GOOD.replace('"d dh p2 6s7c8h9d"', '"d dh p2 ????????"')
        .replace('"p2 sd",\n  "d dh p1 5s"', '"p2 sd ????",\n  "d dh p1 5s",\n  "d dh p2 ????"')
        .replace('"p1 cc",\n  "p2 cc",\n  "p1 sm', '"p1 cbr 4",\n  "p2 f",\n  "p1 sm')
        .replace('  "p2 sm 6s7c8h9d",\n', "")
    )
    assert hidden.count("????") == 4
    assert phh.replay(phh.loads(hidden)).stacks == (104, 96, 100)


def test_unknown_cards_shown_at_the_showdown_take_the_stand_ins_places() -> None:
    """Every card of p2, or two, dealt unknown: its ``sm`` line shows them, the pot is paid
    from them, and the replay holds them from the deal on."""
    for dealt in ("????????", "6s??8h??"):
        state = phh.replay(phh.loads(GOOD.replace('"d dh p2 6s7c8h9d"', f'"d dh p2 {dealt}"')))
        assert state.stacks == (104, 96, 100)
        deal = next(step for step in state.history if step.kind == "deal" and step.seat == 1)
        assert set(deal.cards) == set(parse_cards("6s7c8h9d"))
    winner = (
        GOOD.replace('"d dh p1 As2c3h4d"', '"d dh p1 ????????"')
        .replace('"p1 sd As"', '"p1 sd ??"')
        .replace('"d dh p1 5s"', '"d dh p1 ??"')
    )
    assert phh.replay(phh.loads(winner)).stacks == (104, 96, 100)
    loser = winner.replace("5s2c3h4d", "KsQcJh9c").replace("[104, 96, 100]", "[96, 104, 100]")
    assert phh.replay(phh.loads(loser)).stacks == (96, 104, 100)


def test_a_card_shown_in_place_of_an_unknown_one_is_checked_against_the_other_hands() -> None:
    hidden = GOOD.replace('"d dh p2 6s7c8h9d"', '"d dh p2 ????????"')
    twice = hidden.replace('"p2 sm 6s7c8h9d"', '"p2 sm 6s7c8h4d"')
    with pytest.raises(InvalidHistory, match=r"action 20 .*p2 shows 4d, which p1 holds"):
        phh.replay(phh.loads(twice))
    too_many = hidden.replace('"p2 sm 6s7c8h9d"', '"p2 sm 6s7c8h9dTd"')
    with pytest.raises(InvalidHistory, match=r"action 20 .*p2 shows"):
        phh.replay(phh.loads(too_many))
    unshown = hidden.replace('  "p2 sm 6s7c8h9d",\n', "")
    with pytest.raises(InvalidHistory, match=r"p2's cards were dealt unknown \(\?\?\) but decide"):
        phh.replay(phh.loads(unshown))


def test_a_losing_hand_may_be_mucked() -> None:
    state = phh.replay(phh.loads(GOOD.replace('"p2 sm 6s7c8h9d"', '"p2 sm"')))
    assert state.stacks == (104, 96, 100)
    shown_as_dealt = GOOD.replace('"p1 sm 5s2c3h4d"', '"p1 sm -"')
    assert phh.replay(phh.loads(shown_as_dealt)).stacks == (104, 96, 100)


def test_a_winning_hand_mucked_gives_up_the_pot() -> None:
    mucked = GOOD.replace('"p1 sm 5s2c3h4d"', '"p1 sm"').replace("[104, 96, 100]", "[96, 104, 100]")
    state = phh.replay(phh.loads(mucked))
    assert state.stacks == (96, 104, 100) and state.folded(0)
    kinds = [(record.kind, record.seat) for record in state.history[-3:]]
    assert kinds == [("muck", 0), ("show", 1), ("win", 1)]
    written = phh.from_state(state)
    assert written.actions[-2:] == ("p1 sm", "p2 sm 6s7c8h9d")
    assert phh.replay(written).stacks == state.stacks
    both = mucked.replace('"p2 sm 6s7c8h9d"', '"p2 sm"')
    with pytest.raises(InvalidHistory, match=r"action 20 .*p2 cannot muck: it alone still claims"):
        phh.replay(phh.loads(both))


def test_seats_with_no_showdown_line_show() -> None:
    silent = GOOD.replace('  "p1 sm 5s2c3h4d",\n  "p2 sm 6s7c8h9d",\n', "")
    state = phh.replay(phh.loads(silent))
    assert state.stacks == (104, 96, 100)
    assert [record.kind for record in state.history[-3:]] == ["show", "show", "win"]


def test_an_all_in_blind_is_written_as_the_blind_due() -> None:
    state = HandState("badugi", "fixed-limit", [50, 1, 50], 2, seed=5)  # seat 1: big blind, 1 chip
    while not state.is_over:
        if state.phase == "draw":
            state.stand_pat()
        else:
            state.check_or_call()
    assert state.blinds == (1, 2) and state.contributed[1] == 1
    history = phh.from_state(state)
    assert list(history.blinds_or_straddles or ()) == [1, 2, 0]
    assert phh.replay(history).stacks == state.stacks


def test_settlement_options_are_written_and_replayed() -> None:
    options: dict[str, Any] = {"badeucey_aces_low": True, "odd_unit_to": "low", "qualifier": 900}
    for seed in range(40):
        state = engine_hand(seed, "badeucey", "no-limit", **options)
        history, _ = round_trip(state, seed)
        assert history.variant == "XNBE"
        assert {name: history.user_fields[f"_{name}"] for name in options} == options
    qualified = engine_hand(1, "badugi", "fixed-limit", qualifier=parse_cards("Kc Qd Jh Ts"))
    history, text = round_trip(qualified, 1)
    assert history.variant == "XFB" and '_qualifier = "Kc Qd Jh Ts"' in text


def test_a_table_session_is_written_as_one_phhs() -> None:
    table = Table([200, 120, 60, 30], seed=3, game="badeucey", betting="pot-limit")
    hands = table.play(25, [random_bot(seat) for seat in range(4)])
    # a seat short of its blind posts what it has; the hand's own blinds are written
    text = phh.dumps_all(phh.from_state(hand, hand=number) for number, hand in enumerate(hands, 1))
    histories = phh.loads_all(text)
    assert [history.hand for history in histories] == list(range(1, len(hands) + 1))
    for history, hand in zip(histories, hands, strict=True):
        assert history.variant == "XPBE"
        assert phh.replay(history).stacks == hand.stacks


def test_fb_with_no_small_bet_is_an_invalid_history_as_under_the_x_codes() -> None:
    for code in ("FB", "XFB"):
        history = phh.loads(
            GOOD.replace('"FB"', f'"{code}"').replace("small_bet = 2", "small_bet = 0")
        )
        with pytest.raises(InvalidHistory, match=r"the hand's settings: small_bet must be"):
            phh.replay(history)


@pytest.mark.parametrize(("code", "rounds"), [("XN2L1D", 2), ("XF2L1D", 2), ("XFB", 4)])
def test_big_bet_from_out_of_range_names_the_games_range(code: str, rounds: int) -> None:
    fields = phh.loads(GOOD).to_dict()
    if code.startswith("XN"):
        del fields["small_bet"], fields["big_bet"]
        fields["min_bet"] = 2
    history = phh.HandHistory.from_dict(
        {**fields, "variant": code, "actions": [], "finishing_stacks": None, "_big_bet_from": 5}
    )
    with pytest.raises(InvalidHistory, match=rf"'_big_bet_from': must be 0\.\.{rounds} for"):
        phh.replay(history)
    assert phh.replay(
        phh.HandHistory(**{**vars(history), "user_fields": {"_big_bet_from": rounds}})
    )
