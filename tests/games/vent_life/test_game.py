"""Setup modes and the draft, turns and the end, notation, positions, views and errors."""

import json

import pytest

from meeple.engine import ALL, IllegalMove, NotationError, OptionError, PositionError, Rng
from meeple.games.vent_life.components import cell, tiles_for
from meeple.games.vent_life.moves import put, tile

from .helpers import GAME, PLATEAU, SEAFLOOR, creature, play, position, texts

# ----- setup -----------------------------------------------------------------------

def test_first_game_species_and_hands():
    state = GAME.setup(3, None, 5)
    assert GAME.view(state, 0)["species"] == ["worms", "snails", "shrimp", "crabs"]
    assert all(h is not None for h in state.hands) and len(state.bag) == 48 - 3
    assert state.supply[0][0] == 6 and state.supply[0][3] == 0  # six of each species in play


@pytest.mark.parametrize("n, tiles", [(2, 36), (3, 48), (4, 60)])
def test_tile_counts(n, tiles):
    state = GAME.setup(n, None, 1)
    assert len(state.bag) + n == tiles == len(tiles_for(n))


def test_choose_species():
    state = GAME.setup(2, {"setup": "choose", "species": ["fish", "octopus", "sponges", "worms"]}, 1)
    assert GAME.view(state, None)["species"] == ["worms", "fish", "octopus", "sponges"]


def test_random_species_are_four_and_follow_the_seed():
    seen = {tuple(GAME.view(GAME.setup(2, {"setup": "random"}, seed), None)["species"]) for seed in range(12)}
    assert all(len(s) == 4 for s in seen) and len(seen) > 3
    a = GAME.setup(2, {"setup": "random"}, 9)
    b = GAME.setup(2, {"setup": "random"}, 9)
    assert a.species == b.species


def test_bad_options_are_explained():
    with pytest.raises(OptionError, match="exactly 4"):
        GAME.setup(2, {"setup": "choose", "species": ["fish", "crabs"]}, 0)
    with pytest.raises(OptionError, match="only read with setup 'choose'"):
        GAME.setup(2, {"species": ["fish", "crabs", "octopus", "worms"]}, 0)
    with pytest.raises(OptionError, match="must be one of"):
        GAME.setup(2, {"setup": "auction"}, 0)
    with pytest.raises(OptionError, match="2 to 4"):
        GAME.setup(5, None, 0)


def test_draft_with_two_players_picks_four_from_the_last_player():
    state = GAME.setup(2, {"setup": "draft"}, 3)
    assert GAME.to_move(state) == {1} and "pick" in GAME.prompt(state, 1)
    state, _ = play(state, "pick fish", "pick octopus")
    with pytest.raises(IllegalMove, match="already picked"):
        GAME.play(state, 1, GAME.parse_move("pick fish"))
    with pytest.raises(IllegalMove, match="pick"):
        GAME.play(state, 1, GAME.parse_move("leave worms"))
    state, log = play(state, "pick sponges", "pick shrimp")
    assert GAME.view(state, 0)["species"] == ["shrimp", "fish", "octopus", "sponges"]
    assert state.stage == "tile" and GAME.to_move(state) == {0}
    assert state.supply[1][5] == 6 and state.supply[1][0] == 0


def test_draft_with_three_players_each_leaves_one_out():
    state = GAME.setup(3, {"setup": "draft"}, 3)
    assert [min(GAME.to_move(state))] == [2]
    state, _ = play(state, "leave fish")
    assert GAME.to_move(state) == {1}
    state, _ = play(state, "leave crabs", "leave worms")
    assert GAME.view(state, 0)["species"] == ["snails", "shrimp", "octopus", "sponges"]


def test_draft_with_four_players_each_picks_one():
    state = GAME.setup(4, {"setup": "draft"}, 3)
    order = []
    for name in ("crabs", "fish", "worms", "snails"):
        order.append(min(GAME.to_move(state)))
        state, _ = play(state, f"pick {name}")
    assert order == [3, 2, 1, 0]
    assert GAME.view(state, 0)["species"] == ["worms", "snails", "fish", "crabs"]


# ----- turns, draws and the end ------------------------------------------------------

