"""Random games for the tests: every position along one, and a few picked evenly (meeple.testing.playouts),
and the texts a player reads along one."""

from meeple.engine import Rng
from meeple.testing.playouts import spread, walk

__all__ = ["spread", "texts_along", "walk"]


def texts_along(game, n, seed, options=None):
    """Every log line, and every prompt to the seat to move, along one random game (the lowest seat
    acts first): what a player reads, for the wording tests."""
    state, rng = game.setup(n, options, seed), Rng(seed)
    while seats := sorted(game.to_move(state)):
        seat = seats[0]
        yield game.prompt(state, seat)
        moves = game.legal_moves(state, seat)
        for entry in game.apply(state, seat, moves[rng.next_u64() % len(moves)]):
            yield entry.text


def counted_draw(number):
    """A draw that always gives `number`, and the list whose one entry counts the calls."""
    drawn = [0]

    def draw():
        drawn[0] += 1
        return number
    return draw, drawn


def every_draw_agrees(game, make, kept=lambda state: ()):
    """At the position `make()` builds, a game's fused random_step plays, for every pick of its legal
    moves (and draws past their count, and the largest), what the base class's three calls play: the
    same seat, one draw, the same JSON and the same fields kept out of it (`kept(state)`)."""
    from meeple.engine import Game

    seat = game.actor(make())
    options = len(game.legal_moves(make(), seat))
    for number in (*range(options), options + 3, 2 * options + 1, (1 << 64) - 1):
        fused, plain = make(), make()
        draw, drawn = counted_draw(number)
        assert game.random_step(fused, draw) == Game.random_step(game, plain, counted_draw(number)[0]) == seat
        assert drawn == [1], number
        assert game.dumps(fused) == game.dumps(plain), number
        assert kept(fused) == kept(plain), number
