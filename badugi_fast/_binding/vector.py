"""Many hands in C (csrc/badugi.h, "Training encoding", "Bots", "Many hands in C"): the
tables of a VectorGame, simulate()'s chunks between built-in bots, and the encoding of one
hand (its action mask, observation and actions) for the environments.

Arrays cross the seam as buffers (numpy arrays, C-contiguous, of the dtype each function
names); the C loops run with the GIL released.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from badugi_fast._binding.equity import equity_tables
from badugi_fast._binding.pool import c_pool
from badugi_fast._core import ffi, lib

BOT_CODES: dict[str, int] = {
    "random": lib.BADUGI_BOT_RANDOM,
    "calling-station": lib.BADUGI_BOT_CALLING,
    "hand-strength": lib.BADUGI_BOT_STRENGTH,
    "equity": lib.BADUGI_BOT_EQUITY,
}
"""The bundled bots in C, by the names engine.bots.BOTS gives them."""
READ_EQUITY = frozenset(("hand-strength", "equity"))
"""The bots that read their game's equity tables."""


def tables_for(game: Any, bots: Sequence[str | None]) -> Any:
    """The equity tables of a ``badugi_game *`` when one of ``bots`` reads them, else NULL."""
    return equity_tables(game) if READ_EQUITY.intersection(bots) else ffi.NULL


MAX_FRACTIONS: int = lib.BADUGI_MAX_FRACTIONS
MOVES = ("fold", "call", "raise", "draw", "show", "muck")
"""Move names by BADUGI_MOVE_* code: a logged move is ``code + 8 * amount``."""
_MOVE_BITS = 3


def split_move(entry: int) -> tuple[str, int]:
    """A logged move's name and amount (raise-to total, or discard bit mask)."""
    return MOVES[entry & ((1 << _MOVE_BITS) - 1)], entry >> _MOVE_BITS


def new_actions(fractions: Sequence[float]) -> Any:
    """A ``badugi_actions`` with these raise sizes (pot fractions, checked by the caller)."""
    actions = ffi.new("badugi_actions *")
    actions.fractions = len(fractions)
    actions.fraction[0 : len(fractions)] = list(fractions)
    return actions


def sizes(settings: bytes, actions: Any, compact: bool = False) -> tuple[int, int, int]:
    """(A, D, unit): the number of actions, the observation's length (the compact one's
    with ``compact``) and the chips it counts in, for a hand's settings."""
    hand = ffi.from_buffer("badugi_hand *", settings)
    size = lib.badugi_compact_size if compact else lib.badugi_observation_size
    return lib.badugi_action_count(hand, actions), size(hand), lib.badugi_chip_unit(hand)


def compact_scales(settings: bytes, out: Any) -> None:
    """Each compact value's scale into ``out`` (float32, the compact length): 0 for the
    card ids, else what the value times gives the full observation's."""
    lib.badugi_compact_scales(
        ffi.from_buffer("badugi_hand *", settings), ffi.from_buffer("float[]", out)
    )


LOG_ROOM = 64
"""Moves every table's log holds at first; a table whose hand outgrows it gets its own,
twice as long each time (only that table's)."""


