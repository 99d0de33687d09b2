"""Reviews as text: a table per hand and a summary over many (``badugi review``)."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.cards import format_cards
from badugi_fast.reviews.review import Decision, Estimate, HandReview

WORST = 5
"""Decisions the summary lists in each of its rankings."""


def percent(estimate: Estimate | None) -> str:
    """``61.23%`` exact, ``61.2% ±0.5`` sampled (the standard error, in points), ``-`` for
    none, ``no fit`` where no deal fits the draws seen."""
    if estimate is None:
        return "-"
    if estimate.equity is None:
        return "no fit"
    if estimate.exact:
        return f"{100 * estimate.equity:.2f}%"
    return f"{100 * estimate.equity:.1f}% ±{100 * estimate.stderr:.1f}"


def street(decision: Decision) -> str:
    """``bet 0`` (before the first draw), ``draw 2``; ``run 2`` after a split."""
    run = f" run {decision.run}" if decision.run else ""
    return f"{decision.kind} {decision.street}{run}"


def hand_table(review: HandReview, where: str) -> str:
    """One hand: a header, a row per decision and, at a draw, each way to draw."""
    head = (
        f"{where}: {review.game}, {review.hero} (p{review.player + 1}), "
        f"net {review.net:+d}, seed {review.seed}"
    )
    rows = [("action", "street", "hero", "pot", "to call", "odds", "equity", "hindsight")]
    notes: list[str] = []
    for d in review.decisions:
        odds = f"{100 * d.pot_odds:.1f}%" if d.to_call else "-"
        rows.append(
            (
                str(d.index),
                street(d),
                d.did,
                str(d.pot),
                str(d.to_call) if d.to_call else "-",
                odds,
                percent(d.estimate),
                percent(d.hindsight),
            )
        )
        if d.options:
            ways = [
                f"{format_cards(o.discard) or 'pat'} {percent(o.estimate)}"
                + (" (policy)" if o.policy else "")
                + (" (chosen)" if o.chosen else "")
                for o in d.options
            ]
            notes.append(f"  action {d.index}, draw {d.street}: " + "; ".join(ways))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [head] + [
        "  " + "  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in rows
    ]
    lines += notes
    if review.all_in is not None:
        a = review.all_in
        lines.append(
            f"  all in: {100 * a.equity:.1f}% of a pot of {a.pot} is {a.expected:.1f}, "
            f"won {a.won} (luck {a.luck:+.1f})"
        )
    return "\n".join(lines)


def summary(reviews: Sequence[tuple[str, HandReview]], hands: int) -> str:
    """Over many hands: the calls and folds that cost the most chips by the pot odds, the
    draws that cost the most equity, and the all-in luck."""
    lines = [f"{len(reviews)} of {hands} hands reviewed"]
    costly = _costliest(reviews, "bet")
    if costly:
        lines.append("calls and folds that cost the most (chips, by the pot odds):")
        lines += [
            f"  {where} action {d.index}: {d.did} at {100 * d.pot_odds:.1f}% pot odds with "
            f"{percent(d.estimate)} equity: {cost:.1f}"
            for cost, where, d in costly
        ]
    worst = _costliest(reviews, "draw")
    if worst:
        lines.append("draws that cost the most (equity against the best way to draw):")
        for cost, where, d in worst:
            best = max(
                (o for o in d.options if o.equity is not None), key=lambda o: o.equity or 0.0
            )
            lines.append(
                f"  {where} action {d.index}: {d.did} {percent(d.estimate)}, "
                f"{format_cards(best.discard) or 'pat'} {percent(best.estimate)}: "
                f"{100 * cost:.1f} points"
            )
    all_ins = [r.all_in for _, r in reviews if r.all_in is not None]
    if all_ins:
        won = sum(a.won for a in all_ins)
        expected = sum(a.expected for a in all_ins)
        lines.append(
            f"all-in luck over {len(all_ins)} hands: won {won} where the equity says "
            f"{expected:.1f} ({won - expected:+.1f})"
        )
    return "\n".join(lines)


def _costliest(
    reviews: Sequence[tuple[str, HandReview]], kind: str
) -> list[tuple[float, str, Decision]]:
    """The ``WORST`` decisions of ``kind`` ("bet" or "draw") that cost the most, costliest
    first, each with its cost and where it was."""
    costs = [
        (d.cost, where, d) for where, r in reviews for d in r.decisions if d.kind == kind and d.cost
    ]
    costs.sort(key=lambda item: -item[0])
    return [(float(cost), where, d) for cost, where, d in costs][:WORST]
