"""Hands from card rooms (badugi_fast.phh.rooms): every fixture imports, replays and is paid
as the room paid it, to the unit; refused hands say why; the rake is taken as
docs/rules.md, "Rake", says."""

from __future__ import annotations

import dataclasses
import pickle
import re
from pathlib import Path

import pytest

from badugi_fast import format_settlement, phh
from badugi_fast.cli import main
from badugi_fast.engine import HandState
from badugi_fast.engine.rake import pot_rakes, raked_payouts
from badugi_fast.errors import InvalidHistory, InvalidOption, PayoutMismatch, RoomHistoryError
from badugi_fast.phh.rooms import decode, read_room
from badugi_fast.phh.settings import engine_seats

ROOMS = Path(__file__).parent / "data" / "rooms"
FIXTURES = sorted(
    path
    for path in ROOMS.rglob("*")
    if path.suffix in (".txt", ".utf16") and "refused" not in path.name
)
"""Every room's fixture hands, UTF-16 ones (``.utf16``) included; refused.txt is refused."""


def hands_of(path: Path) -> list[phh.HandHistory]:
    return phh.from_room(decode(path.read_bytes()))


def by_player(history: phh.HandHistory, values: tuple[int, ...]) -> tuple[int, ...]:
    """Engine-seat values in the history's player order, as the room's fields are."""
    return tuple(values[seat] for seat in engine_seats(history))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_every_fixture_imports_replays_and_matches_the_rooms_payouts(path: Path) -> None:
    histories = hands_of(path)
    assert histories
    for history in histories:
        state = phh.replay(history)  # the payout check runs inside
        assert state.is_over
        fields = history.user_fields
        result = state.result
        room = fields["_collected"] if "_collected" in fields else fields["_paid"]
        returned = fields.get("_returned", list(by_player(history, result.returned)))
        if "_paid" in fields:  # Winamax: what each got back, its uncalled bet in it
            returned = [0] * state.n_seats
        # the room's own arithmetic: collected plus rake is the pot the players put in
        put_in = sum(result.contributed) + result.dead_money
        kept = fields.get("_rake", put_in - sum(room) - sum(returned))  # Merge writes none
        assert kept >= 0 and sum(room) + kept + sum(returned) == put_in
        # and the rules pay the room's amounts exactly
        gross = [pot.amount for pot in result.pots]
        listed = fields.get("_pots", [])  # more than the rules make when one all in mucked
        rake = (
            [g - net for g, net in zip(gross, listed, strict=True)]
            if len(listed) == len(gross)
            else kept
        )
        paid = by_player(history, raked_payouts(state, rake))
        assert [p - r for p, r in zip(paid, returned, strict=True)] == room


def test_a_limit_triple_draw_hand_reads_its_fields() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit.txt")
    assert history.variant == "XF2L3D"
    assert (history.small_bet, history.big_bet) == (100, 200)
    assert history.blinds_or_straddles == (50, 100, 0, 0, 0)
    assert history.players == ("quill_fox", "Marmot77", "tin kettle", "Ovenbird", "Hero Lowman")
    assert history.seats == (2, 3, 4, 5, 1)
    assert (history.venue, history.table, history.seat_count) == ("PokerStars", "Testudo IV", 6)
    assert (history.hand, history.currency, history.currency_symbol) == (900000000001, "USD", "$")
    assert (history.year, history.month, history.day, str(history.time)) == (2024, 3, 5, "21:14:07")
    assert history.starting_stacks == (4042, 3000, 5730, 1450, 2588)
    assert history.user_fields["_rake"] == 80
    assert history.user_fields["_collected"] == [0, 0, 0, 2070, 0]
    # the opponents' cards are unknown until shown; the hero's discards are named
    assert history.actions[0] == "d dh p1 ??????????"
    assert "p5 sd Qs9c" in history.actions and "d dh p4 ????" in history.actions


