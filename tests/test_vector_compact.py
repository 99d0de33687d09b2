"""VectorGame's compact observation (docs/guide/training.md, "Observation"): played beside the
full one on the same seeds and actions, it holds the same values, the card ids one-hot and
the rest times ``compact_scale`` giving the full observation, to the last bit (position and
players still in, which the full one divides, within one float rounding); masks, players and
rewards are the same; the environments take it too."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_fast.errors import InvalidOption, InvalidOptionType
from badugi_fast.games import GAMES

np = pytest.importorskip("numpy")
from badugi_fast.vector import VectorGame  # noqa: E402  (needs numpy)

CASES: list[dict[str, Any]] = [
    {"stacks": [200] * 6},
    {"game": "badeucey", "betting": "pot-limit", "stacks": [40, 9, 30], "mucking": True},
    {"game": "deuce-seven-single-draw", "betting": "no-limit", "stacks": [25, 60], "antes": 1},
    {
        "game": "badacey",
        "betting": "no-limit",
        "stacks": [12, 30, 3, 50],
        "runs": 2,
        "bots": [None, "random", None, "hand-strength"],
    },
    {"blinds": (0, 0), "small_bet": 3, "stacks": [30] * 5, "dead_money": 7, "carry_stacks": False},
]


def expand(game: VectorGame, compact: Any) -> Any:
    """The documented one-liner: the card ids one-hot, the rest times compact_scale."""
    cards = GAMES[game._options.get("game", "badugi")].cards
    one_hot = np.eye(53, dtype=np.float32)[compact[..., :cards]][..., :52]
    return np.concatenate(
        [
            one_hot.reshape(*compact.shape[:-1], 52 * cards),
            compact[..., cards:].astype(np.float32) * game.compact_scale[cards:],
        ],
        axis=-1,
    )


def same(game: VectorGame, compact: Any, full: Any) -> None:
    """The compact values expand to the full ones, to the bit but for position and players
    still in (the table block's last two, before the street's and phase's one-hots), which
    the full observation divides: within one float rounding there."""
    expanded = expand(game, compact)
    draws = GAMES[game._options.get("game", "badugi")].draws
    exact = np.ones(expanded.shape[-1], bool)
    exact[-(draws + 1 + 3) - 2 : -(draws + 1 + 3)] = False
    assert (expanded[..., exact].view(np.uint32) == full[..., exact].view(np.uint32)).all()
    assert np.allclose(expanded, full, rtol=2e-7, atol=0)


@pytest.mark.parametrize("options", CASES)
def test_compact_is_the_full_observation_in_integers(options: dict[str, Any]) -> None:
    full = VectorGame(3, seed=11, **options)
    compact = VectorGame(3, seed=11, observation="compact", **options)
    assert compact.observation.dtype == np.int32 and full.observation.dtype == np.float32
    cards = GAMES[options.get("game", "badugi")].cards
    assert compact.observation_size == full.observation_size - 51 * cards
    rng = np.random.default_rng(5)
    for _ in range(60):
        for name in ("current_player", "legal_action_mask"):
            assert (getattr(compact, name) == getattr(full, name)).all()
        same(compact, compact.observation, full.observation)
        for seat in range(full.players):
            same(compact, compact.observe(1, seat), full.observe(1, seat))
        mask = full.legal_action_mask
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        after = int(actions[2])
        same(compact, compact.observe_after(2, after), full.observe_after(2, after))
        rewards, ended = full.step(actions)
        compact_rewards, compact_ended = compact.step(actions)
        assert (rewards == compact_rewards).all() and (ended == compact_ended).all()


def test_card_ids_stand_for_the_one_hots_and_52_for_none() -> None:
    game = VectorGame(1, seed=3, observation="compact", stacks=[100] * 3)
    seat = int(game.current_player[0])
    held = [int(card) for card in game.hand_state(0).hole_cards(seat)]
    assert game.observation[0, :4].tolist() == held
    assert not game.compact_scale[:4].any() and game.compact_scale.flags.writeable is False
    game.step(np.array([0]))  # a fold: the folded seat holds nothing
    assert game.observe(0, seat)[:4].tolist() == [52] * 4


def test_the_compact_option_is_checked() -> None:
    with pytest.raises(InvalidOption, match="observation must be one of 'full', 'compact'"):
        VectorGame(2, observation="small")
    with pytest.raises(InvalidOptionType, match="observation must be"):
        VectorGame(2, observation=1)
    with pytest.raises(InvalidOption, match=r"4294967296 chips holds over 2\*\*31 - 1"):
        VectorGame(2, observation="compact", stacks=[2**31, 2**31])
    VectorGame(2, observation="compact", stacks=[2**30, 2**30 - 1])


def test_the_environments_take_the_compact_observation() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from badugi_fast.envs import badugi_v0
    from badugi_fast.envs.single import SingleAgentEnv

    env = badugi_v0.env(observation="compact", stacks=[50, 50, 50])
    env.reset(seed=2)
    space = env.observation_space("player_0")["observation"]
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        assert observation["observation"] in space
        assert observation["observation"].dtype == np.int32
        env.step(None if terminated or truncated else int(observation["action_mask"].argmax()))
    single = SingleAgentEnv(observation="compact")
    observation, _ = single.reset(seed=1)
    assert observation["observation"] in single.observation_space["observation"]


def test_the_compact_observation_is_the_same_on_any_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each table keeps its own seats' values (rewritten only where they changed), so the
    compact arrays, and the hands, are the same whatever thread steps a table."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)
    options = {"stacks": [40, 25, 60], "bots": [None, "random", None], "observation": "compact"}
    games = [VectorGame(23, seed=9, threads=threads, **options) for threads in (1, 3)]
    rng = np.random.default_rng(9)
    for _ in range(40):
        one, three = games
        assert (one.observation == three.observation).all()
        assert (one.legal_action_mask == three.legal_action_mask).all()
        mask = one.legal_action_mask
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        stepped = zip(one.step(actions), three.step(actions), strict=True)
        assert all((a == b).all() for a, b in stepped)
    assert [str(games[0].hand_state(i).history) for i in range(23)] == [
        str(games[1].hand_state(i).history) for i in range(23)
    ]
