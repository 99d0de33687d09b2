"""Hand histories in PHH, the Poker Hand History format (docs/rules.md, "Hand histories").

``load``/``loads``/``dump``/``dumps`` read and write one hand (``.phh``),
``load_all``/``loads_all``/``dump_all``/``dumps_all`` several (``.phhs``), in the
spirit of ``json``. A ``HandHistory`` holds every field of the specification;
``replay`` plays one through the engine with every rule checked, and ``from_state``
writes a hand the engine played. ``from_room`` reads the hands a card room wrote
(PokerStars, Full Tilt, Winamax, Merge, Kings Club) and ``replay`` checks the room's payouts
against the rules; ``as_standard`` writes a replayed hand under PokerKit's code where
PokerKit plays it alike.
"""

from badugi_fast.phh.export import as_standard, from_state
from badugi_fast.phh.files import dump, dump_all, dumps, dumps_all, load, load_all, loads, loads_all
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.replay import replay
from badugi_fast.phh.rooms import from_room, read_room
from badugi_fast.phh.variants import VARIANTS, Variant

__all__ = [
    "VARIANTS",
    "HandHistory",
    "Variant",
    "as_standard",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "from_room",
    "from_state",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "read_room",
    "replay",
]
