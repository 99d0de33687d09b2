"""The question an odds or equity call asks, checked and reduced to plain ints.

Every argument of ``draw_odds`` and ``equity`` is validated here, once, with errors that
name the bad card or option (docs/rules.md, "Draw odds and equity"). The result, a
``Position``, is small, immutable and picklable, so it travels to executor workers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Protocol

from badugi_fast._binding.odds import NO_DEAL
from badugi_fast._binding.ranges import Combos
from badugi_fast.cards import DECK, Card, CardsLike
from badugi_fast.checks import as_int, check_apart, check_int, named_cards
from badugi_fast.errors import (
    InvalidCards,
    InvalidCardType,
    InvalidOption,
    InvalidOptionType,
    InvalidRange,
)
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import GameRule, game_rule
from badugi_fast.odds.history import discards_before, draws_before, first_draw

MAX_PLAYERS = 8

Policy = Callable[[tuple[Card, ...], int, int], CardsLike]
"""A custom drawing policy: ``policy(cards, player, draw)`` returns the cards to throw.

``cards`` is the player's hand, ``player`` its index in the hands given (0 draws first) and
``draw`` the draw number, 0 for the first. It must depend on nothing else (the same
question gets the same answer). Python runs for every decision, so it is the slow path.
"""


@dataclass(frozen=True, slots=True)
class Position:
    """A validated question: the game, hands in drawing order, draws left and the fixed
    parts."""

    rule: GameRule
    hands: tuple[tuple[int, ...], ...]
    draws: int
    discards: tuple[tuple[int, ...] | None, ...]
    dead: tuple[int, ...]
    target: int
    policy: Policy | None
    ranges: tuple[Combos | None, ...] = ()
    """Per player, a range player's combos (its ``hands`` entry is then empty), else None;
    empty when every hand is known."""
    history: int = 0
    """Draws played before the position whose draws ``drawn`` gives (docs/rules.md,
    "Reviewing a hand")."""
    drawn: tuple[tuple[int, ...], ...] = ()
    """Per player, the cards a range player was seen to draw at each of the ``history``
    draws, and at the position's first draw when he has made it (empty for a known hand);
    empty when none is known."""
    thrown: tuple[tuple[int, ...], ...] = ()
    """Per player, the cards a known hand threw before the position (out of the stub, seen
    by its player alone); empty when none did."""
    pat: tuple[bool, ...] = ()
    """Per player, whether a known hand stands pat at every draw; empty when none does."""

    def discard_mask(self, hand: tuple[int, ...], player: int, draw: int) -> int:
        """The custom policy's discard from ``hand`` (card ids), as a mask of positions in
        it; an impossible discard raises naming the player and draw."""
        policy = self.policy
        if policy is None:
            raise InvalidOption("the built-in policy decides in C: no Python discard to ask")
        cards = tuple(DECK[card] for card in hand)
        what = f"policy discard of player {player}, draw {draw}"
        thrown = discard_cards(what, policy(cards, player, draw), hand)
        return sum(1 << hand.index(card) for card in thrown)


SUIT_RELABELLINGS = tuple(permutations(range(4)))
"""The 24 renamings of the suits: suit s becomes ``relabelling[s]``."""


def least_relabelling(question: Position) -> Position:
    """The one position of its class under renamed suits (and reordered cards in a hand):
    the least, suit by suit renamed, with every hand's cards sorted. The built-in policy
    ignores the suits' names, so it has the same odds; enumerated from it, twins add the
    same floats in the same order and so agree to the last bit. Only renamings that keep
    the game's deck count (a small game's suits among themselves). A custom policy may
    read the suits: its position is left as it is, and so is one against ranges, whose
    combos name their suits."""
    if question.policy is not None or question.ranges:
        return question
    suits = question.rule.suits

    def renamed(suits: tuple[int, ...]) -> Position:
        def cards(ids: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sorted(card - card % 4 + suits[card % 4] for card in ids))

        return replace(
            question,
            hands=tuple(map(cards, question.hands)),
            discards=tuple(None if d is None else cards(d) for d in question.discards),
            dead=cards(question.dead),
            thrown=tuple(map(cards, question.thrown)),
        )

    def key(form: Position) -> tuple[object, ...]:
        discards = tuple(() if d is None else (0, *d) for d in form.discards)
        return form.hands, discards, form.dead, form.thrown

    keeping = (order for order in SUIT_RELABELLINGS if max(order[:suits]) < suits)
    return min(map(renamed, keeping), key=key)


def target_rank(target: object, rule: GameRule, what: str = "target", half_index: int = 0) -> int:
    """A hand, cards or raw rank as a rank on the scale of one half of the game (the first:
    Badugi, or the low in the triple-draw games; the second: a split game's low): 0 for
    None."""
    if target is None:
        return 0
    half = rule.halves[half_index]
    if isinstance(target, RankedHand):
        if type(target) is not half.hand:
            raise InvalidOptionType(
                f"{what} must be a {half.hand.__name__} in {rule.name}, not {type(target).__name__}"
            )
        return target.rank
    if not isinstance(target, Card) and (isinstance(target, int) or as_int(target) is not None):
        return check_int(what, target, 1, half.hand.RANK_COUNT)
    counts = [5] if half.kind != "badugi" else [4, 5] if rule.cards >= 4 else [rule.cards]
    return half.hand(rule.check_deck(what, named_cards(what, target, counts))).rank


def draws_left(draws: object, rule: GameRule) -> int:
    """The draws a question plays: 0 to the game's draws, and None for all of them (3 in
    triple draw, 1 in single draw: the odds from the deal to the showdown)."""
    return rule.draws if draws is None else check_int("draws", draws, 0, rule.draws)


def discard_cards(what: str, discard: object, hand: tuple[int, ...]) -> tuple[int, ...]:
    """A discard: cards of the hand, each at most once (an error names ``what``)."""
    cards = named_cards(what, discard, range(len(hand) + 1))
    for card in cards:
        if card not in hand:
            raise InvalidCards(f"{what}: {card} is not in the hand {_text(hand)}")
    return tuple(int(card) for card in cards)


def _text(cards: Sequence[int]) -> str:
    return " ".join(str(DECK[card]) for card in cards)


def position(
    hands: Sequence[CardsLike],
    *,
    game: object,
    badeucey_aces_low: object = False,
    draws: object,
    discards: Sequence[object] | None,
    dead: CardsLike,
    target: object,
    policy: Policy | None,
    names: Sequence[str],
    ranges: Sequence[Ranged | None] = (),
    discarded: Sequence[object] | None = None,
    drawn: Sequence[object] | None = None,
    pat: Sequence[object] | None = None,
) -> Position:
    """Check every argument; ``names[i]`` is how errors refer to hand i (``"hands[1]"``).

    ``ranges[i]``, when given and not None, makes player i a range player: its hand is
    one of the range's hands that share no card with the known hands and ``dead``.
    ``discarded[i]`` (a known hand's discards so far) and ``drawn[i]`` (a range player's
    counts at the draws so far) describe the draws before the position (``history``)."""
    rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
    count = draws_left(draws, rule)
    if count and len(hands) > rule.max_players:
        raise InvalidOption(
            f"{len(hands)} hands: a {rule.name} deck of {len(rule.deck)} cards completes the"
            f" draws of {rule.max_players} at most"
        )
    goal = target_rank(target, rule)
    if policy is not None and not callable(policy):
        raise InvalidOptionType(f"policy must be callable, not {type(policy).__name__}")
    ranged = tuple(ranges) or (None,) * len(hands)
    checked = tuple(
        ()
        if given is not None
        else tuple(map(int, rule.check_deck(name, named_cards(name, hand, (rule.cards,)))))
        for name, hand, given in zip(names, hands, ranged, strict=True)
    )
    dead_cards = tuple(map(int, rule.check_deck("dead", named_cards("dead", dead, range(53)))))
    is_range = [given is not None for given in ranged]
    played = rule.draws - count
    discards_so_far = per_hand("discarded", discarded, len(hands))
    thrown = discards_before(discards_so_far, names, is_range, rule.cards, played)
    counted = per_hand("drawn", drawn, len(hands))
    history, counts = draws_before(counted, names, is_range, rule.cards, played, count)
    if history and policy is not None:
        raise InvalidOption(
            "drawn: the draws so far are read by the built-in policy, not a custom one"
        )
    check_apart(
        (
            *zip(names, checked, strict=True),
            ("dead", dead_cards),
            *((f"discarded for {name}", cards) for name, cards in zip(names, thrown, strict=False)),
        )
    )
    first: tuple[tuple[int, ...] | None, ...] = (None,) * len(checked)
    if discards is not None:
        for name, discard, given in zip(names, discards, ranged, strict=True):
            if discard is not None and given is not None:
                raise InvalidOption(f"discard of {name}: a range draws under the policy")
        first = tuple(
            None if discard is None else discard_cards(f"discard of {name}", discard, hand)
            for name, hand, discard in zip(names, checked, discards, strict=True)
        )
        if count == 0 and any(discard is not None for discard in first):
            raise InvalidOption("a discard needs at least one draw (draws=0)")
    known = [card for hand in (*checked, *thrown) for card in hand] + list(dead_cards)
    combos = _range_combos(names, ranged, rule, known, goal, counts)
    return Position(
        rule,
        checked,
        count,
        first,
        dead_cards,
        goal,
        policy,
        combos if any(combos) else (),
        history,
        counts,
        thrown,
        _pat(per_hand("pat", pat, len(hands)), names, is_range, first),
    )


def _pat(
    pat: Sequence[object] | None,
    names: Sequence[str],
    is_range: Sequence[bool],
    first: Sequence[tuple[int, ...] | None],
) -> tuple[bool, ...]:
    """Which known hands stand pat at every draw (``pat[i]``, a bool)."""
    if pat is None:
        return ()
    flags = []
    for name, flag, ranged, discard in zip(names, pat, is_range, first, strict=True):
        if flag is not True and flag is not False:
            raise InvalidOptionType(f"pat for {name} must be a bool, not {type(flag).__name__}")
        if flag and ranged:
            raise InvalidOption(f"pat for {name}: a range player draws by the policy")
        if flag and discard:
            raise InvalidOption(f"pat for {name}: it stands pat, so it throws no {discard}")
        flags.append(flag)
    return tuple(flags) if any(flags) else ()


class Ranged(Protocol):
    """What a question reads of a player's range (a ``ranges.Range``)."""

    @property
    def rule(self) -> GameRule: ...
    @property
    def text(self) -> str: ...
    def combos(self, removed: CardsLike = ()) -> Combos:
        """The range's hands that share no card with ``removed``."""
        ...


