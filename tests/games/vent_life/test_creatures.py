"""Placing creatures and moving covered ones, species by species."""

import pytest

from meeple.engine import IllegalMove

from .helpers import GAME, PLATEAU, SEAFLOOR, c, creature, play, position, texts

ALL7 = ("worms", "snails", "shrimp", "fish", "crabs", "octopus", "sponges")


def spots(state, species):
    """The hexes where the player to move may put the first creature of a species."""
    state, _ = play(state, species)
    return sorted(m.at for m in GAME.legal_moves(state, state.turn))


def hexes(*qr):
    return sorted(c(q, r) for q, r in qr)


# ----- placing -------------------------------------------------------------------

def test_worms_only_on_smokers_and_two_on_a_seafloor_smoker():
    state = position(SEAFLOOR, stage="species")
    assert spots(state, "worms") == hexes((0, 0), (-1, 0), (2, 0), (1, 1), (2, -1))
    state, _ = play(state, "worms", "put 0,0")
    assert texts(GAME.legal_moves(state, 0)) == ["end", "put 0,0"]
    state, _ = play(state, "put 0,0")
    assert state.creatures[c(0, 0)] == (0, 0, 2)
    assert texts(GAME.legal_moves(state, 0)) == ["end"]


def test_only_one_worm_on_a_raised_smoker():
    state = position(PLATEAU, stage="species")
    state, _ = play(state, "worms", "put 0,0")
    assert texts(GAME.legal_moves(state, 0)) == ["end"]


def test_one_to_three_snails_on_connected_basalt():
    state = position(SEAFLOOR, stage="species")
    assert spots(state, "snails") == hexes((1, 0), (-1, 1), (0, 2), (1, 2), (3, -2), (2, -2))
    state, _ = play(state, "snails", "put 1,2")
    assert texts(GAME.legal_moves(state, 0)) == ["end", "put 0,2"]
    state, _ = play(state, "put 0,2")
    assert texts(GAME.legal_moves(state, 0)) == ["end"]
    with pytest.raises(IllegalMove, match="connected"):
        GAME.play(state, 0, GAME.parse_move("put 3,-2"))


def test_three_snails_at_most():
    tiles = SEAFLOOR + [{"at": [4, -3], "turn": 2, "tile": "BB"}]  # Basalt 4,-4 and 3,-3, next to T4
    state = position(tiles, stage="species")
    state, _ = play(state, "snails", "put 3,-2", "put 2,-2")
    assert "put 3,-3" in texts(GAME.legal_moves(state, 0))
    state, _ = play(state, "put 3,-3")
    assert texts(GAME.legal_moves(state, 0)) == ["end"]


def test_shrimp_anywhere_but_basalt():
    state = position(SEAFLOOR, stage="species")
    basalt = set(hexes((1, 0), (-1, 1), (0, 2), (1, 2), (3, -2), (2, -2)))
    assert set(spots(state, "shrimp")) == set(state.field) - basalt


def test_fish_on_the_seafloor_or_next_to_own_fish_never_a_smoker():
    creatures = [creature(1, -1, 0, "fish")]
    state = position(PLATEAU, creatures, species=("fish", "snails", "shrimp", "crabs"), stage="species")
    got = set(spots(state, "fish"))
    assert c(1, 0) in got          # level 2, next to seat 1's own fish
    assert c(-1, 0) not in got     # level 2, no fish of theirs nearby
    assert c(2, 1) in got          # seafloor Diffuse
    assert c(2, 0) not in got      # a smoker
    other = position(PLATEAU, creatures, species=("fish", "snails", "shrimp", "crabs"), stage="species",
                     turn=1, hands=["DD", None])
    assert c(1, 0) not in set(spots(other, "fish"))  # not next to seat 2's fish


def test_crabs_above_the_seafloor_only():
    state = position(PLATEAU, stage="species")
    assert spots(state, "crabs") == hexes((0, 0), (-1, 0), (-1, 1), (2, -1), (1, -1), (1, 0))


def test_octopus_on_edge_hexes_only():
    state = position(PLATEAU, stage="species", species=("octopus", "snails", "shrimp", "crabs"))
    from meeple.games.vent_life.components import DELTAS
    edge = sorted(h for h in state.field if any(h + d not in state.field for d in DELTAS))
    assert spots(state, "octopus") == edge
    # Hex 1,0 is surrounded by tiles on all six sides except the hole at 0,1.
    assert c(1, 0) in edge


def test_sponges_anywhere():
    state = position(PLATEAU, [creature(0, 0, 1, "sponges")],
                     species=("sponges", "snails", "shrimp", "crabs"), stage="species")
    assert set(spots(state, "sponges")) == set(state.field) - {c(0, 0)}


def test_you_must_place_if_you_can():
    state = position(SEAFLOOR, stage="species")
    assert "end" not in texts(GAME.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="must place"):
        GAME.play(state, 0, GAME.parse_move("end"))
    # Crabs cannot go anywhere on a flat field, so they are not offered.
    assert "crabs" not in texts(GAME.legal_moves(state, 0))


def test_skip_only_when_nothing_can_be_placed():
    # Crabs need a hex above the seafloor; with the other supplies used up nothing can be placed.
    state = position(SEAFLOOR, stage="species")
    for sp in (0, 1, 2):  # worms, snails, shrimp
        state.supply[0][sp] = 0
    assert texts(GAME.legal_moves(state, 0)) == ["end"]
    assert "end your turn" in GAME.prompt(state, 0)
    state, _ = play(state, "end")
    assert state.turn == 1 and state.stage == "tile"


