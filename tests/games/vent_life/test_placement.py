"""Where tiles may go: the seafloor, plateaus, overhangs, levels and rotations."""

import pytest

from meeple.engine import IllegalMove

from .helpers import GAME, PLATEAU, SEAFLOOR, c, play, position, texts


def test_first_tile_goes_in_the_middle_any_turn():
    state = GAME.setup(2, None, 1)
    assert texts(GAME.legal_moves(state, 0)) == ["tile 0,0"]
    state, _ = play(state, "tile 0,0")
    assert texts(GAME.legal_moves(state, 0)) == [f"turn {t}" for t in range(6)]
    with pytest.raises(IllegalMove, match="middle"):
        GAME.play(GAME.setup(2, None, 1), 0, GAME.parse_move("tile 3,3"))


def test_seafloor_tile_must_touch_the_field_along_an_edge():
    state = position(SEAFLOOR[:1])
    spots = {GAME.move_text(m) for m in GAME.legal_moves(state, 0)}
    # Next to the first tile (hex -1,0 touches the smoker) and two steps out (its triangle touches).
    assert "tile -1,0" in spots and "tile -2,0" in spots
    # Three steps away no triangle can reach the field.
    assert "tile -3,0" not in spots
    with pytest.raises(IllegalMove, match="touch the field"):
        GAME.play(state, 0, GAME.parse_move("tile -3,0"))
    # Hex -2,0: only the turns whose triangle reaches a hex next to the field.
    state, _ = play(state, "tile -2,0")
    assert texts(GAME.legal_moves(state, 0)) == ["turn 0", "turn 5"]
    with pytest.raises(IllegalMove, match="touch the field"):
        GAME.play(state, 0, GAME.parse_move("turn 2"))


def test_seafloor_tile_cannot_overlap_built_hexes():
    state = position(SEAFLOOR[:1])
    state, _ = play(state, "tile -1,0")
    # Turn 0 would put its first lower hex on the smoker at 0,0.
    assert "turn 0" not in texts(GAME.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="already built"):
        GAME.play(state, 0, GAME.parse_move("turn 0"))


def test_building_up_smoker_on_smoker_one_level_two_tiles():
    state = position(SEAFLOOR)
    # Smoker 0,0: turn 3 covers T0's smoker and T1's smoker and Basalt: legal.
    state, _ = play(state, "tile 0,0")
    assert "turn 3" in texts(GAME.legal_moves(state, 0))
    after, _ = play(state, "turn 3")
    assert [after.field[c(q, r)][0] for q, r in ((0, 0), (-1, 0), (-1, 1))] == [2, 2, 2]


def test_building_up_on_a_single_tile_is_not_allowed():
    state = position(SEAFLOOR)
    state, _ = play(state, "tile 0,0")
    # Turn 0 lies exactly on T0 (smoker 0,0, Basalt 1,0, Diffuse 1,-1): covers one tile only.
    assert "turn 0" not in texts(GAME.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="two different tiles"):
        GAME.play(state, 0, GAME.parse_move("turn 0"))


def test_building_up_cannot_overhang():
    state = position(SEAFLOOR)
    state, _ = play(state, "tile 0,0")
    # Turn 1: Diffuse 1,-1 is built but 0,-1 is open sea: an overhang.
    with pytest.raises(IllegalMove, match="overhang"):
        GAME.play(state, 0, GAME.parse_move("turn 1"))


def test_building_up_needs_one_level_beneath():
    # After P1 and P2 the smoker 2,-1 is at level 2; turn 4 would rest on 1,0 (level 2)
    # and 2,0 (level 1).
    state = position(PLATEAU)
    with pytest.raises(IllegalMove, match="different levels"):
        GAME.play(state, 0, GAME.parse_move("tile 2,-1"))
    from meeple.games.vent_life.field import tile_problem
    assert "different levels" in tile_problem(state.field, c(2, -1), 4)


def test_building_up_only_on_a_black_smoker():
    state = position(SEAFLOOR)
    with pytest.raises(IllegalMove, match="Black Smoker"):
        GAME.play(state, 0, GAME.parse_move("tile 1,0"))


def test_third_level_on_the_plateau():
    state = position(PLATEAU)
    state, _ = play(state, "tile 0,0")
    assert "turn 0" in texts(GAME.legal_moves(state, 0))
    state, log = play(state, "turn 0")
    assert state.field[c(0, 0)][0] == 3 and state.field[c(1, -1)][0] == 3
    assert "level 3" in log[0].text


def test_turns_place_the_lower_hexes_clockwise_after_the_smoker():
    from meeple.games.vent_life.components import BASALT, DIFFUSE, SMOKER
    state = GAME.setup(2, None, 0)
    state.hands[0] = "BD"
    state, _ = play(state, "tile 0,0", "turn 2")
    # Turn 2: first lower hex north-west (0,-1), second west (-1,0).
    assert state.field[c(0, 0)][1] == SMOKER
    assert state.field[c(0, -1)][1] == BASALT
    assert state.field[c(-1, 0)][1] == DIFFUSE


def test_tile_spots_agree_with_the_turn_check_everywhere_near_the_field():
    from meeple.games.vent_life.field import tile_spots, tile_turns
    state = position(PLATEAU)
    spots = set(tile_spots(state))
    for q in range(-6, 7):
        for r in range(-6, 7):
            assert (c(q, r) in spots) == bool(tile_turns(state.field, c(q, r))), (q, r)
