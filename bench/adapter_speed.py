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

A fourth side plays the adapter's playouts without OpenSpiel: the same states, but each
action calls the adapter's `current_player` and `_apply_action` from Python, as OpenSpiel's
`apply_action` would. It splits the adapter's cost in two (`split`): its own Python per
action (that side against the engine) and OpenSpiel's crossing as paid inside a real
playout (the adapter against that side), which costs more than the crossing timed alone;
`ceiling_in_situ` is the ratio with that crossing and no Python of the adapter's own.

The sides take turns in every round, in an order that rotates; `ratio` is over the
whole run, `ratio_median` the median of the rounds' own ratios (steadier on a busy
machine).

    .venv/bin/python bench/adapter_speed.py --seconds 10

`--count SIDE --playouts N` plays N playouts of one side and prints nothing else, for a
counter of executed instructions, which a busy machine does not disturb (cachegrind counts
what the interpreter runs, imports included: subtract a run with `--playouts 0`):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python bench/adapter_speed.py --count engine --playouts 300
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

from meeple import games
from meeple.analysis.bench import bench, random_playout
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


def without_openspiel(os_game, seconds: float, seed: int) -> dict:
    """The adapter's playouts with OpenSpiel's crossing left out: what OpenSpiel's apply_action calls
    (current_player, then _apply_action) called from here, for the chance nodes and the moves alike."""
    from meeple.adapters.openspiel import SEED_BYTES

    rng = Rng(seed)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = os_game.new_initial_state()
        deal = seed + playouts
        for i in range(SEED_BYTES):
            state.current_player()
            state._apply_action((deal >> (8 * i)) & 0xFF)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.current_player()
            state._apply_action(actions[rng.next_u64() % len(actions)])
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


def count(side: str, os_game, playouts: int) -> int:
    """Play `playouts` playouts of one side (a few first, so that imports and caches are paid alike)."""
    from meeple.adapters.openspiel import SEED_BYTES

    wizard = games.get("wizard")
    for n, seed in ((3, 1 << 20), (playouts, 0)):
        rng = Rng(seed)
        for p in range(n):
            if side == "engine":
                random_playout(wizard, wizard.setup(PLAYERS, OPTIONS, seed + p), rng)
                continue
            state = os_game.new_initial_state()
            for i in range(SEED_BYTES):
                byte = ((seed + p) >> (8 * i)) & 0xFF
                if side == "openspiel_adapter":
                    state.apply_action(byte)
                else:
                    state.current_player()
                    state._apply_action(byte)
            while not state.is_terminal():
                actions = state.legal_actions()
                action = actions[rng.next_u64() % len(actions)]
                if side == "openspiel_adapter":
                    state.apply_action(action)
                else:
                    state.current_player()
                    state._apply_action(action)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each side")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per turn of each side")
    parser.add_argument("--count", choices=["engine", "openspiel_adapter", "adapter_without_openspiel"],
                        help="play --playouts playouts of this side only (for an instruction counter)")
    parser.add_argument("--playouts", type=int, default=300)
    args = parser.parse_args()
    try:
        from meeple.adapters import openspiel as mos
    except ImportError:
        print(json.dumps({"skipped": "open_spiel is not installed: pip install -e '.[research]'"}))
        return 0
    os_game = mos.load("wizard", players=PLAYERS, options=OPTIONS)
    if args.count:
        return count(args.count, os_game, args.playouts)
    nothing = crossing_game()
    sides = {"engine": lambda k: engine_alone(args.slice, 1000 * k),
             "openspiel_adapter": lambda k: through_openspiel(os_game, args.slice, 1000 * k),
             "adapter_without_openspiel": lambda k: without_openspiel(os_game, args.slice, 1000 * k),
             "crossing": lambda k: crossings(nothing, args.slice / 4)}
    totals = {side: {"seconds": 0.0, "cpu_seconds": 0.0, "playouts": 0, "moves": 0, "actions": 0}
              for side in sides}
    rounds: list[dict] = []
    for k in range(max(1, round(args.seconds / args.slice))):
        names = list(sides)
        names = names[k % len(names):] + names[:k % len(names)]  # no side always runs just after another
        this = {}
        for side in names:
            cpu = time.process_time()
            run = sides[side](k)
            this[side] = (time.process_time() - cpu, run)
            totals[side]["cpu_seconds"] += this[side][0]
            for key in run:
                totals[side][key] += run[key]
        rounds.append(this)
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
    engine, adapter, alone = out["engine"], out["openspiel_adapter"], out["adapter_without_openspiel"]
    out["ratio"] = round(adapter["playouts_per_cpu_s"] / engine["playouts_per_cpu_s"], 3)

    def speed(run) -> float:
        cpu, result = run
        return result["playouts"] / cpu

    out["ratio_median"] = round(statistics.median(speed(r["openspiel_adapter"]) / speed(r["engine"])
                                                  for r in rounds), 3)
    out["wall_ratio"] = round(adapter["playouts_per_s"] / engine["playouts_per_s"], 3)
    # One crossing per action: the deal's chance nodes and the moves.
    per_action = cross["cpu_seconds"] / cross["actions"]
    actions = mos.SEED_BYTES + adapter["mean_moves"]
    out["crossing"] = {"us_per_apply_action": round(1e6 * per_action, 3), "actions_per_playout": actions}
    engine_s, adapter_s, alone_s = (1 / side["playouts_per_cpu_s"] for side in (engine, adapter, alone))
    out["ceiling"] = round(engine_s / (engine_s + actions * per_action), 3)
    out["split"] = {"adapter_python_us_per_action": round(1e6 * (alone_s - engine_s) / actions, 3),
                    "crossing_in_situ_us_per_action": round(1e6 * (adapter_s - alone_s) / actions, 3)}
    out["ceiling_in_situ"] = round(engine_s / (engine_s + adapter_s - alone_s), 3)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
