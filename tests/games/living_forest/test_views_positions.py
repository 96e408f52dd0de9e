"""Views without leaks, position JSON, notation, determinize."""

import json

import pytest

from meeple.engine import NotationError, PositionError, Rng
from meeple.games.living_forest import GAME

from .helpers import card, new, play


def test_draw_stacks_show_their_size_and_contents_but_not_their_order_even_to_the_owner():
    a = new(seed=3)
    b = a.copy()
    b.draw[0] = sorted(b.draw[0])
    b.stacks[0] = sorted(b.stacks[0])
    for viewer in (0, 1, None):
        assert json.dumps(GAME.view(a, viewer), sort_keys=True) == json.dumps(GAME.view(b, viewer), sort_keys=True)
    assert GAME.to_json(a) != GAME.to_json(b)


def test_determinize_keeps_what_was_seen_and_the_known_top_cards():
    st = new(seed=4)
    st.draw[0].append(card("Lemur"))
    st.known_top[0] = 1
    st.stacks[0].remove(card("Lemur")) if card("Lemur") in st.stacks[0] else st.rows[0].remove(card("Lemur"))
    world = GAME.determinize(st, 1, Rng(9))
    assert world.draw[0][-1] == card("Lemur")
    assert sorted(world.draw[0]) == sorted(st.draw[0]) and world.rows == st.rows
    same = st.copy()
    same.draw[0] = sorted(same.draw[0][:-1]) + [card("Lemur")]
    assert GAME.to_json(GAME.determinize(same, 1, Rng(9))) == GAME.to_json(world)


def test_positions_round_trip_and_bad_ones_are_refused():
    st = new(3, kodama=True, seed=5)
    st, _ = play(st, 0, "draw")
    data = GAME.to_json(st)
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    bad = json.loads(json.dumps(data))
    bad["seats"][0]["rocks"] = bad["seats"][1]["rocks"]
    with pytest.raises(PositionError, match="one rock"):
        GAME.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["rows"][0].append(bad["rows"][1][0])
    with pytest.raises(PositionError):
        GAME.from_json(bad)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.__setitem__("taken", [0, 0]), "levels 1, 2 and 3"),  # an IndexError at the end of the round
    (lambda d: d.__setitem__("fire_stock", d["fire_stock"][:2]), "values 2, 3 and 4"),  # a crash in the view
    (lambda d: d["fire_stock"].__setitem__(0, d["fire_stock"][0] - 1), "Fire tiles of 2 do not add up"),
    (lambda d: d.__setitem__("fragment_stock", d["fragment_stock"] + 1), "Fragments do not add up"),
    (lambda d: d["dispenser"].__setitem__(0, d["dispenser"][0] + 1), "not the 2 of the box"),
    (lambda d: d.__setitem__("onibi", 3), "onibi"),
    (lambda d: d.__setitem__("turn", 1), "Only the action phase has a seat to act"),
])
def test_positions_that_break_the_box_or_the_round_are_refused(change, words):
    # Found by mutating positions (issue 37): these loaded, then crashed or played on from nowhere.
    data = GAME.to_json(GAME.setup(2, None, 5))
    assert GAME.to_json(GAME.from_json(data)) == data
    change(data)
    with pytest.raises(PositionError, match=words):
        GAME.from_json(data)


def test_notation_reads_and_writes_every_kind():
    for text in ("draw", "stop", "discard", "tile wind", "fragment", "attract horned-owl", "fire 3", "move 2",
                 "plant 5-sun b1", "steal flower", "buy kodama-twins", "done"):
        move = GAME.parse_move(text)
        assert GAME.move_text(move) == text
        assert GAME.move_from_json(GAME.move_to_json(move)) == move
    for bad in ("plant 5-sun z9", "fire 5", "attract unicorn", "move 0", "jump"):
        with pytest.raises(NotationError):
            GAME.parse_move(bad)


def test_the_score_sheet_is_the_sum_of_trees_flowers_and_fires_with_a_breakdown():
    st = new()
    st.help[0] = [card("Fawn"), card("Ram")]
    st.fires_taken[0] = [2, 3]
    st.changed(0)
    sheet = GAME.score_sheet(st)[0]
    assert sheet.row("trees").count == 2 and sheet.row("flowers").count == 4 and sheet.row("fires").count == 3
    assert sheet.total == 9 == GAME.scores(st)[0]
    assert "Victory tile" in sheet.row("fires").detail
