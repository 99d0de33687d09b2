"""iPoker (Playtech) hand histories, the XML its clients write: recognised, and refused.

A session (``<session sessioncode=...>``) names its game once (``<gametype>Holdem NL
€0.05/€0.10</gametype>``), then writes each hand as a ``<game gamecode="N">`` element:
the players (``<player seat= name= chips= dealer= win= bet=/>``) and one ``<round>`` per
street of ``<action type=...>`` and ``<cards type="Pocket">``. Every public sample and
open-source reader of this XML knows hold'em, Omaha and stud only, with no element for a
draw, so no draw game can be read from it: each hand is refused by name, never misread
(docs/guide/rooms.md). Merge's own XML (``merge``) is another format.
"""

from __future__ import annotations

import re

from badugi_fast.phh.rooms.core import HandReader, refuse
from badugi_fast.phh.rooms.frame import RoomFormat


class Reader(HandReader):
    """One iPoker hand: refused at its ``<game>`` line."""

    def header(self, line: str) -> None:
        raise refuse(
            "iPoker XML: not a draw game",
            "iPoker's XML is known for hold'em, Omaha and stud only, with no draws",
        )


FORMAT = RoomFormat(
    "iPoker",
    r"<game gamecode=\"",
    Reader,
    number=re.compile(r"<game gamecode=\"([0-9]+)\""),
)
"""iPoker's XML: each hand from its ``<game gamecode="N">`` element."""
