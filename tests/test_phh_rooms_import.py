"""``badugi import`` as a player uses it (docs/guide/rooms.md, docs/guide/cli.md): folders and
several files in one call, each refused or disagreeing hand named on the terminal and in a
JSON-lines report, duplicates imported once, a progress bar on a terminal, memory that does
not grow with the file, and an output PokerKit reads wherever it has the game."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import subprocess
import sys
import tracemalloc
import warnings
from pathlib import Path

import pytest
from soak import FULL

from badugi_fast import phh
from badugi_fast.cli import main
from badugi_fast.errors import InvalidHistory
from badugi_fast.phh.export import as_standard
from badugi_fast.phh.rooms import files
from badugi_fast.phh.settings import engine_seats

ROOMS = Path(__file__).parent / "data" / "rooms"
STARS = ROOMS / "pokerstars" / "triple-draw-27-limit.txt"
REFUSED = ROOMS / "pokerstars" / "refused.txt"
FIXTURES = sorted(
    path
    for path in ROOMS.rglob("*")
    if path.suffix in (".txt", ".utf16") and "refused" not in path.name
)


def renumbered(text: str, number: int) -> str:
    """A PokerStars hand under another hand number: another hand, to the importer."""
    return re.sub(r"Hand #[0-9]+:", f"Hand #{number}:", text, count=1)


def test_a_folder_and_files_in_one_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "hands"
    (folder / "2024" / "03").mkdir(parents=True)
    (folder / "2024" / "03" / "table.txt").write_bytes(STARS.read_bytes())
    (folder / "notes.txt").write_text("not a hand history\n")
    single = tmp_path / "kings.txt"
    single.write_bytes((ROOMS / "kingsclub" / "badacey-limit.txt").read_bytes())
    assert main(["import", str(folder), str(single)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2024/03/table.txt: PokerStars, 1 read, 1 imported")
    assert out[1] == "notes.txt: skipped: room not recognised"
    assert out[2].startswith("kings.txt: Kings Club, 1 read, 1 imported")
    # a file named that no room wrote is an error, and the others are still imported
    assert main(["import", str(folder / "notes.txt"), str(single)]) == 2
    captured = capsys.readouterr()
    assert "notes.txt: not a hand history of a room" in captured.err
    assert "kings.txt: Kings Club, 1 read, 1 imported" in captured.out


def test_each_refused_or_disagreeing_hand_is_named_and_reported_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = tmp_path / "changed.txt"
    text = STARS.read_text()
    changed.write_text(text.replace("$20.70", "$20.60").replace("$21.50", "$21.40"))
    report = tmp_path / "report.jsonl"
    assert main(["import", str(REFUSED), str(changed), "--report", str(report)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1:5] == [
        "  PokerStars hand #900000000401, line 1: game not played by the engine: Hold'em",
        "  PokerStars hand #900000000402, line 23: cancelled hand: Hand cancelled",
        "  PokerStars hand #900000000403, line 27: summary-only hand: no actions",
        "  PokerStars hand #900000000404, line 36: dead hand: fewer than two players dealt in",
    ]
    assert out[6] == (
        "  PokerStars hand #900000000001, line 1: payouts disagree: p4 (Ovenbird): the room "
        "paid 2060, the rules pay 2070 (after a rake of 80)"
    )
    notes = [json.loads(line) for line in report.read_text().splitlines()]
    assert [(note["file"], note["hand"], note["line"], note["outcome"]) for note in notes] == [
        ("refused.txt", "900000000401", 1, "refused"),
        ("refused.txt", "900000000402", 23, "refused"),
        ("refused.txt", "900000000403", 27, "refused"),
        ("refused.txt", "900000000404", 36, "refused"),
        ("changed.txt", "900000000001", 1, "payouts disagree"),
    ]
    assert notes[1] == {
        "file": "refused.txt",
        "room": "PokerStars",
        "hand": "900000000402",
        "line": 23,
        "outcome": "refused",
        "reason": "cancelled hand",
        "detail": "Hand cancelled",
    }


def test_a_hand_met_twice_is_imported_once_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, report = tmp_path / "hands.phhs", tmp_path / "report.jsonl"
    twice = tmp_path / "twice.txt"
    twice.write_text(
        STARS.read_text() + "\n" + renumbered(STARS.read_text(), 7) + "\n" + STARS.read_text()
    )
    argv = ["import", str(twice), str(STARS), "-o", str(out), "--report", str(report)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0]
        == "twice.txt: PokerStars, 3 read, 2 imported, 0 refused, 0 payouts disagree, 1 duplicates"
    )
    assert lines[1].endswith("1 read, 0 imported, 0 refused, 0 payouts disagree, 1 duplicates")
    assert [hand.hand for hand in phh.load_all(out.open("rb"))] == [900000000001, 7]
    third = [
        n for n, line in enumerate(twice.read_text().splitlines(), 1) if "#900000000001:" in line
    ]
    notes = [json.loads(line) for line in report.read_text().splitlines()]
    assert [(note["file"], note["line"], note["outcome"]) for note in notes] == [
        ("twice.txt", third[1], "duplicate"),
        ("triple-draw-27-limit.txt", 1, "duplicate"),
    ]
    # a hand refused (a file cut short) is imported when met whole, and counted once
    hand = renumbered(STARS.read_text(), 8)
    cut, whole = tmp_path / "cut.txt", tmp_path / "whole.txt"
    cut.write_text(2 * (hand[: hand.index("*** SUMMARY ***")] + "\n"))
    whole.write_text(hand)
    assert main(["import", str(cut), str(whole)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "cut.txt: PokerStars, 2 read, 0 imported, 1 refused (partial hand: 1)"
    )
    assert lines[0].endswith("1 duplicates")
    assert lines[2].startswith("whole.txt: PokerStars, 1 read, 1 imported, 0 refused")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_import_shows_a_progress_bar_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr(files, "BLOCK", 2048)  # a block of each hand
    clock = iter(range(0, 1000, 5))
    monkeypatch.setattr("badugi_fast.cli.common.time.monotonic", lambda: next(clock))
    path = tmp_path / "long.txt"
    path.write_text("\n".join(renumbered(STARS.read_text(), number) for number in range(1, 6)))
    assert main(["import", str(path)]) == 0
    frames = terminal.getvalue().split("\r")
    assert any(re.fullmatch(r"\[#* *\] [0-9]+/[0-9]+ kB", frame) for frame in frames), frames
    assert frames[-1] == "" and not frames[-2].strip()  # taken off the screen at the end
    assert "5 read, 5 imported" in capsys.readouterr().out


def test_memory_does_not_grow_with_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 200 MB file of 120,904 hands peaked at 1.29 GB: the file, every history and every
    line were held at once. Read a block at a time (16 kB here, a few hands) and hand by
    hand, eight times the hands take no more memory than the keys of the hands met (for
    duplicates). The replay, one hand's memory whatever the file, is left out here to keep
    the test short; ``BADUGI_SOAK=full`` imports 20,000 hands with it in a process of
    its own and bounds that process's peak."""
    monkeypatch.setattr(files, "BLOCK", 1 << 14)
    monkeypatch.setattr("badugi_fast.cli.rooms.replay", lambda history: None)
    text = STARS.read_text()
    path = tmp_path / "long.txt"

    def peak(hands: int) -> int:
        path.write_text("\n".join(renumbered(text, number) for number in range(1, hands + 1)))
        tracemalloc.start()
        try:
            assert main(["import", str(path)]) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(10)  # the caches of lines and amounts, filled
    few, many = peak(20), peak(160)
    assert many - few < 140 * 1000, (few, many)  # all held: 840 kB more (6 kB a hand)


