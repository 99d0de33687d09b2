"""Action records (the hand's history) and the legal-action summary a player acts on.

Both are named tuples built through a fast constructor, because the engine makes dozens
per hand.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from badugi_fast.cards import Card, format_cards

ActionKind = Literal[
    "post-blind",
    "post-ante",
    "deal",
    "burn",
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "discard",
    "reshuffle",
    "show",
    "muck",
    "win",
    "post-dead",
    "run",
]
"""Every kind of step in a hand, the dealer's included (``post-dead``: a dead blind;
``run``: a run of a hand run more than once begins, its number the amount)."""

PLAYER_KINDS = frozenset(("fold", "check", "call", "bet", "raise", "discard"))


class Action(NamedTuple):
    """One step of a hand (an immutable named tuple: cheap to make, dozens per hand).

    ``seat`` is None for the dealer's own steps (burn, reshuffle, run). ``amount``: chips posted
    (blinds, antes, dead blinds), put in by a call, the total a bet or raise makes this round's
    bet, chips received (win), the size of the new stub (reshuffle), the run's number (run,
    counting from 1), or, in another seat's view,
    how many cards were dealt or discarded (their cards hidden). ``cards``: cards dealt,
    discarded (empty with no amount: stood pat), burned (empty when unknown, as in a manual
    deal) or shown.
    """

    kind: ActionKind
    seat: int | None
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        who = "dealer" if self.seat is None else f"seat {self.seat}"
        text = f"{who} {self.kind}"
        if self.kind == "discard" and not self.cards:  # stood pat, or a hidden draw
            return f"{who} draws {self.amount}" if self.amount else f"{who} stands pat"
        if self.amount is not None:
            text += f" {self.amount}"
        if self.cards:
            text += f" {format_cards(self.cards)}"
        return text


_new = tuple.__new__


class LegalActions(NamedTuple):
    """What the seat to act may do now (docs/rules.md, "How a hand is played").

    In a betting round: ``can_fold`` (only when facing a bet), ``can_check``,
    ``call_amount`` (chips a call puts in, None when there is nothing to call), and
    ``min_raise_to``/``max_raise_to``, the smallest and largest total this round's bet may
    be raised (or a first bet made) to, None when no bet or raise is allowed. In a draw,
    ``max_discards`` is how many cards may be thrown (0 to all of them; none: stand pat).
    """

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    max_discards: int | None

    @property
    def can_draw(self) -> bool:
        """Whether this is a draw decision."""
        return self.max_discards is not None

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is allowed."""
        return self.min_raise_to is not None


def legal(
    seat: int,
    can_fold: bool,
    can_check: bool,
    call_amount: int | None,
    min_raise_to: int | None,
    max_raise_to: int | None,
    max_discards: int | None,
) -> LegalActions:
    """``LegalActions(...)``, built fast."""
    return _new(
        LegalActions,
        (seat, can_fold, can_check, call_amount, min_raise_to, max_raise_to, max_discards),
    )