def test_a_turn_and_the_draw():
    state = GAME.setup(2, None, 4)
    top = state.bag[-1]
    state, _ = play(state, "tile 0,0", "turn 0")
    seat_moves = texts(GAME.legal_moves(state, 0))
    assert "worms" in seat_moves  # the new smoker takes worms
    assert not GAME.reveals(state, 0, GAME.parse_move("worms"))
    state, _ = play(state, "worms", "put 0,0")
    assert GAME.reveals(state, 0, GAME.parse_move("end"))
    state, log = play(state, "end")
    assert state.hands[0] == top and GAME.to_move(state) == {1}
    assert [e.only for e in log if "'s draw: " in e.text] == [frozenset({0})]


def test_last_turns_without_drawing_and_equal_turns():
    state = GAME.setup(2, None, 8)
    rng = Rng(1)
    tiles_laid = [0, 0]
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        if move.__class__.__name__ == "End":
            assert GAME.reveals(state, seat, move) == bool(state.bag)
        if move.__class__.__name__ == "Turn":
            tiles_laid[seat] += 1
        state, _ = GAME.play(state, seat, move)
    assert tiles_laid == [18, 18] and not state.bag and state.hands == [None, None]
    assert GAME.outcome(state) is not None and GAME.prompt(state, 0) == "The vent field is complete."
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(state, 0, GAME.parse_move("end"))


def test_out_of_turn_and_wrong_stage_messages():
    state = GAME.setup(2, None, 4)
    with pytest.raises(IllegalMove, match="not seat 1's turn"):
        GAME.play(state, 1, GAME.parse_move("tile 0,0"))
    with pytest.raises(IllegalMove, match="choose where your tile"):
        GAME.play(state, 0, GAME.parse_move("put 0,0"))


# ----- notation and positions -----------------------------------------------------------

@pytest.mark.parametrize("text", ["tile 2,-1", "turn 3", "move 1,0 2,0", "snails", "put -1,1", "end",
                                  "pick fish", "leave crabs"])
def test_notation_round_trips(text):
    move = GAME.parse_move(text)
    assert GAME.move_text(move) == text
    assert GAME.move_from_json(json.loads(json.dumps(GAME.move_to_json(move)))) == move


def test_moves_of_different_kinds_are_never_equal():
    assert GAME.parse_move("pick fish") != GAME.parse_move("fish")
    assert GAME.parse_move("end") != ()


@pytest.mark.parametrize("bad", ["tile", "tile x,y", "turn 7", "put 1", "dance", "pick kraken", ""])
def test_bad_notation_is_explained(bad):
    with pytest.raises(NotationError):
        GAME.parse_move(bad)


@pytest.mark.parametrize("bad", [{"tile": [1]}, {"turn": True}, {"end": 1}, {"species": "kraken"}, [1, 2],
                                 {"tile": [0, 0], "turn": 1}])
def test_bad_move_json_is_explained(bad):
    with pytest.raises(NotationError):
        GAME.move_from_json(bad)


@pytest.mark.parametrize("bad, words", [
    ({"tile": "2,-1"}, '"tile": expected a hex [q, r], two whole numbers, as in {"tile": [0, 0]}.'),
    ({"put": [600, 0]}, '"put": expected a hex [q, r] near the field, not [600, 0], as in {"put": [0, 0]}.'),
    ({"move": [[1, 0], [2]]}, '"move"[1]: expected a hex [q, r], two whole numbers, as in {"move": [[0, 0], [0, 0]]}.'),
    ({"move": [1, 0]}, '"move"[0]: expected a hex [q, r], two whole numbers'),
    ({"move": [[1, 0]]}, 'Write it as in {"move": [[0, 0], [0, 0]]}.'),
])
def test_a_bad_hex_in_json_is_explained_in_words(bad, words):
    with pytest.raises(NotationError) as refused:
        GAME.move_from_json(bad)
    assert words in str(refused.value)


@pytest.mark.parametrize("bad, words", [
    ("tile x,y", "'x,y' is not a hex: write it as q,r, for example 2,-1. Type tile q,r"),
    ("move 1,0 600,0", "Hex 600,0 is far off the field. Type tile q,r"),
    ("put 1", "'1' is not a hex"),
])
def test_a_bad_hex_in_text_is_explained_in_words(bad, words):
    with pytest.raises(NotationError) as refused:
        GAME.parse_move(bad)
    assert words in str(refused.value)


