"""Long exact counts and enumerations go in parts whose sums are the one-call figures."""

from __future__ import annotations

import math
from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast._binding import odds as kernels
from badugi_fast.odds.position import position

CASES = [
    (["Ks Kh Kd Kc", "Qs Qh Qd Qc"], "badugi", 1, ["Kh Kd", "Qs Qd Qc"]),
    (["As 2h 7d 7c", "9s 8h 5d Qd"], "badugi", 2, None),
    (["As2h3dKd5c", "8s7h5d2c9c"], "badacey", 1, ["Kd 5c", "9c 8s"]),
    (["As 2h 3d Kd"], "badugi", 3, ["Kd 3d"]),
]


class CountingCalls:
    """The C library, counting the calls of each function."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.library = kernels.lib

    def __getattr__(self, name: str) -> Any:
        target = getattr(self.library, name)
        if not callable(target):
            return target

        def call(*args: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            return target(*args)

        return call


@pytest.mark.parametrize(("hands", "game", "draws", "discards"), CASES)
def test_parts_add_up_to_the_whole(
    hands: list[str], game: str, draws: int, discards: list[str] | None, monkeypatch: Any
) -> None:
    ask: dict[str, Any] = {"game": game, "draws": draws, "exact_limit": 10**12}
    whole = bf.equity(hands, discards=discards, **ask) if len(hands) > 1 else None
    odds = bf.draw_odds(hands[0], discard=discards and discards[0], **ask)
    spec = position(
        hands,
        game=game,
        draws=draws,
        discards=discards,
        dead=(),
        target=None,
        policy=None,
        names=[f"hands[{i}]" for i in range(len(hands))],
    )
    count = kernels.outcomes(spec, 10**12)
    assert count is not None and count > 2000

    library = CountingCalls()
    monkeypatch.setattr(kernels, "lib", library)
    monkeypatch.setattr(kernels, "PART", 1000)
    assert kernels.outcomes(spec, 10**12) == count
    assert (kernels.outcomes(spec, 1500) or 0) > 1500  # past the limit, as in one call
    parted = bf.draw_odds(hands[0], discard=discards and discards[0], **ask)
    assert parted.exact and parted.distribution.keys() == odds.distribution.keys()
    for rank, p in odds.distribution.items():
        assert math.isclose(parted.distribution[rank], p, rel_tol=1e-9)
    if whole is not None:
        split = bf.equity(hands, discards=discards, **ask)
        assert split.exact
        for a, b in zip(
            split.equity + split.win + split.tie, whole.equity + whole.win + whole.tie, strict=True
        ):
            assert math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-15)
    assert library.calls.get("badugi_odds_exact_part", 0) > 1  # in parts indeed
    assert library.calls.get("badugi_odds_outcomes_part", 0) > 1
