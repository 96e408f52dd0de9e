"""Hand-worked tests of every rule on the help page, and of our rulings where it is silent."""

import pytest

from meeple.engine import IllegalMove, NotationError, PositionError
from meeple.games.digging_for_dinos.components import ERA_OF, ERA_TILES, parse_cell
from meeple.games.digging_for_dinos.moves import FLIPS, KEEP, MOVES, PLACES
from meeple.games.digging_for_dinos.rules import BONUS, FOURTH_DINO, LAST_TILE, MOVE, OVER, PLACE

from .helpers import GAME, legal_texts, position, skeleton, tile

C = parse_cell


def move(state, text):
    seat = state.turn
    new, log = GAME.play(state, seat, GAME.parse_move(text))
    return new, log


# ----- the start -------------------------------------------------------------------

def test_the_grid_starts_full_of_era_one_tiles_and_the_stacks_hold_the_rest():
    state = GAME.setup(3, {}, 5)
    assert all(ERA_OF[t] == 1 for t in state.board)
    assert [len(s) for s in state.stacks] == [6, 31, 14]
    assert all(ERA_OF[t] == e + 1 for e, s in enumerate(state.stacks) for t in s)
    assert sorted(state.board + [t for s in state.stacks for t in s]) == list(range(76))


def test_paleontologists_are_placed_in_snake_order_first_orthogonal_then_diagonal():
    state = GAME.setup(3, {}, 5)
    order = []
    while state.phase == PLACE:
        seat = state.turn
        order.append(seat)
        cell = next(c for c in range(25) if c not in state.pawns)
        state, _ = GAME.play(state, seat, PLACES[cell])
    assert order == [0, 1, 2, 2, 1, 0]
    assert state.sides == [0, 1] * 3          # each seat: token 1 orthogonal, token 2 diagonal
    assert state.taken == [[], [], []]        # placing takes nothing
    assert (state.phase, state.turn) == (MOVE, 0)


def test_a_token_cannot_be_placed_on_another():
    state = GAME.setup(2, {}, 1)
    state, _ = GAME.play(state, 0, PLACES[C("c3")])
    before = GAME.to_json(state)
    with pytest.raises(IllegalMove, match="already stands on c3"):
        GAME.play(state, 1, PLACES[C("c3")])
    assert GAME.to_json(state) == before


# ----- movement --------------------------------------------------------------------

def test_orthogonal_and_diagonal_sides_move_one_step_to_an_open_neighbour():
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]])
    assert legal_texts(state) == sorted(["p1 c2", "p1 c4", "p1 b3", "p1 d3", "p2 b2"])


def test_tokens_are_jumped_to_the_next_open_tile_and_never_landed_on():
    state = position([[("c3", "o"), ("c4", "d")], [("c2", "o"), ("b3", "o")]])
    assert legal_texts(state) == sorted(["p1 c1", "p1 c5", "p1 a3", "p1 d3",     # over c2, own c4, b3
                                         "p2 a2", "p2 d3", "p2 b5", "p2 d5"])   # over b3


def test_a_direction_blocked_to_the_edge_gives_no_move():
    # Seat 1's token on c2 is jumped, but c1 is taken too: the board ends there, so no move up.
    state = position([[("c3", "o"), ("a5", "o")], [("c2", "o"), ("c1", "o")]])
    texts = legal_texts(state)
    assert "p1 c1" not in texts and "p1 c2" not in texts
    assert {"p1 c4", "p1 b3", "p1 d3"} <= set(texts)


def test_holes_are_passed_over_like_tokens():
    state = position([[("c3", "o"), ("a5", "o")], [("e1", "o"), ("e2", "o")]],
                     board={"c2": None, "d3": None}, stacks=[[], [], []], ending="last tile")
    texts = legal_texts(state)
    assert "p1 c1" in texts and "p1 e3" in texts and "p1 c2" not in texts


