"""Hand-worked tests of every rule on the page (and of our rulings where it is silent)."""

from collections import Counter

import pytest

from meeple.engine import IllegalMove
from meeple.games.relative_space import GAME
from meeple.games.relative_space.components import AVAILABLE, CODE, DECK, FULL

from .helpers import codes, play, pods, position, stash

OTHER = stash(("1", "1", "1"), ("2", "2", "2", "2"), ("?3", "?3", "?3", "?3", "?3"))


def legal_texts(state, seat=0):
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))


# ----- setup ------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_twelve_cards_top_rows_up_bottom_row_down_and_one_pod(n):
    state = GAME.setup(n, None, 3)
    for seat in range(n):
        assert state.occ[seat] == FULL
        assert [bool(state.down[seat] >> s & 1) for s in range(12)] == [False] * 7 + [True] * 5
    assert pods(state) == [(1, 0, [])]
    assert len(state.deck) == 72 - 12 * n
    every = sorted([c for st in state.stash for c in st] + state.deck)
    assert every == list(DECK)
    assert state.turn == 0


def test_the_deck_has_six_of_each_item_and_three_of_each_special():
    counts = Counter(CODE[c] for c in DECK)
    assert len(DECK) == 72
    assert all(counts[str(v)] == 6 for v in range(1, 11))
    assert counts["KEY"] == counts["LAUNCH"] == counts["LAST"] == counts["ZERO"] == 3


# ----- available cards ----------------------------------------------------------

def test_only_uncovered_cards_are_available_at_the_start():
    state = GAME.setup(2, None, 1)
    assert legal_texts(state) == ["T1>1", "T2>1", "T3>1"]


def test_the_pyramid_overlaps():
    # Without T1, M1 is free (it lay under T1 alone); M2 is still under T2.
    occ = FULL & ~1
    assert AVAILABLE[occ] == (1, 2, 3)
    # Without T1 and T2: M1, M2 and M3's left neighbour... M3 lies under T2 and T3, so it stays covered.
    assert AVAILABLE[FULL & ~0b11] == (2, 3, 4)
    # B2 lies under M1 and M2: free once both are gone (and the top row above them).
    occ = FULL & ~(0b111 | 1 << 3 | 1 << 4)
    assert 8 in AVAILABLE[occ] and 7 in AVAILABLE[occ] and 9 not in AVAILABLE[occ]


def test_a_covered_card_is_refused_in_plain_words():
    state = GAME.setup(2, None, 1)
    with pytest.raises(IllegalMove, match="covered .*T1"):
        GAME.play(state, 0, GAME.parse_move("M1>1"))
    with pytest.raises(IllegalMove, match="empty"):
        GAME.play(position([stash(("5",), ("6",)), OTHER]), 0, GAME.parse_move("T2>1"))
    with pytest.raises(IllegalMove, match="not seat 1.s turn"):
        GAME.play(state, 1, GAME.parse_move("T1>1"))
    with pytest.raises(IllegalMove, match="no pod 2"):
        GAME.play(state, 0, GAME.parse_move("T1>2"))


# ----- item cards: equal or higher ---------------------------------------------

def test_an_item_loads_on_an_equal_or_lower_pod_and_sets_its_value():
    state = position([stash(("5", "7", "9"), ("6", "6", "6", "6")), OTHER], pods=[(1, 7, ("3", "7"))])
    equal, log = play(state, 0, "T2>1")
    assert pods(equal) == [(1, 7, ["3", "7", "7"])]
    assert "loads a 7 onto pod 1" in log[0]
    higher, _ = play(state, 0, "T3>1")
    assert pods(higher) == [(1, 9, ["3", "7", "9"])]
    assert codes(higher)[2] is None and higher.turn == 1


def test_items_load_on_an_empty_pod_whatever_their_number():
    state = position([stash(("1",), ("2",)), OTHER])
    after, _ = play(state, 0, "T1>1")
    assert pods(after) == [(1, 1, ["1"])]


# ----- the jam --------------------------------------------------------------------

def test_a_lower_item_jams_refills_the_spaces_empty_at_the_start_of_the_turn_bottom_row_first():
    # Seat 1 has lost T1, T2, M1 and B1, B2 earlier: five empty spaces, and plays a 2 onto a pod at 8.
    me = stash((None, None, "2"), (None, "4", "4", "4"), (None, None, "?5", "?5", "?5"))
    state = position([me, OTHER], pods=[(1, 8, ("6", "8", "8"))])
    assert GAME.reveals(state, 0, GAME.parse_move("T3>1"))   # a jam shuffles
    after, log = play(state, 0, "T3>1")
    back = codes(after)
    # four cards (6, 8, 8 and the 2) go into the four first empty spaces: B1, B2, then M1, then T1
    refilled = [back[7], back[8], back[3], back[0]]
    assert sorted(refilled) == ["2", "6", "8", "8"]
    assert back[1] is None                      # T2 was empty too, but the cards ran out
    assert back[2] is None                      # the jamming card's space was full at the start: stays empty
    assert all(not c.startswith("?") for c in refilled)   # replacement cards are face up
    assert pods(after) == [(1, 0, [])]          # the only pod stays, empty
    assert "JAM!" in log[0] and "the pod stays" in log[0]
    ev = GAME.view(after, 1)["event"]
    assert ev["kind"] == "jam" and sorted(ev["shuffled"]) == ["2", "6", "8", "8"]
    assert [s for s, _ in ev["refilled"]] == ["B1", "B2", "M1", "T1"] and ev["discarded"] == []


