"""Fixed action numberings (`Game.action_space`): every legal move of random games on default and
non-default tables is in the list, an action number means one move wherever it is asked, through
OpenSpiel and PettingZoo alike, an illegal number is refused, and the dynamic numbering stays."""

import pytest

from meeple import games
from meeple.engine import IllegalMove, MeepleError, Rng, resolve_options
from tests.tables import option_tables, table_id

from .optional import require

pyspiel = require("pyspiel")
np = require("numpy")

from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.pettingzoo import env  # noqa: E402

FIXED = [g.id for g in games.all()
         if g.action_space(g.min_players, resolve_options(g.options, None)) is not None]
TABLES = [(g.id, table) for g in games.all() if g.id in FIXED
          for table in [(g.min_players, {}), (g.max_players, {}), *option_tables(g, limit=3)]]


def test_every_game_with_a_complete_declared_notation_numbers_its_moves_once_and_for_all():
    # Wizard and Ninety-Nine list their own (per table size); the others' come from their declared moves.
    assert set(FIXED) >= {"picnic", "wizard", "ninety_nine", "letters_home", "toy_battle", "turing_machine",
                          "assyria", "digging_for_dinos", "living_forest", "relative_space", "draft_and_write_records"}
    assert games.get("picnic").action_space(2, {}) == games.get("picnic").notation.NOTATION.all_moves()
    # Vent Life makes its moves on a hex on demand (complete=False): it keeps the dynamic numbering.
    assert games.get("vent_life").action_space(2, {}) is None
    assert mos.load("vent_life").table.space is None


@pytest.mark.parametrize("game_id,table", TABLES, ids=lambda x: x if isinstance(x, str) else table_id(x))
def test_every_legal_move_of_random_games_has_its_fixed_number(game_id, table):
    players, options = table
    game = games.get(game_id)
    space = game.action_space(players, resolve_options(game.options, options))
    assert len(set(space)) == len(space)
    assert len(space) >= game.max_moves(players, resolve_options(game.options, options))
    os_game = mos.load(game_id, players=players, options=options)
    assert os_game.num_distinct_actions() == len(space)
    meaning = {}
    for seed in range(3):
        state = os_game.new_initial_state()
        state.deal(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(actions)
            for a in actions:  # one number, one move, wherever it is asked
                move = state.move_of(a)
                assert meaning.setdefault(a, move) == move == space[a]
                assert state.action_of(move) == a
                assert state.action_to_string(state.current_player(), a) == game.move_text(move)
            state.apply_action(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game_id", FIXED)
def test_an_illegal_action_number_is_refused_and_changes_nothing(game_id):
    os_game = mos.load(game_id)
    state = os_game.new_initial_state()
    state.deal(3)
    illegal = next(a for a in range(os_game.num_distinct_actions()) if a not in state.legal_actions())
    before, history = str(state), state.history()
    with pytest.raises(IllegalMove, match=f"Action {illegal} .* is not legal now"):
        state.apply_action(illegal)
    with pytest.raises(IllegalMove, match="not legal"):
        state.move_of(illegal)
    assert str(state) == before and state.history() == history
    e = env(game_id)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    assert mask.shape == (len(e.table.space),) and list(np.flatnonzero(mask)) == e.legal_actions()
    with pytest.raises(IllegalMove, match="not legal"):
        e.step(int(mask.argmin()))


@pytest.mark.parametrize("game_id", FIXED)
def test_the_dynamic_numbering_stays_on_request(game_id):
    game = games.get(game_id)
    os_game = mos.load(game_id, dynamic_actions=True)
    assert os_game.table.space is None
    assert os_game.num_distinct_actions() == game.max_moves(os_game.num_players(), os_game.table.resolved)
    again = pyspiel.load_game(str(os_game))
    assert again.table.space is None and "dynamic_actions=True" in str(os_game)
    pyspiel.random_sim_test(os_game, num_sims=1, serialize=True, verbose=False)
    state = os_game.new_initial_state()
    state.deal(3)
    assert state.legal_actions() == list(range(len(state.legal_actions())))


def test_a_hand_given_max_actions_below_the_fixed_numbering_is_a_clear_error():
    with pytest.raises(MeepleError, match="max_actions must be 0 or at least"):
        mos.load("wizard", max_actions=5)
    assert mos.load("wizard", max_actions=5, dynamic_actions=True).num_distinct_actions() == 5


def test_max_moves_defaults_to_the_number_of_declared_moves():
    from meeple.engine import Game

    class Declared(type(games.get("picnic"))):  # a game that states no bound of its own
        max_moves = Game.max_moves

    assert Declared().max_moves(2, {}) == len(games.get("picnic").notation.NOTATION.all_moves()) == 12

    class Undeclared(type(games.get("vent_life"))):  # its hex moves are not declared: it must state one
        max_moves = Game.max_moves

    with pytest.raises(NotImplementedError, match="must state max_moves"):
        Undeclared().max_moves(2, {})
