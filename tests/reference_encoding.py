"""An independent reference for the training encoding, written from its documentation
(csrc/badugi.h, "Training encoding"; docs/guide/training.md, "Actions" and "Observation").

It shares no code with csrc/encoding.c and reads a hand through HandState's public API
alone: the chips, the button, the street and the phase as HandState reports them, and
everything else (the cards each seat holds and in what order, what each seat threw in each
draw, who folded or mucked, the bets, raises and calls of each betting round) rebuilt from
the hand's history. The legal-action mask is what the action space names, each action
decoded here and put to HandState's own ``can_*`` checks: an action is legal exactly when
the hand accepts the move it names.

Values are float32, rounded as the C encoding rounds them: a count or chips scaled by a
float reciprocal (``x * (1 / d)``), position and players still in by a float division.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from badugi_fast.engine.state import HandState
from badugi_fast.games import GAMES

DECK = 52
"""One-hot width of a card."""
MOST = 255
"""Where a betting count stops (the C history keeps a byte)."""
PHASES = ("betting", "draw", "showdown")
"""The phases the observation one-hots, in order."""

Move = tuple[str, int | tuple[int, ...] | None]
"""A move an action names: ("fold" | "call" | "show" | "muck", None), ("raise", total),
("draw", the cards thrown)."""


def chip_unit(state: HandState) -> int:
    """The chips one unit counts: the big blind, or with none the first round's bet."""
    return state.blinds[1] or state.rules.small_bet


def raise_sizes(state: HandState, fractions: tuple[float, ...]) -> tuple[float, ...]:
    """The raise fractions the action space has: none in fixed limit."""
    return () if state.rules.structure == "fixed-limit" else fractions


def action_count(state: HandState, fractions: tuple[float, ...]) -> int:
    """A: fold, check/call, each raise size, the largest raise, every discard, show, muck."""
    return 3 + len(raise_sizes(state, fractions)) + (1 << GAMES[state.game].cards) + 2


def observation_size(state: HandState) -> int:
    """D, block by block as the observation lists them."""
    n, cards, draws = state.n_seats, GAMES[state.game].cards, state.draws
    return DECK * cards + n * (7 + draws) + n * (draws + 1) * 2 + 6 + (draws + 1) + 3


@dataclass
class Seen:
    """What the history says of every seat, as the hand stands now."""

    held: list[list[int]]
    """The cards each seat holds: the deal's order, replacements appended as dealt."""
    thrown: list[list[int]]
    """How many cards each seat threw in each draw it made (0: stood pat)."""
    out: list[bool]
    """Whether each seat folded, or mucked at the showdown, where it counts as folded
    (docs/rules.md, "Showdown")."""
    bets: list[list[int]] = field(default_factory=list)
    """Bets and raises made, by betting round and seat (the blinds are no bets)."""
    calls: list[list[int]] = field(default_factory=list)
    """Calls made (a check is none), by betting round and seat."""


def read_history(state: HandState) -> Seen:
    """Replay the history's steps on empty seats."""
    n = state.n_seats
    seen = Seen([[] for _ in range(n)], [[] for _ in range(n)], [False] * n)
    seen.bets = [[0] * n for _ in range(state.draws + 1)]
    seen.calls = [[0] * n for _ in range(state.draws + 1)]
    split: tuple[list[list[int]], list[list[int]]] | None = None
    for step in state.history:
        seat = step.seat
        if step.kind == "run":  # the first run keeps the hands; later ones pick them up
            if step.amount == 1:
                split = ([list(h) for h in seen.held], [list(t) for t in seen.thrown])
            else:
                assert split is not None
                for other in range(n):
                    if not seen.out[other]:
                        seen.held[other] = list(split[0][other])
                        seen.thrown[other] = list(split[1][other])
            continue
        if seat is None:  # burns, reshuffles
            continue
        betting_round = max(len(thrown) for thrown in seen.thrown)
        if step.kind == "deal":
            seen.held[seat].extend(step.cards)
        elif step.kind == "discard":
            for card in step.cards:
                seen.held[seat].remove(card)
            seen.thrown[seat].append(len(step.cards))
        elif step.kind in ("fold", "muck"):
            seen.out[seat] = True
            seen.held[seat] = []
        elif step.kind in ("bet", "raise"):
            row = seen.bets[betting_round]
            row[seat] = min(row[seat] + 1, MOST)
        elif step.kind == "call":
            row = seen.calls[betting_round]
            row[seat] = min(row[seat] + 1, MOST)
    return seen


def decode(
    state: HandState, fractions: tuple[float, ...], action: int, seen: Seen | None = None
) -> Move | None:
    """The move ``action`` names now, or None when it names none (a raise size with no
    raise allowed, a discard of cards the seat does not hold). ``seen``: the history read
    already, if it was."""
    cards = GAMES[state.game].cards
    sizes = raise_sizes(state, fractions)
    first_discard = 3 + len(sizes)
    if action == 0:
        return ("fold", None)
    if action == 1:
        return ("call", None)
    if action < first_discard:
        legal = state.legal_actions()
        if legal is None or legal.min_raise_to is None or legal.max_raise_to is None:
            return None
        if action == first_discard - 1:
            return ("raise", legal.max_raise_to)
        # the amount to match plus the fraction of the pot after a call, rounded down
        owe = legal.call_amount or 0
        level = state.bets[legal.seat] + owe
        wanted = level + math.floor(sizes[action - 2] * (state.pot + owe))
        return ("raise", min(max(wanted, legal.min_raise_to), legal.max_raise_to))
    if action < first_discard + 2**cards:
        bits = action - first_discard
        seat = state.actor
        seen = seen or read_history(state)
        held = seen.held[seat] if seat is not None else []
        if bits >= 2 ** len(held):
            return None
        return ("draw", tuple(card for i, card in enumerate(held) if bits >> i & 1))
    return ("show", None) if action == first_discard + 2**cards else ("muck", None)


