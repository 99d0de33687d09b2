"""Mutated card-room hand histories (docs/guide/rooms.md): every fixture with lines
truncated, swapped, dropped or repeated, amounts changed and unknown words put in, is either
refused with a RoomHistoryError naming the room, hand and line, or imports to a hand that
replays cleanly or is refused by the replay with InvalidHistory (a payout the rules do not
make is a PayoutMismatch). Never another exception, a crash or a hang. Kings Club's pots
run twice get mutations of their own, so their run lines are hit often.
``BADUGI_SOAK=full`` mutates 40,000 texts instead of 1,000 (10,000 run twice, not 300)."""

from __future__ import annotations

import random
import re

from soak import size
from test_phh_rooms import FIXTURES
from test_phh_rooms import ROOMS as ROOM_DATA

from badugi_fast import phh
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.phh.rooms import ROOMS, decode, read_room

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
