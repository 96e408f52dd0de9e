"""The explicit chance model for games that keep their future in their state (piles shuffled in
advance, face-down cards, their Rng): the engine's `Game.shuffle_unseen` hook and the adapter's
`Reshuffle` draw, a fresh seed at chance nodes before each move that draws (meeple.adapters.chance)."""

import json
import random

import pytest

from meeple import games
from meeple.adapters.chance import Reshuffle, describes_unseen, draw_model
from meeple.engine import Rng

from .optional import require

pyspiel = require("pyspiel")

from meeple.adapters import openspiel as mos  # noqa: E402

from .test_chance import before_a_draw, sample  # noqa: E402
from .test_clones import assert_children_answer_for_themselves  # noqa: E402

#: Every game that describes its unseen future.
UNSEEN = sorted(gid for gid in games.ids() if describes_unseen(games.get(gid)))


def seats(game_id):
    """Two seats where the game has a table of two (a seat's own secrets then meet another's view)."""
    game = games.get(game_id)
    return min(max(game.min_players, 2), game.max_players)


def load(game_id, model="draws"):
    if draw_model(game_id) is None:  # the seed model only: no chance_model parameter
        return mos.load(game_id, players=seats(game_id))
    return mos.load(game_id, chance_model=model, players=seats(game_id))


def views(game, state):
    """What every seat and a spectator see, as text."""
    return [json.dumps(game.view(state, seat), sort_keys=True) for seat in [*range(game.players(state)), None]]


def positions(game_id, seed, every=5, most=8):
    """Engine positions along one random game of `seats` players."""
    game = games.get(game_id)
    state, rng, out = game.setup(seats(game_id), None, seed), random.Random(seed), []
    for step in range(10_000):
        if game.is_over(state) or len(out) >= most:
            break
        if step % every == 0:
            out.append(game.clone(state))
        seat = min(game.to_move(state))
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game, out


def test_the_games_that_describe_their_future():
    """Every game but Turing Machine (its only chance is the puzzle dealt at the start) and the three
    with draws of their own (Wizard, Ninety-Nine, Vent Life) implements the hook."""
    assert UNSEEN == ["assyria", "digging_for_dinos", "draft_and_write_records", "letters_home", "living_forest",
                      "picnic", "relative_space", "toy_battle"]
    assert all(isinstance(draw_model(gid), Reshuffle) for gid in UNSEEN)


@pytest.mark.parametrize("game_id", UNSEEN)
def test_shuffling_the_unseen_changes_the_future_and_nothing_anyone_has_seen(game_id):
    """Every seat's and a spectator's view stay as they are; the result depends on what is unseen
    and on the seed alone (not on where the unseen things lay); two seeds make two futures."""
    game, states = positions(game_id, seed=11)
    futures_differ = 0
    for state in states:
        before = game.to_json(state)
        shuffled = game.shuffle_unseen(state, Rng(1))
        assert game.to_json(state) == before  # the given state is left as it is
        assert views(game, shuffled) == views(game, state)
        twice = game.shuffle_unseen(game.shuffle_unseen(state, Rng(2)), Rng(1))
        assert game.to_json(twice) == game.to_json(shuffled)
        other = game.shuffle_unseen(state, Rng(3))
        futures_differ += game.to_json(other) != game.to_json(shuffled)
        seat = min(game.to_move(state))
        assert game.legal_moves(shuffled, seat) == game.legal_moves(state, seat)
    assert futures_differ == len(states)  # the Rng's seed, at least, is new


