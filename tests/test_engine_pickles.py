"""Pickled hands (docs/guide/engine.md, "Pickles"): a round trip plays on exactly as the
original, and hostile bytes (truncated, flipped, forged field by field, histories edited
step by step) are refused with InvalidState or give a hand the rules reach: the one its
options, start and players' steps make through the public API, with the pickle's history,
that plays by the rules to its end (no crash, no hang, no chip created or lost, no card in
two places). CI also runs this against the ASan/UBSan build. ``BADUGI_SOAK=full`` mutates
200,000 pickles instead of 10,000."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from engine_invariants import random_options, snapshot
from pickle_mutations import Bytes
from soak import size

from badugi_fast.cards import DECK, Card
from badugi_fast.engine import Action, HandState
from badugi_fast.engine.rules import BettingRules
from badugi_fast.engine.state import PICKLE_FORMAT
from badugi_fast.errors import BadugiError, InvalidState
from badugi_fast.games import game_rule
from badugi_fast.phh import from_state

MUTATIONS = size(10_000, 200_000)
MAX_STEPS = 400
"""More player steps than any hand takes: a hand still going after them hangs."""


def random_step(state: HandState, rng: random.Random) -> None:
    """One random legal step by the seat the hand waits on, or with a manual dealer owing
    cards, the next seat's cards from those no seat holds."""
    seat = state.decider
    if seat is None:
        pending = state.pending_deal
        assert pending is not None
        held = set(state.cards_in_play()["hands"])
        deck = game_rule(state.game).deck
        state.deal(pending[0], rng.sample([card for card in deck if card not in held], pending[1]))
    elif state.phase == "draw":
        state.draw([card for card in state.hole_cards(seat) if rng.random() < 0.4])
    elif state.phase == "showdown":
        (state.muck if state.can_muck() and rng.random() < 0.5 else state.show)()
    else:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_fold and rng.random() < 0.15:
            state.fold()
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            state.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to or 0))
        else:
            state.check_or_call()


def waiting(state: HandState) -> bool:
    """Whether the hand waits on a player or on a manual dealer's cards."""
    return state.decider is not None or state.pending_deal is not None


def chips(state: HandState) -> int:
    """Every chip of the hand: behind, in the middle, or (after it) carried over."""
    return sum(state.stacks) + state.pot


def cards(state: HandState) -> list[Card]:
    """Every card of the hand, wherever it is, checked to be in one place only. A forged
    hand may hold fewer than 52 (as a hand dealt from a short ``deck`` does)."""
    held = [card for group in state.cards_in_play().values() for card in group]
    assert len(set(held)) == len(held), "a card is in two places"
    return sorted(held)


def play_out(state: HandState, rng: random.Random) -> None:
    """Play to the end, checking the chips and cards stay whole."""
    total = chips(state)
    deck = cards(state)
    for _ in range(MAX_STEPS):
        if not waiting(state):
            break
        random_step(state, rng)
        assert chips(state) == total, "a chip was created or lost"
    assert not waiting(state), "the hand did not end"
    assert cards(state) == deck, "a card was lost or made"
    if state.is_over:
        assert state.result is not None


