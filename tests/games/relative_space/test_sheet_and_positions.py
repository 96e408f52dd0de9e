"""The score sheet, notation, position JSON, views without leaks, determinize and the heuristic."""

import json

import pytest

from meeple.engine import NotationError, PositionError, Rng
from meeple.games.relative_space import GAME
from meeple.games.relative_space.moves import OPENS, PLAYS, STUFFS

from .helpers import play, position, stash

OTHER = stash(("1", "1", "1"), ("2", "2", "2", "2"), ("?3", "?3", "?3", "?3", "?3"))


def rows(state, seat=0):
    return {r.key: (r.count, r.points) for r in GAME.score_sheet(state)[seat].rows}


# ----- score sheet -------------------------------------------------------------------

def test_the_sheet_counts_what_each_row_still_holds_a_point_per_card():
    me = stash(("5", None, "KEY"), ("6", None, None, None), ("?7", "?7", "9", None, None))
    state = position([me, OTHER])
    assert rows(state) == {"top": (2, -2), "middle": (1, -1), "bottom": (3, -3)}
    assert GAME.score_sheet(state)[0].total == -6 and GAME.scores(state) == [-6, -12]
    bottom = GAME.score_sheet(state)[0].row("bottom").detail
    assert "face up: 9" in bottom and "2 face down" in bottom and "7" not in bottom


def test_the_sheet_is_live_and_marks_the_escape():
    state = position([stash(("6",), ()), OTHER], pods=[(1, 5, ("5",))])
    after, _ = play(state, 0, "T1>1")
    assert rows(after) == {"top": (0, 0), "middle": (0, 0), "bottom": (0, 0), "escaped": (1, 0)}
    preview = GAME.preview(state, 0, GAME.parse_move("T1>1"))
    assert preview[0].total == 0


# ----- notation ------------------------------------------------------------------------

def test_notation_round_trips_and_reads_short_forms():
    for move in [PLAYS[0][1], PLAYS[11][4], OPENS[3], STUFFS[7]]:
        assert GAME.parse_move(GAME.move_text(move)) is move
        assert GAME.move_from_json(GAME.move_to_json(move)) is move
    assert GAME.parse_move("t2 on 3") is PLAYS[1][3]
    assert GAME.parse_move("b5 1") is PLAYS[11][1]
    assert GAME.move_to_json(PLAYS[4][2]) == {"play": "M2", "pod": 2}
    assert GAME.move_to_json(OPENS[0]) == {"open": "T1"}


@pytest.mark.parametrize("bad", ["", "T4>1", "T1>0", "T1>11", "key", "stuff X1", "M2>x", "hello"])
def test_bad_text_is_refused_with_a_hint(bad):
    with pytest.raises(NotationError):
        GAME.parse_move(bad)


@pytest.mark.parametrize("bad", [None, [], {"play": "T1"}, {"play": "Z9", "pod": 1}, {"play": "T1", "pod": True},
                                 {"open": 3}, {"stuff": "T1", "pod": 1}])
def test_bad_json_is_refused(bad):
    with pytest.raises(NotationError):
        GAME.move_from_json(bad)


# ----- positions -----------------------------------------------------------------------

def test_a_position_round_trips_through_json_mid_game():
    state = GAME.setup(3, None, 11)
    rng = Rng(2)
    for _ in range(25):
        seat = next(iter(GAME.to_move(state)))
        state, _ = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    data = json.loads(json.dumps(GAME.to_json(state)))
    again = GAME.from_json(data)
    assert GAME.to_json(again) == GAME.to_json(state)
    assert GAME.view(again, 1) == GAME.view(state, 1)


def test_the_last_jam_round_trips_with_its_refill_and_the_pod_removed():
    me = stash((None, "3", "4"), ("4", "4", "4", "4"), ("?5",) * 5)
    state = position([me, OTHER], pods=[(1, 9, ("6", "9")), (2, 2, ("2",))])
    after, _ = play(state, 0, "T2>1")
    event = GAME.view(after, None)["event"]
    assert event["pod_removed"] is True and len(event["refilled"]) == 1 and len(event["discarded"]) == 2
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(after))))
    assert GAME.view(again, None)["event"] == event


