"""HandState: one hand of any game in badugi_fast.games, from the blinds to the payouts.

The rules are docs/rules.md, "How a hand is played". Every player action comes as a
triplet: ``verify_x()`` raises IllegalAction with the reason (and changes nothing),
``can_x()`` answers yes or no, ``x()`` performs it and returns its Action record. The
dealer's steps (blinds, antes, dealing, burns, reshuffles, showdown, payouts) run by
themselves; with ``dealer="manual"`` the caller supplies every card through ``deal()``,
and with ``mucking=True`` each live seat calls ``show()`` or ``muck()`` at the showdown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from badugi_fast.cards import DECK, Card, CardsLike
from badugi_fast.engine.actions import Action, LegalActions, legal
from badugi_fast.engine.betting import Round
from badugi_fast.engine.deck import Deck, shuffled_deck
from badugi_fast.engine.handcards import discard_cards, read_deck
from badugi_fast.engine.payout import settle_hand, showing_seats
from badugi_fast.engine.rules import Betting, BettingRules
from badugi_fast.engine.setup import check_seed, check_stacks, make_setup
from badugi_fast.engine.textform import perform
from badugi_fast.engine.view import HiddenHistories, SeatView, seat_view
from badugi_fast.errors import IllegalAction
from badugi_fast.pots import OddUnitTo, Settlement

_new = tuple.__new__
_NO_RAISE = (None, None)
Phase = str
"""``"betting"``, ``"draw"``, ``"deal"`` (manual dealer: cards owed), ``"showdown"`` (with
``mucking``: a seat must show or muck) or ``"over"``."""


class HandState:
    """One hand: stacks, bets, cards, whose turn it is, and the history so far.

    Seats are 0..n-1 clockwise; seat ``button + 1`` posts the small blind (heads-up the
    button does). ``street`` is the betting round 0-3, or during a draw the draw number 1-3.
    """

    __slots__ = (
        "_active",
        "_bets",
        "_bounds",
        "_bounds_at",
        "_contributed",
        "_deck",
        "_drawn",
        "_folded",
        "_hands",
        "_hidden",
        "_live",
        "_log",
        "_owed",
        "_result",
        "_round",
        "_setup",
        "_showing",
        "_stacks",
        "_thrown",
        "actor",
        "phase",
        "street",
    )

    def __init__(
        self,
        game: str = "badugi",
        betting: Betting | BettingRules = "fixed-limit",
        stacks: Sequence[int] = (200,) * 6,
        button: int = 0,
        blinds: tuple[int, int] = (1, 2),
        antes: int = 0,
        small_bet: int | None = None,
        big_bet: int | None = None,
        seed: int | None = None,
        deck: CardsLike | None = None,
        max_raises: int | None = 3,
        cap_heads_up: bool = False,
        big_bet_from: int = 2,
        dealer: str = "auto",
        badeucey_aces_low: bool = False,
        odd_unit_to: OddUnitTo = "badugi",
        qualifier: int | CardsLike | None = None,
        mucking: bool = False,
    ) -> None:
        n = check_stacks(stacks)
        setup = make_setup(
            game, betting, n, button, blinds, antes, small_bet, big_bet, max_raises,
            cap_heads_up, big_bet_from, dealer, badeucey_aces_low, odd_unit_to, qualifier,
            mucking,
        )  # fmt: skip
        seed = check_seed(seed)
        self._setup = setup
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contributed = [0] * n
        self._folded = [False] * n
        self._drawn: list[tuple[int, ...]] = [()] * n
        self._live = n
        self._active = n  # seats not folded with chips behind: those who can still bet
        self._bounds: tuple[int, int] | None = None  # legal_actions()' raise bounds, for
        self._bounds_at = -1  # the step (history length) they were computed at
        self._thrown: list[tuple[Card, ...]] = [()] * n
        self._showing: list[int] = []  # seats yet to show or muck (phase "showdown")
        self._result: Settlement | None = None
        self._log: list[Action] = []
        self._hidden: HiddenHistories | None = None  # made by the first view()
        self.street = 0
        self.actor: int | None = None
        self.phase: Phase = "deal"
        self._post()
        if setup.manual:  # no betting until the cards are dealt
            self._deck = Deck(list(DECK), seed, True)
            self._hands: list[list[Card]] = [[] for _ in range(n)]
            self._owed = [setup.rule.cards] * n
            self._round = Round(setup.code, setup.sizes[0], setup.cap, n, 0)
        else:
            stub = shuffled_deck(seed) if deck is None else read_deck(deck, n, setup.rule.cards)
            self._deck = Deck(stub, seed, False)
            self._deal_all()

    @property
    def game(self) -> str:
        """The game's name."""
        return self._setup.rule.name

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
        return bool(self._setup.settle.get("badeucey_aces_low", False))

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
        return self._deck.seed

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind (not yet bet); after the hand, its final stack."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has bet in this betting round."""
        return tuple(self._bets)

    @property
    def contributed(self) -> tuple[int, ...]:
        """Chips each seat has put in this hand (antes and blinds included)."""
        return tuple(self._contributed)

    @property
    def pot(self) -> int:
        """Chips in the middle, this round's bets included (after the hand: carried over)."""
        if self._result is not None:
            return self._result.carried_over
        return sum(self._contributed)

    @property
    def is_over(self) -> bool:
        """Whether the hand is finished and paid."""
        return self._result is not None

    @property
    def result(self) -> Settlement | None:
        """The settlement once the hand is over (settle() on contributions and shown cards)."""
        return self._result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every step so far, the dealer's included, in order."""
        return tuple(self._log)

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(seat for seat, folded in enumerate(self._folded) if not folded)

    @property
    def last_aggressor(self) -> int | None:
        """The seat that made the last bet or raise of the current (or final) round."""
        return self._round.aggressor

    @property
    def stub_size(self) -> int:
        """Cards left in the stub."""
        return self._deck.stub_size

    @property
    def to_show(self) -> int | None:
        """The seat that must show or muck next (phase "showdown"), else None."""
        return self._showing[0] if self._showing else None

    @property
    def decider(self) -> int | None:
        """The seat the hand waits on: the ``actor``, or at a showdown with ``mucking`` the
        seat to show or muck; None when the hand is over (or a manual dealer owes cards)."""
        return self.actor if self.actor is not None else self.to_show

    @property
    def pending_deal(self) -> tuple[int, int] | None:
        """Manual dealer: (seat, cards owed) of the next seat to be dealt, else None."""
        if self.phase != "deal":
            return None
        for seat in self._setup.order:
            if self._owed[seat]:
                return seat, self._owed[seat]
        return None

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds (none after it folds)."""
        return tuple(self._hands[self._setup.seat(seat)])

    def folded(self, seat: int) -> bool:
        """Whether a seat has folded."""
        return self._folded[self._setup.seat(seat)]

    def all_in(self, seat: int) -> bool:
        """Whether a seat is in the hand with no chips behind."""
        seat = self._setup.seat(seat)
        return not self._folded[seat] and self._stacks[seat] == 0

    def discard_counts(self, seat: int) -> tuple[int, ...]:
        """How many cards a seat drew in each draw so far (public information)."""
        return self._drawn[self._setup.seat(seat)]

    def cards_in_play(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is: "hands", "stub", "muck", "burns", "discards" (this draw)."""
        return self._deck.places(self._hands)

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do now, or None when no player is to act."""
        seat = self.actor
        if seat is None:
            return None
        if self.phase == "draw":
            return legal(seat, False, False, None, None, None, len(self._hands[seat]))
        setup = self._setup
        bets = self._bets
        stacks = self._stacks
        rnd = self._round
        lift = self._live == 2 and setup.lift_cap_heads_up
        others = setup.others[seat]
        bounds = rnd.bounds(seat, bets, stacks, self._folded, others, self._contributed, lift)
        self._bounds = bounds  # for the raise that may follow
        self._bounds_at = len(self._log)
        low, high = bounds or _NO_RAISE
        owe = rnd.level - bets[seat]
        if owe > 0:
            stack = stacks[seat]
            call = owe if owe < stack else stack
            return _new(LegalActions, (seat, True, False, call, low, high, None))
        return _new(LegalActions, (seat, False, True, None, low, high, None))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (for bots): never other seats' cards or the stub."""
        seat = self._setup.seat(seat)
        if self._hidden is None:
            self._hidden = HiddenHistories(self._setup.n)
        history = self._hidden.of(seat, self._log)
        return seat_view(self, seat, tuple(self._folded), tuple(self._drawn), history)

    def copy(self) -> HandState:
        """An independent copy of the hand (for search and solvers)."""
        other = HandState.__new__(HandState)
        other._setup = self._setup
        other._stacks = self._stacks[:]
        other._bets = self._bets[:]
        other._contributed = self._contributed[:]
        other._folded = self._folded[:]
        other._hands = [hand[:] for hand in self._hands]
        other._drawn = self._drawn[:]
        other._owed = self._owed[:]
        other._live = self._live
        other._active = self._active
        other._bounds = self._bounds
        other._bounds_at = self._bounds_at
        other._thrown = self._thrown[:]
        other._showing = self._showing[:]
        other._result = self._result
        other._log = self._log[:]
        other._hidden = None
        other.street = self.street
        other.actor = self.actor
        other.phase = self.phase
        other._deck = self._deck.copy()
        other._round = self._round.copy()
        return other

    # ------------------------------------------------------------------ betting actions
    def _turn(self, seat: int | None, phase: str) -> int:
        """The seat to act, checked to be ``seat`` (when given) in the right phase. The hot
        actions test the plain case (no seat given, right phase) inline, saving this call."""
        actor = self.actor
        if seat is None and self.phase == phase and actor is not None:
            return actor
        if actor is None or self.phase != phase:
            what = "the hand is over" if self._result is not None else f"the phase is {self.phase}"
            raise IllegalAction(f"no {phase} action now: {what}")
        if seat is not None and (type(seat) is not int or seat != actor):
            raise IllegalAction(f"seat {seat!r} is not to act (seat {actor} is)")
        return actor

    def _facing_bet(self, seat: int | None, verb: str) -> int:
        """The actor, if it faces a bet: only then may it fold (or call)."""
        actor = self.actor
        if seat is not None or actor is None or self.phase != "betting":
            actor = self._turn(seat, "betting")
        if self._bets[actor] >= self._round.level:
            raise IllegalAction(f"seat {actor} cannot {verb}: nothing to call, check instead")
        return actor

    def verify_fold(self, seat: int | None = None) -> None:
        """Raise IllegalAction unless the actor (``seat`` if given) may fold."""
        self._facing_bet(seat, "fold")

    def can_fold(self, seat: int | None = None) -> bool:
        """Whether the actor may fold (only when facing a bet)."""
        return self._can(self._facing_bet, seat, "fold")

    def fold(self, seat: int | None = None) -> Action:
        """Fold: the hand goes to the muck and the seat is out of every pot."""
        actor = self._facing_bet(seat, "fold")
        self._folded[actor] = True
        self._live -= 1
        if self._stacks[actor]:
            self._active -= 1
        self._deck.muck.extend(self._hands[actor])
        self._hands[actor] = []
        record = _new(Action, ("fold", actor, None, ()))
        self._log.append(record)
        if self._live == 1:
            self._finish()
        else:
            self._next_actor(actor)
        return record

    def _may_check(self, seat: int | None) -> int:
        """The actor, if it may check."""
        actor = self._turn(seat, "betting")
        owe = self._round.level - self._bets[actor]
        if owe > 0:
            raise IllegalAction(f"seat {actor} cannot check: {owe} to call")
        return actor

    def verify_check(self, seat: int | None = None) -> None:
        """Raise IllegalAction unless the actor may check."""
        self._may_check(seat)

    def can_check(self, seat: int | None = None) -> bool:
        """Whether the actor may check."""
        return self._can(self._may_check, seat)

    def check(self, seat: int | None = None) -> Action:
        """Check: stay in without betting."""
        return self._match(self._may_check(seat))

    def verify_call(self, seat: int | None = None) -> None:
        """Raise IllegalAction unless the actor may call."""
        self._facing_bet(seat, "call")

    def can_call(self, seat: int | None = None) -> bool:
        """Whether the actor may call."""
        return self._can(self._facing_bet, seat, "call")

    def call(self, seat: int | None = None) -> Action:
        """Call: match the bet, or put in every chip left (all in for less)."""
        return self._match(self._facing_bet(seat, "call"))

    def check_or_call(self, seat: int | None = None) -> Action:
        """Check if there is nothing to call, else call."""
        actor = self.actor
        if seat is not None or actor is None or self.phase != "betting":
            actor = self._turn(seat, "betting")
        return self._match(actor)

    def _match(self, actor: int) -> Action:
        """Check, or call (all in for less if short), for the seat to act."""
        rnd = self._round
        level = rnd.level
        owe = level - self._bets[actor]
        if owe > 0:
            amount = self._put(actor, owe)
            record = _new(Action, ("call", actor, amount, ()))
        else:
            record = _new(Action, ("check", actor, None, ()))
        rnd.acted[actor] = level
        self._log.append(record)
        self._next_actor(actor)
        return record

    def _may_raise_to(self, to: int, seat: int | None) -> int:
        """The actor, if it may bet or raise to a total of ``to``."""
        actor = self.actor
        if seat is not None or actor is None or self.phase != "betting":
            actor = self._turn(seat, "betting")
        if type(to) is not int:
            raise IllegalAction(f"raise to {to!r}: the amount must be an int")
        if self._bounds_at != len(self._log):
            self.legal_actions()  # computes the bounds
        bounds = self._bounds
        if bounds is None:
            raise IllegalAction(f"seat {actor} cannot bet or raise now")
        smallest, largest = bounds
        if to < smallest:
            raise IllegalAction(f"raise to {_amount(to)} is below the minimum {smallest}")
        if to > largest:
            raise IllegalAction(f"raise to {_amount(to)} is above the maximum {largest}")
        return actor

    def verify_raise_to(self, to: int, seat: int | None = None) -> None:
        """Raise IllegalAction unless the actor may bet or raise to a total of ``to``."""
        self._may_raise_to(to, seat)

    def can_raise_to(self, to: int, seat: int | None = None) -> bool:
        """Whether the actor may bet or raise to ``to``."""
        return self._can(self._may_raise_to, to, seat)

    def raise_to(self, to: int, seat: int | None = None) -> Action:
        """Bet, or raise, making this round's bet ``to`` in total."""
        actor = self._may_raise_to(to, seat)
        kind = "raise" if self._round.level else "bet"
        self._put(actor, to - self._bets[actor])
        self._round.raised(actor, to)
        record = _new(Action, (kind, actor, to, ()))
        self._log.append(record)
        self._next_actor(actor)
        return record

    verify_bet_or_raise = verify_raise_to
    can_bet_or_raise = can_raise_to
    bet_or_raise = raise_to

    # ------------------------------------------------------------------ the draw
    def verify_draw(self, cards: CardsLike = (), seat: int | None = None) -> None:
        """Raise IllegalAction unless the actor may throw exactly these cards."""
        actor = self._turn(seat, "draw")
        discard_cards(cards, self._hands[actor], actor)

    def can_draw(self, cards: CardsLike = (), seat: int | None = None) -> bool:
        """Whether the actor may throw these cards."""
        return self._can(self.verify_draw, cards, seat)

    def draw(self, cards: CardsLike = (), seat: int | None = None) -> Action:
        """Throw these cards (none: stand pat); replacements come once everyone has thrown."""
        actor = self.actor
        if seat is not None or actor is None or self.phase != "draw":
            actor = self._turn(seat, "draw")
        thrown = discard_cards(cards, self._hands[actor], actor) if cards else ()
        hand = self._hands[actor]
        for card in thrown:
            hand.remove(card)
        self._deck.current.extend(thrown)
        self._owed[actor] = len(thrown)
        self._thrown[actor] = thrown
        self._drawn[actor] += (len(thrown),)
        record = _new(Action, ("discard", actor, None, thrown))
        self._log.append(record)
        self._next_drawer(actor)
        return record

    def stand_pat(self, seat: int | None = None) -> Action:
        """Draw no cards."""
        return self.draw((), seat)

    verify_discard = verify_draw
    can_discard = can_draw
    discard = draw

    # ------------------------------------------------------------------ manual dealing
    def verify_deal(self, seat: int, cards: CardsLike) -> None:
        """Raise IllegalAction unless these cards may be dealt to this seat now."""
        self._dealt_cards(seat, cards)

    def can_deal(self, seat: int, cards: CardsLike) -> bool:
        """Whether these cards may be dealt to this seat now."""
        return self._can(self._dealt_cards, seat, cards)

    def deal(self, seat: int, cards: CardsLike) -> Action:
        """Manual dealer: deal these cards (some or all of what the seat is owed)."""
        dealt, deck, reshuffled = self._dealt_cards(seat, cards)
        self._deck = deck
        if reshuffled is not None:
            self._record("reshuffle", None, reshuffled)
        record = self._give(seat, dealt)
        if not any(self._owed):
            self._dealt()
        return record

    def _dealt_cards(
        self, seat: int, cards: CardsLike
    ) -> tuple[tuple[Card, ...], Deck, int | None]:
        """The cards, and the deck after dealing them (the state is unchanged)."""
        if self.phase != "deal" or not self._setup.manual:
            raise IllegalAction(f"no cards to deal now: the phase is {self.phase}")
        seat = self._setup.seat(seat)
        return self._deck.dealt(
            seat, discard_cards(cards, DECK, seat, verb="deal"), self._hands, self._owed
        )

    def _give(self, seat: int, dealt: Sequence[Card]) -> Action:
        """Put dealt cards into a seat's hand and record them."""
        self._hands[seat].extend(dealt)
        self._owed[seat] -= len(dealt)
        if self.street and not self._owed[seat]:
            self._deck.replaced.extend(self._thrown[seat])
        return self._record("deal", seat, None, tuple(dealt))

    # ------------------------------------------------------------------ the showdown
    def _may_show(self, seat: int | None) -> int:
        """The seat to show or muck next, checked to be ``seat`` when given."""
        if self.phase != "showdown":
            what = "the hand is over" if self._result is not None else f"the phase is {self.phase}"
            raise IllegalAction(f"no show or muck now: {what}")
        first = self._showing[0]
        if seat is not None and (type(seat) is not int or seat != first):
            raise IllegalAction(f"seat {seat!r} is not to show or muck (seat {first} is)")
        return first

    def verify_show(self, seat: int | None = None) -> None:
        """Raise IllegalAction unless it is this seat's turn to show or muck."""
        self._may_show(seat)

    def can_show(self, seat: int | None = None) -> bool:
        """Whether it is this seat's turn to show or muck."""
        return self._can(self._may_show, seat)

    def show(self, seat: int | None = None) -> Action:
        """Show the hand at the showdown (``mucking``), keeping its claim to the pots."""
        shower = self._may_show(seat)
        return self._decided(self._record("show", shower, None, tuple(self._hands[shower])))

    def _may_muck(self, seat: int | None) -> int:
        """The seat to show or muck next, if it may muck: not when it alone still claims a
        pot (everyone else in it mucked or folded): it must show to take that pot."""
        mucker = self._may_show(seat)
        contributed = self._contributed
        others = [other for other in range(self._setup.n) if other != mucker]
        # the top level it reached with another seat; the top level a live other reached
        shared = min(contributed[mucker], max(contributed[other] for other in others))
        live = [contributed[other] for other in others if not self._folded[other]]
        if not live or shared > max(live):
            pot = "a side pot" if live else "the pot"
            raise IllegalAction(f"seat {mucker} cannot muck: it alone still claims {pot}; show")
        return mucker

    def verify_muck(self, seat: int | None = None) -> None:
        """Raise IllegalAction unless this seat may muck now."""
        self._may_muck(seat)

    def can_muck(self, seat: int | None = None) -> bool:
        """Whether this seat may muck now."""
        return self._can(self._may_muck, seat)

    def muck(self, seat: int | None = None) -> Action:
        """Muck the hand unseen at the showdown (``mucking``): as a fold, the seat gives up
        every pot and its chips stay in."""
        mucker = self._may_muck(seat)
        self._folded[mucker] = True
        self._live -= 1
        self._deck.muck.extend(self._hands[mucker])
        self._hands[mucker] = []
        return self._decided(self._record("muck", mucker, None, ()))

    def _decided(self, record: Action) -> Action:
        """After a show or muck: the next seat decides, or (all have) the hand is paid."""
        showing = self._showing
        showing.pop(0)
        if not showing:
            self._pay()  # every seat still in has shown
        return record

    def apply(self, step: Action | str) -> Action:
        """Perform an Action value or its text form ("fold", "call", "raise 6", "draw Kd 7s",
        "stand pat", "deal 3 As Kd"); see docs/rules.md, "How a hand is played"."""
        return perform(self, step)

    # ------------------------------------------------------------------ the dealer
    @staticmethod
    def _can(check: Callable[..., object], *args: Any) -> bool:
        """Whether ``check(*args)`` passes."""
        try:
            check(*args)
        except IllegalAction:
            return False
        return True

    def _record(
        self, kind: str, seat: int | None, amount: int | None = None, cards: tuple[Card, ...] = ()
    ) -> Action:
        """Append a step to the history (the hot paths append theirs inline)."""
        record = _new(Action, (kind, seat, amount, cards))
        self._log.append(record)
        return record

    def _put(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` chips from a seat's stack to its bet; return how many."""
        stacks = self._stacks
        if amount >= stacks[seat]:
            amount = stacks[seat]
            self._active -= 1
        stacks[seat] -= amount
        self._bets[seat] += amount
        self._contributed[seat] += amount
        return amount

    def _post(self) -> None:
        """Post the antes (dead money) and the blinds (this round's bets)."""
        setup = self._setup
        stacks = self._stacks
        if setup.antes:
            for seat in setup.order:
                amount = min(setup.antes, stacks[seat])
                stacks[seat] -= amount
                self._contributed[seat] += amount
                if not stacks[seat]:
                    self._active -= 1
                self._record("post-ante", seat, amount)
        if setup.blinds[1]:
            for seat, blind in zip(setup.blind_seats, setup.blinds, strict=True):
                if blind:
                    amount = self._put(seat, blind)
                    self._log.append(_new(Action, ("post-blind", seat, amount, ())))

    def _deal_all(self) -> None:
        """Auto dealer: the first cards, one at a time clockwise from left of the button."""
        setup = self._setup
        log = self._log
        hands = self._deck.deal_first(setup.n, setup.rule.cards)
        for seat, hand in zip(setup.order, hands, strict=True):
            log.append(_new(Action, ("deal", seat, None, tuple(hand))))
        at = (-setup.button - 1) % setup.n  # seat 0's place in the dealing order
        self._hands = hands[at:] + hands[:at]
        self._owed = [0] * setup.n
        self._begin_round()

    def _dealt(self) -> None:
        """Every card owed is dealt: start the betting round of this street."""
        if self.street:
            deck = self._deck
            deck.muck.extend(deck.current)
            deck.current = []
            deck.replaced = []
        self._begin_round()

    def _begin_round(self) -> None:
        """Open a betting round; play on at once if fewer than two players can bet."""
        setup = self._setup
        street = self.street
        n = setup.n
        blind = setup.blinds[1] if street == 0 else 0
        self._round = Round(setup.code, setup.sizes[street], setup.cap, n, blind)
        self.phase = "betting"
        self.actor = None
        self._next_actor(setup.blind_seats[1] if street == 0 and blind else setup.button)

    def _next_actor(self, after: int) -> None:
        """The next seat clockwise after ``after`` that must act, or end the round."""
        stacks = self._stacks
        folded = self._folded
        bets = self._bets
        rnd = self._round
        level = rnd.level
        acted = rnd.acted
        can_act = self._active
        for seat in self._setup.ring[after]:
            if folded[seat] or not stacks[seat]:
                continue
            if bets[seat] < level or (acted[seat] < 0 and can_act >= 2):
                self.actor = seat
                return
        self._end_round()

    def _end_round(self) -> None:
        """Collect the round's bets; draw next, or show down after the last round."""
        self.actor = None
        self._bets = [0] * self._setup.n
        if self.street == 3:
            self._finish()
            return
        self.street += 1
        self.phase = "draw"
        self._next_drawer(self._setup.button, start=True)

    def _next_drawer(self, after: int, start: bool = False) -> None:
        """The next live seat to throw, or (when all have) the burn and the replacements."""
        folded = self._folded
        setup = self._setup
        for seat in setup.to_draw[after] if after != setup.button or start else ():
            if not folded[seat]:
                self.actor = seat
                return
        self.actor = None
        self._burn_and_replace()

    def _burn_and_replace(self) -> None:
        """The burn (even if all stood pat), then each seat's replacements in turn."""
        deck = self._deck
        remaining = 1 + sum(self._owed)
        card, reshuffled = deck.burn(remaining)
        if reshuffled:
            self._record("reshuffle", None, deck.stub_size + 1)  # the size before the burn
        self._record("burn", None, None, () if card is None else (card,))
        if self._setup.manual:
            self.phase = "deal"
            if not any(self._owed):
                self._dealt()
            return
        remaining -= 1
        stub = deck.stub
        if len(stub) >= remaining:  # the usual case: the stub suffices, no reshuffle can come
            hands = self._hands
            log = self._log
            owing = self._owed
            for seat in self._setup.order:
                owed = owing[seat]
                if owed:
                    dealt = stub[: -owed - 1 : -1]
                    del stub[-owed:]
                    hands[seat] += dealt
                    log.append(_new(Action, ("deal", seat, None, tuple(dealt))))
            self._owed = [0] * self._setup.n
        else:
            for seat in self._setup.order:
                owed = self._owed[seat]
                if owed:
                    dealt, reshuffles = deck.replacements(owed, remaining)
                    for size in reshuffles:
                        self._record("reshuffle", None, size)
                    remaining -= owed
                    self._give(seat, dealt)
        self._dealt()

    def _finish(self) -> None:
        """The betting is over: show down (with ``mucking``, each live seat decides first)."""
        setup = self._setup
        self.actor = None
        self._bets = [0] * setup.n
        shown = showing_seats(setup, self._folded, self._round.aggressor)
        if setup.mucking and shown:
            self.phase = "showdown"
            self._showing = list(shown)
            return
        for seat in shown:
            self._record("show", seat, None, tuple(self._hands[seat]))
        self._pay()

    def _pay(self) -> None:
        """Pay as badugi_fast.settle does (every live seat has shown its cards, if two are)."""
        self.phase = "over"
        result = settle_hand(self._setup, self._contributed, self._folded, self._hands)
        self._result = result
        for seat, paid in enumerate(result.payouts):
            if paid:
                self._stacks[seat] += paid
                self._record("win", seat, paid)


def _amount(chips: int) -> str:
    """An amount for an error message: a number too long to print is said to be one."""
    return str(chips) if chips.bit_length() <= 64 else "an amount of over 19 digits"
