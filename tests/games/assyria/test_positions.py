"""Notation, position JSON, views, the score sheet, determinize and reveals."""

import json

import pytest

from meeple.engine import NotationError, PositionError, Rng
from meeple.games.assyria.bits import hexes
from meeple.games.assyria.state import P_ACTIONS, P_WELLS

from .helpers import GAME, play, table, texts, well_of


def test_every_move_kind_reads_and_writes_its_text_and_json():
    for text in ("start b1", "draft salt2", "column 2", "hut c3", "use grape2", "use plow", "use wild", "feed c3",
                 "well 12", "no-well", "build c3", "extend c3", "assur higher", "assur lower", "offer 3",
                 "buy date1", "plow", "done"):
        move = GAME.parse_move(text)
        assert GAME.move_text(move) == text
        assert GAME.move_from_json(json.loads(json.dumps(GAME.move_to_json(move)))) is move


@pytest.mark.parametrize("bad", ["hut z9", "column 9", "well 0", "offer 4", "assur top", "use bread", "fly", "",
                                 "hut", "hut a1 a2"])
def test_bad_notation_says_what_is_expected(bad):
    with pytest.raises(NotationError) as err:
        GAME.parse_move(bad)
    assert "Moves:" in str(err.value) or "Type a move" in str(err.value)


def test_bad_json_moves_are_refused():
    for data in ({"hut": 3}, {"column": "x"}, {"done": False}, [], {"hut": "a1", "done": True}, {"offer": True}):
        with pytest.raises(NotationError):
            GAME.move_from_json(data)


def test_a_position_round_trips_through_json_and_bad_ones_are_refused():
    state = GAME.setup(3, None, 7)
    rng = Rng(1)
    for _ in range(150):
        if not GAME.to_move(state):
            break
        moves = GAME.legal_moves(state, state.seat)
        GAME.apply(state, state.seat, moves[rng.randrange(len(moves))])
    data = json.loads(json.dumps(GAME.to_json(state)))
    again = GAME.from_json(data)
    assert GAME.to_json(again) == GAME.to_json(state)
    assert GAME.legal_moves(again, again.seat) == GAME.legal_moves(state, state.seat)
    broken = dict(data, deck=data["deck"][1:])
    with pytest.raises(PositionError):
        GAME.from_json(broken)
    with pytest.raises(PositionError):
        GAME.from_json(dict(data, plows=[1, 1, 1], plow_supply=1))
    with pytest.raises(PositionError):
        GAME.from_json(dict(data, players=5))


def test_the_view_shows_the_decks_sizes_never_their_order():
    state = GAME.setup(2, None, 4)
    view = GAME.view(state, 0)
    assert view["deck"] == len(state.deck) and view["expansion_deck"] == len(state.exp_deck)
    text = json.dumps(view)
    assert f'"deck": {len(state.deck)}' in text
    assert GAME.view(state, 0) == GAME.view(state, None) == GAME.view(state, 1)
    other = GAME.determinize(state, 0, Rng(5))
    assert GAME.view(other, 0) == view
    assert sorted(other.deck) == sorted(state.deck) and sorted(other.exp_deck) == sorted(state.exp_deck)


def test_determinize_depends_only_on_what_is_seen():
    a = GAME.setup(2, None, 4)
    b = GAME.determinize(a, 0, Rng(99))  # another world the seat cannot tell from the first
    wa, wb = GAME.determinize(a, 0, Rng(3)), GAME.determinize(b, 0, Rng(3))
    assert GAME.to_json(wa) == GAME.to_json(wb)


def test_only_moves_that_turn_up_cards_reveal():
    state = table(2, [("d3", 0, 0), ("e2", 1, 1)], camels=(5, 0))
    assert not GAME.reveals(state, 0, GAME.parse_move("offer 1"))
    assert GAME.reveals(state, 0, GAME.parse_move("done"))  # the other seat has no camels: a new turn is sown
    # The last to act spends its last camel: nothing but Done is left, which ends the turn at once.
    state = table(2, [("d3", 0, 0), ("e2", 1, 1)], camels=(0, 2), seat=1)
    assert GAME.reveals(state, 1, GAME.parse_move("offer 2"))
    assert not GAME.reveals(state, 1, GAME.parse_move("offer 1"))  # one camel left: it may still offer
    state = table(2, [("b1", 0, 0), ("a1", 0, 0), ("a2", 0, 0)], phase=P_WELLS, camels=(0, 5))
    for h in hexes(state.mine[0]):
        state.fed[h] = True
    state.touch()
    assert not GAME.reveals(state, 0, GAME.parse_move(f"well {well_of('b1', 'a1', 'a2') + 1}"))


