"""Mutated card-room hand histories (docs/guide/rooms.md): every fixture with lines
truncated, swapped, dropped or repeated, amounts changed and unknown words put in, is either
refused with a RoomHistoryError naming the room, hand and line, or imports to a hand that
replays cleanly or is refused by the replay with InvalidHistory (a payout the rules do not
make is a PayoutMismatch). Never another exception, a crash or a hang. Kings Club's pots
run twice get mutations of their own, so their run lines are hit often.
``BADUGI_SOAK=full`` mutates 40,000 texts instead of 1,000 (10,000 run twice, not 300)."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Iterable

from soak import size
from test_phh_rooms import FIXTURES
from test_phh_rooms import ROOMS as ROOM_DATA

from badugi_fast import phh
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.phh import HandHistory
from badugi_fast.phh.rooms import ROOMS, decode, files, read_room, read_rooms

MUTATIONS = size(1_000, 40_000)
RUN_TWICE_MUTATIONS = size(300, 10_000)
_WORDS = ["juggles", "[", "]", "$", "??", "Xx", ":", "posts", "and is all-in", "-1", "9" * 30]
_WORDS += ["Run 1:", "Run 3:", "[Tc]", "draws"]
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def mutate(text: str, rng: random.Random) -> str:
    """One random change: the text cut short, two lines swapped, a line dropped or
    repeated, an amount changed, or an unknown word put in."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    how = rng.randrange(6)
    if how == 0:
        return "\n".join(lines[:at]) + lines[at][: rng.randrange(len(lines[at]) + 1)]
    if how == 1:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif how == 2:
        del lines[at]
    elif how == 3:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif how == 4:
        amounts = list(_AMOUNT.finditer(lines[at]))
        if amounts:
            found = rng.choice(amounts)
            changed = str(rng.choice((0, 1, 5, 99, 10**6, int(float(found.group()) * 2) + 1)))
            lines[at] = lines[at][: found.start()] + changed + lines[at][found.end() :]
    else:
        words = lines[at].split(" ")
        words.insert(rng.randrange(len(words) + 1), rng.choice(_WORDS))
        lines[at] = " ".join(words)
    return "\n".join(lines)


def test_mutated_room_histories_are_refused_by_name_or_replay_whole() -> None:
    refused = ROOM_DATA / "ipoker" / "refused-holdem.xml"  # a room recognised to be refused
    sources = [decode(path.read_bytes()) for path in (*FIXTURES, refused)]
    outcomes = fuzz(sources, MUTATIONS, 31)
    assert all(outcomes.values()), f"a kind of outcome never happened: {outcomes}"


def test_mutated_pots_run_twice_are_refused_by_name_or_replay_whole() -> None:
    text = (ROOM_DATA / "kingsclub" / "single-draw-27-run-twice.txt").read_text()
    outcomes = fuzz([text], RUN_TWICE_MUTATIONS, 32)
    assert all(outcomes.values()), f"a kind of outcome never happened: {outcomes}"


def fuzz(sources: list[str], trials: int, seed: int) -> dict[str, int]:
    """Mutate ``trials`` texts of ``sources``, checking each outcome; how many of each."""
    rng = random.Random(seed)
    outcomes = {"refused": 0, "replayed": 0, "replay refused": 0}
    for trial in range(trials):
        text = rng.choice(sources)
        for _ in range(rng.choice((1, 1, 2, 3))):
            text = mutate(text, rng)
        try:
            results = read_room(text)
        except RoomHistoryError as error:  # no hand left to recognise the room by
            assert "not a hand history" in str(error), trial
            outcomes["refused"] += 1
            continue
        for result in results:
            if isinstance(result, RoomHistoryError):
                assert result.room in ROOMS and result.line >= 1, trial
                assert f"line {result.line}" in str(result), trial
                outcomes["refused"] += 1
                continue
            try:
                state = phh.replay(result)
            except InvalidHistory as error:
                assert str(error), trial
                outcomes["replay refused"] += 1
                continue
            outcomes["replayed"] += 1
            cards = [card for group in state.cards_in_play().values() for card in group]
            assert len(set(cards)) == len(cards), f"mutation {trial}: a card in two places"
            if state.is_over:
                # chips come only from the stacks (a dead blind is out of its own stack)
                # and from a pot carried in
                total = sum(result.starting_stacks) + result.user_fields.get("_dead_money", 0)
                assert sum(state.stacks) == total, trial
    return outcomes


