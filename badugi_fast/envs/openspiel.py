"""Draw poker as an OpenSpiel game: ``pyspiel.load_game("python_badugi", {...})`` once
this module is imported (docs/guide/training.md, "OpenSpiel").

Every hand the engine plays is a game: its parameters are the hand options (``game``,
``betting``, ``players``, ``stacks``, ``blinds``, ``antes``, ``raise_fractions``). The
engine's C hand plays it, with a dealer that lets OpenSpiel pick each card: the deal, each
draw's burn and every replacement are chance nodes, uniform over the cards the stub holds
(restocked by the deck's rule of docs/rules.md when it runs short), in the order the
engine deals them. Decisions use the training encoding's fixed action space, legal as its
mask says; the observation and information-state tensors are the encoding's observation
(what the seat sees now), the information-state string is everything the seat has seen
(perfect recall). Returns are each seat's net chips in big blinds, summing to zero. States
clone in two memcpys and serialise as their C fields, checked on load.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from badugi_fast._binding.hand import PHASES, REFUSALS
from badugi_fast._binding.picked import DEAL, OVER, PickedHand, picked_template
from badugi_fast._binding.vector import MOVES, new_actions, sizes
from badugi_fast.cards import DECK
from badugi_fast.checks import as_int
from badugi_fast.engine.state import hand_settings
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType
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
PARAMETERS: dict[str, Any] = {
    "game": "badugi",
    "betting": "fixed-limit",
    "players": 2,
    "stacks": "200",
    "blinds": "1 2",
    "antes": 0,
    "raise_fractions": " ".join(f"{fraction:g}" for fraction in DEFAULT_FRACTIONS),
}
"""The game's parameters and their defaults. ``stacks``: one number for every seat, or one
per seat, space-separated; ``blinds``: small and big ("0 0": none); ``raise_fractions``: the
pot and no-limit raise sizes, as fractions of the pot after a call ("": only the largest
raise). Seat 0 has the button."""

_MAX_SEATS = 8
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
    params: dict[str, Any],
) -> tuple[dict[str, Any], tuple[float, ...], dict[str, Any]]:
    """HandState's options and the raise fractions a game's parameters name (checked by
    HandState and VectorGame's rules when the game is made), and the parameters in full,
    written as the game's name gives them back."""
    unknown = set(params) - set(PARAMETERS)
    if unknown:
        raise InvalidOptionType(f"{GAME_NAME}: unknown parameter {sorted(unknown)[0]!r}")
    params = {**PARAMETERS, **params}
    players = as_int(params["players"])
    if players is None or not 2 <= players <= _MAX_SEATS:
        raise InvalidOption(f"players must be 2 to {_MAX_SEATS}, not {params['players']!r:.40}")
    params["players"] = players
    antes = as_int(params["antes"])  # HandState refuses what is not an int
    params["antes"] = params["antes"] if antes is None else antes
    stacks = _numbers("stacks", params["stacks"], int)
    if len(stacks) == 1:
        stacks *= players
    if len(stacks) != players:
        raise InvalidOption(f"stacks: {len(stacks)} numbers for {players} players")
    blinds = _numbers("blinds", params["blinds"], int)
    if len(blinds) != 2:
        raise InvalidOption(f"blinds: two numbers (small, big), not {params['blinds']!r:.40}")
    fractions = check_fractions(_numbers("raise_fractions", params["raise_fractions"], float))
    params["stacks"] = " ".join(map(str, stacks))
    # a lone number would read back from the game's name as a number, not text
    params["raise_fractions"] = " ".join(f"{fraction!r}" for fraction in fractions)
    params["raise_fractions"] += " " if len(fractions) == 1 else ""
    options = {
        "game": params["game"],
        "betting": params["betting"],
        "stacks": stacks,
        "blinds": tuple(blinds),
        "antes": params["antes"],
    }
    return options, fractions, params


class BadugiGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """One hand of draw poker with the engine's rules, as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options, fractions, params = hand_options(dict(params or {}))
        probe, settings = hand_settings(**options)  # every option is checked here
        self.stacks: tuple[int, ...] = tuple(options["stacks"])
        self.actions = new_actions(fractions)
        self.template = picked_template(settings)
        count, self.observation_size, self.unit = sizes(self.template, self.actions)
        total = sum(self.stacks)
        least = min(map(probe.rules.bet_size, range(probe.draws + 1)))  # the least bet or raise
        info = pyspiel.GameInfo(
            num_distinct_actions=count,
            max_chance_outcomes=len(DECK),
            num_players=len(self.stacks),
            min_utility=-max(self.stacks) / self.unit,
            max_utility=max(total - stack for stack in self.stacks) / self.unit,
            utility_sum=0.0,
            max_game_length=_max_decisions(
                len(self.stacks), probe.draws, max(self.stacks) // least
            ),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> BadugiState:
        """A hand with its blinds and antes posted, the deal's first card due."""
        return BadugiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BadugiObserver:
        """One seat's view: what it sees now, or with ``perfect_recall`` all it has seen."""
        return BadugiObserver(self, iig_obs_type, params)


def _max_decisions(players: int, draws: int, bets: int) -> int:
    """A bound on a hand's decisions, with ``bets`` the largest stack in the least bets: a
    bet or raise that is not all in lifts the last full bet by a bet at least, which its
    maker pays (so a hand has at most ``bets`` of them, and one all-in per seat), and each
    other seat answers it at most once; each round also has one action per seat before any
    bet, each draw and the showdown one per seat."""
    raises = bets + players
    return (raises + draws + 1 + draws + 1) * players


class BadugiState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: the C hand, and each seat's record of what it has seen."""

    def __init__(self, game: BadugiGame) -> None:
        super().__init__(game)
        self._table = PickedHand.start(game.template, game.actions, list(game.stacks))
        self._unit = game.unit
        self._start = game.stacks
        self._seen: list[tuple[int, str, str]] = []
        """(seat, what it saw, what the others saw) of every step; seat -1: all saw it."""

    def current_player(self) -> int:
        """The seat to decide, or OpenSpiel's chance or terminal player."""
        phase = self._table.phase
        if phase == DEAL:
            return int(pyspiel.PlayerId.CHANCE)
        if phase == OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._table.decider()

    def _legal_actions(self, player: int) -> list[int]:
        """The encoding's actions its mask allows the seat to decide."""
        if player != self._table.decider():
            return []
        mask = bytearray(self.get_game().num_distinct_actions())
        self._table.mask(mask)
        return [action for action, legal in enumerate(mask) if legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card of the stub, each as likely."""
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
            card = DECK[action]
            if code < 0:
                raise IllegalAction(REFUSALS[code].format(card=card, verb="deal"))
            if seat == len(self._start):
                self._seen.append((-1, "burn", "burn"))
            else:
                self._seen.append((seat, f"{seat}:{card}", f"{seat}:?"))
            return
        seat = table.decider()
        text = self._describe(action)
        if table.act(action) < 0:
            raise IllegalAction(f"action {action!r:.20} is not legal now: {text}")
        self._seen.append((seat, f"{seat}:{text}", f"{seat}:{_public(text)}"))

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
            held = self._table.cards(self._table.decider())
            cards = [str(DECK[card]) for i, card in enumerate(held) if amount >> i & 1]
            return "draw " + " ".join(cards) if cards else "stand pat"
        return name

    def _action_to_string(self, player: int, action: int) -> str:
        """A card dealt (chance) or the encoding's action in words."""
        if player == pyspiel.PlayerId.CHANCE:
            seat = self._table.pick_seat()
            card = DECK[action] if 0 <= action < len(DECK) else action
            return f"burn {card}" if seat == len(self._start) else f"deal {card} to seat {seat}"
        return self._describe(action)

    def is_terminal(self) -> bool:
        """Whether the hand is over and paid."""
        return self._table.phase == OVER

    def returns(self) -> list[float]:
        """Each seat's net chips in big blinds (zero until the hand is over)."""
        if self._table.phase != OVER:
            return [0.0] * len(self._start)
        stacks = self._table.stacks()
        return [(end - start) / self._unit for end, start in zip(stacks, self._start, strict=True)]

    def information_state_text(self, seat: int) -> str:
        """Everything ``seat`` has seen: its own cards and draws, the others' actions."""
        seen = [mine if who == seat else theirs for who, mine, theirs in self._seen]
        return f"seat {seat}| " + " ".join(seen)

    def observation_text(self, seat: int) -> str:
        """What ``seat`` sees now: its cards, the chips, the street, the draws made."""
        table = self._table
        cards = " ".join(str(DECK[card]) for card in table.cards(seat)) or "-"
        hand = table.hand
        drawn = [tuple(hand.drawn[s][1 : 1 + hand.drawn[s][0]]) for s in range(len(self._start))]
        return (
            f"seat {seat}| cards {cards}| street {hand.street} {PHASES[hand.phase]}"
            f" to act {table.decider()}| stacks {table.stacks()}"
            f" bets {list(hand.bets[0 : len(self._start)])} in {table.contributed()}"
            f" folded {table.folded()} drew {drawn}"
        )

    def __str__(self) -> str:
        """Every seat's cards and the chips (for debugging; not a view of any seat)."""
        table = self._table
        cards = [" ".join(str(DECK[c]) for c in table.cards(s)) for s in range(len(self._start))]
        return (
            f"{PHASES[table.phase]} street {table.hand.street} decider {table.decider()}"
            f" cards {cards} stacks {table.stacks()} in {table.contributed()}"
            f" stub {len(table.stub())}"
        )


def _public(text: str) -> str:
    """What the other seats see of an action: a draw's count, not its cards."""
    if text.startswith("draw "):
        return f"draw {len(text.split()) - 1}"
    return text


class BadugiObserver:
    """OpenSpiel's observer of one seat (``make_py_observer``): the tensor is the training
    encoding's observation, the string what the seat sees now or, with ``perfect_recall``,
    all it has seen."""

    def __init__(self, game: BadugiGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise InvalidOption(f"{GAME_NAME}'s observer takes no parameters, not {params!r:.40}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise InvalidOption(f"{GAME_NAME} observes one seat's own view only")
        self.perfect_recall: bool = kind.perfect_recall
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BadugiState, player: int) -> None:
        """The encoding's observation of ``player`` into :attr:`tensor`."""
        state._table.observe(player, self.tensor)

    def string_from(self, state: BadugiState, player: int) -> str:
        """``player``'s view as text."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


pyspiel.register_game(_GAME_TYPE, BadugiGame)
