"""Our strongest bot against OpenSpiel's ISMCTS bot, through the OpenSpiel adapter, at equal time per move.

    meeple strength arena --game wizard --players 4 --option single_round=10 --seconds 0.1 --games 100

(needs the research extra: `pip install -e '.[research]'`).

Each deal is played twice with the bots swapping seats (ours on seats 0, 2, ...
then on 1, 3, ...), so the cards favour neither side. A solo game is played
alone by each side in turn, on the same deals, and won or lost against the
game's own goal. Time is CPU time of the
thread (`time.thread_time`), as our bot's own limit is, so a busy machine does
not favour either side. OpenSpiel's ISMCTS takes a number of simulations, not a
time, so it is calibrated first (its simulations per CPU second measured on
positions of the game) and re-tuned after every game from its measured time per
move. Both sides' mean CPU time per move is measured and printed.

Prints one JSON object: per side, the share of first places (a shared first place
is split; solo: of games won), the mean rank return (solo: +1 won, -1 lost), each
with a 95% confidence interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from meeple import bots
from meeple.engine import MeepleError, Rng
from meeple.engine.options import parse_options


def openspiel_bot(os_game, simulations: int, seed: int):
    # OpenSpiel is the research extra's: imported where it is used, so `meeple strength` runs without it.
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    # At least two simulations: with one, OpenSpiel's ISMCTS never expands its root.
    return ismcts.ISMCTSBot(os_game, evaluator, uct_c=2.0, max_simulations=max(2, simulations),
                            random_state=np.random.RandomState(seed + 1))


def calibrate(os_game, seconds: float, probe_simulations: int = 30, every: int = 3) -> int:
    """OpenSpiel ISMCTS simulations that take `seconds` per move on average, measured on every
    `every`-th decision of two random games (early moves search longer games than late ones)."""
    rng = random.Random(99)
    bot = openspiel_bot(os_game, probe_simulations, 99)
    spent = searched = 0.0
    for deal in (0, 1):
        state = dealt(os_game, deal)
        decision = 0
        while not state.is_terminal():
            if len(state.legal_actions()) > 1 and decision % every == 0:
                start = time.thread_time()
                bot.step(state)
                spent += time.thread_time() - start
                searched += 1
            decision += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return max(2, round(probe_simulations * seconds * searched / spent)) if spent else probe_simulations


def dealt(os_game, deal: int):
    """A new game after its deal (a game without chance has one opening position)."""
    state = os_game.new_initial_state()
    if state.is_chance_node():
        state.deal(deal)
    return state


def play(os_game, deal: int, our_seats: set[int], our_bot, their_bot, seed: int, clock: dict) -> list[float]:
    """One game; returns each seat's rank return."""
    state = dealt(os_game, deal)
    game = os_game.table.game
    rng = Rng(seed)
    while not state.is_terminal():
        seat = state.current_player()
        single = len(state.legal_actions()) == 1
        start = time.thread_time()
        if seat in our_seats:
            action = state.action_of(our_bot.choose(game, state.engine_state, seat, rng))
            side = "meeple"
            if not single:
                clock["meeple_iterations"].append(getattr(our_bot, "last_iterations", 0))
        else:
            action = their_bot.step(state)
            side = "openspiel"
        if not single:  # forced moves are free for both sides; leave them out of the timing
            clock[side][0] += time.thread_time() - start
            clock[side][1] += 1
        state.apply_action(action)
    return state.returns()


def interval(samples: list[float]) -> list[float]:
    """Mean and 95% normal-approximation confidence interval (empty: no games)."""
    n = len(samples)
    if not n:
        return []
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


def first_place_share(returns: list[float], seats: set[int]) -> float:
    if len(returns) == 1:  # solo: a won game (+1) or not
        return float(0 in seats and returns[0] > 0)
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    return sum(1 for s in winners if s in seats) / len(winners)


def make_our_bot(level: str, settings: list[str]) -> bots.IsmctsBot:
    """Our search bot of `level` with `NAME=VALUE` search settings on top (parsed as `bots.get` does)."""
    try:
        bot = bots.get("+".join([level, *settings]))
    except MeepleError as error:
        raise SystemExit(f"--bot/--set: {error}") from None
    if not isinstance(bot, bots.IsmctsBot):
        raise SystemExit(f"--bot must be a search level (search1 to search3), not {level}.")
    return bot


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meeple strength arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return parser


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="wizard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", help="game option name=value (repeatable)")
    parser.add_argument("--seconds", type=float, default=0.1, help="CPU time per move for each bot")
    parser.add_argument("--games", type=int, default=100, help="games (deals are played twice, seats swapped)")
    parser.add_argument("--bot", default="search3", help="our bot level (its time limit is set to --seconds)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override one of our bot's search settings, e.g. world_reuse=4 (repeatable)")
    parser.add_argument("--probe-simulations", type=int, default=30,
                        help="OpenSpiel ISMCTS simulations per probe when calibrating")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes playing the games side by side (a deal's two games in one), each "
                             "calibrating OpenSpiel on its own")


