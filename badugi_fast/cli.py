"""The ``badugi`` command: evaluate and compare hands from the shell.

badugi eval "As 2c 3h 4d"
badugi eval --game badacey As 2c 3h 4d 5s
badugi compare "8s 7h 3d 2c" "9s 8h 4d 3c" --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from badugi_fast.demo import deal_demo
from badugi_fast.engine.cli import add_parsers
from badugi_fast.games import GAMES, GameRule, game_rule
from badugi_fast.hands import RankedHand
from badugi_fast.phh.cli import add_parser as add_replay_parser
from badugi_fast.settlement import format_settlement
from badugi_fast.showdown import Seat, settle


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
            half.kind: hand.to_dict() for half, hand in zip(rule.halves, hands, strict=True)
        },
    }


def _run_eval(args: argparse.Namespace) -> str:
    rule = game_rule(args.game)
    hands = _hands(rule, " ".join(args.cards))
    if args.json:
        return json.dumps(_describe(rule, hands))
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
                    half.kind: verdict for half, verdict in zip(rule.halves, verdicts, strict=True)
                },
            }
        )
    lines = []
    for half, a, b, verdict in zip(rule.halves, first, second, verdicts, strict=True):
        outcome = "tie: split" if verdict == "tie" else f"{verdict} hand wins"
        lines.append(f"{half.kind}: {a}  vs  {b}  ->  {outcome}")
    if len(verdicts) > 1 and len(set(verdicts)) == 1 and verdicts[0] != "tie":
        lines.append(f"{verdicts[0]} hand scoops")
    return "\n".join(lines)


def _seat_argument(text: str) -> Seat:
    """``AMOUNT:CARDS`` for a live seat, ``AMOUNT:fold`` for a folded one."""
    amount, sep, cards = text.partition(":")
    if not sep or not amount.strip().isdigit():
        raise ValueError(f"seat {text!r}: write AMOUNT:CARDS or AMOUNT:fold, e.g. 100:As2c3h4d")
    if cards.strip().lower() == "fold":
        return Seat(int(amount), folded=True)
    return Seat(int(amount), cards=cards)


def _showdown_input(args: argparse.Namespace) -> dict[str, Any]:
    """The hand to settle, from --demo, --file (JSON) or SEAT arguments; options override."""
    if args.demo:
        rng = random.Random(args.seed)
        hand: dict[str, Any] = {
            "game": args.game or "badacey",
            "button": rng.randrange(args.players),
            "seats": None,
        }
        hand["seats"] = deal_demo(hand["game"], args.players, rng)
    elif args.file:
        if args.file == "-":
            hand = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as stream:
                hand = json.load(stream)
        if not isinstance(hand, dict) or "seats" not in hand:
            raise ValueError("the JSON hand must be an object with a 'seats' list")
    elif args.seats:
        hand = {"seats": [_seat_argument(text) for text in args.seats]}
    else:
        raise ValueError("give SEAT arguments, --file FILE (or - for stdin), or --demo")
    for option in ("game", "button", "unit", "qualifier", "odd_unit_to", "badeucey_aces_low"):
        if getattr(args, option) is not None:
            hand[option] = getattr(args, option)
    return hand


def _run_showdown(args: argparse.Namespace) -> str:
    hand = _showdown_input(args)
    seats = hand.pop("seats")
    result = settle(seats, **hand)
    if args.json:
        return json.dumps(result.to_dict())
    rule = game_rule(result.game, badeucey_aces_low=bool(hand.get("badeucey_aces_low")))
    shown = [
        _seat_line(number, Seat(**seat) if isinstance(seat, dict) else seat, rule)
        for number, seat in enumerate(seats)
    ]
    return "\n".join([*shown, "", format_settlement(result)])


def _seat_line(number: int, seat: Seat, rule: GameRule) -> str:
    """One seat as the table saw it: chips in, then its cards and hands, or its fold."""
    head = f"seat {number}: put in {seat.contributed:>5}  "
    if seat.folded or seat.cards is None:
        return head + ("folded" if seat.folded else "no cards shown")
    hands = [half.hand(seat.cards) for half in rule.halves]
    cards = " ".join(map(str, hands[0].cards))
    return f"{head}{cards}  {' | '.join(map(str, hands))}"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="badugi", description="Exact Badugi, Badacey and Badeucey hand evaluation."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, help_text: str, game: str | None = "badugi") -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--game", choices=sorted(GAMES), default=game)
        sub.add_argument("--json", action="store_true", help="print JSON")
        return sub

    evaluate = command("eval", "show a hand's value, playing and dead cards, name and rank")
    evaluate.add_argument("cards", nargs="+", help='the cards, e.g. "As 2c 3h 4d" or As 2c 3h 4d')
    evaluate.set_defaults(run=_run_eval)
    compare = command("compare", "say which of two hands wins (each half in split games)")
    compare.add_argument("first", help='the first hand, e.g. "8s 7h 3d 2c"')
    compare.add_argument("second", help='the second hand, e.g. "9s 8h 4d 3c"')
    compare.set_defaults(run=_run_compare)
    showdown = command("showdown", "settle a showdown: pots, winners and payouts", game=None)
    showdown.add_argument("seats", nargs="*", metavar="SEAT", help="AMOUNT:CARDS or AMOUNT:fold")
    showdown.add_argument("--file", help="read the hand as JSON from FILE (- for stdin)")
    showdown.add_argument("--demo", action="store_true", help="deal and settle a random hand")
    showdown.add_argument("--players", type=int, default=6, help="players in --demo (2-8)")
    showdown.add_argument("--seed", type=int, help="random seed for --demo")
    showdown.add_argument("--button", type=int, help="the button's seat (default 0)")
    showdown.add_argument("--unit", type=int, help="the smallest chip (default 1)")
    showdown.add_argument("--qualifier", help="worst Badugi hand that still wins, e.g. 9s8h7d6c")
    showdown.add_argument(
        "--odd-unit-to",
        choices=("badugi", "low"),
        help="the half that gets the odd unit when a split-game pot is halved (default badugi)",
    )
    showdown.add_argument(
        "--badeucey-aces-low",
        action="store_const",
        const=True,
        help="play Badeucey's Badugi half with aces low (a house rule)",
    )
    showdown.set_defaults(run=_run_showdown)
    add_parsers(commands)
    add_replay_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``badugi`` console script."""
    args = _parser().parse_args(argv)
    try:
        print(args.run(args))
    except (ValueError, TypeError, OSError) as error:
        print(f"badugi: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
