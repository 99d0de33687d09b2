"""The games: how many cards each is dealt, its draws, what judges each half of its pot,
its deck and its betting cap.

The one table of game rules that the showdown, the engine, the odds, the ranges, the CLI
and the OpenSpiel game read (docs/rules.md, "Games"). ``Game`` lists the full games; a test
checks it matches ``GAMES``. Each also comes in smaller sizes, small enough to solve
(docs/rules.md, "Small games"): :func:`variant` makes one from a full game's rules, and
``SMALL_GAMES`` names a few, as OpenSpiel names Kuhn and Leduc poker. A game is named by a
string everywhere a game is taken: a full game's or a small game's name, or a variant's
(``"badugi(ranks=3,suits=2,hand_size=2,draws=1)"``, what :func:`variant` names it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from badugi_fast._binding.game import game_deck
from badugi_fast.cards import DECK, DECK_SIZE, Card, CardsLike, card_ids
from badugi_fast.checks import check_choice, check_int, shown
from badugi_fast.errors import InvalidCards, InvalidOption, InvalidOptionType
from badugi_fast.evaluation.hands import (
    AceFiveHand,
    AceHighHand,
    DeuceSevenHand,
    FewCardAceHighHand,
    FewCardHand,
    Hand,
    RankedHand,
)
from badugi_fast.evaluation.ranks import (
    evaluate,
    evaluate_ace_five,
    evaluate_badugi5,
    evaluate_badugi_ace_high,
    evaluate_deuce_seven,
)
from badugi_fast.pots.results import HalfKind

Game = Literal[
    "badugi",
    "badacey",
    "badeucey",
    "deuce-seven-triple-draw",
    "ace-five-triple-draw",
    "deuce-seven-single-draw",
    "ace-five-single-draw",
]
"""The full games this library deals, judges and settles."""

MAX_RAISES = 3
"""The raises after the bet a fixed-limit round allows in the full games (a bet and three
raises): ``GameRule.max_raises``, the engine's cap unless a hand gives its own."""


@dataclass(frozen=True, slots=True)
class HalfRule:
    """One half of a pot: its kind, the fast raw-rank function and the hand class."""

    kind: HalfKind
    rank: Callable[[CardsLike], int]
    hand: type[RankedHand]


