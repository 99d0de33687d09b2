"""Winamax hand histories: 2-7 triple draw (``2-7 Triple Draw``, ``Lowball27``), Badugi and
2-7 single draw, in fixed, pot and no limit, cash games (amounts in cents).

A hand starts with ``Winamax Poker - CashGame - HandId: #N - 2-7 Triple Draw fixed limit
(25€/50€) - date``: the game, the betting and the stakes (the bets in fixed limit, else
the blinds). Streets are ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***`` ...; a draw is
``X discard 2 cards`` (``discard 0 card`` stands pat), a raise gives its size and total
(``raises 1€ to 2€``). Winamax writes no uncalled bet: ``X collected 298€ from pot`` is
all a player got back, its uncalled bet included (the user field ``_paid``), and the
summary's ``Total pot`` is what was collected, the rake apart (docs/guide/rooms.md).
"""

from __future__ import annotations

from badugi_fast.phh.rooms.pokerstars import DEALT
from badugi_fast.phh.rooms.text import Words, betting, text_room

_MONEY = r"[0-9][0-9,.]*€?"

WORDS = Words(
    header=(
        r"Winamax Poker - (?:CashGame|(?P<event>Tournament.*?)) - HandId: #[0-9-]+ - "
        r"(?P<game>.+?) (?P<structure>fixed limit|pot limit|no limit) "
        r"\((?:" + _MONEY + r"/)?(?P<small>" + _MONEY + r")/(?P<big>" + _MONEY + r")\)"
        r" - (?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
        r"(?: (?P<zone>[A-Z]{2,4}))?\Z",
    ),
    games={
        "2-7 Triple Draw": "deuce-seven-triple-draw",
        "Lowball27": "deuce-seven-triple-draw",
        "Badugi": "badugi",
        "2-7 Single Draw": "deuce-seven-single-draw",
    },
    structures={"fixed limit": "fixed-limit", "pot limit": "pot-limit", "no limit": "no-limit"},
    lines={
        "table": r"Table: '(?P<table>[^']*)' (?P<max>[0-9]{1,2})-max .*?"
        r"Seat #(?P<button>[0-9]{1,3}) is the button",
        "seat": r"Seat (?P<seat>[0-9]{1,3}): (?P<name>.+?) \((?P<chips>" + _MONEY + r")\)",
        "dealt": DEALT,
    },
    acts={
        "ante": r" posts ante (?P<amount>" + _MONEY + ")",
        "small": r" posts small blind (?P<amount>" + _MONEY + ")(?: out of position)?",
        "big": r" posts big blind (?P<amount>" + _MONEY + ")(?: out of position)?",
        **betting(" ", _MONEY),
        "discard": r" discard (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?",
        "pat": r" stands pat(?: \[[^\]]*\])?",
        "show": r" shows \[(?P<cards>[^\]]*)\](?: .*)?",
        "muck": r" (?:mucks(?: hand)?|doesn't show)",
        "collect": r" collected (?P<amount>" + _MONEY + r") from (?:main |side )?pot(?: [0-9]+)?",
    },
    summary={"total": r"Total pot (?P<total>" + _MONEY + r") \| Rake (?P<rake>" + _MONEY + ")"},
    noise=r"\*\*\* (?:ANTE/BLINDS|PRE-FLOP|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)"
    r"|SHOW DOWN) \*\*\*",
    cancelled=r"(?i)cancel",
    all_in=" and is all-in",
    total_after_rake=True,
)
"""Winamax's words."""

FORMAT = text_room(
    "Winamax",
    r"Winamax Poker - ",
    r"HandId: #([0-9-]+)",
    WORDS,
    reports_returned=False,
    paid_in_all=True,
)
"""Winamax's hand histories: each hand from its ``Winamax Poker -`` line."""
