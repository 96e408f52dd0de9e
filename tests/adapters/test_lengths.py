"""The declared game length (OpenSpiel's max_game_length) holds against adversarial play, on every game
at every player count, and a game that reaches a cap is ended there with the stated result."""

import pytest

from meeple import games
from meeple.adapters.core import Table, rank_returns
from meeple.adapters.lengths import DEFAULT_CAP, capped_outcome, game_length
from meeple.engine import Game, Rng, resolve_options

from .optional import require

pyspiel = require("pyspiel")
require("pettingzoo")

from meeple.adapters import openspiel as mos  # noqa: E402
from meeple.adapters.pettingzoo import env  # noqa: E402

SEEDS = (0, 1)


def first(game, state, seat, moves, rng):
    return moves[0]


def last(game, state, seat, moves, rng):
    return moves[-1]


def greedy(game, state, seat, moves, rng):
    """The move that leaves the seat furthest ahead right after it (ties: the first)."""
    def lead(move):
        scores, _ = game.scores_after(state, seat, move)
        return scores[seat] - max((s for i, s in enumerate(scores) if i != seat), default=0)
    return max(moves, key=lead)


def random_move(game, state, seat, moves, rng):
    return moves[rng.randrange(len(moves))]


POLICIES = (first, last, greedy, random_move)
TABLES = [(g.id, n) for g in games.all() for n in range(g.min_players, g.max_players + 1)]


def length_of(game, n, seed, policy, limit):
    """Decisions in one game played by `policy` for every seat (lowest seat first), up to `limit` + 1."""
    state, rng = game.setup(n, None, seed), Rng(seed)
    decisions = 0
    while decisions <= limit and (seats := game.to_move(state)):
        seat = min(seats)
        game.apply(state, seat, policy(game, state, seat, game.legal_moves(state, seat), rng))
        decisions += 1
    return decisions, game.is_over(state)


@pytest.mark.parametrize("game_id,players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_adversarial_policies_never_outlast_the_declared_length(game_id, players):
    """First legal move, last, greedy and random, for every seat: each game ends within the
    max_game_length OpenSpiel is told; a proven bound must hold, and a cap must not be met either
    (a cap is set well above any game these policies play)."""
    game = games.get(game_id)
    declared = mos.load(game_id, players=players).max_game_length()
    for policy in POLICIES:
        for seed in SEEDS[:1] if policy is greedy else SEEDS:  # greedy weighs every move: one game
            decisions, over = length_of(game, players, seed, policy, declared)
            assert over and decisions <= declared, \
                f"{policy.__name__} (seed {seed}) plays past the declared length {declared}"


def test_every_game_declares_a_bound_or_a_cap_but_not_both():
    """Each game declares, at every table, a proven bound (`max_game_length`) or a cap (`game_length_cap`):
    none falls back on the adapters' default cap, and none says both."""
    for game in games.all():
        options = resolve_options(game.options, None)
        for n in range(game.min_players, game.max_players + 1):
            declared = (game.max_game_length(n, options), game.game_length_cap(n, options))
            assert [d is None for d in declared].count(True) == 1, (game.id, n, declared)


def test_a_game_that_declares_neither_gets_the_default_cap():
    """Picnic with the engine's default for its bound (None): a new game, a plugin."""
    bare = type("Bare", (type(games.get("picnic")),), {"max_game_length": Game.max_game_length})()
    assert game_length(bare, 2, {}) == (DEFAULT_CAP, False)
    assert game_length(games.get("picnic"), 2, {}) == (2 * 18 * 2, True)  # two decisions for each of 18 tiles a seat


def test_a_bound_is_declared_as_proven_and_a_cap_as_a_cap():
    assert Table("wizard", 3).length_proven
    assert Table("wizard", 3).max_length == sum(1 + 3 + 3 * cards for cards in range(1, 21))
    assert not Table("vent_life", 2).length_proven
    assert not Table("wizard", 3, max_length=100).length_proven  # a cap by hand, below the bound
    assert Table("wizard", 3, max_length=5000).length_proven
    with pytest.raises(Exception, match="max_length"):
        Table("wizard", 3, max_length=-1)


def test_openspiel_ends_a_game_at_its_cap_with_the_scores_ranking_the_seats():
    """A cap given by hand: the state is terminal after that many decisions, its returns rank the
    seats by their scores then, and clones and serialised copies keep the count."""
    os_game = mos.load("picnic", players=3, max_length=20)
    assert os_game.max_game_length() == 20
    state = os_game.new_initial_state()
    state.deal(5)
    for _ in range(19):
        state.apply_action(state.legal_actions()[-1])
    assert not state.is_terminal()
    copy = os_game.deserialize_state(state.serialize())
    for s in (state, copy, state.clone()):
        s.apply_action(s.legal_actions()[0])
        assert s.is_terminal() and s.legal_actions() == []
        scores = games.get("picnic").scores(s.engine_state)
        assert s.returns() == rank_returns(capped_outcome(games.get("picnic"), s.engine_state).ranks)
        best = max(range(3), key=scores.__getitem__)
        assert s.returns()[best] == max(s.returns())


def test_pettingzoo_truncates_a_game_at_its_cap_with_rank_rewards():
    e = env("picnic", players=2, max_length=10)
    e.reset(seed=3)
    steps = 0
    for _agent in e.agent_iter(100):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and info["capped"]
            e.step(None)
            continue
        e.step(e.legal_actions()[0])
        steps += 1
    assert steps == 10
    assert sum(e._cumulative_rewards.values()) == pytest.approx(0.0)


def test_a_solo_game_stopped_at_its_cap_is_lost():
    game = games.get("turing_machine")
    state = game.setup(1, None, 2)
    outcome = capped_outcome(game, state)
    assert outcome.is_solo and list(outcome.ranks) == [2]
    assert Table("turing_machine", 1).returns(state, decisions=10_000) == [-1.0]


def test_capped_tables_pass_openspiel_s_and_pettingzoo_s_own_tests():
    """A game ended at its cap is a well-formed end for both libraries' conformance tests."""
    import warnings

    from pettingzoo.test import api_test

    pyspiel.random_sim_test(mos.load("wizard", max_length=25), num_sims=2, serialize=True, verbose=False)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")  # dict observations with a mask: as for every game
        api_test(env("picnic", players=3, max_length=15), num_cycles=60)
