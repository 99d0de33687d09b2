"""Cards dealt unknown (``??``): a card for each that could have been there.

A history written by an observer names only some cards: its own and those shown. Each
card dealt is followed from its ``d dh`` line to the line that takes it out of its
holder's hand (a discard, a fold, a muck) or to the end: that span is where the card was.
A real card is in one place at a time, and cards out of play return to the stub at a
reshuffle, unknown or not. So an unknown card can be any card that is in no other place
for the whole of its span: the named cards' spans, the shown cards' and the other unknown
cards'. A discard ``??`` throws the player's oldest unknown card, and a card shown in place
of unknown ones (``pN sm``) takes the place of the newest that are left: the shortest spans
the history allows, so a shown card clashes with a named one only when every reading of
the history makes it clash, and that is refused, naming both places (docs/rules.md, "Hand
histories", "Dealing order and reshuffles").

A hand run more than once (``_run_starts``) picks up at each run after the first the hands
held when it split: the cards dealt in the run before go to the muck, and each card of a
split hand is followed from its deal to the line that takes it out in the last run that
holds it, so no run gives it to anyone else. Every hand is shown at each run's end, so a
``??`` discard in a run first throws the split cards shown in an earlier run that this
run's show no longer holds.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from heapq import heapreplace
from itertools import accumulate

from badugi_fast.cards import DECK, Card
from badugi_fast.phh.notation import Notation, parse_line

_NEVER = 1 << 62
"""Later than any line: a card never placed again."""
_ORDER = {card: order for order, card in enumerate(DECK)}


@dataclass(slots=True, eq=False)  # each span is one card: told apart by identity
class _Span:
    """One card in one hand: dealt at line ``start``, out of the hand at line ``end``.
    ``card`` is None while the card is unknown."""

    seat: int
    start: int
    end: int
    card: Card | None
    known: bool


@dataclass(slots=True)
class CardPlan:
    """The cards a replay deals in place of unknown ones.

    ``dealt`` maps each ``d dh`` line with unknown cards to the cards to deal, ``thrown``
    each ``pN sd`` line with unknown cards to the cards it throws for them, and ``refusals``
    a line to the reason it cannot be (checked when the replay reaches it, so an earlier
    line's error comes first). ``hidden`` is the seats that end the hand holding unknown
    cards never shown; in a hand run more than once, ``hidden_runs`` the seats that end each
    run (by number) so, unless they muck it.
    """

    dealt: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    thrown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    refusals: dict[int, str] = field(default_factory=dict)
    hidden: set[int] = field(default_factory=set)
    hidden_runs: dict[int, set[int]] = field(default_factory=dict)


def plan(actions: tuple[str, ...], run_starts: tuple[int, ...] = ()) -> CardPlan:
    """Where the unknown cards of ``actions`` could have been, each run from the line
    ``run_starts`` names (lines that do not parse are skipped: the replay refuses them when
    it gets there)."""
    notes: dict[int, Notation] = {}
    for index, line in enumerate(actions):
        try:
            notes[index] = parse_line(line)
        except ValueError:
            continue
    follow = _Follow(len(actions), run_starts, notes)
    for index, note in notes.items():
        follow.step(index, note)
    return follow.finish()


class _Follow:
    """The spans of every card, line by line, and the plan they give."""

    def __init__(
        self, end: int, run_starts: tuple[int, ...] = (), notes: dict[int, Notation] | None = None
    ) -> None:
        self.end = end
        self.run_starts = run_starts
        self.split: dict[int, list[_Span]] = {}  # each seat's hand when the hand split
        self.run_ends: list[dict[int, list[_Span]]] = []  # each run's hands at its end
        self.shown: dict[tuple[int, int], set[Card]] = {}  # (run, seat) -> its run's show
        self.run_throws: set[tuple[int, int]] = set()  # (run, seat) that threw ?? in a run
        for index, note in (notes or {}).items():
            if note.verb == "sm" and note.player is not None and run_starts:
                run = bisect_right(run_starts, index)
                self.shown[run, note.player] = {c for c in note.cards or () if c is not None}
        self.spans: list[_Span] = []
        self.placed: dict[Card, list[_Span]] = {card: [] for card in DECK}  # named or shown
        self.held: dict[int, list[_Span]] = {}
        self.deals: dict[int, list[_Span]] = {}
        self.throws: dict[int, list[_Span]] = {}
        self.refusals: dict[int, str] = {}

    def step(self, index: int, note: Notation) -> None:
        if index in self.run_starts:
            self._run(index)
        seat = note.player
        if seat is None or note.verb not in ("dh", "sd", "f", "sm"):
            return
        hand = self.held.setdefault(seat, [])
        if note.verb == "dh":
            dealt = [
                _Span(seat, index, self.end, card, card is not None) for card in note.cards or ()
            ]
            self.spans += dealt
            for span in dealt:
                if span.card is not None:
                    self.placed[span.card].append(span)
            hand += dealt
            self.deals[index] = dealt
        elif note.verb == "sd":
            self._throw(index, seat, hand, note.cards or ())
        elif note.verb == "f" or (note.verb == "sm" and not note.cards and not note.shown_as_dealt):
            self._out(index, hand, list(hand))  # a fold or a muck
        elif note.cards:
            self._show(index, seat, hand, note.cards)

    def _run(self, index: int) -> None:
        """A run begins: at the first, the hands are kept as split; at each later one, the
        cards dealt in the run before go out and every seat picks up its split hand."""
        if not self.split:
            self.split = {seat: list(hand) for seat, hand in self.held.items()}
            return
        self.run_ends.append({seat: list(hand) for seat, hand in self.held.items()})
        for seat, hand in self.held.items():
            kept = self.split.get(seat, [])
            for span in hand:
                if span not in kept:
                    span.end = index
            for span in kept:
                span.end = self.end
            hand[:] = kept

    def _out(self, index: int, hand: list[_Span], cards: list[_Span]) -> None:
        for span in cards:
            span.end = index
            hand.remove(span)

    def _throw(
        self, index: int, seat: int, hand: list[_Span], cards: tuple[Card | None, ...]
    ) -> None:
        """A discard: the named cards, and for each ``??`` the oldest unknown card held."""
        named = [span for span in hand if span.card is not None and span.card in cards]
        held = {span.card for span in named}
        unknown = [span for span in self._unknown(index, seat, hand) if span not in named]
        count = cards.count(None)
        if count and self.split:
            run = bisect_right(self.run_starts, index)
            if (run, seat) in self.run_throws:
                self.refusals[index] = (
                    f"p{seat + 1} throws unknown (??) cards at two draws of run {run}: which "
                    "cards it kept from the split cannot be told"
                )
                return
            self.run_throws.add((run, seat))
        if len(named) + count < len(cards) and unknown:  # a stand-in must not pass for it
            missing = [card for card in cards if card is not None and card not in held]
            self.refusals[index] = (
                f"cannot discard {missing[0]}: not in p{seat + 1}'s hand as dealt (a card "
                "dealt unknown is thrown as ??)"
            )
            return
        if not count:
            self._out(index, hand, named)
            return
        if count > len(unknown):
            self.refusals[index] = (
                f"p{seat + 1} discards {count} unknown (??) cards but holds "
                f"{len(unknown)} dealt unknown"
            )
            return
        self.throws[index] = unknown[:count]
        self._out(index, hand, named + unknown[:count])

    def _unknown(self, index: int, seat: int, hand: list[_Span]) -> list[_Span]:
        """The cards a ``??`` discard throws, in order: in a run, the split cards shown in
        an earlier run that this run's show does not hold; then the oldest unknown cards."""
        unknown = [span for span in hand if span.card is None]
        if not self.split:
            return unknown
        shown = self.shown.get((bisect_right(self.run_starts, index), seat), set())
        gone = [span for span in hand if not span.known and span.card not in shown]
        return [span for span in gone if span.card is not None] + unknown

    def _show(
        self, index: int, seat: int, hand: list[_Span], cards: tuple[Card | None, ...]
    ) -> None:
        """Shown cards the player holds unknown take the places of the newest unknown
        cards it holds, each one checked against every other place the card has been."""
        held = {span.card for span in hand}
        new = [card for card in cards if card is not None and card not in held]
        unknown = sorted((span for span in hand if span.card is None), key=lambda s: -s.start)
        if not new or len(new) > len(unknown):
            return  # nothing to place, or more than it could hold: the replay refuses it
        places = [span for span in hand if span in unknown[: len(new)]]  # in hand order
        if not self._fit(new, places):  # as shown does not fit: the card that has been
            new.sort(key=lambda card: -self._last_elsewhere(card)[0])  # elsewhere latest
            places = unknown  # takes the newest place, and so on down
        for card, span in zip(new, places, strict=False):
            until, other = self._last_elsewhere(card)
            if other is not None and until > span.start:
                self.refusals[index] = self._clash(seat, card, other, span.start)
                return
        for card, span in zip(new, places, strict=False):
            span.card = card
            self.placed[card].append(span)

    def _fit(self, cards: list[Card], places: list[_Span]) -> bool:
        """Whether each card could be in its place, paired in order."""
        return all(
            self._last_elsewhere(card)[0] <= span.start
            for card, span in zip(cards, places, strict=True)
        )

    def _last_elsewhere(self, card: Card) -> tuple[int, _Span | None]:
        """When ``card`` was last in a known place (named, or shown), and that place."""
        last: tuple[int, _Span | None] = (-1, None)
        for span in self.placed[card]:
            if span.end > last[0]:
                last = (span.end, span)
        return last

    def _clash(self, seat: int, card: Card, other: _Span, since: int) -> str:
        who, holder = f"p{seat + 1}", f"p{other.seat + 1}"
        if other.end == self.end:
            verb = "holds" if other.known else "shows too"
            return f"{who} shows {card}, which {holder} {verb}"
        return (
            f"{who} shows {card}, which {holder} held until action {other.end}, but {who}'s "
            f"unknown cards have all been in its hand since action {since} or earlier"
        )

    def finish(self) -> CardPlan:
        """Each unknown card not shown gets a card in no other place during its span: as a
        deck deals, the stub's first (a card never placed again, the longest out of play);
        if that leaves one without a card, each gets the card placed again soonest after
        it, which leaves the cards free for longer to the longer spans."""
        result = CardPlan(refusals=self.refusals)
        unknown = [span for span in self.spans if span.card is None]
        chosen, failed = self._place(unknown, tight=False)
        if failed is not None:
            chosen, failed = self._place(unknown, tight=True)
        if failed is not None:  # the replay stops at its deal, the cards before it placed
            result.refusals.setdefault(
                failed.start,
                f"no card can be p{failed.seat + 1}'s unknown card: each of the 52 is held "
                "or shown by someone while it holds it",
            )
        for span, card in chosen.items():
            span.card = card
            if span.end == self.end:
                result.hidden.add(span.seat)
        if self.split:
            self.run_ends.append({seat: list(hand) for seat, hand in self.held.items()})
        for run, hands in enumerate(self.run_ends, 1):
            result.hidden_runs[run] = {
                seat for seat, hand in hands.items() if any(span in chosen for span in hand)
            }
        for index, spans in self.deals.items():
            if any(not span.known for span in spans):
                dealt = tuple(span.card for span in spans if span.card is not None)
                if len(dealt) == len(spans):
                    result.dealt[index] = dealt
        for index, spans in self.throws.items():
            result.thrown[index] = tuple(span.card for span in spans if span.card is not None)
        return result

    def _place(
        self, unknown: list[_Span], *, tight: bool
    ) -> tuple[dict[_Span, Card], _Span | None]:
        """A card for each unknown span, in the order dealt, up to the first span left
        without one (None if none is)."""
        fixed = {_ORDER[card]: _Places(spans) for card, spans in self.placed.items() if spans}
        busy_until = dict.fromkeys(fixed, -1)  # when the unknown spans given a card end
        # the cards never named or shown, by (busy until, order): the least is the best
        # of them, as each key below is then (never placed again, busy until, order)
        free = [(-1, order) for order in range(len(DECK)) if order not in fixed]
        never = _NEVER if tight else False
        chosen: dict[_Span, Card] = {}
        for span in unknown:
            best: tuple[int, int, int] | None = None
            if free and free[0][0] <= span.start:
                best = (never, *free[0])
            # a card never dealt yet comes first unless tight: any named or shown card is
            # placed again after the span (True) or was out only since a place ended (>= 0)
            candidates = () if best is not None and best[1] < 0 and not tight else fixed.items()
            for order, places in candidates:
                if busy_until[order] > span.start:
                    continue
                count = bisect_left(places.starts, span.end)  # the places begun before it ends
                out_since = places.last_end[count - 1] if count else -1
                if out_since > span.start:
                    continue
                again = places.starts[count] if count < len(places.starts) else _NEVER
                key = (
                    again if tight else again != _NEVER,
                    max(out_since, busy_until[order]),
                    order,
                )
                if best is None or key < best:
                    best = key
            if best is None:
                return chosen, span
            order = best[2]
            chosen[span] = DECK[order]
            if order in fixed:
                busy_until[order] = span.end
            else:
                heapreplace(free, (span.end, order))
        return chosen, None


class _Places:
    """The named and shown places of one card, by start, with the latest end so far."""

    def __init__(self, spans: list[_Span]) -> None:
        spans = sorted(spans, key=lambda span: span.start)
        self.starts = [span.start for span in spans]
        self.last_end = list(accumulate((span.end for span in spans), max))
