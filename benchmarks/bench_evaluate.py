"""pytest-benchmark: badugi_fast's evaluators next to PokerKit and a plain C loop.

Run: ``pytest benchmarks --benchmark-enable`` (add ``--benchmark-group-by=group``
is the default; ``--benchmark-columns=min,mean,rounds`` keeps it short).

Groups put peers side by side: ``<game> single`` times one call per hand over the
same ``SINGLE_HANDS`` hands (so a round is that many calls), ``<game> batch`` one
``*_many`` call on 1M unsorted random hands. Nothing asserts on time; every
benchmark asserts its results, so a broken path cannot be measured silently.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import _workload
import numpy as np
import pokerkit
import pytest
from _workload import SINGLE_HANDS

import badugi_fast as bf
from badugi_fast._core import lib

GAMES = _workload.EVALUATORS
GAME_IDS = [game.name for game in GAMES]


@pytest.fixture(scope="module")
def batches(batch4: _workload.HandArray, batch5: _workload.HandArray) -> dict[int, Any]:
    """The 1M-hand arrays keyed by hand size."""
    return {4: batch4, 5: batch5}


def _expected_batch(game: _workload.Evaluator, hands: _workload.HandArray) -> Any:
    """Ranks of every row through the single-call API (a path independent of the batch loop)."""
    ranks = np.empty(len(hands), dtype=np.uint16)
    chunk = 1 << 16
    for start in range(0, len(hands), chunk):
        rows = _workload.hand_lists(hands[start : start + chunk])
        ranks[start : start + chunk] = [game.single(row) for row in rows]
    return ranks


def _assert_same_order(theirs: list[Any], ours: list[int]) -> None:
    """PokerKit hands (stronger is greater) order like our ranks (smaller is stronger)."""
    for i in range(len(ours) - 1):
        mine = (ours[i] < ours[i + 1]) - (ours[i] > ours[i + 1])
        peer = (theirs[i] > theirs[i + 1]) - (theirs[i] < theirs[i + 1])
        assert peer == mine, f"hands {i} and {i + 1}: PokerKit says {peer}, we say {mine}"


def test_scale_anchors() -> None:
    """The best hand of each scale is rank 1, so the benchmarks measure the real scales."""
    assert bf.evaluate([0, 5, 10, 15]) == 1  # As 2h 3d 4c
    assert bf.evaluate_badugi5([0, 5, 10, 15, 51]) == 1
    assert bf.evaluate_badugi_ace_high([4, 9, 14, 19]) == 1  # 2s 3h 4d 5c
    assert bf.evaluate_ace_five([0, 5, 10, 15, 16]) == 1  # A-2-3-4-5
    assert bf.evaluate_deuce_seven([4, 9, 14, 19, 25]) == 1  # 2-3-4-5-7


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_single(benchmark: Any, batches: dict[int, Any], game: _workload.Evaluator) -> None:
    """Our single call on each of SINGLE_HANDS hands given as lists of ints."""
    hands = batches[game.size][:SINGLE_HANDS]
    rows = _workload.hand_lists(hands)
    expected = game.many(hands).tolist()
    benchmark.group = f"{game.name} single ({SINGLE_HANDS} hands per round)"
    evaluate = game.single
    ranks = benchmark(lambda: [evaluate(row) for row in rows])
    assert ranks == expected


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_single_pokerkit(
    benchmark: Any, batches: dict[int, Any], game: _workload.Evaluator
) -> None:
    """PokerKit on the same hands, from pre-parsed PokerKit cards."""
    hands = batches[game.size][:SINGLE_HANDS]
    cards = _workload.pokerkit_cards(hands)
    expected = game.many(hands).tolist()
    benchmark.group = f"{game.name} single ({SINGLE_HANDS} hands per round)"
    benchmark.extra_info["peer"] = f"pokerkit.{game.peer_name}"
    peer = game.peer
    theirs = benchmark(lambda: [peer(hand) for hand in cards])
    _assert_same_order(theirs, expected)


def test_single_bare_cffi(benchmark: Any, batch4: _workload.HandArray) -> None:
    """The floor: ``lib.badugi_eval4(*ids)`` with no Python wrapper at all."""
    hands = batch4[:SINGLE_HANDS]
    rows = _workload.hand_lists(hands)
    expected = bf.evaluate_many(hands).tolist()
    benchmark.group = f"badugi4 single ({SINGLE_HANDS} hands per round)"
    eval4 = lib.badugi_eval4
    ranks = benchmark(lambda: [eval4(*row) for row in rows])
    assert ranks == expected


@pytest.mark.parametrize("separator", [" ", ""], ids=["spaced", "glued"])
def test_hand_from_string(benchmark: Any, batch4: _workload.HandArray, separator: str) -> None:
    """``Hand("Ks 7h 3d 2c")`` / ``Hand("Ks7h3d2c")``: parse, check and evaluate."""
    hands = batch4[:SINGLE_HANDS]
    texts = [_workload.hand_text(row, separator) for row in hands]
    expected = bf.evaluate_many(hands).tolist()
    benchmark.group = f"Hand from string ({SINGLE_HANDS} hands per round)"
    hand = bf.Hand
    made = benchmark(lambda: [hand(text) for text in texts])
    assert [h.rank for h in made] == expected


def test_hand_from_string_pokerkit(benchmark: Any, batch4: _workload.HandArray) -> None:
    """PokerKit's ``BadugiHand.from_game`` from the same text."""
    hands = batch4[:SINGLE_HANDS]
    texts = [_workload.hand_text(row, "") for row in hands]
    expected = bf.evaluate_many(hands).tolist()
    benchmark.group = f"Hand from string ({SINGLE_HANDS} hands per round)"
    benchmark.extra_info["peer"] = "pokerkit.BadugiHand.from_game"
    from_game = pokerkit.BadugiHand.from_game
    theirs = benchmark(lambda: [from_game(text) for text in texts])
    _assert_same_order(theirs, expected)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_many(benchmark: Any, batches: dict[int, Any], game: _workload.Evaluator) -> None:
    """One ``*_many`` call on 1M unsorted random hands."""
    hands = batches[game.size]
    expected = _expected_batch(game, hands)
    benchmark.group = f"{game.name} batch ({len(hands):,} hands)"
    benchmark.extra_info["hands"] = len(hands)
    ranks = benchmark(game.many, hands)
    assert np.array_equal(ranks, expected)


@pytest.mark.parametrize("loop", ["plain_eval4", "plain_eval4_tables"])
def test_many_plain_c_loop(
    benchmark: Any, batch4: _workload.HandArray, plain_loop: ModuleType, loop: str
) -> None:
    """The reference for evaluate_many: an unchecked C loop over the same table."""
    ffi, function = plain_loop.ffi, getattr(plain_loop.lib, loop)
    out = np.zeros(len(batch4), dtype=np.uint16)
    cards, ranks = ffi.from_buffer("uint8_t[]", batch4), ffi.from_buffer("uint16_t[]", out)
    benchmark.group = f"badugi4 batch ({len(batch4):,} hands)"
    benchmark.extra_info["hands"] = len(batch4)
    benchmark(function, cards, len(batch4), ranks)
    assert np.array_equal(out, bf.evaluate_many(batch4))
