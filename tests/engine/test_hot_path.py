"""The hot path a game may offer playouts (`Game.actor`, `Game.advance`) keeps the full contract's games.

Every registered game, at its smallest and largest table: along random games the seat `actor` names is
the lowest of `to_move` (-1 once over), and `advance` leaves the very position `apply` leaves (compared
as the whole position's JSON, hidden parts and the generator included). The random playout driven
through the hot path plays the same moves as one through `to_move` and `apply`.
"""

import pytest

from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Game, Rng
from meeple.engine.game import hot_calls
from tests.tables import one_at_a_time as tables


def _tables(game):
    return sorted({game.min_players, game.max_players})


def _agree_along_a_game(game, n, options, rng):
    state = game.setup(n, options, n)
    steps = 0
    while True:
        seats = game.to_move(state)
        assert game.actor(state) == (min(seats) if seats else -1), (n, options, steps)
        if not seats:
            return
        seat = min(seats)
        moves = game.legal_moves(state, seat)
        move = moves[rng.next_u64() % len(moves)]
        quiet = game.clone(state)
        log = game.apply(state, seat, move)
        assert isinstance(log, list)
        assert game.advance(quiet, seat, move) is None
        assert game.dumps(quiet) == game.dumps(state), (n, options, steps, move)
        steps += 1


@pytest.mark.parametrize("game_id", games.ids())
def test_actor_and_advance_agree_with_to_move_and_apply(game_id):
    game = games.get(game_id)
    rng = Rng(5)
    for n in _tables(game):
        _agree_along_a_game(game, n, None, rng)


@pytest.mark.parametrize("game_id", [g for g in games.ids() if hot_calls(games.get(g))[0] is not None])
def test_a_game_with_a_hot_path_keeps_it_at_every_table(game_id):
    # Its options change what advance must do (Wizard's hidden predictions log differently, Ninety-Nine's
    # trump rules deal differently): every other value of each option, one at a time.
    game = games.get(game_id)
    rng = Rng(6)
    for n, options in tables(game):
        _agree_along_a_game(game, n, options, rng)


class _Recording(Game):
    """A game seen only through the full contract: the driver's reference."""

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    def to_move(self, state):
        return self.inner.to_move(state)

    def legal_moves(self, state, seat):
        return self.inner.legal_moves(state, seat)

    def apply(self, state, seat, move):
        self.seen.append((seat, move))
        return self.inner.apply(state, seat, move)

    new_state = view = score_sheet = outcome = to_json = load_position = determinize = None  # type: ignore


@pytest.mark.parametrize("game_id", games.ids())
def test_the_playout_through_the_hot_path_plays_the_same_moves(game_id):
    game = games.get(game_id)
    n = game.max_players
    seen: list = []
    reference = _Recording(game, seen)
    assert hot_calls(reference)[0] is None  # the set-based loop
    moves = random_playout(reference, game.setup(n, None, 3), Rng(9))
    state = game.setup(n, None, 3)
    assert random_playout(game, state, Rng(9)) == moves == len(seen)
    again = game.setup(n, None, 3)
    for seat, move in seen:
        game.apply(again, seat, move)
    assert game.dumps(again) == game.dumps(state)
