"""``badugi review FILE... [--hero NAME] [--range NAME=RANGE] [--html OUT]``: review the
hands you played, decision by decision (docs/guide/review.md).

Each file is PHH (``.phh``, ``.phhs``) or a card room's text (``badugi import`` reads the
same); each hand is reviewed from the hero's seat (``--hero``, else the one player whose
cards the hand shows from the deal) and printed as a table: at each decision the pot, the
call, the pot odds, the equity against what the other players' draws say they hold (docs/rules.md,
"Reviewing a hand") and, where their cards were shown, in hindsight; at a draw, each way he
could have drawn. Over several hands a summary follows: the calls and folds that cost the
most chips by the pot odds, the draws that cost the most equity, and the all-in luck.
``--html OUT`` writes the same as one self-contained page with an equity chart per hand.
Hands are reviewed on every core (``--workers``), with a progress bar on a terminal.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from badugi_fast.cli.common import DefaultsHelp, Outcome, ProgressBar, shorten_line, worker_pool
from badugi_fast.errors import BadugiError, InvalidOption
from badugi_fast.parallel import all_cores
from badugi_fast.phh.files import loads, loads_all
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.rooms import decode, read_room
from badugi_fast.reviews import HandReview, review
from badugi_fast.reviews.report import hand_table, summary
from badugi_fast.reviews.review import RangeLike


def add_parsers(commands: Any) -> None:
    """Add the ``review`` command to the ``badugi`` command's subparsers."""
    sub = commands.add_parser(
        "review",
        help="review the hands you played: your equity at every decision",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=DefaultsHelp,
    )
    sub.add_argument(
        "files", nargs="+", metavar="FILE", help="PHH files or a room's hand histories"
    )
    sub.add_argument(
        "--hero", help="your name in the hands (default: the player dealt known cards)"
    )
    sub.add_argument(
        "--range",
        action="append",
        default=[],
        metavar="NAME=RANGE",
        help="an opponent's starting range (docs/rules.md, Ranges); '*' unless given",
    )
    sub.add_argument("--html", metavar="OUT", help="also write the review as one HTML page")
    sub.add_argument(
        "--samples", type=int, default=None, help="deals a sampled equity takes (10,000)"
    )
    sub.add_argument("--seed", type=int, default=None, help="the seed (default: random, printed)")
    sub.add_argument("--workers", type=int, default=None, help="threads (default: every core)")
    sub.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand to review: where it came from, and the history or why it cannot be read."""

    where: str
    history: HandHistory | None
    problem: str | None = None


def run(args: argparse.Namespace) -> Outcome:
    """The tables, the summary and the exit status: 0 when every hand was reviewed, 1 when
    some could not be (each named)."""
    ranges = _ranges(args.range)
    hands = list(_hands(args.files))
    bar = ProgressBar("hands")
    ask = partial(_review, hero=args.hero, ranges=ranges, samples=args.samples, seed=args.seed)
    reviews: list[tuple[Hand, HandReview | str]] = []
    with worker_pool(args.workers) as pool:
        executor: Any = pool if pool is not None else all_cores()
        mapper = map if executor is None else executor.map
        for count, (hand, result) in enumerate(zip(hands, mapper(ask, hands), strict=True), 1):
            reviews.append((hand, result))
            bar(count, len(hands))
    lines = [
        hand_table(result, hand.where)
        if isinstance(result, HandReview)
        else f"{hand.where}: {result}"
        for hand, result in reviews
    ]
    done = [(hand.where, result) for hand, result in reviews if isinstance(result, HandReview)]
    if len(reviews) > 1:
        lines.append(summary(done, len(reviews)))
    if args.html:
        from badugi_fast.reviews.page import write_page

        write_page(Path(args.html), done)
        lines.append(f"wrote {args.html}")
    return Outcome("\n\n".join(lines), 0 if len(done) == len(reviews) else 1)


def _ranges(given: Iterable[str]) -> dict[str, str]:
    """``--range NAME=RANGE`` options by name."""
    ranges = {}
    for item in given:
        name, equals, text = item.partition("=")
        if not equals or not name.strip() or not text.strip():
            raise InvalidOption(f"--range {item!r}: write NAME=RANGE, as --range 'Rook Amber=$pat'")
        ranges[name.strip()] = text.strip()
    return ranges


def _hands(files: Iterable[str]) -> Iterator[Hand]:
    """Every hand of the files, in order: PHH by its suffix, else a room's text."""
    for name in files:
        path = Path(name)
        try:
            data = path.read_bytes()
            if path.suffix in (".phh", ".phhs"):
                text = data.decode("utf-8")
                histories: list[HandHistory | BadugiError] = (
                    list(loads_all(text)) if path.suffix == ".phhs" else [loads(text)]
                )
            else:
                histories = list(read_room(decode(data)))
        except (OSError, UnicodeDecodeError, BadugiError) as error:
            yield Hand(path.name, None, shorten_line(str(error)))
            continue
        for number, history in enumerate(histories, 1):
            if isinstance(history, BadugiError):
                yield Hand(f"{path.name} hand {number}", None, shorten_line(str(history)))
            else:
                named = f" #{history.hand}" if history.hand is not None else f" hand {number}"
                yield Hand(path.name + named, history)


def _review(
    hand: Hand, *, hero: str | None, ranges: dict[str, str], samples: int | None, seed: int | None
) -> HandReview | str:
    """One hand's review, or why it has none (a line)."""
    if hand.history is None:
        return f"refused: {hand.problem}"
    history = hand.history
    names = history.players or ()
    try:
        who: str | int = hero if hero is not None else _dealt_player(history)
        if hero is not None and hero not in names:
            return f"{hero} did not play this hand"
        theirs: dict[str | int, RangeLike] = {
            name: text for name, text in ranges.items() if name in names and name != who
        }
        return review(history, who, ranges=theirs, samples=samples, seed=seed)
    except BadugiError as error:
        return shorten_line(f"not reviewed: {error}")


def _dealt_player(history: HandHistory) -> int:
    """The one player (by number) whose cards the hand shows from the deal."""
    known = [
        i + 1
        for i, line in enumerate(history.actions)
        if line.startswith("d dh ") and "?" not in line and i < history.player_count
    ]
    if len(known) != 1:
        raise InvalidOption(
            f"{len(known)} players' cards are known from the deal: say which is you with --hero"
        )
    return known[0]
