"""Settlements pinned to a golden file: the same tables give the same Settlement, field by field.

``tests/data/settle_golden.json`` holds, for each of a few hundred seeded random tables (2-10
seats, every game, side pots, folds, forced ties, units, buttons, qualifiers, both
``odd_unit_to``), the SHA-256 of ``json.dumps(settle(...).to_dict(), sort_keys=True)``.
Regenerate it only for an intended change of results:
``python tests/test_settlement_golden.py > tests/data/settle_golden.json``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from badugi_fast import Game, Seat, settle

GOLDEN = Path(__file__).parent / "data" / "settle_golden.json"
TABLES = 400
SIZES: dict[Game, int] = {
    "badugi": 4,
    "badacey": 5,
    "badeucey": 5,
    "deuce-seven-triple-draw": 5,
    "ace-five-triple-draw": 5,
}


def table(rng: random.Random) -> tuple[list[Seat], dict[str, Any]]:
    """One random end of hand: seats (forced ties among a few) and every settle() option."""
    game = rng.choice(sorted(SIZES))
    size = SIZES[game]
    n = rng.randint(2, 10)
    unit = rng.choice([1, 1, 2, 5, 25])
    levels = [rng.randint(0, 40) for _ in range(rng.randint(1, 4))]
    amounts = [unit * rng.choice([*levels, rng.randint(0, 40)]) for _ in range(n)]
    folded = [rng.random() < 0.3 for _ in range(n)]
    if all(folded):
        folded[rng.randrange(n)] = False
    # a group of seats holds one hand with its suits rotated: equal values, distinct cards
    ranks = rng.sample(range(13), size)
    suits = [rng.randrange(4) for _ in range(size)]
    tied = rng.randint(0, min(4, n))
    order = rng.sample(range(n), n)
    hands: list[list[int]] = [[] for _ in range(n)]
    for shift, seat in enumerate(order[:tied]):
        hands[seat] = [
            4 * rank + (suit + shift) % 4 for rank, suit in zip(ranks, suits, strict=True)
        ]
    used = {card for hand in hands for card in hand}
    deck = [card for card in rng.sample(range(52), 52) if card not in used]
    for seat in order[tied:]:
        hands[seat], deck = deck[:size], deck[size:]
    seats = [
        Seat(
            amounts[seat],
            folded[seat],
            hands[seat] if not folded[seat] or rng.random() < 0.5 else None,
        )
        for seat in range(n)
    ]
    options: dict[str, Any] = {
        "game": game,
        "button": rng.randrange(n),
        "unit": unit,
        "odd_unit_to": rng.choice(["badugi", "low"]),
        "badeucey_aces_low": rng.random() < 0.5,
    }
    if game in ("badugi", "badacey", "badeucey") and rng.random() < 0.4:
        options["qualifier"] = rng.randint(1, 1092)
    return seats, options


def digests() -> list[str]:
    """The digest of each seeded table's settlement, in order."""
    rng = random.Random(20_261_201)
    out = []
    for _ in range(TABLES):
        seats, options = table(rng)
        result = settle(seats, **options)
        text = json.dumps(result.to_dict(), sort_keys=True)
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


def test_settlements_match_the_golden_file() -> None:
    expected = json.loads(GOLDEN.read_text())
    got = digests()
    changed = [index for index, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    assert not changed, f"{len(changed)} settlements differ, first table {changed[:5]}"


if __name__ == "__main__":
    print(json.dumps(digests(), indent=0))
