"""What both environments share, so they cannot drift apart: VectorGame's C encoding (the
full observation or, with ``observation="compact"``, the compact one) as a Gymnasium space,
and the refusal of the options they set themselves (seed, n)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from badugi_fast.errors import InvalidOption
from badugi_fast.vector import VectorGame


def observation_space(table: VectorGame) -> spaces.Dict:
    """A ``Dict`` of ``observation`` (the C encoding: float32, or int32 for the compact one)
    and ``action_mask`` (int8, one per action of the table's action space)."""
    size = (table.observation_size,)
    values = (
        spaces.Box(0, np.iinfo(np.int32).max, size, np.int32)
        if table.compact
        else spaces.Box(0, np.inf, size, np.float32)
    )
    box: dict[str, spaces.Space[Any]] = {
        "observation": values,
        "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
    }
    return spaces.Dict(box)


def refuse_table_options(options: dict[str, Any], env: str) -> None:
    """Refuse among an environment's options what it sets itself: the seed is reset()'s,
    as in every Gymnasium and PettingZoo environment, and it plays one table."""
    if "seed" in options:
        raise InvalidOption(f"{env} takes its seed in reset(seed=...), not as an option")
    if "n" in options:
        raise InvalidOption(f"{env} plays one table: n is VectorGame's, not an option")
