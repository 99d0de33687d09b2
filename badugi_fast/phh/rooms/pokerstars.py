"""PokerStars hand histories: Badugi, 2-7 and A-5 triple draw and 2-7 single draw, in fixed,
pot and no limit, cash games (amounts in cents), tournaments and play money (in chips).

A hand starts with ``PokerStars Hand #N:`` (or ``Game``, ``Zoom Hand``): its header names
the game (inside a mixed game's name too), the betting and the stakes (the bets in fixed
limit, else the blinds), with a tournament's buy-in and level before them; then the table
and the button, the seats with their chips, the forced bets, the streets (``*** DEALING
HANDS ***``, ``*** FIRST DRAW ***`` ...), the showdown and a summary whose ``Total pot``
line gives the pots net of rake and the rake (docs/guide/rooms.md).
"""

from __future__ import annotations

from badugi_fast.phh.rooms.text import Words, betting, text_room

MONEY = r"[$€£]?[0-9][0-9,.]*"
"""An amount as PokerStars (and Full Tilt) write it, the currency's symbol first."""
DEALT = r"Dealt to (?P<name>.+?) (?:\[(?P<kept>[^\]]*)\] ?)?\[(?P<cards>[^\]]*)\]"
"""The hero's cards: ``Dealt to Hero [Qs 7s 3c 2d]``, after a draw ``[kept] [new]``."""
TOTAL = r"Total pot (?P<total>" + MONEY + r")(?P<pots>.*?) \| Rake (?P<rake>" + MONEY + r")(?: .*)?"
"""The summary's pot, its main and side pots net of rake, and the rake."""
_TIME = r"(?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"

WORDS = Words(
    header=(
        # after the hand's number: a tournament's number and buy-in, a mixed game's name
        r"#[0-9]+: +(?:(?P<event>Tournament #[0-9]+), "
        r"(?:(?:[$€£]?[0-9][0-9.,+$€£]*|[A-Z]{3}|FPP|Freeroll) )*)?(?:[^(]*\()?"
        r"(?P<game>[A-Za-z0-9'/ -]+?) (?P<structure>Pot Limit|No Limit|Limit)\b"
        r"(?:.*?Level (?P<level>[IVXLCDM]+))?"
        r".*?\((?P<small>" + MONEY + r")/(?P<big>" + MONEY + r")(?: (?P<currency>[A-Z]{3}))?\)",
        r" - (?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2}) " + _TIME + r"(?: (?P<zone>[A-Z]{2,4}))?",
    ),
    games={
        "Triple Draw 2-7 Lowball": "deuce-seven-triple-draw",
        "Triple Draw A-5 Lowball": "ace-five-triple-draw",
        "Single Draw 2-7 Lowball": "deuce-seven-single-draw",
        "Badugi": "badugi",
    },
    structures={"Limit": "fixed-limit", "Pot Limit": "pot-limit", "No Limit": "no-limit"},
    lines={
        "table": r"Table '(?P<table>[^']*)' (?P<max>[0-9]+)-max (?:\(Play Money\) )?"
        r"Seat #(?P<button>[0-9]+) is the button",
        "seat": r"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<chips>" + MONEY + r") in chips"
        r"(?:, [^)]*)?\)(?P<out> is sitting out| out of hand.*)?",
        "dealt": DEALT,
        "returned": r"Uncalled bet \((?P<amount>" + MONEY + r")\) returned to (?P<name>.+)",
    },
    acts={
        "ante": r": posts the ante (?P<amount>" + MONEY + ")",
        "small": r": posts small blind (?P<amount>" + MONEY + ")",
        "big": r": posts big blind (?P<amount>" + MONEY + ")",
        "both": r": posts small & big blinds (?P<amount>" + MONEY + ")",
        **betting(": ", MONEY),
        "fold": r": folds(?: \[[^\]]*\])?",
        "discard": r": discards (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?",
        "pat": r": stands pat(?: on \[[^\]]*\])?",
        "show": r": shows \[(?P<cards>[^\]]*)\](?: .*)?",
        "muck": r": mucks hand",
        "collect": r" collected (?P<amount>" + MONEY + r") from (?:the )?(?:main |side )?"
        r"pot(?:-[0-9]+)?",
        "out": r": (?:is sitting out|sits out)",
        "quiet": r": doesn't show hand",
    },
    summary={"total": TOTAL},
    pot=r"(?:Main|Side) pot(?:-[0-9]+)? (" + MONEY + r")\.",
    noise=r"(?:.+ said, \".*|.+ (?:is disconnected|is connected|has timed out.*|has returned"
    r"|leaves the table|joins the table at seat #[0-9]+|will be allowed to play after the button"
    r"|was removed from the table.*|finished the tournament.*|wins the tournament.*"
    r"|re-buys and receives.*|adds [$€£]?[0-9].*|is sitting out|sits out)"
    r"|Betting is capped|The deck is reshuffled"
    r"|\*\*\* (?:DEALING HANDS|HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|DRAW"
    r"|SHOW DOWN) \*\*\*)",
    cancelled=r"(?i)Hand (?:was )?cancelled",
    all_in=" and is all-in",
)
"""PokerStars' words."""

FORMAT = text_room(
    "PokerStars",
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #",
    r"PokerStars[^#]*#([0-9]+)",
    WORDS,
    bet_ladder=True,  # a raise after an all-in for less completes the bet to the next rung
)
"""PokerStars' hand histories: each hand from its ``PokerStars Hand #N:`` line."""
