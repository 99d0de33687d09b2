"""VectorGame: many independent tables played in C, stepped together with numpy arrays.

The shape follows pgx's batched states: ``current_player`` (n,), ``legal_action_mask``
(n, A) bool, ``observation`` (n, D) float32 for each table's player to decide, and
``step(actions)`` returning the per-seat ``rewards`` (n, players) and ``terminated`` (n,)
of the hands that ended. A table whose hand ends starts its next one in the same step (as
Gymnasium's same-step autoreset): after ``step``, ``terminated[i]`` and ``rewards[i]``
describe the hand that ended, while ``current_player``, ``legal_action_mask`` and
``observation`` already describe the next one. A hand the caller never decides in (the
bots, or the forced bets alone, play it out) is no step's: it is counted in
``skipped_hands`` and ``skipped_chips`` of the step it ended on. The action space and the
observation are the C encoding's (csrc/badugi.h, "Training encoding"; docs/guide/training.md).

Table ``t``'s hand ``k`` has the button at ``k % players`` and takes its seed from the
library's random stream of ``(seed, 2 t)``, so a run is the same whatever the number of
tables; bots at a table draw from the stream of ``(seed, 2 t + 1)``. numpy is required.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from copy import deepcopy
from numbers import Real
from typing import TYPE_CHECKING, Any, Literal, NoReturn, SupportsIndex

from badugi_fast._binding.vector import (
    BOT_CODES,
    MAX_FRACTIONS,
    Tables,
    compact_scales,
    new_actions,
    sizes,
    split_move,
)
from badugi_fast.checks import as_int, check_choice, check_int, check_list, shown
from badugi_fast.engine.options import check_option_names
from badugi_fast.engine.setup import check_seed
from badugi_fast.engine.state import HandState, hand_settings
from badugi_fast.errors import (
    HandInUse,
    IllegalAction,
    InvalidOption,
    InvalidOptionType,
    InvalidState,
)
from badugi_fast.extras import extra
from badugi_fast.parallel import check_threads

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["DEFAULT_FRACTIONS", "MAX_TABLES", "OBSERVATIONS", "Observation", "VectorGame"]

Observation = Literal["full", "compact"]
"""The observation a game gives (docs/guide/training.md, "Observation"): the full float32
one, or the compact int32 one (card ids in place of one-hots, chips in chips)."""
OBSERVATIONS: tuple[Observation, ...] = ("full", "compact")
"""The names ``observation`` takes."""
COMPACT_CHIPS = 2**31 - 1
"""The most chips a table may hold with the compact observation, which keeps them as int32."""

DEFAULT_FRACTIONS = (0.5, 1.0, 2.0)
"""The raise sizes of pot and no limit, as fractions of the pot after a call (the largest
legal raise, all-in or the pot limit, is always an action too)."""
MAX_TABLES = 2**18
"""The most tables one VectorGame plays (262,144): each takes about 5 KB (its C hand and
betting history, a log of 64 moves, its row of the arrays), measured at 65,536 tables of
six seats, so the largest game needs about 1.3 GB; play more as several games. A table
whose hand outgrows its log gets a longer one of its own (doubling: at most 16 bytes a move
of its longest hand), the other tables' logs unchanged."""
_FIXED = ("button", "seed", "deck")
"""HandState options a VectorGame sets itself."""
MIN_PART = 256
"""The least work a thread steps, in tables of callers alone (a table whose other seats are
bots counts as players / callers of them: its bots move in the step too). Measured on 2
cores (benchmarks/vector_threads.py, the step alone): 256 such tables step 1.18x faster on
two threads than on one, 512 1.3x, 1,024 1.4x to 1.6x, 8,192 1.6x to 1.9x."""
PARTS_PER_THREAD = 4
"""Runs of tables a step cuts each thread's share into: a thread that wakes late or is
slowed leaves its runs to the others."""


