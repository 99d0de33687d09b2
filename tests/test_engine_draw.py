"""The draw (docs/rules.md, "How a hand is played"): everyone throws in turn, one burn even
if all stand pat, replacements in order; the reshuffle rule when the stub runs short; and
the manual dealer that replays given cards (any card no player holds)."""

from __future__ import annotations

import pytest
from engine_play import play, stacked_deck

from badugi_fast.cards import DECK, format_cards, parse_cards
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction, InvalidCards

HANDS = {1: "Ks Qs Js Ts", 2: "Kh Qh Jh Th", 0: "Kd Qd Jd Td"}


def places(state: HandState) -> list[int]:
    where = state.cards_in_play()
    return sorted(card for cards in where.values() for card in cards)


def test_burn_even_when_everyone_stands_pat() -> None:
    state = HandState(stacks=[100] * 3, button=0, deck=stacked_deck(3, 0, HANDS, "9c"), seed=1)
    play(state, ["call", "call", "check", "stand pat", "stand pat"])
    assert state.history[-1].kind == "discard" and state.phase == "draw"
    play(state, ["stand pat"])
    assert [(a.kind, a.cards) for a in state.history[-2:]] == [
        ("discard", ()),
        ("burn", parse_cards("9c")),
    ]


def test_everyone_throws_before_anything_is_dealt_then_replacements_in_order() -> None:
    deck = stacked_deck(3, 0, HANDS, "2c 3c 4c 5c 6c 7c")
    state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=2)
    play(state, ["call", "call", "check", "seat 1: draw Ks Qs", "seat 2: draw Kh", "seat 0: pat"])
    steps = [(a.kind, a.seat, a.cards) for a in state.history[-6:]]
    assert steps == [
        ("discard", 1, parse_cards("Ks Qs")),
        ("discard", 2, parse_cards("Kh")),
        ("discard", 0, ()),
        ("burn", None, parse_cards("2c")),
        ("deal", 1, parse_cards("3c 4c")),
        ("deal", 2, parse_cards("5c")),
    ]
    assert state.discard_counts(1) == (2,) and state.discard_counts(0) == (0,)


def test_last_card_is_dealt_when_it_completes_the_round() -> None:
    deck = stacked_deck(3, 0, HANDS, "2c 3c 4c 5c", size=16)
    state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=3)
    play(state, ["fold", "call", "check", "seat 1: draw Ks Qs", "seat 2: draw Kh"])
    assert state.stub_size == 0 and "reshuffle" not in [a.kind for a in state.history]
    assert state.hole_cards(2)[-1] == parse_cards("5c")[0]


def test_stub_running_short_reshuffles_the_muck_never_this_draws_discards() -> None:
    deck = stacked_deck(3, 0, HANDS, "As 2h 3d 4c", size=16)
    state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=4)
    play(state, ["fold", "call", "check", "seat 1: draw Ks Qs Js Ts"])
    play(state, ["seat 2: draw Kh Qh Jh Th"])
    kinds = [a.kind for a in state.history]
    assert kinds.count("reshuffle") == 2
    first = kinds.index("reshuffle")
    # seat 1 got 2h 3d from the stub; its last card 4c was not dealt (it would not complete
    # the round) but shuffled with the muck, seat 0's folded Kd Qd Jd Td
    assert state.history[first].amount == 5
    hand1 = set(state.hole_cards(1))
    assert set(parse_cards("2h 3d")) <= hand1
    assert hand1 - set(parse_cards("2h 3d")) <= set(parse_cards("4c Kd Qd Jd Td"))
    # the muck used up, the last resort: the burn and seat 1's already replaced discards;
    # seat 2 never gets back its own discards
    hand2 = set(state.hole_cards(2))
    assert not hand2 & set(parse_cards("Kh Qh Jh Th"))
    assert hand2 <= set(parse_cards("4c Kd Qd Jd Td As Ks Qs Js Ts"))
    assert places(state) == sorted(deck)


def test_reshuffle_is_reproducible_from_the_seed() -> None:
    deck = stacked_deck(3, 0, HANDS, "As 2h 3d 4c", size=16)
    script = ["fold", "call", "check", "draw Ks Qs Js Ts", "draw Kh Qh Jh Th"]
    hands = []
    for _ in range(2):
        state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=5)
        play(state, script)
        hands.append((state.hole_cards(1), state.hole_cards(2)))
    assert hands[0] == hands[1]


def test_a_deck_too_short_to_complete_a_draw_is_refused() -> None:
    with pytest.raises(InvalidCards, match="3 players of 4 cards need 16 cards, got 15"):
        HandState(stacks=[100] * 3, deck=stacked_deck(3, 0, HANDS, size=15))


def test_manual_dealer_replays_given_cards() -> None:
    state = HandState(stacks=[100] * 3, button=0, dealer="manual")
    assert state.phase == "deal" and state.actor is None and state.pending_deal == (1, 4)
    state.deal(1, "Ks Qs Js Ts")
    with pytest.raises(IllegalAction, match="cannot deal Ks: seat 1 holds it"):
        state.deal(2, "Ks Qh Jh Th")
    state.deal(2, "Kh Qh")
    assert state.pending_deal == (2, 2)
    state.deal(2, "Jh Th")
    state.deal(0, "Kd Qd Jd Td")
    assert state.phase == "betting" and state.actor == 0
    play(state, ["fold", "call", "check", "draw Ks", "draw Kh"])
    assert state.phase == "deal" and state.pending_deal == (1, 1)
    burn = state.history[-1]
    assert (burn.kind, burn.cards) == ("burn", ())  # a manual burn is an unknown card
    with pytest.raises(IllegalAction, match="cannot deal Qh: seat 2 holds it"):
        state.deal(1, "Qh")
    with pytest.raises(IllegalAction, match="repeated card 2c"):
        state.deal(2, "2c 2c")
    with pytest.raises(IllegalAction, match="owed 1 cards, not 2"):
        state.deal(1, "2c 3c")
    play(state, ["deal 1 2c", "deal 2 3c"])
    assert state.phase == "betting" and state.hole_cards(1) == parse_cards("Qs Js Ts 2c")


