"""Random self-play with every invariant checked after every step (docs/rules.md,
"How a hand is played"): chips conserved, no card in two places, exactly the offered
actions accepted (a refused one changes nothing), payouts equal to settle() (a hand run
more than once: settle() of each run's share, on the hands that run showed); with
``mucking``, random shows and mucks, a muck refused exactly when it would leave a pot that
nobody claims."""

from __future__ import annotations

import random
from typing import Any

from badugi_fast import Seat, settle
from badugi_fast.cards import DECK
from badugi_fast.engine import HandState
from badugi_fast.engine.order import blind_seats
from badugi_fast.engine.rules import BETTINGS, CONVENTIONS
from badugi_fast.engine.view import hide
from badugi_fast.errors import IllegalAction
from badugi_fast.games import GAMES, SMALL_GAMES, GameRule, game_rule, variant


def random_game(rng: random.Random) -> GameRule:
    """A full game most of the time, else a small one: named, or a random variant of any
    game (docs/rules.md, "Small games")."""
    if rng.random() < 0.8:
        return GAMES[rng.choice(sorted(GAMES))]
    if rng.random() < 0.3:
        return SMALL_GAMES[rng.choice(sorted(SMALL_GAMES))]
    family = rng.choice(sorted(GAMES))
    size = rng.randint(1, 4) if family == "badugi" else 5
    suits = rng.randint(-(-3 * size // 13), 4)  # a deck of two hands and a draw at least
    ranks = rng.randint(-(-3 * size // suits), 13)
    return variant(family, ranks=ranks, suits=suits, hand_size=size, draws=rng.randint(1, 3))


def random_options(rng: random.Random) -> dict[str, Any]:
    """A random table: any game (a small one now and then), structure, 2-8 seats (as many as
    the deck deals), short and deep stacks, blinds/antes, either betting conventions."""
    rule = random_game(rng)
    n = rng.randint(2, rule.max_players)
    blinds, antes = rng.choice([((1, 2), 0), ((1, 2), 1), ((0, 0), 1), ((2, 4), 0), ((1, 1), 0)])
    game = rule.name
    settle_options: dict[str, Any] = {}
    if rule.badugi_half is not None and rng.random() < 0.3:
        qualifiers = ["9s 8h 7d 6c", 715, "Ks Qh Jd Tc"] if rule.is_full else [715, 1079]
        settle_options["qualifier"] = rng.choice(qualifiers)
    if rule.badugi_half is not None and len(rule.halves) == 2:
        settle_options["odd_unit_to"] = rng.choice(["badugi", "low"])
        settle_options["badeucey_aces_low"] = rng.random() < 0.3
    button = rng.randrange(n)
    return {
        **settle_options,
        "missed_blinds": random_missed_blinds(rng, n, button, blinds),
        "game": game,
        "betting": rng.choice(BETTINGS),
        "stacks": [rng.choice([1, 2, 3, 5, 9, 20, 60, 400]) for _ in range(n)],
        "button": button,
        "blinds": blinds,
        "antes": antes,
        "small_bet": 2 if blinds == (0, 0) else rng.choice([None, 2]),
        "max_raises": rng.choice([3, 4, None, "game"]),
        "cap_heads_up": rng.random() < 0.3,
        "big_bet_from": rng.choice([1, 2]),
        "seed": rng.getrandbits(32),
        "mucking": rng.random() < 0.3,
        "dead_money": rng.choice([0, 0, 0, 0, 1, 7, 300]),  # a pot carried in, now and then
        "conventions": rng.choice(CONVENTIONS),
        "big_blind_ante": bool(antes and blinds[1]) and rng.random() < 0.5,
        "runs": rng.choice([1, 1, 2, 3]),
    }


def random_missed_blinds(
    rng: random.Random, n: int, button: int, blinds: tuple[int, int]
) -> dict[int, tuple[int, int]] | None:
    """Now and then, players back from missing their blinds: a live big blind from seats
    that post no blind, dead chips from any seat."""
    if rng.random() < 0.7:
        return None
    small, big = blind_seats(n, button)
    missed = {}
    for seat in rng.sample(range(n), rng.randint(1, min(n, 3))):
        may_live = blinds[1] and seat != big and not (seat == small and blinds[0])
        live = blinds[1] if may_live and rng.random() < 0.7 else 0
        missed[seat] = (live, rng.choice([0, blinds[0] or 1, 5]))
    return missed


def snapshot(state: HandState) -> tuple[Any, ...]:
    """Everything observable about a state."""
    return (
        state.history,
        state.stacks,
        state.bets,
        state.contributed,
        state.actor,
        state.to_show,
        state.phase,
        state.street,
        state.cards_in_play(),
        state.legal_actions(),
        state.result,
    )


def check_places(state: HandState) -> None:
    """Every card of the game's deck is in exactly one place."""
    cards = [card for group in state.cards_in_play().values() for card in group]
    assert sorted(cards) == list(game_rule(state.game).deck), "a card is missing or in two places"


def refused(state: HandState, method: str, *args: Any) -> None:
    """The action is refused with IllegalAction, and refusing it changes nothing."""
    before = snapshot(state)
    assert not getattr(state, f"can_{method}")(*args)
    try:
        getattr(state, method)(*args)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{method}{args} was accepted but not offered")
    assert snapshot(state) == before


def betting_step(state: HandState, rng: random.Random, probe: bool) -> None:
    """Check what is offered against what is accepted, then take a random offered action."""
    legal = state.legal_actions()
    assert legal is not None and not legal.can_draw
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if probe:
        assert state.can_fold() == legal.can_fold
        assert state.can_check() == legal.can_check
        assert state.can_call() == (legal.call_amount is not None)
        for method, offered in (("fold", legal.can_fold), ("check", legal.can_check)):
            if not offered:
                refused(state, method)
        if legal.call_amount is None:
            refused(state, "call")
        level = max(state.bets)
        for to in {0, level, level + 1, (lo or 1) - 1, (hi or 0) + 1, lo or 0, hi or 0}:
            if lo is not None and hi is not None and lo <= to <= hi:
                assert state.can_raise_to(to)
            else:
                refused(state, "raise_to", to)
    choices = ["check" if legal.can_check else "call"]
    if legal.can_fold:
        choices.append("fold")
    if lo is not None and hi is not None:
        choices.append("raise")
    choice = rng.choice(choices)
    if choice == "raise":
        assert lo is not None and hi is not None
        state.raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
    elif choice == "fold":
        state.fold()
    elif choice == "check":
        state.check()
    else:
        state.call()


def draw_step(state: HandState, rng: random.Random, probe: bool) -> None:
    """Refuse cards not held, then throw a random subset."""
    seat = state.actor
    assert seat is not None
    hand = state.hole_cards(seat)
    legal = state.legal_actions()
    assert legal is not None and legal.max_discards == len(hand)
    if probe:
        outside = next(card for card in DECK if card not in hand)
        refused(state, "draw", (hand[0], outside))
        refused(state, "draw", [hand[0], hand[0]])
        refused(state, "fold")
    state.draw(tuple(rng.sample(hand, rng.randint(0, len(hand)))))


def orphans_a_pot(state: HandState, seat: int) -> bool:
    """Whether ``seat`` folding now would leave no live seat, or chips that two seats or
    more put in with no live seat to claim them: settle() would return more than the
    uncalled bets. A seat that mucked the run being shown is out of its pots."""
    contributed = state.contributed
    mucked: set[int | None] = set()
    for record in state.history:  # the mucks since the run began
        if record.kind == "run":
            mucked.clear()
        elif record.kind == "muck":
            mucked.add(record.seat)
    live = [other for other in state.active_seats if other != seat and other not in mucked]
    if not live:
        return True
    seats = [
        Seat(amount, other not in live, state.hole_cards(other) if other in live else None)
        for other, amount in enumerate(contributed)
    ]
    returned = settle(seats, game=state.game, button=state.button).returned  # type: ignore[arg-type]
    uncalled = [
        max(0, amount - max(contributed[:other] + contributed[other + 1 :]))
        for other, amount in enumerate(contributed)
    ]
    return list(returned) != uncalled


def showdown_step(state: HandState, rng: random.Random, probe: bool) -> None:
    """Only the seat to show may show or muck (muck as settle() allows); then a random one."""
    seat = state.to_show
    assert seat is not None and state.actor is None and state.legal_actions() is None
    assert state.can_muck() != orphans_a_pot(state, seat)
    if probe:
        other = (seat + 1) % state.n_seats
        refused(state, "show", other)
        refused(state, "muck", other)
        refused(state, "fold")
        if not state.can_muck():
            refused(state, "muck")
    if state.can_muck() and rng.random() < 0.5:
        state.muck()
    else:
        state.show()


def step(state: HandState, rng: random.Random, probe: bool) -> None:
    """One random step of whoever is to act."""
    if state.phase == "draw":
        draw_step(state, rng, probe)
    elif state.phase == "showdown":
        showdown_step(state, rng, probe)
    else:
        assert state.phase == "betting"
        betting_step(state, rng, probe)


def play_checked(options: dict[str, Any], rng: random.Random, probe: bool = True) -> HandState:
    """Play one random hand, checking every invariant after every step."""
    state = HandState(**options)
    total = sum(options["stacks"]) + options.get("dead_money", 0)
    steps = 0
    while not state.is_over:
        assert sum(state.stacks) + state.pot == total
        check_places(state)
        if probe:
            check_copy_is_independent(state, rng)
            check_views(state)
        step(state, rng, probe)
        steps += 1
        assert steps < 500, "the hand does not end"
    check_places(state)
    result = state.result
    assert result is not None and sum(state.stacks) + state.pot == total
    settle_options = {
        key: options[key]
        for key in ("qualifier", "odd_unit_to", "badeucey_aces_low")
        if key in options
    }
    # a big-blind ante and dead blinds are dead money, in the main pot (docs/rules.md,
    # "Seats and the button")
    dead_antes = [
        (a.seat, a.amount or 0)
        for a in state.history
        if a.kind == "post-ante" and options.get("big_blind_ante")
    ]
    assert len(dead_antes) <= 1
    missed = options.get("missed_blinds") or {}
    dead_blinds = [(a.seat, a.amount or 0) for a in state.history if a.kind == "post-dead"]
    assert all(0 < amount <= missed[seat][1] for seat, amount in dead_blinds)
    dead = dead_antes + dead_blinds
    dead_money = options.get("dead_money", 0) + sum(amount for _, amount in dead)
    runs = runs_shown(state)
    assert len(runs) in (0, options.get("runs", 1))
    # a hand run more than once cuts its pots once, on the seats live at the split, whoever
    # mucks a run: on the last run's hands (a seat that mucked a run keeps its cards)
    hands = (
        {seat: state.hole_cards(seat) for seat in state.active_seats}
        if runs
        else shown_cards(state.history)
    )
    cut = settle(
        [
            Seat(amount, state.folded(seat), hands.get(seat))
            for seat, amount in enumerate(state.contributed)
        ],
        game=options["game"],
        button=options["button"],
        dead_money=dead_money,
        **settle_options,
    )
    whole = [cut] * max(1, len(runs))
    if runs:
        # each run's share of each pot, awarded among the pot's eligible seats on the run's
        # hands (docs/rules.md, "Running it twice"); the uncalled chips are paid once
        won = [
            [
                settle(
                    [
                        Seat(0, seat not in pot.eligible or seat not in shown, shown.get(seat))
                        for seat in range(state.n_seats)
                    ],
                    game=options["game"],
                    button=options["button"],
                    dead_money=run_share(pot.amount, len(runs), run),
                    **settle_options,
                )
                for pot in settled.pots
            ]
            for run, (shown, settled) in enumerate(zip(runs, whole, strict=True), 1)
        ]
        by_run = [
            tuple(sum(pot.payouts[seat] for pot in pots) for seat in range(state.n_seats))
            for pots in won
        ]
        assert [r.payouts for r in state.run_results] == by_run
        assert result.payouts == tuple(
            sum(paid) for paid in zip(whole[0].returned, *by_run, strict=True)
        )
        assert result.carried_over == sum(pot.carried_over for pots in won for pot in pots)
    else:
        assert result == whole[0] and not state.run_results
    expected = result
    # the C hand paid itself: every stack, win and carried chip is what settle() says
    starts = list(options["stacks"])
    for seat, amount in dead:
        starts[seat] -= amount
    assert state.stacks == tuple(
        start - put + paid
        for start, put, paid in zip(starts, state.contributed, expected.payouts, strict=True)
    )
    wins = [(a.seat, a.amount) for a in state.history if a.kind == "win"]
    assert wins == [(seat, paid) for seat, paid in enumerate(expected.payouts) if paid]
    assert state.pot == expected.carried_over
    check_manual_replay(state, options)
    return state


def shown_cards(history: Any) -> dict[int | None, Any]:
    """The cards each seat showed in these steps."""
    return {a.seat: a.cards for a in history if a.kind == "show"}


def runs_shown(state: HandState) -> list[dict[int | None, Any]]:
    """The cards each seat showed in each run of a hand run more than once (none for a hand
    that was not split)."""
    runs: list[list[Any]] = []
    for record in state.history:
        if record.kind == "run":
            assert record.amount == len(runs) + 1
            runs.append([])
        elif runs:
            runs[-1].append(record)
    return [shown_cards(steps) for steps in runs]


def run_share(chips: int, runs: int, run: int) -> int:
    """Run ``run``'s share (1..runs) of ``chips`` split over ``runs`` runs, the odd chips to
    the earliest runs (docs/rules.md, "Running it twice"); all of them for a single run."""
    return chips // runs + (run <= chips % runs)


def check_views(state: HandState) -> None:
    """Every seat's view holds the history hidden afresh, however many views came before
    (they are built incrementally) and whichever copy they were asked of, and says what
    the state says about the table."""
    for seat in range(state.n_seats):
        view = state.view(seat)
        assert view.history == tuple(hide(record, seat) for record in state.history)
        # the view reads the table in one C call; the state's properties read it field by field
        assert (view.game, view.betting, view.button) == (
            state.game,
            state.rules.structure,
            state.button,
        )
        assert (view.phase, view.street, view.actor, view.to_show) == (
            state.phase,
            state.street,
            state.actor,
            state.to_show,
        )
        assert (view.stacks, view.bets, view.contributed, view.pot) == (
            state.stacks,
            state.bets,
            state.contributed,
            state.pot,
        )
        assert view.folded == tuple(state.folded(other) for other in range(state.n_seats))
        assert view.discard_counts == tuple(
            state.discard_counts(other) for other in range(state.n_seats)
        )
        assert view.hole_cards == state.hole_cards(seat)
        assert view.legal == (state.legal_actions() if seat == state.actor else None)
        assert view.can_muck == (seat == state.to_show and state.can_muck())


def check_copy_is_independent(state: HandState, rng: random.Random) -> None:
    """Playing a copy to the end leaves the original exactly as it was."""
    before = snapshot(state)
    clone = state.copy()
    assert snapshot(clone) == before
    while not clone.is_over:
        step(clone, rng, probe=False)
    assert snapshot(state) == before


def check_manual_replay(state: HandState, options: dict[str, Any]) -> None:
    """The manual dealer, given the same cards and actions, plays the same hand."""
    manual = HandState(**{**options, "seed": None, "dealer": "manual"})
    decisions = ("show", "muck") if options["mucking"] else ()
    for record in state.history:
        if record.kind == "deal":
            assert manual.pending_deal is not None
            manual.deal(record.seat, record.cards)  # type: ignore[arg-type]
        elif record.kind in ("fold", "check", "call", "bet", "raise", "discard", *decisions):
            manual.apply(record)
    assert manual.is_over and manual.result == state.result and manual.stacks == state.stacks
    dealer_steps = ("burn", "deal", "reshuffle")
    assert [r for r in manual.history if r.kind not in dealer_steps] == [
        r for r in state.history if r.kind not in dealer_steps
    ]
