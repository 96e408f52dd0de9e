"""How much of the engine's speed the research adapters keep: one Wizard round (4 players, 10 cards)
played at random through the engine alone and through the OpenSpiel adapter, in one run.

Both sides deal a fresh game from a seed and pick uniformly among the legal moves with the
engine's Rng. The engine side is `meeple bench`'s playout (setup, then to_move, legal_moves,
apply); the adapter side is what OpenSpiel's tools do (new_initial_state, the deal through its
chance nodes, then legal_actions and apply_action until is_terminal). The sides alternate
short slices, so a busy machine slows both alike, and each side's speed is counted per CPU
second of this process (a shared machine's waits left out; the wall-clock figures are there
too). Prints one JSON object; `ratio` is the adapter's playouts per CPU second over the
engine's (issue 19 asks for at least 0.6), `wall_ratio` the same per wall-clock second.

A third side times OpenSpiel's own cost of one `apply_action` on a Python game that does
nothing (`_apply_action` and `current_player` return at once): every action of a playout
pays it, whatever the adapter does. `ceiling` is the ratio an adapter with no cost of its
own would reach: the engine's time per playout over that time plus one such crossing per
action (the deal's chance nodes and the moves).

    .venv/bin/python bench/adapter_speed.py --seconds 10
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from meeple import games
from meeple.analysis.bench import bench
from meeple.engine import Rng

PLAYERS, CARDS = 4, 10
OPTIONS = {"single_round": CARDS}


def engine_alone(seconds: float, seed: int) -> dict:
    run = bench(games.get("wizard"), PLAYERS, seconds, seed=seed, options=OPTIONS)
    return {"seconds": run["seconds"], "playouts": run["playouts"], "moves": round(run["mean_moves"] * run["playouts"])}


def through_openspiel(os_game, seconds: float, seed: int) -> dict:
    rng = Rng(seed)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = os_game.new_initial_state()
        state.deal(seed + playouts)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.next_u64() % len(actions)])
            moves += 1
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    return {"seconds": now - start, "playouts": playouts, "moves": moves}


def crossing_game():
    """A Python OpenSpiel game whose states do nothing: what OpenSpiel's apply_action costs alone."""
    import pyspiel

    kind = pyspiel.GameType
    game_type = kind(short_name="adapter_speed_nothing", long_name="nothing", dynamics=kind.Dynamics.SEQUENTIAL,
                     chance_mode=kind.ChanceMode.DETERMINISTIC, information=kind.Information.PERFECT_INFORMATION,
                     utility=kind.Utility.ZERO_SUM, reward_model=kind.RewardModel.TERMINAL,
                     max_num_players=2, min_num_players=2, provides_information_state_string=False,
                     provides_information_state_tensor=False, provides_observation_string=False,
                     provides_observation_tensor=False, parameter_specification={})
    info = pyspiel.GameInfo(num_distinct_actions=2, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
                            max_utility=1.0, utility_sum=0.0, max_game_length=1 << 30)

    class Nothing(pyspiel.State):
        def current_player(self):
            return 0

        def _apply_action(self, action):
            pass

    class NothingGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return Nothing(self)

    if game_type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, NothingGame)
    return pyspiel.load_game(game_type.short_name)


def crossings(game, seconds: float) -> dict:
    state = game.new_initial_state()
    actions = 0
    start = time.perf_counter()
    while (now := time.perf_counter()) < start + seconds:
        for _ in range(1000):
            state.apply_action(1)
        actions += 1000
    return {"seconds": now - start, "actions": actions}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each side")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per turn of each side")
    args = parser.parse_args()
    try:
        from meeple.adapters import openspiel as mos
    except ImportError:
        print(json.dumps({"skipped": "open_spiel is not installed: pip install -e '.[research]'"}))
        return 0
    os_game = mos.load("wizard", players=PLAYERS, options=OPTIONS)
    nothing = crossing_game()
    sides = {"engine": lambda k: engine_alone(args.slice, 1000 * k),
             "openspiel_adapter": lambda k: through_openspiel(os_game, args.slice, 1000 * k),
             "crossing": lambda k: crossings(nothing, args.slice / 4)}
    totals = {side: {"seconds": 0.0, "cpu_seconds": 0.0, "playouts": 0, "moves": 0, "actions": 0}
              for side in sides}
    for k in range(max(1, round(args.seconds / args.slice))):
        for side, play in sides.items():
            cpu = time.process_time()
            run = play(k)
            totals[side]["cpu_seconds"] += time.process_time() - cpu
            for key in run:
                totals[side][key] += run[key]
    out: dict = {"benchmark": f"random playouts of one {CARDS}-card Wizard round, {PLAYERS} players",
                 "python": platform.python_version(), "adapter_game": str(os_game)}
    cross = totals.pop("crossing")
    for side, t in totals.items():
        out[side] = {"seconds": round(t["seconds"], 3), "cpu_seconds": round(t["cpu_seconds"], 3),
                     "playouts": t["playouts"],
                     "playouts_per_cpu_s": round(t["playouts"] / t["cpu_seconds"], 1),
                     "playouts_per_s": round(t["playouts"] / t["seconds"], 1),
                     "moves_per_cpu_s": round(t["moves"] / t["cpu_seconds"], 1),
                     "mean_moves": round(t["moves"] / t["playouts"], 1)}
    engine, adapter = out["engine"], out["openspiel_adapter"]
    out["ratio"] = round(adapter["playouts_per_cpu_s"] / engine["playouts_per_cpu_s"], 3)
    out["wall_ratio"] = round(adapter["playouts_per_s"] / engine["playouts_per_s"], 3)
    # One crossing per action: the deal's chance nodes and the moves.
    per_action = cross["cpu_seconds"] / cross["actions"]
    actions = mos.SEED_BYTES + adapter["mean_moves"]
    out["crossing"] = {"us_per_apply_action": round(1e6 * per_action, 3), "actions_per_playout": actions}
    out["ceiling"] = round((1 / engine["playouts_per_cpu_s"])
                           / (1 / engine["playouts_per_cpu_s"] + actions * per_action), 3)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
