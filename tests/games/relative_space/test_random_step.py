"""The fused random_step picks, for every draw, the move legal_moves and advance would play.

tests/engine/test_hot_path.py follows seeded random games, where a Keycard is open to play on few
moves and two at once almost never; here every draw is tried at hand-built positions that reach each
of the step's paths: two face-up Keycards and a face-down one beside three pods, a pod just opened,
a Last Call's stuffing, jams, launches and a win.
"""

import pytest

from meeple.games.relative_space import GAME
from tests.playouts import counted_draw, every_draw_agrees

from .helpers import position, stash

OTHER = stash(("1", "1", "1"), ("2", "2", "2", "2"), ("?3", "?3", "?3", "?3", "?3"))

POSITIONS = {
    # The Keycards in T1 and T3 may open a pod (listed after the 12 plays); the one in B1 is face down.
    "two keycards": lambda: position([stash(("KEY", "3", "KEY"), ("4", None, None, "9"), ("?KEY", "?5")), OTHER],
                                     pods=[(1, 6, ("6",)), (2, 0, ()), (3, 2, ("ZERO", "2"))]),
    "keycards and four pods": lambda: position([stash(("KEY", "3", "KEY"), ("4",)), OTHER],
                                               pods=[(1, 8, ("8",)), (2, 8, ("8",)), (3, 8, ("8",)), (4, 0, ())]),
    "pod just opened": lambda: position([stash((None, "3", "LAST"), ("4", "1")), OTHER],
                                        pods=[(1, 9, ("9",)), (2, 0, ())], phase="open", pod_for=2,
                                        discard=("KEY",)),
    "last call": lambda: position([stash(("ZERO", "LAUNCH"), ("1", "?KEY"), ("?7",)), OTHER],
                                  pods=[(1, 9, ("9", "LAST")), (2, 4, ("4",))], phase="stuff", pod_for=1),
    "specials and jams": lambda: position([stash(("LAST", "ZERO", "2"), ("LAUNCH", "10")), OTHER],
                                          pods=[(1, 5, ("4", "5")), (2, 0, ())], turn=0, start_empty=["B1", "B2"]),
    "the last card": lambda: position([OTHER, stash((), (), ("?7",))], pods=[(1, 9, ("9",)), (2, 3, ("3",))],
                                      turn=1),
    "the last turn": lambda: position([stash(("7", "1")), OTHER], pods=[(1, 5, ("5",))], turns=399),
}


def _kept(state):
    return state.pods, list(state.keys), state.turn, state.phase, state.pod_for


@pytest.mark.parametrize("name", POSITIONS)
def test_every_draw_plays_the_move_the_three_calls_play(name):
    every_draw_agrees(GAME, POSITIONS[name], _kept)


def test_the_hand_built_positions_reach_every_path():
    # What the positions above are for: a Keycard opening, a stuff, a jam, a launch, a win, the turn limit.
    seen = set()
    for make in POSITIONS.values():
        seat = GAME.actor(make())
        for move in GAME.legal_moves(make(), seat):
            log = " ".join(e.text for e in GAME.apply(make(), seat, move))
            seen |= {word for word in ("to open pod", "stuffs", "JAM!", "LAUNCH!", "escapes", "air runs out")
                     if word in log}
    assert seen == {"to open pod", "stuffs", "JAM!", "LAUNCH!", "escapes", "air runs out"}


def test_a_step_once_the_game_is_over_draws_nothing():
    state = POSITIONS["the last card"]()
    GAME.advance(state, 1, GAME.legal_moves(state, 1)[1])  # the 7 onto pod 2, at 3: the stash is empty
    draw, drawn = counted_draw(0)
    assert GAME.random_step(state, draw) == -1 and drawn == [0]
