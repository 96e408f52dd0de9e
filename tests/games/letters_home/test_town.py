"""The town and moving: entering, stepping, walking through one pawn, blocked stops."""

from types import SimpleNamespace

import pytest

from meeple.engine import IllegalMove, Rng
from meeple.games.letters_home.town import ENTRY_STOPS, POSTBOX_STOPS, STOP_NAMES, STOP_NEIGHBOURS

from .helpers import GAME, legal_texts, play, position, stop


def names(stops):
    return sorted(STOP_NAMES[s] for s in stops)


def gos(state, seat=0):
    return sorted(t[3:] for t in legal_texts(state, seat))


def test_town_has_24_stops_on_inner_streets_with_12_street_ends_and_two_postboxes():
    assert len(STOP_NAMES) == 24  # 6 streets x 4 stops, none round the outside
    assert len(ENTRY_STOPS) == 12  # each of the 6 streets has two ends
    assert names(POSTBOX_STOPS) == sorted(["a1-a2", "b1-b2", "a1-b1", "a2-b2",   # crossing by a1
                                           "c3-c4", "d3-d4", "c3-d3", "c4-d4"])  # crossing by d4


def test_stops_are_next_to_each_other_when_they_touch_the_same_crossing():
    # a street end touches one crossing, so it has three neighbours
    assert names(STOP_NEIGHBOURS[stop("a1-a2")]) == sorted(["b1-b2", "a1-b1", "a2-b2"])
    # a middle stop touches two crossings: six neighbours
    assert names(STOP_NEIGHBOURS[stop("b2-c2")]) == sorted(["b1-b2", "c1-c2", "b1-c1", "b2-b3", "c2-c3", "b3-c3"])


def test_first_turn_enters_at_any_free_street_end():
    state = position([{}, {"pawn": "a1-a2"}])
    assert gos(state) == sorted(STOP_NAMES[s] for s in ENTRY_STOPS if STOP_NAMES[s] != "a1-a2")
    with pytest.raises(IllegalMove, match="end of a street"):
        play(state, 0, "go b2-b3")
    with pytest.raises(IllegalMove, match="pawn stands on a1-a2"):
        play(state, 0, "go a1-a2")


def test_a_move_is_one_stop_to_a_free_neighbour_and_compulsory():
    state = position([{"pawn": "b2-c2"}, {"pawn": "d1-d2"}])
    assert gos(state) == sorted(["b1-b2", "c1-c2", "b1-c1", "b2-b3", "c2-c3", "b3-c3"])
    assert "b2-c2" not in gos(state)  # staying put is not a move
    with pytest.raises(IllegalMove, match="too far"):
        play(state, 0, "go a3-a4")


def test_walking_through_one_pawn_reaches_any_free_stop_next_to_it():
    state = position([{"pawn": "a1-a2"}, {"pawn": "b1-b2"}])
    # own neighbours a1-b1 and a2-b2, plus the far side of the pawn on b1-b2
    assert gos(state) == sorted(["a1-b1", "a2-b2", "c1-c2", "b1-c1", "b2-c2"])
    after = play(state, 0, "go c1-c2")
    assert after.pawns[0] == stop("c1-c2")


def test_never_finish_on_a_pawn_and_never_walk_through_two():
    state = position([{"pawn": "a1-a2"}, {"pawn": "b1-b2"}, {"pawn": "c1-c2"}])
    dests = gos(state)
    assert "c1-c2" not in dests and "b1-b2" not in dests
    assert "d1-d2" not in dests  # that would need walking through b1-b2 and then c1-c2
    with pytest.raises(IllegalMove, match="walk through it, but not stop there"):
        play(state, 0, "go b1-b2")


def test_a_surrounded_pawn_walks_through_its_neighbours():
    state = position([{"pawn": "a1-a2"}, {"pawn": "b1-b2"}, {"pawn": "a1-b1"}, {"pawn": "a2-b2"}])
    # every neighbour is blocked; a1-b1 leads nowhere new, b1-b2 and a2-b2 lead on
    assert gos(state) == sorted(["c1-c2", "b1-c1", "b2-c2", "a2-a3", "b2-b3", "a3-b3"])


def test_after_moving_the_two_tiles_beside_the_stop_can_be_taken():
    state = position([{"pawn": "a1-b1"}, {"pawn": "d4-c4"}], town={"b2": "person food", "a2": "place book"})
    state = play(state, 0, "go a2-b2")
    takes = {t.split()[1] for t in legal_texts(state, 0)}
    assert takes == {"a2", "b2"}
    assert len(GAME.legal_moves(state, 0)) == 2 * 12  # either tile, any empty corkboard space


def test_a_turn_starts_with_a_walk_exactly_when_there_is_a_stop_to_walk_to():
    # The turn's start asks only whether a stop is free (_can_walk); crowds that four pawns cannot
    # make (every neighbour and every stop beyond taken, every street end taken) check its answer too.
    rng = Rng(41)
    for crowd in range(1, 24):
        for _ in range(40):
            stops = list(range(24))
            rng.shuffle(stops)
            here = SimpleNamespace(pawns=stops[:crowd])
            entering = SimpleNamespace(pawns=[-1, *stops[:crowd]])
            for state in (here, entering):
                assert GAME._can_walk(state, 0) == bool(GAME.destinations(state, 0)), state.pawns
    boxed = [stop("a1-a2"), *STOP_NEIGHBOURS[stop("a1-a2")]]
    for s in STOP_NEIGHBOURS[stop("a1-a2")]:
        boxed += [u for u in STOP_NEIGHBOURS[s] if u not in boxed]
    assert not GAME._can_walk(SimpleNamespace(pawns=boxed), 0)
    assert not GAME._can_walk(SimpleNamespace(pawns=[-1, *ENTRY_STOPS]), 0)
