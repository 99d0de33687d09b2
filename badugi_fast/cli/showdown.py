"""``badugi showdown``: settle a showdown given as SEAT arguments, a JSON file, or a demo deal."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from badugi_fast.cli.common import Subparsers, add_command
from badugi_fast.cli.demo import deal_demo
from badugi_fast.errors import InvalidSettlement
from badugi_fast.pots import Settlement, format_settlement
from badugi_fast.showdown import Seat, settle

OPTIONS = ("game", "button", "unit", "qualifier", "odd_unit_to", "badeucey_aces_low")
"""The settle() options a JSON hand or a flag may set."""
MAX_AMOUNT_DIGITS = 30
"""Longest chip amount a SEAT argument may spell out."""


def add_parsers(commands: Subparsers) -> None:
    """Register ``badugi showdown``."""
    sub = add_command(commands, "showdown", "settle a showdown: pots, winners and payouts", None)
    sub.add_argument("seats", nargs="*", metavar="SEAT", help="AMOUNT:CARDS or AMOUNT:fold")
    sub.add_argument("--file", help="read the hand as JSON from FILE (- for stdin)")
    sub.add_argument("--demo", action="store_true", help="deal and settle a random hand")
    sub.add_argument("--players", type=int, default=6, help="players in --demo (2-8)")
    sub.add_argument("--seed", type=int, help="random seed for --demo")
    sub.add_argument("--button", type=int, help="the button's seat (default 0)")
    sub.add_argument("--unit", type=int, help="the smallest chip (default 1)")
    sub.add_argument("--qualifier", help="worst Badugi hand that still wins, e.g. 9s8h7d6c")
    sub.add_argument(
        "--odd-unit-to",
        choices=("badugi", "low"),
        help="the half that gets the odd unit when a split-game pot is halved (default badugi)",
    )
    sub.add_argument(
        "--badeucey-aces-low",
        action="store_const",
        const=True,
        help="play Badeucey's Badugi half with aces low (a house rule)",
    )
    sub.set_defaults(run=run)


def _seat_argument(text: str) -> Seat:
    """``AMOUNT:CARDS`` for a live seat, ``AMOUNT:fold`` for a folded one."""
    amount, sep, cards = text.partition(":")
    amount = amount.strip()
    if not sep or not (amount.isascii() and amount.isdigit()) or len(amount) > MAX_AMOUNT_DIGITS:
        raise InvalidSettlement(
            f"seat {text[:20]!r}: write AMOUNT:CARDS or AMOUNT:fold, e.g. 100:As2c3h4d"
        )
    if cards.strip().lower() == "fold":
        return Seat(int(amount), folded=True)
    return Seat(int(amount), cards=cards)


def _read_json(path: str) -> Any:
    """The JSON document in ``path`` (``-``: standard input), or a one-line error."""
    try:
        if path == "-":
            if sys.stdin is None or sys.stdin.closed:
                raise InvalidSettlement("--file -: standard input is closed")
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)
    except RecursionError:
        raise InvalidSettlement(f"{path}: the JSON is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise InvalidSettlement(f"{path}: not JSON: {error}") from None


def _hand_from_json(path: str) -> dict[str, Any]:
    """The hand in a JSON file: an object with a 'seats' list and settle() options."""
    hand = _read_json(path)
    if not isinstance(hand, dict) or "seats" not in hand:
        raise InvalidSettlement("the JSON hand must be an object with a 'seats' list")
    unknown = sorted(repr(key[:20]) for key in hand.keys() - {"seats", *OPTIONS})
    if unknown:
        raise InvalidSettlement(f"the JSON hand has unknown key(s) {', '.join(unknown)}")
    return hand


def _showdown_input(args: argparse.Namespace) -> dict[str, Any]:
    """The hand to settle, from --demo, --file (JSON) or SEAT arguments; options override."""
    if args.demo:
        rng = random.Random(args.seed)
        game = args.game or "badacey"
        button, seats = deal_demo(game, args.players, rng)
        hand: dict[str, Any] = {"game": game, "button": button, "seats": seats}
    elif args.file:
        hand = _hand_from_json(args.file)
    elif args.seats:
        hand = {"seats": [_seat_argument(text) for text in args.seats]}
    else:
        raise InvalidSettlement("give SEAT arguments, --file FILE (or - for stdin), or --demo")
    for option in OPTIONS:
        if getattr(args, option) is not None:
            hand[option] = getattr(args, option)
    return hand


def run(args: argparse.Namespace) -> str:
    """The settlement, as text (each seat's hands, then the pots) or JSON."""
    hand = _showdown_input(args)
    seats = hand.pop("seats")
    result = settle(seats, **hand)
    if args.json:
        return json.dumps(result.to_dict())
    shown = [_seat_line(result, seat) for seat in range(len(result.contributed))]
    return "\n".join([*shown, "", format_settlement(result)])


def _seat_line(result: Settlement, seat: int) -> str:
    """One seat as the table saw it: chips in, then its cards and hands, or no showdown."""
    head = f"seat {seat}: put in {result.contributed[seat]:>5}  "
    hands = result.hands[seat]
    if hands is None:
        return head + ("folded" if result.folded[seat] else "no cards shown")
    cards = " ".join(map(str, hands[0].cards))
    return f"{head}{cards}  {' | '.join(map(str, hands))}"