def test_a_tournament_with_antes_side_pots_and_an_all_in_for_less() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "badugi-limit-tournament.txt")
    assert history.variant == "XFB" and history.event == "Tournament #3300001"
    assert history.level == 3 and history.currency is None
    assert history.antes == (5, 5, 5, 5)
    assert history.user_fields["_pots"] == [580, 160]
    assert history.user_fields["_returned"] == [0, 0, 80, 0]
    state = phh.replay(history)
    assert [pot.amount for pot in state.result.pots] == [580, 160]


def test_a_dead_small_blind_is_a_missed_blind_and_a_sitting_out_player_is_not_dealt_in() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "single-draw-27-no-limit.txt")
    assert history.variant == "XN2L1D" and history.min_bet == 50
    assert "Fennel Oak" not in (history.players or ())
    assert history.user_fields["_missed_blinds"] == [[0, 0], [0, 0], [0, 25], [0, 0]]
    assert history.starting_stacks[2] == 6000  # the stack before every post
    assert history.user_fields["_returned"] == [0, 0, 0, 600]
    state = phh.replay(history)
    assert state.dead_money == 25
    assert state.missed_blinds == {engine_seats(history)[2]: (0, 25)}


def test_the_odd_chip_of_a_raked_split_pot_goes_left_of_the_button() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "triple-draw-a5-pot-limit.txt")
    assert history.variant == "XPA5L3D" and history.min_bet == 25
    assert history.user_fields["_collected"] == [0, 450, 449]
    assert by_player(history, phh.replay(history).result.payouts) == (0, 470, 470)  # unraked


def test_a_utf16_file_reads_as_its_utf8_twin() -> None:
    data = (ROOMS / "pokerstars" / "triple-draw-27-limit.utf16").read_bytes()
    assert data.startswith(b"\xff\xfe")
    (twin,) = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit.txt")
    (history,) = phh.from_room(decode(data))
    assert dataclasses.replace(history, hand=twin.hand) == twin


def test_refused_hands_say_why_and_the_good_ones_still_import() -> None:
    results = read_room((ROOMS / "pokerstars" / "refused.txt").read_text())
    errors = [result for result in results if isinstance(result, RoomHistoryError)]
    assert [error.reason for error in errors] == [
        "game not played by the engine",
        "cancelled hand",
        "summary-only hand",
        "dead hand",
    ]
    assert [error.hand for error in errors] == [f"90000000040{i}" for i in range(1, 5)]
    assert errors[1].line == 23 and "line 23" in str(errors[1])
    assert all(error.room == "PokerStars" for error in errors)
    assert isinstance(results[-1], phh.HandHistory)
    phh.replay(results[-1])
    with pytest.raises(RoomHistoryError, match=r"PokerStars hand #900000000401, line 1: game"):
        phh.from_room((ROOMS / "pokerstars" / "refused.txt").read_text())
    copy = pickle.loads(pickle.dumps(errors[1]))
    assert (copy.reason, copy.line, str(copy)) == (errors[1].reason, 23, str(errors[1]))


def test_a_payout_the_rules_do_not_make_names_the_player_and_both_amounts() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit.txt")
    fields = {**history.user_fields, "_collected": [0, 0, 0, 2060, 10]}
    with pytest.raises(
        PayoutMismatch, match=r"p4 \(Ovenbird\): the room paid 2060, the rules pay 2070"
    ):
        phh.replay(dataclasses.replace(history, user_fields=fields))
    fields = {**history.user_fields, "_rake": 70}
    with pytest.raises(PayoutMismatch, match="the room paid 2070, the rules pay 2080"):
        phh.replay(dataclasses.replace(history, user_fields=fields))


def test_room_text_whose_pot_does_not_add_up_is_refused() -> None:
    text = (ROOMS / "pokerstars" / "triple-draw-27-limit.txt").read_text()
    (error,) = read_room(text.replace("collected $20.70", "collected $20.60"))
    assert isinstance(error, RoomHistoryError) and error.reason == "pots that do not add up"
    # collected and total changed together: the room's arithmetic holds, the rules' does not
    changed = text.replace("collected $20.70", "collected $20.60").replace("$21.50", "$21.40")
    (history,) = phh.from_room(changed)
    with pytest.raises(PayoutMismatch, match="the room paid 2060"):
        phh.replay(history)


