"""Writing a hand the engine played as a hand history.

The engine's record maps line for line: deals become ``d dh``, discards ``sd`` (every
discard of a draw comes before its replacements, as PokerKit expects), bets and raises
``cbr`` with the round's new total, checks and calls ``cc``, folds ``f``, each shown hand
``sm`` with its cards and a muck a bare ``sm``; blinds, antes, burns, reshuffles and
payouts follow from the fields. Players are numbered from the button's left (``p1``) as
PHH asks, and ``seats`` keeps each one's engine seat (seat number ``seat + 1``), so the
replay puts every player back on its own seat (docs/rules.md, "Players and seats").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from badugi_fast.cards import DECK, card_ids, format_cards
from badugi_fast.checks import as_int, check_seat, check_type, shown
from badugi_fast.engine import Action, BettingRules, HandState
from badugi_fast.errors import BadugiError, InvalidOption, InvalidOptionType
from badugi_fast.games import game_rule
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, format_line
from badugi_fast.phh.replay import replay
from badugi_fast.phh.settings import EXTENSION_FIELDS, engine_seats
from badugi_fast.phh.variants import code_for
from badugi_fast.showdown import given_rank

_ANY = range(len(DECK) + 1)
"""Any number of cards (for reading a qualifier given as cards)."""
_VERBS = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}
BY_SEAT = ("players", "seats", "winnings", "time_banks")
"""The per-player fields ``from_state`` takes by engine seat (and writes in player order)."""


def from_state(state: HandState, **fields: Any) -> HandHistory:
    """The hand history of a hand the engine played (finished or not).

    ``fields`` adds optional or user fields (``event``, ``_note`` ...). The per-player
    ones, ``players``, ``seats``, ``winnings`` and ``time_banks``, are given by engine
    seat, as a list in seat order (``players=["Ann", "Bob", "Cy"]``: seat 0 is Ann) or a
    mapping of every seat (``players={0: "Ann", 1: "Bob", 2: "Cy"}``), and written in PHH's
    player order, which starts left of the button. ``seats`` is written in any case (seat
    ``i`` is number ``i + 1`` unless given: rising numbers, by seat), so that
    ``replay`` puts every player back on its seat, the button where it was (a ``seat_count``
    given must hold them all, or InvalidHistory names the field, as ``replay`` would). The
    antes, blinds and settlement options are the hand's own (``state.antes``,
    ``state.blinds`` ...), whatever a short seat posted; a big-blind ante is the big
    blind's alone. The variant is ``FB``/``F2L3D``/``N2L1D`` when the hand is one PokerKit
    plays (the game's big-bet rounds, no qualifier, no dead money carried in, no missed
    blinds, run once, and every action legal with the same chips under PokerKit's
    conventions), else this project's ``X`` code with the engine's betting settings in
    ``_max_raises``/``_cap_heads_up``/``_big_bet_from``/``_conventions``, any settlement
    option that is not the default in ``_badeucey_aces_low``/``_odd_unit_to``/``_qualifier``,
    ``_dead_money``, ``_missed_blinds``, and ``_runs`` with, once the hand splits,
    ``_run_starts`` (the action line each run begins on). A small game has no PHH variant
    and is refused (InvalidOption names it).
    """
    check_type("state", state, HandState, "from_state() writes a hand the engine played")
    if not game_rule(state.game).is_full:
        raise InvalidOption(
            f"{state.game}: PHH has no variant for a small game (docs/rules.md, 'Small games')"
        )
    n, button = state.n_seats, state.button
    player = [(seat - button - 1) % n for seat in range(n)]  # engine seat -> PHH index
    by_seat = {name: _by_seat(name, fields.pop(name), n) for name in BY_SEAT if name in fields}
    given = by_seat.setdefault("seats", [seat + 1 for seat in range(n)])
    numbers = by_seat["seats"] = [as_int(number) for number in given]
    if any(number is None or number < 1 for number in numbers) or numbers != sorted(set(numbers)):
        raise InvalidOption(
            f"seats must be different seat numbers rising with the engine seats (clockwise), "
            f"not {shown(given)}"
        )
    history = state.history
    won: Counter[int] = Counter()
    dead: Counter[int] = Counter()  # a big-blind ante and dead blinds: dead money, not contributed
    for record in history:
        if record.kind == "win" and record.seat is not None:
            won[record.seat] += record.amount or 0
        if record.seat is not None and (
            record.kind == "post-dead" or (record.kind == "post-ante" and state.big_blind_ante)
        ):
            dead[record.seat] += record.amount or 0
    starting = [
        state.stacks[seat] + state.contributed[seat] + dead[seat] - won[seat] for seat in range(n)
    ]
    carried_in = state.dead_money - sum(dead.values())
    rules = state.rules
    data: dict[str, Any] = {
        "variant": code_for(state.game, rules.structure, standard=True),  # type: ignore[arg-type]
        "antes": _antes(state),
        "blinds_or_straddles": _blinds(state),
        "starting_stacks": _in_player_order(starting, button),
        **{name: _in_player_order(values, button) for name, values in by_seat.items()},
        "actions": [],
    }
    run_starts = []  # the line each run of a hand run more than once begins on
    for record in history:
        if record.kind == "run":
            run_starts.append(len(data["actions"]))
        elif (line := _line(record, player)) is not None:
            data["actions"].append(line)
    if rules.structure == "fixed-limit":
        data["small_bet"], data["big_bet"] = rules.small_bet, rules.big_bet
    else:
        data["min_bet"] = rules.small_bet
    if state.is_over:
        data["finishing_stacks"] = _in_player_order(list(state.stacks), button)
    if not _standard(state, data, carried_in):
        data["variant"] = code_for(state.game, rules.structure, standard=False)  # type: ignore[arg-type]
        data["_max_raises"] = float("inf") if rules.max_raises is None else rules.max_raises
        data["_cap_heads_up"] = rules.cap_heads_up
        data["_big_bet_from"] = rules.big_bet_from
        if rules.conventions != "card-room":
            data["_conventions"] = rules.conventions
        if rules.bet_ladder:
            data["_bet_ladder"] = True
        if state.free_folds:
            data["_free_folds"] = True
        data.update(_settlement_fields(state, carried_in))
        if state.runs > 1:
            data["_runs"] = state.runs
        if run_starts:
            data["_run_starts"] = run_starts
    data.update(fields)
    written = HandHistory.from_dict(data)
    engine_seats(written)  # the seats fit the table a seat_count given says
    return written


def _line(record: Action, player: list[int]) -> str | None:
    """The action line of one engine record, or None for what the fields imply."""
    seat = record.seat
    if seat is None or record.kind in ("post-blind", "post-ante", "post-dead", "win"):
        return None
    if record.kind == "deal":
        return format_line(Notation("dh", player[seat], record.cards))
    if record.kind == "discard":
        return format_line(Notation("sd", player[seat], record.cards or None))
    if record.kind in ("show", "muck"):  # a muck is a bare ``sm``
        return format_line(Notation("sm", player[seat], record.cards or None))
    verb = _VERBS[record.kind]
    amount = record.amount if verb == "cbr" else None
    return format_line(Notation(verb, player[seat], amount=amount))  # type: ignore[arg-type]


def _blinds(state: HandState) -> list[int]:
    """``blinds_or_straddles``: the small and big blind, then zeros; with ``no_small_blind``
    the big blind alone, ``p1``'s (heads-up ``[0, big]``: ``p1`` posts the second entry)."""
    small, big = state.blinds
    n = state.n_seats
    if not state.no_small_blind:
        return [small, big] + [0] * (n - 2)
    return [0, big] if n == 2 else [big] + [0] * (n - 1)


