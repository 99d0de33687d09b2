"""A linear policy for heads-up fixed-limit Badugi, improved by self-play on VectorGame.

Both seats of every table play one softmax policy, linear in the observation plus the hand's
strength (its Badugi rank, from the batch evaluator). After each batch of steps, every
decision of a finished hand moves the policy by REINFORCE: towards the action taken, in
proportion to how much the seat's result beat a linear estimate of it. Every few batches the
policy plays the bundled bots (in C) and its winnings are plotted.

    python docs/examples/selfplay.py                  # the docs' figure: 400,000 hands
    python docs/examples/selfplay.py --hands 20000 --out /tmp/selfplay.png
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# The policy's matrices are small: one BLAS thread is faster than several waiting on each other.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # after the thread setting, which numpy reads on import

import badugi_fast as bf
from badugi_fast.vector import VectorGame

OPPONENTS = ("random", "calling-station", "hand-strength", "equity")
TABLES = 512
CARDS = 4  # a Badugi hand; the observation starts with one 52-wide one-hot per card


def features(observation: np.ndarray) -> np.ndarray:
    """The observation (log1p: a stack is 100 big blinds), the hand's strength (1 the best
    Badugi, 0 the worst) and a bias."""
    cards = observation[:, : CARDS * 52].reshape(-1, CARDS, 52).argmax(axis=2)
    strength = 1 - (bf.evaluate_many(cards) - 1) / 1092  # 1,092 Badugi ranks
    columns = [np.log1p(observation), strength, strength**2, np.ones(len(cards))]
    return np.column_stack(columns).astype(np.float32)


class LinearPolicy:
    """Softmax over the legal actions of ``features @ weights``; a linear value baseline."""

    def __init__(self, size: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((size, actions), np.float32)
        self.value = np.zeros(size, np.float32)
        self.rng = rng

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, x @ self.weights, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """One action a table, drawn from the policy's probabilities."""
        p = self.probabilities(x, mask)
        return (p.cumsum(axis=1) < self.rng.random((len(p), 1))).sum(axis=1).clip(0, p.shape[1] - 1)

    def learn(
        self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray, returns: np.ndarray, rate: float
    ) -> None:
        """One REINFORCE step over a batch of decisions and their hands' results."""
        advantage = returns - x @ self.value
        self.value += rate * x.T @ advantage / len(x)
        grad = -self.probabilities(x, mask)
        grad[np.arange(len(x)), actions] += 1
        self.weights += rate * x.T @ (grad * advantage[:, None]) / len(x)


def winnings(policy: LinearPolicy, opponent: str, hands: int, seed: int) -> float:
    """The policy's big blinds won per hand against a bundled bot (seats alternate)."""
    game = VectorGame(TABLES, seed=seed, bots=[None, opponent], stacks=[200, 200])
    won, ended = 0.0, 0
    while ended < hands:
        rewards, terminated = game.step(
            policy.act(features(game.observation), game.legal_action_mask)
        )
        won += float(rewards[terminated, 0].sum())
        ended += int(terminated.sum())
    return won / ended


def train(hands: int, evaluations: int, eval_hands: int, seed: int = 1) -> dict[str, list[float]]:
    """Self-play ``hands`` hands; the winnings against each bot (over ``eval_hands`` hands) at
    the start and at ``evaluations`` points on the way."""
    game = VectorGame(TABLES, seed=seed, stacks=[200, 200])
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(game.observation_size + 3, game.num_actions, rng)
    hand_of = np.arange(TABLES)  # each table's current hand, numbered across tables
    pending: list[tuple[np.ndarray, ...]] = []  # decisions whose hand has not ended yet
    curve: dict[str, list[float]] = {"hands": [], **{bot: [] for bot in OPPONENTS}}
    played, next_hand = 0, TABLES
    for point in range(evaluations + 1):
        for bot in OPPONENTS:
            curve[bot].append(winnings(policy, bot, eval_hands, seed + point))
        curve["hands"].append(played)
        goal = hands * (point + 1) // evaluations
        while point < evaluations and played < goal:
            batch, ended, results = [], [], []
            for _ in range(16):
                x, mask = features(game.observation), game.legal_action_mask
                actions = policy.act(x, mask)
                batch.append((x, mask, actions, game.current_player, hand_of.copy()))
                rewards, terminated = game.step(actions)
                count = int(terminated.sum())
                ended.append(hand_of[terminated])
                results.append(rewards[terminated])
                hand_of[terminated] = next_hand + np.arange(count)
                next_hand += count
                played += count
            pending = improve(
                policy, [*pending, *batch], np.concatenate(ended), np.concatenate(results)
            )
            if sys.stderr.isatty():  # a progress line, on a terminal only
                print(f"\r{min(played, hands):,}/{hands:,} hands", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)  # the results start on a line of their own
    return curve


def improve(
    policy: LinearPolicy,
    decisions: list[tuple[np.ndarray, ...]],
    ended: np.ndarray,
    results: np.ndarray,
) -> list[tuple[np.ndarray, ...]]:
    """Learn from the decisions of the hands that ended (``ended``, each seat's result in
    ``results``); return the decisions of the others."""
    x, mask, actions, seat, hand = (np.concatenate(part) for part in zip(*decisions, strict=True))
    done = np.isin(hand, ended)
    order = np.argsort(ended)
    row = order[np.searchsorted(ended, hand[done], sorter=order)]
    returns = results[row, seat[done]]
    policy.learn(x[done], mask[done], actions[done], returns, rate=0.01)
    rest = ~done
    return [(x[rest], mask[rest], actions[rest], seat[rest], hand[rest])]


def plot(curve: dict[str, list[float]], out: Path) -> None:
    """Winnings per hand against each bot over the self-play hands."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for bot in OPPONENTS:
        ax.plot(curve["hands"], curve[bot], marker="o", label=f"vs {bot}")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("self-play hands")
    ax.set_ylabel("big blinds won per hand")
    ax.set_title("Linear policy, heads-up fixed-limit Badugi")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="self-play hands")
    parser.add_argument("--evaluations", type=int, default=8, help="points on the curve")
    parser.add_argument("--eval-hands", type=int, default=10_000, help="hands against each bot")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_suffix(".png"))
    args = parser.parse_args(argv)
    drawing = can_draw()
    curve = train(args.hands, args.evaluations, args.eval_hands)
    for bot in OPPONENTS:
        print(f"vs {bot}: {curve[bot][0]:+.3f} -> {curve[bot][-1]:+.3f} big blinds a hand")
    if drawing:
        plot(curve, args.out)


def can_draw() -> bool:
    """Whether matplotlib is there to draw the figure; said before the minutes of training."""
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        print("no figure: matplotlib is not installed (pip install matplotlib)", file=sys.stderr)
        return False
    return True


if __name__ == "__main__":
    main()