def test_an_unknown_room_or_line_is_a_named_error() -> None:
    with pytest.raises(RoomHistoryError, match="not a hand history of a room"):
        phh.from_room("Some Poker Hand #1\n")
    text = (ROOMS / "pokerstars" / "triple-draw-27-limit.txt").read_text()
    (error,) = read_room(text.replace("Ovenbird: checks", "Ovenbird: juggles", 1))
    assert isinstance(error, RoomHistoryError) and error.reason == "line not understood"
    assert error.line == 22 and "Ovenbird: juggles" in str(error)
    with pytest.raises(RoomHistoryError, match="UTF-8 or UTF-16"):
        decode(b"\xff\xff\x80")


def test_pot_rakes_take_a_total_from_the_main_pot_first() -> None:
    assert pot_rakes([100, 50], 0) == (0, 0)
    assert pot_rakes([100, 50], 120) == (100, 20)
    assert pot_rakes([100, 50], [3, 2]) == (3, 2)
    for bad in (151, [1], [101, 0], -1):
        with pytest.raises(InvalidOption):
            pot_rakes([100, 50], bad)


def test_raked_payouts_without_rake_are_the_hands_payouts() -> None:
    for seed in range(6):
        state = HandState(game="badeucey", stacks=[30, 100, 60], seed=seed)
        while not state.is_over:
            if state.phase == "draw":
                state.draw(state.hole_cards(state.actor)[:1])
            elif state.can_raise_to(state.bets[state.actor] + 4):
                state.raise_to(state.bets[state.actor] + 4)
            else:
                state.check_or_call()
        assert raked_payouts(state, 0) == state.result.payouts
        total = sum(state.result.payouts) - sum(state.result.returned)
        assert sum(raked_payouts(state, 5)) == sum(state.result.payouts) - min(5, total)
    with pytest.raises(InvalidOption, match="not over"):
        raked_payouts(HandState(), 0)


def test_badugi_import_prints_one_line_per_file_and_its_exit_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = [str(path) for path in FIXTURES]
    out = tmp_path / "hands.phhs"
    assert main(["import", *good, "-o", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(FIXTURES) + 1  # and what -o wrote
    assert lines[-1].startswith("hands.phhs: ") and " hands written, " in lines[-1]
    utf16 = "triple-draw-27-limit.utf16: PokerStars, 1 read, 1 imported, 0 refused"
    assert any(line.startswith(utf16) for line in lines)
    # a dead blind no line states is said on the history: counted as a warning
    assert all(re.search(r"0 payouts disagree(, 1 with warnings)?$", line) for line in lines[:-1])
    assert any(
        line.startswith("badugi-pot-limit-split.txt: Full Tilt Poker, 1 read") for line in lines
    )
    hands = sum(len(hands_of(path)) for path in FIXTURES)
    assert len(phh.load_all(out.open("rb"))) == hands
    assert main(["replay", str(out)]) == 0
    report = capsys.readouterr().out
    assert report.count("paid what the rules pay") == hands
    assert "room payouts: Full Tilt Poker paid what the rules pay" in report
    assert "after a rake of 80" in report

    refused = ROOMS / "pokerstars" / "refused.txt"
    assert main(["import", str(refused), *good[:1]]) == 1
    first = capsys.readouterr().out.splitlines()[0]  # then the refused hands, named
    assert first == (
        "refused.txt: PokerStars, 5 read, 1 imported, 4 refused (cancelled hand: 1, dead hand: 1,"
        " game not played by the engine: 1, summary-only hand: 1), 0 payouts disagree"
    )


def test_badugi_import_counts_payouts_that_disagree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOMS / "pokerstars" / "triple-draw-27-limit.txt").read_text()
    changed = tmp_path / "changed.txt"
    changed.write_text(text.replace("$20.70", "$20.60").replace("$21.50", "$21.40"))
    assert main(["import", str(changed)]) == 1
    out = capsys.readouterr().out
    assert "1 imported, 0 refused, 1 payouts disagree" in out
    assert "p4 (Ovenbird): the room paid 2060, the rules pay 2070" in out


def test_badugi_import_of_a_bad_file_is_exit_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    assert main(["import", str(notes)]) == 2
    assert "notes.txt: not a hand history of a room" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "missing.txt")]) == 2
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x80\x81PokerStars")
    assert main(["import", str(binary)]) == 2
    assert "UTF-8 or UTF-16" in capsys.readouterr().err