def test_creatures_go_on_empty_hexes():
    state = position(SEAFLOOR, [creature(2, 1, 1, "shrimp")], stage="species")
    assert c(2, 1) not in spots(state, "shrimp")
    state, _ = play(state, "shrimp")
    with pytest.raises(IllegalMove, match="taken"):
        GAME.play(state, 0, GAME.parse_move("put 2,1"))


# ----- covering ------------------------------------------------------------------

def test_worms_climb_a_stacked_smoker_and_others_go_back():
    creatures = [creature(2, 0, 1, "worms", 2), creature(1, 1, 1, "worms")]
    state = position(SEAFLOOR, creatures)
    state, log = play(state, "tile 2,0", "turn 3")
    assert state.creatures[c(2, 0)] == (1, 0, 2)
    assert c(1, 1) not in state.creatures
    assert state.supply[1][0] == 6 - 2
    assert any("climb" in e.text for e in log) and any("back to supply" in e.text for e in log)


def test_sponges_always_go_back_to_supply():
    state = position(SEAFLOOR, [creature(1, 0, 1, "sponges")], species=("sponges", "snails", "shrimp", "crabs"))
    state, _ = play(state, "tile 2,0", "turn 3")
    assert c(1, 0) not in state.creatures and state.supply[1][6] == 6
    assert state.stage == "species"


def test_snails_move_to_a_lower_neighbour_chosen_by_their_owner():
    state = position(PLATEAU, [creature(1, 0, 1, "snails")])
    state, _ = play(state, "tile 0,0", "turn 0")
    assert state.stage == "cover" and GAME.to_move(state) == {1}
    assert texts(GAME.legal_moves(state, 1)) == ["move 1,0 1,1", "move 1,0 2,0"]
    with pytest.raises(IllegalMove, match="covered it"):
        GAME.play(state, 1, GAME.parse_move("move 1,0 1,-1"))
    state, _ = play(state, "move 1,0 2,0")
    assert state.creatures[c(2, 0)] == (1, 1, 1) and state.stage == "species" and GAME.to_move(state) == {0}


def test_snail_with_no_lower_neighbour_returns_to_supply():
    state = position(SEAFLOOR, [creature(1, 0, 0, "snails")])
    state, log = play(state, "tile 2,0", "turn 3")  # level 1 has nothing lower
    assert c(1, 0) not in state.creatures and state.supply[0][1] == 6
    assert any("nowhere" in e.text for e in log)


def test_crab_moves_at_the_same_level_its_only_way_automatically():
    state = position(PLATEAU, [creature(1, -1, 1, "crabs")])
    state, log = play(state, "tile 0,0", "turn 0")
    assert state.creatures[c(2, -1)] == (1, 4, 1)
    assert any("only way" in e.text for e in log)


def test_fish_with_only_smokers_around_returns_to_supply():
    state = position(PLATEAU, [creature(1, 0, 1, "fish")], species=("fish", "snails", "shrimp", "crabs"))
    state, _ = play(state, "tile 0,0", "turn 0")
    assert c(1, 0) not in state.creatures and state.supply[1][3] == 6


def test_fish_moves_to_same_or_lower_level_not_a_smoker():
    creatures = [creature(1, 0, 0, "fish")]
    state = position(SEAFLOOR, creatures, species=("fish", "snails", "shrimp", "crabs"))
    state, _ = play(state, "tile 2,0", "turn 3")
    # Around 1,0: Diffuse 1,-1 (level 1) is the only hex that is not a smoker or the new tile.
    assert state.creatures[c(1, -1)] == (0, 3, 1)


def test_shrimp_moves_to_any_neighbour_that_is_not_basalt():
    state = position(SEAFLOOR, [creature(1, 0, 0, "shrimp")])
    state, _ = play(state, "tile 2,0", "turn 3")
    assert texts(GAME.legal_moves(state, 0)) == ["move 1,0 0,0", "move 1,0 1,-1", "move 1,0 2,-1"]


def test_octopus_slides_in_a_straight_line_to_the_last_hex_before_the_edge():
    creatures = [creature(1, 0, 0, "octopus"), creature(-1, 0, 1, "shrimp")]
    state = position(SEAFLOOR, creatures, species=("octopus", "snails", "shrimp", "crabs"))
    state, _ = play(state, "tile 2,0", "turn 3")
    # East to 3,0; north-east to 3,-2; north-west to 1,-1; south-east over the new tile to 1,2.
    # West ends on -1,0, which is taken; south-west is the edge at once (its own hex).
    assert texts(GAME.legal_moves(state, 0)) == ["move 1,0 1,-1", "move 1,0 1,2", "move 1,0 3,-2",
                                                 "move 1,0 3,0"]


def test_own_creatures_move_first_then_the_others_in_turn_order():
    creatures = [creature(1, 0, 2, "snails"), creature(1, -1, 0, "crabs"), creature(-1, 0, 1, "shrimp")]
    state = position(PLATEAU, creatures, players=3, turn=1)
    state, log = play(state, "tile 0,0", "turn 0")
    # Seat 2 (the mover) has nothing covered; seat 3's snail is next, then seat 1's crab.
    assert GAME.to_move(state) == {2}
    assert state.creatures.get(c(2, -1)) is None  # seat 1's crab waits for seat 3
    state, log = play(state, "move 1,0 1,1")
    assert state.creatures[c(2, -1)] == (0, 4, 1)
    assert state.stage == "species" and GAME.to_move(state) == {1}


def test_the_covering_tile_is_not_a_destination():
    # The crab on 1,-1 could only reach hexes of the new tile at level 2 if that were allowed.
    state = position(PLATEAU, [creature(1, -1, 1, "crabs"), creature(2, -1, 0, "shrimp")])
    state, _ = play(state, "tile 0,0", "turn 0")
    assert c(1, -1) not in state.creatures and state.supply[1][4] == 6
