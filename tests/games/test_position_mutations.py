"""Positions no game can reach are refused in words, or they play on to an outcome.

For every registered game, positions along seeded random games are written out,
one number or list field is changed (a number moved by one, zeroed or made large;
a list shortened, emptied or given a repeated element), and the result is loaded.
Whatever the loader accepts must then play on: random moves, each seat to move
always having one, up to an outcome within a bound. Whatever it refuses must be
refused with PositionError (from_json's one error), never a crash.
"""

from __future__ import annotations

import json
import traceback

import pytest

from meeple import games
from meeple.engine import PositionError, Rng
from tests.playouts import spread, walk

#: The shipped games (the tests' toy games, registered beside them, are left out).
GAMES = [game for game in games.all() if type(game).__module__.startswith("meeple.games.")]
MUTATIONS_PER_GAME = 300
#: A game played on from a loaded position ends within this many moves, or it is stuck in a loop.
MOVE_BOUND = 5_000
UNTOUCHED = {"game", "version"}


def fields(data, path=()):
    """Every (path, value) of a number or list inside a position, nested ones included."""
    if isinstance(data, dict):
        items = [(key, value) for key, value in data.items() if not (path == () and key in UNTOUCHED)]
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        return
    for key, value in items:
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int | float | list):
            yield path + (key,), value
        if isinstance(value, dict | list):
            yield from fields(value, path + (key,))


def mutated(value, rng: Rng):
    """`value` changed in one of the ways a hand-written or corrupted position differs from a real one."""
    if isinstance(value, list):
        choice = rng.next_u64() % 4
        if choice == 0 or not value:
            return []
        i = rng.next_u64() % len(value)
        if choice == 1:
            return value[:i] + value[i + 1:]
        if choice == 2:
            return value + [value[i]]
        return value[:i] + [value[i]] + value[i:]
    return rng.choice([value + 1, value - 1, 0, value * 2 + 5, -value - 1])


def with_change(data, path, new):
    copy = json.loads(json.dumps(data))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return copy


def plays_on(game, state, rng: Rng) -> None:
    game.to_json(state)
    game.view(state, None)
    for _ in range(MOVE_BOUND):
        if game.is_over(state):
            assert game.outcome(state) is not None, "the game is over with no outcome"
            return
        seat = rng.choice(sorted(game.to_move(state)))
        moves = game.legal_moves(state, seat)
        assert moves, f"seat {seat} is to move with no legal move"
        game.apply(state, seat, rng.choice(moves))
    raise AssertionError(f"no outcome after {MOVE_BOUND} moves")


def sample_positions(game):
    """Positions along seeded random games at each player count, with the table they belong to."""
    found = []
    for n in range(game.min_players, game.max_players + 1):
        found += spread(walk(game, n, seed=37 + n), 12)
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_mutated_positions_are_refused_or_play_on(game):
    rng = Rng(37)
    positions = [game.to_json(state) for state in sample_positions(game)]
    failures = []
    for i in range(MUTATIONS_PER_GAME):
        data = positions[i % len(positions)]
        candidates = list(fields(data))
        path, value = candidates[rng.next_u64() % len(candidates)]
        bad = with_change(data, path, mutated(value, rng))
        try:
            state = game.from_json(bad)
        except PositionError:
            continue
        except Exception as exc:  # noqa: BLE001 - the loader's one error is PositionError
            failures.append(f"{'/'.join(map(str, path))}: the loader raised {type(exc).__name__}: {exc}")
            continue
        try:
            plays_on(game, state, Rng(i))
        except Exception as exc:  # noqa: BLE001 - every failure is collected and reported together
            failures.append(f"{'/'.join(map(str, path))}: {value!r} -> {json.dumps(bad_value(bad, path))}: "
                            f"{type(exc).__name__}: {exc} ({where(exc)})")
    assert not failures, f"{len(failures)} loaded positions did not play on:\n" + "\n".join(failures[:20])


def bad_value(data, path):
    for key in path:
        data = data[key]
    return data


def where(exc: BaseException) -> str:
    """The file and line an error came from, to point at the check that is missing."""
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{frame.filename.rpartition('/src/')[2]}:{frame.lineno}"
