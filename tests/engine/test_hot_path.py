"""The hot path a game may offer playouts (`Game.actor`, `Game.advance`) keeps the full contract's games.

Every registered game, at its smallest and largest table: along random games the seat `actor` names is
the lowest of `to_move` (-1 once over), and `advance` leaves the very position `apply` leaves (compared
as the whole position's JSON, hidden parts and the generator included). The random playout driven
through the hot path plays the same moves as one through `to_move` and `apply`. A game's own fused
`random_step` plays what the base class's (actor, legal_moves, advance) plays, with the same draws.
"""

import pytest

from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Game, Rng
from meeple.engine.game import hot_calls, random_step_of
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


# At every table (each option's other values, one at a time: Wizard's hidden predictions log differently,
# Ninety-Nine's trump rules deal differently) the conformance check's `hot_path` plays the same comparison,
# two random games a table, for every game with a hot path (tests/testing/test_conformance.py): it is not
# played a third time here.


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


FUSED = [g for g in games.ids() if random_step_of(games.get(g)) is not None]


def test_a_fused_step_is_found_where_a_game_has_one():
    assert "ninety_nine" in FUSED  # the contract test below checks something
    assert random_step_of(_Recording(games.get("ninety_nine"), [])) is None  # a wrapper keeps the three calls


def _counted(rng):
    """`rng.next_u64` that also counts its draws."""
    count = [0]

    def draw():
        count[0] += 1
        return rng.next_u64()
    return draw, count


def _fields(state) -> dict:
    """Every field of a position but its generators (its JSON has those), the ones kept out of the JSON
    (Ninety-Nine's voids and movers) included."""
    names = {n for c in type(state).__mro__ for n in getattr(c, "__slots__", ())} | set(getattr(state, "__dict__", ()))
    return {n: v for n in sorted(names) if not isinstance(v := getattr(state, n, None), Rng)}


@pytest.mark.parametrize("game_id", FUSED)
def test_a_fused_random_step_plays_what_the_three_calls_play(game_id):
    # A seeded game at every table (each option's other values, one at a time; another seed at each): after
    # every step the seat that moved, the draws made and the whole position (JSON and the fields kept out of
    # it) are those of the base class's step. (The conformance check's `hot_path` plays two more games a
    # table, comparing the JSON and the draws.)
    game = games.get(game_id)
    for seed, (n, options) in enumerate(tables(game)):
        fused, plain = game.setup(n, options, seed), game.setup(n, options, seed)
        fused_draw, fused_count = _counted(Rng(100 + seed))
        plain_draw, plain_count = _counted(Rng(100 + seed))
        steps = 0
        while True:
            seat = game.random_step(fused, fused_draw)
            assert seat == Game.random_step(game, plain, plain_draw), (n, options, seed, steps)
            assert fused_count == plain_count, (n, options, seed, steps)
            assert game.dumps(fused) == game.dumps(plain), (n, options, seed, steps)
            assert _fields(fused) == _fields(plain), (n, options, seed, steps)
            if seat < 0:
                break
            steps += 1
        assert steps > 0 and fused_count[0] == steps
