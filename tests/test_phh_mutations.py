"""Mutated hand histories (docs/rules.md, "Hand histories"): real PHH files of every game
and structure (hands run more than once among them), with characters, words and lines
changed, dropped or repeated, are either refused with InvalidHistory naming what is wrong,
or replay to a hand whose chips add up and whose cards are each in one place. Never another
exception, a crash or a hang. ``BADUGI_SOAK=full`` mutates 40,000 histories instead of
2,000."""

from __future__ import annotations

import random

import pytest
from soak import size
from test_phh_real_hands import WSOP_2023_43
from test_phh_replay import engine_hand

from badugi_fast import phh
from badugi_fast.errors import InvalidHistory

MUTATIONS = size(2_000, 40_000)
_NOISE = ["??", "0", "-1", "99999999999999999999", "cbr", "sd", "f", "[", "]", '"', "=", "\n"]


def mutate(text: str, rng: random.Random) -> str:
    """One random change: a character, a word or a line replaced, dropped or repeated."""
    how = rng.randrange(5)
    if how == 0:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice([*_NOISE, chr(rng.randrange(32, 127))]) + text[at + 1 :]
    if how == 1:
        words = text.split(" ")
        words[rng.randrange(len(words))] = rng.choice(_NOISE)
        return " ".join(words)
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    if how == 2:
        del lines[at]
    elif how == 3:
        lines.insert(at, lines[rng.randrange(len(lines))])
    else:
        lines[at], lines[-1 - at] = lines[-1 - at], lines[at]
    return "\n".join(lines)


@pytest.mark.filterwarnings("ignore:unknown PHH field")  # a mutated field name is kept
def test_mutated_histories_are_refused_by_name_or_replay_whole() -> None:
    rng = random.Random(11)
    games = ["badugi", "badacey", "badeucey", "deuce-seven-triple-draw", "ace-five-triple-draw"]
    sources = [
        phh.dumps(phh.from_state(engine_hand(seed, game, betting), hand=seed))
        for seed in range(40)
        for game in games[seed % 5 : seed % 5 + 1]
        for betting in ("fixed-limit", "pot-limit", "no-limit")[seed % 3 : seed % 3 + 1]
    ] + [path.read_text() for path in WSOP_2023_43]  # N2L1D, with a big-blind ante
    sources += [  # all in before a draw and run more than once (_runs, _run_starts), mostly
        phh.dumps(phh.from_state(engine_hand(seed, game, "no-limit", (6, 9), runs=2 + seed % 2)))
        for seed in range(10)
        for game in [("badugi", "deuce-seven-single-draw")[seed % 2]]
    ]
    replayed = 0
    for trial in range(MUTATIONS):
        text = rng.choice(sources)
        for _ in range(rng.choice((1, 1, 2, 3))):
            text = mutate(text, rng)
        try:
            state = phh.replay(phh.loads(text))
        except InvalidHistory as error:
            assert str(error), trial
            continue
        replayed += 1
        history = phh.loads(text)
        cards = [card for group in state.cards_in_play().values() for card in group]
        assert len(set(cards)) == len(cards), f"mutation {trial}: a card in two places"
        if state.is_over:
            assert sum(state.stacks) + state.pot == sum(history.starting_stacks), trial
    assert replayed, "no mutated history replayed: the mutations tested nothing"