class VectorGame:
    """``n`` tables of one game, each hand's decisions made by the caller (one action per
    table per step) or by built-in bots in C.

    ``options`` are HandState's (game, betting, stacks, blinds, dead_money, ...) but the
    button, seed and deck; the dealer is the engine's. Every hand starts from the C hand
    HandState builds from them, so it plays as ``HandState(button=..., seed=..., **options)``.
    ``bots``: one entry per seat, None for a seat the caller plays or a bundled bot's name
    ("random", "calling-station", "hand-strength", "equity") for a seat C plays (at least
    one seat is the caller's; default: all). ``dead_money`` is added to every hand's pot (not with
    ``carry_stacks``, whose stacks it would swell hand after hand).
    ``carry_stacks``: each hand starts from the last one's stacks (all reset when a seat
    has no chips left) instead of ``stacks``. ``raise_fractions``: the raise sizes of pot
    and no limit (up to 8, each > 0). Chips no hand won (a qualifier nobody met) leave the
    table and are counted in ``carried``. ``n`` is 1 to :data:`MAX_TABLES` (262,144).

    ``observation``: "full" (float32, D values a table) or "compact" (int32: the card ids
    instead of their one-hots, and every other value as the integer the full one scales;
    ``compact_scale`` maps it back, docs/guide/training.md, "Observation"); a compact game's
    table holds at most 2**31 - 1 chips.

    ``threads``: how many threads step the tables (at least :data:`MIN_PART` tables of
    callers alone a thread, so a small game uses fewer), the caller's one of them, on the
    library's C thread pool; the step releases the GIL. Default (None): one per CPU the
    process may use (:func:`badugi_fast.parallel.default_threads`); 1 to 256. The tables
    are independent, so every result (arrays, rewards, hands) is the same whatever the
    number of threads.

    ``final_observations``: every step also sets ``final_observation``, each ended hand's
    last observation (Gymnasium's ``final_obs``), at the cost of one more observation a
    hand.

    The arrays a game exposes are read-only (writing one raises numpy's ValueError); each
    step gives new ones, so those of earlier steps stay as they were.
    """

    def __init__(
        self,
        n: SupportsIndex,
        *,
        seed: SupportsIndex = 0,
        bots: Sequence[str | None] | None = None,
        carry_stacks: bool = False,
        raise_fractions: Sequence[float] | npt.NDArray[np.floating[Any]] = DEFAULT_FRACTIONS,
        threads: SupportsIndex | None = None,
        observation: Observation = "full",
        final_observations: bool = False,
        **options: Any,
    ) -> None:
        with extra("numpy", "VectorGame"):
            import numpy as np

        n = check_int("n", n, 1, MAX_TABLES)
        seed = check_seed(seed)
        self.threads: int = check_threads(threads)
        """The threads that step the tables (fewer run in a small game: MIN_PART)."""
        check_option_names(options, "a VectorGame")
        self._token = [None]
        for name in _FIXED:
            if name in options:
                raise InvalidOption(f"{name} is set by VectorGame for each hand, not an option")
        if options.get("dealer", "auto") != "auto":
            raise InvalidOption("a VectorGame deals its own cards: dealer must be 'auto'")
        for flag, value in (
            ("carry_stacks", carry_stacks),
            ("final_observations", final_observations),
        ):
            if type(value) is not bool:
                raise InvalidOptionType(f"{flag} must be True or False, not {value!r:.40}")
        if carry_stacks and options.get("dead_money"):
            raise InvalidOption("dead_money with carry_stacks would add chips every hand")
        self.compact: bool = check_choice("observation", observation, OBSERVATIONS) == "compact"
        """Whether the observation is the compact one (int32) rather than the full one."""
        probe, settings = hand_settings(**options)  # every option is checked here
        self._options = options
        self.players: int = probe.n_seats
        chips = sum(probe.stacks) + probe.pot  # every hand's, and with carry_stacks all
        if self.compact and chips > COMPACT_CHIPS:
            raise InvalidOption(
                f"observation='compact' keeps chips as int32: a table of {chips} chips holds"
                " over 2**31 - 1"
            )
        bots = [None] * self.players if bots is None else _check_bots(bots, self.players)
        fractions = check_fractions(raise_fractions)
        actions = new_actions(fractions)
        self.num_actions, self.observation_size, self.chip_unit = sizes(
            settings, actions, self.compact
        )
        """The chips one unit of the rewards and the observation counts (the big blind, or
        with none the small bet)."""
        self.compact_scale: npt.NDArray[np.float32] = np.empty(
            sizes(settings, actions, compact=True)[1], np.float32
        )
        """What each compact value times gives the full observation's (0 for the card ids,
        whose one-hots it holds instead): docs/guide/training.md, "Observation"."""
        compact_scales(settings, self.compact_scale)
        self.compact_scale.setflags(write=False)
        self.n = n
        self.bots: tuple[str | None, ...] = tuple(bots)
        self.raise_fractions = fractions
        self._tables = Tables(settings, actions, bots, carry_stacks, seed, n, self.compact)
        callers = self.bots.count(None)
        self._threads = max(1, min(self.threads, n, n * self.players // (MIN_PART * callers)))
        """The threads that run: one per MIN_PART tables' worth of work at most."""
        self._mask = np.zeros((n, self.num_actions), np.uint8)
        """The masks of the last reading, which C checks actions against (never handed out:
        legal_action_mask is C's copy of them)."""
        self.current_player: npt.NDArray[np.int32] = np.empty(n, np.int32)
        self.legal_action_mask: npt.NDArray[np.bool_] = np.empty((n, self.num_actions), bool)
        self._values = np.int32 if self.compact else np.float32
        """The dtype of an observation's values."""
        self.observation: npt.NDArray[Any] = np.empty((n, self.observation_size), self._values)
        self.chips: npt.NDArray[np.int64] = np.zeros((n, self.players), np.int64)
        """Each seat's net chips in the hands that ended on the last step (0 elsewhere)."""
        self.carried: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        """Chips no hand won in the hands that ended on the last step (skipped ones too)."""
        self.skipped_hands: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        """Hands that ended on the last step with no decision by the caller (the bots, or
        the blinds and antes alone, played them): never in ``rewards`` nor ``terminated``."""
        self.skipped_chips: npt.NDArray[np.int64] = np.zeros((n, self.players), np.int64)
        """Each seat's net chips in the skipped hands of the last step."""
        self._finals = final_observations
        self.final_observation: npt.NDArray[Any] | None = None
        """With ``final_observations``: (n, D) as ``observation`` (full or compact), the
        last observation of each hand that ended on the last step (``terminated``), as it
        ended, for the caller's seat that decided last in it (0 for the other tables); else
        None."""
        self._run(None)  # the bots before each table's first decision

    def __copy__(self) -> VectorGame:
        """An independent game in the same state: the C tables are copied (hands, random
        streams, move logs), so the copy and the original each play on alone. The tables and
        the arrays that read them are copied in one claim, so a step from another thread
        lands wholly before or after the copy."""
        other = VectorGame.__new__(VectorGame)
        with self._claimed():
            other.__dict__.update(self.__dict__)
            other._tables = self._tables.copy()
            other._mask = self._mask.copy()
        other._token = [None]
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> VectorGame:
        """:meth:`__copy__`, the options copied too."""
        other = self.__copy__()
        other._options = deepcopy(self._options, memo)
        return other

    def __reduce_ex__(self, protocol: SupportsIndex) -> NoReturn:
        """Refused: a game's C tables are live memory, not values a pickle could check on
        load. Keep the options and seed instead, or copy.deepcopy it in memory."""
        raise InvalidOptionType(
            "a VectorGame cannot be pickled: its C tables are live memory; keep its options "
            "and seed (the same seed plays the same hands), or copy.deepcopy it"
        )

    def __setstate__(self, state: object) -> NoReturn:
        """Refused: no pickle of a game is made, and one forged to name the class would
        give a game with no C tables."""
        raise InvalidState("a VectorGame cannot be unpickled: no pickle of one is made")

    def _claim(self) -> None:
        """One call into the tables at a time: the C step releases the GIL, so a second
        thread inside would race it; it raises HandInUse instead (as HandState does)."""
        try:
            self._token.pop()
        except IndexError:
            raise HandInUse("the VectorGame is in use by another thread") from None

    @contextmanager
    def _claimed(self) -> Iterator[None]:
        """:meth:`_claim` for a block (step claims inline: the context manager's generator
        costs a tenth of a small step)."""
        self._claim()
        try:
            yield
        finally:
            self._token.append(None)

    def _run(
        self, actions: Any, given: Any = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """One C step into fresh arrays: the rewards and which tables' hands ended. An
        illegal action raises IllegalAction (naming it as ``given`` holds it) and changes
        nothing."""
        import numpy as np

        n, players = self.n, self.players
        ended: npt.NDArray[np.uint8] = np.empty(n, np.uint8)
        counts = np.empty(n * (2 * players + 2), np.int64)  # the sums C writes, in one block
        rewards: npt.NDArray[np.float32] = np.empty((n, players), np.float32)
        player = np.empty(n, np.int32)
        mask = np.empty((n, self.num_actions), np.bool_)
        observation = np.empty((n, self.observation_size), self._values)
        final = np.zeros((n, self.observation_size), self._values) if self._finals else None
        parts = self._threads * PARTS_PER_THREAD
        code = self._tables.step(
            actions,
            self._mask,
            (ended, counts, rewards),
            (player, mask, observation),
            self._threads,
            parts,
            final,
        )
        if code < 0:
            table = -1 - code
            self._illegal(table, int(given[table]))
        for array in (counts, player, observation, mask, final):
            if array is not None:
                array.setflags(write=False)  # the views of counts below are read-only too
        self.final_observation = final
        chips = n * players
        self.chips = counts[:chips].reshape(n, players)
        self.skipped_chips = counts[chips : 2 * chips].reshape(n, players)
        self.carried = counts[2 * chips : 2 * chips + n]
        self.skipped_hands = counts[2 * chips + n :]
        self.current_player, self.observation = player, observation
        self.legal_action_mask = mask
        return rewards, ended.view(np.bool_)

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Each table's player takes ``actions[i]`` (an index into the action space, legal
        in ``legal_action_mask``); bots play on; hands that end are paid and the next ones
        start. Returns (rewards, terminated): each seat's net chips in big blinds (the
        observation's unit) for the tables whose hand ended, 0 elsewhere, and whether it
        ended (a later hand that ends before the caller decides in it is in
        ``skipped_hands``, never here). An illegal action raises IllegalAction, naming its
        table, and no table changes.
        Every array is new: those of earlier steps stay as they were."""
        import numpy as np

        listed = isinstance(actions, list | tuple)
        if listed and not set(map(type, actions)) <= {int}:
            given = self._listed(actions)  # not asarray, whose ValueError [[a], b] would be
        else:
            given = np.asarray(actions)
            if listed and given.dtype.kind not in "iu":  # ints beyond int64 and uint64
                given = self._listed(actions)
        if given.shape != (self.n,) or given.dtype.kind not in "iu":
            raise InvalidOptionType(
                f"actions must be {self.n} integers, not {given.dtype} {given.shape}"
            )
        # a copy (C reads each action twice, with the GIL released); C checks every one,
        # and an unsigned one beyond int64 wraps to a negative, which it refuses; an error
        # names it from the copy (the caller's array may change), read back as given
        playing = given.astype(np.int64, casting="unsafe")
        named = playing.view(np.uint64) if given.dtype.kind == "u" else playing
        self._claim()
        try:
            return self._run(playing, named)
        finally:
            self._token.append(None)

    def _listed(self, actions: list[Any] | tuple[Any, ...]) -> Any:
        """A list's actions as an int64 array, checked one by one where numpy would take a
        bool as 1, make a float array of ints beyond int64 or of mixed numpy types, or raise
        its own ValueError on a ragged nesting."""
        import numpy as np

        if len(actions) != self.n:
            kind = type(actions).__name__
            raise InvalidOptionType(
                f"actions must be {self.n} integers, not a {kind} of {len(actions)}"
            )
        values = []
        for table, action in enumerate(actions):
            value = as_int(action)
            if value is None:
                raise InvalidOptionType(
                    f"actions[{table}] must be an integer, not {type(action).__name__}"
                )
            if not 0 <= value < self.num_actions:
                self._illegal(table, value)  # as read: the list may have changed
            values.append(value)
        return np.array(values, np.int64)

    def _illegal(self, table: int, action: int) -> NoReturn:
        """Raise the error for an illegal ``action`` at a table."""
        legal = [int(a) for a, ok in enumerate(self._mask[table]) if ok]
        raise IllegalAction(
            f"table {table}: action {action} is not legal for seat "
            f"{int(self.current_player[table])} (legal: {legal})"
        )

    def observe(self, i: SupportsIndex, seat: SupportsIndex) -> npt.NDArray[Any]:
        """Seat ``seat``'s observation at table ``i``, whether or not it is to decide (what
        ``observation[i]`` holds for the seat that is)."""
        import numpy as np

        i = check_int("i", i, 0, self.n - 1)
        seat = check_int("seat", seat, 0, self.players - 1)
        out: npt.NDArray[Any] = np.empty(self.observation_size, self._values)
        with self._claimed():
            self._tables.observe(i, seat, out)
        return out

    def observe_after(self, i: SupportsIndex, action: SupportsIndex) -> npt.NDArray[Any]:
        """Every seat's observation at table ``i`` (players x D) once its player has taken
        ``action``, the table left as it is: the last observation of a hand that action
        ends, which ``step`` replaces by the next hand's first (PettingZoo's terminal
        observation). An action ``legal_action_mask`` refuses raises IllegalAction."""
        import numpy as np

        i = check_int("i", i, 0, self.n - 1)
        action = check_int("action", action, 0, self.num_actions - 1)
        out: npt.NDArray[Any] = np.empty((self.players, self.observation_size), self._values)
        with self._claimed():  # the mask read is the table's: no step comes between
            if not (self._mask[i, action] and self._tables.observe_after(i, action, out)):
                self._illegal(i, action)
        return out

    def hand_state(self, i: SupportsIndex) -> HandState:
        """Table ``i``'s hand as a HandState, replayed from its seed and moves: the same
        legal actions, history and result, to inspect or to continue with the scalar API.
        ``i`` may be any integer, a numpy one too (``current_player.argmax()``)."""
        i = check_int("i", i, 0, self.n - 1)
        with self._claimed():
            button, seed, stacks, moves = self._tables.hand_of(i)
        state = HandState(button=button, seed=seed, **{**self._options, "stacks": stacks})
        for entry in moves:
            move, amount = split_move(entry)
            if move == "raise":
                state.raise_to(amount)
            elif move == "draw":
                seat = state.actor
                held = state.hole_cards(seat if seat is not None else 0)
                state.draw([card for bit, card in enumerate(held) if amount >> bit & 1])
            elif move == "call":
                state.check_or_call()
            else:
                getattr(state, move)()
        return state


def _check_bots(bots: object, players: int) -> list[str | None]:
    """One entry per seat, each None or a bundled bot's name, at least one None."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise InvalidOptionType(f"bots must be a list with an entry per seat, not {shown(bots)}")
    if len(bots) != players:
        raise InvalidOption(f"bots: {len(bots)} entries for {players} seats")
    for seat, bot in enumerate(bots):
        check_bot(f"bots[{seat}]", bot, or_none=True)
    if None not in bots:
        raise InvalidOption("bots: at least one seat must be the caller's (None)")
    return list(bots)