def states(count: int, seed: int) -> list[HandState]:
    """Hands of every game, structure and table size, stopped at random points of every
    phase: mostly the auto dealer, some dealt from a given deck, some by a manual dealer."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        options = random_options(rng)
        dealer = rng.random()
        if dealer < 0.15:
            options["dealer"] = "manual"
        elif dealer < 0.3:
            deck = game_rule(options["game"]).deck
            options["deck"] = rng.sample(deck, len(deck))
        state = HandState(**options)
        for _ in range(rng.randrange(40)):
            if not waiting(state):
                break
            random_step(state, rng)
        found.append(state)
    return found


def test_a_round_trip_plays_on_as_the_original() -> None:
    rng = random.Random(1)
    for state in states(150, 2):
        for restored in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert snapshot(restored) == snapshot(state)
            seed = rng.getrandbits(32)
            original = state.copy()
            play_out(original, random.Random(seed))
            play_out(restored, random.Random(seed))
            assert snapshot(restored) == snapshot(original)


def test_the_pickled_form_is_plain_values_under_a_version() -> None:
    for state in states(20, 3):
        version, options, start, history = state.__getstate__()
        assert version == PICKLE_FORMAT
        stacks, seed, deck, dead_money, missed = start
        assert len(stacks) == state.n_seats and seed == state.seed
        assert deck is None or sorted(deck) == list(map(int, game_rule(state.game).deck))
        assert dead_money <= state.dead_money
        assert {seat: posts for seat, posts in missed.items() if any(posts)} == state.missed_blinds
        assert history == [(k, s, a, bytes(c)) for k, s, a, c in state.history]
        plain = (int, str, bytes, bool, tuple, type(None), list, dict)
        assert all(isinstance(value, plain) for value in (*options, *start, *history))


@pytest.mark.parametrize(
    "state",
    [b"\x00" * 4000, (), ("badugi_fast.HandState/0", (), {}, []), None, 7, [1, 2, 3, 4]],
)
def test_what_is_not_this_format_is_refused(state: Any) -> None:
    with pytest.raises(InvalidState):
        HandState.__new__(HandState).__setstate__(state)


STATES = states(40, 4)
"""The hands each forgery is tried on."""


OPTIONS = (
    "game betting n button blinds antes small_bet big_bet max_raises cap_heads_up big_bet_from"
    " dealer badeucey_aces_low odd_unit_to qualifier mucking conventions big_blind_ante runs"
    " free_folds no_small_blind bet_ladder shuffle"
).split()
"""The names of a pickled hand's options, in order (``n``: the table size)."""
CALLED = frozenset(("fold", "check", "call", "bet", "raise", "discard", "deal", "show", "muck"))
"""The steps HandState.apply takes."""


def reached(state: HandState) -> HandState:
    """The hand the public API reaches from a pickled hand's options and start by its
    history's players' steps (each the first of the steps one call makes)."""
    _, options, (stacks, seed, deck, dead_money, missed), history = state.__getstate__()
    kwargs = dict(zip(OPTIONS, options, strict=True))
    del kwargs["n"]
    if type(kwargs["betting"]) is tuple:
        kwargs["betting"] = BettingRules(*kwargs["betting"])
    again = HandState(**kwargs, stacks=stacks, seed=seed, deck=None if deck is None else list(deck),
                      dead_money=dead_money, missed_blinds=missed)  # fmt: skip
    while len(again.history) < len(history):
        # the next step a caller makes (a manual dealer's reshuffle comes with its deal)
        rest = history[len(again.history) :]
        kind, seat, amount, cards = next(step for step in rest if step[0] in CALLED)
        again.apply(Action(kind, seat, amount, tuple(map(DECK.__getitem__, cards))))
    return again


def loads_as_reached(forged: tuple[Any, ...], rng: random.Random) -> bool:
    """Whether a forged pickled state loads (else it is refused with InvalidState, by name);
    one that loads is the hand the public API reaches from its options, start and players'
    steps, with the forged history, and every reader works on it and it plays to its end."""
    state = HandState.__new__(HandState)
    try:
        state.__setstate__(forged)
    except InvalidState as error:
        assert str(error)
        return False
    assert state.__getstate__()[3] == forged[3]
    assert snapshot(reached(state)) == snapshot(state)
    if game_rule(state.game).is_full:  # PHH has no small games
        from_state(state)
    assert state.is_over == (state.result is not None)
    play_out(state, rng)
    return True


def edits(history: list[tuple[Any, ...]], rng: random.Random) -> list[list[tuple[Any, ...]]]:
    """Histories one edit away: a step of another kind, seat, amount or card; one dropped,
    repeated or swapped with the next; a step added at the end."""
    edited = []
    for at, (kind, seat, amount, cards) in enumerate(history):
        for record in (
            (rng.choice([k for k in KINDS if k != kind]), seat, amount, cards),
            (kind, rng.choice([None, 0, 1, (seat or 0) + 1]), amount, cards),
            (kind, seat, (amount or 0) + rng.choice((-1, 1)), cards),
            (kind, seat, amount, bytes(((cards[0] + 1) % 52, *cards[1:])) if cards else b"\0"),
        ):
            edited.append([*history[:at], record, *history[at + 1 :]])
        edited.append(history[:at] + history[at + 1 :])
        edited.append([*history[: at + 1], history[at], *history[at + 1 :]])
        edited.append([*history[:at], *history[at : at + 2][::-1], *history[at + 2 :]])
    edited.append([*history, ("call", 0, 1, b"")])
    return edited


