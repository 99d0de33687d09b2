"""Full Tilt Poker hand histories: Badugi, 2-7 and A-5 triple draw and 2-7 single draw, in
fixed, pot and no limit, cash games (amounts in cents) and tournaments (in chips).

Full Tilt wrote its files in UTF-16 (``phh.rooms.decode`` reads them). A hand starts with
``Full Tilt Poker Game #N:`` (or ``FullTiltPoker``); its header's parts, separated by
`` - ``, give the table, the stakes (the bets in fixed limit, else the blinds, and any
ante), the game and the time. Actions name the player first, without a colon
(``Hero raises to $0.20``); ``X: text`` is chat. A replacement is ``X is dealt 2 cards``
(the hero's: ``Dealt to Hero [kept] [new]``), a payout ``X wins the pot ($1)``, and the
summary's ``Total pot`` line gives the rake (docs/guide/rooms.md).
"""

from __future__ import annotations

from badugi_fast.phh.rooms.pokerstars import DEALT, MONEY, TOTAL
from badugi_fast.phh.rooms.text import Words, betting, text_room

_PART = r"(?= - |\Z)"
"""The end of one of the header's parts."""

WORDS = Words(
    header=(
        r": (?:(?P<event>.+? \([0-9]+\)), )?Table (?P<table>.+?)(?: \([^)]*\))?(?= - )",
        r" - (?P<small>" + MONEY + r")/(?P<big>" + MONEY + r")(?: Ante " + MONEY + ")?" + _PART,
        r" - (?P<structure>Fixed Limit|Limit|FL|Pot Limit|PL|No Limit|NL) (?P<game>.+?)" + _PART,
        r" - (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2}) (?P<zone>[A-Z]{2,4})" + _PART,
        r" - (?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2})(?P<partial> \(partial\))?",
    ),
    games={
        "Badugi": "badugi",
        "2-7 Triple Draw": "deuce-seven-triple-draw",
        "A-5 Triple Draw": "ace-five-triple-draw",
        "2-7 Single Draw": "deuce-seven-single-draw",
    },
    structures={
        "Limit": "fixed-limit",
        "FL": "fixed-limit",
        "Fixed Limit": "fixed-limit",
        "Pot Limit": "pot-limit",
        "PL": "pot-limit",
        "No Limit": "no-limit",
        "NL": "no-limit",
    },
    lines={
        "seat": r"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<chips>" + MONEY + r")\)"
        r"(?P<out>, is sitting out)?",
        "table": r"The button is in seat #(?P<button>[0-9]{1,3})",
        "dealt": DEALT,
        "returned": r"Uncalled bet of (?P<amount>" + MONEY + r") returned to (?P<name>.+)",
    },
    acts={
        "ante": r" antes (?P<amount>" + MONEY + ")",
        "small": r" posts (?:the|a dead) small blind of (?P<amount>" + MONEY + ")",
        "big": r" posts (?:the big blind of )?(?P<amount>" + MONEY + ")",  # bare: out of turn
        **betting(" ", MONEY),
        "raise": r" raises to (?P<to>" + MONEY + ")",
        "discard": r" discards (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?",
        "pat": r" stands pat(?: on \[[^\]]*\])?",
        "show": r" shows \[(?P<cards>[^\]]*)\](?: .*)?",
        "muck": r" mucks",
        "collect": r" (?:wins|ties for) the (?:main |side )?pot(?: #?[0-9]+)? "
        r"\((?P<amount>" + MONEY + r")\)(?: .*)?",
        "quiet": r": .*| (?:has [0-9]+ seconds left to act|has been disconnected|has reconnected"
        r"|stands up|sits down|is sitting out|has returned|has requested TIME"
        r"|is dealt [0-9] cards?|adds " + MONEY + r"|has timed out.*|is feeling .*)",
    },
    summary={"total": TOTAL},
    pot=r"(?:Main|Side) pot(?: #?[0-9]+)? (" + MONEY + r")\.",
    noise=r"\*\*\* (?:HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|DRAW|SHOW DOWN) \*\*\*.*"
    r"|\*+ # [0-9]+ \*+"
    r"|.+ (?:sits down|adds " + MONEY + r"|has joined the table|has left the table)",
    cancelled=r"(?i)cancel",
    all_in=", and is all in",
)
"""Full Tilt's words."""

FORMAT = text_room(
    "Full Tilt Poker",
    r"Full ?Tilt ?Poker Game #",
    r"Full ?Tilt ?Poker Game #([0-9]+)",
    WORDS,
)
"""Full Tilt's hand histories: each hand from its ``Full Tilt Poker Game #N:`` line."""
