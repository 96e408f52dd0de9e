"""A learner through the PettingZoo adapter, as docs/adapters.md shows it: linear Monte Carlo
control on a game's own observation features, against random players.

    python -m meeple.adapters.learn --game wizard --players 3 --option single_round=1 \\
        --episodes 3000 --evaluate 2000 --seed 1

One seat (seat_0) learns; the others play uniformly at random among their legal
moves. The learner's action values are linear in the observation, one weight
row per action number: Q(x, a) = w[a] . x. It plays epsilon-greedily among the
legal actions (the mask), and after each game moves every value it chose
towards the game's return (+1 beat both, -1 beaten by both, see Returns).
Evaluation plays the same fresh deals twice, once with the learnt greedy
policy and once with random moves at seat_0, and reports both mean returns.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass

import numpy as np

from .pettingzoo import MeepleEnv, env

EVALUATION_SEEDS = 1 << 32  # evaluation deals start here, far from the training ones


@dataclass
class Result:
    episodes: int
    learnt: float   # mean return of the learnt policy at seat_0 over the evaluation deals
    random: float   # mean return of random moves at seat_0 over the same deals

    @property
    def margin(self) -> float:
        return self.learnt - self.random


class LinearQ:
    """Action values linear in the observation, learnt from whole-game returns."""

    def __init__(self, size: int, actions: int, rate: float = 0.05, epsilon: float = 0.2):
        self.w = np.zeros((actions, size + 1))  # the last column: a bias per action
        self.rate, self.epsilon = rate, epsilon

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, explore: bool) -> int:
        legal = np.flatnonzero(mask)
        if explore and rng.random() < self.epsilon:
            return int(rng.choice(legal))
        values = self.w[legal] @ np.append(obs, 1.0)
        return int(legal[int(np.argmax(values))])

    def learn(self, chosen: list[tuple[np.ndarray, int]], ret: float) -> None:
        for obs, action in chosen:
            x = np.append(obs, 1.0)
            self.w[action] += self.rate * (ret - self.w[action] @ x) * x / (x @ x)


def play(e: MeepleEnv, seed: int, choose, rng: np.random.Generator) -> tuple[float, list]:
    """One game from deal `seed`; `choose(obs, mask)` picks seat_0's actions (None: at random).
    Returns seat_0's return and its (observation, action) pairs."""
    e.reset(seed=seed)
    chosen: list[tuple[np.ndarray, int]] = []
    ret = 0.0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if agent == "seat_0":
            ret += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        if agent == "seat_0" and choose is not None:
            action = choose(obs["observation"], mask)
            chosen.append((obs["observation"].copy(), action))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        e.step(action)
    return ret, chosen


def train(game_id: str, players: int, options: dict, episodes: int, evaluate: int, seed: int = 1,
          hashed: bool = False) -> Result:
    """Train seat_0 for `episodes` games, then evaluate it on `evaluate` fresh deals (see the module)."""
    e = env(game_id, players=players, options=options, hashed=hashed)
    e.reset(seed=seed)
    size = e.observation_space("seat_0")["observation"].shape[0]
    q = LinearQ(size, int(e.action_space("seat_0").n))
    rng = np.random.default_rng(seed)
    for episode in range(episodes):
        ret, chosen = play(e, seed * 1_000_003 + episode, lambda o, m: q.act(o, m, rng, True), rng)
        q.learn(chosen, ret)
    learnt = random = 0.0
    for k in range(evaluate):
        deal = EVALUATION_SEEDS + seed * 1_000_003 + k
        # The same deals in both runs, and the other seats draw from generators seeded alike.
        learnt += play(e, deal, lambda o, m: q.act(o, m, rng, False), np.random.default_rng(k))[0]
        random += play(e, deal, None, np.random.default_rng(k))[0]
    return Result(episodes, learnt / evaluate, random / evaluate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="wizard")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value, or text)")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--evaluate", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hashed", action="store_true", help="learn on the hashed view, not the game's features")
    args = parser.parse_args(argv)
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    result = train(args.game, args.players, options, args.episodes, args.evaluate, args.seed, args.hashed)
    print(f"{args.game} {args.players}p {options}: after {result.episodes} games, seat_0's mean return "
          f"{result.learnt:+.3f} learnt against {result.random:+.3f} random (margin {result.margin:+.3f}), "
          f"over {args.evaluate} fresh deals")


if __name__ == "__main__":
    main()