def test_a_tournament_player_sitting_out_is_dealt_in_and_draws_follow_without_betting() -> None:
    first, second = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit-tournament.txt")
    assert first.players == ("Sable Quay", "Birch Lowe", "Hero Marten", "Elm Carver")
    assert first.antes == (10, 10, 10, 10) and first.user_fields["_pots"] == [720, 1180]
    # all in before the first draw: three draws in a row, each dealt before the next
    draws = [line for line in second.actions if " sd" in line or line.startswith("d dh p2")]
    assert draws == [
        "d dh p2 2s4h6d9cQs",
        "p1 sd ????",
        "p2 sd 9cQs",
        "d dh p2 3c8h",
        "p1 sd ??",
        "p2 sd 8h",
        "d dh p2 7s",
        "p1 sd",
        "p2 sd",
    ]


def test_an_all_in_player_who_mucks_leaves_the_rules_one_pot_where_the_room_lists_two() -> None:
    text = (ROOMS / "pokerstars" / "badugi-limit-tournament.txt").read_text()
    mucked = text.replace(
        "Pike Ossory: shows [Ac 3d 5h 6s] (Badugi: 6,5,3,A)", "Pike Ossory: mucks hand"
    ).replace("Pike Ossory collected 580", "Harrow Fen collected 580")
    (history,) = phh.from_room(mucked)
    assert history.user_fields["_pots"] == [580, 160]
    state = phh.replay(history)
    assert [pot.amount for pot in state.result.pots] == [740]
    assert by_player(history, state.result.payouts) == (0, 0, 820, 0)


def test_a_returning_players_blinds_are_missed_blinds_paid_as_the_room_paid_them() -> None:
    both, out_of_turn = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit-missed-blinds.txt")
    # "posts small & big blinds": a live big blind and the small blind dead
    assert both.players[2] == "Dunlin Moor" and both.starting_stacks[2] == 1800
    assert both.user_fields["_missed_blinds"][2] == [100, 50]
    state = phh.replay(both)
    assert state.dead_money == 50 and by_player(both, state.result.payouts)[2] == 2100
    assert by_player(both, state.result.contributed)[2] == 900  # the dead 50 is no bet
    # "posts big blind" from a seat that is not the big blind's: a live big blind only
    assert out_of_turn.players[2] == "Eyot Fairweather"
    assert out_of_turn.user_fields["_missed_blinds"][2] == [100, 0]
    assert by_player(out_of_turn, phh.replay(out_of_turn).result.returned)[2] == 100
    # a returning player's blinds that are not the stakes' are refused by name
    text = (ROOMS / "pokerstars" / "triple-draw-27-limit-missed-blinds.txt").read_text()
    (error, _) = read_room(
        text.replace("posts small & big blinds $1.50", "posts small & big blinds $1")
    )
    assert isinstance(error, RoomHistoryError)
    assert error.reason == "blinds not where the engine posts them"
    assert "Dunlin Moor posts 100 as a returning player's blinds" in str(error)


