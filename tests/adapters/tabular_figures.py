"""The figures of docs/adapters.md, "Tabular methods": OpenSpiel's tabular solvers on small meeple tables.

    .venv/bin/python -m tests.adapters.tabular_figures            # every table below
    .venv/bin/python -m tests.adapters.tabular_figures wizard3x1  # one of them

For each table: its size (states, information states), then nash_conv and seconds for
Python CFR and C++ CFR (`pyspiel.CFRSolver`) after the same iterations, CFR+, and
external- and outcome-sampling MCCFR (numpy seeded), each at the iterations shown.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr, outcome_sampling_mccfr

from meeple.adapters import openspiel as mos

#: name -> (game id, players, options, deals, CFR iterations)
TABLES = {
    "wizard3x1": ("wizard", 3, {"single_round": 1}, 4, 100),
    "wizard3x1_16": ("wizard", 3, {"single_round": 1}, 16, 30),
    "wizard4x1": ("wizard", 4, {"single_round": 1}, 4, 30),
    "wizard3x2": ("wizard", 3, {"single_round": 2}, 1, 10),
}


def count(state, seen: set) -> int:
    """States below `state` (itself included); the information states of their deciding seats into `seen`."""
    if state.is_terminal():
        return 1
    if not state.is_chance_node():
        seen.add(state.information_state_string())
    return 1 + sum(count(state.child(a), seen) for a in state.legal_actions())


def timed(make, steps: int, step: str):
    start = time.perf_counter()
    solver = make()
    for _ in range(steps):
        getattr(solver, step)()
    return solver, time.perf_counter() - start


def figures(name: str) -> None:
    game_id, players, options, deals, iterations = TABLES[name]
    game = mos.load(game_id, players=players, options=options, deals=deals)
    infos: set = set()
    start = time.perf_counter()
    states = count(game.new_initial_state(), infos)
    print(f"{name}: {game}\n  {states} states, {len(infos)} information states "
          f"(walked in {time.perf_counter() - start:.1f} s)")
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    print(f"  uniform policy: nash_conv {uniform:.4f}")
    rows = []
    python, seconds = timed(lambda: cfr.CFRSolver(game), iterations, "evaluate_and_update_policy")
    rows.append(("Python CFR", iterations, exploitability.nash_conv(game, python.average_policy()), seconds))
    cpp, seconds = timed(lambda: pyspiel.CFRSolver(game), iterations, "evaluate_and_update_policy")
    rows.append(("C++ CFR", iterations, pyspiel.nash_conv(game, cpp.average_policy()), seconds))
    plus, seconds = timed(lambda: cfr.CFRPlusSolver(game), iterations, "evaluate_and_update_policy")
    rows.append(("Python CFR+", iterations, exploitability.nash_conv(game, plus.average_policy()), seconds))
    np.random.seed(1)  # both samplers draw from numpy's global generator
    external, seconds = timed(lambda: external_sampling_mccfr.ExternalSamplingSolver(game), 10 * iterations,
                              "iteration")
    rows.append(("External-sampling MCCFR", 10 * iterations,
                 exploitability.nash_conv(game, external.average_policy()), seconds))
    outcome, seconds = timed(lambda: outcome_sampling_mccfr.OutcomeSamplingSolver(game), 100 * iterations,
                             "iteration")
    rows.append(("Outcome-sampling MCCFR", 100 * iterations,
                 exploitability.nash_conv(game, outcome.average_policy()), seconds))
    for label, steps, conv, secs in rows:
        print(f"  {label:<24} {steps:>6} iterations  nash_conv {conv:.6f}  {secs:6.1f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    for table in sys.argv[1:] or TABLES:
        figures(table)
