"""Every registered game through the OpenSpiel adapter: OpenSpiel's own conformance test, its
search bots, and the promises the adapter makes (game type, chance, actions, hidden information)."""

import json
import pickle
import random

import pytest

from meeple import games
from meeple.engine import PERFECT, MeepleError, OptionError, UnknownGame, resolve_options
from tests.tables import option_tables, table_id

from .hidden_choices import LEAK, SIMULTANEOUS, openspiel_phases
from .optional import require

pyspiel = require("pyspiel")
np = require("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.core import rank_returns  # noqa: E402

GAME_IDS = games.ids()
Type = pyspiel.GameType




def dealt(game_id, players=None, seed=3):
    """The game and its state after the deal of engine seed `seed` (chance: the seed's bytes)."""
    os_game = mos.load(game_id, players=players)
    state = os_game.new_initial_state()
    if state.is_chance_node():
        state.deal(seed)
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
    pyspiel.random_sim_test(mos.load(game_id), num_sims=1, serialize=True, verbose=False)


def expected_type(game, players):
    """What OpenSpiel must be told about this table, from the game's own metadata."""
    perfect = game.information == PERFECT and not game.chance
    return {
        "chance_mode": Type.ChanceMode.EXPLICIT_STOCHASTIC if game.chance else Type.ChanceMode.DETERMINISTIC,
        "information": Type.Information.PERFECT_INFORMATION if perfect else Type.Information.IMPERFECT_INFORMATION,
        "utility": Type.Utility.GENERAL_SUM if players == 1 else Type.Utility.ZERO_SUM,
        "dynamics": Type.Dynamics.SEQUENTIAL,
        "reward_model": Type.RewardModel.TERMINAL,
        "min_num_players": game.min_players,
        "max_num_players": game.max_players,
    }


def check_game_type(os_game, game, players):
    game_type = os_game.get_type()
    for field, value in expected_type(game, players).items():
        assert getattr(game_type, field) == value, field
    assert os_game.num_players() == players
    space = game.action_space(players, resolve_options(game.options, None))
    assert os_game.num_distinct_actions() == (len(space) if space is not None else
                                              game.max_moves(players, resolve_options(game.options, None)))
    assert os_game.utility_sum() == (None if players == 1 else 0.0)
    assert (os_game.min_utility(), os_game.max_utility()) == (-1.0, 1.0)
    root = os_game.new_initial_state()
    assert root.is_chance_node() == game.chance
    deals = os_game.get_parameters().get("deals", 0)
    assert os_game.max_chance_outcomes() == ((deals or 256) if game.chance else 0)
    assert os_game.max_chance_nodes_in_history() == ((1 if deals else 8) if game.chance else 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_type_is_the_game_s_own_metadata(game_id):
    """Chance mode, information and action count come from Game.chance, Game.information and
    Game.max_moves, at the smallest and the largest table; the registered type holds for every table."""
    game = games.get(game_id)
    for players in sorted({game.min_players, game.max_players}):
        check_game_type(mos.load(game_id, players=players), game, players)
        if game.chance:
            check_game_type(mos.load(game_id, players=players, deals=10), game, players)
    registered = next(t for t in pyspiel.registered_games() if t.short_name == mos.short_name(game_id))
    assert registered.utility == (Type.Utility.GENERAL_SUM if game.min_players == 1 else Type.Utility.ZERO_SUM)
    assert registered.chance_mode == expected_type(game, game.min_players)["chance_mode"]
    assert registered.information == expected_type(game, game.min_players)["information"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_draws_the_engine_seed_byte_by_byte(game_id):
    """Eight explicit chance nodes of 256 equal outcomes, the seed's bytes lowest first, then
    setup(..., seed): the engine's whole 64-bit seed space. No chance node without chance."""
    game = games.get(game_id)
    if not game.chance:
        root = mos.load(game_id).new_initial_state()
        assert not root.is_chance_node()
        assert game.dumps(root.engine_state) == game.dumps(game.setup(root.num_players(), None, 0))
        return
    os_game = mos.load(game_id)
    seed = 0xF00D_CAFE_0123_4567
    state = os_game.new_initial_state()
    for i in range(8):
        assert state.is_chance_node() and state.engine_state is None
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert {p for _, p in outcomes} == {1 / 256}
        assert state.observation_string(0) == "seat 0: waiting for the deal"
        state.apply_action((seed >> (8 * i)) & 0xFF)
    assert not state.is_chance_node()
    assert game.dumps(state.engine_state) == game.dumps(game.setup(os_game.num_players(), None, seed))
    again = os_game.new_initial_state()
    again.deal(seed)
    assert again.history() == state.history() and str(again) == str(state)
    with pytest.raises(ValueError, match="already made"):
        again.deal(1)
    with pytest.raises(ValueError, match="from 0 to 2\\*\\*64 - 1"):
        os_game.new_initial_state().deal(1 << 64)


@pytest.mark.parametrize("game_id", [g.id for g in games.all() if g.chance])
def test_deals_n_restricts_the_game_to_one_root_node_of_n_deals(game_id):
    """For algorithms that enumerate the tree: deals=N is one root node, outcome k = setup(..., seed=k)."""
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
    with pytest.raises(ValueError, match="deals 0 to 39"):
        os_game.new_initial_state().deal(40)
    pyspiel.random_sim_test(os_game, num_sims=1, serialize=True, verbose=False)


def sampled_deal(os_game, rng):
    """Chance sampled as OpenSpiel offers it (rl_environment, MCCFR): an outcome of chance_outcomes at
    every chance node; returns seat 0's first information state and the whole position behind it."""
    state = os_game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    return state.information_state_string(0), os_game.table.game.dumps(state.engine_state)


@pytest.mark.parametrize("game_id", [g.id for g in games.all() if g.chance])
def test_a_seat_s_first_observation_does_not_identify_the_deal(game_id):
    """A learner that samples chance memorises, for each first information state of seat 0, the whole
    position behind it (every hidden card and future draw). Over fresh deals it must never recall one:
    the chance the adapter declares must not be a list of deals small enough to learn by heart."""
    os_game = mos.load(game_id)
    rng = np.random.RandomState(0)
    memory = dict(sampled_deal(os_game, rng) for _ in range(1200))
    fresh = [sampled_deal(os_game, rng) for _ in range(200)]
    recalled = sum(memory.get(seen) == position for seen, position in fresh)
    assert recalled == 0, f"{recalled} of 200 fresh deals recalled from the first observation alone"


def test_sampling_algorithms_learn_over_the_whole_seed_space():
    """What the chance model admits (docs/adapters.md): MCCFR, outcome and external sampling, samples
    chance at each of the eight nodes and learns; rl_environment deals through them."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import external_sampling_mccfr, outcome_sampling_mccfr

    os_game = mos.load("twenty", players=2)
    np.random.seed(5)  # both solvers sample with numpy's global generator
    for solver in (outcome_sampling_mccfr.OutcomeSamplingSolver(os_game),
                   external_sampling_mccfr.ExternalSamplingSolver(os_game)):
        for _ in range(5):
            solver.iteration()
        assert solver._infostates  # information states met and learnt
    env = rl_environment.Environment(os_game, seed=3)
    step = env.reset()
    assert env.get_state.engine_state is not None  # the eight chance nodes are behind the first step
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][seat][0]])
    assert sum(step.rewards) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_are_the_engine_legal_moves_in_notation_order(game_id):
    """The dynamic numbering: the legal moves sorted by notation, numbered from 0; a game's fixed
    numbering (tests/adapters/test_actions.py): the numbers of the legal moves, ascending."""
    game = games.get(game_id)
    os_game, state = dealt(game_id)
    space = os_game.table.space
    for node in random_decisions(state, random.Random(1), 25):
        engine = node.engine_state
        seat = node.current_player()
        assert seat == min(game.to_move(engine))
        texts = [node.action_to_string(seat, a) for a in node.legal_actions()]
        legal = game.legal_moves(engine, seat)
        if space is None:
            assert texts == sorted(game.move_text(m) for m in legal)
            assert node.legal_actions() == list(range(len(texts)))
        else:
            assert node.legal_actions() == sorted(space.index(m) for m in legal)
            assert sorted(texts) == sorted(game.move_text(m) for m in legal)
        assert all(node.legal_actions(other) == [] for other in range(node.num_players()) if other != seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_are_the_views_and_resampling_keeps_what_a_seat_knows(game_id):
    """The resampled world (the game's determinize) must look the same to the seat: same strings,
    same tensors, same legal actions. If a string leaked hidden facts, it would differ here."""
    game = games.get(game_id)
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded: the unseeded one made this test flaky
    changed_worlds = checked = 0
    nodes = []
    for seed in range(3, 23):  # one game, or more where a game is short (Kuhn poker: two or three moves)
        os_game, state = dealt(game_id, seed=seed)
        nodes += [node.clone() for i, node in enumerate(random_decisions(state, rng, 400)) if not i % 7]
        if len(nodes) >= 8:
            break
    for node in nodes:
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
    # (A game with nothing hidden and nothing left to chance has one world only.)
    assert changed_worlds > 0 or mos.perfect_information(game), "determinize never resampled anything hidden"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_ismcts_and_mcts_bots_play_the_game(game_id):
    """ISMCTS (seat 0; MCTS in a perfect-information game) and MCTS (seat 1, if there is one) choose legal
    actions five times each, over as
    many deals as that takes; random seats and moves finish each game."""
    os_game = mos.load(game_id)
    players = os_game.num_players()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = {
        0: ismcts.ISMCTSBot(os_game, evaluator, uct_c=2.0, max_simulations=6,
                            random_state=np.random.RandomState(2)),
        1: mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                        random_state=np.random.RandomState(3), solve=False),
    }
    if mos.perfect_information(games.get(game_id)):  # ISMCTS is for imperfect information only: MCTS for both
        bots[0] = mcts.MCTSBot(os_game, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                               random_state=np.random.RandomState(2), solve=False)
    decisions = {seat: 0 for seat in bots if seat < players}
    rng = random.Random(4)
    for deal in range(5, 20):
        state = os_game.new_initial_state()
        if state.is_chance_node():
            state.deal(deal)
        while not state.is_terminal():
            seat = state.current_player()
            if seat in decisions and decisions[seat] < 5:
                action = bots[seat].step(state)
                assert action in state.legal_actions()
                decisions[seat] += 1
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        outcome = games.get(game_id).outcome(state.engine_state)
        assert state.returns() == pytest.approx(rank_returns(outcome.ranks))
        if players > 1:
            assert sum(state.returns()) == pytest.approx(0.0)
        if min(decisions.values()) == 5:
            break
    assert set(decisions.values()) == {5}


def run_cpp_bot(bot, game_name):
    """One step of OpenSpiel's C++ bot in a subprocess (it crashes on Python games: never in this one)."""
    import resource
    import subprocess
    import sys

    def no_core_dump():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return subprocess.run([sys.executable, "-m", "tests.adapters.cpp_bots", bot, game_name], capture_output=True,
                          timeout=120, preexec_fn=no_core_dump, text=True)


@pytest.mark.parametrize("bot", ["mcts", "ismcts"])
def test_openspiel_s_cpp_search_bots_crash_on_python_games_as_the_docs_say(bot):
    """docs/adapters.md tells researchers to use the Python MCTS and ISMCTS bots, because the C++ ones
    segfault on Python games (upstream, OpenSpiel's own python_kuhn_poker too). If this starts to pass
    the other way, upstream fixed it: update the docs."""
    from pathlib import Path

    docs = Path(__file__).parents[2].joinpath("docs", "adapters.md").read_text()
    for words in ("`pyspiel.MCTSBot`", "`pyspiel.ISMCTSBot`", "segfault", "python_kuhn_poker",
                  "`open_spiel.python.algorithms.mcts.MCTSBot`", "`open_spiel.python.algorithms.ismcts.ISMCTSBot`"):
        assert words in docs, f"docs/adapters.md does not say {words}"
    control = run_cpp_bot(bot, "kuhn_poker")
    assert control.returncode == 0 and "action" in control.stdout, control.stderr[-2000:]
    for game_name in ("python_kuhn_poker", "meeple_twenty"):
        crashed = run_cpp_bot(bot, game_name)
        assert crashed.returncode == -11, (
            f"C++ {bot} on {game_name}: exit {crashed.returncode}, {crashed.stdout!r}; if it now works, "
            "docs/adapters.md (Search) is out of date")


@pytest.mark.parametrize("dynamic", [False, True], ids=["fixed", "dynamic"])
def test_a_playout_works_out_each_move_s_notation_once_and_each_position_s_turn_once(monkeypatch, dynamic):
    """Speed (bench/adapter_speed.py): sorting the legal moves by notation must not rebuild every move's
    text at every position (with Wizard's fixed numbering no text is needed at all), nor ask the engine
    whose turn it is more than once per position, however often OpenSpiel asks (current_player,
    is_terminal, legal_actions, apply_action)."""
    game = games.get("wizard")
    calls = {"move_text": 0, "to_move": 0}

    def counted(name):
        original = getattr(type(game), name)

        def wrapper(self, *args):
            calls[name] += 1
            return original(self, *args)
        return wrapper

    for name in list(calls):
        monkeypatch.setattr(type(game), name, counted(name))
    os_game = mos.load("wizard", players=4, options={"single_round": 10}, dynamic_actions=dynamic)
    state = os_game.new_initial_state()
    state.deal(99)
    calls.update(move_text=0, to_move=0)  # loading may have measured the game's length
    rng = random.Random(1)
    played, distinct = [], set()
    while not state.is_terminal():
        assert state.current_player() == state.current_player()
        actions = state.legal_actions()
        distinct.update(state.move_of(a) for a in actions)
        action = rng.choice(actions)
        played.append((state.current_player(), state.move_of(action)))
        state.apply_action(action)
    assert calls["move_text"] == (len(distinct) if dynamic else 0)
    # The engine alone, playing the same moves, asks to_move once per position (legal_moves and apply
    # may ask too).
    adapter_to_move = calls["to_move"]
    calls["to_move"] = 0
    engine_state = game.setup(4, {"single_round": 10}, 99)
    for seat, move in played:
        game.to_move(engine_state)
        game.legal_moves(engine_state, seat)
        game.apply(engine_state, seat, move)
    assert game.to_move(engine_state) == frozenset()
    assert adapter_to_move <= calls["to_move"]


def test_the_adapter_speed_benchmark_prints_its_ratio():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[2] / "bench" / "adapter_speed.py"
    out = subprocess.run([sys.executable, str(script), "--seconds", "0.2", "--slice", "0.1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    assert report["engine"]["playouts"] > 0 and report["openspiel_adapter"]["playouts"] > 0
    # Four predictions and forty cards, and now and then the dealer's choice of trump.
    assert 44 <= report["openspiel_adapter"]["mean_moves"] <= 45 and 44 <= report["engine"]["mean_moves"] <= 45
    assert 0 < report["ratio"] < 2 and 0 < report["ratio_median"] < 2
    # The same deals' games (each side plays as many deals as its time allows, so the means differ a little)
    assert 44 <= report["adapter_without_openspiel"]["mean_moves"] <= 45
    assert set(report["split"]) == {"adapter_python_us_per_action", "crossing_in_situ_us_per_action"}
    assert 0 < report["ceiling"] < 2 and 0 < report["ceiling_in_situ"] < 2
    for side in ("engine", "openspiel_adapter", "adapter_without_openspiel"):  # the instruction-count mode
        counted = subprocess.run([sys.executable, str(script), "--count", side, "--playouts", "2"],
                                 capture_output=True, text=True, timeout=120)
        assert counted.returncode == 0 and counted.stdout == "", counted.stderr[-2000:]


def test_returns_count_seats_beaten_minus_seats_ahead():
    assert rank_returns((1,)) == [1.0] and rank_returns((2,)) == [-1.0]  # a solo game won, lost
    assert rank_returns((1, 2)) == [1.0, -1.0]
    assert rank_returns((1, 1)) == [0.0, 0.0]
    assert rank_returns((2, 1, 3)) == [0.0, 1.0, -1.0]
    assert rank_returns((1, 1, 3, 4)) == pytest.approx([2 / 3, 2 / 3, -1 / 3, -1.0])


def test_bad_settings_get_the_engine_s_clear_message():
    with pytest.raises(OptionError, match="2 to 4 players"):
        mos.load("picnic", players=9)
    with pytest.raises(UnknownGame, match="Unknown game"):
        mos.load("no-such-game")
    with pytest.raises(Exception, match="deals must be 0 .the whole seed space. or a number of deals"):
        mos.load("picnic", deals=-1)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("meeple_picnic(colour=red)")
    with pytest.raises(OptionError, match="must be one of open, hidden, secret, not 'loud'"):
        mos.load("wizard", options={"predictions": "loud"})
    with pytest.raises(OptionError, match="must be one of open, hidden, secret, not 'loud'"):
        pyspiel.load_game("meeple_wizard(predictions=loud)")


def test_too_many_moves_for_the_declared_actions_is_a_clear_error():
    os_game = mos.load("picnic", players=2, max_actions=1, dynamic_actions=True)  # numbered by position
    state = os_game.new_initial_state()
    state.deal(0)
    with pytest.raises(MeepleError, match="larger max_actions"):
        state.legal_actions()


Private = pyspiel.PrivateInfoType


def observer(os_game, public_info=True, private=Private.SINGLE_PLAYER, perfect_recall=False):
    from open_spiel.python.observation import make_observation

    return make_observation(os_game, pyspiel.IIGObservationType(
        public_info=public_info, perfect_recall=perfect_recall, private_info=private))


def view_text(game, state, seat):
    return json.dumps(game.view(state.engine_state, seat), sort_keys=True, separators=(",", ":"))


def at(data, path):
    """The value at a path of keys and indices, or KeyError/IndexError/TypeError."""
    for step in path:
        data = data[step]
    return data


def same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def nodes_along_a_game(game_id, players, seed, every=5):
    os_game, state = dealt(game_id, players=players)
    for i, node in enumerate(random_decisions(state, random.Random(seed), 400)):
        if i % every == 0:
            yield os_game, node.clone()


def test_public_observations_are_a_spectator_s_and_the_same_for_every_seat():
    os_game, state = dealt("twenty", players=3)
    for _ in random_decisions(state, random.Random(3), 3):
        pass
    spectator = view_text(games.get("twenty"), state, None)
    public = observer(os_game, private=Private.NONE)
    assert {public.string_from(state, seat) for seat in range(3)} == {spectator}
    own = observer(os_game)
    assert len({own.string_from(state, seat) for seat in range(3)}) == 3  # each seat sees its own card
    recall = observer(os_game, private=Private.NONE, perfect_recall=True)
    assert len({recall.string_from(state, seat) for seat in range(3)}) == 1
    tensors = set()
    for seat in range(3):
        recall.set_from(state, seat)
        tensors.add(recall.tensor.tobytes())
    assert len(tensors) == 1 and recall.tensor.any()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_private_observation_is_what_the_seat_sees_beyond_a_spectator(game_id):
    """private_info=SINGLE_PLAYER without public_info: the leaves of the seat's view that a spectator's view
    does not show alike, each with its path, and the seat's private log lines under perfect recall.
    Nothing in it is what the spectator sees; with the spectator's view it gives back the seat's view
    wherever the two have the same shape."""
    game = games.get(game_id)
    players = max(game.min_players, 2)
    private_seen = 0
    for os_game, node in nodes_along_a_game(game_id, players, seed=11):
        private = observer(os_game, public_info=False)
        recall = observer(os_game, public_info=False, perfect_recall=True)
        spectator = game.view(node.engine_state, None)
        for seat in range(players):
            own = game.view(node.engine_state, seat)
            parts = json.loads(private.string_from(node, seat) or "[]")  # "": perfect information
            for path, value in parts:
                assert same(at(own, path), value)
                try:
                    assert not same(at(spectator, path), value), f"seat {seat} {path}: the spectator sees it too"
                except (KeyError, IndexError, TypeError):
                    pass  # the spectator's view has nothing there
            private_seen += bool(parts)
            lines = recall.string_from(node, seat).split("\n")[1:]
            assert lines == [e.text for e in node._pos.lines(seat) if e.only is not None]
            private.set_from(node, seat)
            assert private.tensor.any() == bool(parts)
    if game.information != PERFECT:
        assert private_seen, f"{game_id}: no seat ever saw anything a spectator does not"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_all_players_observation_is_every_seat_s_view_and_log(game_id):
    """private_info=ALL_PLAYERS: every seat's view (and log under perfect recall) in seat order, whichever
    seat asks; without public_info, every seat's private part."""
    game = games.get(game_id)
    players = max(game.min_players, 2)
    for os_game, node in nodes_along_a_game(game_id, players, seed=12, every=9):
        everyone = observer(os_game, private=Private.ALL_PLAYERS)
        recall = observer(os_game, private=Private.ALL_PLAYERS, perfect_recall=True)
        privates = observer(os_game, public_info=False, private=Private.ALL_PLAYERS)
        private = observer(os_game, public_info=False)
        own = observer(os_game)
        info = observer(os_game, perfect_recall=True)
        expected = "\n".join(f"seat {s}: {own.string_from(node, s)}" for s in range(players))
        assert {everyone.string_from(node, seat) for seat in range(players)} == {expected}
        expected = "\n".join(f"seat {s}: {info.string_from(node, s)}" for s in range(players))
        assert {recall.string_from(node, seat) for seat in range(players)} == {expected}
        expected = "\n".join(f"seat {s}: {private.string_from(node, s)}" for s in range(players))
        assert {privates.string_from(node, seat) for seat in range(players)} == {expected}
        everyone.set_from(node, 0)
        assert everyone.dict["view"].shape == (players, os_game.table.view_size)
        for seat in range(players):
            own.set_from(node, seat)
            assert (everyone.dict["view"][seat] == own.tensor).all()


def test_an_observation_of_nothing_is_refused_clearly():
    os_game = mos.load("twenty", players=2)
    with pytest.raises(ValueError, match="neither public nor private information"):
        observer(os_game, public_info=False, private=Private.NONE)
    with pytest.raises(ValueError, match="Observation parameters are not supported"):
        os_game.make_py_observer(None, {"size": 3})


OPTION_TABLES = [(game.id, table) for game in games.all() for table in option_tables(game, limit=3)]


def played(os_game, steps, seed):
    """A state after `steps` random actions (chance included) from the root, or the end."""
    rng = random.Random(seed)
    state = os_game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    return state


@pytest.mark.parametrize("game_id,table", OPTION_TABLES, ids=lambda x: x if isinstance(x, str) else table_id(x))
def test_a_table_with_several_options_round_trips(game_id, table):
    """Every option spelled out, several changed at once, lists (with their commas): the game string
    loads back as the same table, OpenSpiel's own test serialises it, and a state comes back from
    serialize_game_and_state and from pickle (tables from the game's declared options)."""
    players, options = table
    game = games.get(game_id)
    os_game = mos.load(game_id, players=players, options=options)
    expected = resolve_options(game.options, options)
    again = pyspiel.load_game(str(os_game))
    assert str(again) == str(os_game)
    assert (again.num_players(), resolve_options(game.options, again.table.options)) == (players, expected)
    pyspiel.random_sim_test(os_game, num_sims=1, serialize=True, verbose=False)
    state = played(os_game, 30, seed=players)
    back_game, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(os_game, state))
    assert str(back_game) == str(os_game)
    assert str(back) == str(state) and back.history() == state.history()
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state) and unpickled.history() == state.history()
    assert unpickled.information_state_string(0) == state.information_state_string(0)


@pytest.mark.usefixtures("toys")
def test_option_values_that_game_strings_would_split_round_trip():
    game = games.get("odd_options")
    values = [{"label": label, "sizes": sizes, "mixed": mixed, "count": count, "loud": loud}
              for label, sizes, mixed, count, loud in zip(
                  game.options[0].choices, ([3, 1], [10, 2, 1], [], [1], [2, 3], [10], [1, 2]),
                  (7, "seven", "-7", 7, "seven", "-7", 7), (2, -5, 5, 0, -1, 3, 1), (False, True) * 4)]
    for options in values:
        os_game = mos.load("odd_options", players=3, options=options)
        text = str(os_game)
        assert "{" not in text and text.count("=") == len(os_game.get_parameters())
        again = pyspiel.load_game(text)
        assert again.table.options == options, text
        assert str(again) == text
        pyspiel.random_sim_test(again, num_sims=1, serialize=True, verbose=False)
    # Given by hand, in OpenSpiel's own spelling: a list joined by ":", words as they are.
    by_hand = pyspiel.load_game("meeple_odd_options(players=2,sizes=10:1,mixed=seven,label=%33,count=-2)")
    assert by_hand.table.options == {"label": "3", "sizes": [10, 1], "mixed": "seven", "count": -2, "loud": False}
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter label"):
        pyspiel.load_game("meeple_odd_options(label=3)")  # OpenSpiel reads 3 as a number: "3" is written %33
    with pytest.raises(OptionError, match="'sizes': '4' is not one of 1, 2, 3, 10"):
        pyspiel.load_game("meeple_odd_options(sizes=4:1)")


@pytest.mark.usefixtures("toys")
def test_an_option_named_like_an_adapter_parameter_is_refused_clearly():
    with pytest.raises(MeepleError, match="option 'deals' has the name of one of the adapter's own parameters"):
        mos.load("clashing_option")


@pytest.mark.parametrize("game_id,table", [(g.id, option_tables(g)[-1]) for g in games.all()],
                         ids=lambda x: x if isinstance(x, str) else table_id(x))
def test_a_game_object_pickles(game_id, table):
    players, options = table
    os_game = mos.load(game_id, players=players, options=options)
    again = pickle.loads(pickle.dumps(os_game))
    assert type(again) is type(os_game) and str(again) == str(os_game)
    assert again.get_type().chance_mode == os_game.get_type().chance_mode
    pyspiel.random_sim_test(again, num_sims=1, serialize=False, verbose=False)


def test_pickled_games_and_states_load_in_a_fresh_interpreter():
    """Nothing registered beforehand: unpickling a game or a state registers the meeple game itself."""
    import subprocess
    import sys

    os_game = mos.load("vent_life", players=3, options={"setup": "choose",
                                                        "species": ["fish", "shrimp", "snails", "worms"]})
    state = played(os_game, 12, seed=1)
    script = ("import pickle, sys\n"
              "game, state = pickle.loads(sys.stdin.buffer.read())\n"
              "print(str(game)); print(state.history()); print(state.information_state_string(1) == "
              "pickle.loads(pickle.dumps(state)).information_state_string(1))\n")
    out = subprocess.run([sys.executable, "-c", script], input=pickle.dumps((os_game, state)),
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    lines = out.stdout.decode().splitlines()
    assert lines == [str(os_game), str(state.history()), "True"]


def test_a_serialised_picnic_position_comes_back_through_the_engine_json():
    os_game, state = dealt("picnic", players=3)
    for _ in random_decisions(state, random.Random(5), 9):
        pass
    text = pyspiel.serialize_game_and_state(os_game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    assert again.history() == state.history()


SIMULTANEOUS_CASES = sorted({(game_id, ()) for game_id in GAME_IDS}
                            | {case for case in SIMULTANEOUS if case[0] in GAME_IDS})


@pytest.mark.parametrize("game_id,options", SIMULTANEOUS_CASES, ids=lambda x: x if isinstance(x, str) else
                         ",".join(f"{k}={v}" for k, v in x) or "default")
def test_a_simultaneous_choice_stays_hidden_from_the_seats_still_choosing(game_id, options):
    """Simultaneous phases are sequentialised, lowest seat first: in a hidden phase, whatever the seat
    to act picks, the seats still to choose see exactly the same information state. Full games reach
    every phase; a game known to have simultaneous phases must show them."""
    os_game = mos.load(game_id, options=dict(options))
    hidden, public = openspiel_phases(os_game)
    if (game_id, options) in SIMULTANEOUS:
        assert hidden + public > 0, f"{game_id} {dict(options)} showed no simultaneous phase in 30 full games"
    else:
        assert hidden + public == 0, (f"{game_id} {dict(options)} has simultaneous phases: list it in "
                                      "tests/adapters/hidden_choices.py SIMULTANEOUS")


def test_letters_home_s_final_letters_are_public_as_they_happen():
    """Issue 19 (3): Letters Home's final letters (several seats write at once) are public, as issue 10
    declares and docs/adapters.md says: full random games reach them, and a seat still writing sees
    what the seat before it sent."""
    os_game = mos.load("letters_home", players=4)
    game = os_game.table.game
    rng = random.Random(6)
    nodes = seen_by_later_seats = 0
    for deal in range(10):
        state = os_game.new_initial_state()
        state.deal(deal)
        while not state.is_terminal():
            seats = game.to_move(state.engine_state)
            if len(seats) > 1:
                assert game.public_choices(state.engine_state)
                later = sorted(seats - {state.current_player()})
                views = {tuple(state.child(a).information_state_string(s) for s in later)
                         for a in state.legal_actions()}
                nodes += 1
                seen_by_later_seats += len(views) > 1
            state.apply_action(rng.choice(state.legal_actions()))
        if nodes:
            break
    assert nodes, "ten full games of Letters Home never reached the final letters"
    assert seen_by_later_seats, "the seats still writing saw nothing of the letters sent before them"


# ----- one seat: the "twenty" toy (tests/toys/twenty) alone and at two and three seats ---------------

@pytest.mark.parametrize("players", [1, 2, 3])
def test_twenty_at_every_table_size_passes_openspiel_s_own_test(players):
    game = games.get("twenty")
    os_game = mos.load("twenty", players=players)
    check_game_type(os_game, game, players)
    pyspiel.random_sim_test(os_game, num_sims=5, serialize=True, verbose=False)


def test_a_solo_game_returns_plus_one_when_won_and_minus_one_when_lost():
    game = games.get("twenty")
    os_game = mos.load("twenty", players=1)
    assert os_game.num_players() == 1
    results = set()
    rng = random.Random(8)
    for deal in range(40):
        state = os_game.new_initial_state()
        state.deal(deal)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = game.outcome(state.engine_state)
        assert outcome.is_solo
        assert state.returns() == [1.0 if outcome.ranks == (1,) else -1.0]
        results.add(state.returns()[0])
    assert results == {1.0, -1.0}  # both ends reached in 40 random games


# ----- the toys: no chance, and a simultaneous phase that is public or hidden -------------------------

@pytest.mark.usefixtures("toys")
@pytest.mark.parametrize("game_id", ["open_picks", "sealed_picks"])
def test_a_game_without_chance_is_deterministic_and_its_information_is_as_declared(game_id):
    game = games.get(game_id)
    os_game = mos.load(game_id, players=3)
    check_game_type(os_game, game, 3)
    assert "deals" not in os_game.get_parameters()
    pyspiel.random_sim_test(os_game, num_sims=3, serialize=True, verbose=False)
    # Sequentialising a hidden simultaneous phase makes the game imperfect; a public one keeps it perfect.
    assert (os_game.get_type().information == Type.Information.PERFECT_INFORMATION) == (game_id == "open_picks")


@pytest.mark.usefixtures("toys")
def test_the_hidden_choice_check_honours_public_choices():
    """Open picks are shown as they are made: the phase is public and is not checked. The same game
    saying its phase is hidden fails the check, and a truly hidden phase passes it."""
    hidden, public = openspiel_phases(mos.load("open_picks", players=3), games=2)
    assert (hidden, public) == (0, 4)  # two seats choose while others still may, in each of two games
    with pytest.raises(AssertionError, match=LEAK):
        openspiel_phases(mos.load("mislabelled_picks", players=3), games=1)
    hidden, public = openspiel_phases(mos.load("sealed_picks", players=3), games=2)
    assert (hidden, public) == (4, 0)


@pytest.mark.usefixtures("toys")
def test_a_game_whose_max_moves_is_too_small_is_named_as_wrong():
    state = mos.load("undercounted_picks", players=2).new_initial_state()
    with pytest.raises(MeepleError, match="more than its own bound max_moves.*the game's bound is wrong"):
        state.legal_actions()


@pytest.mark.usefixtures("toys")
def test_a_hidden_phase_in_a_game_declared_perfect_is_refused():
    state = mos.load("falsely_perfect_picks", players=2).new_initial_state()
    with pytest.raises(MeepleError, match="declares perfect information"):
        state.current_player()


def test_move_of_and_action_of_refuse_chance_nodes_in_words():
    # Before the deal both died in "AttributeError: 'NoneType' object has no attribute 'turn'", and at
    # a pending draw (chance_model="draws") they answered for the move already chosen, as if a seat acted.
    from meeple.engine import IllegalMove

    game = mos.load("picnic", players=2, chance_model="draws")
    state = game.new_initial_state()
    take = games.get("picnic").legal_moves(games.get("picnic").setup(2, None, 3), 0)[0]
    for _node in range(2):  # the root, then a byte of the seed drawn
        with pytest.raises(IllegalMove, match="chance node, where no seat acts .*state.deal"):
            state.move_of(0)
        with pytest.raises(ValueError, match="chance node, where no seat acts"):
            state.action_of(take)
        state.apply_action(3)
    state = game.new_initial_state()
    state.deal(3)
    assert state.move_of(state.action_of(take)) == take  # a decision node answers as before
    while not state.is_chance_node():  # play on to a pending draw
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalMove, match="chance node, where no seat acts .apply one of"):
        state.move_of(0)
    with pytest.raises(ValueError, match="chance node"):
        state.action_of(take)