def test_the_spaces_a_jam_refills_are_counted_when_the_turn_begins():
    # Seat 2 starts its turn with T1 and T2 empty; seat 1's play must not change that.
    him = stash((None, None, "2"), ("4", "4", "4", "4"), ("?5",) * 5)
    state = position([stash(("9", "9"), ("9",)), him], pods=[(1, 8, ("8",))])
    after, _ = play(state, 0, "T1>1")
    assert GAME.to_json(after)["start_empty"] == ["T1", "T2"]
    after, _ = play(after, 1, "T3>1")                 # a 2 onto a pod at 9: jam
    top = codes(after, 1)[:3]
    assert top[2] is None and top[0] and top[1]       # T1 and T2 refilled, T3 (the jamming card's) not
    assert sorted(top[:2] + [CODE[c] for c in after.discard]) == ["2", "8", "9"]


def test_a_jam_with_more_cards_than_empty_spaces_discards_the_rest():
    me = stash((None, "3", "4"), ("4", "4", "4", "4"), ("?5", "?5", "?5", "?5", "?5"))
    state = position([me, OTHER], pods=[(1, 9, ("6", "7", "8", "9"))])
    after, _ = play(state, 0, "T2>1")
    back = codes(after)
    assert back[0] is not None and back[1] is None       # only T1 was empty at the start
    assert len(after.discard) == 4                       # 5 shuffled, 1 back, 4 out of the game
    assert sorted([back[0]] + [CODE[c] for c in after.discard]) == ["3", "6", "7", "8", "9"]


def test_a_jam_on_the_first_turn_refills_nothing():
    state = position([stash(("3", "4", "4"), ("4", "4", "4", "4"), ("?5",) * 5), OTHER], pods=[(1, 9, ("9",))])
    after, _ = play(state, 0, "T1>1")
    assert after.occ[0].bit_count() == 11
    assert sorted(CODE[c] for c in after.discard) == ["3", "9"]


def test_a_jammed_pod_leaves_the_game_when_other_pods_remain():
    state = position([stash(("3", "4", "4"), ("4",) * 4, ("?5",) * 5), OTHER],
                     pods=[(1, 9, ("9",)), (2, 2, ("2",))])
    after, log = play(state, 0, "T1>1")
    assert pods(after) == [(2, 2, ["2"])]
    assert "pod 1 leaves the game" in log[0]


# ----- face-down cards -------------------------------------------------------------

def test_face_down_cards_stay_hidden_when_uncovered_and_are_flipped_as_played():
    me = stash((), (), ("?7", "?7", "?7", "?7", "?7"))
    state = position([me, OTHER], pods=[(1, 5, ("5",))])
    view = GAME.view(state, 0)
    assert view["stashes"][0]["slots"][7] == {"down": True, "available": True}
    assert GAME.reveals(state, 0, GAME.parse_move("B1>1"))
    after, log = play(state, 0, "B1>1")
    assert pods(after) == [(1, 7, ["5", "7"])]
    assert "flipped from the bottom row, 1st from the left" in log[0]


def test_a_flipped_face_down_card_may_jam():
    me = stash((), (), ("?2", "?7"))
    state = position([me, OTHER], pods=[(1, 5, ("5",))], start_empty=["T1", "T2", "T3", "M1", "M2", "M3", "M4",
                                                                         "B3", "B4", "B5"])
    after, log = play(state, 0, "B1>1")
    assert "JAM!" in log[0]
    assert sorted(c for c in codes(after) if c) == ["2", "5", "?7"]


# ----- special items ---------------------------------------------------------------

def test_launch_discards_the_pod_and_its_cards_and_a_new_pod_replaces_the_last_one():
    state = position([stash(("LAUNCH", "4"), ("4",)), OTHER], pods=[(1, 8, ("6", "8"))])
    after, log = play(state, 0, "T1>1")
    assert pods(after) == [(2, 0, [])]
    assert sorted(CODE[c] for c in after.discard) == ["6", "8", "LAUNCH"]
    assert "LAUNCH!" in log[1] and "Pod 2 is placed" in log[1]
    assert GAME.view(after, None)["event"]["kind"] == "launch"


def test_launch_with_other_pods_places_no_new_one():
    state = position([stash(("LAUNCH", "4"), ("4",)), OTHER], pods=[(1, 8, ("8",)), (2, 3, ("3",))])
    after, _ = play(state, 0, "T1>2")
    assert pods(after) == [(1, 8, ["8"])]


def test_special_items_play_on_any_pod_and_leave_its_value():
    # A Keycard played onto a pod just loads; the value to beat stays the last item's.
    state = position([stash(("KEY", "4"), ("4",)), OTHER], pods=[(1, 9, ("9",))])
    after, _ = play(state, 0, "T1>1")
    assert pods(after) == [(1, 9, ["9", "KEY"])]


