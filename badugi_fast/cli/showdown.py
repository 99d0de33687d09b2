"""``badugi showdown``: settle a showdown given as SEAT arguments, a JSON file, or a demo deal."""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from typing import Any

from badugi_fast.cli.common import Subparsers, add_command
from badugi_fast.cli.demo import deal_demo
from badugi_fast.errors import InvalidSettlement
from badugi_fast.pots import Settlement, format_settlement
from badugi_fast.showdown import Seat, settle

OPTIONS = (
    "game",
    "button",
    "unit",
    "qualifier",
    "odd_unit_to",
    "badeucey_aces_low",
    "dead_money",
)
"""The settle() options a JSON hand or a flag may set: all of them."""
MAX_DIGITS = 30
"""The most digits a number in a SEAT argument or ``--qualifier`` may spell out."""
NUMBER = re.compile(r"-?[0-9]+")
"""A number as the command reads one: ASCII digits, maybe after a minus sign."""
LIKE_A_NUMBER = re.compile(r"-\.?[0-9]")
"""An argument that starts like a negative number (``-5:Kc7d5h6s``): a SEAT, not an option."""


def add_parsers(commands: Subparsers) -> None:
    """Register ``badugi showdown``."""
    sub = add_command(commands, "showdown", "settle a showdown: pots, winners and payouts", None)
    # argparse reads an argument that looks like a negative number as a positional, but
    # older releases only a bare number (-5, not -5:Kc7d5h6s); newer ones look only at how
    # it starts, as this does, so a negative amount reaches settle()'s check, which names
    # the seat
    sub._negative_number_matcher = LIKE_A_NUMBER
    sub.add_argument("seats", nargs="*", metavar="SEAT", help="AMOUNT:CARDS or AMOUNT:fold")
    sub.add_argument("--file", help="read the hand as JSON from FILE (- for stdin)")
    sub.add_argument("--demo", action="store_true", help="deal and settle a random hand")
    sub.add_argument("--players", type=int, default=6, help="players in --demo (2-8)")
    sub.add_argument("--seed", type=int, help="random seed for --demo")
    sub.add_argument("--button", type=int, help="the button's seat (default 0)")
    sub.add_argument("--unit", type=int, help="the smallest chip (default 1)")
    sub.add_argument(
        "--qualifier",
        help="worst Badugi hand that still wins, as cards (9s8h7d6c) or a raw rank (500)",
    )
    sub.add_argument(
        "--dead-money",
        type=int,
        metavar="N",
        help="chips in the main pot that no seat put in (default 0)",
    )
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


def _seat_argument(seat: int, text: str) -> Seat:
    """``AMOUNT:CARDS`` for a live seat, ``AMOUNT:fold`` for a folded one; the amount is
    read as a number, and settle() checks it."""
    amount, sep, cards = text.partition(":")
    contributed = _number(f"seat {seat}", amount.strip())
    if not sep or contributed is None:
        raise InvalidSettlement(
            f"seat {seat} ({text[:20]!r}): write AMOUNT:CARDS or AMOUNT:fold, e.g. 100:As2c3h4d"
        )
    if cards.strip().lower() == "fold":
        return Seat(contributed, folded=True)
    return Seat(contributed, cards=cards)


def _qualifier_argument(text: str) -> int | str:
    """``--qualifier``: a number is a raw rank, anything else cards; settle() checks either."""
    rank = _number("--qualifier", text.strip())
    return text if rank is None else rank


def _number(what: str, text: str) -> int | None:
    """``text`` as an int when it is a number (:data:`NUMBER`), else None."""
    if not NUMBER.fullmatch(text):
        return None
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InvalidSettlement(f"{what}: {text[:20]!r}... has more than {MAX_DIGITS} digits")
    return int(text)


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
    if args.seats and (args.demo or args.file is not None):
        source = "--demo" if args.demo else "--file"
        raise InvalidSettlement(f"{source} takes no SEAT arguments: it gives the seats itself")
    if args.demo and args.file is not None:
        raise InvalidSettlement("give --demo or --file, not both")
    if args.demo:
        rng = random.Random(args.seed)
        game = args.game or "badacey"
        button, seats = deal_demo(game, args.players, rng)
        hand: dict[str, Any] = {"game": game, "button": button, "seats": seats}
    elif args.file is not None:
        hand = _hand_from_json(args.file)
    elif args.seats:
        hand = {"seats": [_seat_argument(seat, text) for seat, text in enumerate(args.seats)]}
    else:
        raise InvalidSettlement("give SEAT arguments, --file FILE (or - for stdin), or --demo")
    for option in OPTIONS:
        value = getattr(args, option)
        if value is not None:
            hand[option] = _qualifier_argument(value) if option == "qualifier" else value
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
    """One seat as the table saw it: chips in, then its cards and hands, or why none are
    judged: it folded, or it is the one seat left, so there is no showdown (and settle()
    judges no cards, whether or not they were given)."""
    head = f"seat {seat}: put in {result.contributed[seat]:>5}  "
    hands = result.hands[seat]
    if hands is None:
        return head + ("folded" if result.folded[seat] else "no showdown: the others folded")
    cards = " ".join(map(str, hands[0].cards))
    return f"{head}{cards}  {' | '.join(map(str, hands))}"