@pytest.mark.parametrize("change, words", [
    (lambda d: d["stashes"][0].__setitem__(0, "7"), "exactly once"),
    (lambda d: d["stashes"][0].__setitem__(0, "X"), "not a card"),
    (lambda d: d.__setitem__("players", 6), "players"),
    (lambda d: d.__setitem__("pods", []), "pods"),
    (lambda d: d["pods"].append({"id": 1, "value": 0, "cards": []}), "twice"),
    (lambda d: d.__setitem__("phase", "dance"), "phase"),
    (lambda d: d.__setitem__("turn", 5), "turn"),
    (lambda d: d.__setitem__("winner", 0), "over"),
])
def test_bad_positions_are_refused_in_words(change, words):
    data = GAME.to_json(GAME.setup(2, None, 4))
    change(data)
    with pytest.raises(PositionError, match=words):
        GAME.from_json(data)


@pytest.mark.parametrize("pods, next_pod, words", [
    ([(1, 2, ("3", "9"))], None, "Pod 1's value is 9"),  # loaded, then accepted a 4 (issue 37)
    ([(1, 9, ("9", "3"))], None, "a 3 on a 9 would have jammed"),
    ([(1, 0, ("LAUNCH",))], None, "a launched pod leaves the table"),
    ([(1, 5, ("5", "LAST"))], None, "only the pod being stuffed"),
    ([(1, 0, ())], 10, "more than the 10 pods in the box"),  # the next launch had no pod to open
])
def test_pods_that_play_could_not_leave_are_refused(pods, next_pod, words):
    with pytest.raises(PositionError, match=words):
        position([stash(("5",)), OTHER], pods=pods, next_pod=next_pod)
    assert position([stash(("5",)), OTHER], pods=[(1, 0, ("3", "9", "ZERO"))], next_pod=2)


# ----- views: nothing hidden leaks ------------------------------------------------------

def test_face_down_cards_and_the_deck_are_hidden_from_everyone_including_the_owner():
    state = position([stash(("5",), ("6",), ("?KEY", "?LAST", "?ZERO", "?LAUNCH", "?10")), OTHER])
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        slots = view["stashes"][0]["slots"]
        assert [set(c) for c in slots[7:]] == [{"down", "available"}] * 5
        shown = [c["card"] for st in view["stashes"] for c in st["slots"] if c and "card" in c]
        assert sorted(shown) == sorted(["5", "6"] + ["1"] * 3 + ["2"] * 4)
        text = json.dumps({k: v for k, v in view.items() if k != "effects"})
        assert "LAST" not in text and "ZERO" not in text and "LAUNCH" not in text
        assert "deck" not in view and view["undealt"] == 72 - 2 - 12 - 5


def test_determinize_keeps_what_is_seen_and_deals_the_face_down_and_undealt_cards_again():
    state = GAME.setup(3, None, 5)
    worlds = [GAME.determinize(state, 0, Rng(k)) for k in range(20)]
    for w in worlds:
        for seat in range(3):
            assert [w.stash[seat][s] for s in range(7)] == [state.stash[seat][s] for s in range(7)]
        assert sorted(sum((w.stash[s][7:] for s in range(3)), []) + w.deck) == \
            sorted(sum((state.stash[s][7:] for s in range(3)), []) + state.deck)
        assert GAME.view(w, 0) == GAME.view(state, 0)
    assert len({tuple(w.stash[0][7:]) for w in worlds}) > 1      # the seat's own face-down cards too


def test_determinize_depends_only_on_what_the_seat_sees():
    a = position([stash(("5",), ("6",), ("?7", "?8")), OTHER])
    b = position([stash(("5",), ("6",), ("?8", "?7")), OTHER])
    for k in range(30):
        wa, wb = GAME.determinize(a, 1, Rng(k)), GAME.determinize(b, 1, Rng(k))
        assert GAME.to_json(wa) == GAME.to_json(wb)


def test_the_heuristic_reads_public_facts_and_prefers_playable_cards():
    loadable = position([stash(("9", "9"), ()), OTHER], pods=[(1, 5, ("5",))])
    stuck = position([stash(("2", "2"), ()), OTHER], pods=[(1, 5, ("5",))])
    assert GAME.heuristic(loadable, 0) > GAME.heuristic(stuck, 0)
    assert abs(GAME.heuristic(loadable, 0)) < 1          # never worth a card


def test_max_moves_bounds_a_busy_position():
    me = stash((None, None, None), (None, None, None, None), ("KEY", "KEY", "9", "?9", "?9"))
    state = position([me, OTHER], pods=[(1, 8, ("8",)), (2, 8, ("8",)), (3, 8, ("8",))])
    assert len(GAME.legal_moves(state, 0)) == 5 * 3 + 2 <= GAME.max_moves(2, {})
