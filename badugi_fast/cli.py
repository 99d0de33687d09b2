"""The ``badugi`` command: evaluate and compare hands from the shell.

badugi eval "As 2c 3h 4d"
badugi eval --game badacey As 2c 3h 4d 5s
badugi compare "8s 7h 3d 2c" "9s 8h 4d 3c" --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from badugi_fast.games import GAMES, GameRule, game_rule
from badugi_fast.hands import RankedHand


def _hands(rule: GameRule, text: str) -> list[RankedHand]:
    """The hand of each half of the game for one player's cards."""
    hands = [half.hand(text) for half in rule.halves]
    if len(hands[0].cards) != rule.cards:
        raise ValueError(f"{rule.name} hands have {rule.cards} cards, got {len(hands[0].cards)}")
    return hands


def _describe(rule: GameRule, hands: list[RankedHand]) -> dict[str, object]:
    return {
        "game": rule.name,
        "cards": [str(card) for card in hands[0].cards],
        "halves": {
            half.name: hand.to_dict() for half, hand in zip(rule.halves, hands, strict=True)
        },
    }


def _run_eval(args: argparse.Namespace) -> str:
    rule = game_rule(args.game)
    hands = _hands(rule, " ".join(args.cards))
    if args.json:
        return json.dumps(_describe(rule, hands))
    lines = [f"hand:    {' '.join(map(str, hands[0].cards))}"]
    for half, hand in zip(rule.halves, hands, strict=True):
        prefix = "" if len(rule.halves) == 1 else f"{half.name} half: "
        lines += [
            f"{prefix}{hand}",
            f"  playing: {' '.join(map(str, hand.playing))}",
            f"  dead:    {' '.join(map(str, hand.dead)) or '-'}",
            f"  rank:    {hand.rank} of {hand.RANK_COUNT} (1 is best)",
        ]
    return "\n".join(lines)


def _verdict(a: RankedHand, b: RankedHand) -> str:
    return "first" if a > b else "second" if b > a else "tie"


def _run_compare(args: argparse.Namespace) -> str:
    rule = game_rule(args.game)
    first, second = _hands(rule, args.first), _hands(rule, args.second)
    verdicts = [_verdict(a, b) for a, b in zip(first, second, strict=True)]
    if args.json:
        return json.dumps(
            {
                "first": _describe(rule, first),
                "second": _describe(rule, second),
                "winners": {
                    half.name: verdict for half, verdict in zip(rule.halves, verdicts, strict=True)
                },
            }
        )
    lines = []
    for half, a, b, verdict in zip(rule.halves, first, second, verdicts, strict=True):
        outcome = "tie: split" if verdict == "tie" else f"{verdict} hand wins"
        lines.append(f"{half.name}: {a}  vs  {b}  ->  {outcome}")
    if len(verdicts) > 1 and len(set(verdicts)) == 1 and verdicts[0] != "tie":
        lines.append(f"{verdicts[0]} hand scoops")
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badugi", description="Exact Badugi, Badacey and Badeucey hand evaluation."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--game", choices=sorted(GAMES), default="badugi")
        sub.add_argument("--json", action="store_true", help="print JSON")
        return sub

    evaluate = command("eval", "show a hand's value, playing and dead cards, name and rank")
    evaluate.add_argument("cards", nargs="+", help='the cards, e.g. "As 2c 3h 4d" or As 2c 3h 4d')
    evaluate.set_defaults(run=_run_eval)
    compare = command("compare", "say which of two hands wins (each half in split games)")
    compare.add_argument("first", help='the first hand, e.g. "8s 7h 3d 2c"')
    compare.add_argument("second", help='the second hand, e.g. "9s 8h 4d 3c"')
    compare.set_defaults(run=_run_compare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``badugi`` console script."""
    args = _parser().parse_args(argv)
    try:
        print(args.run(args))
    except (ValueError, TypeError) as error:
        print(f"badugi: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
