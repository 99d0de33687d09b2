"""The card-room workload: a PokerStars file of the test fixtures' hands, repeated.

Every hand of ``tests/data/rooms/pokerstars`` that imports (five games and structures,
cash and tournament, side pots, missed blinds, a raked split pot, a six-handed
reshuffle), each hand renumbered so each copy is its own hand: what ``badugi import``
reads, replays and checks.
"""

from __future__ import annotations

import re
from pathlib import Path

from badugi_fast.phh.rooms import decode
from badugi_fast.phh.rooms.pokerstars import FORMAT

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "rooms" / "pokerstars"


def room_text(copies: int) -> tuple[str, int]:
    """The file's text and how many hands it holds."""
    start = re.compile("^" + FORMAT.start, re.MULTILINE)
    hands = [
        hand.strip()
        for path in sorted(FIXTURES.glob("*.txt"))
        if path.name != "refused.txt"
        for hand in start.split(decode(path.read_bytes()))
        if hand.strip()
    ]
    texts = []
    for copy in range(copies):
        for at, hand in enumerate(hands):
            number = f"{800000000000 + copy * 100 + at}"
            texts.append(f"PokerStars Hand #{number}{hand[hand.index(':') :]}")
    return "\n\n\n".join(texts) + "\n", len(texts)
