"""The payouts of a finished hand after a card room's rake: each pot paid net of its share.

docs/rules.md, "Rake". A room keeps its rake out of the pots before they are split, so each
pot is awarded again with its net amount among the same eligible seats, by settle()'s own
arithmetic (the same halves, qualifier and odd chips: the net pot is settled as dead money
that only those seats may win). Given one total, the rake comes out of the main pot first,
then out of each side pot in turn. A hand run more than once is raked by one total, shared
between its runs as the pot is, each run's part taken from that run's pots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import SupportsIndex

from badugi_fast._binding.hand import run_share
from badugi_fast.cards import Card
from badugi_fast.checks import check_int
from badugi_fast.engine.state import HandState
from badugi_fast.errors import InvalidOption, InvalidOptionType
from badugi_fast.pots import Settlement
from badugi_fast.showdown import judge, settle_options


def pot_rakes(
    pots: Sequence[int], rake: SupportsIndex | Sequence[SupportsIndex]
) -> tuple[int, ...]:
    """Each pot's share of ``rake``: given per pot (main pot first), or one total taken
    from the main pot first, then from each side pot in turn. A rake larger than its pot,
    or a list that is not one entry per pot, raises InvalidOption."""
    if isinstance(rake, Sequence) and not isinstance(rake, str | bytes):
        shares = tuple(check_int("rake", share, 0) for share in rake)
        if len(shares) != len(pots):
            raise InvalidOption(f"rake: {len(shares)} amounts for {len(pots)} pots")
        for number, (share, pot) in enumerate(zip(shares, pots, strict=True)):
            if share > pot:
                raise InvalidOption(f"rake: {share} out of pot {number}, which holds {pot}")
        return shares
    if isinstance(rake, str | bytes):
        raise InvalidOptionType(f"rake must be chips or a list of chips, not {rake!r}")
    left = check_int("rake", rake, 0)
    if left > sum(pots):
        raise InvalidOption(f"rake: {left} is more than the pots hold ({sum(pots)})")
    cuts = []
    for pot in pots:
        cut = min(pot, left)
        cuts.append(cut)
        left -= cut
    return tuple(cuts)


def raked_payouts(
    state: HandState, rake: SupportsIndex | Sequence[SupportsIndex]
) -> tuple[int, ...]:
    """What each seat receives when the room keeps ``rake`` (chips, per pot or in all):
    its uncalled chips, plus its share of each pot net of that pot's rake.

    With no rake this equals ``state.result.payouts``. A hand that is not over raises
    InvalidOption, as does a rake per pot for a hand run more than once (its runs' pots are
    not the hand's: give one total).
    """
    result = state.result
    if result is None:
        raise InvalidOption("the hand is not over: it has no payouts to rake")
    runs = state.run_results
    if not runs:
        hands = [state.hole_cards(seat) for seat in range(state.n_seats)]
        return _raked(state, result, hands, rake)
    if isinstance(rake, Sequence) and not isinstance(rake, str | bytes):
        raise InvalidOption("rake: a hand run more than once takes one total, not one per pot")
    total = check_int("rake", rake, 0)
    if total > sum(p.amount for p in result.pots):
        raise InvalidOption(f"rake: {total} is more than the pots hold")
    payouts = list(result.returned)  # uncalled chips come back whole, once, not per run
    for number, run in enumerate(runs, 1):
        hands = [() if shown is None else shown[0].cards for shown in run.hands]
        paid = _raked(state, run, hands, run_share(total, len(runs), number))
        payouts = [mine + share for mine, share in zip(payouts, paid, strict=True)]
    return tuple(payouts)


def _raked(
    state: HandState,
    result: Settlement,
    hands: list[tuple[Card, ...]],
    rake: SupportsIndex | Sequence[SupportsIndex],
) -> tuple[int, ...]:
    """The payouts of one settlement of ``state`` (the hand's, or one run's, with the cards
    shown in it) net of ``rake``."""
    n = state.n_seats
    payouts = list(result.returned)
    odd_unit_to = state.odd_unit_to
    rule, worst = settle_options(state.game, state.qualifier, odd_unit_to, state.badeucey_aces_low)
    for pot, cut in zip(result.pots, pot_rakes([p.amount for p in result.pots], rake), strict=True):
        net = pot.amount - cut
        if not net:
            continue
        if len(pot.eligible) == 1:
            payouts[pot.eligible[0]] += net
            continue
        live = [seat in pot.eligible for seat in range(n)]
        paid = judge(rule, [0] * n, live, hands, state.button, 1, worst, odd_unit_to, net)
        payouts = [mine + share for mine, share in zip(payouts, paid.payouts, strict=True)]
    return tuple(payouts)
