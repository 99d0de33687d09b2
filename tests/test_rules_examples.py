"""Every worked example of docs/rules.md, through the value objects and the raw evaluators.

Names follow docs/rules.md ("Badugi hand values") and, for the five-card lows,
the card-room words agreed for the API ("seven-five", "wheel", "pair of threes",
"ace high", "flush", ...). Every example is also checked in every input order:
the order cards are given in never changes a result. Where a test states which of
two hands wins, the brute-force reference is asked too, so a wrong example here
cannot pass silently.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
import reference as ref

import badugi_fast as bf

AnyHand = bf.Hand | bf.AceHighHand | bf.AceFiveHand | bf.DeuceSevenHand


def card_set(text: str) -> set[str]:
    return set(text.split())


def as_text(cards: tuple[bf.Card, ...]) -> set[str]:
    return {str(card) for card in cards}


def assert_order_independent(kind: Callable[[str], AnyHand], text: str) -> None:
    """Every permutation of the cards gives the same value, name and str().

    The playing cards must be a best playing set in every order; when several sets
    are equally good, which one is shown may follow the input order.
    """
    first = kind(text)
    for order in itertools.permutations(text.split()):
        other = kind(" ".join(order))
        assert other == first and other.rank == first.rank, order
        assert other.name == first.name and str(other) == str(first), order
        assert len(other.playing) == len(first.playing), order
        assert_playing_is_best(other, order)
        assert as_text(other.dead) == card_set(" ".join(order)) - as_text(other.playing), order


def assert_playing_is_best(hand: AnyHand, order: tuple[str, ...]) -> None:
    playing = sorted(int(card) for card in hand.playing)
    cards = tuple(int(card) for card in hand.cards)
    if isinstance(hand, bf.Hand | bf.AceHighHand):
        best = ref.best_playing_sets(cards, aces_high=isinstance(hand, bf.AceHighHand))
        assert playing in [sorted(s) for s in best], order
    else:  # a five-card low: every card plays
        assert playing == sorted(cards), order


def assert_beats(kind: Callable[[str], AnyHand], winner: str, loser: str) -> None:
    """``winner`` is the stronger hand, as value objects and in max()."""
    win, lose = kind(winner), kind(loser)
    assert win > lose and lose < win and win >= lose and lose <= win and win != lose
    assert max(lose, win) is win and max(win, lose) is win
    assert win.rank < lose.rank


# --------------------------------------------------------------------------- Badugi examples
@pytest.mark.parametrize(
    ("text", "size", "shown", "name", "playing"),
    [
        # "Ks 7h 3d 2c: four suits, four ranks: a four-card badugi, K-7-3-2, a King Badugi."
        ("Ks 7h 3d 2c", 4, "K-7-3-2", "king badugi", "Ks 7h 3d 2c"),
        ("9s 8h 4d 3c", 4, "9-8-4-3", "nine badugi", "9s 8h 4d 3c"),
        ("8s 7h 3d 2c", 4, "8-7-3-2", "eight badugi", "8s 7h 3d 2c"),
        ("6s 5h 4d Ac", 4, "6-5-4-A", "six badugi", "6s 5h 4d Ac"),
        ("6s 4h 3d 2c", 4, "6-4-3-2", "six badugi", "6s 4h 3d 2c"),
        ("As 2h 3d 4c", 4, "4-3-2-A", "perfect badugi", "As 2h 3d 4c"),
        ("Ks Qh Jd Tc", 4, "K-Q-J-T", "king badugi", "Ks Qh Jd Tc"),
        # "6h 4d 3s Ah: two hearts; the 6h is dead; plays 4-3-A ("three-card four")."
        ("6h 4d 3s Ah", 3, "4-3-A", "three-card four", "4d 3s Ah"),
        # "7h 5d 4d 3s (the 5d is dead, 7-4-3)"
        ("7h 5d 4d 3s", 3, "7-4-3", "three-card seven", "7h 4d 3s"),
        # "Ac Ad 2c 3d: best set is 2-A (Ad 2c), not 3-A"
        ("Ac Ad 2c 3d", 2, "2-A", "two-card deuce", "Ad 2c"),
        # "Qd Jd 8d 4d: all one suit; plays the 4d alone, a one-card four."
        ("Qd Jd 8d 4d", 1, "4", "one-card four", "4d"),
    ],
)
def test_badugi_example(text: str, size: int, shown: str, name: str, playing: str) -> None:
    # The reference agrees that this is the one best playing set.
    best_sets = ref.best_playing_sets(ref.cards_of(text))
    assert [sorted(s) for s in best_sets] == [sorted(ref.cards_of(playing))]
    hand = bf.Hand(text)
    assert hand.size == size
    assert hand.name == name
    assert str(hand) == f"{shown} ({name})"
    assert as_text(hand.playing) == card_set(playing)
    assert as_text(hand.dead) == card_set(text) - card_set(playing)
    assert as_text(hand.cards) == card_set(text)
    assert hand.rank == bf.evaluate(text)
    assert_order_independent(bf.Hand, text)


@pytest.mark.parametrize(
    ("text", "size", "shown", "name"),
    [
        # "As Ac 3h 4d: the aces pair; one is dead; plays 4-3-A (three cards)."
        ("As Ac 3h 4d", 3, "4-3-A", "three-card four"),
        # "2d 2c Ad As: two pairs; the best set is 2-A from two different suits."
        ("2d 2c Ad As", 2, "2-A", "two-card deuce"),
        # "Ah As Ad Ac: a one-card ace."
        ("Ah As Ad Ac", 1, "A", "one-card ace"),
    ],
)
def test_badugi_example_with_a_choice_of_equal_sets(
    text: str, size: int, shown: str, name: str
) -> None:
    """Several equally good sets exist: any may be shown, but it must be one of the best."""
    hand = bf.Hand(text)
    assert hand.size == size
    assert hand.name == name
    assert str(hand) == f"{shown} ({name})"
    assert_playing_is_best(hand, tuple(text.split()))
    assert as_text(hand.dead) == card_set(text) - as_text(hand.playing)
    assert hand.rank == bf.evaluate(text)
    assert_order_independent(bf.Hand, text)


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("8s 7h 3d 2c", "9s 8h 4d 3c"),  # 8 high against 9 high
        ("6s 4h 3d 2c", "6s 5h 4d Ac"),  # both 6 high; 4 against 5 decides
        ("6h 4d 3s Ah", "7h 5d 4d 3s"),  # three-card four beats three-card seven
        ("Ks Qh Jd Tc", "6h 4d 3s Ah"),  # ...and loses to every badugi, even the worst
        ("Ks Qh Jd Tc", "As 2h 3d 3c"),  # the worst badugi against the best three-card hand
        ("Ks Qh Jd Jh", "2s As Ah 2h"),  # the worst three-card hand against the best two-card
        ("Ks Qh Qs Kh", "Ah As Ad Ac"),  # the worst two-card hand against the best one-card
        ("As Ac 3h 4d", "Ac Ad 2c 3d"),  # three cards (4-3-A) beat two (2-A)
        ("Ac Ad 2c 3d", "Qd Jd 8d 4d"),  # two cards beat one
        ("Qd Jd 8d 4d", "Kd Ks Kh Kc"),  # one-card four beats one-card king
    ],
)
def test_badugi_example_ordering(winner: str, loser: str) -> None:
    assert ref.badugi_key(ref.cards_of(winner)) < ref.badugi_key(ref.cards_of(loser))
    assert_beats(bf.Hand, winner, loser)
    assert compared(winner, loser) in (1, None) and compared(loser, winner) in (-1, None)
    assert bf.evaluate(winner) < bf.evaluate(loser)


def compared(a: str, b: str) -> int | None:
    """``compare(a, b)``, or None when the hands share a card, which compare() (two hands
    of one deal) refuses, naming it: Hand and evaluate order any two hands."""
    if set(bf.parse_cards(a)).isdisjoint(bf.parse_cards(b)):
        return bf.compare(a, b)
    with pytest.raises(bf.InvalidCards, match="is in the first hand and in the second hand"):
        bf.compare(a, b)
    return None


def test_badugi_best_hands_in_order_and_worst_badugi() -> None:
    # "Best hand A-2-3-4 rainbow (the perfect badugi), then A-2-3-5, A-2-4-5, A-3-4-5,
    # 2-3-4-5, A-2-3-6, ...; the worst badugi is K-Q-J-T rainbow" (715 four-card values).
    best_first = ["As 2h 3d 4c", "As 2h 3d 5c", "As 2h 4d 5c", "As 3h 4d 5c", "2s 3h 4d 5c"]
    best_first.append("As 2h 3d 6c")
    assert [bf.evaluate(text) for text in best_first] == [1, 2, 3, 4, 5, 6]
    hands = [bf.Hand(text) for text in best_first]
    assert sorted(hands, reverse=True) == hands
    assert max(hands) is hands[0]
    assert bf.evaluate("Ks Qh Jd Tc") == 715
    assert bf.Hand("Ks Qh Jd Tc").name == "king badugi"


def test_badugi_ties_ignore_suits_and_dead_cards() -> None:
    # "Equal ranks all the way down tie (suits never break a tie)."
    for a, b in [
        ("Ks 7h 3d 2c", "Kh 7d 3c 2s"),
        ("6h 4d 3s Ah", "4h 3d As 5h"),  # both 4-3-A, with different dead cards
        ("Ac Ad 2c 3d", "2d 2c Ad As"),  # both 2-A
    ]:
        assert ref.badugi_key(ref.cards_of(a)) == ref.badugi_key(ref.cards_of(b))
        hand_a, hand_b = bf.Hand(a), bf.Hand(b)
        assert hand_a == hand_b and hash(hand_a) == hash(hand_b)
        assert not hand_a < hand_b and not hand_a > hand_b
        assert compared(a, b) in (0, None)
        assert len({hand_a, hand_b}) == 1


# --------------------------------------------------------------------------- five-card games
@pytest.mark.parametrize("seven", ["7s", "7h", "7d", "7c"])
def test_badeucey_nut_hand(seven: str) -> None:
    # "the nut hand for the whole pot is 2-3-4-5 rainbow with any 7"
    text = f"2s 3h 4d 5c {seven}"
    assert bf.AceHighHand(text).rank == 1 == bf.evaluate_badugi_ace_high(text)
    assert bf.DeuceSevenHand(text).rank == 1 == bf.evaluate_deuce_seven(text)
    assert as_text(bf.AceHighHand(text).playing) == card_set("2s 3h 4d 5c")
    assert as_text(bf.AceHighHand(text).dead) == {seven}


def test_badeucey_badugi_half_plays_aces_high() -> None:
    # "Aces are high in both halves ... best 2-3-4-5 rainbow".
    assert bf.AceHighHand("2s 3h 4d 5c").rank == 1 == bf.evaluate_badugi_ace_high("2s 3h 4d 5c")
    ace_high = bf.AceHighHand("As 2h 3d 4c")
    assert ace_high.size == 4
    assert ace_high.name == "ace badugi"
    assert str(ace_high) == "A-4-3-2 (ace badugi)"
    assert_beats(bf.AceHighHand, "Ks Qh Jd Tc", "As 2h 3d 4c")
    # Three cards: Ah and 2h share a suit; aces high, the 2h plays and the ace is dead.
    assert as_text(bf.AceHighHand("Ah 2h 3d 4c").playing) == card_set("2h 3d 4c")
    # Aces low (the house option, and Badacey) the ace plays instead.
    assert as_text(bf.Hand("Ah 2h 3d 4c").playing) == card_set("Ah 3d 4c")
    assert_order_independent(bf.AceHighHand, "As 2h 3d 4c")
    assert_order_independent(bf.AceHighHand, "Ah 2h 3d 4c Kh")


def test_five_card_badugi_half_plays_at_most_four_cards() -> None:
    # "The Badugi half uses the best playing set found among all five cards (never more
    # than four). The two halves are judged independently."
    text = "As 2h 3d 4c Ks"
    badugi = bf.Hand(text)
    assert badugi.rank == 1 == bf.evaluate_badugi5(text)
    assert badugi.size == 4 and badugi.name == "perfect badugi"
    assert as_text(badugi.dead) == {"Ks"}
    low = bf.AceFiveHand(text)
    assert as_text(low.playing) == card_set(text) and not low.dead
    assert low.name == "king-four"
    assert_order_independent(bf.Hand, text)


def test_ace_five_examples() -> None:
    # "Best 5-4-3-2-A"; straights and flushes do not count.
    wheel = bf.AceFiveHand("5s 4h 3d 2c As")
    assert wheel.rank == 1 == bf.evaluate_ace_five("5s 4h 3d 2c As")
    assert wheel.name == "wheel" and str(wheel) == "5-4-3-2-A (wheel)"
    assert bf.AceFiveHand("5s 4s 3s 2s As").rank == 1  # a flush does not count
    seven_five = bf.AceFiveHand("7s 5h 4d 3c 2s")
    assert str(seven_five) == "7-5-4-3-2 (seven-five)"
    assert bf.AceFiveHand("3s 3h 2d 4c As").name == "pair of threes"
    for text in ["5s 4h 3d 2c As", "7s 5h 4d 3c 2s", "3s 3h 2d 4c As"]:
        assert_order_independent(bf.AceFiveHand, text)


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("Ks Qh Jd Tc 9s", "As Ah 2d 3c 4s"),  # worst no pair beats the best one pair
        ("Ks Kh Qd Jc Ts", "As Ah 2d 2c 3s"),  # worst one pair beats the best two pair
        ("Ks Kh Qd Qc Js", "As Ah Ad 2c 3s"),  # worst two pair beats the best trips
        ("Ks Kh Kd Qc Js", "As Ah Ad 2c 2s"),  # worst trips beats the best full house
        ("Ks Kh Kd Qc Qs", "As Ah Ad Ac 2s"),  # worst full house beats the best quads
        ("2s 2h Kd Qc Js", "3s 3h As 2d 4c"),  # paired ranks first ...
        ("3s 3h 6d 4c 2s", "3d 3c 7h 2d As"),  # ... then kickers, high to low
        ("6s 5h 4d 3c 2s", "7s 4h 3d 2c As"),  # a "straight" is just a six low
        ("8s 6s 4s 3s 2s", "8h 6d 5c 3s 2s"),  # a "flush" is just an eight-six
    ],
)
def test_ace_five_ordering(winner: str, loser: str) -> None:
    assert ref.ace_five_key(ref.cards_of(winner)) < ref.ace_five_key(ref.cards_of(loser))
    assert_beats(bf.AceFiveHand, winner, loser)
    assert bf.evaluate_ace_five(winner) < bf.evaluate_ace_five(loser)


def test_deuce_seven_examples() -> None:
    # "Best 7-5-4-3-2 with at least two suits"; A-2-3-4-5 is ace high, not a straight.
    number_one = bf.DeuceSevenHand("7s 5h 4d 3c 2s")
    assert number_one.rank == 1 == bf.evaluate_deuce_seven("7s 5h 4d 3c 2s")
    assert number_one.name in ("number one", "seven-five")
    assert str(number_one) == f"7-5-4-3-2 ({number_one.name})"
    assert bf.DeuceSevenHand("8s 6h 4d 3c 2s").name == "eight-six"
    assert bf.DeuceSevenHand("As 2h 3d 4c 5s").name == "ace high"
    assert str(bf.DeuceSevenHand("As 2h 3d 4c 5s")) == "A-5-4-3-2 (ace high)"
    assert bf.DeuceSevenHand("6s 5h 4d 3c 2s").name == "straight"
    assert bf.DeuceSevenHand("7s 5s 4s 3s 2s").name == "flush"
    assert bf.DeuceSevenHand("As 2s 3s 4s 5s").name == "flush"  # no wheel straight flush
    assert bf.DeuceSevenHand("Ks Kh 7d 5c 2s").name == "pair of kings"
    for text in ["7s 5h 4d 3c 2s", "As 2h 3d 4c 5s", "7s 5s 4s 3s 2s", "Ks Kh 7d 5c 2s"]:
        assert_order_independent(bf.DeuceSevenHand, text)


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("7s 5h 4d 3c 2s", "7s 5s 4s 3s 2s"),  # the same ranks suited are a flush
        ("As 2h 3d 4c 5s", "6s 5h 4d 3c 2s"),  # A-5 is ace high, 6-2 is a straight
        ("As Kh Qd Jc 9s", "2s 2h 3d 4c 5s"),  # worst high card beats the best pair
        ("As Ah Kd Qc Js", "3s 3h 2d 2c 4s"),  # worst pair beats the best two pair
        ("As Ah Kd Kc Qs", "2s 2h 2d 3c 4s"),  # worst two pair beats the best trips
        ("As Ah Ad Kc Qs", "6s 5h 4d 3c 2s"),  # worst trips beats the best straight
        ("As Kh Qd Jc Ts", "7s 5s 4s 3s 2s"),  # worst straight beats the best flush
        ("As Ks Qs Js 9s", "2s 2h 2d 3c 3s"),  # worst flush beats the best full house
        ("As Ah Ad Kc Ks", "2s 2h 2d 2c 3s"),  # worst full house beats the best quads
        ("As Ah Ad Ac Ks", "6s 5s 4s 3s 2s"),  # worst quads beats the best straight flush
        ("6s 5s 4s 3s 2s", "As Ks Qs Js Ts"),  # the royal flush is the worst 2-7 hand
        ("8s 6h 4d 3c 2s", "8s 6h 5d 3c 2s"),  # eight-six-four beats eight-six-five
    ],
)
def test_deuce_seven_ordering(winner: str, loser: str) -> None:
    assert ref.deuce_seven_key(ref.cards_of(winner)) < ref.deuce_seven_key(ref.cards_of(loser))
    assert_beats(bf.DeuceSevenHand, winner, loser)
    assert bf.evaluate_deuce_seven(winner) < bf.evaluate_deuce_seven(loser)


def test_hands_of_different_games_do_not_compare() -> None:
    text = "As 2h 3d 4c 5s"
    with pytest.raises(TypeError):
        _ = bf.Hand(text) < bf.AceHighHand(text)
    with pytest.raises(TypeError):
        _ = bf.AceFiveHand(text) < bf.DeuceSevenHand(text)
    assert bf.Hand(text) != bf.AceHighHand(text)
