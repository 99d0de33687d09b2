"""The card-room workload: a PokerStars file of the test fixtures' hands, repeated.

Every hand of ``tests/data/rooms/pokerstars`` that imports (five games and structures,
cash and tournament, side pots, a dead blind, a raked split pot), renumbered so each copy
is its own hand: what ``badugi import`` reads, replays and checks.
"""

from __future__ import annotations

import re
from pathlib import Path

from badugi_fast.phh.rooms import decode

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "rooms" / "pokerstars"


def room_text(copies: int) -> tuple[str, int]:
    """The file's text and how many hands it holds."""
    hands = [
        decode(path.read_bytes()).strip()
        for path in sorted(FIXTURES.glob("*.txt"))
        if path.name != "refused.txt"
    ]
    texts = []
    for copy in range(copies):
        for at, hand in enumerate(hands):
            number = f"{800000000000 + copy * 100 + at}"
            texts.append(re.sub(r"Hand #[0-9]+", f"Hand #{number}", hand, count=1))
    return "\n\n\n".join(texts) + "\n", len(texts)
