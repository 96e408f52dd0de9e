"""Rng's draws against the plain SplitMix64 it replaced (issue 41): CPU ns per use, in one run.

    .venv/bin/python bench/rng_speed.py [--rounds 7] [--ms 150]
    .venv/bin/python bench/rng_speed.py --playouts [--game living_forest:4:kodama] [--rounds 7] [--ms 400]

`Before` below is engine/rng.py as it was before its numpy blocks (each method writing the formula
out). Each case runs for about --ms of CPU time on one side, then on the other, the side going first
alternating every round; a round's ratio is before over now (above 1: now is faster). Cases: long-lived
generators (next_u64, randrange, random, choice, shuffles of 10 and 52), fresh generators drawing a few
numbers and dropped (as search's determinize does), and a copy of a long-lived generator drawing a few
(a search's clone). Prints one JSON object: per case, the median ns per use of each side, the median of
the rounds' ratios and their range, and the load average.

With --playouts: random playouts (as `meeple bench` plays them) at each game's largest table, in one
process, the two generators taking turns: before a side's slice every loaded meeple module's `Rng` is
made that side's class, so the rules' deals and draws and the moves' draws all use it. GAME:N[:OPTION]
picks one table (OPTION a true boolean option, as living_forest:4:kodama); the default is every game at
its most players, and Living Forest with kodama too. Per table: playouts per CPU second of each side
(over all rounds) and the median of the rounds' ratios (now over before) with their range.

With --decisions: a search level's iterations per decision (its CPU budget fixed, so more iterations is
a faster search), the two generators taking turns at each of --positions positions (spread along random
games, as bench/bot_decisions.py picks them) for every game at --players (or its most, if fewer):
the position's own generator and the search's are each side's class. Per game: the median iterations of
each side and the median of the positions' ratios (now over before).

    .venv/bin/python bench/rng_speed.py --decisions [--level search3] [--players 4] [--positions 4]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from meeple.engine.rng import Rng  # noqa: E402

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Before:
    """engine/rng.py's Rng before the blocks (commit 896b9a7), unchanged."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = int(seed) & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def random(self) -> float:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return seq[(z ^ (z >> 31)) % len(seq)]

    def shuffle(self, items: list) -> None:
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> Before:
        return Before(self.next_u64())

    def copy(self) -> Before:
        other = Before.__new__(Before)
        other.state = self.state
        return other


def _cases(cls):
    """name -> (a function doing `count` uses, count): each use is one call (or one fresh generator)."""
    long = cls(12345)
    deck, small = list(range(52)), list(range(10))
    seq = "abcdefg"

    def next_u64(count):
        draw = long.next_u64
        for _ in range(count):
            draw()

    def randrange(count):
        draw = long.randrange
        for _ in range(count):
            draw(52)

    def random(count):
        draw = long.random
        for _ in range(count):
            draw()

    def choice(count):
        draw = long.choice
        for _ in range(count):
            draw(seq)

    def shuffle52(count):
        for _ in range(count):
            long.shuffle(deck)

    def shuffle10(count):
        for _ in range(count):
            long.shuffle(small)

    def fresh(k):
        def run(count):
            for seed in range(count):
                rng = cls(seed)
                for _ in range(k):
                    rng.next_u64()
        return run

    def fresh_shuffle(count):
        for seed in range(count):
            cls(seed).shuffle(deck)

    def copy_then(k):
        def run(count):
            for _ in range(count):
                rng = long.copy()
                for _ in range(k):
                    rng.next_u64()
        return run

    return {
        "next_u64": (next_u64, 20000), "randrange(52)": (randrange, 20000), "random": (random, 20000),
        "choice": (choice, 20000), "shuffle 52 cards": (shuffle52, 400), "shuffle 10 cards": (shuffle10, 2000),
        "fresh Rng, 1 draw": (fresh(1), 5000), "fresh Rng, 4 draws": (fresh(4), 3000),
        "fresh Rng, 24 draws": (fresh(24), 600), "fresh Rng, 40 draws": (fresh(40), 400),
        "fresh Rng, 100 draws": (fresh(100), 200), "fresh Rng, 1000 draws": (fresh(1000), 20),
        "fresh Rng, shuffle 52": (fresh_shuffle, 400),
        "copy, 0 draws": (copy_then(0), 20000), "copy, 5 draws": (copy_then(5), 3000),
        "copy, 60 draws": (copy_then(60), 300),
    }


def _time(run, count, ms: float) -> float:
    """CPU ns per use, running `run(count)` until about `ms` of CPU time has passed."""
    done, spent = 0, 0.0
    while spent < ms / 1000 or done == 0:
        start = time.process_time_ns()
        run(count)
        spent += (time.process_time_ns() - start) / 1e9
        done += count
    return spent * 1e9 / done


def _use(cls) -> None:
    """Every loaded meeple module's `Rng` becomes `cls` (the engine, its generated state code, games), but
    engine.rng's own (Rng.copy and Rng.fork make an Rng)."""
    for name, module in list(sys.modules.items()):
        if name.startswith("meeple") and name != "meeple.engine.rng" and getattr(module, "Rng", None) in (Before, Rng):
            module.Rng = cls


def _tables(picked: list[str] | None) -> list[tuple[str, int, dict]]:
    from meeple import games

    if picked:
        tables = []
        for text in picked:
            game_id, n, *flags = text.split(":")
            tables.append((game_id, int(n), {flag: True for flag in flags}))
        return tables
    tables = [(game.id, game.max_players, {}) for game in games.all()]
    return tables + [("living_forest", 4, {"kodama": True})]


