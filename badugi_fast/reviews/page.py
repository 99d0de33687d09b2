"""Reviews as one self-contained HTML page: per hand, its table and an equity-by-street
chart (matplotlib, the ``charts`` extra), the charts inlined as PNG so the page needs
nothing else."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path

from badugi_fast.extras import extra
from badugi_fast.reviews.report import hand_table, street, summary
from badugi_fast.reviews.review import HandReview


def chart(review: HandReview) -> bytes:
    """The hero's equity at each decision (two standard errors as bars), his equity in
    hindsight where known, and the pot odds at each call he faced: a PNG."""
    with extra("charts", "badugi review --html"):
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot

    labels = [f"{d.index}\n{street(d)}" for d in review.decisions]
    xs = range(len(labels))
    figure, axes = pyplot.subplots(figsize=(max(4.0, 0.9 * len(labels) + 1), 3.0))
    try:
        shown = [(x, d) for x, d in zip(xs, review.decisions, strict=True) if d.equity is not None]
        axes.errorbar(
            [x for x, _ in shown],
            [d.equity or 0.0 for _, d in shown],
            yerr=[2 * d.stderr for _, d in shown],
            marker="o",
            label="equity (vs the draws seen)",
        )
        seen = [
            (x, d.hindsight.equity)
            for x, d in zip(xs, review.decisions, strict=True)
            if d.hindsight is not None and d.hindsight.equity is not None
        ]
        if seen:
            axes.plot(*zip(*seen, strict=True), "s", label="hindsight (vs shown cards)")
        calls = [(x, d.pot_odds) for x, d in zip(xs, review.decisions, strict=True) if d.to_call]
        if calls:
            axes.plot(*zip(*calls, strict=True), "_", markersize=18, label="pot odds")
        axes.set_xticks(list(xs), labels, fontsize=7)
        axes.set_ylim(0, 1)
        axes.set_ylabel("share of the pot")
        axes.legend(fontsize=7, loc="best")
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format="png", dpi=80)
    finally:
        pyplot.close(figure)
    return out.getvalue()


def page(reviews: Sequence[tuple[str, HandReview]]) -> str:
    """The page: a section per hand (its table, its chart), then the summary."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>badugi review</title>',
        "<style>body{font-family:sans-serif;margin:2em}pre{font-size:13px}"
        "img{max-width:100%}</style></head><body>",
        f"<h1>badugi review: {len(reviews)} hand{'' if len(reviews) == 1 else 's'}</h1>",
    ]
    for where, review in reviews:
        png = base64.b64encode(chart(review)).decode("ascii")
        parts += [
            f"<section><h2>{html.escape(where)}</h2>",
            f'<img alt="equity by street, {html.escape(where)}" src="data:image/png;base64,{png}">',
            f"<pre>{html.escape(hand_table(review, where))}</pre></section>",
        ]
    if len(reviews) > 1:
        parts.append(f"<h2>Summary</h2><pre>{html.escape(summary(reviews, len(reviews)))}</pre>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_page(path: Path, reviews: Sequence[tuple[str, HandReview]]) -> None:
    """Write :func:`page` to ``path`` (UTF-8)."""
    path.write_text(page(reviews), encoding="utf-8")
