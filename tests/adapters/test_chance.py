"""The explicit chance model (`chance_model="draws"`): a chance node at each draw, with the true
probabilities over what is left, so that a clone cannot see a draw coming (meeple.adapters.chance)."""

import json
import random

import pytest

from meeple import games
from meeple.adapters.chance import Bag, Reseed, Reshuffle, draw_model

from .optional import require

pyspiel = require("pyspiel")

from meeple.adapters import openspiel as mos  # noqa: E402

from .test_clones import assert_children_answer_for_themselves  # noqa: E402

#: One table per game with a model of its own (not `Reshuffle`), small enough for a few playouts.
TABLES = {"wizard": dict(players=3, options={"length": "five"}), "ninety_nine": dict(options={"scoring": "nine_hands"}),
          "vent_life": dict(players=2)}
MODELLED = sorted(TABLES)


def load(game_id, model="draws"):
    return mos.load(game_id, chance_model=model, **TABLES[game_id])


def sample(state, rng):
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def before_a_draw(os_game, seed):
    """A decision node whose next legal action (the first that does) draws, and that action."""
    state, rng = os_game.new_initial_state(), random.Random(seed)
    state.deal(seed)
    draws = os_game.table.draws or draw_model(os_game.table.game_id)
    game = os_game.table.game
    while not state.is_terminal():
        seat = state.current_player()
        for action in state.legal_actions():
            if draws.draws(game, state.engine_state, seat, state.move_of(action)):
                return state, action
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no draw along the game")


def with_another_future(os_game, state):
    """The same position with what no one has seen yet changed: the Rng's seed, the bag's order."""
    game = os_game.table.game
    data = game.to_json(state.engine_state)
    data["rng"] = (data["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    if "bag" in data and isinstance(data["bag"], list):
        data["bag"] = data["bag"][::-1]
    other = state.clone()
    other._pos.state = game.from_json(data)
    return other


def seen_by_all(os_game, state):
    return [state.observation_string(p) for p in range(os_game.num_players())]


@pytest.mark.parametrize("game_id", MODELLED)
def test_openspiel_s_own_test_passes_with_a_chance_node_at_each_draw(game_id):
    pyspiel.random_sim_test(load(game_id), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", MODELLED)
def test_a_draw_does_not_depend_on_what_the_state_holds_of_the_future(game_id):
    """Two positions alike but for what no one has seen (the seed, the bag's order): the move that
    draws leads to a chance node in both, with the same outcomes, and each outcome to the same
    draw. Under the seed model the stored future decides the draw: what a search over clones reads."""
    os_game = load(game_id)
    state, action = before_a_draw(os_game, seed=3)
    other = with_another_future(os_game, state)
    after = [s.child(action) for s in (state, other)]
    assert all(s.is_chance_node() for s in after)
    assert after[0].chance_outcomes() == after[1].chance_outcomes()
    assert sum(p for _, p in after[0].chance_outcomes()) == pytest.approx(1.0)
    rng = random.Random(5)
    while after[0].is_chance_node():
        outcome = sample(after[0], rng)
        for s in after:
            s.apply_action(outcome)
    assert seen_by_all(os_game, after[0]) == seen_by_all(os_game, after[1])

    seeded = load(game_id, "seed")
    state, action = before_a_draw(seeded, seed=3)
    other = with_another_future(seeded, state)
    assert seen_by_all(seeded, state.child(action)) != seen_by_all(seeded, other.child(action))


def test_a_bag_draw_has_each_kind_s_share_of_what_is_left():
    os_game = load("vent_life")
    state, action = before_a_draw(os_game, seed=4)
    bag = os_game.table.game.to_json(state.engine_state)["bag"]
    child = state.child(action)
    kinds = os_game.table.draws.kinds
    assert {kinds[a]: p for a, p in child.chance_outcomes()} == \
           pytest.approx({k: bag.count(k) / len(bag) for k in set(bag)})
    outcome = child.chance_outcomes()[-1][0]
    child.apply_action(outcome)
    seat = state.current_player()
    assert json.loads(child.observation_string(seat))["hands"][seat]["tile"] == kinds[outcome]  # the tile drawn


@pytest.mark.parametrize("game_id", MODELLED)
def test_children_and_resampled_worlds_at_draws_keep_to_themselves(game_id):
    """Clones made before observing (the pending draw included) answer for themselves, and a
    resampled world looks the same to its seat, on the explicit model too."""
    os_game = load(game_id)
    state, action = before_a_draw(os_game, seed=6)
    assert_children_answer_for_themselves(os_game, state)
    pending = state.child(action)
    assert_children_answer_for_themselves(os_game, pending)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, sampler)
    assert world.information_state_string(seat) == state.information_state_string(seat)


def test_a_game_without_a_model_refuses_the_explicit_one_clearly():
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'chance_model'"):  # OpenSpiel's own words
        mos.load("turing_machine", chance_model="draws")  # its one chance is the puzzle, at the root
    with pytest.raises(ValueError, match="chance_model must be one of"):
        mos.load("wizard", chance_model="dice")
    assert set(MODELLED) <= set(games.ids())


def test_the_games_with_a_model_of_their_own_are_those_of_the_tables_here():
    """Wizard and Ninety-Nine reseed their Rng at a draw; Vent Life declares its bag (`drawn_bag`)."""
    own = {gid for gid in games.ids() if isinstance(draw_model(gid), Reseed | Bag)
           and not isinstance(draw_model(gid), Reshuffle)}
    assert own == set(MODELLED)
    bag = draw_model("vent_life")
    assert isinstance(bag, Bag) and (bag.field, bag.drawing_move, len(bag.kinds)) == ("bag", "End", 9)


def test_openspiel_s_search_bots_play_through_the_draws():
    """Python ISMCTS (seat 0) and MCTS (the others) play a whole game whose draws are chance nodes."""
    np = require("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    os_game = load("wizard")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(os_game, evaluator, uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(2)),
            mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                         random_state=np.random.RandomState(3), solve=False)]
    state, rng, draws = os_game.new_initial_state(), random.Random(1), 0
    state.deal(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
            draws += 1
            continue
        action = bots[min(state.current_player(), 1)].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert draws == 4 * 8  # rounds 2 to 5 dealt at chance nodes, eight seed bytes each
    assert sum(state.returns()) == pytest.approx(0.0)
