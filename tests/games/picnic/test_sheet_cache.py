"""Picnic keeps its score sheets and the view's plates while the plates stand (`PicnicState.sheets` and
`plate_views`), and copies share them: a state and each of its copies must show their own positions,
whichever of them is asked first and whatever the others did since."""

import json

import pytest

from meeple.engine import Rng

from .helpers import GAME


def shown(state, viewer=None):
    """The sheets and the view as a viewer is sent them."""
    return json.dumps([s.to_json() for s in GAME.score_sheet(state, viewer)]) + json.dumps(GAME.view(state, viewer))


def fresh(state):
    """The same position read back from its JSON: nothing kept."""
    return GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))


def placing(n, seed, observed):
    """A game played until a seat holds a tile that has at least two placements; the sheets and view
    asked for along the way where `observed`."""
    state = GAME.setup(n, None, seed)
    rng = Rng(seed)
    while True:
        seat = min(GAME.to_move(state))
        moves = GAME.legal_moves(state, seat)
        if state.turns >= 3 * n and state.hand >= 0 and len(moves) >= 2:
            return state, seat, moves
        if observed:
            shown(state)
        GAME.apply(state, seat, rng.choice(moves))


@pytest.mark.parametrize("observed", [True, False], ids=["parent-observed", "parent-not-observed"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_sibling_copies_made_before_either_is_observed_show_their_own_plates(n, observed):
    for seed in range(8):
        parent, seat, moves = placing(n, seed, observed)
        before = shown(fresh(parent))
        first, second = parent.copy(), parent.copy()
        GAME.apply(first, seat, moves[0])
        GAME.apply(second, seat, moves[1])
        # the second sibling asked first, then the first, then the parent they came from
        assert shown(second) == shown(fresh(second))
        assert shown(first) == shown(fresh(first))
        assert shown(first) != shown(second)  # two placements of one tile: another plate
        assert shown(parent) == before
        # a copy of a copy, placed on after its parent was shown
        grandchild = first.copy()
        mover = min(GAME.to_move(first))
        GAME.apply(first, mover, GAME.legal_moves(first, mover)[0])
        assert shown(grandchild) == shown(fresh(grandchild))
        assert shown(first) == shown(fresh(first))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sheets_after_in_place_moves_and_of_copies_asked_late_are_their_positions(n):
    """The hall applies moves in place and asks once per change; copies (a seat's pending turn) are
    asked later, after the original moved on."""
    for seed in range(4):
        state = GAME.setup(n, None, seed)
        rng = Rng(seed + 5)
        copies = []
        while not GAME.is_over(state):
            for viewer in (None, *range(n)):
                assert shown(state, viewer) == shown(fresh(state), viewer)
            copies.append((state.copy(), shown(fresh(state))))
            seat = min(GAME.to_move(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert shown(state) == shown(fresh(state))
        for copy, expected in copies:
            assert shown(copy) == expected
