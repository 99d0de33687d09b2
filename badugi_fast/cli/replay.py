"""``badugi replay FILE.phh[s]``: replay hand histories and print them street by street.

Each hand is replayed through the engine (docs/rules.md, "Hand histories") and printed one
street a line: the blinds and the deal, each betting round, each draw, the showdown with
every shown hand's value, and who won what. A hand the rules refuse is named with the
action and the reason, and the next hand is replayed; a hand imported from a card room
says that the room paid what the rules pay, or names the player and both amounts. The
exit status is ``badugi import``'s: 0 when every hand replayed (and was paid as the room
paid it), 1 when some were refused or disagree, 2 for a file that is not PHH.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from itertools import groupby
from pathlib import Path
from typing import Any

from badugi_fast.cards import Card, format_cards
from badugi_fast.cli.common import Outcome, hand_names, shorten_line
from badugi_fast.engine import Action, HandState
from badugi_fast.errors import InvalidHistory, PayoutMismatch
from badugi_fast.phh import toml
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import parse_line
from badugi_fast.phh.payouts import room_paid
from badugi_fast.phh.replay import replay
from badugi_fast.phh.settings import engine_seats

_DOING = {
    "post-ante": "antes",
    "post-blind": "posts",
    "post-dead": "posts dead",
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "win": "wins",
    "muck": "mucks",
}


def add_parsers(commands: Any) -> None:
    """Add the ``replay`` command to the ``badugi`` command's subparsers."""
    replay = commands.add_parser(
        "replay",
        help="replay PHH hand histories through the engine, street by street",
        description="Replay .phh (one hand) or .phhs (many) hand histories, checking every rule.",
    )
    replay.add_argument("file", help="a .phh or .phhs file")
    replay.set_defaults(run=run)


def run(args: argparse.Namespace) -> Outcome:
    """The report of every hand in the file, and the exit status. A file that is not PHH
    raises InvalidHistory naming it; a hand that fails is named in the report."""
    path = Path(args.file)
    try:
        text = path.read_bytes().decode("utf-8")
        tables = toml.parse(text, hands=True) if path.suffix == ".phhs" else {"1": toml.parse(text)}
    except UnicodeDecodeError as error:
        raise InvalidHistory(f"{path.name}: a PHH file must be UTF-8: {error}") from None
    except InvalidHistory as error:
        raise InvalidHistory(f"{path.name}: {error}") from None
    reports = []
    failed: Counter[str] = Counter()
    for number, (name, table) in enumerate(tables.items(), 1):
        try:
            if not isinstance(table, dict):
                raise InvalidHistory(f"[{name}] is not a table: a .phhs file holds one per hand")
            history = HandHistory.from_dict(table)
            reports.append(report(number, history, replay(history)))
        except InvalidHistory as error:
            kind = "payouts disagree" if isinstance(error, PayoutMismatch) else "refused"
            failed[kind] += 1
            reports.append(shorten_line(f"hand {number}{_named(table)}: {kind}: {error}"))
    if len(tables) > 1:
        counts = ", ".join(f"{failed[kind]} {kind}" for kind in ("refused", "payouts disagree"))
        done = len(tables) - sum(failed.values())
        reports.append(f"{path.name}: {len(tables)} hands, {done} replayed, {counts}")
    return Outcome("\n\n".join(reports), 1 if failed else 0)


def _named(table: object) -> str:
    """`` (PokerStars #9001)``: the room and hand number of an imported hand, if given."""
    if not isinstance(table, dict) or "hand" not in table:
        return ""
    venue = table.get("venue")
    where = f"{venue} " if isinstance(venue, str) else ""
    return f" ({where}#{table['hand']})"[:80]


