"""Brute-force draw odds and equity, in plain Python with exact fractions.

The independent oracle for tests/test_odds*.py: it shares no code with csrc/odds.c or
badugi_fast.odds. Hands are judged by the rule keys of tests/reference.py, the drawing
policy is written again from docs/rules.md ("Draw odds and equity"), and every deal is
enumerated as the rule text says: a player drawing k cards gets each k-subset of the
unseen cards with equal probability, discards never come back, nothing is reshuffled.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import reference as ref

LOW_KEEP = 8  # docs/rules.md: a five-card hand also keeps other cards of value <= 8
POT = Fraction(1)
LOWBALL = ("deuce-seven-triple-draw", "ace-five-triple-draw")


@cache
def _badugi_scale(aces_high: bool) -> dict[ref.BadugiKey, int]:
    return {key: i + 1 for i, key in enumerate(ref.all_badugi_keys(aces_high))}


def aces_high(game: str) -> bool:
    return game in ("badeucey", "deuce-seven-triple-draw")


@cache
def _low_scale(game: str) -> dict[ref.LowKey, int]:
    """Every low value of the game, best first: from one hand per rank multiset (and, with
    five different ranks, a flush and a non-flush one)."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        mixed = [
            4 * r + ranks[:i].count(r) + (i == 0 and len(set(ranks)) == 5)
            for i, r in enumerate(ranks)
        ]  # suits: repeats differ; never all one suit
        hands = [mixed] + ([[4 * r for r in ranks]] if len(set(ranks)) == 5 else [])
        keys.update(low_key(tuple(sorted(hand)), game) for hand in hands)
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def first_rank(cards: tuple[int, ...], game: str) -> int:
    """The rank of a sorted hand in the game's first half: Badugi, or the low in lowball."""
    if game in LOWBALL:
        return _low_scale(game)[low_key(cards, game)]
    return badugi_rank(cards, aces_high(game))


@cache
def badugi_rank(cards: tuple[int, ...], high: bool) -> int:
    """Rank on the 1..1092 Badugi scale of a sorted hand."""
    return _badugi_scale(high)[ref.badugi_key(cards, high)]


@cache
def low_key(cards: tuple[int, ...], game: str) -> ref.LowKey:
    if game in ("badacey", "ace-five-triple-draw"):
        return ref.ace_five_key(cards)
    return ref.deuce_seven_key(cards)


def value(card: int, high: bool) -> int:
    return ref.badugi_rank(card, high)


SUIT_RELABELLINGS = tuple(itertools.permutations(range(4)))
"""Every relabelling of the suits: suit s becomes relabelling[s]."""
DECK = frozenset(range(52))


def relabel(cards: Sequence[int] | frozenset[int], suits: Sequence[int]) -> tuple[int, ...]:
    """The cards with suit s renamed suits[s], sorted."""
    return tuple(sorted(card - ref.suit_of(card) + suits[ref.suit_of(card)] for card in cards))


def _canonical(sets: Sequence[Sequence[int]]) -> list[int]:
    """A position's canonical form (the Ties of docs/rules.md, "Draw odds and equity"):
    the least, over the suit relabellings, of its card sets as integers (bit id per card)."""
    return min(
        [sum(1 << card for card in relabel(cards, suits)) for cards in sets]
        for suits in SUIT_RELABELLINGS
    )


Keeps = list[tuple[tuple[int, ...], Fraction]]
"""The policy's keeps from a hand, each with its chance."""


def policy_keeps(
    cards: tuple[int, ...],
    game: str,
    target: int,
    seen: Sequence[int] | frozenset[int] = (),
    table: Sequence[Sequence[int] | frozenset[int]] | None = None,
) -> Keeps:
    """The cards the drawing policy keeps from a sorted hand, each with its chance
    (docs/rules.md, "The drawing policy", Ties): of the equally good keeps, those whose
    view (kept, thrown, the cards ``seen`` out of play) has the least canonical form,
    equally likely. With ``table``
    (the other hands and what each has seen, in drawing order, then the stub), keeps
    leaving the same whole table up to a relabelling have the same odds: merged into one,
    their chances summed (an exact run enumerates each such group once)."""
    candidates = set()
    for suits in SUIT_RELABELLINGS:
        back = [suits.index(suit) for suit in range(4)]
        candidates.add(relabel(_keep_by_ids(relabel(cards, suits), game, target), back))
    outside = sorted(set(seen) - set(cards))

    def view(kept: tuple[int, ...]) -> list[int]:
        return _canonical([kept, sorted(set(cards) - set(kept)), outside])

    least = min(map(view, candidates))
    tied = sorted(kept for kept in candidates if view(kept) == least)
    chance = Fraction(1, len(tied))
    if table is None:
        return [(kept, chance) for kept in tied]
    groups: dict[tuple[int, ...], Fraction] = {}
    forms: dict[tuple[int, ...], tuple[int, ...]] = {}
    for kept in tied:
        form = tuple(_canonical([kept, sorted(set(cards) - set(kept)), outside, *table]))
        first = forms.setdefault(form, kept)
        groups[first] = groups.get(first, Fraction(0)) + chance
    return list(groups.items())


def table_of(
    hands: Sequence[tuple[int, ...]],
    seen: Sequence[frozenset[int]],
    p: int,
    stub: frozenset[int],
) -> list[list[int]]:
    """What ``policy_keeps`` reads of the table around player p: each other hand and the
    cards its player has seen out of play (not in his hand), in drawing order, then the stub."""
    sets: list[list[int]] = []
    for q, hand in enumerate(hands):
        if q != p:
            sets += [sorted(hand), sorted(seen[q] - set(hand))]
    return [*sets, sorted(stub)]


