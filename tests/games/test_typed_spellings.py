"""Spellings players and clients used before the notation was declared (issue 39) still read as the same
move: short forms, aliases, any case, and JSON that leaves an optional field out. The stored games
(test_stored_moves.py) check what the games write; this checks what else they accept."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.engine import NotationError

TYPED = [
    ("turing_machine", "A", "ask A"),
    ("turing_machine", "ask f", "ask F"),
    ("turing_machine", "Y4", "y4"),
    ("vent_life", "worm", "worms"),
    ("vent_life", "r 3", "turn 3"),
    ("vent_life", "t 2, -1", "tile 2,-1"),
    ("vent_life", "leave Crab", "leave crabs"),
    ("vent_life", "e", "end"),
    ("living_forest", "Attract Kodama-Twins", "attract kodama-twins"),
    ("living_forest", "plant 5-sun B1", "plant 5-sun b1"),
    ("assyria", "nowell", "no-well"),
    ("assyria", "pass-well", "no-well"),
    ("assyria", "pass", "done"),
    ("assyria", "start B1", "start b1"),
    ("draft_and_write_records", "play 2 m3", "play 2 m3"),
    ("draft_and_write_records", "PLAY 2 M3 X2", "play 2 m3 x2"),
    ("draft_and_write_records", "claim private", "claim private"),
]

JSON = [
    ("turing_machine", {"ask": "b"}, {"ask": "B"}),
    ("vent_life", {"species": "Worm"}, {"species": "worms"}),
    ("draft_and_write_records", {"play": 1, "place": 2}, {"play": 1, "place": 2, "mult": False}),
]

REFUSED = [
    ("turing_machine", "ask g"),
    ("vent_life", "turn 6"),
    ("living_forest", "move 0"),
    ("living_forest", "fire 5"),
    ("assyria", "well 59"),
    ("draft_and_write_records", "play 2 m3 x3"),
    ("draft_and_write_records", "claim 5"),
]


@pytest.mark.parametrize("game_id, typed, text", TYPED)
def test_typed_spelling_reads_as_the_move(game_id, typed, text):
    game = games.get(game_id)
    assert game.move_text(game.parse_move(typed)) == text


@pytest.mark.parametrize("game_id, data, written", JSON)
def test_json_spelling_reads_as_the_move(game_id, data, written):
    game = games.get(game_id)
    assert game.move_to_json(game.move_from_json(data)) == written


@pytest.mark.parametrize("game_id, typed", REFUSED)
def test_out_of_range_is_refused_with_the_hint(game_id, typed):
    game = games.get(game_id)
    with pytest.raises(NotationError, match=typed.split()[-1]):
        game.parse_move(typed)
