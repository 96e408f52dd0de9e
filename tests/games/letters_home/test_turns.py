"""A turn: take a tile and note a memory, or write home; the end of the year and the final letters."""

import pytest

from meeple.engine import ALL, IllegalMove
from meeple.games.letters_home.components import MEMORIES

from .helpers import GAME, corkboard, legal_texts, play, position, rows

MARKET = ["three food", "nature person next to book", "heart next to craft", "three music", "sent place next to book"]


def at_note(tile_code, market=MARKET, memories=(), **kw):
    """Seat 1 has moved to a1-b1 and takes `tile_code` (placed on a1) to corkboard space 1."""
    state = position([{"pawn": "a1-a2", "memories": list(memories)}, {"pawn": "d3-d4"}],
                     town={"a1": tile_code}, market=market, **kw)
    state = play(state, 0, "go a1-b1")
    return play(state, 0, "take a1 1")


def test_taking_a_tile_pins_it_for_good_and_leaves_a_gap_until_the_turn_ends():
    state = at_note("person food+music")
    assert state.boards[0][0] >= 0 and state.town[0] == -1
    assert state.phase == 2  # noting
    with pytest.raises(IllegalMove, match="Move your pawn first"):
        GAME.play(play(state, 0, "skip"), 1, GAME.parse_move("skip"))
    top = state.tile_deck[-1]
    after = play(state, 0, "skip")
    assert after.town[0] == top  # the gap is refilled from the tile deck
    assert after.turn == 1
    # the pinned tile cannot be covered later
    again = position([{"pawn": "a1-a2", "corkboard": corkboard({1: "person food"})}, {"pawn": "d3-d4"}])
    again = play(again, 0, "go a1-b1")
    with pytest.raises(IllegalMove, match="already taken"):
        play(again, 0, "take a1 1")


def test_a_memory_can_be_noted_only_from_an_icon_of_the_tile_taken():
    state = at_note("place food+craft")
    # three food (Food) and heart next to craft (Craft) show icons of the tile; the others do not
    assert legal_texts(state, 0) == ["note 1", "note 3", "skip"]
    with pytest.raises(IllegalMove, match="shows no icon of the tile you took"):
        play(state, 0, "note 4")


def test_an_icon_tied_to_a_category_counts_only_on_that_category():
    # the help page's example: a Nature Event cannot note "a Nature Person next to Book" ...
    assert "note 2" not in legal_texts(at_note("event nature"), 0)
    # ... a Nature Person can, and so can a Book tile of any category
    assert "note 2" in legal_texts(at_note("person nature"), 0)
    assert "note 2" in legal_texts(at_note("event book"), 0)


def test_noting_fills_a_slot_and_the_market_is_refilled_to_five():
    state = at_note("person food")
    next_memory = state.mem_deck[-1]
    after = play(state, 0, "note 1")
    assert after.slots[0] == [MEMORIES.index("three food")]
    assert len(after.market) == 5 and after.market[-1] == next_memory


def test_with_three_full_slots_one_memory_is_let_go_only_to_make_room():
    full = ["three craft", "three book", "three nature"]
    state = at_note("person food", memories=full)
    assert "note 1" not in legal_texts(state, 0)
    with pytest.raises(IllegalMove, match="let go of one to make room"):
        play(state, 0, "note 1")
    after = play(state, 0, "note 1 drop 2")
    assert [MEMORIES[m] for m in after.slots[0]] == ["three craft", "three nature", "three food"]
    assert [MEMORIES[m] for m in after.discard] == ["three book"]
    # with a free slot there is nothing to let go of
    free = at_note("person food", memories=full[:2])
    with pytest.raises(IllegalMove, match="only let go of a memory to make room"):
        play(free, 0, "note 1 drop 1")


def test_an_empty_memory_deck_is_remade_from_the_shuffled_discard():
    taken = set(MARKET) | {"three craft", "three book", "three nature"}
    rest = [m for m in MEMORIES if m not in taken]
    state = at_note("person food", memories=["three craft", "three book", "three nature"],
                    memory_deck=[], discard=rest)
    after = play(state, 0, "note 1 drop 1")
    assert len(after.market) == 5
    # the whole discard, including the memory just let go, became the deck and one was drawn from it
    assert len(after.mem_deck) == len(rest)  # len(rest) + 1 let go - 1 drawn
    assert after.discard == []
    assert sorted(after.mem_deck + [after.market[-1]]) == sorted(MEMORIES.index(m) for m in rest + ["three craft"])