def _range_combos(
    names: Sequence[str],
    ranged: Sequence[Ranged | None],
    rule: GameRule,
    known: list[int],
    target: int,
    counts: Sequence[tuple[int, ...]],
) -> tuple[Combos | None, ...]:
    """Each range player's combos: the range's hands clear of the known and dead cards and
    of every card another range player holds in all of his (no assignment gives a hand
    with one), until no more cards are found so. Only hands no assignment can hold go,
    so the equity is the same; the sampler then rejects fewer draws (a range weighted
    heavily on hands with the As against one that always holds it). A range player seen to
    draw (``counts[i]``) keeps the combos his first draw fits (``history.first_draw``)."""
    players = [i for i, given in enumerate(ranged) if given is not None]
    held: dict[int, frozenset[int]] = dict.fromkeys(players, frozenset())
    while True:
        combos = {}
        for i in players:
            others = sorted({card for j in players if j != i for card in held[j]})
            seen = counts[i] if counts else ()
            given = ranged[i]
            assert given is not None
            combos[i] = first_draw(names[i], given, _combos, rule, target, seen, known, others)
        found = {i: _in_every(combos[i]) for i in players}
        if found == held or len(players) == 1:
            return tuple(combos.get(i) for i in range(len(ranged)))
        held = found


def _in_every(combos: Combos) -> frozenset[int]:
    """The cards every combo holds (each holds a card once: count its bytes)."""
    first = combos.hands[: combos.cards]
    return frozenset(c for c in first if combos.hands.count(bytes([c])) == len(combos))