def accepts(state: HandState, move: Move | None) -> bool:
    """Whether the hand accepts the move now, by HandState's own checks."""
    if move is None:
        return False
    kind, amount = move
    if kind == "fold":
        return state.can_fold()
    if kind == "call":
        return state.can_check() or state.can_call()
    if kind == "raise":
        assert isinstance(amount, int)
        return state.can_raise_to(amount)
    if kind == "draw":
        assert isinstance(amount, tuple)
        return state.can_draw(amount)
    return state.can_show() if kind == "show" else state.can_muck()


def play(state: HandState, move: Move) -> None:
    """Make the move through HandState's scalar API."""
    kind, amount = move
    if kind == "raise":
        assert isinstance(amount, int)
        state.raise_to(amount)
    elif kind == "draw":
        assert isinstance(amount, tuple)
        state.draw(amount)
    else:
        getattr(state, {"call": "check_or_call"}.get(kind, kind))()


def action_mask(state: HandState, fractions: tuple[float, ...]) -> npt.NDArray[np.bool_]:
    """Every action of the space, legal exactly when the hand accepts the move it names."""
    seen = read_history(state)
    return np.array(
        [
            accepts(state, decode(state, fractions, action, seen))
            for action in range(action_count(state, fractions))
        ],
        bool,
    )


def _scaled(value: int, divisor: int) -> np.float32:
    """value / divisor in float32, as C rounds it: times the float reciprocal."""
    return np.float32(value) * (np.float32(1) / np.float32(divisor))


def _ratio(value: int, divisor: int) -> np.float32:
    """value / divisor in float32, one division."""
    return np.float32(value) / np.float32(divisor)


def encode(
    state: HandState, seat: int, unit: int, seen: Seen | None = None
) -> tuple[npt.NDArray[np.float32], list[tuple[str, np.float32]]]:
    """The observation of ``seat``: the one-hot cards, then every other value with a label
    saying what it is. ``seen``: the history read already, if it was."""
    n, draws = state.n_seats, state.draws
    cards = GAMES[state.game].cards
    seen = seen or read_history(state)
    held = seen.held[seat]
    assert len(held) <= cards
    one_hot = np.zeros((cards, DECK), np.float32)
    for i, card in enumerate(held):
        one_hot[i, card] = 1
    values: list[tuple[str, np.float32]] = []
    stacks, bets, contributed = state.stacks, state.bets, state.contributed
    order = [(seat + k) % n for k in range(n)]  # k = 0 the observer, then clockwise
    for k, other in enumerate(order):
        thrown = seen.thrown[other]
        values += [
            (f"seat +{k} stack", _scaled(stacks[other], unit)),
            (f"seat +{k} bet", _scaled(bets[other], unit)),
            (f"seat +{k} put in", _scaled(contributed[other], unit)),
            (f"seat +{k} folded", np.float32(seen.out[other])),
            (f"seat +{k} all in", np.float32(not seen.out[other] and stacks[other] == 0)),
            (f"seat +{k} button", np.float32(other == state.button)),
            (f"seat +{k} draws made", _scaled(len(thrown), draws)),
        ]
        for d in range(draws):
            threw = thrown[d] if d < len(thrown) else 0
            values.append((f"seat +{k} threw in draw {d + 1}", _scaled(threw, cards)))
    for k, other in enumerate(order):
        for r in range(draws + 1):
            values.append((f"seat +{k} bets in round {r}", np.float32(seen.bets[r][other])))
            values.append((f"seat +{k} calls in round {r}", np.float32(seen.calls[r][other])))
    call = low = high = 0
    if state.phase == "betting" and state.actor == seat:
        legal = state.legal_actions()
        assert legal is not None
        call = legal.call_amount or 0
        low, high = legal.min_raise_to or 0, legal.max_raise_to or 0
    pot = state.dead_money + sum(contributed)
    position = (seat - state.button - 1) % n  # seats dealt before it, from the button's left
    values += [
        ("pot", _scaled(pot, unit)),
        ("to call", _scaled(call, unit)),
        ("smallest raise to", _scaled(low, unit)),
        ("largest raise to", _scaled(high, unit)),
        ("position", _ratio(position, n - 1)),
        ("players in", _ratio(seen.out.count(False), n)),
    ]
    values += [(f"street {s}", np.float32(state.street == s)) for s in range(draws + 1)]
    values += [(f"phase {p}", np.float32(state.phase == p)) for p in PHASES]
    return one_hot.ravel(), values


def observation(
    state: HandState, seat: int, unit: int, seen: Seen | None = None
) -> npt.NDArray[np.float32]:
    """The observation of ``seat``: D float32 values."""
    one_hot, values = encode(state, seat, unit, seen)
    return np.concatenate([one_hot, np.array([value for _, value in values], np.float32)])


def labels(state: HandState, seat: int, unit: int) -> list[str]:
    """What each value of the observation of ``seat`` is."""
    cards = [f"card {i} is {card}" for i in range(GAMES[state.game].cards) for card in range(DECK)]
    return cards + [label for label, _ in encode(state, seat, unit)[1]]
