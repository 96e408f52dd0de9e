"""Move notation, the position JSON, and clear errors for bad input."""

import json

import pytest

from meeple.engine import IllegalMove, NotationError, OptionError, PositionError, parse_move_json
from meeple.games.letters_home import moves as notation

from .helpers import GAME, corkboard, play, position

ALL_MOVES = ([*notation.GOS] + [m for row in notation.TAKES for m in row] + [m for row in notation.NOTES for m in row]
             + [m for row in notation.SENDS for m in row] + [notation.SKIP, notation.DONE])


def test_every_move_round_trips_through_text_and_json():
    for move in ALL_MOVES:
        assert GAME.parse_move(GAME.move_text(move)) is move
        assert GAME.move_from_json(json.loads(json.dumps(GAME.move_to_json(move)))) is move
    assert len(set(ALL_MOVES)) == len(ALL_MOVES)  # no two kinds of move compare equal
    assert GAME.move_text(GAME.parse_move("go B3-b2")) == "go b2-b3"
    assert GAME.move_to_json(GAME.parse_move("note 2 drop 3")) == {"note": 1, "drop": 2}
    assert GAME.move_text(GAME.parse_move("note 2 let-go 3")) == "note 2 drop 3"
    assert GAME.move_text(GAME.move_from_json({"note": 1})) == "note 2"


@pytest.mark.parametrize("text, hint", [
    ("fly", "Cannot read"),
    ("go a1-c3", "No stop lies between a1 and c3"),
    ("go e1-e2", "not a town tile"),
    ("take b2 13", "not a corkboard space"),
    ("note 6", "not a market card"),
    ("note 1 drop 4", "not a memory slot"),
    ("note 1 dropp 2", "'dropp' where 'drop' was expected"),
    ("note 1 drop", "Cannot read 'note 1 drop'. Type: go b2-b3"),
    ("send 4 1", "not a memory slot"),
    ("", "Nothing typed"),
])
def test_bad_text_gets_a_hint(text, hint):
    with pytest.raises(NotationError, match=hint):
        GAME.parse_move(text)


@pytest.mark.parametrize("raw", ['{"go": 24}', '{"take": 3}', '{"note": true}', '[1, 2]', '{"skip": false}', 'nope'])
def test_bad_move_json_is_refused(raw):
    with pytest.raises(NotationError):
        parse_move_json(GAME, raw)


def test_player_counts_outside_two_to_four_are_refused():
    with pytest.raises(OptionError, match="2 to 4 players"):
        GAME.setup(5)


def test_setup_deals_town_market_and_reflections():
    state = GAME.setup(3, None, 7)
    view = GAME.view(state, 0)
    assert len([t for t in view["town"] if t]) == 16
    assert len(view["market"]) == 5 and len(view["shared_reflections"]) == 3
    assert view["seats"][0]["private_reflection"] is not None
    assert view["seats"][1]["private_reflection"] is None
    assert view["tile_deck"] == 72 - 16 and view["memory_deck"] == 47 - 5
    assert GAME.setup(3, None, 7).rng.state == state.rng.state  # same seed, same deal
    assert GAME.dumps(GAME.setup(3, None, 7)) == GAME.dumps(state)
    assert GAME.dumps(GAME.setup(3, None, 8)) != GAME.dumps(state)


@pytest.mark.parametrize("change, message", [
    ({"game": "picnic"}, "Not a Letters Home position"),
    ({"players": 5}, "2 to 4 players"),
    ({"town": ["person food"] * 16}, "no unused tile in the box is 'person food'"),
    ({"town": [0] * 16}, "tile 0 is used twice"),
    ({"market": ["three pizza"]}, "'pizza' should be one of"),
    ({"market": ["three food", "three food"]}, "used twice"),
    ({"shared": ["every person", "every place"]}, "3 shared Reflections"),
    ({"private": ["every dragon", "face-up food"]}, "not a Reflection"),
    ({"phase": "lunch"}, "'phase' must be one of"),
    ({"tile_deck": []}, "Every tile must be somewhere"),
])
def test_malformed_positions_get_clear_errors(change, message):
    data = GAME.to_json(position([{}, {}]))
    data.update(change)
    with pytest.raises(PositionError, match=message):
        GAME.from_json(data)


def test_pawns_cannot_share_a_stop_and_tiles_must_be_real():
    with pytest.raises(PositionError, match="shares stop a1-a2"):
        position([{"pawn": "a1-a2"}, {"pawn": "a2-a1"}])
    with pytest.raises(PositionError, match="not a stop|No stop"):
        position([{"pawn": "a1-c1"}, {}])
    with pytest.raises(PositionError, match="one or two everyday icons"):
        position([{"corkboard": corkboard({1: "person heart"})}, {}])


def test_a_game_over_needs_a_full_corkboard():
    with pytest.raises(PositionError, match="only ends once someone's corkboard is full"):
        position([{}, {}], phase="over")


def test_a_bad_move_changes_nothing():
    state = position([{"pawn": "a1-a2"}, {"pawn": "d3-d4"}])
    before = GAME.dumps(state)
    with pytest.raises(IllegalMove):
        play(state, 0, "take a1 1")  # must move first
    with pytest.raises(IllegalMove, match="not seat 1's turn|turn"):
        play(state, 1, "go c4-d4")
    assert GAME.dumps(state) == before


def test_the_terminal_board_shows_the_town_corkboards_and_memories():
    state = position([{"pawn": "a1-a2", "corkboard": corkboard({1: "person food"}, sent={1}),
                       "memories": ["three food"]}, {}], market=["three book"])
    text = GAME.render_text(GAME.view(state, 0), 0)
    assert "a1" in text and "seat 1 at a1-a2" in text and "[sent person]" in text
    assert "memory 1: three food" in text and "1. three book" in text
    assert "private Reflection" in text
    other = GAME.render_text(GAME.view(state, 1), 1)
    assert other.count("private Reflection") == 1  # only seat 2's own
