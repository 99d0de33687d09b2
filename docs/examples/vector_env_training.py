"""A linear policy trained against the equity bot on the Gymnasium vector environment.

Seat 0 of 512 heads-up fixed-limit Badugi tables plays the equity bot, all of them one
``SingleAgentVectorEnv`` stepped in C. The policy and its REINFORCE step are the self-play
example's (``selfplay.py``, beside this script): a softmax over the legal actions, linear in
the observation and the hand's strength. Each hand is an episode; when the vector
environment reports one ended (``terminations``), its decisions are learnt from with seat
0's result. The winnings against the equity bot, in big blinds a hand over every hand
played (the hands the bot folds to seat 0's big blind too), are printed as training goes.

    python docs/examples/vector_env_training.py                   # the docs' run: 400,000 hands
    python docs/examples/vector_env_training.py --hands 40000 --points 4
"""

from __future__ import annotations

import argparse

import numpy as np
from selfplay import LinearPolicy, features, improve  # the self-play example's policy

from badugi_fast.envs.vector import SingleAgentVectorEnv

TABLES = 512


def train(hands: int, points: int, seed: int = 1) -> list[tuple[int, float]]:
    """Play and learn for ``hands`` hands; after each of ``points`` equal parts, the hands
    played so far and the big blinds a hand won in that part."""
    env = SingleAgentVectorEnv(TABLES, bots=["equity"], stacks=[200, 200])
    observation, _ = env.reset(seed=seed)
    policy = LinearPolicy(
        env.single_observation_space["observation"].shape[0] + 3,
        env.single_action_space.n,
        np.random.default_rng(seed),
    )
    hand_of = np.arange(TABLES)  # each table's current hand, numbered across tables
    seat = np.zeros(TABLES, np.int64)  # the learner's seat at every table
    pending: list[tuple[np.ndarray, ...]] = []  # decisions whose hand has not ended yet
    curve, played, next_hand = [], 0, TABLES
    for point in range(1, points + 1):
        won, count = 0.0, 0
        while played < hands * point // points:
            batch, ended, results = [], [], []
            for _ in range(16):
                x, mask = features(observation["observation"]), observation["action_mask"] == 1
                actions = policy.act(x, mask)
                batch.append((x, mask, actions, seat, hand_of.copy()))
                observation, reward, terminated, _, info = env.step(actions)
                finished = int(terminated.sum())
                ended.append(hand_of[terminated])
                results.append(reward[terminated, None])
                hand_of[terminated] = next_hand + np.arange(finished)
                next_hand += finished
                won += float(reward.sum() + info["skipped_reward"].sum())
                count += finished + int(info["skipped_hands"].sum())
                played += finished
            pending = improve(
                policy, [*pending, *batch], np.concatenate(ended), np.concatenate(results)
            )
        curve.append((played, won / count))
    return curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands to train on")
    parser.add_argument("--points", type=int, default=8, help="parts to report")
    args = parser.parse_args()
    for played, won in train(args.hands, args.points):
        print(f"{played:>9,} hands: {won:+.3f} big blinds a hand against the equity bot")


if __name__ == "__main__":
    main()