def manual_hand(hands: dict[int, str], script: list[str]) -> HandState:
    """A manual-dealer hand of 3 seats (button 0): ``hands`` dealt, then ``script`` played."""
    state = HandState(stacks=[100] * 3, button=0, dealer="manual")
    for seat in (1, 2, 0):
        state.deal(seat, hands[seat])
    play(state, script)
    return state


def test_manual_dealer_deals_this_draws_discards_after_a_reshuffle() -> None:
    state = manual_hand(HANDS, ["fold", "call", "check", "draw Ks", "draw Kh"])
    assert state.stub_size == 39  # 52 - 12 dealt - 1 unknown burn
    state.deal(1, "Kh")  # seat 2 threw it this draw: the dealer reshuffled first
    reshuffle, deal = state.history[-2:]
    # every card no player holds: 52 - 6 held (the burn is back in play)
    assert (reshuffle.kind, reshuffle.amount) == ("reshuffle", 46)
    assert (deal.kind, deal.seat, deal.cards) == ("deal", 1, parse_cards("Kh"))
    assert state.cards_in_play()["muck"] == () and state.cards_in_play()["discards"] == ()
    state.deal(2, "Ks")  # seat 1's discard, in the new stub: no second reshuffle
    assert [a.kind for a in state.history].count("reshuffle") == 1
    assert state.phase == "betting" and state.stub_size == 44
    assert places(state) == sorted(DECK)


def test_manual_dealer_deals_the_muck_before_the_stub_runs_out() -> None:
    state = manual_hand(HANDS, ["fold", "call", "check", "draw Ks", "draw Kh"])
    state.deal(1, "Kd")  # seat 0 folded it
    assert state.history[-2].kind == "reshuffle" and state.hole_cards(1)[-1] == parse_cards("Kd")[0]
    with pytest.raises(IllegalAction, match="cannot deal Kd: seat 1 holds it"):
        state.deal(2, "Kd")
    assert places(state) == sorted(DECK)


def test_manual_dealer_deals_a_burned_stub_card_after_a_reshuffle() -> None:
    """Eight five-card hands leave a stub of 12; after the burn only 11 are dealable, so the
    stub's 12th card means the dealer reshuffled (the burn is an unknown card)."""
    state = HandState("badeucey", stacks=[100] * 8, button=7, dealer="manual")
    cards = iter(DECK)
    for seat in range(8):
        state.deal(seat, [next(cards) for _ in range(5)])
    play(state, ["call"] * 7 + ["check"])
    play(state, [f"draw {format_cards(state.hole_cards(seat))}" for seat in range(8)])
    assert state.stub_size == 11 and "reshuffle" not in [a.kind for a in state.history]
    state.deal(0, DECK[40:45])
    state.deal(1, DECK[45:50])
    assert state.stub_size == 1 and "reshuffle" not in [a.kind for a in state.history]
    state.deal(2, [DECK[50], DECK[51], *state.cards_in_play()["discards"][:3]])
    assert [a.kind for a in state.history].count("reshuffle") == 1
    assert state.stub_size == 52 - 15 and places(state) == sorted(DECK)


def test_manual_burn_from_an_empty_stub_follows_a_reshuffle() -> None:
    state = HandState("badeucey", stacks=[100] * 8, button=7, dealer="manual")
    for seat in range(8):
        state.deal(seat, DECK[5 * seat : 5 * seat + 5])
    play(state, ["call"] * 7 + ["check"])
    throws = [format_cards(state.hole_cards(seat)[: (5, 5, 1)[seat]]) for seat in range(3)]
    play(state, [f"draw {cards}" for cards in throws] + ["stand pat"] * 5)
    play(state, ["deal 0 " + format_cards(DECK[40:45]), "deal 1 " + format_cards(DECK[45:50])])
    state.deal(2, [DECK[50]])  # the stub's last dealable card: 11 = 12 less the burn
    assert state.stub_size == 0 and "reshuffle" not in [a.kind for a in state.history]
    play(state, ["check"] * 8 + ["stand pat"] * 8)
    reshuffle, burn = state.history[-2:]
    # the 12 cards no player holds: the stub's last card (the burn was unknown) and the muck
    assert (reshuffle.kind, reshuffle.amount, burn.kind) == ("reshuffle", 12, "burn")
    assert state.stub_size == 11 and places(state) == sorted(DECK)


@pytest.mark.parametrize("game", ["badugi", "badacey"])
@pytest.mark.parametrize("seats", range(2, 9))
def test_the_shortest_deck_completes_every_draw_when_everyone_throws_everything(
    game: str, seats: int
) -> None:
    # a deck of one hand more than the table holds, and every seat throwing its whole hand
    # three times: the reshuffle rule (down to its last resort) must always complete a draw
    size = 4 if game == "badugi" else 5
    deck = DECK[: size * (seats + 1)]
    state = HandState(game=game, stacks=[100] * seats, deck=deck, seed=seats)
    while not state.is_over:
        if state.phase == "draw":
            state.draw(list(state.hole_cards(state.actor)))  # type: ignore[arg-type]
        else:
            state.check_or_call()
        places = state.cards_in_play()
        cards = [card for where in places.values() for card in where]
        assert sorted(cards) == sorted(deck)  # every card once, none from outside the deck
    assert all(len(state.hole_cards(seat)) == size for seat in range(seats))
    assert [a.kind for a in state.history].count("reshuffle") >= 3