def play_share(args: argparse.Namespace, job: int, jobs: int) -> dict:
    """Play this job's games of the arena (game g where job == (g // 2) % jobs: both seatings of a deal in
    one job, so each job's own calibration meets both sides alike), with its own calibration of OpenSpiel;
    per game (by index) its budget and each side's share and return, and the job's clock totals."""
    from meeple.adapters import openspiel as mos

    os_game = mos.load(args.game, players=args.players, options=parse_options(args.option))
    our_bot = make_our_bot(args.bot, args.set)
    our_bot.seconds, our_bot.iterations = args.seconds, 10 ** 9
    simulations = calibrate(os_game, args.seconds, args.probe_simulations)
    n = args.players
    clock: dict = {"meeple": [0.0, 0], "openspiel": [0.0, 0], "meeple_iterations": []}
    games: dict[int, dict] = {}
    for g in range(args.games):
        if (g // 2) % jobs != job:
            continue
        ours = set(range(g % 2, n, 2))
        theirs = set(range(n)) - ours
        before = list(clock["openspiel"])
        game = games[g] = {"simulations": simulations, "share": {}, "return": {}}
        returns = play(os_game, g // 2, ours, our_bot, openspiel_bot(os_game, simulations, g), g, clock)
        # The machine's load changes during a long run: keep OpenSpiel's time per move on target.
        spent, moves = clock["openspiel"][0] - before[0], clock["openspiel"][1] - before[1]
        if moves and spent:
            target = simulations * args.seconds * moves / spent
            simulations = max(2, round(math.sqrt(simulations * target)))
        for side, seats in (("meeple", ours), ("openspiel", theirs)):
            if seats:  # solo: each side plays every other game
                game["share"][side] = first_place_share(returns, seats)
                game["return"][side] = sum(returns[s] for s in seats) / len(seats)
        print(f"game {g + 1}/{args.games}: returns {returns}, ours on {sorted(ours)}", file=sys.stderr, flush=True)
    return {"games": games, "os_game": str(os_game), "clock": {
        "meeple": clock["meeple"], "openspiel": clock["openspiel"],
        "meeple_iterations": [sum(clock["meeple_iterations"]), len(clock["meeple_iterations"])]}}


def run(args: argparse.Namespace) -> dict:
    """Play the arena that `args` (from `parser()`) describe (in `args.jobs` processes, each with its
    own calibration: time is CPU time, so games side by side are no weaker); the figures as one dict."""
    try:
        from meeple.adapters import openspiel  # noqa: F401  (the research extra, checked before any job starts)
    except ImportError as exc:
        raise MeepleError(f"The arena plays through the OpenSpiel adapter, which needs the research extra "
                          f"(pip install -e '.[research]'): {exc}.") from None
    jobs = getattr(args, "jobs", 1)
    if args.games < 1 or jobs < 1:
        raise MeepleError("--games and --jobs must be at least 1.")
    jobs = min(jobs, (args.games + 1) // 2)  # a job plays whole deals: no more jobs than deals
    if jobs == 1:
        parts = [play_share(args, 0, 1)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(play_share, [args] * jobs, range(jobs), [jobs] * jobs))
    # Merged in game order; the means by totals, so each job counts by its moves, not once.
    played = {g: game for part in parts for g, game in part["games"].items()}
    ordered = [played[g] for g in range(args.games)]
    used = [game["simulations"] for game in ordered]
    clock = {key: [sum(part["clock"][key][i] for part in parts) for i in (0, 1)]
             for key in ("meeple", "openspiel", "meeple_iterations")}
    share = {side: [game["share"][side] for game in ordered if side in game["share"]]
             for side in ("meeple", "openspiel")}
    ret = {side: [game["return"][side] for game in ordered if side in game["return"]]
           for side in ("meeple", "openspiel")}
    n = args.players
    return {
        "game": parts[0]["os_game"],
        "games": args.games,
        "cpu_seconds_per_move": args.seconds,
        "our_settings": args.set,
        "meeple_iterations_per_move": round(clock["meeple_iterations"][0] / max(1, clock["meeple_iterations"][1]), 1),
        "openspiel_ismcts_simulations": {"mean": round(sum(used) / len(used), 1), "min": min(used),
                                         "max": max(used)},
        "sides": {
            side: {
                "bot": f"meeple {args.bot} (ISMCTS, engine)" if side == "meeple"
                else "OpenSpiel ISMCTSBot (Python, random rollouts, uct_c=2) through the adapter",
                "seats": ("alone in even games" if n == 1 else "0, 2, ... in even games, 1, 3, ... in odd games")
                if side == "meeple" else
                ("alone in odd games" if n == 1 else "1, 3, ... in even games, 0, 2, ... in odd games"),
                "first_place_share": interval(share[side]),
                "mean_rank_return": interval(ret[side]),
                "measured_cpu_seconds_per_move": round(clock[side][0] / max(1, clock[side][1]), 4),
            } for side in ("meeple", "openspiel")
        },
    }


def main(argv=None) -> int:
    print(json.dumps(run(parser().parse_args(argv))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