def test_writing_home_only_from_a_postbox_stop_one_letter_at_a_time():
    board = corkboard({1: "person food", 2: "place food", 3: "event food+music", 5: "place music",
                       6: "person music"})
    seat = {"pawn": "b2-b3", "corkboard": board, "memories": ["three food", "three music"]}
    state = position([seat, {"pawn": "d4-c4"}])
    state = play(state, 0, "go b2-c2")  # not a postbox stop
    assert not any(t.startswith("send") for t in legal_texts(state, 0))
    state = position([dict(seat, pawn="b1-c1"), {"pawn": "d4-c4"}])
    state = play(state, 0, "go b1-b2")  # a postbox stop
    sends = [t for t in legal_texts(state, 0) if t.startswith("send")]
    assert sends == ["send 1 1", "send 1 2", "send 1 3", "send 2 3", "send 2 5", "send 2 6"]
    with pytest.raises(IllegalMove, match="not a face-up tile of the pattern"):
        play(state, 0, "send 1 5")
    state = play(state, 0, "send 2 5")
    assert state.sent[0][4] == 1
    assert [MEMORIES[m] for m in state.letters[0]] == ["three music"]
    assert [MEMORIES[m] for m in state.slots[0]] == ["three food"]
    assert rows(state)["letters"] == (1, 2)
    # still writing: no tile may be taken now, and three food is still met
    assert legal_texts(state, 0) == ["done", "send 1 1", "send 1 2", "send 1 3"]
    state = play(state, 0, "send 1 3")
    assert state.turn == 1  # nothing left to send: the turn ends by itself
    assert rows(state)["letters"] == (2, 4)


def test_a_full_corkboard_takes_no_more_tiles_but_still_moves_and_writes_home():
    tiles = ["person food", "place food", "event food+music", "place music", "person music", "place nature",
             "person nature", "place book", "person book", "place craft", "person craft", "place craft+music"]
    board = corkboard(dict(enumerate(tiles, 1)))
    state = position([{"pawn": "b1-c1", "corkboard": board, "memories": ["three food"]}, {"pawn": "d4-c4"}])
    state = play(state, 0, "go b1-b2")
    assert legal_texts(state, 0) == ["send 1 1", "send 1 2", "send 1 3"]
    state = position([{"pawn": "b2-c2", "corkboard": board, "memories": ["three food"]}, {"pawn": "d4-c4"}])
    state = play(state, 0, "go c2-c3")  # no postbox: nothing more to do, the turn passes
    assert state.turn == 1
    with pytest.raises(IllegalMove, match="turn"):
        play(state, 0, "take c2 1")


def _almost_full(codes):
    return corkboard(dict(enumerate(codes, 1)))


ELEVEN = ["person food", "place food", "event food+music", "place music", "person music", "place nature",
          "person nature", "place book", "person book", "place craft", "person craft"]

OTHER = ["place food", "event food", "person food+music", "place music", "event music", "place nature"]


def test_the_year_ends_at_the_end_of_the_round_then_everyone_writes_at_once():
    # three players; seat 2 fills their corkboard, seat 3 still plays, seat 1 does not play again
    seats = [{"pawn": "a3-a4", "memories": ["three food"], "corkboard": _almost_full(OTHER[:3])},
             {"pawn": "a1-a2", "corkboard": _almost_full(ELEVEN)},
             {"pawn": "d3-d4", "memories": ["three music"]}]
    state = position(seats, turn=1, town={"b1": "place craft+music"})
    state = play(state, 1, "go a1-b1")
    state = play(state, 1, "take b1 12")
    state = play(state, 1, "skip")
    assert -1 not in state.boards[1] and state.turn == 2 and state.phase == 0
    state = play(state, 2, "go c4-d4")
    state = play(state, 2, "take d4 1")
    state = play(state, 2, "skip")
    # seat 1 would start the next round: the year is over, final letters for those who can send
    assert GAME.to_move(state) == frozenset({0})  # seat 3's single music tile meets nothing
    assert GAME.view(state, None)["phase"] == "final"
    assert legal_texts(state, 0) == ["done", "send 1 1", "send 1 2", "send 1 3"]  # no postbox needed
    state = play(state, 0, "send 1 2")
    assert GAME.is_over(state)
    assert GAME.outcome(state) is not None


