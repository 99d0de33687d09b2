"""Evaluation: raw ranks of single hands, numpy batches, and the hand value objects."""

from badugi_fast.evaluation.batch import (
    evaluate_ace_five_many,
    evaluate_badugi5_many,
    evaluate_badugi_ace_high_many,
    evaluate_deuce_seven_many,
    evaluate_many,
)
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
    compare,
    evaluate,
    evaluate_ace_five,
    evaluate_badugi5,
    evaluate_badugi_ace_high,
    evaluate_deuce_seven,
)

__all__ = [
    "AceFiveHand",
    "AceHighHand",
    "DeuceSevenHand",
    "FewCardAceHighHand",
    "FewCardHand",
    "Hand",
    "RankedHand",
    "compare",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_ace_five_many",
    "evaluate_badugi5",
    "evaluate_badugi5_many",
    "evaluate_badugi_ace_high",
    "evaluate_badugi_ace_high_many",
    "evaluate_deuce_seven",
    "evaluate_deuce_seven_many",
    "evaluate_many",
]