def test_full_tilt_reads_its_utf16_files_and_its_own_words() -> None:
    data = (ROOMS / "fulltilt" / "triple-draw-27-limit.utf16").read_bytes()
    assert data.startswith(b"\xff\xfe")
    (history,) = phh.from_room(decode(data))
    assert (history.venue, history.table, history.hand) == (
        "Full Tilt Poker",
        "Quillon",
        40000000001,
    )
    assert history.players == ("Teal Ferris", "Ruff Tarn", "Dunlin Marsh", "Hero Wold")
    assert (str(history.time), history.time_zone_abbreviation) == ("21:05:44", "ET")
    assert (history.small_bet, history.big_bet, history.blinds_or_straddles[:2]) == (
        10,
        20,
        (5, 10),
    )
    assert history.user_fields["_collected"] == [0, 197, 0, 0]
    # a UTF-8 tool's newline after the UTF-16 text is not a half character
    assert phh.from_room(decode(data + b"\n")) == [history]


def test_full_tilt_antes_with_blinds_and_a_raked_tie() -> None:
    (antes,) = hands_of(ROOMS / "fulltilt" / "single-draw-27-no-limit-antes.txt")
    assert antes.antes == (5, 5, 5) and antes.min_bet == 20
    assert antes.user_fields["_returned"] == [0, 0, 280]
    (tie,) = hands_of(ROOMS / "fulltilt" / "badugi-pot-limit-split.txt")
    assert tie.variant == "XPB" and tie.user_fields["_collected"] == [185, 184]
    assert by_player(tie, phh.replay(tie).result.payouts) == (190, 190)  # unraked: 11


def test_kings_club_split_games_pay_each_half_as_the_room_did() -> None:
    (badacey,) = hands_of(ROOMS / "kingsclub" / "badacey-limit.txt")
    assert (badacey.variant, badacey.venue, badacey.table) == ("XFBA", "Kings Club", "Lantern Mix")
    assert badacey.antes == (550, 550, 550) and badacey.user_fields["_collected"] == [
        20400,
        20400,
        0,
    ]
    state = phh.replay(badacey)
    (pot,) = state.result.pots
    players = engine_seats(badacey)
    assert [[players.index(w.seat) for w in half.winners] for half in pot.halves] == [[1], [0]]
    (badeucey,) = hands_of(ROOMS / "kingsclub" / "badeucey-limit.txt")
    assert badeucey.variant == "XFBE" and badeucey.user_fields["_collected"] == [0, 7350, 7350]


def test_kings_club_writes_no_uncalled_bet() -> None:
    (history,) = hands_of(ROOMS / "kingsclub" / "single-draw-27-no-limit.txt")
    assert "_returned" not in history.user_fields
    assert by_player(history, phh.replay(history).result.returned) == (0, 30000, 0)


def test_kings_club_pots_run_twice_are_played_run_by_run_as_the_room_paid_them() -> None:
    """The draws after the last bet are written once for each run with that run's cards
    (the hero's ``draws [6c] [Tc]``), each run ending with its shows; heads-up with an
    uncalled bet, and three-way with a side pot and a rake shared between the runs."""
    heads_up, side_pot = hands_of(ROOMS / "kingsclub" / "single-draw-27-run-twice.txt")
    assert heads_up.user_fields["_runs"] == 2 and heads_up.user_fields["_run_starts"] == [6, 11]
    assert heads_up.actions[6:] == (
        "p1 sd 9h",
        "p2 sd",
        "d dh p1 6c",
        "p1 sm 2h3c4d7s6c",  # the hero's show without "Run 1:" is the first run's
        "p2 sm 2s4c5h6d8s",
        "p1 sd 9h",
        "p2 sd",
        "d dh p1 Tc",
        "p2 sm 2s4c5h6d8s",
    )
    state = phh.replay(heads_up)
    assert [by_player(heads_up, run.payouts) for run in state.run_results] == [
        (104000, 0, 0),
        (0, 104000, 0),
    ]
    assert by_player(heads_up, state.result.returned) == (38500, 0, 0)
    assert side_pot.user_fields["_run_starts"] == [7, 15]
    assert side_pot.actions[15:20] == ("p1 sd Kh", "p2 sd ??", "p3 sd", "d dh p1 Qd", "d dh p2 ??")
    state = phh.replay(side_pot)
    assert [[pot.amount for pot in run.pots] for run in state.run_results] == [[90000, 60000]] * 2
    assert [by_player(side_pot, run.payouts) for run in state.run_results] == [
        (150000, 0, 0),
        (0, 90000, 60000),
    ]
    report = format_settlement(state.result, runs=state.run)
    assert "run 2 main pot 90000" in report and "run 2 side pot 1 60000" in report