def test_with_no_move_along_a_side_any_open_tile_will_do():
    holes = ["a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1", "e2", "e3", "e4", "d5", "c5", "b5"]
    state = position([[("a1", "o"), ("e5", "o")], [("c3", "o"), ("d3", "o")]],
                     board={h: None for h in holes}, stacks=[[], [], []], ending="last tile")
    open_cells = ["b2", "c2", "d2", "b3", "b4", "c4", "d4"]
    assert legal_texts(state) == sorted(f"p{k} {c}" for k in (1, 2) for c in open_cells)
    start = state.board[C("a1")]
    state, _ = move(state, "p1 c4")
    assert state.taken[0][-1] == start and state.board[C("a1")] == -1
    assert state.sides[0] == 1    # flipped, as after any move


def test_a_move_off_the_directions_is_refused_with_the_reason():
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]])
    before = GAME.to_json(state)
    with pytest.raises(IllegalMove, match="orthogonal side"):
        GAME.play(state, 0, MOVES[0][C("d4")])
    with pytest.raises(IllegalMove, match="turn"):
        GAME.play(state, 1, MOVES[0][C("e4")])
    with pytest.raises(IllegalMove, match="already stands on e5"):
        GAME.play(state, 0, MOVES[0][C("e5")])
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, KEEP)
    assert GAME.to_json(state) == before


# ----- flip, collect, refill ---------------------------------------------------------

def test_a_move_flips_the_token_collects_the_tile_left_and_refills_from_the_current_era():
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]])
    left_behind = state.board[C("c3")]
    top = state.stacks[0][-1]
    state, log = move(state, "p1 c2")
    assert state.pawns[0] == C("c2") and state.sides[0] == 1
    assert state.taken[0] == [left_behind]
    assert state.board[C("c3")] == top and len(state.stacks[0]) == 5
    assert state.turn == 1
    assert "takes" in log[0].text and "c3 gets" in log[0].text


def test_refills_come_from_the_next_era_once_the_current_one_is_empty():
    e2 = [t for t in ERA_TILES[1]][:3]
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]], stacks=[[], e2, [ERA_TILES[2][0]]])
    state, _ = move(state, "p1 c2")
    assert state.board[C("c3")] == e2[-1] and state.stacks[1] == e2[:-1]
    assert state.ending is None or state.ending == 0


def test_a_move_that_draws_is_a_reveal_and_one_that_leaves_a_hole_is_not():
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]])
    assert GAME.reveals(state, 0, MOVES[0][C("c2")])
    empty = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]], stacks=[[], [], []],
                     ending="last tile")
    assert not GAME.reveals(empty, 0, MOVES[0][C("c2")])


# ----- special dinosaurs ----------------------------------------------------------

@pytest.mark.parametrize("key", ["velociraptor", "deinosuchus"])
def test_completing_a_special_dinosaur_offers_a_flip(key):
    parts = skeleton(key)
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]],
                     board={"c3": parts[-1]}, collections=[parts[:-1], []])
    state, log = move(state, "p1 c2")
    assert state.phase == BONUS and GAME.to_move(state) == {0}
    assert legal_texts(state) == ["flip p1", "flip p2", "keep"]
    assert any("completes" in e.text for e in log)
    flipped, _ = GAME.play(state, 0, FLIPS[1])
    assert flipped.sides[1] == 0 and flipped.sides[0] == 1 and flipped.turn == 1 and flipped.phase == MOVE
    kept, _ = GAME.play(state, 0, KEEP)
    assert kept.sides[:2] == [1, 1] and kept.turn == 1


def test_completing_another_dinosaur_offers_no_flip():
    parts = skeleton("pteranodon")
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]],
                     board={"c3": parts[-1]}, collections=[parts[:-1], []])
    state, _ = move(state, "p1 c2")
    assert state.phase == MOVE and state.turn == 1


def test_a_second_copy_of_a_part_completes_nothing():
    raptor = skeleton("velociraptor")
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]],
                     board={"c3": tile("velociraptor", 0, 2)}, collections=[raptor, []])
    state, _ = move(state, "p1 c2")
    assert state.phase == MOVE and state.turn == 1


# ----- the end ---------------------------------------------------------------------

