"""Cross-check against PokerKit: random fixed-limit Badugi hands played on our engine and
replayed card for card and action for action through ``pokerkit.FixedLimitBadugi`` must
end with the same stacks.

Our engine runs PokerKit's rules (``BettingRules.phh_fixed_limit``: four bets and raises by
players a round, capped heads-up too, and PokerKit's conventions after an all-in for less), so
every hand is compared but one whose stub ran out: PokerKit reshuffles every card out of play
(burns and this draw's discards too), we never reshuffle those (docs/rules.md, "How a hand is
played"), so the replacements cannot be compared.
Seat i is PokerKit's player i, with the button on the last seat (PHH's convention).
"""

from __future__ import annotations

import random
import warnings

import pokerkit

from badugi_fast.engine import BettingRules, HandState

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
RULES = BettingRules.phh_fixed_limit(2, 4)
HANDS = 300


def play(seed: int) -> HandState:
    """A random fixed-limit Badugi hand: 2-6 seats, deep and short stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice([7, 15, 40, 200, 200]) for _ in range(n)]
    state = HandState(betting=RULES, stacks=stacks, button=n - 1, seed=seed)
    while state.actor is not None:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_draw:
            hand = state.hole_cards(legal.seat)
            state.draw(rng.sample(hand, rng.randint(0, len(hand))))
            continue
        options = ["check_or_call", "check_or_call"]
        options += ["fold"] * legal.can_fold + ["raise"] * legal.can_raise
        choice = rng.choice(options)
        if choice == "raise":
            state.raise_to(legal.min_raise_to)  # type: ignore[arg-type]
        else:
            getattr(state, choice)()
    return state


def short_all_in_raise(state: HandState) -> bool:
    """Whether some bet or raise was an all-in for less than a full bet."""
    return any(
        record.kind in ("bet", "raise") and state.all_in(record.seat or 0)
        for record in state.history
    )


def replay(state: HandState) -> tuple[int, ...]:
    """Our hand's cards and actions through PokerKit; its final stacks."""
    pk = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, list(starting_stacks(state)), state.n_seats
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a card PokerKit thinks unavailable is a failure
        for record in state.history:
            text = "".join(map(str, record.cards))
            if record.kind == "deal":
                pk.deal_hole(text)
            elif record.kind == "burn":
                pk.burn_card(text)
            elif record.kind == "discard":
                pk.stand_pat_or_discard(text)
            elif record.kind == "fold":
                pk.fold()
            elif record.kind in ("check", "call"):
                pk.check_or_call()
            elif record.kind in ("bet", "raise"):
                pk.complete_bet_or_raise_to(record.amount)
    assert not pk.status
    return tuple(pk.stacks)


def starting_stacks(state: HandState) -> tuple[int, ...]:
    result = state.result
    assert result is not None
    return tuple(final - net for final, net in zip(state.stacks, result.net, strict=True))


def test_same_stacks_as_pokerkit() -> None:
    compared = skipped = side_pots = all_in_raises = 0
    for seed in range(HANDS):
        state = play(seed)
        if any(record.kind == "reshuffle" for record in state.history):
            skipped += 1
            continue
        assert replay(state) == state.stacks, f"seed {seed}"
        compared += 1
        side_pots += len(state.result.pots) > 1  # type: ignore[union-attr]
        all_in_raises += short_all_in_raise(state)
    assert compared >= HANDS * 0.7 and side_pots >= 10 and all_in_raises >= 10, (
        compared,
        skipped,
        side_pots,
        all_in_raises,
    )
