"""Table: hand after hand with stacks that carry over, a moving button and busted seats.

A cash game lets players sit down, rebuy and leave between hands; a tournament plays
until one player holds every chip, optionally with rising blinds and antes. Each hand is a
:class:`HandState` (docs/rules.md, "How a hand is played"): the seats with chips are dealt
in, the button moves one occupied seat clockwise per hand (a seat that busts sits out).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, SupportsIndex

from badugi_fast.checks import check_int, check_list, check_seat
from badugi_fast.engine.actions import Action
from badugi_fast.engine.bots import Bot, check_bot, illegal_play
from badugi_fast.engine.options import check_options
from badugi_fast.engine.rules import MAX_SEATS, MIN_SEATS
from badugi_fast.engine.setup import MAX_SEED_BITS, check_seed
from badugi_fast.engine.state import HandState
from badugi_fast.errors import HandInUse, IllegalAction, InvalidOption, InvalidOptionType

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class Level:
    """A tournament level: from hand number ``start`` (0-based) on, these blinds and antes."""

    start: int
    blinds: tuple[int, int]
    antes: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", check_int("level start", self.start, 0))
        object.__setattr__(self, "antes", check_int("level antes", self.antes, 0))
        if not isinstance(self.blinds, tuple) or len(self.blinds) != 2:
            raise InvalidOptionType(f"level blinds must be (small, big), not {self.blinds!r}")


class Table:
    """Seats with stacks (0: empty or busted) that play hand after hand.

    ``options`` are passed to every :class:`HandState` (game, betting, blinds, antes, bet
    sizes, ...); ``levels`` (a tournament's schedule) override blinds and antes by hand number.
    ``seed`` makes the whole session reproducible: hand ``k`` is shuffled with ``seed + k``.

    Threads may share a table: its hands, sittings and leavings take turns (each waits for
    the one in progress). A bot that calls back into its own table mid-hand gets HandInUse.
    """

    def __init__(
        self,
        stacks: Sequence[SupportsIndex] | npt.NDArray[np.integer[Any]],
        *,
        button: SupportsIndex = 0,
        seed: SupportsIndex | None = None,
        levels: Sequence[Level] = (),
        **options: Any,
    ) -> None:
        stacks = check_list("stacks", stacks, "ints")
        if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
            raise InvalidOption(f"a table has {MIN_SEATS} to {MAX_SEATS} seats")
        self._stacks = [check_int(f"seat {seat}: stack", s, 0) for seat, s in enumerate(stacks)]
        self._button = check_seat("button", button, len(stacks))
        self._seed = None if seed is None else check_seed(seed)
        if not all(isinstance(level, Level) for level in levels):
            raise InvalidOptionType("levels must be Level(start, blinds, antes) values")
        self._levels = sorted(levels, key=lambda level: level.start)
        for name in ("stacks", "dead_money"):
            if name in options:
                raise InvalidOptionType(f"a Table sets {name} itself; do not pass it")
        check_options(options, "a Table")
        HandState(stacks=[1, 1], **options)  # any bad option fails here, not at the first hand
        self._options = options
        self.hands_played = 0
        self.last_hand: HandState | None = None
        """The hand in play, or else the last one played."""
        self._lock = threading.RLock()
        self._busy = False
        self._carried = 0

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips (0: empty or busted)."""
        return tuple(self._stacks)

    @property
    def carried(self) -> int:
        """Chips no hand won (a qualifier no hand reached; docs/rules.md, "Settling a pot"): the
        next hand plays for them as dead money in its main pot. The stacks plus these are
        every chip brought to the table."""
        return self._carried

    @property
    def button(self) -> int:
        """The seat of the button for the next hand."""
        return self._button

    @property
    def players(self) -> tuple[int, ...]:
        """Seats with chips, who are dealt the next hand."""
        return tuple(seat for seat, stack in enumerate(self._stacks) if stack > 0)

    def sit(self, seat: SupportsIndex, chips: SupportsIndex) -> None:
        """A player sits down at an empty seat, or rebuys: ``chips`` are added to the seat."""
        seat = self._seat(seat)
        chips = check_int("chips", chips, 1)
        with self._turn():
            self._stacks[seat] += chips

    def leave(self, seat: SupportsIndex) -> int:
        """A player leaves; returns the chips they take."""
        seat = self._seat(seat)
        with self._turn():
            chips, self._stacks[seat] = self._stacks[seat], 0
        return chips

    @contextmanager
    def _turn(self) -> Iterator[None]:
        """Hold the table for one change: other threads wait; the thread already inside
        (a bot calling back mid-hand) is refused, since it would act on stale stacks."""
        with self._lock:
            if self._busy:
                raise HandInUse("the table is in the middle of a hand")
            self._busy = True
            try:
                yield
            finally:
                self._busy = False

    def _seat(self, seat: SupportsIndex) -> int:
        return check_seat("seat", seat, len(self._stacks))

    def level(self) -> tuple[tuple[int, int], int] | None:
        """(blinds, antes) of the tournament level of the next hand, if there is a schedule."""
        current = None
        for level in self._levels:
            if level.start <= self.hands_played:
                current = (level.blinds, level.antes)
        return current

    def play_hand(
        self,
        bots: Sequence[Bot] | Mapping[int, Bot],
        *,
        on_action: Callable[[Action], None] | None = None,
        on_illegal: Callable[[IllegalAction], None] | None = None,
    ) -> HandState:
        """Deal one hand to the seats with chips, ask each seat's bot for its actions, pay.

        ``bots`` has a bot for every seat that plays (a list by seat, or a dict).
        ``on_action`` sees every player action as it happens (for display). An illegal
        action raises IllegalAction naming the seat, the action and the hand's seed; with
        ``on_illegal``, the engine's error goes to it instead and the bot is asked again
        (a person at a terminal), unless ``on_illegal`` raises.
        """
        with self._turn():
            return self._play_hand(bots, on_action, on_illegal)

    def _play_hand(
        self,
        bots: Sequence[Bot] | Mapping[int, Bot],
        on_action: Callable[[Action], None] | None,
        on_illegal: Callable[[IllegalAction], None] | None,
    ) -> HandState:
        players = self.players
        if len(players) < MIN_SEATS:
            raise IllegalAction(f"a hand needs {MIN_SEATS} players with chips, got {len(players)}")
        seat_bots = {seat: _seat_bot(bots, seat) for seat in players}
        button = self._button
        while self._stacks[button] == 0:  # the button's player left or busted: move on
            button = (button + 1) % len(self._stacks)
        options = dict(self._options)
        level = self.level()
        if level is not None:
            options["blinds"], options["antes"] = level
        seed = None if self._seed is None else (self._seed + self.hands_played) % 2**MAX_SEED_BITS
        state = HandState(
            stacks=[self._stacks[seat] for seat in players],
            button=players.index(button),
            seed=seed,
            dead_money=self._carried,
            **options,
        )
        self.last_hand = state
        while (decider := state.decider) is not None:
            seat = players[decider]
            step = seat_bots[seat](state.view(decider))
            try:
                record = state.apply(step)
            except IllegalAction as error:
                if on_illegal is None:
                    raise illegal_play(error, seat, step, f"the hand of seed {seed}") from None
                on_illegal(error)
                continue
            if on_action is not None:
                on_action(record)
        for seat, stack in zip(players, state.stacks, strict=True):
            self._stacks[seat] = stack
        self._carried = state.pot  # after the hand: what nobody won, the dead money included
        self.hands_played += 1
        self._button = self._next_button(button)
        return state

    def _next_button(self, button: int) -> int:
        """The next seat clockwise with chips (the button itself if none other has)."""
        n = len(self._stacks)
        for step in range(1, n + 1):
            seat = (button + step) % n
            if self._stacks[seat] > 0:
                return seat
        return button

    def play(
        self, hands: SupportsIndex, bots: Sequence[Bot] | Mapping[int, Bot]
    ) -> list[HandState]:
        """Play up to ``hands`` hands, stopping early when fewer than two players have chips
        (a tournament ends so, with one player holding every chip)."""
        hands = check_int("hands", hands, 0)
        played: list[HandState] = []
        while len(played) < hands:
            with self._turn():  # checked in the turn: another thread may end the game first
                if len(self.players) < MIN_SEATS:
                    break
                played.append(self._play_hand(bots, None, None))
        return played


def _seat_bot(bots: object, seat: int) -> Bot:
    """The bot a list or dict of bots gives a seat that plays; an error names the seat left
    out, or what was given instead of bots."""
    if isinstance(bots, str) or not isinstance(bots, Sequence | Mapping):
        raise InvalidOptionType(f"bots must be a list or dict of bots, not {type(bots).__name__}")
    if isinstance(bots, Mapping) and seat not in bots:
        raise InvalidOption(f"no bot for seat {seat} (bots for seats {list(bots)})")
    if isinstance(bots, Sequence) and not 0 <= seat < len(bots):
        raise InvalidOption(f"no bot for seat {seat} ({len(bots)} bots given)")
    return check_bot(bots[seat], f"seat {seat}'s bot")
