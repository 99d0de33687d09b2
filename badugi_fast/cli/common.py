"""What the subcommands share: the subparser with --game and --json, and hand descriptions."""

from __future__ import annotations

import argparse
from typing import Any

from badugi_fast.evaluation import RankedHand
from badugi_fast.games import GAMES, GameRule

Subparsers = Any
"""argparse's private ``_SubParsersAction``, as ``add_subparsers()`` returns it."""


def add_command(
    commands: Subparsers, name: str, help_text: str, game: str | None = "badugi"
) -> argparse.ArgumentParser:
    """A subcommand with the options every command takes: ``--game`` and ``--json``."""
    sub: argparse.ArgumentParser = commands.add_parser(name, help=help_text, description=help_text)
    sub.add_argument("--game", choices=sorted(GAMES), default=game)
    sub.add_argument("--json", action="store_true", help="print JSON")
    return sub


def describe_hands(rule: GameRule, hands: tuple[RankedHand, ...]) -> dict[str, object]:
    """One seat's hands as JSON-ready data: the game, the cards, each half's hand."""
    return {
        "game": rule.name,
        "cards": [str(card) for card in hands[0].cards],
        "halves": {
            half.kind: hand.to_dict() for half, hand in zip(rule.halves, hands, strict=True)
        },
    }
