"""The room's payouts of an imported hand checked against the rules' (docs/guide/rooms.md).

A hand read from a card room carries what the room paid in user fields: ``_collected``
(each player's winnings from the pots) or, where the room counts the uncalled bets in and
writes none, ``_paid`` (all each player got back); ``_returned`` (the uncalled bets, when
the room writes them), ``_rake`` (what the room kept) and, when the room lists them,
``_pots`` (each pot net of its rake, main pot first). The replay's pots are raked as the
room raked them (docs/rules.md, "Rake") and each player's share compared: any difference
is a ``PayoutMismatch`` naming the player, the room's amount and the rules' amount.
"""

from __future__ import annotations

from collections.abc import Mapping

from badugi_fast.engine import HandState
from badugi_fast.engine.rake import raked_payouts
from badugi_fast.errors import BadugiError, InvalidHistory, PayoutMismatch
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.settings import chips, engine_seats

PAYOUT_FIELDS = frozenset(("_collected", "_paid", "_returned", "_rake", "_pots"))
"""The user fields that carry what a room paid."""


def room_paid(history: HandHistory) -> bool:
    """Whether the history carries what a room paid (``_collected`` or ``_paid``)."""
    return "_collected" in history.user_fields or "_paid" in history.user_fields


def check_payouts(history: HandHistory, state: HandState) -> HandState:
    """``state`` when the room's payouts (if the history gives them) are the rules' once
    the hand is over; else PayoutMismatch, or InvalidHistory for a malformed field."""
    fields = history.user_fields
    if not room_paid(history) or not state.is_over or state.result is None:
        return state
    n = state.n_seats
    in_all = "_collected" not in fields  # _paid: the uncalled bets are in it
    collected = _amounts(fields, "_paid" if in_all else "_collected", n)
    returned = _amounts(fields, "_returned", n) if "_returned" in fields else None
    result = state.result
    if "_rake" in fields:
        rake = _amount(fields["_rake"], "field '_rake'")
    else:  # the room did not say: what the pots hold beyond what it paid
        back = 0 if in_all else sum(returned or result.returned)
        rake = sum(result.payouts) - sum(collected) - back
        if rake < 0:
            raise PayoutMismatch(f"the room paid {-rake} more than the pots hold")
    gross = [pot.amount for pot in result.pots]
    shares: int | list[int] = rake
    if "_pots" in fields:
        net = _amounts(fields, "_pots", None)
        if sum(net) + rake != sum(gross):
            raise PayoutMismatch(
                f"the room's pots {net} and rake {rake} do not add up to the rules' pots {gross}"
            )
        if len(net) == len(gross):  # each pot pays what the room took out of it
            shares = [pot - left for pot, left in zip(gross, net, strict=True)]
            if min(shares) < 0:
                raise PayoutMismatch(f"the room's pots {net} are not the rules' pots {gross}")
        # otherwise a player all in mucked: the rules merged the pots it was in, with the
        # same players left in each, and the total comes off the merged pot
    try:
        paid = raked_payouts(state, shares)
    except BadugiError as error:
        raise PayoutMismatch(f"the room's rake: {error}") from None
    names = history.players or ()
    for player, seat in enumerate(engine_seats(history)):  # the room's fields: player order
        who = f"p{player + 1}" + (f" ({names[player]})" if player < len(names) else "")
        rules = paid[seat] - (0 if in_all else result.returned[seat])
        if collected[player] != rules:
            raise PayoutMismatch(
                f"{who}: the room paid {collected[player]}, the rules pay {rules} "
                f"(after a rake of {rake})"
            )
        if returned is not None and returned[player] != result.returned[seat]:
            raise PayoutMismatch(
                f"{who}: the room returned {returned[player]} uncalled, "
                f"the rules return {result.returned[seat]}"
            )
    return state


def _amounts(fields: Mapping[str, object], name: str, count: int | None) -> list[int]:
    """A list of amounts, one per player (``count``) or any number (None)."""
    values = fields[name]
    if not isinstance(values, list) or (count is not None and len(values) != count):
        expected = "a list of amounts" if count is None else f"{count} amounts"
        raise InvalidHistory(f"field {name!r}: expected {expected}, got {values!r}"[:200])
    return [_amount(value, f"field {name!r}") for value in values]


def _amount(value: object, what: str) -> int:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise InvalidHistory(f"{what}: expected a number, got {value!r}"[:200])
    amount = chips(value, what)
    if amount < 0:
        raise InvalidHistory(f"{what}: {amount} is negative")
    return amount
