"""Every registered game through the OpenSpiel adapter: OpenSpiel's own conformance test, its
search bots, and the promises the adapter makes (chance, actions, hidden information)."""

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from meeple import games  # noqa: E402
from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.core import rank_returns  # noqa: E402
from meeple.engine import MeepleError, OptionError, UnknownGame  # noqa: E402

GAME_IDS = games.ids()


def dealt(game_id, players=None, deal=3):
    os_game = mos.load(game_id, players=players, deals=20)
    state = os_game.new_initial_state()
    state.apply_action(deal)
    return os_game, state


def random_decisions(state, rng, steps):
    """Play `steps` random actions (fewer if the game ends); yields each state before its action."""
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_random_simulation_conformance(game_id):
    """OpenSpiel's own API test: clones, serialisation, tensors, strings, returns (smallest table;
    the PettingZoo tests play the largest)."""
    pyspiel.random_sim_test(mos.load(game_id, deals=50), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_root_chance_node_deals_the_engine_seed(game_id):
    game = games.get(game_id)
    os_game = mos.load(game_id, deals=40)
    root = os_game.new_initial_state()
    assert root.is_chance_node()
    outcomes = root.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(40))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    root.apply_action(17)
    expected = game.setup(os_game.num_players(), None, 17)
    assert game.dumps(root.engine_state) == game.dumps(expected)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_are_the_engine_legal_moves_in_notation_order(game_id):
    game = games.get(game_id)
    _, state = dealt(game_id)
    for node in random_decisions(state, random.Random(1), 25):
        engine = node.engine_state
        seat = node.current_player()
        assert seat == min(game.to_move(engine))
        texts = [node.action_to_string(seat, a) for a in node.legal_actions()]
        assert texts == sorted(game.move_text(m) for m in game.legal_moves(engine, seat))
        assert node.legal_actions() == list(range(len(texts)))
        assert all(node.legal_actions(other) == [] for other in range(node.num_players()) if other != seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_are_the_views_and_resampling_keeps_what_a_seat_knows(game_id):
    """The resampled world (the game's determinize) must look the same to the seat: same strings,
    same tensors, same legal actions. If a string leaked hidden facts, it would differ here."""
    game = games.get(game_id)
    os_game, state = dealt(game_id)
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed_worlds = checked = 0
    for i, node in enumerate(random_decisions(state, rng, 400)):
        if i % 7:
            continue
        for seat in range(node.num_players()):
            view = json.dumps(game.view(node.engine_state, seat), sort_keys=True, separators=(",", ":"))
            assert node.observation_string(seat) == view
            world = node.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == node.information_state_string(seat)
            assert world.information_state_tensor(seat) == node.information_state_tensor(seat)
            assert world.observation_tensor(seat) == node.observation_tensor(seat)
            assert world.current_player() == node.current_player()
            if seat == node.current_player():
                assert [world.action_to_string(seat, a) for a in world.legal_actions()] == \
                       [node.action_to_string(seat, a) for a in node.legal_actions()]
            changed_worlds += str(world) != str(node)
            checked += 1
    assert checked > 0
    assert changed_worlds > 0, "determinize never resampled anything hidden"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_ismcts_and_mcts_bots_play_the_game(game_id):
    """ISMCTS (seat 0) and MCTS (seat 1) choose legal actions; random seats and moves finish the game."""
    os_game, state = dealt(game_id, deal=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = {
        0: ismcts.ISMCTSBot(os_game, evaluator, uct_c=2.0, max_simulations=6,
                            random_state=np.random.RandomState(2)),
        1: mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                        random_state=np.random.RandomState(3), solve=False),
    }
    decisions = {0: 0, 1: 0}
    rng = random.Random(4)
    while not state.is_terminal():
        seat = state.current_player()
        if seat in bots and decisions[seat] < 5:
            action = bots[seat].step(state)
            assert action in state.legal_actions()
            decisions[seat] += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert decisions == {0: 5, 1: 5}
    assert sum(state.returns()) == pytest.approx(0.0)
    outcome = games.get(game_id).outcome(state.engine_state)
    assert state.returns() == pytest.approx(rank_returns(outcome.ranks))


def test_returns_count_seats_beaten_minus_seats_ahead():
    assert rank_returns((1, 2)) == [1.0, -1.0]
    assert rank_returns((1, 1)) == [0.0, 0.0]
    assert rank_returns((2, 1, 3)) == [0.0, 1.0, -1.0]
    assert rank_returns((1, 1, 3, 4)) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])


def test_bad_settings_get_the_engine_s_clear_message():
    with pytest.raises(OptionError, match="2 to 4 players"):
        mos.load("picnic", players=9)
    with pytest.raises(UnknownGame, match="Unknown game"):
        mos.load("no-such-game")
    with pytest.raises(Exception, match="deals must be at least 1"):
        mos.load("picnic", deals=0)
    with pytest.raises(OptionError, match="JSON object"):
        pyspiel.load_game("meeple_picnic", {"options": "{players: 3"})


def test_too_many_moves_for_the_declared_actions_is_a_clear_error():
    os_game = mos.load("picnic", players=2, max_actions=1)
    state = os_game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(MeepleError, match="larger max_actions"):
        state.legal_actions()


def test_a_serialised_picnic_position_comes_back_through_the_engine_json():
    os_game, state = dealt("picnic", players=3)
    for _ in random_decisions(state, random.Random(5), 9):
        pass
    text = pyspiel.serialize_game_and_state(os_game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    assert again.history() == state.history()


SIMULTANEOUS_CASES = [(game_id, {}) for game_id in GAME_IDS]
if "wizard" in GAME_IDS:
    SIMULTANEOUS_CASES.append(("wizard", {"predictions": "hidden", "single_round": 3}))


@pytest.mark.parametrize("game_id,options", SIMULTANEOUS_CASES)
def test_a_simultaneous_choice_stays_hidden_from_the_seats_still_choosing(game_id, options):
    """Simultaneous phases are sequentialised, lowest seat first: whatever the first seat picks,
    the seats still to choose see exactly the same information state."""
    game = games.get(game_id)
    os_game = mos.load(game_id, options=options, deals=20)
    rng = random.Random(6)
    checked = 0
    for deal in range(3):
        state = os_game.new_initial_state()
        state.apply_action(deal)
        for node in random_decisions(state, rng, 400):
            seats = game.to_move(node.engine_state)
            if len(seats) < 2 or checked >= 6:
                continue
            others = sorted(seats - {node.current_player()})
            seen = set()
            for action in node.legal_actions():
                child = node.child(action)
                seen.add(tuple(child.information_state_string(s) for s in others))
            assert len(seen) == 1, "a later seat could tell what the first seat chose"
            checked += 1
    if not checked:
        pytest.skip(f"{game_id} {json.dumps(options)} has no simultaneous phase in these playouts")
