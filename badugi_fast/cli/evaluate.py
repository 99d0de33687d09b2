"""``badugi eval``: a hand's value for every half of the game, its playing and dead cards."""

from __future__ import annotations

import argparse
import json

from badugi_fast.cli.common import Subparsers, add_command, describe_hands
from badugi_fast.games import game_rule


def add_parsers(commands: Subparsers) -> None:
    """Register ``badugi eval``."""
    sub = add_command(
        commands, "eval", "show a hand's value, playing and dead cards, name and rank"
    )
    sub.add_argument("cards", nargs="+", help='the cards, e.g. "As 2c 3h 4d" or As 2c 3h 4d')
    sub.set_defaults(run=run)


def run(args: argparse.Namespace) -> str:
    """The hand's description, as text or JSON."""
    rule = game_rule(args.game)
    hands = rule.hands(" ".join(args.cards))
    if args.json:
        return json.dumps(describe_hands(rule, hands))
    lines = [f"hand:    {' '.join(map(str, hands[0].cards))}"]
    for half, hand in zip(rule.halves, hands, strict=True):
        prefix = "" if len(rule.halves) == 1 else f"{half.kind} half: "
        lines += [
            f"{prefix}{hand}",
            f"  playing: {' '.join(map(str, hand.playing))}",
            f"  dead:    {' '.join(map(str, hand.dead)) or '-'}",
            f"  rank:    {hand.rank} of {hand.RANK_COUNT} (1 is best)",
        ]
    return "\n".join(lines)
