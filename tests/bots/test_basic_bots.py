"""The random and greedy bots, through the engine contract only."""

import pytest

from meeple import bots, games
from meeple.engine import MeepleError, Rng
from meeple.games.picnic.moves import PLACES

from tests.games.picnic.helpers import position


def test_unknown_bot_is_a_clear_error():
    with pytest.raises(MeepleError, match="Unknown bot 'genius'"):
        bots.get("genius")


@pytest.mark.parametrize("level", ["random", "greedy"])
@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_bots_only_choose_legal_moves(level, game):
    bot = bots.get(level)
    state = game.setup(game.min_players, None, 2)
    rng = Rng(2)
    for _ in range(25):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        move = bot.choose(game, state, seat, rng)
        assert move in game.legal_moves(state, seat)
        state, _ = game.play(state, seat, move)


def test_greedy_takes_the_placement_that_scores_most():
    game = games.get("picnic")
    # a cheese/cracker tile: the cheese between the rim cracker and a centre cracker scores 3
    from meeple.games.picnic.components import TILES
    tile = next(t for t, (a, b) in enumerate(TILES) if a.startswith("cracker") and b.startswith("cheese"))
    state = position([{"rim": ["cracker a0 p0"], "centre": "cracker a0 p0"}, {"rim": []}], hand=f"{tile}a")
    move = bots.get("greedy").choose(game, state, 0, Rng(0))
    assert move == PLACES["rim", True]


def test_greedy_does_not_peek_at_undersides():
    """Two worlds that differ only in hidden undersides get the same greedy choice."""
    game = games.get("picnic")
    state = game.setup(3, None, 9)
    world = game.determinize(state, 0, Rng(77))
    assert game.view(world, 0) == game.view(state, 0)
    bot = bots.get("greedy")
    assert bot.choose(game, state, 0, Rng(5)) == bot.choose(game, world, 0, Rng(5))