class Tables:
    """``count`` tables of one setup in C, their shared settings and their move logs."""

    __slots__ = (
        "arrays",
        "count",
        "first_logs",
        "grown",
        "observe_one",
        "size_of",
        "tables",
        "values",
        "vector",
    )

    def __init__(
        self,
        settings: bytes,
        actions: Any,
        bots: Sequence[str | None],
        carry: bool,
        seed: int,
        count: int,
        compact: bool,
    ) -> None:
        vector = ffi.new("badugi_vector *")
        ffi.memmove(ffi.addressof(vector, "setup"), settings, ffi.sizeof("badugi_hand"))
        vector.actions = actions[0]
        vector.bots[0 : len(bots)] = [
            lib.BADUGI_BOT_NONE if b is None else BOT_CODES[b] for b in bots
        ]
        vector.equity = tables_for(ffi.addressof(vector.setup, "game"), bots)
        vector.carry = carry
        vector.seed = seed
        vector.compact = compact
        self.observe_one = lib.badugi_hand_observe_compact if compact else lib.badugi_hand_observe
        """One seat's observation of a hand, compact or not."""
        self.values = "int32_t[]" if compact else "float[]"
        """The C type of an observation's values."""
        self.size_of = lib.badugi_compact_size if compact else lib.badugi_observation_size
        """The length of one seat's observation of a hand."""
        self.first_logs = ffi.new("int64_t[]", LOG_ROOM * count)
        vector.log, vector.log_room = self.first_logs, LOG_ROOM
        self.vector = vector
        self.count = count
        self.tables = ffi.new("badugi_table[]", count)
        self.arrays = ffi.new("badugi_step *")
        """The arrays of a step, pointed at each step's own."""
        self.grown: dict[int, Any] = {}
        """The logs of the tables that outgrew their first, by table."""
        if lib.badugi_vector_start(vector, self.tables, 0, count) < 0:
            raise RuntimeError("C refused a HandState's settings: a defect of badugi_fast")

    def copy(self) -> Tables:
        """Independent tables in the same state: their hands, streams and logs copied."""
        other = Tables.__new__(Tables)
        count = other.count = self.count
        other.vector = ffi.new("badugi_vector *", self.vector[0])
        other.first_logs = ffi.new("int64_t[]", LOG_ROOM * count)
        ffi.memmove(other.first_logs, self.first_logs, ffi.sizeof(self.first_logs))
        other.vector.log = other.first_logs
        other.tables = ffi.new("badugi_table[]", count)
        ffi.memmove(other.tables, self.tables, ffi.sizeof(self.tables))
        other.grown = {}
        other.arrays = ffi.new("badugi_step *")
        other.observe_one, other.values, other.size_of = self.observe_one, self.values, self.size_of
        for i in range(count):
            table = other.tables[i]
            if i in self.grown:
                log = other.grown[i] = ffi.new("int64_t[]", table.log_room)
                ffi.memmove(log, self.grown[i], ffi.sizeof(log))
                table.log = log
            else:
                table.log = other.first_logs + i * LOG_ROOM
        return other

    def _grow_log(self, i: int) -> None:
        """Twice the room in table i's log, the moves logged so far kept."""
        table = self.tables[i]
        room = 2 * table.log_room
        log = ffi.new("int64_t[]", room)
        ffi.memmove(log, table.log, ffi.sizeof("int64_t") * table.log_len)
        table.log, table.log_room = log, room
        self.grown[i] = log

    def step(
        self,
        actions: Any,
        legal: Any,
        outputs: Sequence[Any],
        reading: Any,
        threads: int,
        parts: int,
        final: Any = None,
    ) -> int:
        """Perform ``actions`` (int64, one per table, checked against ``legal``, the masks
        of the last reading; None: none), play the bots, start the hands that ended and
        read every table, in ``parts`` runs of tables on a C pool of ``threads`` threads:
        -1 - i when action i is illegal (no table changed), else 0. ``outputs`` is (ended
        uint8, counts int64, rewards float32 count x n), written: counts holds net
        (count x n), skipped_net (count x n), carried (count) and skipped (count) one after
        the other. ``reading`` is (player int32, mask bool count x A, observation count x D:
        float32, or int32 when compact), numpy arrays of every table, written; ``legal``
        (uint8 count x A) gets the new masks too. ``final`` (as observation, or None) gets
        the last observation of each hand that ends, for the caller's seat that decided
        last in it."""
        player, mask, observation = reading
        ended, counts, rewards = outputs
        per_seat = self.count * self.vector.setup.n
        net = ffi.from_buffer("int64_t[]", counts)
        arrays = self.arrays
        arrays.actions = ffi.NULL if actions is None else ffi.from_buffer("int64_t[]", actions)
        arrays.legal = ffi.from_buffer("uint8_t[]", legal)
        arrays.ended = ffi.from_buffer("uint8_t[]", ended)
        arrays.net = net
        arrays.skipped_net = net + per_seat
        arrays.carried = net + 2 * per_seat
        arrays.skipped = net + 2 * per_seat + self.count
        arrays.rewards = ffi.from_buffer("float[]", rewards)
        arrays.player = ffi.from_buffer("int32_t[]", player)
        arrays.mask = ffi.from_buffer("uint8_t[]", mask)
        arrays.observation = ffi.from_buffer(observation)
        arrays.again = 0
        arrays.final = ffi.NULL if final is None else ffi.from_buffer(final)
        pool = c_pool(threads) if threads > 1 else ffi.NULL
        while True:
            code: int = lib.badugi_vector_step(
                self.vector, self.tables, self.count, arrays, pool, threads, parts
            )
            if code < 0:
                if code <= -1 - self.count:
                    raise RuntimeError("a C table refused a bot's move: a defect of badugi_fast")
                return code
            if not code:
                return 0
            for i in (player < 0).nonzero()[0].tolist():
                self._grow_log(i)  # the tables out of log room
            arrays.actions = ffi.NULL
            arrays.again = 1

    def observe(self, i: int, seat: int, out: Any) -> None:
        """Seat ``seat``'s observation at table ``i`` (D values: float32, or int32 when
        compact), whoever decides."""
        table = ffi.addressof(self.tables, i)
        self.observe_one(
            ffi.addressof(table[0], "hand"),
            ffi.addressof(table[0], "history"),
            seat,
            ffi.from_buffer(self.values, out),
        )

    def observe_after(self, i: int, action: int, out: Any) -> bool:
        """Every seat's observation at table ``i`` once its player has taken ``action``
        (n x D, as :meth:`observe` writes them), the table left as it is: False, nothing
        written, when the hand refuses the action."""
        table = ffi.addressof(self.tables, i)
        hand = ffi.new("badugi_hand *", table.hand)
        history = ffi.new("badugi_history *", table.history)
        if lib.badugi_hand_act(hand, history, ffi.addressof(self.vector, "actions"), action, 1) < 0:
            return False
        size = self.size_of(hand)
        buffer = ffi.from_buffer(self.values, out)
        for seat in range(hand.n):
            self.observe_one(hand, history, seat, buffer + seat * size)
        return True

    def hand_of(self, i: int) -> tuple[int, int, tuple[int, ...], list[int]]:
        """Table i's hand: its button, seed, starting stacks and moves so far (logged)."""
        table = self.tables[i]
        n = self.vector.setup.n
        moves: list[int] = ffi.unpack(table.log, table.log_len)
        return table.hand.button, table.hand.seed, tuple(table.start[0:n]), moves


