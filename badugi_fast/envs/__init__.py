"""Environments for the standard multi-agent and single-agent interfaces, on VectorGame's C
encoding (docs/guide/training.md): :mod:`.badugi_v0` (PettingZoo AEC) and
:class:`~badugi_fast.envs.single.SingleAgentEnv` (Gymnasium, one seat against bundled bots).
They need the ``rl`` extra (``pip install "badugi_fast[rl]"``: pettingzoo, gymnasium, numpy).
:mod:`.openspiel` registers the OpenSpiel game ``python_badugi`` for OpenSpiel's solvers
(the ``openspiel`` extra).
"""

from __future__ import annotations

from badugi_fast.extras import extra

with extra("rl", "badugi_fast.envs"):  # what every environment imports, checked up front
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401

__all__: list[str] = []
