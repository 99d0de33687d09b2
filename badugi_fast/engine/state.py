"""HandState: one hand of any game in badugi_fast.games, from the blinds to the payouts.

The rules are docs/rules.md, "How a hand is played"; the C hand (csrc/hand.c, through
badugi_fast._binding.hand) keeps the chips, the betting round, the cards and the turn, and
checks and performs every step. Every player action comes as a triplet: ``verify_x()``
raises IllegalAction with the reason (and changes nothing), ``can_x()`` answers yes or no,
``x()`` performs it and returns its Action record. The dealer's steps (blinds, antes,
dealing, burns, reshuffles, showdown, payouts) run by themselves; with ``dealer="manual"``
the caller supplies every card through ``deal()``, and with ``mucking=True`` each live seat
calls ``show()`` or ``muck()`` at the showdown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import astuple
from functools import update_wrapper
from typing import (
    TYPE_CHECKING,
    Any,
    Concatenate,
    Literal,
    ParamSpec,
    SupportsIndex,
    TypeVar,
    cast,
)

from badugi_fast._binding import hand as c_hand
from badugi_fast._binding.hand import (
    AMOUNTED,
    BUSY,
    KINDS,
    PHASES,
    REFUSALS,
    SEATS,
    PublicReader,
    copy_hand,
    discard_counts,
    hand_bytes,
    new_bounds,
    new_hand,
    places,
    seat_cards,
    take_events,
)
from badugi_fast.cards import DECK, PLAIN_ID_TYPES, Card, CardsLike
from badugi_fast.checks import as_int, check_int
from badugi_fast.engine.actions import PLAYER_KINDS, Action, LegalActions, legal
from badugi_fast.engine.handcards import discard_cards, read_deck
from badugi_fast.engine.payout import settle_hand, settle_runs
from badugi_fast.engine.rules import (
    MAX_CHIPS,
    MAX_SEATS,
    MIN_SEATS,
    Betting,
    BettingRules,
    Conventions,
)
from badugi_fast.engine.setup import (
    SETUP_OPTIONS,
    HandSetup,
    Shuffle,
    check_missed_blinds,
    check_seed,
    check_stacks,
    is_plain,
    make_setup,
    plain_options,
)
from badugi_fast.engine.textform import parse_action
from badugi_fast.engine.view import HiddenHistories, SeatView, seat_view
from badugi_fast.errors import (
    BadugiError,
    HandInUse,
    IllegalAction,
    InvalidOption,
    InvalidOptionType,
    InvalidState,
)
from badugi_fast.pots import OddUnitTo, Settlement

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_new = tuple.__new__
_MAX_AMOUNT = 2**62
"""Past every stack (at most 2**53 chips at a table), still an int64 for the C hand."""
_PHASE_ACTIONS = {"discard": "draw action", "deal": "cards to deal"}
"""What a refused action of each verb waited for, when it is not a betting action."""
_CARD_REFUSALS = c_hand.CARD_REFUSALS
_DRAW = c_hand.DRAW
_OVER = c_hand.OVER
_BAD_CARD = c_hand.E_BAD_CARD
_legal = c_hand.legal  # the hot calls, bound once
_check_or_call = c_hand.check_or_call
_raise_to = c_hand.raise_to
_throw = c_hand.draw
_unpack = c_hand.unpack
_card = DECK.__getitem__
Phase = str
"""``"betting"``, ``"draw"``, ``"deal"`` (manual dealer: cards owed), ``"showdown"`` (with
``mucking``: a seat must show or muck) or ``"over"``."""
_CALLED = PLAYER_KINDS | {"deal", "show", "muck"}
"""The steps a call makes (:meth:`HandState.apply` takes them); the dealer makes the others."""
_P = ParamSpec("_P")
_R = TypeVar("_R")
_Seat = TypeVar("_Seat", bound=SupportsIndex)
"""A seat number's type, one for all the keys of a mapping (its key type is invariant: a
dict of ints is no Mapping[SupportsIndex, ...])."""


def _exclusive(
    method: Callable[Concatenate[HandState, _P], _R],
) -> Callable[Concatenate[HandState, _P], _R]:
    """One call at a time per hand. The C calls release the GIL, so two threads inside one
    hand would interleave its steps; a call made while another thread is inside one raises
    HandInUse instead, changing nothing. The claim is popping the hand's one token, a
    single atomic step under the GIL (a lock costs several times more per action). The
    hottest calls claim inline, saving this wrapper's argument packing."""

    def exclusive(self: HandState, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        token = self._token
        try:
            token.pop()
        except IndexError:
            raise _in_use() from None
        try:
            return method(self, *args, **kwargs)
        finally:
            token.append(None)

    update_wrapper(exclusive, method)  # its name and docstring, for help() and the docs
    return exclusive


def _in_use() -> HandInUse:
    """The error for a call made while another thread is inside the hand."""
    return HandInUse("the hand is in use by another thread")


class HandState:
    """One hand: stacks, bets, cards, whose turn it is, and the history so far.

    Seats are 0..n-1 clockwise; seat ``button + 1`` posts the small blind (heads-up the
    button does). ``street`` is the betting round 0..draws (the game's draws: 3 in triple
    draw, 1 in single draw), or during a draw the draw number 1..draws.
    """

    __slots__ = (
        "_hand",
        "_hidden",
        "_legal",
        "_log",
        "_options",
        "_origin",
        "_public",
        "_result",
        "_setup",
        "_token",
    )

    def __init__(
        self,
        game: str = "badugi",
        betting: Betting | BettingRules = "fixed-limit",
        stacks: Sequence[SupportsIndex] | npt.NDArray[np.integer[Any]] = (200,) * 6,
        button: SupportsIndex = 0,
        blinds: tuple[SupportsIndex, SupportsIndex] = (1, 2),
        antes: SupportsIndex = 0,
        small_bet: SupportsIndex | None = None,
        big_bet: SupportsIndex | None = None,
        seed: SupportsIndex | None = None,
        deck: CardsLike | None = None,
        max_raises: SupportsIndex | Literal["game"] | None = "game",
        cap_heads_up: bool | Literal["game"] = "game",
        big_bet_from: SupportsIndex | None = None,
        dealer: str = "auto",
        badeucey_aces_low: bool = False,
        odd_unit_to: OddUnitTo = "badugi",
        qualifier: SupportsIndex | CardsLike | None = None,
        mucking: bool = False,
        dead_money: SupportsIndex = 0,
        conventions: Conventions = "card-room",
        big_blind_ante: bool = False,
        missed_blinds: Mapping[_Seat, tuple[SupportsIndex, SupportsIndex]] | None = None,
        runs: SupportsIndex = 1,
        free_folds: bool = False,
        no_small_blind: bool = False,
        bet_ladder: bool = False,
        shuffle: Shuffle = "shake128",
    ) -> None:
        """Start a hand: post the antes and blinds and deal (docs/guide/engine.md, "The
        options of a hand", has each option's range).

        ``game``: a game's name (games.game_rule): a full game, a small game or a
        variant. ``betting``: "fixed-limit", "pot-limit",
        "no-limit", or a BettingRules holding the bet sizes and cap too. ``stacks``: one per
        seat, 2 to 8 seats. ``button``: the button's seat. ``blinds``: (small, big), (0, 0)
        for none. ``antes``: every seat's ante. ``small_bet``: the fixed-limit small bet,
        or the smallest opening bet in pot and no limit (default: the big blind).
        ``big_bet``: the fixed-limit big bet (default: twice the small bet). ``seed``: the
        shuffle and every reshuffle (default: a random one). ``deck``: the cards in dealing
        order, top first, instead of a shuffle. ``max_raises``: raises after the bet in a
        fixed-limit round, None for no cap, "game" (the default) for the game's own (3 in
        every full game). ``cap_heads_up``: keep that cap when two players are left
        ("game", the default: the game's way, lifted in the full games and kept in the small
        ones). ``big_bet_from``: the first betting round played with the big bet
        (default: the game's, the later half of its rounds).
        ``dealer``: "auto", or "manual" to deal every card with deal(). ``badeucey_aces_low``:
        Badeucey's Badugi half plays aces low. ``odd_unit_to``: the half ("badugi" or
        "low") that takes a split pot's odd chip. ``qualifier``: the worst Badugi hand that
        still wins the Badugi half (cards or a raw rank). ``mucking``: each live seat shows
        or mucks at the showdown (at each run's end too). ``dead_money``: chips in the pot
        from the start that no seat put in (a pot carried over from the last hand,
        docs/rules.md, "Settling a pot").
        ``conventions``: "card-room" (docs/rules.md) or "pokerkit", PokerKit's betting
        conventions where the two differ (docs/rules.md, "Betting in FB and F2L3D").
        ``big_blind_ante``: the big blind alone posts ``antes`` (the table's ante), dead in
        the main pot, as in the WSOP's no-limit single draw (docs/rules.md, "Seats and the
        button"). ``missed_blinds``: the blinds of players back from missing theirs, ``{seat:
        (live, dead)}``: a live big blind (0 or the big blind), a bet as the big blind's, and
        dead chips into the main pot, no bet (a room's "posts small & big blinds" is
        ``(big blind, small blind)``; docs/rules.md, "Seats and the button"). ``runs``: when
        nobody can bet any more before a draw, the draws left are played this many times
        (1 to 4), each run for its share of the pot (docs/rules.md, "Running it twice").
        ``free_folds``: a seat may fold with nothing to call, and a seat all in may fold out
        of turn (``fold(seat)``), as rooms fold a player who is sitting out or timed out.
        ``no_small_blind``: the small blind's seat is empty: nobody posts the small blind and
        the big blind is the first seat left of the button. ``bet_ladder``: in fixed limit
        the raise after an all-in for less completes the bet to the next rung of the ladder
        of whole bets (PokerStars; docs/rules.md, "Betting rounds"). ``shuffle``: how the
        seed orders the deck, "shake128" (every earlier version's deal) or "chacha20"
        (docs/rules.md, "The deal"). A bad value
        raises InvalidOption, a wrong type InvalidOptionType, naming the option.
        """
        stacks = check_stacks(stacks)
        setup, options = make_setup(
            game, betting, len(stacks), button, blinds, antes, small_bet, big_bet, max_raises,
            cap_heads_up, big_bet_from, dealer, badeucey_aces_low, odd_unit_to, qualifier,
            mucking, conventions, big_blind_ante, runs, free_folds, no_small_blind, bet_ladder,
            shuffle,
        )  # fmt: skip
        self._begin(options, setup, _origin(setup, stacks, seed, deck, dead_money, missed_blinds))

    def _begin(self, options: tuple[Any, ...], setup: HandSetup, origin: _Origin) -> None:
        """Start a hand of these options from its checked :func:`_origin`."""
        stacks, seed, stub, dead_money, missed = origin
        self._options = options
        self._setup = setup
        self._origin = origin
        self._hand = new_hand(setup.template, list(stacks), seed, stub, dead_money, missed)
        self._log: list[Action] = []
        self._result: Settlement | None = None
        self._hidden: HiddenHistories | None = None  # made by the first view(),
        self._public: PublicReader | None = None  # with this
        self._legal = new_bounds()
        self._token = [None]
        self._start()

    def _start(self) -> None:
        """Post the forced bets and deal: the C hand's first step."""
        self._done(c_hand.start(self._hand))

    @property
    def game(self) -> str:
        """The game's name."""
        return self._setup.rule.name

    @property
    def draws(self) -> int:
        """The game's draws: a hand has a betting round before each and after the last."""
        return self._setup.rule.draws

    @property
    def n_seats(self) -> int:
        """Seats at the table (every one is dealt in)."""
        return self._setup.n

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._setup.button

    @property
    def rules(self) -> BettingRules:
        """The betting structure and sizes."""
        return self._setup.rules

    @property
    def blinds(self) -> tuple[int, int]:
        """(small blind, big blind) as set; a seat shorter than its blind posts less."""
        return self._setup.blinds

    @property
    def antes(self) -> int:
        """Each seat's ante as set; a seat shorter than the ante posts less."""
        return self._setup.antes

    @property
    def badeucey_aces_low(self) -> bool:
        """Whether Badeucey's Badugi half plays aces low (a settlement option)."""
        return self._setup.badeucey_aces_low

    @property
    def odd_unit_to(self) -> OddUnitTo:
        """Where the odd chip of a split pot goes (a settlement option)."""
        odd_unit_to: OddUnitTo = self._setup.settle["odd_unit_to"]
        return odd_unit_to

    @property
    def qualifier(self) -> int | CardsLike | None:
        """The qualifying hand for the Badugi half, as given (a settlement option)."""
        qualifier: int | CardsLike | None = self._setup.settle["qualifier"]
        return qualifier

    @property
    def mucking(self) -> bool:
        """Whether live seats choose to show or muck at the showdown (else all show)."""
        return self._setup.mucking

    @property
    def seed(self) -> int:
        """The seed of the shuffle and of every reshuffle: the hand replays from it."""
        return int(self._hand.seed)

    @property
    def actor(self) -> int | None:
        """The seat to act, or None (the dealer is to act, a showdown, or the hand is over)."""
        actor: int | None = SEATS[self._hand.actor]
        return actor

    @property
    def phase(self) -> Phase:
        """What the hand waits on: see :data:`Phase`."""
        return PHASES[self._hand.phase]

    @property
    def street(self) -> int:
        """The betting round 0..draws, or during a draw the draw number 1..draws."""
        return int(self._hand.street)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind (not yet bet); after the hand, its final stack."""
        return tuple(_unpack(self._hand.stacks, self._setup.n))

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has bet in this betting round."""
        return tuple(_unpack(self._hand.bets, self._setup.n))

    @property
    def contributed(self) -> tuple[int, ...]:
        """Chips each seat has put in this hand and has a stake in (antes and blinds
        included; a big-blind ante and dead blinds are dead money, in :attr:`dead_money`)."""
        return tuple(_unpack(self._hand.contributed, self._setup.n))

    @property
    def pot(self) -> int:
        """Chips in the middle, this round's bets and any dead money included (after the
        hand: carried over)."""
        hand = self._hand
        if self.is_over:
            return int(hand.carried)
        return int(sum(_unpack(hand.contributed, self._setup.n)) + hand.dead_money)

    @property
    def big_blind_ante(self) -> bool:
        """Whether the big blind alone posts the ante, dead in the main pot."""
        return self._setup.big_blind_ante

    @property
    def dead_money(self) -> int:
        """Dead money in the pot: chips no seat has a stake in, every live seat eligible for
        them (a pot carried over, and once posted a big-blind ante and dead blinds)."""
        return int(self._hand.dead_money)

    @property
    def missed_blinds(self) -> dict[int, tuple[int, int]]:
        """The blinds of players back from missing theirs, ``{seat: (live, dead)}``, as set;
        a seat shorter than them posts less."""
        n = self._setup.n
        live, dead = _unpack(self._hand.missed_live, n), _unpack(self._hand.missed_dead, n)
        return {seat: (live[seat], dead[seat]) for seat in range(n) if live[seat] or dead[seat]}

    @property
    def free_folds(self) -> bool:
        """Whether a seat may fold with nothing to call, and a seat all in out of turn."""
        return self._setup.free_folds

    @property
    def no_small_blind(self) -> bool:
        """Whether the small blind's seat is empty: the big blind is left of the button."""
        return self._setup.no_small_blind

    @property
    def shuffle(self) -> Shuffle:
        """How the seed orders the deck: "shake128" or "chacha20"."""
        return self._setup.shuffle

    @property
    def runs(self) -> int:
        """Times the draws left are run when nobody can bet any more before a draw."""
        return self._setup.runs

    @property
    def run(self) -> int:
        """The run being played (1, 2, ...) once the hand is split; 0 before."""
        return int(self._hand.run)

    @property
    def is_over(self) -> bool:
        """Whether the hand is finished and paid."""
        return bool(self._hand.phase == _OVER)

    @property
    @_exclusive
    def result(self) -> Settlement | None:
        """The settlement once the hand is over (settle() on contributions and shown cards).

        The C hand pays itself; this object, with its pots, winners and hands, is built
        when first asked. A hand run more than once adds up its runs (:attr:`run_results`):
        every run's pots, and no hands of its own."""
        if self._result is None and self._hand.phase == _OVER:
            runs = self._run_results()
            self._result = runs[0] if runs else self._settlement()
        return self._result

    @property
    @_exclusive
    def run_results(self) -> tuple[Settlement, ...]:
        """Each run's settlement, in order, once a hand run more than once is over: the
        run's share of every pot, awarded on the hands shown in that run; empty for any
        other hand."""
        runs = self._run_results()
        return runs[1] if runs else ()

    @property
    @_exclusive
    def history(self) -> tuple[Action, ...]:
        """Every step so far, the dealer's included, in order."""
        take_events(self._hand, self._log, Action)
        return tuple(self._log)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        folded = self._hand.folded
        return tuple(seat for seat in range(self._setup.n) if not folded[seat])

    @property
    def last_aggressor(self) -> int | None:
        """The seat that made the last bet or raise of the current (or final) round."""
        aggressor: int | None = SEATS[self._hand.aggressor]
        return aggressor

    @property
    def stub_size(self) -> int:
        """Cards left in the stub."""
        return int(self._hand.stub_len - self._hand.unknown_burns)

    @property
    def to_show(self) -> int | None:
        """The seat that must show or muck next (phase "showdown"), else None."""
        hand = self._hand
        return hand.showing[0] if hand.phase == c_hand.SHOWDOWN else None

    @property
    def decider(self) -> int | None:
        """The seat the hand waits on: the ``actor``, or at a showdown with ``mucking`` the
        seat to show or muck; None when the hand is over (or a manual dealer owes cards)."""
        actor = self.actor
        return actor if actor is not None else self.to_show

    @property
    def pending_deal(self) -> tuple[int, int] | None:
        """Manual dealer: (seat, cards owed) of the next seat to be dealt, else None."""
        hand = self._hand
        if hand.phase != c_hand.DEAL:
            return None
        for seat in self._setup.order:
            if hand.owed[seat]:
                return seat, int(hand.owed[seat])
        return None

    def hole_cards(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards a seat holds (none after it folds)."""
        if type(seat) is not int or not 0 <= seat < self._setup.n:
            seat = self._setup.seat(seat)
        return seat_cards(self._hand, seat)

    def folded(self, seat: SupportsIndex) -> bool:
        """Whether a seat has folded."""
        return bool(self._hand.folded[self._setup.seat(seat)])

    def all_in(self, seat: SupportsIndex) -> bool:
        """Whether a seat is in the hand with no chips behind."""
        seat = self._setup.seat(seat)
        return not self._hand.folded[seat] and self._hand.stacks[seat] == 0

    def discard_counts(self, seat: SupportsIndex) -> tuple[int, ...]:
        """How many cards a seat drew in each draw so far (public information)."""
        return discard_counts(self._hand, self._setup.n)[self._setup.seat(seat)]

    def cards_in_play(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is: "hands", "stub", "muck", "burns", "discards" (this draw)."""
        return places(self._hand)

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do now, or None when no player is to act."""
        token = self._token
        try:
            token.pop()  # _claim, inline on this hot path
        except IndexError:
            raise _in_use() from None
        try:
            return self._legal_now()
        finally:
            token.append(None)

    def _legal_now(self) -> LegalActions | None:
        hand = self._hand
        seat = hand.actor
        if seat < 0:
            return None
        if hand.phase == _DRAW:
            return legal(seat, False, False, None, None, None, hand.hand_len[seat])
        bounds = self._legal
        _legal(hand, bounds)
        can_fold, can_check, call, low, high = _unpack(bounds, 5)
        if not high:
            low = high = None
        if not can_check:
            return _new(LegalActions, (seat, True, False, call, low, high, None))
        return _new(LegalActions, (seat, bool(can_fold), True, None, low, high, None))

    @_exclusive
    def view(self, seat: SupportsIndex) -> SeatView:
        """What ``seat`` may know now (for bots): never other seats' cards or the stub."""
        seat = self._setup.seat(seat)
        n = self._setup.n
        hidden, reader = self._hidden, self._public
        if hidden is None or reader is None:  # the first view of this hand (or copy)
            hidden = self._hidden = HiddenHistories(n)
            setup = self._setup
            aces_low = setup.badeucey_aces_low
            reader = PublicReader(setup.rule.name, setup.rules.structure, aces_low, setup.button)
            self._public = reader
        take_events(self._hand, self._log, Action)
        now = reader.read(self._hand, seat, n)
        return seat_view(
            seat,
            now,
            self.pot,
            self._legal_now() if seat == now.actor else None,
            seat == now.to_show and self._can(self._may_muck, seat),
            hidden.of(seat, self._log),
        )

    @_exclusive
    def copy(self) -> HandState:
        """An independent copy of the hand (for search and solvers)."""
        other = HandState.__new__(HandState)
        other._options = self._options
        other._setup = self._setup
        other._origin = self._origin
        other._hand = copy_hand(self._hand)
        other._log = self._log[:]
        other._result = self._result
        other._hidden = None
        other._public = None
        other._legal = new_bounds()
        other._token = [None]
        return other

    def __copy__(self) -> HandState:
        """``copy.copy``: :meth:`copy` (the hand shares nothing with its copy)."""
        return self.copy()

    def __deepcopy__(self, memo: object) -> HandState:
        """``copy.deepcopy``: :meth:`copy`, without a pickle's replay."""
        return self.copy()

    @_exclusive
    def __getstate__(self) -> tuple[object, ...]:
        """For pickle, in plain values only (docs/guide/engine.md, "Pickles"): the format's
        version, the options, how the hand started (stacks, seed, deck, dead money, missed
        blinds) and its history with cards as ids."""
        take_events(self._hand, self._log, Action)
        options = list(self._options)
        if isinstance(options[1], BettingRules):
            options[1] = astuple(options[1])
        stacks, seed, stub, dead_money, missed = self._origin
        deck = None if stub is None else bytes(reversed(stub))
        history = [(kind, seat, amount, bytes(cards)) for kind, seat, amount, cards in self._log]
        return PICKLE_FORMAT, tuple(options), (stacks, seed, deck, dead_money, missed), history

    def __setstate__(self, state: object) -> None:
        """Start the hand again from the pickled options and start, checked as the
        constructor checks them, and replay its history: the players' steps are played
        through the rules, and every step the hand takes, the dealer's too, must be the
        history's. Anything else raises InvalidState, naming the option or the step."""
        if type(state) is not tuple or len(state) != 4 or state[0] != PICKLE_FORMAT:
            raise InvalidState("not a pickled HandState of this version of badugi_fast")
        _, options, origin, history = state
        options, setup = _setup_from_pickle(options)
        self._begin(options, setup, _origin_from_pickle(origin, setup))
        self._replay(history)

    def _replay(self, history: object) -> None:
        """Play the players' steps of a pickled history on this hand, just started, checking
        each step it takes is the history's next one."""
        if type(history) is not list:
            raise InvalidState("a pickled hand's history is not a list")
        log = self._log
        checked = 0
        while True:
            take_events(self._hand, log, Action)
            for at in range(checked, len(log)):
                step = log[at]
                made = (step.kind, step.seat, step.amount, bytes(step.cards))
                if at >= len(history) or history[at] != made:
                    pickled = repr(history[at])[:80] if at < len(history) else "missing"
                    raise InvalidState(
                        f"a pickled hand's history is not the one the rules play: step {at}"
                        f" is {pickled}, the rules make {made!r}"
                    )
            checked = len(log)
            if checked == len(history):
                return
            # the caller's next step; dealer's steps before it come with it (a reshuffle
            # before a manual deal), checked with the rest of what the call makes
            at = checked
            while (step := _step_from_pickle(history[at], self._setup.n)).kind not in _CALLED:
                at += 1
                if at == len(history):
                    raise InvalidState(
                        f"a pickled hand's history ends in steps the rules do not make: step"
                        f" {checked} is the dealer's {history[checked]!r:.80}"
                    )
            try:
                self.apply(step)
            except BadugiError as error:
                raise InvalidState(
                    f"a pickled hand's history has a step the rules refuse: step {at}"
                    f" {step}: {error}"
                ) from None

    # ------------------------------------------------------------------ betting actions
    def _turn(self, seat: SupportsIndex | None, phase: str) -> int:
        """The seat to act, checked to be ``seat`` (when given) in the right phase."""
        hand = self._hand
        now: int = hand.actor
        plain = seat is None or (type(seat) is int and seat == now)  # the fast path
        if plain and now >= 0 and PHASES[hand.phase] == phase:
            return now
        actor = self.actor
        if actor is None or self.phase != phase:
            what = "the hand is over" if self.is_over else f"the phase is {self.phase}"
            raise IllegalAction(f"no {phase} action now: {what}")
        if seat is not None and as_int(seat) != actor:
            raise IllegalAction(f"seat {seat!r} is not to act (seat {actor} is)")
        return actor

    def _verify(
        self, act: Callable[[Any, int], int], seat: SupportsIndex | None, verb: str
    ) -> None:
        """Raise IllegalAction unless the actor (``seat`` if given) may fold, check or call."""
        if seat is not None:
            self._turn(seat, "betting")
        code = act(self._hand, 0)
        if code < 0:
            raise self._refusal(code, verb)

    def _record(self, before: int, code: int) -> Action:
        """The record of the action just performed (the first step it queued), after which
        the queue is emptied if it filled."""
        event = self._hand.events[before]
        kind = event.kind
        amount = event.amount if AMOUNTED[kind] else None
        record = _new(Action, (KINDS[kind], event.seat, amount, ()))
        if code > BUSY:  # the queue may not hold the next action's steps
            take_events(self._hand, self._log, Action)
        return record

    def _done(self, code: int) -> None:
        """After a step checked beforehand (the start, a deal, a show or muck): a refusal
        (not expected) or a full queue."""
        if code < 0:
            raise self._refusal(code, "deal")
        if code > BUSY:  # the queue may not hold the next action's steps
            take_events(self._hand, self._log, Action)

    def _refusal(self, code: int, verb: str, **detail: object) -> IllegalAction:
        """The error for an action the C hand refused with ``code``, worded by
        :data:`~badugi_fast._binding.hand.REFUSALS` with the seat to act, what it owes, the
        phase, and the ``detail`` the caller knows (amounts, cards)."""
        hand = self._hand
        seat = hand.actor if code != c_hand.E_INVALID else -1  # may be out of range
        context = {
            "verb": verb,
            "seat": seat,
            "kind": _PHASE_ACTIONS.get(verb, "betting action"),
            "now": "the hand is over" if self.is_over else f"the phase is {self.phase}",
            "owe": hand.level - hand.bets[seat] if seat >= 0 else 0,
            **detail,
        }
        return IllegalAction(REFUSALS[code].format_map(context))

    @_exclusive
    def verify_fold(self, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless the actor (``seat`` if given) may fold; with
        ``free_folds``, a seat all in may fold out of turn too."""
        if self._folds_all_in(seat):
            self._fold_all_in(seat, 0)
        else:
            self._verify(c_hand.fold, seat, "fold")

    def can_fold(self, seat: SupportsIndex | None = None) -> bool:
        """Whether the actor may fold (facing a bet; with ``free_folds`` also with nothing to
        call, and a seat all in out of turn)."""
        return self._can(self.verify_fold, seat)

    def fold(self, seat: SupportsIndex | None = None) -> Action:
        """Fold: the hand goes to the muck and the seat is out of every pot. With
        ``free_folds`` a seat all in may fold at any point of a betting round, its chips
        staying in (the room folds an absent player)."""
        if self._folds_all_in(seat):
            return self._exclusive_fold_all_in(seat)
        return self._act(c_hand.fold, seat, "fold")

    def _folds_all_in(self, seat: SupportsIndex | None) -> bool:
        """Whether ``seat`` is another seat than the actor's, under ``free_folds``: a fold of
        a seat all in, out of turn."""
        return (
            seat is not None
            and self._setup.free_folds
            and self._hand.phase == c_hand.BETTING
            and as_int(seat) != self._hand.actor
        )

    @_exclusive
    def _exclusive_fold_all_in(self, seat: SupportsIndex | None) -> Action:
        return self._fold_all_in(seat, 1)

    def _fold_all_in(self, seat: SupportsIndex | None, apply: int) -> Action:
        """Check (``apply`` 0) or perform the fold of ``seat``, all in, out of turn: its
        record."""
        checked = self._setup.seat(seat)
        hand = self._hand
        before = hand.n_events
        code = c_hand.fold_all_in(hand, checked, apply)
        if code < 0:
            if code == c_hand.E_SETTINGS:
                state = "has folded" if hand.folded[checked] else "is not all in"
                raise IllegalAction(
                    f"seat {checked} cannot fold now: it {state} and is not to act"
                    f" (seat {hand.actor} is)"
                )
            raise self._refusal(code, "fold")
        return self._record(before, code) if apply else _new(Action, ("fold", checked, None, ()))

    @_exclusive
    def verify_check(self, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless the actor may check."""
        self._verify(c_hand.check, seat, "check")

    def can_check(self, seat: SupportsIndex | None = None) -> bool:
        """Whether the actor may check."""
        return self._can(self.verify_check, seat)

    def check(self, seat: SupportsIndex | None = None) -> Action:
        """Check: stay in without betting."""
        return self._act(c_hand.check, seat, "check")

    @_exclusive
    def verify_call(self, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless the actor may call."""
        self._verify(c_hand.call, seat, "call")

    def can_call(self, seat: SupportsIndex | None = None) -> bool:
        """Whether the actor may call."""
        return self._can(self.verify_call, seat)

    def call(self, seat: SupportsIndex | None = None) -> Action:
        """Call: match the bet, or put in every chip left (all in for less)."""
        return self._act(c_hand.call, seat, "call")

    def check_or_call(self, seat: SupportsIndex | None = None) -> Action:
        """Check if there is nothing to call, else call."""
        return self._act(_check_or_call, seat, "call")

    def _act(self, act: Callable[[Any, int], int], seat: SupportsIndex | None, verb: str) -> Action:
        """Perform a fold, check or call: its record."""
        token = self._token
        try:
            token.pop()  # _claim, inline on this hot path
        except IndexError:
            raise _in_use() from None
        try:
            hand = self._hand
            if seat is not None:
                self._turn(seat, "betting")
            before = hand.n_events
            code = act(hand, 1)
            if code < 0:
                raise self._refusal(code, verb)
            return self._record(before, code)
        finally:
            token.append(None)

    def _attempt_raise(
        self, to: SupportsIndex, seat: SupportsIndex | None, apply: int
    ) -> tuple[int, int]:
        """Check (``apply`` 0) or perform a bet or raise to a total of ``to``: the number of
        steps queued before it and the C call's result."""
        hand = self._hand
        if seat is not None:
            self._turn(seat, "betting")
        if type(to) is not int:
            amount = as_int(to)
            if amount is None:
                self._turn(None, "betting")
                raise IllegalAction(f"raise to {to!r}: the amount must be an int")
            to = amount
        before = hand.n_events
        # beyond int64, an amount is refused as the largest or smallest one is
        code = _raise_to(hand, max(-1, min(to, _MAX_AMOUNT)), apply)
        if code < 0:
            bounds = self._legal
            _legal(hand, bounds)
            low, high = bounds[3], bounds[4]
            wager = "raise to" if hand.level else "bet"  # as the hand would record it
            raise self._refusal(code, "raise", wager=wager, to=_amount(to), low=low, high=high)
        return before, code

    @_exclusive
    def verify_raise_to(self, to: SupportsIndex, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless the actor may bet or raise to a total of ``to``."""
        self._attempt_raise(to, seat, 0)

    def can_raise_to(self, to: SupportsIndex, seat: SupportsIndex | None = None) -> bool:
        """Whether the actor may bet or raise to ``to``."""
        return self._can(self.verify_raise_to, to, seat)

    def raise_to(self, to: SupportsIndex, seat: SupportsIndex | None = None) -> Action:
        """Bet, or raise, making this round's bet ``to`` in total."""
        token = self._token
        try:
            token.pop()  # _claim, inline on this hot path
        except IndexError:
            raise _in_use() from None
        try:
            return self._record(*self._attempt_raise(to, seat, 1))
        finally:
            token.append(None)

    verify_bet_or_raise = verify_raise_to
    can_bet_or_raise = can_raise_to
    bet_or_raise = raise_to

    # ------------------------------------------------------------------ the draw
    def _attempt_draw(
        self, cards: CardsLike, seat: SupportsIndex | None, apply: int
    ) -> tuple[int, Sequence[int]]:
        """Check (``apply`` 0) or perform the actor's throwing ``cards``: the C call's result
        and the ids thrown."""
        hand = self._hand
        if seat is not None:
            self._turn(seat, "draw")
        kind = type(cards)
        if (kind is list or kind is tuple) and PLAIN_ID_TYPES.issuperset(map(type, cards)):
            ids = cast("Sequence[int]", cards)  # the fast path: checked in C
        else:
            actor = self._turn(None, "draw")
            ids = discard_cards(cards, seat_cards(hand, actor), actor)
        try:
            code = _throw(hand, bytes(ids), len(ids), apply)
        except ValueError:  # an id out of 0..255: a bad card, if a draw is due at all
            code = min(_throw(hand, b"", 0, 0), 0) or _BAD_CARD
        if code < 0:
            if code in _CARD_REFUSALS:  # name the card at fault, where there is one
                discard_cards(cards, seat_cards(hand, hand.actor), hand.actor)
            if code == c_hand.E_COUNT:  # more cards than a small game's hand holds
                held = len(seat_cards(hand, hand.actor))
                raise IllegalAction(
                    f"seat {hand.actor} cannot discard {cards!r}: it holds {held} cards"
                )
            raise self._refusal(code, "discard", cards=repr(cards))
        return code, ids

    @_exclusive
    def verify_draw(self, cards: CardsLike = (), seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless the actor may throw exactly these cards."""
        self._attempt_draw(cards, seat, 0)

    def can_draw(self, cards: CardsLike = (), seat: SupportsIndex | None = None) -> bool:
        """Whether the actor may throw these cards."""
        return self._can(self.verify_draw, cards, seat)

    def draw(self, cards: CardsLike = (), seat: SupportsIndex | None = None) -> Action:
        """Throw these cards (none: stand pat); replacements come once everyone has thrown."""
        token = self._token
        try:
            token.pop()  # _claim, inline on this hot path
        except IndexError:
            raise _in_use() from None
        try:
            actor = self._hand.actor  # the seat that throws, if the draw is legal
            code, ids = self._attempt_draw(cards, seat, 1)
            if code > BUSY:  # the queue may not hold the next action's steps
                take_events(self._hand, self._log, Action)
        finally:
            token.append(None)
        return _new(Action, ("discard", actor, None, tuple(map(_card, ids))))

    def stand_pat(self, seat: SupportsIndex | None = None) -> Action:
        """Draw no cards."""
        return self.draw([], seat)

    verify_discard = verify_draw
    can_discard = can_draw
    discard = draw

    # ------------------------------------------------------------------ manual dealing
    @_exclusive
    def verify_deal(self, seat: SupportsIndex, cards: CardsLike) -> None:
        """Raise IllegalAction unless these cards may be dealt to this seat now."""
        self._dealt(seat, cards)

    def can_deal(self, seat: SupportsIndex, cards: CardsLike) -> bool:
        """Whether these cards may be dealt to this seat now."""
        return self._can(self.verify_deal, seat, cards)

    @_exclusive
    def deal(self, seat: SupportsIndex, cards: CardsLike) -> Action:
        """Manual dealer: deal these cards (some or all of what the seat is owed)."""
        seat, dealt = self._dealt(seat, cards)
        self._done(c_hand.deal(self._hand, seat, bytes(dealt), len(dealt), 1))
        return _new(Action, ("deal", seat, None, dealt))

    def _dealt(self, seat: SupportsIndex, cards: CardsLike) -> tuple[int, tuple[Card, ...]]:
        """The seat and the cards, checked by the C hand to be dealable now: any card no
        player holds may come (one from the muck or this draw's discards means the dealer
        reshuffled)."""
        hand = self._hand
        if hand.phase != c_hand.DEAL:
            raise self._refusal(c_hand.E_PHASE, "deal")
        seat = self._setup.seat(seat)
        dealt = discard_cards(cards, DECK, seat, verb="deal")
        rule = self._setup.rule
        if not rule.is_full:  # a small game deals only its deck's cards
            outside = [card for card in dealt if card not in rule.deck]
            if outside:
                raise IllegalAction(f"cannot deal {outside[0]}: not a card of the {rule.name} deck")
        code = c_hand.deal(hand, seat, bytes(dealt), len(dealt), 0)
        if code < 0:
            held = [(card, other) for other in range(self._setup.n) for card in dealt
                    if card in seat_cards(hand, other)]  # fmt: skip
            card, holder = held[0] if held else (None, None)
            detail = {"target": seat, "owed": hand.owed[seat], "count": len(dealt)}
            raise self._refusal(code, "deal", card=card, holder=holder, **detail)
        return seat, dealt

    # ------------------------------------------------------------------ the showdown
    def _may_show(self, seat: SupportsIndex | None) -> int:
        """The seat to show or muck next, checked to be ``seat`` when given."""
        first = self.to_show
        if first is None:
            what = "the hand is over" if self.is_over else f"the phase is {self.phase}"
            raise IllegalAction(f"no show or muck now: {what}")
        if seat is not None and as_int(seat) != first:
            raise IllegalAction(f"seat {seat!r} is not to show or muck (seat {first} is)")
        return first

    @_exclusive
    def verify_show(self, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless it is this seat's turn to show or muck."""
        self._may_show(seat)

    def can_show(self, seat: SupportsIndex | None = None) -> bool:
        """Whether it is this seat's turn to show or muck."""
        return self._can(self._may_show, seat)

    @_exclusive
    def show(self, seat: SupportsIndex | None = None) -> Action:
        """Show the hand at the showdown (``mucking``), keeping its claim to the pots."""
        shower = self._may_show(seat)
        record = _new(Action, ("show", shower, None, seat_cards(self._hand, shower)))
        self._done(c_hand.show(self._hand, 1))
        return record

    def _may_muck(self, seat: SupportsIndex | None) -> int:
        """The seat to show or muck next, if it may muck: not when it alone still claims a
        pot (everyone else in it mucked or folded): it must show to take that pot."""
        mucker = self._may_show(seat)
        if c_hand.muck(self._hand, 0) < 0:
            hand = self._hand  # a seat that mucked a run is out of that run's pots
            live = any(
                not hand.folded[other] and not hand.mucked[other]
                for other in range(self._setup.n)
                if other != mucker
            )
            pot = "a side pot" if live else "the pot"
            raise IllegalAction(f"seat {mucker} cannot muck: it alone still claims {pot}; show")
        return mucker

    @_exclusive
    def verify_muck(self, seat: SupportsIndex | None = None) -> None:
        """Raise IllegalAction unless this seat may muck now."""
        self._may_muck(seat)

    def can_muck(self, seat: SupportsIndex | None = None) -> bool:
        """Whether this seat may muck now."""
        return self._can(self._may_muck, seat)

    @_exclusive
    def muck(self, seat: SupportsIndex | None = None) -> Action:
        """Muck the hand unseen at the showdown (``mucking``): as a fold, the seat gives up
        every pot and its chips stay in; at a run's end, that run's share of them alone."""
        mucker = self._may_muck(seat)
        self._done(c_hand.muck(self._hand, 1))
        return _new(Action, ("muck", mucker, None, ()))

    def apply(self, step: Action | str) -> Action:
        """Perform an Action value or its text form ("fold", "call", "raise 6", "draw Kd 7s",
        "stand pat", "deal 3 As Kd"); see docs/rules.md, "How a hand is played"."""
        kind, seat, amount, cards = parse_action(step)
        if kind == "fold":
            return self.fold(seat)
        if kind == "check":
            return self.check(seat)
        if kind == "call":
            return self.call(seat)
        if kind in ("bet", "raise"):
            if amount is None:  # an Action without one: the text form always has one
                raise IllegalAction(f"{kind} needs the total to {kind} to as its amount")
            return self.raise_to(amount, seat)
        if kind == "discard":
            return self.draw(cards, seat)
        if kind == "show":
            return self.show(seat)
        if kind == "muck":
            return self.muck(seat)
        if kind == "deal" and seat is not None:
            return self.deal(seat, cards)
        raise IllegalAction(f"{kind!r} is the dealer's own step and cannot be applied")

    # ------------------------------------------------------------------ the payout
    @staticmethod
    def _can(check: Callable[..., object], *args: Any) -> bool:
        """Whether ``check(*args)`` passes."""
        try:
            check(*args)
        except IllegalAction:
            return False
        return True

    def _run_results(self) -> tuple[Settlement, tuple[Settlement, ...]] | None:
        """The settlement of a split hand that is over, and each run's, from the hands its
        runs showed (None for any other hand)."""
        hand = self._hand
        if not hand.run or hand.phase != _OVER:
            return None
        n = self._setup.n
        take_events(hand, self._log, Action)
        runs: list[list[list[Card]]] = []
        for record in self._log:
            if record.kind == "run":
                runs.append([[] for _ in range(n)])
            elif record.kind == "show" and runs and record.seat is not None:
                runs[-1][record.seat] = list(record.cards)
        folded = _unpack(hand.folded, n)
        contributed = _unpack(hand.contributed, n)
        return settle_runs(self._setup, contributed, folded, runs, hand.dead_money)

    def _settlement(self) -> Settlement:
        """settle() on the hand's contributions and the live seats' cards."""
        hand = self._hand
        n = self._setup.n
        held = [_unpack(hand.hands[seat], hand.hand_len[seat]) for seat in range(n)]
        folded = _unpack(hand.folded, n)
        contributed = _unpack(hand.contributed, n)
        return settle_hand(self._setup, contributed, folded, held, hand.dead_money)


class _Starting(HandState):
    """A HandState that keeps its C hand as the options built it, before its first step."""

    __slots__ = ("settings",)

    def _start(self) -> None:
        self.settings = hand_bytes(self._hand)
        super()._start()


def hand_settings(**options: Any) -> tuple[HandState, bytes]:
    """A hand of these HandState options (seed 0 unless given), and the bytes of its C hand
    before its first step: every option checked and placed by HandState itself. The engines
    that play many hands of one setup in C (VectorGame, simulate() with bots by name) start
    each hand from these bytes, setting only its button, seed and (carried) stacks, so they
    play every option a HandState takes and none can be left out on the way."""
    hand = _Starting(**{"seed": 0, **options})
    return hand, hand.settings


PICKLE_FORMAT = "badugi_fast.HandState/9"
"""The version of the pickled form; a change to the options or to how a hand starts makes a
new one."""


def _setup_from_pickle(options: object) -> tuple[tuple[Any, ...], HandSetup]:
    """The options of a pickled hand, checked as the constructor checks them."""
    if type(options) is not tuple or len(options) != SETUP_OPTIONS:
        raise InvalidState("a pickled hand's options are not a hand's options")
    rebuilt = list(options)
    try:
        if type(rebuilt[1]) is tuple:
            rebuilt[1] = BettingRules(*rebuilt[1])
        if type(rebuilt[2]) is not int or not MIN_SEATS <= rebuilt[2] <= MAX_SEATS:
            raise InvalidOptionType("the table size is not one a hand can have")
        if not is_plain(options, plain_options(options)):  # the library writes only ints
            raise InvalidOptionType("an option holds an integer that is not an int")
        return tuple(rebuilt), make_setup(*rebuilt)[0]
    except (BadugiError, TypeError, ValueError) as error:
        raise InvalidState(f"a pickled hand's options are refused: {error}") from None


_Origin = tuple[tuple[int, ...], int, list[Card] | None, int, dict[int, tuple[int, int]]]
"""How a hand starts: its stacks, seed, stub (a given deck, top card last) or None, dead money
and missed blinds."""


def _origin(
    setup: HandSetup,
    stacks: tuple[int, ...],
    seed: SupportsIndex | None,
    deck: CardsLike | None,
    dead_money: SupportsIndex,
    missed_blinds: object,
) -> _Origin:
    """The start of a hand of ``setup`` with these (checked) stacks: the other options that
    differ from hand to hand, checked."""
    seed = check_seed(seed)
    dead_money = check_int("dead_money", dead_money, 0, MAX_CHIPS)
    missed = check_missed_blinds(missed_blinds, setup)
    stub = None
    if deck is not None:
        if setup.manual:
            raise InvalidOption(
                "deck: a manual dealer deals only the cards given to deal();"
                " give a deck with dealer='auto'"
            )
        stub = read_deck(deck, setup.n, setup.rule)
    return stacks, seed, stub, dead_money, missed


def _origin_from_pickle(origin: object, setup: HandSetup) -> _Origin:
    """The start of a pickled hand, checked as the constructor checks it."""
    if type(origin) is not tuple or len(origin) != 5:
        raise InvalidState("a pickled hand's start is not a hand's start")
    stacks, seed, deck, dead_money, missed = origin
    try:
        if type(stacks) is not tuple or len(stacks) != setup.n:
            raise InvalidOptionType(f"stacks are not a tuple of the table's {setup.n} seats")
        if type(seed) is not int or type(dead_money) is not int:
            raise InvalidOptionType("the seed or the dead money is not an int")
        if deck is not None and type(deck) is not bytes:
            raise InvalidOptionType("the deck is not bytes")
        if type(missed) is not dict:
            raise InvalidOptionType("the missed blinds are not a dict")
        plain = deck if deck is None else list(deck)
        return _origin(setup, check_stacks(stacks), seed, plain, dead_money, missed)
    except BadugiError as error:
        raise InvalidState(f"a pickled hand's start is refused: {error}") from None


def _step_from_pickle(record: object, n: int) -> Action:
    """A pickled history's record as an Action, checked for form."""
    if type(record) is not tuple or len(record) != 4:
        raise InvalidState(f"a pickled hand's history has a bad step: {record!r:.80}")
    kind, seat, amount, cards = record
    if (
        kind not in KINDS
        or not (seat is None or (type(seat) is int and 0 <= seat < n))
        or not (amount is None or type(amount) is int)
        or type(cards) is not bytes
        or len(cards) > c_hand.MAX_CARDS
        or max(cards, default=0) >= len(DECK)
    ):
        raise InvalidState(f"a pickled hand's history has a bad step: {record!r:.80}")
    return _new(Action, (kind, seat, amount, tuple(map(_card, cards))))


def _amount(chips: int) -> str:
    """An amount for an error message: a number too long to print is said to be one."""
    return str(chips) if chips.bit_length() <= 64 else "an amount of over 19 digits"
