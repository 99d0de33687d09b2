"""Deciding exact or Monte Carlo costs next to nothing, and a long run can be stopped.

The deals an exact run would visit are bounded in closed form (the count itself with at
most one draw) and otherwise counted with the last draws in closed form; both are checked
against a plain enumeration of the deal tree. The issue's position (issue 28, item 1) once
counted for two minutes in silence before sampling anyway.
"""

from __future__ import annotations

import math
import os
import random
import signal
import subprocess
import sys
import time
from itertools import combinations
from typing import Any

import pytest
import reference as ref
import reference_odds
from soak import size

import badugi_fast as bf
from badugi_fast._binding import odds as kernels
from badugi_fast.cards import format_cards
from badugi_fast.odds.position import position

GAMES = ("badugi", "badacey", "badeucey", "deuce-seven-triple-draw", "ace-five-triple-draw")
SLOW = ["As 2h Qs Jd", "2s 3h 4h 5h"]
"""The issue's position: about 1.08e12 deals over three draws."""
GENEROUS = 15.0
"""Seconds: far above what a loaded 2-core machine takes (well under one), far below
what the old count took (two minutes)."""


def reference_deals(
    hands: list[tuple[int, ...]],
    game: str,
    draws: int,
    discards: list[tuple[int, ...] | None],
    dead: set[int],
    target: int,
) -> int:
    """Every deal of the tree, enumerated: player by player and draw by draw, each
    k-subset of the cards left; the policy's kept cards (ties broken by the position) from
    the brute-force reference."""
    players = len(hands)

    def walk(
        hands: list[tuple[int, ...]],
        seen: list[frozenset[int]],
        unseen: frozenset[int],
        draw: int,
        p: int,
    ) -> int:
        if draw == draws:
            return 1
        hand = hands[p]
        first = discards[p] if draw == 0 else None
        if first is not None:
            keeps = [tuple(card for card in hand if card not in first)]
        elif len(set(map(ref.rank_of, hand))) == len(hand):  # no pair: no tie to break
            keeps = [reference_odds._keep_by_ids(hand, game, target)]
        else:
            table = reference_odds.table_of(hands, seen, p, unseen)
            keeps = [k for k, _ in reference_odds.policy_keeps(hand, game, target, seen[p], table)]
        total = 0
        for keep in keeps:  # each discard the policy may make, once per group of equals
            k = len(hand) - len(keep)
            if draw == draws - 1 and p == players - 1:
                return math.comb(len(unseen), k)  # the count's closed form: no ties counted
            after = (draw + 1, 0) if p == players - 1 else (draw, p + 1)
            saw = list(seen)
            saw[p] = seen[p] | (set(hand) - set(keep))
            for new in combinations(sorted(unseen), k):
                dealt = list(hands)
                dealt[p] = tuple(sorted(keep + new))
                total += walk(dealt, saw, unseen - set(new), *after)
        return total

    used = set(dead).union(*map(set, hands))
    start = [tuple(sorted(h)) for h in hands]
    return walk(start, [frozenset(dead)] * players, frozenset(range(52)) - used, 0, 0)


def _cases(count: int, seed: int) -> list[dict[str, Any]]:
    """Random positions over every game, 1-4 players, 0-3 draws, dead cards, first
    discards and targets, small enough (a short stub) for the plain enumeration."""
    rng = random.Random(seed)
    cases: list[dict[str, Any]] = []
    while len(cases) < count:
        game = GAMES[len(cases) % len(GAMES)]
        cards = 4 if game == "badugi" else 5
        players = rng.randint(1, 4 if cards == 4 else 3)
        draws = len(cases) // len(GAMES) % 4
        deck = rng.sample(range(52), 52)
        hands = [tuple(deck[cards * p : cards * (p + 1)]) for p in range(players)]
        rest = deck[cards * players :]
        dead = set(rest[: len(rest) - rng.randint(14, 22)])
        discards = [
            tuple(rng.sample(hand, rng.randrange(3))) if draws and rng.random() < 0.3 else None
            for hand in hands
        ]
        lowball = game.endswith("triple-draw")
        target = rng.choice((0, 0, rng.randrange(1, 1500 if lowball else 716)))
        case = {
            "hands": hands,
            "game": game,
            "draws": draws,
            "discards": discards,
            "dead": dead,
            "target": target,
        }
        question = _position(case)
        bounds = kernels.bounds(question)
        if bounds is None or bounds[1] > 100_000:  # a reshuffle, or too big to walk
            continue
        cases.append(case)
    return cases


