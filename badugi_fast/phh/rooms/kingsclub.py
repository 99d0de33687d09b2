"""Kings Club hand histories: Badugi, Badacey, Badeucey, 2-7 and A-5 triple draw and 2-7
and A-5 single draw, in fixed, pot and no limit, cash games (amounts to the cent).

A hand starts with ``#N: Limit Badacey - 22/44`` (the betting, the game and the stakes:
the bets in fixed limit, else the blinds), then its date, ``Table 'name' Seat 1 is the
button``, the seats and the rounds (``*** 1ST BETTING ROUND ***``, ``*** 1ST DRAW ***``
...). A call names the round's total it calls to, like a raise; a draw is ``X draws 2``,
the hero's ``Hero discards [7h Qc] draws [2h 9s]``. The summary gives each player's net
(``Seat 2: Hero (2,295.88) -77``: it finds a dead blind no line posts, ``nets``), the rake
(``Rake 5``, none when the room took none) and each payout (``Hero wins (168) from pot``).

A pot run twice (all in before the draw) is written once, each draw decided once for both
runs: the hero's draw names each run's cards (``Hero discards [9h] draws [8c] [Tc]``), an
opponent's is ``X draws 1`` for both, and each run's hands are shown on lines of their own
(``Run 2: X shows [...]``; a show without ``Run N:`` is the first run's). Its older writing
gives each draw as a second ``Dealt to X: [...]`` line: the cards of each run, then those
thrown (``Dealt to Ann: [6h Ks Ks]``: 6h in run 1, Ks in run 2, thrown Ks; ``[X X X X X X]``
two thrown, two in each run), and shows no run after the first. The hand is written as the
engine plays it (``_runs``, ``_run_starts``): the draws after the last bet once for each
run, each run's cards, each run's shows at its end, and a hand dealt unknown cards in a run
that the room does not show there mucks that run (docs/guide/rooms.md).
"""

from __future__ import annotations

from badugi_fast.phh.rooms.text import Words, betting, text_room

_AMOUNT = r"[0-9][0-9,]*(?:\.[0-9]+)?"

WORDS = Words(
    header=(
        r"\A#[0-9]+: (?P<structure>Half Pot Limit|Pot Limit|No Limit|Limit) (?P<game>.+) - "
        r"(?P<small>" + _AMOUNT + ")/(?P<big>" + _AMOUNT + r")\Z",
    ),
    games={
        "Badugi": "badugi",
        "Badacey": "badacey",
        "Badeucey": "badeucey",
        "2-7 Triple Draw": "deuce-seven-triple-draw",
        "A-5 Triple Draw": "ace-five-triple-draw",
        "2-7 Single Draw": "deuce-seven-single-draw",
        "A-5 Single Draw": "ace-five-single-draw",
    },
    structures={
        "Half Pot Limit": "half-pot-limit",
        "Limit": "fixed-limit",
        "Pot Limit": "pot-limit",
        "No Limit": "no-limit",
    },
    lines={
        "date": r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})",
        "table": r"Table '(?P<table>[^']*)' Seat (?P<button>[0-9]{1,3}) is the button",
        "seat": r"Seat (?P<seat>[0-9]{1,3}): (?P<name>.+?) \((?P<chips>" + _AMOUNT + r")\)",
        "dealt": r"Dealt to (?P<name>.+?): \[(?P<cards>[^\]]*)\]",
    },
    acts={
        "ante": r": posts ante (?P<amount>" + _AMOUNT + ")",
        "small": r": posts the small blind (?P<amount>" + _AMOUNT + ")",
        "big": r": posts (?:the big blind|blind) (?P<amount>" + _AMOUNT + ")",  # blind: returning
        **betting(" ", _AMOUNT),
        "call": r" calls (?P<to>" + _AMOUNT + ")",  # the round's total it calls to
        "raise": r" raises to (?P<to>" + _AMOUNT + ")",
        "discard": r" (?:draws (?P<count>[0-9]{1,2})"
        r"|discards \[(?P<cards>[^\]]*)\] draws (?P<drawn>(?:\[[^\]]*\] ?){1,4}))",
        "pat": r" stands pat",
        "show": r" shows \[(?P<cards>[^\]]*)\]",
        "muck": r" mucks",
    },
    summary={"rake": r"Rake (?P<rake>" + _AMOUNT + ")"},
    summary_acts={
        "collect": r" wins (?:pot )?\((?P<amount>" + _AMOUNT + r")\)(?: from (?:the )?\w* ?pot.*)?"
    },
    noise=r"\*\*\* [0-9]+(?:ST|ND|RD|TH) (?:BETTING ROUND|DRAW) \*\*\*",
    run=r"Run (?P<run>[1-4]): (?P<rest>.+)",
    all_in=", and is all in",
    redealt_draws=True,
    symbols=False,
    net=r"Seat [0-9]{1,3}: (?P<name>.+?) \(" + _AMOUNT + r"\) (?P<net>[+-]" + _AMOUNT + ")",
    ends_with_payouts=True,
    end="the summary's rake or payouts",
)
"""Kings Club's words."""

FORMAT = text_room(
    "Kings Club",
    r"#[0-9]+: [A-Za-z0-9 /'-]+ - " + _AMOUNT + "/" + _AMOUNT + r"[ \t\r]*$",
    r"^#([0-9]+):",
    WORDS,
    reports_returned=False,
)
"""Kings Club's hand histories: each hand from its ``#N: Limit Badugi - 2/4`` line."""
