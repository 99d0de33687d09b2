"""``badugi compare``: which of two hands wins each half of the game."""

from __future__ import annotations

import argparse
import json

from badugi_fast.checks import check_apart
from badugi_fast.cli.common import Subparsers, add_command, describe_hands
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import game_rule


def add_parsers(commands: Subparsers) -> None:
    """Register ``badugi compare``."""
    sub = add_command(commands, "compare", "say which of two hands wins (each half in split games)")
    sub.add_argument("first", help='the first hand, e.g. "8s 7h 3d 2c"')
    sub.add_argument("second", help='the second hand, e.g. "9s 8h 4d 3c"')
    sub.set_defaults(run=run)


def _verdict(a: RankedHand, b: RankedHand) -> str:
    return "first" if a > b else "second" if b > a else "tie"


def run(args: argparse.Namespace) -> str:
    """The verdict per half, as text or JSON."""
    rule = game_rule(args.game)
    first, second = rule.hands(args.first), rule.hands(args.second)
    check_apart((("the first hand", first[0].cards), ("the second hand", second[0].cards)))
    verdicts = [_verdict(a, b) for a, b in zip(first, second, strict=True)]
    if args.json:
        winners = {half.kind: verdict for half, verdict in zip(rule.halves, verdicts, strict=True)}
        return json.dumps(
            {
                "first": describe_hands(rule, first),
                "second": describe_hands(rule, second),
                "winners": winners,
            }
        )
    lines = []
    for half, a, b, verdict in zip(rule.halves, first, second, verdicts, strict=True):
        outcome = "tie: split" if verdict == "tie" else f"{verdict} hand wins"
        lines.append(f"{half.kind}: {a}  vs  {b}  ->  {outcome}")
    if len(verdicts) > 1 and len(set(verdicts)) == 1 and verdicts[0] != "tie":
        lines.append(f"{verdicts[0]} hand scoops")
    return "\n".join(lines)
