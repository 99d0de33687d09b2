"""Table (hand after hand), the bundled bots, seat views and simulate() with executors."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

import badugi_fast as bf
from badugi_fast.engine import (
    Bot,
    BotFactory,
    HandState,
    Level,
    RandomBot,
    SeatView,
    Table,
    calling_station,
    hand_strength_bot,
    random_bot,
    simulate,
)
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType, InvalidSettlement
from badugi_fast.games import GAMES, Game

BOTS: list[BotFactory] = [random_bot, calling_station, hand_strength_bot]


def test_view_hides_other_seats_cards_and_the_stub() -> None:
    state = HandState(stacks=[100] * 3, button=0, seed=1)
    state.apply("call")
    state.apply("call")
    state.apply("check")
    state.draw(state.hole_cards(1)[:2])
    view = state.view(2)
    assert isinstance(view, SeatView) and view.seat == 2 and view.legal is not None
    assert view.hole_cards == state.hole_cards(2)
    assert view.discard_counts == ((), (2,), ())
    mine, theirs = set(state.hole_cards(2)), set(state.hole_cards(0) + state.hole_cards(1))
    seen = {card for record in view.history for card in record.cards}
    assert seen <= mine and not seen & theirs
    hidden = [r for r in view.history if r.kind == "discard" and r.seat == 1]
    assert hidden[0].amount == 2 and hidden[0].cards == ()
    assert str(hidden[0]) == "seat 1 draws 2"  # not "stands pat"
    assert state.view(0).legal is None
    assert not hasattr(view, "stub")
    state.stand_pat()
    assert str(state.view(0).history[-1]) == "seat 2 stands pat"


def test_table_moves_the_button_and_busted_seats_sit_out() -> None:
    table = Table([30, 30, 30, 30], seed=7)
    bots = [random_bot(seed) for seed in range(4)]
    buttons = []
    for _ in range(200):
        if len(table.players) < 2:
            break
        buttons.append(table.button)
        table.play_hand(bots)
        assert sum(table.stacks) == 120
    assert buttons[:3] == [0, 1, 2]
    assert 0 in table.stacks  # somebody busted


def test_a_seat_without_chips_is_not_dealt_in() -> None:
    table = Table([100, 0, 100], seed=3, betting="no-limit")
    state = table.play_hand([calling_station(0)] * 3)
    assert state.n_seats == 2 and table.stacks[1] == 0
    assert table.button == 2  # the button skips the empty seat


def test_tournament_levels_and_play_until_one_left() -> None:
    table = Table([40, 40, 40], seed=11, levels=[Level(0, (1, 2)), Level(10, (5, 10), 1)])
    assert table.level() == ((1, 2), 0)
    hands = table.play(10_000, [hand_strength_bot(1), random_bot(2), random_bot(3)])
    assert len(table.players) == 1 and sum(table.stacks) == 120
    assert hands[-1].n_seats >= 2 and len(hands) < 10_000
    if len(hands) > 10:
        assert hands[10].history[0].kind == "post-ante"


def test_cash_game_join_rebuy_leave() -> None:
    table = Table([100, 0, 100], seed=5)
    table.sit(1, 50)
    assert table.players == (0, 1, 2)
    table.sit(1, 25)  # a rebuy adds chips
    assert table.stacks[1] == 75
    assert table.leave(2) == 100 and list(table.players) == [0, 1]
    table.play_hand({0: calling_station(0), 1: calling_station(0)})
    assert sum(table.stacks) == 175
    with pytest.raises(InvalidSettlement, match="7 is not a seat"):
        table.sit(7, 10)
    with pytest.raises(InvalidOptionType, match="Table sets dealer"):
        Table([10, 10], dealer="manual")


def test_table_with_one_player_refuses_to_deal() -> None:
    with pytest.raises(IllegalAction, match="needs 2 players"):
        Table([100, 0]).play_hand([calling_station(0)] * 2)


@pytest.mark.parametrize(
    ("game", "aces_low"), [(game, False) for game in sorted(GAMES)] + [("badeucey", True)]
)
def test_hand_strength_bot_draws_as_the_odds_policy(game: Game, aces_low: bool) -> None:
    """At every draw of a few hands the bot throws what policy_discard throws for its game
    and variant; in Badeucey aces low, some of those draws differ from aces high."""
    options = {"badeucey_aces_low": True} if aces_low else {}
    draws = differ = 0
    for seed in range(40):
        state = HandState(game=game, stacks=[100] * 4, button=0, seed=seed, **options)
        bots = [hand_strength_bot(seat) for seat in range(4)]
        while (seat := state.decider) is not None:
            view = state.view(seat)
            action = state.apply(bots[seat](view))
            if action.kind == "discard":
                expected = bf.policy_discard(view.hole_cards, game=game, **options)
                assert action.cards == expected
                draws += 1
                differ += expected != bf.policy_discard(view.hole_cards, game=game)
    assert draws > 20 and (differ > 0) == aces_low


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_with_mucking_plays_every_showdown_out(game: str) -> None:
    """The bots show or muck when the hand reaches a showdown; every hand ends paid and no
    chip is lost, whatever they choose."""
    table = Table([60] * 5, seed=11, game=game, betting="pot-limit", mucking=True)
    bots = [
        hand_strength_bot(1),
        random_bot(2),
        calling_station(),
        random_bot(4),
        hand_strength_bot(5),
    ]
    hands = table.play(150, bots)
    kinds = [record.kind for hand in hands for record in hand.history]
    assert all(hand.is_over for hand in hands) and sum(table.stacks) == 300
    assert "muck" in kinds and "show" in kinds


@pytest.mark.parametrize(("seed", "beaten"), [(3, True), (5, False)])
def test_bots_show_or_muck_as_they_say(seed: int, beaten: bool) -> None:
    """Three players check it down; the first to show may muck but has nothing to fear, the
    second is beaten by the first (seed 3) or not (seed 5)."""
    state = HandState(stacks=[100] * 3, button=0, seed=seed, mucking=True)
    while state.phase != "showdown":
        state.stand_pat() if state.phase == "draw" else state.check_or_call()
    first = state.to_show
    assert first is not None and state.decider == first and state.actor is None
    view = state.view(first)
    assert view.phase == "showdown" and view.to_show == first and view.legal is None
    assert view.can_muck and not state.view((first + 1) % 3).can_muck
    assert calling_station()(view).kind == "show"
    assert hand_strength_bot(0)(view).kind == "show"  # nothing shown yet can beat it
    state.show()
    second = state.view(state.decider)  # type: ignore[arg-type]
    shown = state.hole_cards(first)
    assert beaten == (bf.evaluate(shown) < bf.evaluate(second.hole_cards))
    assert second.can_muck and hand_strength_bot(0)(second).kind == ("muck" if beaten else "show")
    assert {random_bot(bot_seed)(second).kind for bot_seed in range(20)} == {"show", "muck"}


def test_simulate_with_mucking_is_reproducible_and_conserves_chips() -> None:
    result = simulate(200, BOTS, seed=6, chunk_size=50, mucking=True)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(200, BOTS, seed=6, chunk_size=50, mucking=True, executor=pool) == result
    assert sum(result.net) + result.carried_over == 0


def test_simulate_is_reproducible_and_conserves_chips() -> None:
    first = simulate(300, BOTS, seed=4, chunk_size=64, game="badacey", betting="pot-limit")
    again = simulate(300, BOTS, seed=4, chunk_size=64, game="badacey", betting="pot-limit")
    assert first == again and first.hands == 300
    assert sum(first.net) + first.carried_over == 0
    assert all(0 < count <= 300 for count in first.showdowns)
    assert simulate(300, BOTS, seed=5, chunk_size=64) != first
    assert first.to_dict()["net"] == list(first.net)


def test_simulate_result_does_not_depend_on_the_executor() -> None:
    serial = simulate(240, BOTS, seed=9, chunk_size=40)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate(240, BOTS, seed=9, chunk_size=40, executor=pool)
    assert parallel == serial


def test_simulate_on_a_dask_local_cluster() -> None:
    from distributed import Client, LocalCluster

    serial = simulate(120, BOTS, seed=2, chunk_size=30)
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        result = simulate(120, BOTS, seed=2, chunk_size=30, executor=client.get_executor())
    assert result == serial


def test_a_bot_given_for_a_factory_and_a_factory_for_a_bot_are_named() -> None:
    for bots, said in [
        (["random", random_bot], r"bots\[0\] \(seat 0\) is the name 'random' \(its factory"),
        (["random", "shark"], r"bots\[1\] \(seat 1\) is 'shark', not a bot factory"),
        ([random_bot, RandomBot(1)], r"bots\[1\] \(seat 1\): .* fails when given a seed .*a bot\?"),
        ([random_bot, lambda view: "call"], r"seat 1\): .* gives 'call' for a seed, not a bot"),
    ]:
        with pytest.raises(InvalidOptionType, match=said):
            simulate(10, bots)  # type: ignore[arg-type]
    table = Table([50, 50], seed=1)
    for bots, said in [
        (["random", "random"], r"seat 0's bot is the name 'random' \(its factory is BOTS"),
        ([RandomBot(1), RandomBot], r"seat 1's bot is RandomBot, a bot factory.*RandomBot\(seed\)"),
        ([random_bot] * 2, r"seat 0's bot is random_bot, a bot factory.*random_bot\(seed\)"),
    ]:
        with pytest.raises(InvalidOptionType, match=said):
            table.play_hand(bots)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="it looks like a bot: was a bot factory"):
        table.play_hand([lambda seed: calling_station(seed)] * 2)  # type: ignore[list-item]


def test_a_table_names_the_seat_its_bots_leave_out() -> None:
    """A bot missing for a seat that plays, or bots that are no list or dict of bots, is
    named before the hand starts, not an IndexError or KeyError from inside it."""
    table = Table([50, 50, 50], seed=1)
    for bots, error, said in [
        ([RandomBot(1)] * 2, InvalidOption, r"no bot for seat 2 \(2 bots given\)"),
        ({0: RandomBot(1), 1: RandomBot(2)}, InvalidOption, r"no bot for seat 2 \(bots for"),
        ("random", InvalidOptionType, r"bots must be a list or dict of bots, not str"),
        (None, InvalidOptionType, r"bots must be a list or dict of bots, not NoneType"),
    ]:
        with pytest.raises(error, match=said):
            table.play_hand(bots)  # type: ignore[arg-type]
    assert table.hands_played == 0 and table.stacks == (50, 50, 50)


def test_simulate_refuses_bad_options() -> None:
    with pytest.raises(InvalidSettlement, match="2 to 8 bots"):
        simulate(10, [random_bot])
    with pytest.raises(InvalidOptionType, match="simulate sets button"):
        simulate(10, BOTS, button=1)
    with pytest.raises(InvalidOptionType, match="is 1, not a bot factory"):
        simulate(10, [1, 2])  # type: ignore[list-item]
    with pytest.raises(InvalidOptionType, match="unknown hand option 'colour'"):
        simulate(10, BOTS, colour="red")
    with pytest.raises(InvalidSettlement, match="2 stacks for 3 bots"):
        simulate(10, BOTS, stacks=[5, 5])
    with pytest.raises(InvalidSettlement, match="game must be one of"):
        simulate(10, BOTS, game="holdem")
    with pytest.raises(InvalidSettlement, match="game must be one of"):
        Table([10, 10], game="holdem")
    with pytest.raises(InvalidOptionType, match="levels must be Level"):
        Table([10, 10], levels=[(0, (1, 2), 0)])  # type: ignore[list-item]
    assert bf.simulate is simulate


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [
        (-1, InvalidOption, "hands must be at least 0, not -1"),
        (1.5, InvalidOptionType, "hands must be an int, not float"),
        ("3", InvalidOptionType, "hands must be an int, not str"),
        (True, InvalidOptionType, "hands must be an int, not bool"),
    ],
)
def test_table_play_checks_hands_as_simulate_does(
    hands: object, error: type[Exception], message: str
) -> None:
    table, bots = Table([100] * 3, seed=1), [calling_station(0)] * 3
    with pytest.raises(error, match=message):
        table.play(hands, bots)  # type: ignore[arg-type]
    assert table.hands_played == 0 and table.play(0, bots) == []


def test_a_table_plays_for_the_pots_no_hand_won_in_the_next_hand() -> None:
    """docs/rules.md, "Settling a pot": a pot nobody qualified for is the next hand's dead money,
    and no chip is made or lost on the way."""
    table = Table([100] * 3, seed=1, qualifier=700)  # only a fine badugi wins
    bots = [calling_station(seat) for seat in range(3)]
    carried_in = carried_and_won = 0
    for _ in range(60):
        before = table.carried
        state = table.play_hand(bots)
        assert state.dead_money == before
        assert sum(table.stacks) + table.carried == 300
        assert table.carried == state.pot  # what this hand left: its dead money included
        carried_in += before > 0
        carried_and_won += before > 0 and table.carried == 0
    assert carried_in and carried_and_won  # pots were carried, and later won
    with pytest.raises(InvalidOptionType, match="a Table sets dead_money itself"):
        Table([10, 10], dead_money=5)


def _short_raiser(seed: int) -> Callable[[SeatView], str]:
    """A bot that raises below the minimum whenever it may raise."""
    return lambda view: "raise 3" if view.legal and view.legal.can_raise else "call"


def test_a_bots_illegal_action_names_the_seat_the_hand_and_the_action() -> None:
    with pytest.raises(IllegalAction) as error:
        simulate(10, [calling_station, _short_raiser], seed=3)
    message = str(error.value)
    assert message.startswith("seat 1's bot played 'raise 3' in hand 0 (button 0, seed ")
    assert message.endswith("): raise to 3 is below the minimum 4")
    seed = int(message.split("seed ")[1].split(")")[0])
    state = HandState(stacks=[200, 200], button=0, seed=seed)  # the hand, played again
    state.apply("call")
    with pytest.raises(IllegalAction, match="below the minimum 4"):
        state.apply("raise 3")
    table = Table([50, 50], seed=8, button=1)
    with pytest.raises(
        IllegalAction, match=r"^seat 1's bot played 'raise 3' in the hand of seed 8: "
    ):
        table.play_hand([calling_station(0), _short_raiser(0)])


def test_a_table_asks_a_bot_again_after_an_illegal_action_given_on_illegal() -> None:
    answers = iter(["check", "raise 3", "call"])  # the small blind faces the big blind
    refusals: list[str] = []
    table = Table([50, 50], seed=8, button=1)
    station = calling_station(1)
    bots: dict[int, Bot] = {0: calling_station(0), 1: lambda v: next(answers, None) or station(v)}
    state = table.play_hand(bots, on_illegal=lambda error: refusals.append(str(error)))
    assert refusals == ["seat 1 cannot check: 1 to call", "raise to 3 is below the minimum 4"]
    assert state.is_over and table.last_hand is state


def test_a_pickled_bot_goes_on_as_the_bot_would() -> None:
    """A bundled bot's copy (pickle, or copy.deepcopy) keeps its random stream where it was."""
    state = HandState(stacks=[100] * 3, button=0, seed=2, betting="no-limit")
    for factory in BOTS:
        bot = factory(7)
        bot(state.view(state.actor))  # type: ignore[arg-type]  # move its stream on
        copy = pickle.loads(pickle.dumps(bot))
        views = [state.view(state.actor)] * 20  # type: ignore[arg-type]
        assert [copy(view) for view in views] == [bot(view) for view in views]
