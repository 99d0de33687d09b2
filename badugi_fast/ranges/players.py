"""An odds question's players as ranges: a ``Range``, or text that reads as one.

``equity()`` and ``badugi equity`` take each player as a hand or a range. Text that reads
as plain cards is a hand (checked as one later, so a hand typed a card short is refused);
other text is a range, parsed and kept in a cache keyed by the game and the parsed
program, so texts that differ only in spaces share one range, its weights and its
combos. The cache is bounded in bytes (docs/rules.md, "Ranges", "Limits").
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from badugi_fast._binding.ranges import Op
from badugi_fast.cards import parse_cards
from badugi_fast.errors import InvalidCards, InvalidCardType
from badugi_fast.games import GameRule
from badugi_fast.ranges.range import Range, parse_text

CACHE_BYTES = 256 * 2**20
"""The bytes the cache's ranges may hold (weights and combos): past it the least recently
asked are dropped, the latest always kept."""

_cache: OrderedDict[tuple[GameRule, tuple[Op, ...]], Range] = OrderedDict()
_lock = threading.Lock()


def player(hand: object, rule: GameRule) -> Range | None:
    """A player of an odds question as a range, or None for a known hand: a ``Range``, or
    text that does not read as plain cards (``"*"``, ``"A23"``, ``"$badugi8"``). Plain
    cards are a hand, checked as one later, so a hand typed a card short is refused
    instead of read as every hand holding those cards (``"As 2h 3d *"`` says that)."""
    if isinstance(hand, Range):
        return hand
    if not isinstance(hand, str):
        return None
    try:
        parse_cards(hand)
    except (InvalidCards, InvalidCardType):
        return parsed(hand, rule)
    return None


def parsed(text: str, rule: GameRule) -> Range:
    """The range of ``text`` in ``rule``'s game, from the cache when a text of the same
    program was asked lately (spelled as given here, its weights and combos shared)."""
    key = (rule, tuple(parse_text(text, rule)))
    with _lock:
        cached = _cache.pop(key, None)
    if cached is None:
        cached = Range(key[1], rule, text.strip())
    with _lock:
        _cache[key] = cached  # the latest last
        held = sum(r.held_bytes() for r in _cache.values())
        while held > CACHE_BYTES and len(_cache) > 1:
            held -= _cache.popitem(last=False)[1].held_bytes()
    return cached._respelled(text.strip())