def test_zero_g_drops_the_pod_value_to_zero():
    state = position([stash(("ZERO", "4"), ("4",)), OTHER], pods=[(1, 9, ("9",))])
    after, _ = play(state, 0, "T1>1")
    assert pods(after) == [(1, 0, ["9", "ZERO"])]
    after, _ = play(after, 1, "T1>1")   # seat 2's 1 now loads
    assert pods(after)[0][1] == 1


def test_last_call_stuffs_one_more_card_of_any_value_then_launches():
    state = position([stash(("LAST", "2"), ("4", "7")), OTHER], pods=[(1, 9, ("9",))])
    mid, _ = play(state, 0, "T1>1")
    assert mid.turn == 0 and mid.phase == 2
    assert legal_texts(mid) == ["stuff M1", "stuff T2"]
    with pytest.raises(IllegalMove, match="stuff"):
        GAME.play(mid, 0, GAME.parse_move("T2>1"))
    after, log = play(mid, 0, "stuff T2")     # a 2 onto a pod at 9: stuffed, no jam
    assert "stuffs a 2" in log[0] and "LAUNCH!" in log[1]
    assert pods(after) == [(2, 0, [])]
    assert sorted(CODE[c] for c in after.discard) == ["2", "9", "LAST"]
    assert after.turn == 1


def test_last_call_as_the_final_card_wins():
    state = position([stash(("LAST",)), OTHER], pods=[(1, 9, ("9",))])
    after, log = play(state, 0, "T1>1")
    assert GAME.is_over(after) and after.winner == 0
    assert GAME.outcome(after).ranks[0] == 1


# ----- the Keycard -----------------------------------------------------------------

def test_a_keycard_opens_a_new_pod_at_the_start_of_the_turn_and_the_card_goes_onto_it():
    state = position([stash(("KEY", "3"), ("4",)), OTHER], pods=[(1, 9, ("9",))])
    assert "key T1" in legal_texts(state)
    mid, log = play(state, 0, "key T1")
    assert "open pod 2" in log[0]
    assert pods(mid) == [(1, 9, ["9"]), (2, 0, [])]
    assert CODE[mid.discard[-1]] == "KEY" and codes(mid)[0] is None
    assert legal_texts(mid) == ["M1>2", "T2>2"]            # only onto the new pod, no second Keycard
    with pytest.raises(IllegalMove, match="pod 2"):
        GAME.play(mid, 0, GAME.parse_move("T2>1"))
    after, _ = play(mid, 0, "T2>2")
    assert pods(after) == [(1, 9, ["9"]), (2, 3, ["3"])]
    assert after.turn == 1


def test_a_face_down_keycard_or_a_last_keycard_cannot_open_a_pod():
    hidden = position([stash((), (), ("?KEY", "?4")), OTHER])
    assert not any(t.startswith("key") for t in legal_texts(hidden))
    last = position([stash(("KEY",)), OTHER])
    assert legal_texts(last) == ["T1>1"]
    with pytest.raises(IllegalMove, match="last card"):
        GAME.play(last, 0, GAME.parse_move("key T1"))


def test_no_more_than_four_pods_open():
    state = position([stash(("KEY", "3"), ("4",)), OTHER],
                     pods=[(1, 8, ("8",)), (2, 8, ("8",)), (3, 8, ("8",)), (4, 8, ("8",))])
    assert not any(t.startswith("key") for t in legal_texts(state))


# ----- the end ---------------------------------------------------------------------

def test_the_first_empty_stash_wins_at_once_and_the_others_rank_by_what_their_stash_holds():
    two = stash(("5", "5"), (), ("?5",))
    three = stash(("4", "4"), (), ("4",))
    state = position([stash(("6",)), two, three], pods=[(1, 5, ("5",))])
    after, log = play(state, 0, "T1>1")
    assert "escapes" in log[-1]
    assert GAME.is_over(after) and GAME.to_move(after) == frozenset()
    out = GAME.outcome(after)
    assert out.scores == (0, -3, -3)
    assert out.ranks == (1, 3, 2)          # seat 3 has no face-down card left: ahead of seat 2
    assert out.reasons == ("Seat 1 loaded the whole stash and escaped first.",)  # (the result says how it ended)


def test_a_jam_never_ends_the_game():
    state = position([stash(("1",)), OTHER], pods=[(1, 5, ("5",))])
    after, _ = play(state, 0, "T1>1")
    assert not GAME.is_over(after) and after.occ[0].bit_count() == 2


def test_the_turn_limit_ends_the_game_ranked_by_stash():
    state = position([stash(("6", "6")), OTHER], pods=[(1, 5, ("5",))], turns=399)
    after, log = play(state, 0, "T1>1")
    assert GAME.is_over(after) and "air runs out" in log[-1]
    assert GAME.outcome(after).ranks == (1, 2)
    assert GAME.outcome(after).reasons == ("The air ran out after 400 turns: the fewest cards left wins.",)
