"""Copies of a position: what a copy shares with its original, and siblings (two copies of one parent,
each moved differently) that never see each other's moves."""

import json

from meeple.engine import Rng

from .helpers import GAME

# The lists a copy shares (moves replace them, or whoever changes them first copies them: own_layout,
# own_spots, own_free), and those it has its own copy of.
SHARED = ("species", "tiles", "field", "rank", "mask", "builds", "spots", "places", "tile_moves", "unsettled",
          "empties", "plateaus", "free", "cover")
OWN = ("creatures", "supply", "hands", "bag", "placed", "pending", "draft", "drafted", "running")


def midgame(seed=3, moves=60):
    """A 3-player position with the tile spots and free lists made, where seat to move is to place a tile."""
    state, rng = GAME.setup(3, {"setup": "choose", "species": ["worms", "snails", "fish", "crabs"]}, seed), Rng(seed)
    for _ in range(moves):
        seat = min(GAME.to_move(state))
        options = GAME.legal_moves(state, seat)
        GAME.apply(state, seat, options[rng.next_u64() % len(options)])
    while state.stage != "tile":
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    GAME.legal_moves(state, state.turn)  # the tile spots settled
    assert state.free is not None and state.places
    return state


def a_turn(state, pick):
    """The seat to move plays its turn, taking the move `pick` chooses each time; returns (seat, move, the
    legal moves) of each move."""
    seat, played = state.turn, []
    while state.turn == seat and state.stage != "over":
        mover = min(GAME.to_move(state))
        options = GAME.legal_moves(state, mover)
        move = pick(options)
        GAME.apply(state, mover, move)
        played.append((mover, move, options))
    return played


def same_as_alone(state, data, played):
    """`state` is what the position `data`, read afresh (sharing nothing), becomes with the moves `played`,
    each legal move offered along the way the same."""
    alone = GAME.from_json(json.loads(data))
    for seat, move, options in played:
        assert GAME.legal_moves(alone, seat) == options
        GAME.apply(alone, seat, move)
    assert GAME.to_json(state) == GAME.to_json(alone)
    assert GAME.scores(state) == GAME.scores(alone)


def test_a_copy_shares_exactly_the_lists_it_should():
    state = midgame()
    copy = GAME.clone(state)
    for name in SHARED:
        assert getattr(copy, name) is getattr(state, name), name
    for name in OWN:
        assert getattr(copy, name) is not getattr(state, name), name
    assert not any(a is b for a, b in zip(copy.supply, state.supply))  # each seat's row too
    assert copy.rng is not state.rng
    assert copy.plateaus is not None and copy.empties is not None  # made on the original, for copies to share


def test_siblings_never_see_each_others_moves():
    parent = midgame()
    data = json.dumps(GAME.to_json(parent))
    first, second = GAME.clone(parent), GAME.clone(parent)
    # The parent moves first (a copy leaves it sharing too), then each sibling its own way, two turns each.
    parent_moves = a_turn(parent, lambda options: options[len(options) // 2])
    parent_moves += a_turn(parent, lambda options: options[len(options) // 2])
    first_moves = a_turn(first, lambda options: options[0]) + a_turn(first, lambda options: options[0])
    second_moves = a_turn(second, lambda options: options[-1]) + a_turn(second, lambda options: options[-1])
    assert first_moves != second_moves
    for state, played in ((parent, parent_moves), (first, first_moves), (second, second_moves)):
        same_as_alone(state, data, played)
