"""Seeded hands pinned to a golden file: the same seed and actions deal and play the same
hand, step for step, in every game, betting structure and table size.

``tests/data/hand_golden.json`` holds, for each of a few hundred seeded hands played by a
seeded random policy, the SHA-256 of the hand's records (kind, seat, amount, card ids) and
its final stacks. It was written by the engine as it stood before the C/Python seam was
redrawn (issue 17), so it pins that redesign to the behaviour it started from. Regenerate it
only for an intended change of the deal or the rules:
``python tests/test_engine_golden.py > tests/data/hand_golden.json``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from badugi_fast.engine import HandState

GOLDEN = Path(__file__).parent / "data" / "hand_golden.json"
GAMES = ("badugi", "badacey", "badeucey", "deuce-seven-triple-draw", "ace-five-triple-draw")
BETTINGS = ("fixed-limit", "pot-limit", "no-limit")
SEATS = (2, 3, 6, 8)
SEEDS = 5  # per game, structure and table size: 300 hands


def play(game: str, betting: str, n: int, seed: int) -> str:
    """The SHA-256 of one seeded hand played out by a random policy seeded alike."""
    rng = random.Random(f"{game}/{betting}/{n}/{seed}")
    stacks = [rng.choice([8, 30, 200, 1000]) for _ in range(n)]
    state = HandState(game, betting, stacks, rng.randrange(n), seed=seed * 7919 + n)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        if legal.max_discards is not None:
            hole = state.hole_cards(legal.seat)
            state.draw(rng.sample(hole, rng.randint(0, legal.max_discards)))
        elif legal.min_raise_to is not None and rng.random() < 0.25:
            state.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to or 0))
        elif legal.can_fold and rng.random() < 0.1:
            state.fold()
        else:
            state.check_or_call()
    records = [
        [record.kind, record.seat, record.amount, [int(card) for card in record.cards]]
        for record in state.history
    ]
    text = json.dumps([records, list(state.stacks)])
    return hashlib.sha256(text.encode()).hexdigest()


def golden() -> dict[str, str]:
    """Every pinned hand's digest, by ``game/betting/seats/seed``."""
    return {
        f"{game}/{betting}/{n}/{seed}": play(game, betting, n, seed)
        for game in GAMES
        for betting in BETTINGS
        for n in SEATS
        for seed in range(SEEDS)
    }


def test_seeded_hands_match_the_golden_file() -> None:
    expected = json.loads(GOLDEN.read_text())
    actual = golden()
    assert len(expected) == len(GAMES) * len(BETTINGS) * len(SEATS) * SEEDS
    assert [key for key in expected if actual[key] != expected[key]] == []


if __name__ == "__main__":
    print(json.dumps(golden(), indent=1, sort_keys=True))
