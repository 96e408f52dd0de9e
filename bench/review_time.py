"""How long the hall's review of a finished game takes, per game: one JSON object per line.

Each game is played by greedy bots at its largest table (and Vent Life at 3 as well, the table where
a review was seen to take minutes), then reviewed through the hall's own steps (server/reviews.py:
`review_step` for "plan", "search" and "judge", then `final_review`, each on the worker's nice
review thread, here in this process) under the hall's budget. Printed: the decisions, the steps of
each phase and their CPU (as the steps report it, `time.thread_time` on the review thread), the
slowest step, the review's CPU against its budget, the worlds played and the decisions played out (a
long game of slow playouts plays out only a part, spread along the game), the wall time, and the load
average before and after (other work on the machine stretches the wall time, not the CPU).

    .venv/bin/python bench/review_time.py                       # every game, budget 30 (the hall's)
    .venv/bin/python bench/review_time.py --game vent_life --players 3 --budget 10
"""

from __future__ import annotations

import argparse
import json
import os
import time

from meeple import games
from meeple.analysis.simulate import play_one, saved_game
from meeple.server import reviews


def tables(only: list[str] | None, players: int | None) -> list[tuple]:
    """(game, players) to measure: each game at its largest table, Vent Life at 3 too."""
    out = []
    for game in games.all():
        if game.id in ("twenty", "tictactoe", "kuhn") or (only and game.id not in only):
            continue
        counts = [players] if players else [game.max_players] + ([3] if game.id == "vent_life" else [])
        out += [(game, n) for n in counts]
    return out


def timed_review(record: dict, budget: float) -> dict:
    """The review as the hall runs it (`Reviews._run`'s chain of steps), with figures per phase."""
    key = ("bench", time.monotonic())
    steps = {"plan": 0, "search": 0, "judge": 0}
    cpu = {"plan": 0.0, "search": 0.0, "judge": 0.0}
    slowest = 0.0

    def step(phase: str, start: int, bests: list, spent: float) -> list:
        nonlocal slowest
        found, used = reviews.review_step(key, record, budget, phase, start, bests, spent)
        steps[phase] += 1
        cpu[phase] += used
        slowest = max(slowest, used)
        return found

    (total,) = step("plan", 0, [], 0.0)
    bests: list = []
    while len(bests) < total:
        bests += step("search", len(bests), [], sum(cpu.values()))
    entries: list = []
    while len(entries) < total:
        entries += step("judge", len(entries), bests, sum(cpu.values()))
    result = reviews.final_review(key, record, budget, entries, sum(cpu.values()))
    return {"decisions": total, "steps": steps, "cpu_by_phase": {k: round(v, 2) for k, v in cpu.items()},
            "slowest_step_cpu_s": round(slowest, 2), "cpu_s": result["cpu_s"],
            "worlds": sum(e["worlds"] for e in entries), "played_out": sum(1 for e in entries if e["worlds"]),
            "last_played_seq": max((e["seq"] for e in entries if e["worlds"]), default=None),
            "judge": result["judge"]["level"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=reviews.BUDGET_S, help="CPU seconds per review")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, help="this table size instead of the largest")
    parser.add_argument("--bots", default="greedy", help="the bot in every seat (greedy or random)")
    args = parser.parse_args()
    for game, players in tables(args.game, args.players):
        bots = [args.bots] * players
        record = saved_game(game, players, None, bots, play_one(game, players, None, args.seed, bots))
        load_before = os.getloadavg()[0]
        wall = time.perf_counter()
        figures = timed_review(record, args.budget)
        wall = time.perf_counter() - wall
        print(json.dumps({
            "game": game.id, "players": players, "bots": args.bots, "seed": args.seed,
            "moves": len(record["moves"]), "budget_s": args.budget, **figures,
            "over_budget_s": round(max(0.0, figures["cpu_s"] - args.budget), 2), "wall_s": round(wall, 1),
            "load_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)], "cores": os.cpu_count(),
        }), flush=True)


if __name__ == "__main__":
    main()