def test_moves_on_a_hex_are_interned_as_the_rules_hand_them_out():
    assert tile(cell(2, -1)) is tile(cell(2, -1)) is GAME.parse_move("tile 2, -1")
    assert put(cell(0, 1)) is GAME.move_from_json({"put": [0, 1]})


def test_position_round_trip_and_documented_fields():
    state = position(PLATEAU, [creature(2, 0, 0, "worms", 2), creature(1, -1, 1, "crabs")], hands=["BD", "MM"])
    data = GAME.to_json(state)
    assert data["tiles"][5] == {"at": [0, 0], "turn": 3, "tile": "MD"}
    assert data["supply"][0]["worms"] == 4
    again = GAME.from_json(json.loads(json.dumps(data)))
    assert GAME.dumps(again) == GAME.dumps(state)


@pytest.mark.parametrize("change, message", [
    ({"game": "picnic"}, "Not a Vent Life"),
    ({"players": 5}, "2 to 4"),
    ({"species": ["worms", "snails"]}, "Exactly 4"),
    ({"tiles": [{"at": [1, 1], "turn": 0, "tile": "BD"}]}, "middle"),
    ({"tiles": SEAFLOOR + [{"at": [0, 0], "turn": 0, "tile": "BD"}]}, "two different tiles"),
    ({"tiles": [{"at": [0, 0], "turn": 0, "tile": "XX"}]}, "B, D or M"),
    ({"creatures": [creature(9, 9, 0, "worms")]}, "no tile at 9,9"),
    ({"creatures": [creature(1, 0, 0, "worms")]}, "Black Smokers"),
    ({"creatures": [creature(0, 0, 0, "fish")]}, "not in play"),
    ({"creatures": [creature(1, 0, 0, "crabs")]}, "above the seafloor"),
    ({"creatures": [creature(0, 0, 0, "worms"), creature(0, 0, 1, "worms")]}, "two creatures"),
    ({"supply": [{"worms": 2}, {}]}, "should be 6"),
    ({"hands": ["BB", "BB"]}, "more BB"),
    ({"stage": "cover"}, "covered creatures"),
    ({"stage": "nap"}, "stage must be"),
])
def test_malformed_positions_are_explained(change, message):
    data = GAME.to_json(position(SEAFLOOR))
    data.update(change)
    with pytest.raises(PositionError, match=message):
        GAME.from_json(data)


def test_garbage_positions_raise_position_errors():
    for junk in (None, [], {"game": "vent_life"}, {"game": "vent_life", "players": 2, "species": 3}):
        with pytest.raises(PositionError):
            GAME.from_json(junk)


# ----- hidden information -----------------------------------------------------------------

def test_views_show_only_your_own_tile():
    state = position(SEAFLOOR, hands=["BD", "MM"])
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine["hands"][0]["tile"] == "BD" and mine["hands"][1] == {"seat": 1, "has_tile": True, "tile": None}
    assert theirs["hands"][0]["tile"] is None and theirs["hands"][1]["tile"] == "MM"
    assert all(h["tile"] is None for h in spectator["hands"])
    assert "bag" in mine and isinstance(mine["bag"], int)
    assert GAME.view(state, ALL)["hands"][1]["tile"] == "MM"


def test_determinize_keeps_what_the_seat_knows():
    state = GAME.setup(3, None, 2)
    world = GAME.determinize(state, 1, Rng(5))
    assert world.hands[1] == state.hands[1] and world.field == state.field
    assert sorted(world.bag + [world.hands[0], world.hands[2]]) == sorted(state.bag + [state.hands[0], state.hands[2]])
    assert len(world.bag) == len(state.bag)


def test_text_board_and_prompts():
    state = position(PLATEAU, [creature(2, 0, 0, "worms", 2), creature(1, -1, 1, "crabs")], hands=["BD", "MM"])
    text = GAME.render_text(GAME.view(state, 0), 0)
    assert "S1W1*" in text and "B2C2" in text and "holds BD" in text and "MM" not in text
    assert "Black Smoker" in GAME.prompt(state, 0)
    assert "Waiting for seat 1" in GAME.prompt(state, 1)
    assert all(GAME.describe_move(state, 0, m) for m in GAME.legal_moves(state, 0))