def _antes(state: HandState) -> list[int]:
    """Each player's ante: every seat's, or with a big-blind ante the big blind's alone,
    second as its blind is (even heads-up, docs/rules.md, "Hand histories")."""
    if not state.big_blind_ante:
        return [state.antes] * state.n_seats
    return [0, state.antes] + [0] * (state.n_seats - 2)


def _standard(state: HandState, data: dict[str, Any], carried_in: int) -> bool:
    """Whether the hand, written as ``data`` with its ``FB``/``F2L3D``/``N2L1D`` code, is
    one of those games played under their rules (PokerKit's conventions, in fixed limit
    ``BettingRules.phh_fixed_limit``): played under them, or replaying under them to the
    same chips."""
    rules = state.rules
    if data["variant"].startswith("X") or state.qualifier is not None or carried_in:
        return False
    if state.missed_blinds or state.runs > 1 or state.free_folds:
        return False
    if rules.big_bet_from != game_rule(state.game).big_bet_from:
        return False
    pokerkit = BettingRules.phh_fixed_limit(rules.small_bet, rules.big_bet)
    return replace(rules, big_bet_from=None) == pokerkit or _replays_alike(state, data)


def _replays_alike(state: HandState, data: dict[str, Any]) -> bool:
    """Whether ``data``, under its specification's code, replays to ``state``'s chips."""
    try:
        again = replay(HandHistory.from_dict(data))
    except BadugiError:
        return False
    return again.stacks == state.stacks and again.contributed == state.contributed  # seated alike