OLDER_RUNS = ROOMS / "kingsclub" / "single-draw-27-run-twice-older.txt"
"""Kings Club's older writing of a pot run twice, as a public hand of 2021 has it: each
draw a second ``Dealt to`` line, no run's shows but the first."""


def test_kings_club_older_run_twice_writing_is_read_run_by_run() -> None:
    """``Dealt to Hero Vane: [6h Ks Ks]`` is 6h in run 1, Ks in run 2 and Ks thrown (he
    picks his king up again in run 2, throws it and is dealt it back, which a dealer who
    reshuffles the cards out of play may do); ``[X X X X X X]`` two thrown and two dealt in
    each run, unknown. The room shows no hand of run 2: Ivo Marsh, dealt unknown cards in
    it, mucks it, and the pat 9-8-7-4-3 takes run 2's main and side pots from the hero's
    K-7-5-3-2, as the room paid. PokerKit runs no pot twice: no cross-check."""
    (history,) = hands_of(OLDER_RUNS)
    assert history.user_fields["_runs"] == 2 and history.user_fields["_run_starts"] == [11, 19]
    assert history.actions[11:] == (
        "p1 sd Ks",
        "p2 sd",
        "p4 sd ????",
        "d dh p1 6h",
        "d dh p4 ????",
        "p1 sm 5c3d7h6h2c",
        "p2 sm 4s9d8s7d3h",
        "p4 sm 8cQh6c2hJd",
        "p1 sd Ks",
        "p2 sd",
        "p4 sd ????",
        "d dh p1 Ks",
        "d dh p4 ????",
        "p4 sm",  # not tabled by the room: it claims nothing from run 2
    )
    state = phh.replay(history)
    assert [[pot.amount for pot in run.pots] for run in state.run_results] == [[130000, 920000]] * 2
    assert [by_player(history, run.payouts) for run in state.run_results] == [
        (1050000, 0, 0, 0, 0),
        (0, 1050000, 0, 0, 0),
    ]
    assert by_player(history, state.stacks) == (1050000, 1050000, 990000, 0, 990000)


def test_a_run_s_unknown_cards_never_shown_decide_nothing() -> None:
    """Without its muck, Ivo Marsh's unknown run 2 hand would be shown by the replay and
    decide run 2's main pot on cards nobody saw; nor may his run 1 hand go unshown."""
    (history,) = hands_of(OLDER_RUNS)
    unshown = dataclasses.replace(history, actions=history.actions[:-1])
    with pytest.raises(InvalidHistory, match=r"p4's cards .* showdown of run 2"):
        phh.replay(unshown)
    actions = list(history.actions)
    del actions[18]  # p4 sm 8cQh6c2hJd, run 1's
    fields = {**history.user_fields, "_run_starts": [11, 18]}
    unshown = dataclasses.replace(history, actions=tuple(actions), user_fields=fields)
    with pytest.raises(InvalidHistory, match=r"p4's cards .* showdown of run 1"):
        phh.replay(unshown)


def test_a_run_s_show_no_deck_could_deal_names_both_places() -> None:
    """Ivo Marsh showing in run 1 the hero's 5c, which the hero holds to the end."""
    (history,) = hands_of(OLDER_RUNS)
    actions = list(history.actions)
    actions[18] = "p4 sm 8cQh6c2h5c"
    with pytest.raises(InvalidHistory, match="p4 shows 5c, which p1 holds"):
        phh.replay(dataclasses.replace(history, actions=tuple(actions)))


