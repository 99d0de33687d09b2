"""A room's files as players keep them (docs/guide/rooms.md, "Files"): files joined with
``cat`` (byte-order marks inside the text, no newline at a file's end), several rooms in
one text, and a file cut short. Every hand is read by its own room, whole, or refused by
name; none is dropped or merged into another."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_fast import phh
from badugi_fast.cli import main
from badugi_fast.errors import RoomHistoryError
from badugi_fast.phh.rooms import decode, read_room

ROOMS = Path(__file__).parent / "data" / "rooms"
STARS = ROOMS / "pokerstars" / "triple-draw-27-limit.txt"
KINGS = ROOMS / "kingsclub" / "badugi-half-pot-limit.txt"
MERGE = ROOMS / "merge" / "badugi-pot-limit.txt"
TILT = ROOMS / "fulltilt" / "triple-draw-27-limit.utf16"
WINAMAX = ROOMS / "winamax" / "triple-draw-27-limit.txt"


def outcomes(text: str) -> list[tuple[str, str]]:
    """(room, hand number) of each hand read, ``!reason`` after the room when refused."""
    found = []
    for result in read_room(text):
        if isinstance(result, RoomHistoryError):
            found.append((f"{result.room}!{result.reason}", result.hand))
        else:
            phh.replay(result)
            found.append((result.venue or "", str(result.hand)))
    return found


def test_a_file_of_several_rooms_reads_each_hand_by_its_own_room() -> None:
    """Kings Club then PokerStars lost the PokerStars hand ("1 read, 1 imported"); the
    other way round the Kings Club hand was refused as PokerStars lines."""
    kings, stars = KINGS.read_text(), STARS.read_text()
    expected = [("Kings Club", "50000011"), ("PokerStars", "900000000001")]
    assert outcomes(kings + "\n\n" + stars) == expected
    assert outcomes(stars + "\n\n" + kings) == expected[::-1]
    mixed = "\n".join(
        [WINAMAX.read_text(), MERGE.read_text(), stars, decode(TILT.read_bytes()), kings]
    )
    assert [room for room, _ in outcomes(mixed)] == [
        "Winamax",
        "Winamax",
        "Merge",
        "Merge",
        "PokerStars",
        "Full Tilt Poker",
        "Kings Club",
    ]


def test_files_joined_with_their_byte_order_marks_keep_every_hand(tmp_path: Path) -> None:
    """``cat a.txt b.txt``: the second file's byte-order mark starts its first line; read
    as part of that line it merged two hands ("pots that do not add up")."""
    marked = b"\xef\xbb\xbf" + STARS.read_bytes()
    assert outcomes(decode(marked * 2)) == [("PokerStars", "900000000001")] * 2
    copies = decode(marked * 100)
    assert len(read_room(copies)) == 100
    # a file that does not end its last line: the next file's mark still starts a hand
    unended = b"\xef\xbb\xbf" + STARS.read_bytes().rstrip(b"\n")
    assert outcomes(decode(unended * 3)) == [("PokerStars", "900000000001")] * 3
    # Full Tilt's UTF-16 files joined: each file's mark decodes inside the text
    tilt = TILT.read_bytes()
    assert [room for room, _ in outcomes(decode(tilt + tilt))] == ["Full Tilt Poker"] * 2
    path = tmp_path / "joined.txt"
    path.write_bytes(marked * 3)
    assert main(["import", str(path)]) == 0


@pytest.mark.parametrize("path", [STARS, KINGS, MERGE, WINAMAX], ids=lambda path: path.stem)
def test_a_hand_cut_short_is_refused_as_a_partial_hand(path: Path) -> None:
    """A file cut anywhere before the hand's summary is whole: the hand was counted as
    imported with every player's collected amount zero."""
    text = path.read_text()
    hands = len(read_room(text))
    lines = text.rstrip("\n").split("\n")
    for cut in range(len(lines) - 1, 1, -1):
        results = read_room("\n".join(lines[:cut]) + "\n")
        last = results[-1]
        if len(results) < hands:
            break  # the cut is inside the header of the last hand: not read as a hand
        if isinstance(last, phh.HandHistory):
            # what is left after the cut is only the summary's own seat lines
            assert lines[cut - 1].strip() and "SUMMARY" not in "\n".join(lines[cut:]), cut
            continue
        assert last.reason in ("partial hand", "line not understood", "XML not understood"), (
            cut,
            last,
        )
        if last.reason == "partial hand":
            assert "the text stops before" in str(last)


def test_the_last_hand_cut_before_its_summary_is_named() -> None:
    text = STARS.read_text()
    cut = text[: text.index("*** SUMMARY ***")]
    (error,) = read_room(cut)
    assert isinstance(error, RoomHistoryError) and error.reason == "partial hand"
    assert error.hand == "900000000001" and error.room == "PokerStars"
    first, second = read_room(text + "\n" + cut)
    assert isinstance(first, phh.HandHistory) and isinstance(second, RoomHistoryError)


def test_a_kings_club_hand_cut_after_its_rake_line_is_partial() -> None:
    """Kings Club writes its payouts after the rake line that ends a hand: a text cut
    there (or between two winners) imported, every winner paid nothing, and the replay
    put the whole pot down to rake. The summary's nets say who was up on the hand."""
    text = (ROOMS / "kingsclub" / "badeucey-limit.txt").read_text()
    lines = text.splitlines()
    rake = next(at for at, line in enumerate(lines) if line.startswith("Rake "))
    for end in (rake + 1, rake + 2):
        (result,) = read_room("\n".join(lines[:end]) + "\n")
        assert isinstance(result, RoomHistoryError) and result.reason == "partial hand", end
    (whole,) = read_room(text)
    phh.replay(whole)  # type: ignore[arg-type]


def test_badugi_import_counts_a_partial_hand_as_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = STARS.read_text()
    path = tmp_path / "cut.txt"
    cut = text[: text.index("*** SUMMARY ***")].replace("#900000000001:", "#900000000002:")
    path.write_text(text + "\n" + cut)
    assert main(["import", str(path)]) == 1
    out = capsys.readouterr().out
    assert "2 read, 1 imported, 1 refused (partial hand: 1)" in out
    assert "PokerStars hand #900000000002, line 51: partial hand: the text stops before" in out


def test_badugi_import_of_a_file_of_two_rooms_names_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "both.txt"
    path.write_text(KINGS.read_text() + "\n" + STARS.read_text())
    assert main(["import", str(path)]) == 0
    assert capsys.readouterr().out.startswith(
        "both.txt: Kings Club, PokerStars, 2 read, 2 imported"
    )