class Simulation:
    """simulate()'s chunk ``chunk`` between the named built-in bots, played in C part by
    part (``badugi_simulate_part``): the chunk's random streams go on from one part to the
    next, so a chunk played in any parts gives the same totals as in one call."""

    __slots__ = ("codes", "out", "setup", "state", "tables")

    def __init__(self, settings: bytes, bots: Sequence[str], seed: int, chunk: int, start: int):
        self.setup = ffi.new("badugi_hand *")
        ffi.memmove(self.setup, settings, ffi.sizeof("badugi_hand"))
        self.codes = ffi.new("int32_t[]", [BOT_CODES[name] for name in bots])
        self.out = ffi.new("int64_t[]", 3 * len(bots) + 1)
        self.tables = tables_for(ffi.addressof(self.setup, "game"), bots)
        self.state = ffi.new("badugi_simulation *")
        if lib.badugi_simulate_begin(self.state, self.setup, seed, chunk, start) < 0:
            raise RuntimeError("C refused a HandState's settings: a defect of badugi_fast")

    def play(self, count: int) -> None:
        """The chunk's next ``count`` hands (one C call, the GIL released)."""
        code = lib.badugi_simulate_part(
            self.state, self.setup, self.codes, self.tables, count, self.out
        )
        if code < 0:
            raise RuntimeError("C refused a HandState's settings: a defect of badugi_fast")

    def totals(self) -> tuple[int, ...]:
        """Each seat's net chips, showdowns and wins, then the chips no hand won, over the
        hands played so far."""
        return tuple(self.out)
