"""Reviewing a hand you played: at every decision, your equity against what the other
players' draws say they hold (docs/rules.md, "Reviewing a hand"; docs/guide/review.md).

``review(history, hero)`` walks a ``HandHistory`` from the hero's seat (``walk``) and
prices each of his decisions (``review``), at a draw each way he could have drawn
(``options``); ``report`` writes reviews as text and ``page`` as one HTML page
(``badugi review``).
"""

from badugi_fast.reviews.review import (
    DEFAULT_EXACT_LIMIT,
    DEFAULT_SAMPLES,
    AllIn,
    Decision,
    DrawOption,
    Estimate,
    HandReview,
    review,
)

__all__ = [
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "AllIn",
    "Decision",
    "DrawOption",
    "Estimate",
    "HandReview",
    "review",
]
