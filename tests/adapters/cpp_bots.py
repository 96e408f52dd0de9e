"""Run one of OpenSpiel's C++ search bots for one step on one game, in a process of its own.

    python -m tests.adapters.cpp_bots mcts|ismcts GAME_NAME

OpenSpiel 2.0.2's C++ `MCTSBot` and `ISMCTSBot` crash the interpreter (a segfault)
on every Python game, its own `python_kuhn_poker` included, so the tests only
ever run them here, in a subprocess (see docs/adapters.md, "Search").
"""

from __future__ import annotations

import sys

import pyspiel


def main(bot_name: str, game_name: str) -> None:
    if game_name.startswith("meeple_"):
        import tests.conftest  # noqa: F401  (the tests' toy games join the registry)
        from meeple.adapters import openspiel as mos

        mos.register_all()
    else:
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)
    game = pyspiel.load_game(game_name)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    if bot_name == "mcts":
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 10, 100, False, 0, False)
    else:
        bot = pyspiel.ISMCTSBot(0, evaluator, 2.0, 10)
    print("action", bot.step(state), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