@pytest.mark.parametrize("game_id", UNSEEN)
def test_openspiel_s_own_test_passes_with_a_chance_node_at_each_draw(game_id):
    pyspiel.random_sim_test(load(game_id), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", UNSEEN)
def test_a_draw_does_not_depend_on_what_the_state_holds_of_the_future(game_id):
    """At each move that draws along a game: the same position with another future (the unseen
    dealt again) draws alike under the explicit model, whatever the chance nodes choose; under the
    seed model the stored future decides what the move shows, at some of those moves at least."""
    os_game = load(game_id)
    game = os_game.table.game
    state, rng = os_game.new_initial_state(), random.Random(3)
    state.deal(3)
    draws = checked = decided_by_the_store = 0
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    while not state.is_terminal() and checked < 6:
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
            continue
        seat, engine = state.current_player(), state.engine_state
        for action in state.legal_actions():
            move = state.move_of(action)
            if not os_game.table.draws.draws(game, engine, seat, move):
                continue
            other = state.clone()
            other._pos.state = game.shuffle_unseen(engine, Rng(99 + checked))
            after = [s.child(action) for s in (state, other)]
            assert all(s.is_chance_node() for s in after)
            assert after[0].chance_outcomes() == after[1].chance_outcomes()
            while after[0].is_chance_node():
                outcome = sample(after[0], rng)
                draws += 1
                for s in after:
                    s.apply_action(outcome)
            assert views(game, after[0].engine_state) == views(game, after[1].engine_state)
            assert [after[0].observation_string(p) for p in range(os_game.num_players())] == \
                   [after[1].observation_string(p) for p in range(os_game.num_players())]
            world = state.resample_from_infostate(seat, sampler)  # a world resampled before the draw
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.child(action).is_chance_node()
            seed_model = [game.play(e, seat, move)[0] for e in (engine, other.engine_state)]
            decided_by_the_store += views(game, seed_model[0]) != views(game, seed_model[1])
            checked += 1
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 6 and draws == 6 * 8
    assert decided_by_the_store >= 1


@pytest.mark.parametrize("game_id", UNSEEN)
def test_children_and_resampled_worlds_at_draws_keep_to_themselves(game_id):
    """Clones made before observing (a pending draw included) answer for themselves, and a
    resampled world looks the same to its seat and can still draw."""
    os_game = load(game_id)
    state, action = before_a_draw(os_game, seed=6)
    assert_children_answer_for_themselves(os_game, state)
    pending = state.child(action)
    assert pending.is_chance_node()
    assert_children_answer_for_themselves(os_game, pending)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, sampler)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.child(action).is_chance_node()
    restored = os_game.deserialize_state(pending.serialize())
    assert restored.is_chance_node() and restored.chance_outcomes() == pending.chance_outcomes()


def test_mcts_plays_through_the_draws():
    """OpenSpiel's Python MCTS, which plays out clones, plays Digging for Dinos through three draws,
    each of them chance nodes."""
    np = require("numpy")
    from open_spiel.python.algorithms import mcts

    os_game = load("digging_for_dinos")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=4, evaluator=evaluator,
                       random_state=np.random.RandomState(3), solve=False)
    state, rng, nodes = os_game.new_initial_state(), random.Random(1), 0
    state.deal(3)
    while not state.is_terminal() and nodes < 3 * 8:
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
            nodes += 1
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert nodes == 3 * 8


@pytest.mark.parametrize("game_id, model", [(gid, "seed") for gid in sorted(games.ids())] +
                         [(gid, "draws") for gid in sorted(games.ids()) if draw_model(gid) is not None])
def test_openspiel_s_partial_api_suite_passes_on_both_models(game_id, model):
    """OpenSpiel's own api_test partial suite (sequence lengths, observations and information
    states on chance and terminal nodes, invalid players, empty legal actions for others) on the
    seed model of every game and the explicit model of every game that has it. Its own sampler
    widens from the root (256 seed bytes there), so the states are those along a whole random game
    instead (100 of them, evenly spaced, its end included): later draws and pending ones among them."""
    import unittest

    from open_spiel.integration_tests import api_test

    os_game = load(game_id, model)
    state, rng, along = os_game.new_initial_state(), random.Random(4), []
    while True:
        along.append(state.clone())
        if state.is_terminal():
            break
        state.apply_action(sample(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    some = along[::max(1, len(along) // 99)][:99] + along[-1:]

    class Partial(api_test.EnforceAPIOnPartialTreeBase):
        game, game_name = os_game, game_id

        @classmethod
        def setUpClass(cls):
            cls.some_states, cls.game_type = some, os_game.get_type()

    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(Partial).run(result)
    assert result.testsRun == 5
    assert not result.failures and not result.errors, (result.failures + result.errors)[0][1]
