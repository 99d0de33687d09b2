"""``badugi odds`` and ``badugi equity``: the odds from the shell.

badugi odds "As 2c 3h Kc" --discard Kc --draws 3
badugi equity "As2c3hKc" "9s8h7d6c" --draws 2 --json

Human tables by default; on a terminal a progress bar shows for Monte Carlo runs longer
than about a second. Rules: docs/rules.md, "Draw odds and equity".
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from math import comb
from typing import Any

from badugi_fast.cards import format_cards, parse_cards
from badugi_fast.cli.common import (
    MAX_WORKERS,
    DefaultsHelp,
    ProgressBar,
    add_command,
    worker_pool,
)
from badugi_fast.evaluation import AceFiveHand, DeuceSevenHand
from badugi_fast.games import game_rule
from badugi_fast.odds.draw_odds import DrawOdds, draw_odds
from badugi_fast.odds.equity import Equity, equity
from badugi_fast.odds.position import draws_left
from badugi_fast.odds.scale import DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES
from badugi_fast.ranges.players import player

_HIGH_WORDS = "- ace deuce three four five six seven eight nine ten jack queen king ace".split()
_SMALLER_SETS = (
    ("three-card hands", 716, 1001),
    ("two-card hands", 1002, 1079),
    ("one-card hands", 1080, 1092),
)


def _common(args: argparse.Namespace) -> dict[str, Any]:
    """The options both commands share, as keyword arguments."""
    options: dict[str, Any] = {
        "game": args.game,
        "draws": args.draws,
        "dead": args.dead or (),
        "target": int(args.target) if _is_rank(args.target) else args.target,
        "seed": args.seed,
        "progress": ProgressBar("deals"),
    }
    if args.samples is not None:
        options["samples"] = args.samples
    if args.exact_limit is not None:
        options["exact_limit"] = args.exact_limit
    return options


def _draws(args: argparse.Namespace) -> int:
    """The draws the command played (all the game's when not given)."""
    return draws_left(args.draws, game_rule(args.game))


def _how(result: DrawOdds | Equity) -> str:
    if result.exact:
        return "exact: every deal enumerated"
    return f"Monte Carlo: {result.samples:,} deals, seed {result.seed}"


def _run_odds(args: argparse.Namespace) -> str:
    with worker_pool(args.workers) as pool:
        odds = draw_odds(" ".join(args.cards), discard=args.discard, executor=pool, **_common(args))
    halves = game_rule(args.game).halves
    lowball = halves[0].kind != "badugi"
    if args.json:
        headline = {} if lowball else {"p_badugi": odds.p_badugi}
        low = {"low_distribution": _json(odds.low_distribution)} if len(halves) > 1 else {}
        return json.dumps(
            {
                "exact": odds.exact,
                "samples": odds.samples,
                "seed": odds.seed,
                **headline,
                "distribution": _json(odds.distribution),
                "stderr": _json(odds.stderr),
                **low,
            }
        )
    lines = [f"{args.game}, {_draws(args)} draw(s); {_how(odds)}"]
    if not lowball:
        error = odds.standard_error(odds.p_badugi)
        lines.append(f"badugi: {odds.p_badugi:.4%}" + (f"  (± {error:.4%})" if error else ""))
    lines += ["", f"{'final hand':<20} {'probability':>11} {'or better':>10}"]
    if lowball:
        return "\n".join(lines + _low_rows(odds.distribution, odds.p_at_least, halves[0].kind))
    lines += _badugi_rows(odds, args.game)
    if len(halves) > 1:  # a split game: its low half too
        lines += ["", f"{'low half':<20} {'probability':>11} {'or better':>10}"]
        lines += _low_rows(odds.low_distribution, odds.p_low_at_least, halves[1].kind)
    return "\n".join(lines)


def _json(distribution: Mapping[int, float]) -> dict[str, float]:
    return {str(rank): p for rank, p in distribution.items()}


def _badugi_rows(odds: DrawOdds, game: str) -> list[str]:
    """Four-card badugis by high card, then the smaller playing sets."""
    base = 2 if game == "badeucey" else 1  # the lowest rank value: a deuce when aces are high
    rows, worst = [], 0
    for high in range(base + 3, base + 13):  # four-card badugis, by high card: C(high - base, 3)
        first, worst = worst + 1, worst + comb(high - base, 3)
        rows += _group(
            odds.distribution, odds.p_at_least, f"{_HIGH_WORDS[high]} badugi", first, worst
        )
    for label, first, last in _SMALLER_SETS:
        rows += _group(odds.distribution, odds.p_at_least, label, first, last)
    return rows


def _low_rows(
    distribution: Mapping[int, float], p_at_least: Callable[[int], float], kind: str
) -> list[str]:
    """Made lows (of ``kind``, "ace-five" or "deuce-seven") by high card: each row ends at
    the worst unpaired low with that card."""
    deuce_seven = kind == "deuce-seven"
    hand = DeuceSevenHand if deuce_seven else AceFiveHand
    rows, previous = [], 0
    for high in range(7, 15) if deuce_seven else range(5, 14):  # the ace is high in 2-7
        # the worst such hand: the four ranks below it, the last one lower in 2-7 (no straight)
        values = [high, high - 1, high - 2, high - 3, high - (5 if deuce_seven else 4)]
        ranks = [1 if value == 14 else value for value in values]  # card ranks: ace = 1
        worst = hand(format_cards(4 * (r - 1) + i % 2 for i, r in enumerate(ranks))).rank
        rows += _group(
            distribution, p_at_least, f"{_HIGH_WORDS[high]}-high low", previous + 1, worst
        )
        previous = worst
    return rows + _group(distribution, p_at_least, "pairs and worse", previous + 1, hand.RANK_COUNT)


def _group(
    distribution: Mapping[int, float],
    p_at_least: Callable[[int], float],
    label: str,
    first: int,
    last: int,
) -> list[str]:
    """A table row for the final ranks first..last, if any of them can happen."""
    p = sum(distribution.get(rank, 0.0) for rank in range(first, last + 1))
    return [f"{label:<20} {p:>11.4%} {p_at_least(last):>10.4%}"] if p else []


def _run_equity(args: argparse.Namespace) -> str:
    discards = None
    if args.discards:
        discards = [None if text == "-" else text for text in args.discards]
    with worker_pool(args.workers) as pool:
        result = equity(args.hands, discards=discards, executor=pool, **_common(args))
    if args.json:
        return json.dumps(
            {
                "exact": result.exact,
                "samples": result.samples,
                "seed": result.seed,
                "equity": result.equity,
                "win": result.win,
                "tie": result.tie,
                "stderr": result.stderr,
                "halves": {
                    half.kind: {"equity": half.equity, "win": half.win, "tie": half.tie}
                    for half in result.halves
                },
            }
        )
    rule = game_rule(args.game)
    names = [hand if player(hand, rule) else format_cards(parse_cards(hand)) for hand in args.hands]
    width = max(len(name) for name in [*names, "hand"])
    halves = "".join(f" {half.kind + ' half':>15}" for half in result.halves)
    lines = [
        f"{args.game}, {_draws(args)} draw(s); {_how(result)}",
        f"{'hand':<{width}} {'equity':>9} {'win':>9} {'tie':>9}{halves}",
    ]
    for i, name in enumerate(names):
        row = (
            f"{name:<{width}} {result.equity[i]:>9.4%} {result.win[i]:>9.4%} {result.tie[i]:>9.4%}"
        )
        row += "".join(f" {half.equity[i]:>15.4%}" for half in result.halves)
        if not result.exact:
            row += f"  (± {result.stderr[i]:.4%})"
        lines.append(row)
    return "\n".join(lines)


def add_parsers(commands: Any) -> None:
    """Add ``odds`` and ``equity`` to the ``badugi`` command's subparsers."""
    for name, help_text, run in (
        ("odds", "the odds of every final hand after the draws left", _run_odds),
        ("equity", "each hand's or range's share of the pot after the draws left", _run_equity),
    ):
        sub = add_command(commands, name, help_text)
        sub.formatter_class = DefaultsHelp
        sub.add_argument(
            "--draws",
            type=int,
            help="draws left, 0 to the game's draws (default: all of them, 3 in triple draw, "
            "1 in single draw)",
        )
        sub.add_argument("--dead", help="cards known to be out of the stub (default: none)")
        sub.add_argument(
            "--target",
            help="the hand drawn to, cards or a raw rank (default: none, any badugi or "
            "made low stands pat)",
        )
        sub.add_argument(
            "--samples", type=int, help=f"Monte Carlo deals (default {DEFAULT_SAMPLES:,})"
        )
        sub.add_argument(
            "--seed",
            type=int,
            help="seed for a reproducible Monte Carlo run (default: a random one, printed)",
        )
        sub.add_argument(
            "--exact-limit",
            type=int,
            help=f"enumerate up to this many deals, else sample (default {DEFAULT_EXACT_LIMIT:,}"
            "; 0 always samples)",
        )
        sub.add_argument(
            "--workers",
            type=int,
            help=f"threads (default: one per CPU; at most one per CPU; {MAX_WORKERS} at most)",
        )
        sub.set_defaults(run=run)
        if name == "odds":
            sub.add_argument("cards", nargs="+", help='the hand, e.g. "As 2c 3h Kc"')
            sub.add_argument("--discard", help="the first discard (default: the drawing policy's)")
        else:
            sub.add_argument(
                "hands",
                nargs="+",
                help='2 to 8 hands or ranges, e.g. "As2c3hKc" "9s8h7d6c" or "*" (docs/rules.md)',
            )
            sub.add_argument(
                "--discards",
                nargs="+",
                metavar="CARDS",
                help="each hand's first discard, - for the policy (default: the policy's)",
            )


def _is_rank(text: str | None) -> bool:
    """Whether ``--target`` is a raw rank (ASCII digits) rather than a hand's cards."""
    return text is not None and text.isascii() and text.isdigit() and 0 < len(text) <= 5