@pytest.mark.skipif(not FULL, reason="BADUGI_SOAK=full imports 20,000 hands")
def test_the_peak_memory_of_a_long_import_is_bounded(tmp_path: Path) -> None:
    path, out = tmp_path / "long.txt", tmp_path / "out.phhs"
    with path.open("w") as file:
        for number in range(1, 20_001):
            file.write(renumbered(STARS.read_text(), number) + "\n")
    script = (
        "import resource, sys\nfrom badugi_fast.cli import main\n"
        f"status = main(['import', {str(path)!r}, '-o', {str(out)!r}])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\nsys.exit(status)"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script], capture_output=True, text=True, check=True
    )
    peak_kb = int(done.stdout.splitlines()[-1])
    assert peak_kb < 200_000, peak_kb  # 48 MB of text; held whole it took 330 MB


def test_what_import_writes_pokerkit_reads_where_it_has_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PokerKit's ``KeyError: 'XFB'``: every hand of a game PokerKit plays (FB, F2L3D,
    N2L1D) is written under PokerKit's code, and PokerKit's own reader plays it to the
    stacks the replay here ends with, unless PokerKit would play it otherwise (a free fold,
    a raise after an all-in for less) or cannot write it (a missed blind, a pot run twice);
    the others keep their ``X`` code, PokerKit names it, and the report counts them."""
    pokerkit = pytest.importorskip("pokerkit")  # Python 3.11+, like the cross-check modules
    out = tmp_path / "hands.phhs"
    assert main(["import", *map(str, FIXTURES), "-o", str(out)]) == 0
    written = capsys.readouterr().out.splitlines()[-1]
    ours = phh.load_all(out.open("rb"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit's dealing advice
        theirs = list(pokerkit.HandHistory.loads_all(out.read_text()))
    assert len(ours) == len(theirs) >= 37
    codes = {"FB", "F2L3D", "N2L1D"}
    read = sum(history.variant in codes for history in ours)
    assert written.startswith(
        f"hands.phhs: {len(ours)} hands written, {read} under the codes PokerKit reads; "
    )
    assert read >= 13
    lacking, otherwise = written.partition("; ")[2].split("; ")
    assert re.search(r"\bXHB [0-9]+\b.*\bXPB [0-9]+: games PokerKit does not have$", lacking)
    assert re.search(r"\bXFB [0-9]+\b.*: hands PokerKit would play otherwise\)$", otherwise)
    for history, their in zip(ours, theirs, strict=True):
        state = phh.replay(history)
        if history.variant in codes:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                final = list(their)[-1]
            assert list(final.stacks) == [state.stacks[seat] for seat in engine_seats(history)]
            continue
        with pytest.raises(KeyError, match=history.variant):
            their.create_game()
        if history.variant[1:] not in codes:
            continue
        fields = history.user_fields
        if "_missed_blinds" in fields or "_runs" in fields:
            continue  # PokerKit has no field for either
        # under its code, PokerKit refuses an action or pays otherwise, or the hand folds a
        # player with nothing to call, which PokerKit's tournaments refuse (its cash games
        # let it pass with a warning) and the specification's rules here refuse
        data = {**history.to_dict(), "variant": history.variant[1:]}
        for name in [name for name in data if name.startswith("_")]:
            data.pop(name)
        standard = phh.HandHistory.from_dict(data)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                final = list(pokerkit.HandHistory.loads(phh.dumps(standard)))[-1]
            except (ValueError, KeyError):
                continue
        if list(final.stacks) == [state.stacks[seat] for seat in engine_seats(history)]:
            with pytest.raises(InvalidHistory, match="cannot fold: nothing to call"):
                phh.replay(standard)


def test_a_hand_pokerkit_would_play_otherwise_keeps_its_code() -> None:
    """Heads-up, the room raises past the cap PokerKit keeps (a bet and three raises): the
    hand stays ``XFB``; as the room played it (an all-in, checked by a second replay), it
    is ``FB``."""
    (history,) = phh.from_room(
        (ROOMS / "pokerstars" / "badugi-limit-heads-up-all-in.txt").read_text()
    )
    assert as_standard(history, phh.replay(history)).variant == "FB"
    actions = list(history.actions)
    at = actions.index("p1 cbr 100")
    actions.insert(actions.index("p1 sm 3c6d7h8s"), "p1 cc")  # not all in: a last round
    actions.insert(actions.index("p1 sm 3c6d7h8s"), "p2 cc")
    actions[at : at + 3] = [
        "p1 cbr 100",
        "p2 cbr 200",
        "p1 cbr 300",
        "p2 cbr 400",
        "p1 cbr 500",
        "p2 cc",
    ]
    raised = dataclasses.replace(
        history,
        actions=tuple(actions),
        starting_stacks=(2000, 3000),
        user_fields={"_max_raises": 3, "_cap_heads_up": False},
    )
    assert as_standard(raised, phh.replay(raised)) is raised