def report(number: int, history: HandHistory, state: HandState) -> str:
    """One replayed hand as text: a header, then one line per street."""
    names = history.players or ()
    seats = engine_seats(history)
    who = [""] * state.n_seats  # by engine seat: the player sitting there, as written
    for player, seat in enumerate(seats):
        name = names[player] if player < len(names) else ""
        who[seat] = f"p{player + 1}" + (f" ({name})" if name else "")
    structure = state.rules.structure
    lines = [
        f"hand {number}: {history.variant} ({state.game}, {structure}), {state.n_seats} players"
    ]
    written = _written_cards(history.actions)
    for label, records in groupby(state.history, key=_street_labeller()):
        items = [_describe(record, who, state.game, written) for record in records]
        lines.append(f"  {label}: " + "; ".join(item for item in items if item))
    if not state.is_over:
        lines.append("  (the history stops before the hand is over)")
    lines.append("  stacks: " + ", ".join(f"{who[seat]} {state.stacks[seat]}" for seat in seats))
    if room_paid(history) and state.is_over:  # replay() checked them
        room = history.venue or "the room"
        rake = history.user_fields.get("_rake", 0)
        lines.append(f"  room payouts: {room} paid what the rules pay, after a rake of {rake}")
    return "\n".join(lines)


def _street_labeller() -> Any:
    """A key function naming the street of each record, in order."""
    draws = split = 0  # split: the draws made before a hand run more than once split
    throwing = False  # discards seen and the burn not yet

    def label(record: Action) -> str:
        nonlocal draws, throwing, split
        if record.kind == "run":  # each run plays the draws after the split again
            if record.amount == 1:
                split = draws
            draws = split
            return f"run {record.amount}"
        if record.kind == "discard":
            throwing = True
        elif record.kind == "burn":
            draws, throwing = draws + 1, False
        if record.kind in ("post-ante", "post-blind", "post-dead") or (
            record.kind == "deal" and not draws
        ):
            return "deal"
        if record.kind in ("discard", "burn", "reshuffle", "deal"):
            return f"draw {draws + throwing}"
        if record.kind in ("show", "muck", "win"):
            return "result" if record.kind == "win" else "showdown"
        return f"betting round {draws + 1}"

    return label


def _written_cards(actions: tuple[str, ...]) -> dict[str, Iterator[tuple[Card | None, ...]]]:
    """The cards of each deal and discard line, in order, as the history writes them (None
    for ``??``): the replay records one deal per ``d dh`` line and one discard per
    ``pN sd`` line, with a card of its choosing for each unknown one."""
    written: dict[str, list[tuple[Card | None, ...]]] = {"deal": [], "discard": []}
    kinds = {"dh": "deal", "sd": "discard"}
    for line in actions:
        note = parse_line(line)  # the replay has read every line
        if note.verb in kinds:
            written[kinds[note.verb]].append(note.cards or ())
    return {kind: iter(cards) for kind, cards in written.items()}


def _describe(
    record: Action, who: list[str], game: str, written: dict[str, Iterator[tuple[Card | None, ...]]]
) -> str:
    """One record in words; cards the history did not name (``??``) print as ``??``."""
    if record.seat is None:
        if record.kind == "reshuffle":  # a replay's dealer gathers every card out of play
            return f"the dealer reshuffles the cards out of play: a stub of {record.amount}"
        if record.kind == "run" and record.amount == 1:
            return "nobody can bet any more: the draws left are run more than once"
        if record.kind == "run":
            return "the players pick up the hands they held before run 1"
        return ""
    player = who[record.seat]
    shown = next(written[record.kind], record.cards) if record.kind in written else record.cards
    cards = " ".join("??" if card is None else str(card) for card in shown)
    if record.kind == "deal":
        return f"{player} gets {cards}"
    if record.kind == "discard":
        return f"{player} discards {cards}" if cards else f"{player} stands pat"
    if record.kind == "show":
        return f"{player} shows {format_cards(record.cards)}: {hand_names(game, record.cards)}"
    amount = "" if record.amount is None else f" {record.amount}"
    return f"{player} {_DOING.get(record.kind, record.kind)}{amount}"
