"""Clones share nothing mutable with their parent or their siblings, on every registered game.

Search and tabular methods make every child of a position before they look at any
(CFR, MCTS expansions, best responses). Each child must then answer for itself: its
strings and tensors are compared with a copy of it freshly deserialised, which
cannot share anything with anyone.
"""

import copy
import random

import pytest

from meeple import games
from tests.playouts import spread, walk

from .optional import require

pyspiel = require("pyspiel")
np = require("numpy")
require("pettingzoo")

from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.pettingzoo import env  # noqa: E402

GAME_IDS = games.ids()
STATES = 4            # states checked along each playout
CHILDREN = 8          # children made at each (spread over the legal actions)


def along(state, rng, steps=400):
    """Every state of one seeded random playout (as clones), up to `steps` actions."""
    states = []
    while not state.is_terminal() and len(states) < steps:
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return states


def everything_seen(os_game, state):
    """What every seat is told of the state: observation and information-state strings and tensors."""
    players = range(os_game.num_players())
    return [(state.observation_string(p), state.information_state_string(p),
             state.observation_tensor(p), state.information_state_tensor(p)) for p in players]


def assert_children_answer_for_themselves(os_game, parent):
    actions = spread(parent.legal_actions(), CHILDREN)
    children = [parent.child(a) for a in actions]  # all made before any is observed
    for action, child in zip(actions, children):
        fresh = os_game.deserialize_state(child.serialize())
        assert everything_seen(os_game, child) == everything_seen(os_game, fresh), \
            f"the child of {parent.action_to_string(parent.current_player(), action)} answers for another state"
        assert str(child) == str(fresh)
    fresh_parent = os_game.deserialize_state(parent.serialize())
    assert everything_seen(os_game, parent) == everything_seen(os_game, fresh_parent)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_children_made_before_observing_answer_for_themselves(game_id):
    """Several states along a seeded playout (smallest and largest tables): all children first, then
    each child's strings and tensors against a deserialised copy, and the parent's after them."""
    game = games.get(game_id)
    for players in sorted({game.min_players, game.max_players}):
        os_game = mos.load(game_id, players=players)
        state = os_game.new_initial_state()
        if state.is_chance_node():
            state.deal(11)
        for parent in spread(along(state, random.Random(players)), STATES):
            assert_children_answer_for_themselves(os_game, parent)


@pytest.mark.parametrize("game_id", [g.id for g in games.all() if g.chance])
def test_openspiel_deals_made_before_observing_answer_for_themselves(game_id):
    """The chance node of `deals=N` too: every deal made from the root before any is observed."""
    os_game = mos.load(game_id, deals=3)
    assert_children_answer_for_themselves(os_game, os_game.new_initial_state())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_engine_clones_played_apart_equal_positions_loaded_afresh(game_id):
    """The engine's `clone`: every move played on a clone of its own, all before any is looked at;
    each child's views (every seat and a spectator) and JSON equal those of the move played on a
    position loaded from JSON, and the parent is unchanged."""
    game = games.get(game_id)
    n = game.max_players
    for state in spread(walk(game, n, seed=17), STATES):
        before = game.to_json(state)
        seat = min(game.to_move(state), default=None)
        if seat is None:
            continue
        moves = spread(game.legal_moves(state, seat), CHILDREN)
        children = []
        for move in moves:
            child = game.clone(state)
            game.apply(child, seat, move)
            children.append(child)
        for move, child in zip(moves, children):
            fresh = game.from_json(before)
            game.apply(fresh, seat, move)
            assert game.to_json(child) == game.to_json(fresh), game.move_text(move)
            assert [game.view(child, v) for v in [None, *range(n)]] == \
                   [game.view(fresh, v) for v in [None, *range(n)]], game.move_text(move)
        assert game.to_json(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_copies_of_an_environment_share_nothing(game_id):
    """A deep copy of a PettingZoo environment (what tree search over environments does): each copy
    steps a different action; each then observes what a fresh environment replaying its actions
    observes, and the original is unchanged."""
    original = env(game_id)
    original.reset(seed=4)
    history = []
    rng = random.Random(5)
    for _ in range(12):  # a little way in: past the opening
        if original.terminations[original.agent_selection]:
            break
        action = rng.choice(original.legal_actions())
        history.append(action)
        original.step(action)
    if original.terminations[original.agent_selection]:
        return
    before = {agent: original.observe(agent)["observation"].copy() for agent in original.agents}
    actions = spread(original.legal_actions(), CHILDREN)
    copies = [copy.deepcopy(original) for _ in actions]
    for action, child in zip(actions, copies):
        child.step(action)
    for action, child in zip(actions, copies):
        replay = env(game_id)
        replay.reset(seed=4)
        for a in [*history, action]:
            replay.step(a)
        for agent in replay.agents:
            assert np.array_equal(child.observe(agent)["observation"], replay.observe(agent)["observation"])
            assert np.array_equal(child.observe(agent)["action_mask"], replay.observe(agent)["action_mask"])
    for agent in original.agents:
        assert np.array_equal(original.observe(agent)["observation"], before[agent])