def test_placing_the_last_era_three_tile_ends_the_game_after_the_round():
    last = ERA_TILES[2][0]
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]], stacks=[[], [], [last]], spare_to=1)
    x, y = state.board[C("c3")], state.board[C("e5")]
    under0 = [state.board[C("c2")], state.board[C("a1")]]
    under1 = [state.board[C("e4")], state.board[C("e1")]]
    spare = len(state.taken[1])
    state, log = move(state, "p1 c2")
    assert state.board[C("c3")] == last and state.ending == LAST_TILE
    assert "last era-3 tile" in log[0].text and state.phase == MOVE and state.turn == 1
    state, log = move(state, "p1 e4")
    assert state.board[C("e5")] == -1                # nothing left to refill with: a hole
    assert state.phase == OVER and GAME.to_move(state) == frozenset()
    # at the end of the round everyone collects the tiles under their tokens
    assert state.taken[0] == [x] + under0
    assert state.taken[1][spare:] == [y] + under1
    assert "collects the tiles under" in log[-1].text
    assert GAME.outcome(state) is not None


def test_the_round_is_finished_when_the_end_is_triggered_mid_round():
    last = ERA_TILES[2][0]
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")], [("b5", "o"), ("d1", "o")]],
                     stacks=[[], [], [last]], turn=1)
    state, _ = move(state, "p1 e4")
    assert state.ending == LAST_TILE and state.turn == 2
    state, _ = move(state, "p1 b4")
    assert state.phase == OVER                       # seat 3 was last in the round; seat 1 does not play again


def test_the_last_seat_triggering_the_end_ends_it_at_once():
    last = ERA_TILES[2][0]
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]], stacks=[[], [], [last]], turn=1)
    state, _ = move(state, "p1 e4")
    assert state.phase == OVER


def test_a_fourth_completed_dinosaur_ends_the_game_after_the_round():
    done = skeleton("pteranodon", 1) + skeleton("pteranodon", 2) + skeleton("stegosaurus", 1)
    third = skeleton("pteranodon", 3)
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]],
                     board={"c3": third[-1]}, collections=[done + third[:-1], []])
    state, log = move(state, "p1 c2")
    assert state.ending == FOURTH_DINO and "fourth dinosaur" in log[-1].text
    assert state.turn == 1 and state.phase == MOVE
    state, _ = move(state, "p1 e4")
    assert state.phase == OVER


# ----- notation and positions --------------------------------------------------------

def test_notation_reads_and_writes_every_kind():
    for text, js in (("c3", {"place": "c3"}), ("p2 a5", {"move": 1, "to": "a5"}), ("flip p1", {"flip": 0}),
                     ("keep", {"keep": True})):
        m = GAME.parse_move(text)
        assert GAME.move_to_json(m) == js and GAME.move_from_json(js) == m and GAME.move_text(m) == text
    assert GAME.parse_move("1-c3") == MOVES[0][C("c3")]
    for bad in ("f6", "p3 c3", "flip", "jump c3", ""):
        with pytest.raises(NotationError):
            GAME.parse_move(bad)
    for bad in ({"move": 2, "to": "c3"}, {"place": "z9"}, {"keep": False}, [1]):
        with pytest.raises(NotationError):
            GAME.move_from_json(bad)


def test_positions_round_trip_and_bad_ones_are_refused():
    state = position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]])
    data = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(data)) == data
    twice = dict(data, board=[data["board"][1]] + data["board"][1:])
    with pytest.raises(PositionError, match="used twice"):
        GAME.from_json(twice)
    swapped = dict(data, stacks=[data["stacks"][1], data["stacks"][0], data["stacks"][2]])
    with pytest.raises(PositionError, match="another era"):
        GAME.from_json(swapped)
    stacked = dict(data, pawns=[[{"cell": "c3", "side": "orthogonal"}] * 2, data["pawns"][1]])
    with pytest.raises(PositionError, match="Two paleontologists"):
        GAME.from_json(stacked)


def test_an_empty_later_stack_while_an_earlier_one_holds_tiles_is_refused():
    # It loaded, and the next refill (from era 1) ended the game as if the last tile were drawn (issue 37).
    data = GAME.to_json(position([[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]]))
    era3 = data["stacks"][2]
    no_era3 = dict(data, stacks=[data["stacks"][0], data["stacks"][1], []],
                   collections=[data["collections"][0] + era3, data["collections"][1]])
    with pytest.raises(PositionError, match="era 1 stack still holds tiles"):
        GAME.from_json(no_era3)
    with pytest.raises(PositionError, match="last tile"):
        GAME.from_json(dict(data, ending="last tile"))
