"""The odds kernel and the engine deal by the same reshuffle rule (docs/rules.md, "How a
hand is played", "When the stub runs short"; "Draw odds and equity" follows it).

Their random generators differ, so the same draws are watched in both and checked for
what the rule decides: every draw completes, nobody gets back a card thrown in the same
draw (his own, or one of a player still waiting for cards), the stub's last card is dealt
only when it completes the draw, and the burn comes back only in the last resort. The
engine plays seeded hands; the odds show every hand to a Python policy between draws.

The table: eight Badeucey players in drawing order hold cards 0-39 (player i: 5i..5i+4),
so the 12 cards 40-51 are unseen and the muck starts empty.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import badugi_fast as bf
from badugi_fast.cards import DECK, Card
from badugi_fast.engine import Action, HandState

PLAYERS = 8
HANDS = [DECK[5 * p : 5 * p + 5] for p in range(PLAYERS)]
UNSEEN = frozenset(DECK[40:])
ENGINE_HANDS, ODDS_SAMPLES = 400, 4000

# What player i throws in draw d (0-based) from a hand: a function of (d, i, hand).
Thrower = Callable[[int, int, Sequence[Card]], tuple[Card, ...]]


def everything(draw: int, player: int, hand: Sequence[Card]) -> tuple[Card, ...]:
    """Every player throws all five cards in every draw: the last resort each draw."""
    return tuple(hand)


def throwing(counts: Mapping[tuple[int, int], int]) -> Thrower:
    """Player i throws his ``counts[d, i]`` lowest cards in draw d (none if not listed)."""

    def thrower(draw: int, player: int, hand: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(sorted(hand)[: counts.get((draw, player), 0)])

    return thrower


def first_draw_only(third: int) -> Thrower:
    """Players 0 and 1 throw five, player 2 its ``third`` lowest cards, the rest stand
    pat; nobody draws after the first draw."""
    return throwing({(0, 0): 5, (0, 1): 5, (0, 2): third})


@dataclass
class Draws:
    """What was observed of one table's draws: each draw's hands before and after."""

    before: list[list[frozenset[Card]]] = field(default_factory=list)
    after: list[list[frozenset[Card]]] = field(default_factory=list)


def check_draws(draws: Draws, thrower: Thrower) -> None:
    """Every draw completes, and each player's new cards were free when he was served."""
    for number, (before, after) in enumerate(zip(draws.before, draws.after, strict=True)):
        assert sum(len(hand) for hand in after) == len(frozenset().union(*after)) == 40
        for player in range(PLAYERS):
            kept = before[player] - set(thrower(number, player, sorted(before[player])))
            new = after[player] - kept
            assert kept <= after[player] and len(after[player]) == 5  # the draw completed
            waiting = frozenset().union(*before[player:])  # his discards, and later players'
            assert not new & waiting, (number, player, sorted(new & waiting))


def third_from_unseen(draws: Draws) -> int:
    """How many of the 12 unseen cards player 2 was dealt in the first draw."""
    return len((draws.after[0][2] - draws.before[0][2]) & UNSEEN)


def play_engine(seed: int, thrower: Thrower) -> tuple[Draws, HandState]:
    """One seeded engine hand on the table: everyone calls, draws by ``thrower``, checks.
    The unseen cards come in an order shuffled by ``seed``; reshuffles use it too."""
    stub = sorted(UNSEEN)
    random.Random(seed).shuffle(stub)
    deck = [HANDS[p][j] for j in range(5) for p in range(PLAYERS)] + stub
    state = HandState(game="badeucey", stacks=[100] * PLAYERS, button=7, deck=deck, seed=seed)
    draws = Draws()
    while not state.is_over:
        if state.phase == "betting":
            state.check_or_call()
            continue
        hands = [frozenset(state.hole_cards(seat)) for seat in range(PLAYERS)]
        if state.actor == 0:
            draws.before.append(hands)
        street = len(draws.before) - 1
        seat = state.actor
        assert seat is not None
        state.draw(thrower(street, seat, sorted(state.hole_cards(seat))))
        if state.phase != "draw":
            draws.after.append([frozenset(state.hole_cards(s)) for s in range(PLAYERS)])
    return draws, state


def first_draw(state: HandState) -> list[Action]:
    """The engine's steps of the first draw: its discards, reshuffles, burn and deals."""
    steps = list(state.history)
    kinds = [step.kind for step in steps]
    start = kinds.index("discard")
    burn = kinds.index("burn")
    end = kinds.index("discard", burn)  # the second draw's first discard
    return steps[start:end]


def run_odds(thrower: Thrower, draws: int, samples: int) -> list[Draws]:
    """``samples`` odds deals on the table, each draw's hands seen by the policy."""
    seen: list[Draws] = []

    def policy(cards: tuple[Card, ...], player: int, draw: int) -> tuple[Card, ...]:
        if player == 0:
            if draw == 1:
                seen.append(Draws(before=[[frozenset(hand) for hand in HANDS]]))
            else:
                seen[-1].before.append(seen[-1].after[-1])
            seen[-1].after.append([])
        seen[-1].after[-1].append(frozenset(cards))
        return thrower(draw, player, sorted(cards))

    first = [thrower(0, player, hand) for player, hand in enumerate(HANDS)]
    result = bf.equity(
        HANDS, game="badeucey", draws=draws, discards=first, policy=policy, samples=samples, seed=7
    )
    assert not result.exact and math.isclose(sum(result.equity), 1)
    return seen