@dataclass(frozen=True, slots=True)
class GameRule:
    """A game: the cards each player holds, its draws, the halves its pot is cut into, its
    deck and its betting cap. A small game (:func:`variant`) is its ``family``'s rules with
    fewer ranks, suits, cards, draws or raises."""

    name: str
    cards: int
    halves: tuple[HalfRule, ...]
    draws: int = 3
    """Draws in a hand, with a betting round before each and after the last."""
    ranks: int = 13
    """The deck's ranks, from the game's lowest: the ace when every half plays it low, else
    the deuce (docs/rules.md, "Small games")."""
    suits: int = 4
    """The deck's suits, from spades: s, h, d, c."""
    max_raises: int = MAX_RAISES
    """Raises after the bet in a fixed-limit round: a hand's cap unless it gives its own."""
    cap_heads_up: bool = False
    """Whether that cap holds with two players left: not in the full games (card rooms lift
    it), always in the small ones (their game trees stay small)."""
    family: str = field(default="", compare=False)
    """The full game this one is a size of (its own name for a full game)."""

    def __post_init__(self) -> None:
        if not self.family:
            object.__setattr__(self, "family", self.name)

    @property
    def rounds(self) -> int:
        """Betting rounds in a hand: one before each draw and one after the last."""
        return self.draws + 1

    @property
    def big_bet_from(self) -> int:
        """The first betting round of a fixed-limit hand played with the big bet by default:
        the later half (small-small-big-big in triple draw, small-big in single draw)."""
        return self.rounds // 2

    @property
    def rankings(self) -> tuple[str, ...]:
        """How each half ranks hands, as the C core names it (``RankedHand.RANKING``)."""
        return tuple(half.hand.RANKING for half in self.halves)

    @property
    def badugi_half(self) -> HalfRule | None:
        """The half a Badugi qualifier applies to (the first), or None in the lowball games."""
        first = self.halves[0]
        return first if first.kind == "badugi" else None

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck's cards, in id order (the C core's badugi_game_deck)."""
        return _deck(self)

    @property
    def sizes(self) -> dict[str, int]:
        """What makes a game small (:data:`SIZES`): its ranks, suits, hand size, draws and
        raises."""
        values = (self.ranks, self.suits, self.cards, self.draws, self.max_raises)
        return dict(zip(SIZES, values, strict=True))

    @property
    def max_players(self) -> int:
        """The most players the deck deals: every hand and a draw's worth of cards."""
        return min(len(self.deck) // self.cards - 1, MAX_SEATS)

    @property
    def is_full(self) -> bool:
        """Whether this is one of the full games (``GAMES``), not a small one."""
        return self.name == self.family

    def check_deck(self, what: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """``cards``, each checked to be a card of the deck (InvalidCards names the first
        that is not)."""
        if not self.is_full:
            deck = self.deck
            for card in cards:
                if card not in deck:
                    raise InvalidCards(f"{what}: {card} is not a card of the {self.name} deck")
        return cards

    def hands(self, cards: CardsLike) -> tuple[RankedHand, ...]:
        """One seat's hand for every half, checking that it holds exactly ``self.cards`` cards
        of the deck (counted before a half reads them: a Badugi half takes 1 to 5)."""
        ids = card_ids(cards, range(DECK_SIZE + 1))
        if len(ids) != self.cards:
            raise InvalidCards(f"{self.name} hands have {self.cards} cards, got {len(ids)}")
        self.check_deck(f"a {self.name} hand", ids)
        return tuple(half.hand(ids) for half in self.halves)


MAX_SEATS = 8
"""The most seats at a table (engine.rules.MAX_SEATS)."""


@cache
def _deck(rule: GameRule) -> tuple[Card, ...]:
    return tuple(DECK[card] for card in game_deck(rule))


_BADUGI5 = HalfRule("badugi", evaluate_badugi5, Hand)
_ACE_FIVE = HalfRule("ace-five", evaluate_ace_five, AceFiveHand)
_DEUCE_SEVEN = HalfRule("deuce-seven", evaluate_deuce_seven, DeuceSevenHand)

GAMES: dict[str, GameRule] = {
    "badugi": GameRule("badugi", 4, (HalfRule("badugi", evaluate, Hand),)),
    "badacey": GameRule("badacey", 5, (_BADUGI5, _ACE_FIVE)),
    "badeucey": GameRule(
        "badeucey",
        5,
        (HalfRule("badugi", evaluate_badugi_ace_high, AceHighHand), _DEUCE_SEVEN),
    ),
    "deuce-seven-triple-draw": GameRule("deuce-seven-triple-draw", 5, (_DEUCE_SEVEN,)),
    "ace-five-triple-draw": GameRule("ace-five-triple-draw", 5, (_ACE_FIVE,)),
    "deuce-seven-single-draw": GameRule("deuce-seven-single-draw", 5, (_DEUCE_SEVEN,), draws=1),
    "ace-five-single-draw": GameRule("ace-five-single-draw", 5, (_ACE_FIVE,), draws=1),
}
"""Every full game by name; in the split games the Badugi half comes first."""

BADEUCEY_ACES_LOW = GameRule("badeucey", 5, (_BADUGI5, _DEUCE_SEVEN))
"""The house variant of Badeucey whose Badugi half plays aces low."""

_FEW_CARDS: dict[type[RankedHand], type[RankedHand]] = {
    Hand: FewCardHand,
    AceHighHand: FewCardAceHighHand,
}
SIZES = ("ranks", "suits", "hand_size", "draws", "max_raises")
"""What :func:`variant` may make smaller, in the order a variant's name lists them."""
_MOST = {"ranks": 13, "suits": 4, "hand_size": 5, "draws": 3, "max_raises": 2**31 - 2}


def variant(
    game: str,
    *,
    ranks: int | None = None,
    suits: int | None = None,
    hand_size: int | None = None,
    draws: int | None = None,
    max_raises: int | None = None,
) -> GameRule:
    """A small game of the family of ``game`` (docs/rules.md, "Small games"): its deck's
    ``ranks`` lowest ranks and ``suits`` first suits, hands of ``hand_size`` cards (1 to 4
    or 5 in Badugi; the lows read five), ``draws`` draws and ``max_raises`` raises after
    the bet in a fixed-limit round (a cap that holds heads-up too); each not given is the
    game's own. Named by its family
    and what differs, as ``game_rule`` reads it back: ``"badugi(ranks=3,suits=2)"``. An
    InvalidOption names a size out of range or a deck too small for two hands and a draw.
    """
    start = game_rule(game)
    sizes = start.sizes
    given = {"ranks": ranks, "suits": suits, "hand_size": hand_size, "draws": draws}
    given["max_raises"] = max_raises
    for key, value in given.items():
        if value is not None:
            sizes[key] = check_int(key, value, 1 if key != "max_raises" else 0, _MOST[key])
    return _made(GAMES[start.family], tuple(sizes.items()))


@cache
def _made(base: GameRule, items: tuple[tuple[str, int], ...]) -> GameRule:
    """The game of ``base``'s family of these sizes (cached: a variant's name is read at
    every hand a Table deals)."""
    sizes = dict(items)
    hand_size = sizes["hand_size"]
    if hand_size != 5 and any(half.kind != "badugi" for half in base.halves):
        raise InvalidOption(f"hand_size: {base.name} hands have 5 cards (a low reads five)")
    differ = [f"{key}={sizes[key]}" for key in SIZES if sizes[key] != base.sizes[key]]
    if not differ:
        return base
    name = f"{base.name}({','.join(differ)})"
    halves = base.halves
    if hand_size < 4:  # a Badugi hand of one to three cards
        half = halves[0]
        halves = (replace(half, hand=_FEW_CARDS[half.hand]),)
    rule = replace(
        base,
        name=name,
        cards=hand_size,
        halves=halves,
        draws=sizes["draws"],
        ranks=sizes["ranks"],
        suits=sizes["suits"],
        max_raises=sizes["max_raises"],
        cap_heads_up=True,
        family=base.name,
    )
    if not rule.deck or len(rule.deck) < 3 * hand_size:
        raise InvalidOption(
            f"{name}: a deck of {sizes['ranks']} ranks and {sizes['suits']} suits is too small"
            f" for two hands of {hand_size} cards and a draw ({3 * hand_size} cards)"
        )
    return rule


SMALL_GAMES: dict[str, GameRule] = {}
"""The small games by name (docs/rules.md, "Small games"), sized to be solved exactly."""


def _named(name: str, game: Game, **sizes: int) -> GameRule:
    rule = replace(variant(game, **sizes), name=name)
    SMALL_GAMES[name] = rule
    return rule


_VARIANT = re.compile(r"([a-z0-9-]+)\(([a-z_]+=\d+(?:,[a-z_]+=\d+)*)\)")


def game_rule(name: object, *, badeucey_aces_low: object = False) -> GameRule:
    """The rule of a game: a full game's name, a small game's, a variant's (as
    :func:`variant` names it), or a GameRule itself. An InvalidOption lists the games
    there are."""
    if badeucey_aces_low is not True and badeucey_aces_low is not False:
        raise InvalidOptionType(
            f"badeucey_aces_low must be a bool, not {type(badeucey_aces_low).__name__}"
        )
    if isinstance(name, GameRule):
        rule: GameRule | None = name
    elif isinstance(name, str):
        rule = GAMES.get(name) or SMALL_GAMES.get(name) or _parsed(name)
    else:
        rule = None
    if rule is None:
        rule = GAMES[check_choice("game", name, [*GAMES, *SMALL_GAMES])]
    if badeucey_aces_low and rule.family == "badeucey":
        return BADEUCEY_ACES_LOW if rule.is_full else replace(rule, halves=BADEUCEY_ACES_LOW.halves)
    return rule


def _parsed(name: str) -> GameRule | None:
    """A variant's name read back: ``family(key=value,...)``, the sizes of :func:`variant`;
    None for text that is not one (game_rule then lists the games)."""
    match = _VARIANT.fullmatch(name)
    if match is None or match[1] not in GAMES:
        return None
    sizes: dict[str, int] = {}
    for item in match[2].split(","):
        key, value = item.split("=")
        if key not in SIZES or key in sizes:
            raise InvalidOption(f"game {shown(name)}: {key!r} is not a size ({', '.join(SIZES)})")
        sizes[key] = int(value)
    return variant(match[1], **sizes)


_named("kuhn-badugi", "badugi", ranks=3, suits=1, hand_size=1, draws=1, max_raises=0)
_named("leduc-badugi", "badugi", ranks=3, suits=2, hand_size=1, draws=1, max_raises=1)
_named("two-card-badugi", "badugi", ranks=3, suits=2, hand_size=2, draws=1, max_raises=0)