JOINED = size(40, 3_000)
_JOINERS = ("\n", "\n\n\n", "\r\n", "\n\ufeff", "\n\n\ufeff", "\n\ufeff\n")
"""What may sit between two files joined into one: blank lines, Windows line ends, a
byte-order mark where the next file began."""


def _hands(text: str) -> list[tuple[str, str, object]]:
    """Each hand of a text read alone: its room, number and history (or refusal reason)."""
    return _hands_of(read_room(text))


def _hands_of(results: Iterable[HandHistory | RoomHistoryError]) -> list[tuple[str, str, object]]:
    """Each hand read: its room, number and history (or the reason it was refused)."""
    found: list[tuple[str, str, object]] = []
    for result in results:
        if isinstance(result, RoomHistoryError):
            found.append((result.room, result.hand, result.reason))
        else:
            found.append((result.venue or "", str(result.hand), _unplaced(result)))
    return found


def _unplaced(history: HandHistory) -> HandHistory:
    """A history with the file's line numbers taken out of its warnings, which name where
    in the file the hand's garbled line is."""
    warnings = history.user_fields.get("_warnings")
    if not isinstance(warnings, list):
        return history
    unplaced = [re.sub(r"^line [0-9]+: ", "", str(warning)) for warning in warnings]
    return dataclasses.replace(history, user_fields={**history.user_fields, "_warnings": unplaced})


def test_joined_files_of_mixed_rooms_lose_or_merge_no_hand() -> None:
    """Files of every room joined in any order (the same file twice too), blank lines,
    Windows line ends or a byte-order mark between them, the last one cut short: each hand
    is read as it is read alone (imported to the same history, or refused for the same
    reason), none dropped or merged into another, and the hand cut short is imported
    whole or refused by name as a partial hand. Read as a file is, a block at a time."""
    sources = [decode(path.read_bytes()) for path in FIXTURES]
    sources.append((ROOM_DATA / "pokerstars" / "refused.txt").read_text())
    alone = [_hands(text) for text in sources]
    rng = random.Random(37)
    cut_short = 0
    for trial in range(JOINED):
        picked = [rng.randrange(len(sources)) for _ in range(rng.randint(2, 5))]
        texts = [sources[at].rstrip("\n") for at in picked]
        last = texts[-1].split("\n")
        pieces = [alone[at] for at in picked]
        if rng.random() < 0.5:  # the last file cut short
            pieces.pop()
            texts[-1] = "\n".join(last[: rng.randrange(1, len(last))])
            whole = alone[picked[-1]]
            try:
                cut = _hands(texts[-1])
            except RoomHistoryError:  # cut before its first hand: a room's description
                cut = []
            assert [hand[:2] for hand in cut] == [hand[:2] for hand in whole[: len(cut)]], trial
            assert cut[:-1] == whole[: len(cut) - 1], trial
            if cut and cut[-1] != whole[len(cut) - 1]:
                assert cut[-1][2] == "partial hand", (trial, cut[-1])
                cut_short += 1
            pieces.append(cut)
        expected = [hand for hands in pieces for hand in hands]
        joined = "\ufeff" * rng.randrange(2) + texts[0]
        for text in texts[1:]:
            joined += rng.choice(_JOINERS) + text
        data = (joined + "\n" * rng.randrange(2)).encode()
        got = _hands_of(read_rooms(files.text_lines(io.BytesIO(data))))
        assert got == expected, (trial, picked)
    assert cut_short, "no hand was cut short"