def assert_frequencies(counts: Sequence[int], expected: dict[int, float]) -> None:
    """The counts of 0, 1, 2... are within 4 standard errors of the expected probabilities."""
    total = len(counts)
    for value, p in expected.items():
        freq = sum(count == value for count in counts) / total
        assert abs(freq - p) <= 4 * math.sqrt(p * (1 - p) / total) + 1e-12, (value, freq, p)


def hypergeometric(pool: int, special: int, drawn: int) -> dict[int, float]:
    """P(k of the ``special`` cards among ``drawn`` dealt from ``pool``)."""
    ways = math.comb(pool, drawn)
    return {
        k: math.comb(special, k) * math.comb(pool - special, drawn - k) / ways
        for k in range(min(special, drawn) + 1)
    }


# The last resort: after the burn, players 0 and 1 take 10 of the 11 unseen left; the last
# card would not complete the draw and the muck is empty, so it, the burn and their 10
# discards form a new stub of 12, 2 of them unseen, from which player 2 is dealt five.
LAST_RESORT = hypergeometric(12, 2, 5)


def test_engine_everyone_changes_five_cards_three_times() -> None:
    counts, burns_back = [], 0
    for seed in range(ENGINE_HANDS):
        draws, state = play_engine(seed, everything)
        assert len(draws.after) == 3
        check_draws(draws, everything)
        counts.append(third_from_unseen(draws))
        burn = next(step.cards[0] for step in state.history if step.kind == "burn")
        burns_back += any(burn in hand for hand in draws.after[0])
    assert_frequencies(counts, LAST_RESORT)
    assert burns_back > ENGINE_HANDS // 2  # the first burn comes back in the first draw


def test_odds_everyone_changes_five_cards_three_times() -> None:
    seen = run_odds(everything, 3, ODDS_SAMPLES)
    assert len(seen) == ODDS_SAMPLES
    for draws in seen:
        assert len(draws.after) == 2  # the policy sees the hands after draws 1 and 2
        check_draws(draws, everything)
    counts = [third_from_unseen(draws) for draws in seen]
    assert_frequencies(counts, LAST_RESORT)
    # the burn is one of the 12 unseen: all of them in hands shows it came back
    assert any(frozenset().union(*draws.after[0]) >= UNSEEN for draws in seen)


def test_the_stubs_last_card_is_dealt_when_it_completes_the_draw() -> None:
    # 11 replacements and the burn take exactly the 12 unseen: no reshuffle, the burn
    # stays out, and player 2's card is the stub's last one.
    thrower = first_draw_only(1)
    for seed in range(ENGINE_HANDS // 10):
        draws, state = play_engine(seed, thrower)
        check_draws(draws, thrower)
        assert third_from_unseen(draws) == 1
        steps = first_draw(state)
        burn = next(step.cards[0] for step in steps if step.kind == "burn")
        assert "reshuffle" not in [step.kind for step in steps]
        assert not any(burn in hand for hand in draws.after[0])
    for draws in run_odds(thrower, 2, ODDS_SAMPLES):
        check_draws(draws, thrower)
        assert third_from_unseen(draws) == 1


def test_the_stubs_last_card_is_reshuffled_when_more_are_due() -> None:
    # 12 replacements and the burn: player 2 needs two with one card left, so that card,
    # the burn and the 10 discards of players 0-1 form the new stub (the muck is empty).
    thrower = first_draw_only(2)
    expected = hypergeometric(12, 2, 2)
    engine = []
    for seed in range(ENGINE_HANDS):
        draws, _ = play_engine(seed, thrower)
        check_draws(draws, thrower)
        engine.append(third_from_unseen(draws))
    assert_frequencies(engine, expected)
    seen = run_odds(thrower, 2, ODDS_SAMPLES)
    for draws in seen:
        check_draws(draws, thrower)
    assert_frequencies([third_from_unseen(draws) for draws in seen], expected)


def test_a_muck_reshuffle_leaves_the_burns_out() -> None:
    # The first draw takes the 12 unseen (11 cards and the burn). In the second, player 0
    # throws five: the empty stub takes the muck (the first draw's 11 discards, cards 0-10)
    # for the burn and his cards; the first burn, the one unseen card left, stays out.
    thrower = throwing({(0, 0): 5, (0, 1): 5, (0, 2): 1, (1, 0): 5})
    muck = frozenset(DECK[:11])

    def from_muck(draws: Draws) -> bool:
        return draws.after[1][0] - draws.before[1][0] <= muck

    for seed in range(ENGINE_HANDS // 10):
        draws, _ = play_engine(seed, thrower)
        check_draws(draws, thrower)
        assert from_muck(draws)
    for draws in run_odds(thrower, 3, ODDS_SAMPLES // 4):
        check_draws(draws, thrower)
        assert from_muck(draws)