def playouts(args) -> dict:
    from meeple import games
    from meeple.analysis.bench import random_playout

    result: dict = {}
    for game_id, n, options in _tables(args.game):
        game = games.get(game_id)
        name = f"{game_id} {n}p" + "".join(f" {key}" for key in options)
        rates: dict[str, list[float]] = {"before": [], "now": []}
        totals = {"before": [0, 0.0], "now": [0, 0.0]}
        for round_ in range(args.rounds):
            order = (Before, Rng) if round_ % 2 == 0 else (Rng, Before)
            for cls in order:
                side = "before" if cls is Before else "now"
                _use(cls)
                rng, seed, done = cls(round_ + 1), round_ * 100_000, 0
                start = time.process_time()
                while True:
                    random_playout(game, game.setup(n, options or None, seed + done), rng)
                    done += 1
                    spent = time.process_time() - start
                    if spent >= args.ms / 1000:
                        break
                rates[side].append(done / spent)
                totals[side][0] += done
                totals[side][1] += spent
        _use(Rng)
        ratios = [now / before for before, now in zip(rates["before"], rates["now"])]
        result[name] = {"before_per_cpu_s": round(totals["before"][0] / totals["before"][1], 1),
                        "now_per_cpu_s": round(totals["now"][0] / totals["now"][1], 1),
                        "ratio": round(statistics.median(ratios), 3),
                        "range": [round(min(ratios), 3), round(max(ratios), 3)]}
        print(json.dumps({name: result[name]}), file=sys.stderr, flush=True)
    return result


def decisions(args) -> dict:
    from meeple import bots, games

    result: dict = {}
    for game in games.all():
        n = min(args.players, game.max_players)
        rng, samples, game_seed = Rng(0), [], 0
        while len(samples) < args.positions:
            state = game.setup(n, None, game_seed)
            trail = []
            while not game.is_over(state):
                seat = min(game.to_move(state))
                moves = game.legal_moves(state, seat)
                if len(moves) > 1:
                    trail.append(game.clone(state))
                game.apply(state, seat, moves[rng.next_u64() % len(moves)])
            step = max(1, len(trail) // args.positions)
            samples += trail[::step][: args.positions - len(samples)]
            game_seed += 1
        bot = bots.get(args.level)
        counts: dict[str, list[int]] = {"before": [], "now": []}
        for i, state in enumerate(samples):
            for cls in ((Before, Rng) if i % 2 == 0 else (Rng, Before)):
                _use(cls)
                world = game.clone(state)
                world.rng = cls(state.rng.state)
                bot.choose(game, world, min(game.to_move(world)), cls(i))
                counts["before" if cls is Before else "now"].append(bot.last_iterations)
        _use(Rng)
        ratios = [now / before for before, now in zip(counts["before"], counts["now"]) if before]
        result[f"{game.id} {n}p"] = {"before_iterations": statistics.median(counts["before"]),
                                     "now_iterations": statistics.median(counts["now"]),
                                     "ratio": round(statistics.median(ratios), 3) if ratios else None,
                                     "range": [round(min(ratios), 3), round(max(ratios), 3)] if ratios else None}
        print(json.dumps({f"{game.id} {n}p": result[f"{game.id} {n}p"]}), file=sys.stderr, flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--ms", type=float, default=None,
                        help="CPU ms per side per case per round (default 150, 400 with --playouts)")
    parser.add_argument("--playouts", action="store_true", help="random playouts of the games instead")
    parser.add_argument("--game", action="append", help="with --playouts: GAME:N[:OPTION] (repeatable)")
    parser.add_argument("--decisions", action="store_true", help="a search level's iterations per decision")
    parser.add_argument("--level", default="search3")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    load_before = os.getloadavg()
    if args.decisions:
        found = decisions(args)
        print(json.dumps({"level": args.level, "positions": args.positions, "load": [round(x, 2) for x in load_before],
                          "load_after": [round(x, 2) for x in os.getloadavg()], "decisions": found}, indent=1))
        return
    if args.playouts:
        args.ms = args.ms or 400.0
        tables = playouts(args)
        print(json.dumps({"rounds": args.rounds, "ms": args.ms, "load": [round(x, 2) for x in load_before],
                          "load_after": [round(x, 2) for x in os.getloadavg()], "playouts": tables}, indent=1))
        return
    args.ms = args.ms or 150.0
    sides = {"before": _cases(Before), "now": _cases(Rng)}
    result: dict = {}
    for name in sides["now"]:
        times: dict[str, list[float]] = {"before": [], "now": []}
        for round_ in range(args.rounds):
            order = ("before", "now") if round_ % 2 == 0 else ("now", "before")
            for side in order:
                run, count = sides[side][name]
                times[side].append(_time(run, count, args.ms))
        ratios = [b / n for b, n in zip(times["before"], times["now"])]
        result[name] = {"before_ns": round(statistics.median(times["before"]), 1),
                        "now_ns": round(statistics.median(times["now"]), 1),
                        "ratio": round(statistics.median(ratios), 3),
                        "range": [round(min(ratios), 3), round(max(ratios), 3)]}
    print(json.dumps({"rounds": args.rounds, "ms": args.ms, "load": [round(x, 2) for x in load_before],
                      "load_after": [round(x, 2) for x in os.getloadavg()], "cases": result}, indent=1))


if __name__ == "__main__":
    main()