def _position(case: dict[str, Any]) -> Any:
    hands = [format_cards(hand) for hand in case["hands"]]
    return position(
        hands,
        game=case["game"],
        draws=case["draws"],
        discards=[None if d is None else format_cards(d) for d in case["discards"]],
        dead=format_cards(sorted(case["dead"])),
        target=case["target"] or None,
        policy=None,
        names=[f"hands[{i}]" for i in range(len(hands))],
    )


@pytest.mark.parametrize("case", _cases(size(60, 600), 28))
def test_the_count_and_its_bounds_match_the_enumeration(case: dict[str, Any]) -> None:
    question = _position(case)
    deals = reference_deals(
        case["hands"], case["game"], case["draws"], case["discards"], case["dead"], case["target"]
    )
    assert kernels.outcomes(question, math.inf) == deals
    low, high = kernels.bounds(question) or (math.nan, math.nan)
    assert low <= deals <= high
    if case["draws"] <= 1:
        assert low == high == deals  # the closed form is the count


def test_a_custom_policy_is_counted_and_bounded_alike() -> None:
    def throw_first(cards: tuple[bf.Card, ...], player: int, draw: int) -> list[bf.Card]:
        return [cards[0]]

    hands = ["As 2h Qs Jd", "2s 3h 4h Kh"]
    dead = format_cards(sorted(set(range(52)) - set(bf.parse_cards(" ".join(hands))))[:26])
    question = position(
        hands,
        game="badugi",
        draws=2,
        discards=None,
        dead=dead,
        target=None,
        policy=throw_first,
        names=["hands[0]", "hands[1]"],
    )
    deals = math.perm(18, 4)  # one card a player a draw, from a stub of eighteen
    assert kernels.outcomes(question, math.inf) == deals
    low, high = kernels.bounds(question) or (math.nan, math.nan)
    assert low == 18 * 17 and high == low * math.comb(16, 4) ** 2  # it may throw all four


def test_the_issues_position_is_decided_at_once_and_reports_progress_early() -> None:
    calls: list[float] = []
    start = time.monotonic()
    result = bf.equity(
        SLOW,
        draws=3,
        exact_limit=10**11,
        samples=140_000,
        seed=1,
        progress=lambda done, total: calls.append(time.monotonic() - start),
    )
    assert not result.exact and result.samples == 140_000
    assert calls and calls[0] < GENEROUS, calls[:1]


def test_a_count_stops_just_past_its_limit() -> None:
    question = position(
        SLOW,
        game="badugi",
        draws=3,
        discards=None,
        dead=(),
        target=None,
        policy=None,
        names=["hands[0]", "hands[1]"],
    )
    low, high = kernels.bounds(question) or (math.nan, math.nan)
    assert low < 10**11 < high  # the bounds leave it open: a count decides
    start = time.monotonic()
    count = kernels.outcomes(question, 10**11) or 0
    assert 10**11 < count < 1.1 * 10**11
    assert time.monotonic() - start < GENEROUS


def _badugi(*args: str, **popen: Any) -> subprocess.Popen[bytes]:
    """The ``badugi`` command in a new process and session (Ctrl-C reaches its group)."""
    command = [sys.executable, "-I", "-c", "import sys, badugi_fast.cli as c; sys.exit(c.main())"]
    return subprocess.Popen([*command, *args], start_new_session=True, **popen)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT and pseudo-terminals are POSIX")
def test_ctrl_c_ends_the_issues_command_quickly_and_the_bar_shows() -> None:
    import pty

    leader, follower = pty.openpty()
    proc = _badugi(
        "equity",
        *SLOW,
        "--draws",
        "3",
        "--exact-limit",
        "100000000000",
        "--samples",
        "1000000000",
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    start = time.monotonic()
    seen = b""
    try:
        while b"deals" not in seen and time.monotonic() - start < GENEROUS:
            try:
                seen += os.read(leader, 4096)
            except OSError:
                break
        shown = time.monotonic() - start
        assert b"deals" in seen, seen  # the bar, once the run passes a second
        os.killpg(proc.pid, signal.SIGINT)
        stopped = time.monotonic()
        code = proc.wait(timeout=60)
        assert time.monotonic() - stopped < GENEROUS / 3
        assert code == 130
        assert shown < GENEROUS
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(leader)
