"""The bundled bots' policies (csrc/badugi.h, "Bots"), for the Python bots of engine.bots:
each bot keeps a C view it refills at every decision and its own random stream, so it
decides as the same bot playing in C with the same seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from badugi_fast._binding.equity import equity_tables
from badugi_fast._binding.game import Game, fill_game
from badugi_fast._binding.hand import PHASES
from badugi_fast._binding.vector import BOT_CODES, MOVES, READ_EQUITY
from badugi_fast._core import ffi, lib

_PHASES = {name: code for code, name in enumerate(PHASES)}
Bounds = tuple[int, int, int, int, int]
"""A betting round's legal amounts, as ``badugi_hand_legal`` gives them: can fold, can
check, the call, the smallest and largest raise-to (0: none)."""
Table = tuple[int, int, int]
"""What a seat sees of the table: the draws left (a draw's own included), the other seats
not folded and the pot (this round's bets and dead money included)."""


class Policy:
    """One bundled bot (by its name in BOT_CODES): its C view and random stream, the stream
    of ``(seed, 0)`` (a seed 0 to 2**64 - 1, checked by the caller), as simulate()'s C bots
    seed theirs."""

    __slots__ = ("_amount", "_bot", "_code", "_rng", "_rule", "_tables", "_view")

    def __init__(self, bot: str, seed: int) -> None:
        self._bot = bot
        self._code: int = BOT_CODES[bot]
        self._rng = ffi.new("uint64_t[4]")
        lib.badugi_random_state(seed, 0, self._rng)  # only refuses a NULL state
        self._view = ffi.new("badugi_bot_view *")
        self._amount = ffi.new("int64_t *")
        self._rule: Game | None = None
        self._tables: Any = ffi.NULL
        """The equity tables of the game of ``_rule``, for a bot that reads them."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its bot and the stream's state now: a copy goes on as it would."""
        return (_resumed, (self._bot, tuple(self._rng)))

    def decide(
        self,
        rule: Game,
        phase: str,
        bounds: Bounds,
        can_muck: bool,
        cards: Sequence[int],
        shown: Sequence[Sequence[int]],
        table: Table,
    ) -> tuple[str, int]:
        """The bot's move (a name of ``MOVES``) and its amount (the raise-to total, or the
        bit mask of the cards thrown, bit i for ``cards[i]``), given its game, the phase,
        ``bounds`` (in a betting round), whether it may muck, its cards (in the C hand's
        order), the hands shown so far at this showdown and what it sees of the table."""
        view: Any = self._view
        if rule is not self._rule:
            fill_game(view.game, rule)
            if self._bot in READ_EQUITY:
                self._tables = equity_tables(ffi.addressof(view, "game"))
            view.equity = self._tables
            self._rule = rule
        view.draws_left, view.opponents, view.pot = table
        view.phase = _PHASES[phase]
        view.can_muck = can_muck
        view.legal = bounds
        view.cards_len = len(cards)
        view.cards = bytes(cards)
        view.shown_len = len(shown)
        for i, hand in enumerate(shown):
            view.shown[i] = bytes(hand)
        move: int = lib.badugi_bot_decide(view, self._code, self._rng, self._amount)
        if move < 0:
            raise ValueError(f"the C bot refused its view ({move}): a defect of badugi_fast")
        return MOVES[move], self._amount[0]


def _resumed(bot: str, state: tuple[int, int, int, int]) -> Policy:
    """A pickled policy: its bot, its random stream where it was."""
    policy = Policy(bot, 0)
    policy._rng[0:4] = state
    return policy
