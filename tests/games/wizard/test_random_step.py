"""The fused random_step picks, for every draw, the move legal_moves and advance would play.

tests/engine/test_hot_path.py follows seeded random games; here every draw is tried at hand-built
positions that reach each of the step's paths: following with Wizards and Jesters beside the suit led,
a void shown, a trick after a led Wizard or a led Jester, a trick and a round completed, the dealer's
choice of trump, a prediction barred by plus/minus 1, and a Foresight card played blind.
"""

import pytest

from tests.playouts import counted_draw, every_draw_agrees

from .helpers import GAME, position

THREE = {"round": 5, "trump": "giants", "bids": [1, 2, 0]}
POSITIONS = {
    # Seat 1 follows dwarves: 3D, 9D, then its Wizard and its Jester.
    "follow or a wild card": lambda: position([["1H", "2H", "4H", "5H"], ["3D", "9D", "10G", "W2", "J1"],
                                               ["2E", "6E", "8E", "J2", "13H"]], trick=["7D"], **THREE),
    # Seat 1 holds no dwarves: any card, and a suit card shows the void.
    "void": lambda: position([["1H", "2H", "4H", "5H"], ["3E", "9E", "10G", "W2", "J1"],
                              ["2E", "6E", "8E", "J2", "13H"]], trick=["7D"], **THREE),
    "a Wizard led": lambda: position([["1H", "2H", "4H", "5H"], ["3D", "9D", "10G", "W2", "J1"],
                                      ["2E", "6E", "8E", "J2", "13H"]], trick=["W1"], **THREE),
    # A Jester led: the first card that is not a Jester sets the suit (a Wizard frees it).
    "a Jester led": lambda: position([["1H", "2H", "4H", "5H"], ["J3", "1D", "10G", "W2", "12G"],
                                      ["3D", "9D", "J1", "13H", "5E"]], trick=["J4"], **THREE),
    "a lead": lambda: position([["3D", "9D", "10G", "W2", "J1"], ["1H", "2H", "4H", "5H", "W3"],
                                ["2E", "6E", "8E", "J2", "13H"]], **THREE),
    # Seat 2 completes the trick; the round goes on.
    "a trick taken": lambda: position([["1H", "2H", "4H", "5H"], ["3D", "9D", "10G", "W2"],
                                       ["2E", "6D", "8E", "J2", "13G"]], trick=["7D", "J1"], **THREE),
    # The round's last card: the round is scored and the game (one round) is over.
    "the round's last card": lambda: position([[], [], ["6D"]], round=2, trump="giants", bids=[1, 0, 1],
                                              trick=["7D", "J1"], tricks=[1, 0, 0],
                                              done=[(0, ["W1", "3H", "4H"])]),
    "the dealer chooses trump": lambda: position([["3D"], ["9D"], ["2E"]], round=1, turnup="W4", phase="trump",
                                                 bids=[None] * 3),
    # Plus/minus 1: the dealer (seat 1 in round 3 of 3 players) may not bid 1.
    "a barred prediction": lambda: position([["3D", "9D", "10G"], ["1H", "2H", "4H"], ["2E", "6E", "8E"]],
                                            round=3, turnup="5G", trump="giants", phase="bid", bids=[1, None, 1],
                                            options={"plus_minus_one": True}),
    "a prediction": lambda: position([["3D", "9D", "10G"], ["1H", "2H", "4H"], ["2E", "6E", "8E"]],
                                     round=3, turnup="5G", trump="giants", phase="bid", bids=[None, None, 1]),
    "Foresight": lambda: position([["3D"], ["9D"], ["W1"], []], round=1, turnup="5G", trump="giants",
                                  bids=[0, 0, 1, 0], trick=["7D"], leader=3, options={"foresight": True}),
}


def _kept(state):
    return state.led, list(state.voids), state.movers


@pytest.mark.parametrize("name", POSITIONS)
def test_every_draw_plays_the_move_the_three_calls_play(name):
    every_draw_agrees(GAME, POSITIONS[name], _kept)


def test_the_hand_built_positions_reach_what_they_are_for():
    def after(name, number):
        state = POSITIONS[name]()
        GAME.random_step(state, lambda: number)
        return state

    assert [after("follow or a wild card", k).trick[-1] >> 4 for k in range(4)] == [0, 0, 4, 5]
    assert any(after("void", k).voids[1] for k in range(5)) and not after("void", 3).voids[1]  # W2: no void
    assert {after("a Jester led", k).led for k in range(5)} == {-2, -1, 0, 2}  # another Jester leaves it open
    assert {after("a lead", k).led for k in range(5)} == {-2, -1, 0, 2}
    assert after("a trick taken", 0).done and after("the round's last card", 0).phase == "over"
    assert [after("a barred prediction", k).bids[1] for k in range(3)] == [0, 2, 3]
    assert after("the dealer chooses trump", 2).trump == 2


def test_a_step_once_the_game_is_over_draws_nothing():
    state = POSITIONS["the round's last card"]()
    GAME.random_step(state, lambda: 0)
    draw, drawn = counted_draw(0)
    assert GAME.random_step(state, draw) == -1 and drawn == [0]
