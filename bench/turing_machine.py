"""Turing Machine: puzzle generation time and the solver's figures; bot levels on solo puzzles.

    python bench/turing_machine.py [--puzzles 300] [--seed 1] [--mode classic|extreme|nightmare]

Prints, for 4, 5 and 6 verifiers of the mode: generation time per puzzle (p50, p99), and
over the same solo puzzles the mean rounds and questions of the solver
strategy (meeple.games.turing_machine.strategy), of the generic greedy bot (whose
evaluation is the game's heuristic), beside random questions.

    python bench/turing_machine.py --compare greedy,search3 --puzzles 200 --seed 1

One JSON object: bot levels on the same solo puzzles, puzzle i in mode i % 3, difficulty
(i // 3) % 4 and with 4 + (i // 12) % 3 verifiers (every mode and difficulty); for each level the
puzzles solved, mean questions and rounds (over every puzzle, solved or not), CPU seconds per
decision (mean, max), the same per mode and per mode and difficulty, and the paired difference in
questions of each level from the first one (mean over puzzles, 95% normal interval; over all puzzles
and in each mode and difficulty) (issue 40).

    python bench/turing_machine.py --decisions search3 --players 4 --puzzles 10

One JSON object: CPU seconds per decision of a level at a table of that many seats, every seat
played by it, on puzzles of 6 verifiers in every mode (the largest beliefs): mean, p99 and max.
"""

from __future__ import annotations

import argparse
import json
import math
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


MODES = ("classic", "extreme", "nightmare")


def puzzle_options(i: int) -> dict:
    """Puzzle i of a comparison: every mode, difficulty and number of verifiers in turn."""
    return {"mode": MODES[i % 3], "difficulty": DIFFICULTIES[(i // 3) % len(DIFFICULTIES)],
            "verifiers": 4 + (i // 12) % 3}


def solo_run(game, level: str, options: dict, seed: int) -> dict:
    """One solo puzzle played by a bot level: solved, rounds, questions, CPU per decision."""
    bot = bots.get(level)
    state = game.setup(1, options, seed)
    rng = Rng(seed ^ 0x5EED)
    times = []
    while not game.is_over(state):
        start = time.process_time()
        move = bot.choose(game, state, 0, rng.fork())
        times.append(time.process_time() - start)
        game.apply(state, 0, move)
    return {"solved": state.solved[0], "rounds": len(state.history[0]), "questions": state.questions(0),
            "cpu": times}


def summary(runs: list[dict]) -> dict:
    cpu = [t for r in runs for t in r["cpu"]]
    return {"puzzles": len(runs), "solved": sum(r["solved"] for r in runs),
            "mean_questions": round(statistics.mean(r["questions"] for r in runs), 3),
            "mean_rounds": round(statistics.mean(r["rounds"] for r in runs), 3),
            "cpu_per_decision": [round(statistics.mean(cpu), 4), round(max(cpu), 4)]}


def paired(mine: list[dict], first: list[dict]) -> list[float]:
    """Mean difference in questions over the same puzzles, with its 95% normal interval."""
    diff = [a["questions"] - b["questions"] for a, b in zip(mine, first)]
    mean = statistics.mean(diff)
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


def compare(game, levels: list[str], puzzles: int, seed: int) -> dict:
    runs = {level: [solo_run(game, level, puzzle_options(i), seed * 100_000 + i) for i in range(puzzles)]
            for level in levels}
    out: dict = {"puzzles": puzzles, "seed": seed, "levels": {}}
    first = runs[levels[0]]
    for level in levels:
        mine = runs[level]
        row = summary(mine)
        row["by_mode"] = {mode: summary([r for i, r in enumerate(mine) if puzzle_options(i)["mode"] == mode])
                          for mode in MODES}
        cells = {}
        for mode in MODES:
            for difficulty in DIFFICULTIES:
                idx = [i for i in range(puzzles) if puzzle_options(i)["mode"] == mode
                       and puzzle_options(i)["difficulty"] == difficulty]
                if not idx:
                    continue
                cell = summary([mine[i] for i in idx])
                if level != levels[0]:
                    cell[f"questions_minus_{levels[0]}"] = paired([mine[i] for i in idx], [first[i] for i in idx])
                cells[f"{mode}/{difficulty}"] = cell
        row["by_mode_and_difficulty"] = cells
        if level != levels[0]:
            row[f"questions_minus_{levels[0]}"] = paired(mine, first)
        out["levels"][level] = row
    return out


def decisions(game, level: str, players: int, puzzles: int, seed: int) -> dict:
    """CPU per decision of `level` at a full table of it, on 6-verifier puzzles of every mode."""
    bot = bots.get(level)
    times = []
    for i in range(puzzles):
        state = game.setup(players, {"mode": MODES[i % 3], "verifiers": 6}, seed * 100_000 + i)
        rng = Rng(seed + i)
        while not game.is_over(state):
            seat = min(game.to_move(state))
            start = time.process_time()
            move = bot.choose(game, state, seat, rng.fork())
            times.append(time.process_time() - start)
            game.apply(state, seat, move)
    return {"level": level, "players": players, "puzzles": puzzles, "decisions": len(times),
            "cpu_mean": round(statistics.mean(times), 4), "cpu_p99": round(percentile(times, 0.99), 4),
            "cpu_max": round(max(times), 4)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("classic", "extreme", "nightmare"), default="classic")
    parser.add_argument("--difficulty", choices=DIFFICULTIES, default="any")
    parser.add_argument("--compare", help="comma-separated bot levels: solo puzzles of every mode and difficulty")
    parser.add_argument("--decisions", help="a bot level: its CPU per decision at --players seats")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = games.get("turing_machine")
    if args.compare:
        print(json.dumps(compare(game, args.compare.split(","), args.puzzles, args.seed)))
        return
    if args.decisions:
        print(json.dumps(decisions(game, args.decisions, args.players, args.puzzles, args.seed)))
        return
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