BETTING_FIELDS = ("_max_raises", "_cap_heads_up", "_conventions", "_bet_ladder", "_free_folds")
"""The extension fields that say only how bets are capped and sized and when a player may
fold: a hand that plays alike under the specification's rules needs none of them."""


def as_standard(history: HandHistory, state: HandState) -> HandHistory:
    """``history``, replayed to ``state``, under the specification's code (``FB``,
    ``F2L3D``, ``N2L1D``, which PokerKit reads) when it is one of those games played alike
    under PokerKit's rules: no extension field but the betting rules, and every action
    legal with the same chips; else ``history`` as it is. A hand with no player all in and
    at most three bets and raises a round plays alike under both, with no second replay."""
    fields = history.user_fields
    standard = code_for(state.game, state.rules.structure, standard=True)  # type: ignore[arg-type]
    if standard.startswith("X") or not history.variant.startswith("X"):
        return history
    if any(name in fields for name in EXTENSION_FIELDS if name not in BETTING_FIELDS):
        return history
    user = {name: value for name, value in fields.items() if name not in BETTING_FIELDS}
    data = {**history.to_dict(), "variant": standard}
    for name in BETTING_FIELDS:
        data.pop(name, None)
    if not _plainly_alike(state, history) and not _replays_alike(state, data):
        return history
    return replace(history, variant=standard, user_fields=user)


def _plainly_alike(state: HandState, history: HandHistory) -> bool:
    """Whether a hand plays alike under any fixed-limit cap of three raises or more, either
    convention after an all-in for less and with or without free folds: nobody went all
    in, no betting round had more than three bets and raises, and nobody folded with
    nothing to call."""
    seats = engine_seats(history)
    if any(
        state.contributed[seat] >= stack
        for seat, stack in zip(seats, history.starting_stacks, strict=True)
    ):
        return False
    raises, level = 0, 0
    put: Counter[int] = Counter()  # each seat's chips in this betting round
    for record in state.history:
        kind, seat, amount = record.kind, record.seat, record.amount or 0
        if kind in ("discard", "burn"):
            raises, level = 0, 0
            put.clear()
        elif seat is None:
            continue
        elif kind == "fold" and put[seat] >= level:
            return False  # a free fold: PokerKit refuses it
        elif kind in ("post-blind", "call"):
            put[seat] += amount
            level = max(level, put[seat])
        elif kind in ("bet", "raise"):
            put[seat], level = amount, amount
            raises += 1
            if raises > 3:
                return False
    return True


def _in_order(n: int, button: int) -> list[int]:
    """Engine seats in PHH player order: left of the button first, the button last."""
    return [(button + 1 + step) % n for step in range(n)]


def _in_player_order(values: list[Any], button: int) -> list[Any]:
    return [values[seat] for seat in _in_order(len(values), button)]


def _by_seat(name: str, values: object, n: int) -> list[Any]:
    """A per-player field given by engine seat (a list in seat order, or a mapping of every
    seat) as a list in seat order."""
    if isinstance(values, Mapping):
        seats = [check_seat(f"{name}: seat", seat, n) for seat in values]
        missing = sorted(set(range(n)) - set(seats))
        if missing:
            raise InvalidOption(f"{name} names no value for seat {missing[0]} of {n}")
        return [values[seat] for seat in range(n)]
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InvalidOptionType(
            f"{name} must be a list by engine seat or a mapping seat -> value, "
            f"not {type(values).__name__}"
        )
    if len(values) != n:
        raise InvalidOption(
            f"{name} has {len(values)} entries for the hand's {n} seats (one per engine seat, "
            "seat 0 first)"
        )
    return list(values)


def _settlement_fields(state: HandState, carried_in: int) -> dict[str, Any]:
    """The settlement options that differ from the engine's defaults, any dead money (a pot
    carried in) and any missed blinds, as ``X`` fields."""
    fields: dict[str, Any] = {}
    if state.badeucey_aces_low:
        fields["_badeucey_aces_low"] = True
    if state.odd_unit_to != "badugi":
        fields["_odd_unit_to"] = state.odd_unit_to
    qualifier = state.qualifier
    if qualifier is not None:
        rank = given_rank(qualifier)
        if rank is not None:
            qualifier = rank
        elif not isinstance(qualifier, str):
            qualifier = format_cards(card_ids(qualifier, _ANY))  # type: ignore[arg-type]  # cards
        fields["_qualifier"] = qualifier
    if carried_in:
        fields["_dead_money"] = carried_in
    missed = state.missed_blinds
    if missed:
        posts = [list(missed.get(seat, (0, 0))) for seat in range(state.n_seats)]
        fields["_missed_blinds"] = _in_player_order(posts, state.button)
    return fields