@cache
def _keep_by_ids(cards: tuple[int, ...], game: str, target: int) -> tuple[int, ...]:
    """The policy's steps with every tie going to the lowest card id."""
    high = aces_high(game)
    broken: list[int] = []
    if game in LOWBALL:
        keep: list[int] = []
    else:
        # the best playing sets; among equals the one that comes first by sorted card ids
        keep = list(min(tuple(sorted(s)) for s in ref.best_playing_sets(cards, high)))
        if len(keep) == 4 and target and badugi_rank(cards, high) > target:
            broken = [max(keep, key=lambda card: value(card, high))]
            keep.remove(broken[0])
    if len(cards) == 5:
        others = sorted((c for c in cards if c not in keep), key=lambda c: (value(c, high), c))
        for card in others:
            new_rank = ref.rank_of(card) not in map(ref.rank_of, keep)
            if value(card, high) <= LOW_KEEP and new_rank and card not in broken:
                keep.append(card)
    if game in LOWBALL and len(keep) == 5:
        values = [value(card, high) for card in keep]
        straight = max(values) - min(values) == 4
        flush = len({ref.suit_of(card) for card in keep}) == 1
        no_good = game == "deuce-seven-triple-draw" and (straight or flush)
        short_of_target = target and first_rank(tuple(sorted(keep)), game) > target
        if no_good or short_of_target:  # a straight or flush in 2-7, or worse than the target
            keep.remove(max(keep, key=lambda card: value(card, high)))
    return tuple(sorted(keep))


def _deals(
    hand: tuple[int, ...], keep: tuple[int, ...], unseen: frozenset[int]
) -> list[tuple[tuple[int, ...], frozenset[int]]]:
    """Every equally likely (new hand, unseen after) when drawing to ``keep``."""
    k = len(hand) - len(keep)
    return [
        (tuple(sorted(keep + new)), unseen - frozenset(new))
        for new in itertools.combinations(sorted(unseen), k)
    ]


def final_distribution(
    cards: Sequence[int],
    *,
    draws: int,
    game: str = "badugi",
    discard: Sequence[int] | None = None,
    dead: Sequence[int] = (),
    target: int = 0,
    half: int = 0,
) -> dict[int, Fraction]:
    """Final rank of the first half (``half=1``: a split game's low) -> exact probability,
    for one player, who sees the dead cards and his own discards."""
    hand = tuple(sorted(cards))
    unseen = frozenset(range(52)) - set(hand) - set(dead)
    result: dict[int, Fraction] = defaultdict(Fraction)

    def walk(
        hand: tuple[int, ...], unseen: frozenset[int], seen: frozenset[int], left: int, p: Fraction
    ) -> None:
        if left == 0:
            rank = first_rank(hand, game) if half == 0 else _low_scale(game)[low_key(hand, game)]
            result[rank] += p
            return
        if left == draws and discard is not None:
            keeps = [(tuple(c for c in hand if c not in discard), Fraction(1))]
        else:
            keeps = policy_keeps(hand, game, target, seen)
        for keep, chance in keeps:
            deals = _deals(hand, keep, unseen)
            thrown = seen | (set(hand) - set(keep))
            for new_hand, rest in deals:
                walk(new_hand, rest, thrown, left - 1, p * chance / len(deals))

    walk(hand, unseen, frozenset(dead), draws, Fraction(1))
    return dict(result)


def _shares(hands: Sequence[tuple[int, ...]], game: str) -> list[Fraction]:
    """Each hand's share of one pot at showdown (docs/rules.md, "Settling a pot")."""
    high = aces_high(game)
    judges = []
    if game not in LOWBALL:
        judges.append(lambda h: badugi_rank(h, high))
    if game != "badugi":
        judges.append(lambda h: low_key(h, game))
    shares = [Fraction(0)] * len(hands)
    for judge in judges:
        keys = [judge(h) for h in hands]
        best = min(keys)
        winners = [i for i, key in enumerate(keys) if key == best]
        for i in winners:
            shares[i] += POT / len(judges) / len(winners)
    return shares


def heads_up_one_draw(
    hands: Sequence[Sequence[int]],
    *,
    game: str,
    discards: Sequence[Sequence[int] | None],
    dead: Sequence[int] = (),
    target: int = 0,
) -> tuple[list[Fraction], list[Fraction], list[Fraction]]:
    """(equity, win, tie) of two hands after one draw, player 0 drawing first; each sees
    his hand and the dead cards."""
    a, b = (tuple(sorted(h)) for h in hands)
    unseen = frozenset(range(52)) - set(a) - set(b) - set(dead)
    keeps = [
        policy_keeps(h, game, target, dead)
        if d is None
        else [(tuple(c for c in h if c not in d), Fraction(1))]
        for h, d in zip((a, b), discards, strict=True)
    ]
    equity, win, tie = ([Fraction(0)] * 2 for _ in range(3))
    for keep_a, chance_a in keeps[0]:
        first = _deals(a, keep_a, unseen)
        for keep_b, chance_b in keeps[1]:
            for final_a, rest in first:
                second = _deals(b, keep_b, rest)
                p = chance_a * chance_b / (len(first) * len(second))
                for final_b, _ in second:
                    for i, share in enumerate(_shares((final_a, final_b), game)):
                        equity[i] += p * share
                        win[i] += p * (share == POT)
                        tie[i] += p * (0 < share < POT)
    return equity, win, tie