def _combos(
    name: str, given: Ranged, rule: GameRule, known: list[int], others: list[int]
) -> Combos:
    """A range player's combos: the range's hands clear of the known and dead cards, and
    of ``others``, cards another range player always holds."""
    if given.rule != rule:
        raise InvalidOption(f"{name} is a range of {given.rule.name} hands, not {rule.name}")
    if not len(given.combos(known)):
        raise InvalidRange(
            f"{name}: no hand of the range {given.text!r} is left once the known cards are removed"
        )
    combos = given.combos(known + others)
    if not len(combos):
        raise InvalidCards(
            f"{NO_DEAL}: each hand of {name} ({given.text!r}) holds one of "
            f"{_text(others)}, which another range holds in every hand"
        )
    return combos


def hand_list(hands: object) -> list[CardsLike]:
    """The ``hands`` argument of ``equity``: a list or tuple of 2..8 hands."""
    if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
        raise InvalidCardType(f"hands must be a list or tuple of hands, not {type(hands).__name__}")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise InvalidOption(f"equity needs 2..{MAX_PLAYERS} hands, not {len(hands)}")
    return list(hands)


def per_hand(name: str, values: object, players: int) -> list[object] | None:
    """An optional per-hand list (``discards``): None, or one entry per hand."""
    if values is None:
        return None
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise InvalidOptionType(f"{name} must be a list or tuple, not {type(values).__name__}")
    if len(values) != players:
        raise InvalidOption(f"{name} needs one entry per hand ({players}), not {len(values)}")
    return list(values)


def seed_value(seed: object) -> int | None:
    """A seed: None, or an int in 0..2**64-1."""
    if seed is None:
        return None
    return check_int("seed", seed, 0, 2**64 - 1)