def test_the_score_sheet_breaks_the_points_down_by_row_and_previews_a_well():
    state = table(2, [("b1", 0, 0), ("a1", 0, 0), ("a2", 0, 0), ("d3", 0, 2)], phase=P_WELLS, camels=(0, 5))
    for h in hexes(state.mine[0]):
        state.fed[h] = True
    state.touch()
    state.pts[0] = [3, 2, 0, 5, 1, 4, 0, 0, 0]
    sheet = GAME.score_sheet(state)[0]
    assert [r.key for r in sheet.rows] == ["villages", "levels", "wells", "assur", "higher", "offerings", "tiles",
                                           "plows", "camels"]
    assert sheet.total == 15 and sheet.row("villages").count == 3 and sheet.row("levels").count == 2
    after = GAME.preview(state, 0, GAME.parse_move(f"well {well_of('b1', 'a1', 'a2') + 1}"), None)[0]
    assert after.row("wells").points == 6 and after.row("wells").count == 1
    # Digging the only well ends the expansion: villages (3) and levels (2) are scored too.
    assert after.total == 15 + 6 + 3 + 2
    assert GAME.scores(state) == [s.total for s in GAME.score_sheet(state)]


def test_the_terminal_board_renders():
    state = table(2, [("b1", 0, 0), ("d3", 1, 2)], phase=P_ACTIONS)
    text = GAME.render_text(GAME.view(state, 0), 0)
    assert "Assyria: reign 1" in text and "Seat 1" in text and "Food rows" in text
    assert texts(state)[-1] == "done"
    play(state, "offer 1")


def test_prompts_say_what_to_do():
    state = GAME.setup(2, None, 1)
    assert GAME.prompt(state, 0) == "Seat 1: choose a starting space for your first ziggurat."
    assert GAME.prompt(state, 1) == "Waiting for Seat 1."
    state = table(2, [("d3", 0, 0)], camels=(4, 5))
    assert GAME.prompt(state, 0) == "Seat 1: spend your 4 camels, or end your actions."


def _mid_game(players=2, seed=7, moves=120):
    state, rng = GAME.setup(players, None, seed), Rng(3)
    for _ in range(moves):
        if not GAME.to_move(state):
            break
        legal = GAME.legal_moves(state, state.seat)
        GAME.apply(state, state.seat, legal[rng.randrange(len(legal))])
    return json.loads(json.dumps(GAME.to_json(state)))


@pytest.mark.parametrize("change, words", [
    (lambda d: d["huts"].__setitem__(0, d["huts"][0] - 1), "Seat 1's huts"),  # stock and board disagree
    (lambda d: d["zstock"][1].__setitem__(0, d["zstock"][1][0] + 1), "Seat 2's ziggurat bases"),
    (lambda d: d.__setitem__("assur", [[0, 0, 0, 0], [], []]), "higher dignitary has 3 spaces"),
    (lambda d: d["camels"].__setitem__(0, 15), "Camels are 0 to 10"),
    (lambda d: d.__setitem__("bonus", True), "bonus card"),  # a phantom 4 in Assur at two players
    (lambda d: d.__setitem__("well_stock", d["well_stock"] + 1), "Wells:"),
    (lambda d: d.__setitem__("exp_deck", d["exp_deck"][1:]), "expansion cards"),
])
def test_positions_that_break_the_box_are_refused(change, words):
    # All loaded before (issue 37); the bonus flag was trusted and scored 4 in Assur.
    data = _mid_game()
    assert GAME.to_json(GAME.from_json(data)) == data
    change(data)
    with pytest.raises(PositionError, match=words):
        GAME.from_json(data)


def test_a_seat_to_move_with_nothing_to_do_is_refused():
    # A `cur` or `counter` play never leaves stuck (issue 37: loaded with no legal move and no outcome).
    for seed in range(20):
        data = _mid_game(seed=seed, moves=40 + seed)
        if data["phase"] == 3:  # the huts step: the counter says how many huts are still to place
            with pytest.raises(PositionError, match="huts still to place"):
                GAME.from_json(dict(data, counter=data["huts"][data["order"][data["cur"]]] + 1))
            return
    raise AssertionError("no seeded game stopped in the huts step")
