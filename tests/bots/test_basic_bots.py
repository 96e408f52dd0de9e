"""The random and greedy bots, through the engine contract only."""

import pytest

from meeple import bots, games
from meeple.engine import MeepleError, OptionError, Rng, same_move
from meeple.games.picnic.moves import PLACES
from tests.games.picnic.helpers import position
from tests.playouts import spread, walk

GAMES = games.all()


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


# ----- blind to what the seat does not see -----------------------------------------------------------
#
# A bot may know only what its seat sees. Each check below takes a position of a random game and a
# second world the seat cannot tell from it (`determinize`: everything the seat has not seen dealt
# again), and asks for the same answer in both.

def player_counts(game):
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


def tables(game):
    """The options of the tables to try: the defaults, and each choice or switch set otherwise, one at a time."""
    found = [{}]
    for opt in game.options:
        values = opt.choices if opt.kind == "choice" else (not opt.default,) if opt.kind == "bool" else ()
        found += [{opt.name: v} for v in values if v != opt.default]
    return found


def positions(game, n, options, seed, count):
    """About `count` positions spread along one random game (the end left out), or none when the
    table does not exist. A game too short for `count` (Kuhn poker: two or three moves) adds the
    positions of further games, up to ten."""
    found: list = []
    for extra in range(10):
        try:
            trail = walk(game, n, seed + 1000 * extra, options=options)
        except OptionError:
            return []
        found += spread(trail[:-1], count)
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_heuristic_reads_only_what_its_seat_sees(game):
    """The contract: `heuristic(state, seat)` depends on the seat's view alone."""
    checked = 0
    for n in player_counts(game):
        for options in tables(game):
            for i, state in enumerate(positions(game, n, options, seed=n + 3, count=12)):
                for seat in range(n):
                    world = game.determinize(state, seat, Rng(100 * i + seat))
                    assert game.heuristic(world, seat) == game.heuristic(state, seat), (
                        f"{game.id}, {n} players, {options}: the heuristic of seat {seat} differs between "
                        f"two worlds it cannot tell apart")
                    checked += 1
    assert checked >= 12


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_resampling_depends_only_on_what_the_seat_sees(game):
    """What the greedy check below relies on: from either of two worlds a seat cannot tell apart,
    `determinize` with one seed deals the same world (the unseen things are sorted before they are
    shuffled, never taken in the order they really lie)."""
    for n in player_counts(game):
        for i, state in enumerate(positions(game, n, None, seed=n, count=10)):
            for seat in sorted(game.to_move(state)):
                world = game.determinize(state, seat, Rng(i))
                again = [game.to_json(game.determinize(w, seat, Rng(50 + i))) for w in (state, world)]
                assert again[0] == again[1], f"{game.id}, {n} players: seat {seat}'s resample depends on the truth"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_greedy_chooses_alike_in_worlds_its_seat_cannot_tell_apart(game):
    """Greedy scores a move on the seat's score sheet and the game's `heuristic`, and values a move
    that reveals something over resampled worlds: none of it may read what the seat does not see."""
    bot = bots.get("greedy")
    checked = 0
    for n in player_counts(game):
        for options in tables(game)[:3]:
            for i, state in enumerate(positions(game, n, options, seed=n + 11, count=5)):
                for seat in sorted(game.to_move(state)):
                    if len(game.legal_moves(state, seat)) < 2:
                        continue
                    world = game.determinize(state, seat, Rng(7 * i + seat))
                    mine, other = (bot.choose(game, w, seat, Rng(i + 1)) for w in (state, world))
                    assert same_move(mine, other), (
                        f"{game.id}, {n} players, {options}: greedy for seat {seat} chose "
                        f"{game.move_text(mine)} in the real position and {game.move_text(other)} in a world "
                        f"that looks the same to it")
                    checked += 1
    assert checked >= 5
