"""Games' own observation features (`Game.features`) through the adapters: a fixed size on every
table along random games, values in [-1, 1], nothing a seat may not see, public observations the
same for every seat, and the hashed view still there for a game without features (or on request)."""

import random

import pytest

from meeple import games
from meeple.engine import Rng, resolve_options
from tests.tables import option_tables, table_id

from .optional import require

pyspiel = require("pyspiel")
np = require("numpy")

from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.core import Table  # noqa: E402
from meeple.adapters.pettingzoo import env  # noqa: E402

FEATURED = [g.id for g in games.all() if g.features() is not None]
TABLES = [(g.id, table) for g in games.all() if g.id in FEATURED
          for table in [(g.min_players, {}), (g.max_players, {}), *option_tables(g, limit=3)]]
Private = pyspiel.PrivateInfoType


def test_the_games_named_in_the_docs_have_their_own_features():
    assert {"wizard", "ninety_nine", "picnic", "toy_battle", "vent_life", "letters_home", "turing_machine", "assyria",
            "digging_for_dinos", "living_forest", "relative_space", "draft_and_write_records"} <= set(FEATURED)
    assert games.get("toy_battle").features() is not None
    # a game without a features module keeps the hashed view
    assert all(g.features() is None for g in games.all() if g.id not in FEATURED)


def positions(game, players, options, seed, every=1):
    """States along one random game (every `every`-th decision)."""
    rng = Rng(seed)
    state = game.setup(players, options, seed)
    k = 0
    while seats := game.to_move(state):
        if k % every == 0:
            yield state
        seat = min(seats)
        moves = game.legal_moves(state, seat)
        game.apply(state, seat, moves[rng.randrange(len(moves))])
        k += 1
    yield state


@pytest.mark.parametrize("game_id,table", TABLES, ids=lambda x: x if isinstance(x, str) else table_id(x))
def test_features_keep_their_size_and_range_along_random_games(game_id, table):
    players, options = table
    t = Table(game_id, players, options)
    fields = t.features.fields(players, resolve_options(t.game.options, options))
    assert t.view_size == sum(n for _, n in fields) and len({name for name, _ in fields}) == len(fields)
    seen = np.zeros(t.view_size, bool)
    for seed in range(2):
        for state in positions(t.game, players, options, seed):
            for seat in [*range(players), None]:
                out = np.zeros(t.view_size, np.float32)
                t.observation_tensor(state, seat, out)
                assert out.shape == (t.view_size,) and np.isfinite(out).all()
                assert out.min() >= -1 and out.max() <= 1
                seen |= out != 0
    assert seen.mean() > 0.05  # the features describe something (a one-card round uses few of them)


@pytest.mark.parametrize("game_id", FEATURED)
def test_worlds_a_seat_cannot_tell_apart_give_it_the_same_tensor(game_id):
    """The seat's features of any world its `determinize` deals are the features of the true state; the
    public ones (a spectator's) also stay the same in a world dealt for any seat."""
    game = games.get(game_id)
    players = game.max_players
    t = Table(game_id, players)
    differs = 0
    for state in positions(game, players, {}, seed=4, every=5):
        if game.is_over(state):
            continue
        for seat in range(players):
            world = game.determinize(state, seat, Rng(seat + 17))
            differs += game.dumps(world) != game.dumps(state)
            for viewer in (seat, None):
                a, b = (np.zeros(t.view_size, np.float32) for _ in range(2))
                t.observation_tensor(state, viewer, a)
                t.observation_tensor(world, viewer, b)
                assert (a == b).all(), (seat, viewer)
    if game.chance:
        assert differs  # the check met worlds that really differ


@pytest.mark.parametrize("game_id", FEATURED)
def test_public_observations_leave_the_seats_private_fields_out(game_id):
    """OpenSpiel's public observation (private_info NONE) is the spectator's features, the same for
    every seat, and differs from a seat's own somewhere in a game that hides anything."""
    game = games.get(game_id)
    os_game = mos.load(game_id, players=game.max_players)
    public = os_game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=Private.NONE))
    own = os_game.make_py_observer()
    state = os_game.new_initial_state()
    if state.is_chance_node():
        state.deal(5)
    rng = random.Random(5)
    private_somewhere = False
    for _ in range(30):
        if state.is_terminal():
            break
        tensors = []
        for seat in range(os_game.num_players()):
            public.set_from(state, seat)
            tensors.append(public.tensor.copy())
            own.set_from(state, seat)
            private_somewhere |= bool((own.tensor != public.tensor).any())
        assert all((x == tensors[0]).all() for x in tensors)
        expected = np.zeros(os_game.table.view_size, np.float32)
        os_game.table.view_tensor(game.view(state.engine_state, None), None, expected)
        assert (tensors[0] == expected).all()
        state.apply_action(rng.choice(state.legal_actions()))
    if game.information != "perfect":
        assert private_somewhere


@pytest.mark.parametrize("game_id", FEATURED)
def test_the_hashed_view_stays_on_request(game_id):
    game = games.get(game_id)
    hashed = mos.load(game_id, hashed=True)
    assert hashed.table.features is None and hashed.observation_tensor_size() == hashed.table.obs_size
    assert pyspiel.load_game(str(hashed)).table.features is None
    featured = mos.load(game_id)
    assert featured.observation_tensor_size() == game.features().size(featured.table.players,
                                                                      featured.table.resolved)
    pyspiel.random_sim_test(hashed, num_sims=1, serialize=True, verbose=False)
    e = env(game_id, hashed=True)
    e.reset(seed=1)
    assert e.observe(e.agent_selection)["observation"].shape == (e.table.obs_size,)
    e = env(game_id)
    e.reset(seed=1)
    assert e.observation_space(e.agent_selection)["observation"].shape == (e.table.view_size,)
