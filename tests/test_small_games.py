"""Small games (docs/rules.md, "Small games"): a full game's rules with fewer ranks, suits,
cards, draws or raises, from the one table of games (games.variant), played by the engine,
the odds, the ranges and the OpenSpiel game; every card outside the deck refused by name."""

from __future__ import annotations

from itertools import combinations

import pytest

from badugi_fast import HandState, Range, draw_odds, equity, settle, simulate, variant
from badugi_fast._binding.evaluate import decode
from badugi_fast.errors import IllegalAction, InvalidCards, InvalidOption
from badugi_fast.evaluation import FewCardAceHighHand, FewCardHand, Hand
from badugi_fast.games import SMALL_GAMES, game_rule
from badugi_fast.phh import from_state


def best_playing_ranks(cards: tuple[int, ...], ace: int) -> tuple[int, ...]:
    """The reference: the largest set of cards of different ranks and suits, then the
    lowest, compared from its highest rank down; its ranks high to low."""
    best: tuple[int, ...] = ()
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            ranks = [ace if card // 4 == 0 else card // 4 + 1 for card in subset]
            if len(set(ranks)) == size and len({card % 4 for card in subset}) == size:
                key = tuple(sorted(ranks, reverse=True))
                best = key if not best or key < best else best
        if best:
            return best
    raise AssertionError("a hand always plays a card")


@pytest.mark.parametrize(("hand", "ace"), [(FewCardHand, 1), (FewCardAceHighHand, 14)])
def test_a_hand_of_one_to_three_cards_plays_its_best_set(hand: type[Hand], ace: int) -> None:
    """Every hand of one, two and three cards against the reference: its rank decodes to
    the ranks of its best playing set (the ranks are dense, one a set)."""
    hands = [combo for size in (1, 2, 3) for combo in combinations(range(52), size)]
    for cards in hands:
        rank = hand(list(cards)).rank
        assert decode(rank, ace == 14) == best_playing_ranks(cards, ace), cards
    assert str(FewCardHand("3s 2h")) == "3-2 (two-card three)"
    assert FewCardHand("As Ah").rank == FewCardHand("As").rank  # the pair plays one card


def test_the_named_sizes_and_a_variant_read_back_by_name() -> None:
    kuhn = SMALL_GAMES["kuhn-badugi"]
    assert kuhn.sizes == {"ranks": 3, "suits": 1, "hand_size": 1, "draws": 1, "max_raises": 0}
    assert [str(card) for card in kuhn.deck] == ["As", "2s", "3s"]
    assert game_rule("kuhn-badugi") is kuhn
    made = variant("badugi", ranks=3, suits=2, hand_size=2, draws=1)
    assert made.name == "badugi(ranks=3,suits=2,hand_size=2,draws=1)"
    assert game_rule(made.name) == made
    assert [str(card) for card in variant("deuce-seven-single-draw", ranks=4).deck][:3] == [
        "2s",
        "2h",
        "2d",
    ]  # the lowest ranks of deuce-to-seven are 2 3 4


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand_size": 4, "ranks": 2, "suits": 4}, "too small"),
        ({"hand_size": 0}, "hand_size"),
        ({"suits": 5}, "suits"),
        ({"draws": 4}, "draws"),
    ],
)
def test_a_variant_out_of_range_is_refused_by_name(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        variant("badugi", **kwargs)


def test_a_low_reads_five_cards() -> None:
    with pytest.raises(InvalidOption, match="a low reads five"):
        variant("badeucey", hand_size=4)


def test_a_card_outside_the_deck_is_refused_wherever_cards_are_given() -> None:
    game = "two-card-badugi"
    with pytest.raises(InvalidCards, match="4s is not a card of the two-card-badugi deck"):
        HandState(game=game, stacks=[20, 20], deck="As Ah 2s 2h 3s 4s")
    with pytest.raises(InvalidCards, match="Ad is not a card"):
        settle([{"cards": "As 2h", "contributed": 2}, {"cards": "Ad 3s", "contributed": 2}],
               game=game)  # fmt: skip
    with pytest.raises(InvalidCards, match="Kc is not a card"):
        equity(["As 2h", "Kc 3s"], game=game)
    with pytest.raises(InvalidCards, match="Kc is not a card"):
        Range.from_hands(["Kc As"], game=game)
    manual = HandState(game=game, stacks=[20, 20], dealer="manual")
    with pytest.raises(IllegalAction, match="cannot deal 2c: not a card of the two-card"):
        manual.deal(manual.pending_deal[0], "2c")  # type: ignore[index]
    with pytest.raises(InvalidOption, match="2 players at most"):
        HandState(game=game, stacks=[20, 20, 20])
    state = HandState(game=game, stacks=[20, 20], seed=1)
    with pytest.raises(InvalidOption, match="PHH has no variant for a small game"):
        from_state(state)


def test_a_hand_deals_only_the_deck_and_caps_heads_up() -> None:
    """leduc-badugi: six cards; round 1's one raise, even heads-up, and then only a call."""
    state = HandState(game="leduc-badugi", stacks=[50, 50], seed=5)
    dealt = {card for seat in range(2) for card in state.hole_cards(seat)}
    assert dealt <= set(game_rule("leduc-badugi").deck) and len(dealt) == 2
    legal = state.legal_actions()
    assert legal is not None and legal.min_raise_to == 4
    state.raise_to(4)  # the button raises the big blind: the round's one raise
    legal = state.legal_actions()
    assert legal is not None and legal.min_raise_to is None and legal.call_amount == 2
    state.check_or_call()
    assert state.phase == "draw"


def test_draw_odds_in_a_small_deck_are_counted_over_it() -> None:
    """As Ah in two-card-badugi plays the ace, throws the other and draws one of the four
    cards left (2s 2h 3s 3h): a two-card hand with the card of the other suit, else the ace
    alone."""
    odds = draw_odds("As Ah", game="two-card-badugi", draws=1)
    assert odds.exact
    expected = {FewCardHand("2h As").rank: 0.25, FewCardHand("3h As").rank: 0.25}
    expected[FewCardHand("As").rank] = 0.5
    assert dict(odds.distribution) == pytest.approx(expected)
    assert equity(["As", "2s"], game="kuhn-badugi").equity == (1.0, 0.0)


def test_a_range_holds_the_deck_s_hands_only() -> None:
    everything = Range.from_predicate(lambda hand: True, game="two-card-badugi")
    assert len(everything) == 15  # C(6, 2)
    assert {card for hand in everything for card in hand} == set(game_rule("two-card-badugi").deck)


@pytest.mark.parametrize("bot", ["hand-strength", "equity"])
def test_the_bots_that_read_equity_tables_refuse_a_small_game(bot: str) -> None:
    """Their tables are the whole deck's: a small game is refused, not misjudged."""
    with pytest.raises(InvalidOption, match="play the full games only"):
        simulate(10, [bot, "random"], game="kuhn-badugi", seed=1, threads=1)
    assert simulate(10, ["random", "calling-station"], game="kuhn-badugi", seed=1).hands == 10
