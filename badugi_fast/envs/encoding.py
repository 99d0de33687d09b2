"""VectorGame's C encoding as a Gymnasium space: the one observation space both
environments give, so they cannot drift apart."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from badugi_fast.vector import VectorGame


def observation_space(table: VectorGame) -> spaces.Dict:
    """A ``Dict`` of ``observation`` (the C encoding, float32) and ``action_mask`` (int8,
    one per action of the table's action space)."""
    box: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(0, np.inf, (table.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
    }
    return spaces.Dict(box)
