"""``badugi range``: count and list the hands of a range.

badugi range '$badugi8'
badugi range 'A23:$draw1' --dead "Kd" --list 5 --json

Rules and the syntax: docs/rules.md, "Ranges".
"""

from __future__ import annotations

import argparse
import json
from array import array
from itertools import islice
from typing import Any

from badugi_fast.cards import format_cards
from badugi_fast.cli.common import add_command
from badugi_fast.ranges import Range


def _run_range(args: argparse.Namespace) -> str:
    r = Range.parse(args.text, game=args.game)
    combos = r.combos(args.dead or ())
    weights = array("d", combos.weights)
    size = r.rule.cards
    shown = [
        (format_cards(combos.hands[start : start + size]), weights[start // size])
        for start in islice(range(0, len(combos.hands), size), args.list)
    ]
    if args.json:
        return json.dumps(
            {
                "range": args.text,
                "game": args.game,
                "hands": len(combos),
                "weight": sum(weights),
                "listed": [{"cards": cards, "weight": weight} for cards, weight in shown],
            }
        )
    out = "" if args.dead is None else f" (without {args.dead})"
    lines = [f"{args.text}: {len(combos):,} {args.game} hands{out}, total weight {sum(weights):g}"]
    lines += [
        f"  {cards}" + ("" if weight == 1 else f"  weight {weight:g}") for cards, weight in shown
    ]
    if len(combos) > len(shown):
        lines.append(f"  ... and {len(combos) - len(shown):,} more (--list N shows N)")
    return "\n".join(lines)


def add_parsers(commands: Any) -> None:
    """Add ``range`` to the ``badugi`` command's subparsers."""
    sub = add_command(commands, "range", "count and list the hands of a range")
    sub.add_argument("text", help="the range, e.g. '$badugi8' or 'A23, 0.5:RR' (docs/rules.md)")
    sub.add_argument("--dead", help="cards known to be out: hands holding any are left out")
    sub.add_argument("--list", type=int, default=10, metavar="N", help="list the first N hands")
    sub.set_defaults(run=_run_range)