def test_an_older_kings_club_draw_that_fits_no_count_of_runs_is_refused_by_name() -> None:
    text = OLDER_RUNS.read_text().replace("[6h Ks Ks]", "[6h Ks]")
    (error,) = read_room(text)
    assert isinstance(error, RoomHistoryError) and error.reason == "line not understood"
    assert "a draw of 2 and 6 cards dealt in each run" in str(error)


def test_a_kings_club_draw_not_dealt_for_each_run_is_refused_by_name() -> None:
    text = (ROOMS / "kingsclub" / "single-draw-27-run-twice.txt").read_text()
    three = text.replace("Run 2: Pell Orrin shows", "Run 3: Pell Orrin shows", 1)
    (error, _) = read_room(three)
    assert isinstance(error, RoomHistoryError) and error.reason == "line not understood"
    assert "a draw not dealt for each of 3 runs" in str(error)


def test_winamax_counts_an_uncalled_bet_in_what_it_paid() -> None:
    showdown, uncalled = hands_of(ROOMS / "winamax" / "triple-draw-27-limit.txt")
    assert (showdown.venue, showdown.hand, showdown.currency) == (
        "Winamax",
        "7000001-12-1710000000",
        "EUR",
    )
    assert showdown.user_fields["_paid"] == [0, 0, 2200] and showdown.user_fields["_rake"] == 100
    assert uncalled.user_fields["_paid"] == [0, 0, 350]
    assert by_player(uncalled, phh.replay(uncalled).result.returned) == (0, 0, 100)
    wrong = {**uncalled.user_fields, "_paid": [0, 0, 250]}
    with pytest.raises(PayoutMismatch, match="the room paid 250, the rules pay 350"):
        phh.replay(dataclasses.replace(uncalled, user_fields=wrong))


def test_merge_xml_describes_its_stakes_once_and_writes_no_rake() -> None:
    folded, showdown = hands_of(ROOMS / "merge" / "badugi-pot-limit.txt")
    assert (folded.venue, folded.hand, folded.variant) == ("Merge", "41000001-1", "XPB")
    assert folded.players == ("Hero", "Sumac_9", "Yarrow") and "_rake" not in folded.user_fields
    assert folded.user_fields["_paid"] == [0, 557, 0]  # 357 of the pot and 200 uncalled
    assert (showdown.hand, showdown.min_bet) == ("41000001-2", 10)
    assert "p3 sd Qh" in showdown.actions and "d dh p3 2c" in showdown.actions
    wrong = {**showdown.user_fields, "_paid": [0, 0, 200]}  # more than the pot holds
    with pytest.raises(PayoutMismatch, match="more than the pots hold"):
        phh.replay(dataclasses.replace(showdown, user_fields=wrong))
    entity = '<!DOCTYPE game [<!ENTITY a "aaaa">]>\n'
    text = (ROOMS / "merge" / "badugi-pot-limit.txt").read_text()
    first, _ = read_room(text.replace("\t<players", entity + "\t<players", 1))
    assert isinstance(first, RoomHistoryError) and first.reason == "XML not understood"


def test_merge_half_pot_limit_badugi_raises_at_most_half_the_pot() -> None:
    (history,) = hands_of(ROOMS / "merge" / "badugi-half-pot-limit.txt")
    assert (history.variant, history.min_bet) == ("XHB", 20)
    # blinds 10-20: 20 + (30 + 20) / 2 = 45; then 135 / 2 = 67, 67 + 269 / 2 = 201, 537 / 2
    assert [line for line in history.actions if " cbr " in line] == [
        "p3 cbr 45",
        "p2 cbr 67",
        "p3 cbr 201",
        "p3 cbr 268",
    ]
    state = phh.replay(history)
    assert state.rules.structure == "half-pot-limit" and state.result.pots[0].amount == 1073
    text = (ROOMS / "merge" / "badugi-half-pot-limit.txt").read_text()
    (over,) = phh.from_room(text.replace('amount="2.01"', 'amount="2.02"'))
    with pytest.raises(InvalidHistory, match="p3 cbr 202"):
        phh.replay(over)


