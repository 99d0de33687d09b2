"""The ways a player could have drawn: stand pat, and for each count of cards the discard
the drawing policy ranks best (docs/rules.md, "Reviewing a hand").

The policy's own discard is one of them (its tie-break seeing the player's hand and his
earlier discards). To throw fewer cards, the thrown cards of lowest value are kept back
first; to throw more, the kept cards of highest value go first (values on the scale of the
game's first half, aces high in Badeucey and deuce-to-seven; equal values by card id).
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.cards import Card
from badugi_fast.evaluation.hands import AceHighHand, DeuceSevenHand
from badugi_fast.games import GameRule
from badugi_fast.odds.policy import builtin_discards


def card_value(card: Card, rule: GameRule) -> tuple[int, int]:
    """A card's value on the scale of the game's first half, then its id (ties)."""
    rank = int(card) // 4 + 1
    high = rule.halves[0].hand in (AceHighHand, DeuceSevenHand)
    return (14 if high and rank == 1 else rank), int(card)


def draw_options(
    rule: GameRule, hand: Sequence[Card], seen: Sequence[Card]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """For each count of cards 0 (stand pat) to the whole hand, the discard of that many
    cards the policy ranks best, ``seen`` being the cards the player has seen out of play;
    and the policy's own discard."""
    ids = [int(card) for card in hand]
    policy = builtin_discards(rule, ids, 0, [int(card) for card in seen])
    kept = [card for card in hand if card not in policy]
    back_first = sorted(policy, key=lambda card: card_value(card, rule))
    away_first = sorted(kept, key=lambda card: card_value(card, rule), reverse=True)
    options = []
    for count in range(len(hand) + 1):
        if count <= len(policy):
            chosen = set(back_first[len(policy) - count :])
        else:
            chosen = set(policy) | set(away_first[: count - len(policy)])
        options.append(tuple(card for card in hand if card in chosen))
    return tuple(options), options[len(policy)]
