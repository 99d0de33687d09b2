"""Real single-draw hand histories nobody here wrote replay to their finishing stacks.

The WSOP 2023 event #43 final-table hands of no-limit 2-7 single draw (``N2L1D``, with a
big-blind ante), from PokerKit's repository (tests/data/wsop-2023-43/README.md);
test_phh_pokerkit.py checks PokerKit ends them at the same stacks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_fast import phh
from badugi_fast.cli import main

WSOP_2023_43 = sorted((Path(__file__).parent / "data" / "wsop-2023-43").glob("*.phh"))
"""The final table's no-limit single-draw hands, one file each."""


def test_the_final_table_played_seven_single_draw_hands() -> None:
    variants = [phh.load(path.open("rb")).variant for path in WSOP_2023_43]
    assert variants == ["N2L1D"] * 7


@pytest.mark.parametrize("path", WSOP_2023_43, ids=lambda path: path.stem)
def test_a_wsop_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    history = phh.load(path.open("rb"))
    state = phh.replay(history)
    assert state.is_over
    assert list(state.stacks) == list(history.finishing_stacks or ())
    assert state.game == "deuce-seven-single-draw" and state.big_blind_ante


@pytest.mark.parametrize("path", WSOP_2023_43, ids=lambda path: path.stem)
def test_a_wsop_hand_is_written_back_as_it_was_read(path: Path) -> None:
    """The same code, antes (the big blind's alone), stacks and actions; the file's own
    ``??`` stand for cards the replay names, so only the known ones are compared."""
    history = phh.load(path.open("rb"))
    written = phh.from_state(phh.replay(history))
    assert written.variant == history.variant
    assert written.antes == history.antes
    assert written.blinds_or_straddles == history.blinds_or_straddles
    assert written.starting_stacks == history.starting_stacks
    assert written.finishing_stacks == history.finishing_stacks
    assert len(written.actions) >= len(history.actions) - 1  # a bare last muck may go


def test_a_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """Hand 41: the big blind posts the 150,000 ante and the 100,000 blind, then folds;
    the raiser takes both, the ante as dead money (docs/rules.md, "Seats and the button")."""
    history = phh.load(WSOP_2023_43[0].open("rb"))
    state = phh.replay(history)
    antes = [record for record in state.history if record.kind == "post-ante"]
    assert [(record.seat, record.amount) for record in antes] == [(1, 150_000)]
    assert state.big_blind_ante and state.result is not None
    assert state.result.dead_money == 150_000


def test_badugi_replay_prints_a_single_draw_hand(capsys: pytest.CaptureFixture[str]) -> None:
    drawn = next(path for path in WSOP_2023_43 if " sd" in path.read_text())  # hand 45
    assert main(["replay", str(drawn)]) == 0
    out = capsys.readouterr().out
    assert "N2L1D (deuce-seven-single-draw, no-limit)" in out and "  draw 1: " in out
    assert "antes 225000" in out and "  showdown: " in out