def check_bot(where: str, bot: object, *, or_none: bool = False) -> str | None:
    """A bundled bot's name (or, ``or_none``, None: the caller's seat), else the error
    naming ``where`` it was given."""
    if bot is None and or_none:
        return None
    choices = f"{'None or ' if or_none else ''}one of {', '.join(BOT_CODES)}"
    wrong = f"{where} must be {choices}, not {shown(bot)}"
    if type(bot) is not str:
        raise InvalidOptionType(wrong)
    if bot not in BOT_CODES:
        raise InvalidOption(wrong)
    return bot


def check_fractions(fractions: object) -> tuple[float, ...]:
    """Up to 8 raise sizes, each a real number (numpy's too, never a bool) in (0, 1e6]."""
    fractions = check_list("raise_fractions", fractions, "numbers")
    if len(fractions) > MAX_FRACTIONS:
        raise InvalidOption(f"raise_fractions: at most {MAX_FRACTIONS} sizes, got {len(fractions)}")
    checked: list[float] = []
    fraction: float  # once it is a Real; compared as given (a huge int is out of range)
    for fraction in fractions:
        if not isinstance(fraction, Real) or isinstance(fraction, bool):
            raise InvalidOptionType(f"raise_fractions: {shown(fraction)} is not a number")
        if not 0 < fraction <= 1e6:
            raise InvalidOption(f"raise_fractions: {shown(fraction)} is not in (0, 1e6]")
        checked.append(float(fraction))
    return tuple(checked)
