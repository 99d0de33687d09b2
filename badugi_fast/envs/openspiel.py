"""Draw poker as an OpenSpiel game: ``pyspiel.load_game("python_badugi", {...})`` once
this module is imported (docs/guide/training.md, "OpenSpiel").

Every hand the engine plays is a game: its parameters are the hand options (``game``,
``betting``, ``players``, ``stacks``, ``blinds``, ``antes``, ``raise_fractions``) and the
sizes of a small game (``ranks``, ``suits``, ``hand_size``, ``draws``, ``max_raises``:
games.variant, docs/rules.md, "Small games"). The
engine's C hand plays it, with a dealer that lets OpenSpiel pick each card: the deal, each
draw's burn and every replacement are chance nodes, uniform over the cards the stub holds
(restocked by the deck's rule of docs/rules.md when it runs short), in the order the
engine deals them. Decisions use the training encoding's fixed action space, legal as its
mask says, a seat's cards held in card id order (a draw's bits name them in that order).
The observation tensor is the encoding's observation (what the seat sees now); the
information state, string and tensor alike, is everything the seat has seen, with perfect
recall (badugi_fast.envs.recall). Returns are each seat's net chips in big blinds, summing
to zero. A state is its C hand and the record of its steps (immutable bytes): it clones
in two memcpys and serialises as its C fields, checked on load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from badugi_fast._binding.hand import PHASES, REFUSALS
from badugi_fast._binding.picked import DEAL, OVER, PickedHand, picked_template
from badugi_fast._binding.vector import MOVES, new_actions, sizes
from badugi_fast.cards import DECK
from badugi_fast.checks import as_int
from badugi_fast.engine.rules import BettingRules
from badugi_fast.engine.state import hand_settings
from badugi_fast.envs.recall import Layout, burned, dealt, decided, recall_string, write_tensor
from badugi_fast.errors import (
    BadugiError,
    IllegalAction,
    InvalidOption,
    InvalidOptionType,
    InvalidState,
)
from badugi_fast.games import SIZES, GameRule, game_rule, variant
from badugi_fast.vector import DEFAULT_FRACTIONS, check_fractions

__all__ = [
    "GAME_NAME",
    "PARAMETERS",
    "BadugiGame",
    "BadugiObserver",
    "BadugiState",
    "hand_options",
]

GAME_NAME = "python_badugi"
"""The name the game is registered under."""
OWN = -1
"""A size parameter's default: the game's own."""
PARAMETERS: dict[str, Any] = {
    "game": "badugi",
    "betting": "fixed-limit",
    "players": 2,
    "stacks": 200,
    "seat_stacks": "",
    "blinds": "1 2",
    "antes": 0,
    "raise_fractions": " ".join(f"{fraction:g}" for fraction in DEFAULT_FRACTIONS),
    **dict.fromkeys(SIZES, OWN),
}
"""The game's parameters and their defaults. ``game``: a full game, a small game
(``kuhn-badugi``, ...) or a variant's name; ``stacks``: every seat's stack;
``seat_stacks``: one stack per seat, space-separated, in place of ``stacks`` ("": none);
``blinds``: small and big ("0 0": none); ``raise_fractions``: the pot and no-limit raise
sizes, as fractions of the pot after a call ("": only the largest raise). ``ranks``,
``suits``, ``hand_size``, ``draws`` and ``max_raises`` make the game smaller
(games.variant); -1, the default, is the game's own (the game's name gives them back as
numbers). Seat 0 has the button."""

_MAX_SEATS = 8
_DRAW = MOVES.index("draw")
_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Draw poker (badugi_fast)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def _numbers(name: str, text: object, kind: type[int] | type[float]) -> list[Any]:
    """The space-separated numbers of a string parameter."""
    if type(text) is not str:
        raise InvalidOptionType(f"{name} must be a string of numbers, not {text!r:.40}")
    try:
        return [kind(word) for word in text.split()]
    except ValueError:
        raise InvalidOption(f"{name}: {text!r:.40} is not a list of numbers") from None


def hand_options(
    params: Mapping[str, Any],
) -> tuple[dict[str, Any], tuple[float, ...], dict[str, Any]]:
    """HandState's options and the raise fractions a game's parameters name (checked by
    HandState and VectorGame's rules when the game is made), and the parameters in full,
    written as the game's name gives them back."""
    unknown = set(params) - set(PARAMETERS)
    if unknown:
        raise InvalidOptionType(f"{GAME_NAME}: unknown parameter {sorted(unknown)[0]!r}")
    params = {**PARAMETERS, **params}
    sizes = {key: params[key] for key in SIZES if params[key] != OWN}
    params["game"], rule = _sized(params["game"], sizes)
    params.update(rule.sizes)
    players = as_int(params["players"])
    if players is None or not 2 <= players <= _MAX_SEATS:
        raise InvalidOption(f"players must be 2 to {_MAX_SEATS}, not {params['players']!r:.40}")
    params["players"] = players
    antes = as_int(params["antes"])  # HandState refuses what is not an int
    params["antes"] = params["antes"] if antes is None else antes
    stacks = _stacks(params, players)
    blinds = _numbers("blinds", params["blinds"], int)
    if len(blinds) != 2:
        raise InvalidOption(f"blinds: two numbers (small, big), not {params['blinds']!r:.40}")
    fractions = check_fractions(_numbers("raise_fractions", params["raise_fractions"], float))
    if len(set(stacks)) == 1:
        params["stacks"], params["seat_stacks"] = stacks[0], ""
    else:
        params["stacks"], params["seat_stacks"] = PARAMETERS["stacks"], " ".join(map(str, stacks))
    # a lone number would read back from the game's name as a number, not text
    params["raise_fractions"] = " ".join(f"{fraction!r}" for fraction in fractions)
    params["raise_fractions"] += " " if len(fractions) == 1 else ""
    options = {
        "game": rule.name,
        "betting": params["betting"],
        "stacks": stacks,
        "blinds": tuple(blinds),
        "antes": params["antes"],
    }
    return options, fractions, params


def _sized(game: object, sizes: dict[str, Any]) -> tuple[object, GameRule]:
    """The game as given, and its rule with the sizes given that differ from its own (a
    game's name reads back as the same game)."""
    rule = game_rule(game)
    changed = {key: value for key, value in sizes.items() if value != rule.sizes[key]}
    return game, variant(rule.name, **changed) if changed else rule


def _stacks(params: dict[str, Any], players: int) -> list[int]:
    """Each seat's stack: ``seat_stacks`` if given, else ``stacks`` for every seat."""
    if params["seat_stacks"] != "":
        stacks = _numbers("seat_stacks", params["seat_stacks"], int)
        if len(stacks) != players:
            raise InvalidOption(f"seat_stacks: {len(stacks)} numbers for {players} players")
        return stacks
    stack = as_int(params["stacks"])
    if stack is None:
        raise InvalidOptionType(
            f"stacks must be a whole number (every seat's; seat_stacks gives one a seat), "
            f"not {params['stacks']!r:.40}"
        )
    return [stack] * players


class BadugiGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One hand of draw poker with the engine's rules, as an OpenSpiel game."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        options, fractions, params = hand_options(dict(params or {}))
        probe, settings = hand_settings(**options)  # every option is checked here
        self.stacks: tuple[int, ...] = tuple(options["stacks"])
        self.actions = new_actions(fractions)
        self.template = picked_template(settings)
        self.root = PickedHand.start(self.template, self.actions, list(self.stacks))
        """The hand before its first card, which every new state copies."""
        count, self.observation_size, self.unit = sizes(self.template, self.actions)
        total = sum(self.stacks)
        least = min(map(probe.rules.bet_size, range(probe.draws + 1)))  # the least bet or raise
        decisions = _max_decisions(
            len(self.stacks), probe.draws, max(self.stacks) // least, _held_cap(probe.rules)
        )
        sized = fractions if count == 5 + len(fractions) + (1 << self.root.size) else ()
        deck = tuple(map(int, game_rule(options["game"]).deck))
        self.layout = Layout(len(self.stacks), self.root.size, probe.draws, sized, decisions, deck)
        """What sizes the information state (badugi_fast.envs.recall); the raise sizes the
        action space has (none in fixed limit)."""
        info = pyspiel.GameInfo(
            num_distinct_actions=count,
            max_chance_outcomes=len(DECK),
            num_players=len(self.stacks),
            min_utility=-max(self.stacks) / self.unit,
            max_utility=max(total - stack for stack in self.stacks) / self.unit,
            utility_sum=0.0,
            max_game_length=_game_length(decisions, max(self.stacks), least),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> BadugiState:
        """A hand with its blinds and antes posted, the deal's first card due."""
        return BadugiState(self)

    def deserialize_state(self, text: str) -> BadugiState:
        """A state saved by ``serialize()``, refused with InvalidState unless its hand and
        its record are the ones its history plays in this game (OpenSpiel sets them as the
        text says; a hand of another game wrote past this game's action mask). Called from
        C++, OpenSpiel's own loader skips this check; the hand's calls still refuse buffers
        shorter than its actions and observation."""
        try:
            state: BadugiState = super().deserialize_state(text)
        except BadugiError:
            raise
        except Exception as error:  # OpenSpiel's reading of the text, base64 and pickle
            raise InvalidState(
                f"{GAME_NAME}: a saved state that does not load: {error!r:.200}"
            ) from None
        table = state._table
        if type(table) is not PickedHand or not table.plays(self.template, self.actions):
            raise InvalidState(f"{GAME_NAME}: a saved state's hand is not one of this game")
        again = self.new_initial_state()
        try:
            for action in state.history():
                again.apply_action(action)
        except (IllegalAction, pyspiel.SpielError) as error:
            raise InvalidState(
                f"{GAME_NAME}: a saved state's history is not legal: {error}"
            ) from None
        if not table.same(again._table) or state._record != again._record:
            raise InvalidState(f"{GAME_NAME}: a saved state is not the one its history plays")
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BadugiObserver:
        """One seat's view: what it sees now, or with ``perfect_recall`` all it has seen."""
        return BadugiObserver(self, iig_obs_type, params)


def _max_decisions(players: int, draws: int, bets: int, cap: int | None) -> int:
    """A bound on a hand's decisions, with ``bets`` the largest stack in the least bets: a
    bet or raise that is not all in lifts the last full bet by a bet at least, which its
    maker pays (so a hand has at most ``bets`` of them, and one all-in per seat), and each
    other seat answers it at most once; each round also has one action per seat before any
    bet, each draw and the showdown one per seat. With ``cap`` bets a round that hold
    heads-up too, no round has more than that many bets."""
    raises = bets + players
    if cap is not None:
        raises = min(raises, cap * (draws + 1))
    return (raises + draws + 1 + draws + 1) * players


def _held_cap(rules: BettingRules) -> int | None:
    """The most bets a fixed-limit round has when its cap holds heads-up too (the small
    games), else None."""
    if rules.structure != "fixed-limit" or rules.max_raises is None or not rules.cap_heads_up:
        return None
    return 1 + rules.max_raises


MAX_GAME_LENGTH = 1 << 18
"""The most decisions a game's hands may have (``max_game_length``): the information-state
tensor holds a slot for each (20 MB at most at this bound; a 2**28-chip stack made one of
4 GB at load), and OpenSpiel keeps the length in a C++ int."""


def _game_length(decisions: int, stack: int, least: int) -> int:
    """``decisions``, the bound on a hand's, if a game may have that many; else the stacks
    are refused, with the limit named."""
    if decisions > MAX_GAME_LENGTH:
        raise InvalidOption(
            f"stacks: {stack} chips, {stack // least} of the least bet {least}, make hands of"
            f" up to {decisions} decisions; a game's hands may have {MAX_GAME_LENGTH}"
            " (its information-state tensor holds a slot for each)"
        )
    return decisions


class BadugiState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the C hand (``_table``) and the record of its steps (``_record``,
    badugi_fast.envs.recall) that each seat's information state is read from. Nothing
    else, as OpenSpiel's ``clone`` makes a new state and deep-copies every attribute into
    it: these two copy in one memcpy and not at all (bytes are immutable). A new state
    holds neither until it is first read: the record starts as the class's empty one, the
    hand as a copy of the game's first (:meth:`__getattr__`), so a clone copies one hand,
    not two."""

    _record = b""

    def __getattr__(self, name: str) -> Any:
        """A new state's hand, copied from the game's on first use."""
        if name != "_table":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        table = self._table = self.get_game().root.__deepcopy__(None)
        return table

    def current_player(self) -> int:
        """The seat to decide, or OpenSpiel's chance or terminal player."""
        phase = self._table.phase
        if phase == DEAL:
            return int(pyspiel.PlayerId.CHANCE)
        if phase == OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        seat: int = self._table.decider()
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The encoding's actions its mask allows the seat to decide."""
        if player != self._table.decider():
            return []
        mask = bytearray(self.get_game().num_distinct_actions())
        self._table.mask(mask)
        return [action for action, legal in enumerate(mask) if legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card of the stub, each as likely; at a decision or the end, refused with
        OpenSpiel's SpielError, as its own games refuse it."""
        if self._table.phase != DEAL:
            raise pyspiel.SpielError(
                f"{GAME_NAME}: chance_outcomes() at a node that is not a chance node"
                f" (player {self.current_player()} is to act)"
            )
        stub = self._table.stub()
        return [(card, 1.0 / len(stub)) for card in stub]

    def _apply_action(self, action: int) -> None:
        """Deal the card ``action`` (a chance node) or perform the encoding's action."""
        table = self._table
        if table.phase == DEAL:
            if type(action) is not int or action not in range(len(DECK)):
                raise IllegalAction(f"a card is an id 0..51, not {action!r:.20}")
            seat = table.pick_seat()
            code = table.pick(action)
            if code < 0:
                raise IllegalAction(REFUSALS[code].format(card=DECK[action], verb="deal"))
            self._record += burned(action) if seat == table.hand.n else dealt(seat, action)
            return
        seat = table.decider()
        move, amount = table.describe(action)
        thrown = () if move != _DRAW else tuple(_bits(table.cards(seat), amount))
        if table.act(action) < 0:
            raise IllegalAction(f"action {action!r:.20} is not legal now: {self._describe(action)}")
        self._record += decided(seat, action, thrown)

    def _describe(self, action: int) -> str:
        """The encoding's action as words: the raise's size and total, the cards thrown."""
        move, amount = self._table.describe(action)
        if move < 0:
            return f"action {action} (not legal now)"
        name = MOVES[move]
        if name == "raise":
            largest = self.get_game().num_distinct_actions() - 3 - (1 << self._table.size)
            size = "max" if action == largest else f"x{self._table.actions.fraction[action - 2]:g}"
            return f"raise {size} to {amount}"
        if name == "draw":
            thrown = _bits(self._table.cards(self._table.decider()), amount)
            return "draw " + " ".join(str(DECK[card]) for card in thrown) if thrown else "stand pat"
        return name

    def _action_to_string(self, player: int, action: int) -> str:
        """A card dealt (chance) or the encoding's action in words."""
        if player == pyspiel.PlayerId.CHANCE:
            seat = self._table.pick_seat()
            card = DECK[action] if 0 <= action < len(DECK) else action
            return f"burn {card}" if seat == self._table.hand.n else f"deal {card} to seat {seat}"
        return self._describe(action)

    def is_terminal(self) -> bool:
        """Whether the hand is over and paid."""
        over: bool = self._table.phase == OVER
        return over

    def returns(self) -> list[float]:
        """Each seat's net chips in big blinds (zero until the hand is over)."""
        game = self.get_game()
        if self._table.phase != OVER:
            return [0.0] * len(game.stacks)
        stacks = self._table.stacks()
        return [(end - start) / game.unit for end, start in zip(stacks, game.stacks, strict=True)]

    def information_state_text(self, seat: int) -> str:
        """Everything ``seat`` has seen (badugi_fast.envs.recall): its cards, its draws and
        the cards they gave it, every decision in order."""
        return recall_string(self.get_game().layout, self._record, seat)

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now: its cards, the chips, the street, the draws made."""
        table = self._table
        cards = " ".join(str(DECK[card]) for card in table.cards(seat)) or "-"
        hand = table.hand
        drawn = [tuple(hand.drawn[s][1 : 1 + hand.drawn[s][0]]) for s in range(hand.n)]
        return (
            f"seat {seat}| cards {cards}| street {hand.street} {PHASES[hand.phase]}"
            f" to act {table.decider()}| stacks {table.stacks()}"
            f" bets {list(hand.bets[0 : hand.n])} in {table.contributed()}"
            f" folded {table.folded()} drew {drawn}"
        )

    def __str__(self) -> str:
        """Every seat's cards and the chips (for debugging; not a view of any seat)."""
        table = self._table
        cards = [" ".join(str(DECK[c]) for c in table.cards(s)) for s in range(table.hand.n)]
        return (
            f"{PHASES[table.phase]} street {table.hand.street} decider {table.decider()}"
            f" cards {cards} stacks {table.stacks()} in {table.contributed()}"
            f" stub {len(table.stub())}"
        )


def _bits(cards: list[int], mask: int) -> list[int]:
    """The cards at the places a draw's bit mask names."""
    return [card for i, card in enumerate(cards) if mask >> i & 1]


class BadugiObserver:
    """OpenSpiel's observer of one seat (``make_py_observer``): what the seat sees now (the
    training encoding's observation, and its text), or with ``perfect_recall`` all it has
    seen (badugi_fast.envs.recall)."""

    def __init__(self, game: BadugiGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise InvalidOption(f"{GAME_NAME}'s observer takes no parameters, not {params!r:.40}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise InvalidOption(f"{GAME_NAME} observes one seat's own view only")
        self.perfect_recall: bool = kind.perfect_recall
        size = game.layout.size if self.perfect_recall else game.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BadugiState, player: int) -> None:
        """``player``'s view into :attr:`tensor`."""
        if self.perfect_recall:
            write_tensor(state.get_game().layout, state._record, player, self.tensor)
        else:
            state._table.observe(player, self.tensor)

    def string_from(self, state: BadugiState, player: int) -> str:
        """``player``'s view as text."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


pyspiel.register_game(_GAME_TYPE, BadugiGame)
