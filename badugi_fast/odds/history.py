"""What the draws before a position say: the ``discarded`` and ``drawn`` of ``equity``.

A known hand's earlier discards are cards out of the stub that its player alone has seen;
a range player's draws so far (how many cards he took at each) keep only the hands of his
range that the drawing policy plays through those draws (docs/rules.md, "Reviewing a
hand"). The first draw is applied here, to the combos (the policy's first discard depends on
the hand alone); the later ones in C, deal by deal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from badugi_fast._binding import odds as kernels
from badugi_fast._binding.ranges import Combos
from badugi_fast.checks import check_int, named_cards
from badugi_fast.errors import InvalidOption, InvalidOptionType, NoFittingDeal
from badugi_fast.games import BADEUCEY_ACES_LOW, GameRule
from badugi_fast.ranges.range import Range


class Named(Protocol):
    """What ``first_draw`` reads of a player's range, beside its combos."""

    @property
    def rule(self) -> GameRule: ...
    @property
    def text(self) -> str: ...


Given = TypeVar("Given", bound=Named)


def discards_before(
    discarded: Sequence[object] | None,
    names: Sequence[str],
    is_range: Sequence[bool],
    cards: int,
    draws_played: int,
) -> tuple[tuple[int, ...], ...]:
    """Each known hand's discards before the position (``discarded[i]``: cards, or None);
    a range player's are unknown, so giving them is an error."""
    if discarded is None:
        return ()
    thrown: list[tuple[int, ...]] = []
    for name, given, ranged in zip(names, discarded, is_range, strict=True):
        if given is None:
            thrown.append(())
            continue
        if ranged:
            raise InvalidOption(
                f"discarded for {name}: a range player's discards are dealt, not known "
                "(drawn says how many cards he took)"
            )
        most = cards * draws_played
        checked = named_cards(f"discarded for {name}", given, range(most + 1))
        thrown.append(tuple(int(card) for card in checked))
    return tuple(thrown) if any(thrown) else ()


def draws_before(
    drawn: Sequence[object] | None,
    names: Sequence[str],
    is_range: Sequence[bool],
    cards: int,
    draws_played: int,
    draws_left: int,
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The draws before the position and each range player's counts (``drawn[i]``: one
    count a draw played so far, or None for a known hand; one more when he has already
    made the position's first draw, drawing before the first hand)."""
    if drawn is None:
        return 0, ()
    counts: list[tuple[int, ...]] = []
    for name, given, ranged in zip(names, drawn, is_range, strict=True):
        if given is None:
            if ranged:
                raise InvalidOption(
                    f"drawn for {name}: a range player's draws so far are needed when any "
                    "player's are given (() before the first draw)"
                )
            counts.append(())
            continue
        if not ranged:
            raise InvalidOption(f"drawn for {name}: a known hand's draws say nothing more")
        if isinstance(given, str) or not isinstance(given, (list, tuple)):
            raise InvalidOptionType(
                f"drawn for {name} must be a list or tuple of counts, not {type(given).__name__}"
            )
        if not draws_played <= len(given) <= draws_played + (draws_left > 0):
            now = " (and one more if he has made the next draw)" if draws_left else ""
            raise InvalidOption(
                f"drawn for {name} needs one count for each draw played so far "
                f"({draws_played}: the game's draws less the draws left){now}, not {len(given)}"
            )
        counts.append(
            tuple(
                check_int(f"drawn for {name}, draw {j + 1}", n, 0, cards)
                for j, n in enumerate(given)
            )
        )
    return draws_played, tuple(counts) if any(counts) else ()


def first_draw(
    name: str,
    given: Given,
    combos_of: Callable[[str, Given, GameRule, list[int], list[int]], Combos],
    rule: GameRule,
    target: int,
    counts: tuple[int, ...],
    known: list[int],
    others: list[int],
) -> Combos:
    """A range player's combos clear of the ``known`` cards and ``others`` (cards another
    range player always holds; ``combos_of``), kept where the policy's first draw plays
    them as he was seen to: with no target, his range's hands in ``$draw{k}`` (``$pat``
    for 0), a range kept for the latest ranges so that each removal of known cards is made
    once (the combos too, for the latest questions); else the combos filtered one by one."""
    if given.rule != rule or (not counts and not isinstance(given, Range)):
        return combos_of(name, given, rule, known, others)  # refuses a range of another game
    out = tuple(sorted({*known, *others}))
    if not counts:
        kept = _kept(given, None, out)  # type: ignore[arg-type]
        return kept if len(kept) else combos_of(name, given, rule, known, others)  # refused
    if isinstance(given, Range) and not target:
        kept = _kept(given, counts[0], out)
    else:
        combos = combos_of(name, given, rule, known, others)
        kept = kernels.range_throwing(rule, target, counts[0], combos)
    if not len(kept):
        raise NoFittingDeal(
            f"{name}: no hand of the range {given.text!r} left once the known cards are "
            f"removed draws {counts[0]} at the first draw by the drawing policy"
        )
    return kept


DRAWING_KEPT = 16
"""Ranges whose hands by first-draw count ``first_draw`` keeps (the latest), and sets of
combos it keeps for the latest questions (a review asks several with the same cards
known, one for each way the hero could draw)."""
_drawing_ranges: dict[int, tuple[Range, dict[int, Range]]] = {}
"""By ``id`` of a range (kept alive here, so the id is its own): its hands by count."""
_kept_combos: dict[tuple[int, int | None, tuple[int, ...]], tuple[Range, Combos]] = {}
"""By (``id`` of a range, count, known cards): the range kept alive and its combos."""
_lock = threading.Lock()
"""Guards both caches: reviews run on several threads."""


def _kept(given: Range, count: int | None, known: tuple[int, ...]) -> Combos:
    """The combos of ``_drawing(given, count)`` (``given`` for None) clear of ``known``,
    from the cache."""
    key = (id(given), count, known)
    with _lock:
        entry = _kept_combos.get(key)
    if entry is None:
        drawing = given if count is None else _drawing(given, count)
        entry = (given, drawing.combos(known))
        with _lock:
            _kept_combos[key] = entry
            while len(_kept_combos) > DRAWING_KEPT:
                del _kept_combos[next(iter(_kept_combos))]
    return entry[1]


def _drawing(given: Range, count: int) -> Range:
    """The hands of ``given`` the policy (no target) draws ``count`` cards to."""
    with _lock:
        entry = _drawing_ranges.get(id(given))
        if entry is None:
            entry = _drawing_ranges[id(given)] = (given, {})
            while len(_drawing_ranges) > DRAWING_KEPT:
                del _drawing_ranges[next(iter(_drawing_ranges))]
        found = entry[1].get(count)
    if found is None:
        rule = given.rule
        drawing = Range.parse(
            f"$draw{count}", game=rule.name, badeucey_aces_low=rule is BADEUCEY_ACES_LOW
        )
        found = given & drawing
        with _lock:
            entry[1][count] = found
    return found
