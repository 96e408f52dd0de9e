"""The check both adapters must pass: in a hidden simultaneous phase, the seats still choosing see
nothing of the choices already made, whatever they were.

The adapters sequentialise a simultaneous phase (lowest seat first), so at each
such node every action of the seat to act is tried, and the seats still to choose
must then see exactly the same thing. The check applies exactly where
`game.public_choices(state)` is False; a public phase is counted, not checked.
Full games are played, so every phase of the game is reached; a phase that
only some games reach (Letters Home's final letters need two seats with
something left to send) gets more games, up to `up_to`.
"""

from __future__ import annotations

import copy
import random

#: Every (game id, options) whose full games have simultaneous phases. A game listed
#: here that never shows one fails, and so does an unlisted game that shows one.
SIMULTANEOUS = {
    ("ninety_nine", ()),
    ("letters_home", ()),
    ("living_forest", ()),
    ("wizard", (("predictions", "hidden"), ("single_round", 3))),
    ("wizard", (("predictions", "secret"), ("single_round", 3))),
}

LEAK = "a seat still choosing could tell what the seat before it chose"


def openspiel_phases(os_game, games: int = 3, up_to: int = 30, seed: int = 6) -> tuple[int, int]:
    """Play `games` full random games through OpenSpiel, and more (up to `up_to`) while no simultaneous
    phase has shown; returns (hidden nodes checked, public nodes)."""
    game = os_game.table.game
    rng = random.Random(seed)
    hidden = public = played = 0
    while played < games or (played < up_to and not hidden + public):
        state = os_game.new_initial_state()
        if state.is_chance_node():
            state.deal(played)
        played += 1
        while not state.is_terminal():
            seats = game.to_move(state.engine_state)
            if len(seats) > 1:
                if game.public_choices(state.engine_state):
                    public += 1
                else:
                    others = sorted(seats - {state.current_player()})
                    seen = {tuple(state.child(a).information_state_string(s) for s in others)
                            for a in state.legal_actions()}
                    assert len(seen) == 1, LEAK
                    hidden += 1
            state.apply_action(rng.choice(state.legal_actions()))
    return hidden, public


def pettingzoo_phases(env, games: int = 3, up_to: int = 30, seed: int = 6) -> tuple[int, int]:
    """The same through PettingZoo: the observations of the agents still choosing."""
    game = env.game
    rng = random.Random(seed)
    hidden = public = played = 0
    while played < games or (played < up_to and not hidden + public):
        env.reset(seed=seed + played)
        played += 1
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            actions = env.legal_actions()
            seats = game.to_move(env.position)
            if len(seats) > 1:
                if game.public_choices(env.position):
                    public += 1
                else:
                    others = [env.possible_agents[s] for s in sorted(seats) if env.possible_agents[s] != agent]
                    seen = set()
                    for action in actions:
                        child = copy.deepcopy(env)
                        child.step(action)
                        seen.add(tuple(child.observe(other)["observation"].tobytes() for other in others))
                    assert len(seen) == 1, LEAK
                    hidden += 1
            env.step(rng.choice(actions))
    return hidden, public