def test_the_final_turn_is_simultaneous_and_players_may_send_none():
    seats = [{"pawn": "a3-a4", "memories": ["three food", "three music"], "corkboard": _almost_full(OTHER)},
             {"pawn": "a1-a2", "corkboard": _almost_full(ELEVEN + ["place craft+music"]),
              "memories": ["three craft", "nature next to book and music"]}]
    state = position(seats, turn=-1, phase="final", final=[0, 1])
    assert GAME.to_move(state) == frozenset({0, 1})
    # either seat may act first, in any order
    state = play(state, 1, "send 1 10")
    assert GAME.to_move(state) == frozenset({0, 1})  # nature next to book and music is still met for seat 2
    state = play(state, 0, "send 2 3")
    # seat 1's three food: after flipping space 3 only spaces 1 and 2 show Food, so it is not met any more
    assert GAME.to_move(state) == frozenset({1})
    # the private Reflections stay hidden until the very last move
    assert GAME.view(state, 0)["seats"][1]["private_reflection"] is None
    assert GAME.reveals(state, 1, GAME.parse_move("done"))
    state = play(state, 1, "done")
    assert GAME.is_over(state)
    assert GAME.view(state, 0)["seats"][1]["private_reflection"] is not None
    assert "private" in rows(state, 1, viewer=0)


def test_players_with_nothing_to_send_skip_the_final_turn():
    seats = [{"pawn": "a3-a4", "memories": ["three book"]},
             {"pawn": "a1-a2", "corkboard": _almost_full(ELEVEN + ["place craft+music"])}]
    state = position(seats, turn=1, phase="move")
    state = play(state, 1, "go a1-b1")  # full corkboard, nothing to send: the round and the year end
    assert GAME.is_over(state)


def test_reset_can_go_back_over_moves_and_takes_but_not_over_a_draw():
    state = at_note("person food")
    go = GAME.parse_move("go a1-b1")
    before = position([{"pawn": "a1-a2"}, {"pawn": "d3-d4"}], town={"a1": "person food"}, market=MARKET)
    assert not GAME.reveals(before, 0, go)
    moved = play(before, 0, "go a1-b1")
    assert not GAME.reveals(moved, 0, GAME.parse_move("take a1 1"))
    assert GAME.reveals(state, 0, GAME.parse_move("skip"))  # a new town tile is drawn
    assert GAME.reveals(state, 0, GAME.parse_move("note 1"))
    writing = position([{"pawn": "b1-c1", "corkboard": _almost_full(ELEVEN), "memories": ["three food"]},
                        {"pawn": "d4-c4"}])
    writing = play(writing, 0, "go b1-b2")
    assert not GAME.reveals(writing, 0, GAME.parse_move("send 1 1"))


def test_score_preview_before_confirm_shows_the_letter():
    writing = position([{"pawn": "b1-c1", "corkboard": _almost_full(ELEVEN), "memories": ["three food"]},
                        {"pawn": "d4-c4"}])
    writing = play(writing, 0, "go b1-b2")
    sheet = GAME.preview(writing, 0, GAME.parse_move("send 1 1"))
    assert sheet[0].row("letters").points == 2
    assert GAME.score_sheet(writing, ALL)[0].row("letters").points == 0


def test_clear_messages_for_writing_away_from_a_postbox_and_far_tiles():
    seat = {"pawn": "b2-b3", "corkboard": _almost_full(OTHER), "memories": ["three food"]}
    state = play(position([seat, {"pawn": "d4-c4"}]), 0, "go b2-c2")
    with pytest.raises(IllegalMove, match="only write home from a postbox stop"):
        play(state, 0, "send 1 1")
    with pytest.raises(IllegalMove, match="d4 is not beside your stop"):
        play(state, 0, "take d4 7")
    with pytest.raises(IllegalMove, match="already moved"):
        play(state, 0, "go b2-b3")