KINDS = ("post-blind", "post-ante", "deal", "burn", "fold", "check", "call", "bet", "raise",
         "discard", "reshuffle", "show", "muck", "win", "post-dead", "run")  # fmt: skip


def test_an_edited_history_is_refused_or_is_the_hand_its_steps_reach() -> None:
    """A history is replayed, not read: a step changed, dropped, repeated or moved gives
    either InvalidState or the hand the rules reach with exactly that history (a raise to
    another amount that is still legal, a history cut where a player was to act). Reading
    histories for their form only loaded steps no hand takes, such as a player's burn, and
    from_state() and ``result`` then failed with KeyError."""
    rng = random.Random(9)
    refused = loaded = 0
    for state in STATES[:12]:
        version, options, start, history = state.__getstate__()
        for edited in edits(history, rng):
            if loads_as_reached((version, options, start, edited), rng):
                loaded += 1
            else:
                refused += 1
    assert refused > 20 * loaded


START_FORGERIES: list[tuple[int, Any]] = [
    (0, ()),
    (0, (200,)),
    (0, (0,) * 8),
    (0, (-5,) * 8),
    (0, (2**62,) * 8),
    (0, [200] * 8),
    (1, -1),
    (1, 2**64),
    (1, None),
    (1, "1"),
    (1, 1.0),
    (2, b"\x00" * 52),
    (2, bytes(range(10))),
    (2, b"\xff" * 52),
    (2, "As Kd"),
    (2, list(range(52))),
    (3, -1),
    (3, 2**62),
    (3, True),
    (4, {99: (2, 0)}),
    (4, {0: "xx"}),
    (4, [(0, (2, 0))]),
]


@pytest.mark.parametrize(("at", "value"), START_FORGERIES)
def test_a_forged_start_is_refused_or_is_the_hand_it_reaches(at: int, value: Any) -> None:
    """The start (stacks, seed, deck, dead money, missed blinds) is checked as the
    constructor checks it; a hand started another way must still replay its history."""
    refused = 0
    for index, state in enumerate(STATES):
        version, options, start, history = state.__getstate__()
        forged = list(start)
        forged[at] = value[: state.n_seats] if at == 0 and len(value) == 8 else value
        if not loads_as_reached((version, options, tuple(forged), history), random.Random(index)):
            refused += 1
    assert refused, f"no hand refused start[{at}]={value!r}"


def test_forged_options_are_checked_as_the_constructor_checks_them() -> None:
    state = states(1, 5)[0]
    version, options, start, history = state.__getstate__()
    for at, value in [(0, "chess"), (2, 10**9), (2, 1), (3, 99), (4, (5, 1)), (1, ("x",)), (15, 2)]:
        forged = list(options)
        forged[at] = value
        with pytest.raises(InvalidState):
            HandState.__new__(HandState).__setstate__((version, tuple(forged), start, history))


def test_a_forged_history_is_refused() -> None:
    state = states(1, 6)[0]
    version, options, start, _ = state.__getstate__()
    for record in [("raise", 99, 4, b""), ("teleport", 0, None, b""), ("deal", 0, None, b"\x40")]:
        with pytest.raises(InvalidState):
            HandState.__new__(HandState).__setstate__((version, options, start, [record]))
    with pytest.raises(InvalidState, match="not a list"):
        HandState.__new__(HandState).__setstate__((version, options, start, ()))


def test_mutated_pickle_bytes_never_break_a_hand() -> None:
    """Length-preserving overwrites of the values in real pickles, and truncations: each is
    refused, or loads as the hand its options, start and players' steps reach."""
    rng = random.Random(7)
    pool = [Bytes(raw) for raw in map(pickle.dumps, states(100, 8))]
    loaded = 0
    for trial in range(MUTATIONS):
        raw = rng.choice(pool).mutated(rng)
        try:
            state = pickle.loads(raw)
        except InvalidState:
            continue
        except Exception:  # pickle's own refusals of broken bytes
            continue
        if not isinstance(state, HandState):
            continue
        loaded += 1
        try:
            assert loads_as_reached(state.__getstate__(), random.Random(trial))
        except BadugiError as error:  # a legal step refused: the hand was not whole
            raise AssertionError(f"mutation {trial}: {error!r}") from error
    assert loaded > MUTATIONS // 100, "almost nothing loaded: the mutations tested nothing"
