"""Turing Machine: puzzle generation time and the solver's figures.

    python bench/turing_machine.py [--puzzles 300] [--seed 1] [--mode classic|extreme|nightmare]

Prints, for 4, 5 and 6 verifiers of the mode: generation time per puzzle (p50, p99), and
over the same solo puzzles the mean rounds and questions of the solver
strategy (meeple.games.turing_machine.strategy), of the generic greedy bot (whose
evaluation is the game's heuristic), beside random questions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple import bots, games
from meeple.engine import Rng
from meeple.games.turing_machine.solver import DIFFICULTIES, generate
from meeple.games.turing_machine.strategy import random_questions, solver_move


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def play(game, options: dict, seed: int, policy) -> tuple[bool, int, int]:
    state = game.setup(1, options, seed)
    rng = Rng(seed ^ 0x5EED)
    while not game.is_over(state):
        game.apply(state, 0, policy(state, 0, rng))
    return state.solved[0], len(state.history[0]), state.questions(0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("classic", "extreme", "nightmare"), default="classic")
    parser.add_argument("--difficulty", choices=DIFFICULTIES, default="any")
    args = parser.parse_args()
    game = games.get("turing_machine")
    for k in (4, 5, 6):
        rng, times = Rng(args.seed), []
        for _ in range(args.puzzles):
            start = time.perf_counter()
            generate(rng, k, 2 if args.mode == "extreme" else 1, args.difficulty)
            times.append(time.perf_counter() - start)
        print(f"{k} verifiers: generation p50 {percentile(times, 0.5) * 1e3:.2f} ms, "
              f"p99 {percentile(times, 0.99) * 1e3:.2f} ms over {args.puzzles} puzzles")
        greedy = bots.get("greedy")

        def greedy_move(state, seat, rng, bot=greedy):
            return bot.choose(game, state, seat, rng)

        for name, policy in (("solver", solver_move), ("greedy bot", greedy_move),
                             ("random questions", random_questions)):
            options = {"verifiers": k, "mode": args.mode, "difficulty": args.difficulty}
            runs = [play(game, options, args.seed * 100_000 + i, policy) for i in range(args.puzzles)]
            solved = [r for r in runs if r[0]]
            print(f"  {name}: solved {len(solved)}/{len(runs)}, mean rounds "
                  f"{statistics.mean(r[1] for r in solved):.2f}, mean questions "
                  f"{statistics.mean(r[2] for r in solved):.2f}, max questions {max(r[2] for r in solved)}")


if __name__ == "__main__":
    main()