def test_six_handed_hidden_draws_run_past_the_deck_and_replay_through_its_reshuffle() -> None:
    (history,) = hands_of(ROOMS / "pokerstars" / "triple-draw-27-limit-six-handed-reshuffle.txt")
    assert len(history.players) == 6
    # 30 cards dealt, then 23 thrown in the first draw: the stub of 22 runs short
    assert "p1 sd ??????????" in history.actions and "d dh p6 ??????" in history.actions
    state = phh.replay(history)
    kinds = [action.kind for action in state.history]
    assert kinds.count("reshuffle") == 1
    assert kinds.index("discard") < kinds.index("reshuffle") < kinds.index("bet")  # draw 1
    assert by_player(history, state.result.payouts) == (0, 0, 0, 2100, 0, 0)


def test_every_rooms_words_for_a_returning_players_blinds_and_for_half_pot_limit() -> None:
    (tilt,) = hands_of(ROOMS / "fulltilt" / "single-draw-27-no-limit-missed-blinds.txt")
    # "posts a dead small blind of $0.10" and "posts $0.20" from the seat after the big blind
    assert tilt.players[2] == "Tarpon Ives"
    assert tilt.user_fields["_missed_blinds"][2] == [20, 10]
    assert phh.replay(tilt).dead_money == 10
    live, dead = hands_of(ROOMS / "winamax" / "triple-draw-27-limit-missed-blinds.txt")
    # "posts big blind 1€ out of position", then "posts small blind 0.50€ out of position"
    assert live.user_fields["_missed_blinds"][live.players.index("Lot_et_Tarn")] == [100, 0]
    assert dead.user_fields["_missed_blinds"][dead.players.index("Hero")] == [0, 50]
    assert phh.replay(dead).dead_money == 50
    (half,) = hands_of(ROOMS / "kingsclub" / "badugi-half-pot-limit.txt")
    assert half.variant == "XHB"  # 1 + 250 / 2 = 225, 675 / 2 = 337, 337 + 1349 / 2 = 1011
    assert [line for line in half.actions if " cbr " in line] == [
        "p3 cbr 225",
        "p1 cbr 337",
        "p3 cbr 1011",
        "p1 cbr 1348",
    ]


def test_ipoker_xml_is_recognised_and_each_hand_refused_as_not_a_draw_game() -> None:
    # iPoker's XML is known only for hold'em, Omaha and stud: no hand is misread as a draw
    text = (ROOMS / "ipoker" / "refused-holdem.xml").read_text()
    results = read_room(text)
    assert [(r.room, r.hand, r.line, r.reason) for r in results] == [  # type: ignore[union-attr]
        ("iPoker", "8100000001", 14, "iPoker XML: not a draw game"),
        ("iPoker", "8100000002", 32, "iPoker XML: not a draw game"),
    ]
    with pytest.raises(RoomHistoryError, match=r"iPoker hand #8100000001, line 14: iPoker XML"):
        phh.from_room(text)


def test_merge_numbers_its_seats_from_0_and_the_history_from_1() -> None:
    """A player in Merge's seat 0 was written ``seats = [0, ...]``, which the history's own
    replay refused ("are not 3 different seats from 1")."""
    text = (ROOMS / "merge" / "badugi-pot-limit.txt").read_text()
    zero = text.replace('seat="2"', 'seat="0"').replace('player="2"', 'player="0"')
    for history in phh.from_room(zero):
        assert 1 in (history.seats or ()) and min(history.seats or ()) >= 1
        phh.replay(phh.loads(phh.dumps(history)))  # the room's payouts, checked
    folded, showdown = hands_of(ROOMS / "merge" / "badugi-pot-limit.txt")
    assert (folded.seats, showdown.seats) == ((3, 5, 6), (5, 6, 3))
