"""Expansion: new huts, resupplying, famine, wells, village and ziggurat points, camels."""

from meeple.games.assyria.bits import hexes
from meeple.games.assyria.components import HEX_REGION, INSIDE, WELL_HEXES
from meeple.games.assyria.rules import hut_space_mask
from meeple.games.assyria.state import P_ACTIONS, P_FEED, P_HUTS, P_USE, P_WELLS

from .helpers import GAME, H, kind, play, table, texts, well_of


def expansion(state, cards=(), plow=None):
    """Start the expansion of the seat to act, with these cards in its hand."""
    seat = state.seat
    for name in cards:
        state.hand[seat][kind(name)] += 1
        state.discard[kind(name)] -= 1
    if plow is not None:
        state.plows[seat] = plow
    state.touch()
    log = []
    GAME._begin_expansion(state, log)
    state.touch()
    GAME._advance(state, log)
    return [e.text for e in log]


def test_new_huts_go_next_to_own_huts_or_ziggurats_on_open_hexes():
    state = table(2, [("b1", 0, 1), ("e2", 1, 1)], phase=P_HUTS)
    expansion(state, ["wild"] * 4)
    assert state.phase == P_HUTS and state.counter == 4  # the turn's expansion card is a 4
    assert texts(state) == ["hut a1", "hut a2", "hut b2", "hut c1", "hut c2"]
    play(state, "hut a2")
    assert "hut a3" in texts(state) and "hut a2" not in texts(state)
    assert state.huts[0] == 9


def test_closed_hexes_take_no_hut():
    state = table(2, [("f1", 0, 1)], phase=P_HUTS)
    assert [h for h in hexes(hut_space_mask(state, 0)) if h in state.closed] == []
    assert H("g1") not in hexes(hut_space_mask(state, 0))  # g1 is next to f1 but closed with two players
    state4 = table(4, [("f1", 0, 1)], phase=P_HUTS)
    assert H("g1") in hexes(hut_space_mask(state4, 0))


def test_the_huts_placed_are_the_expansion_value_or_what_is_left_in_stock():
    state = table(2, [("b1", 0, 1)], phase=P_HUTS)
    state.huts[0] = 2
    expansion(state, ["wild"] * 3)
    assert state.counter == 2
    play(state, "hut a1", "hut a2")
    assert state.huts[0] == 0 and state.phase != P_HUTS


def test_a_card_feeds_as_many_huts_of_its_food_as_it_has_symbols():
    # Huts on a1 (palm), a2 (date), c1 (salt): a date3 feeds the one date hut, wasted symbols and all.
    state = table(2, [("b1", 0, 1), ("a1", 0, 0), ("a2", 0, 0), ("c1", 0, 0)], phase=P_HUTS)
    state.huts[0] = 0  # no new huts this turn
    expansion(state, ["date3", "salt1", "palm1"])
    assert state.phase == P_USE
    assert texts(state) == ["use date3", "use palm1", "use salt1", "use plow"]
    play(state, "use date3")
    assert state.fed[H("a2")] and not state.fed[H("a1")]
    play(state, "use salt1")
    # The palm hut is the last one: palm1 or the plow can feed it; palm1 spends a food card.
    play(state, "use palm1")
    assert state.fed[H("a1")] and state.fed[H("c1")] and state.plows[0] == 1
    assert state.phase != P_USE


def test_when_a_card_has_fewer_symbols_than_huts_the_player_chooses_which_to_feed():
    # Date huts on a2 and c2 (river), one date2 card... and a third date hut i... use a wild card of 1.
    state = table(2, [("b1", 0, 1), ("a2", 0, 0), ("c2", 0, 0), ("a1", 0, 0)], phase=P_HUTS)
    state.huts[0] = 0
    expansion(state, ["wild", "palm1"], plow=0)
    play(state, "use wild")
    assert state.phase == P_FEED
    assert texts(state) == ["feed a1", "feed a2", "feed c2"]
    play(state, "feed c2")
    assert state.fed[H("c2")]


def test_a_plow_feeds_any_one_hut_and_goes_back_to_the_supply():
    state = table(2, [("b1", 0, 1), ("a1", 0, 0)], phase=P_HUTS)
    state.huts[0] = 0
    log = expansion(state, [], plow=1)
    # The plow is the only card that can feed the hut: used at once.
    assert state.fed[H("a1")] and state.plows[0] == 0 and state.plow_supply == 1
    assert any("plow" in line for line in log)


def test_famine_removes_the_huts_left_unfed_back_to_stock():
    state = table(2, [("b1", 0, 1), ("a1", 0, 0), ("a2", 0, 0)], phase=P_HUTS)
    state.huts[0] = 0
    log = expansion(state, ["palm1"], plow=0)
    assert state.occ[H("a1")] == 0 and state.occ[H("a2")] == -1 and state.huts[0] == 1
    assert any("Famine" in line for line in log)


def test_cards_that_match_no_hut_stay_in_hand():
    state = table(2, [("b1", 0, 1), ("a1", 0, 0)], phase=P_HUTS)
    state.huts[0] = 0
    expansion(state, ["salt2", "palm1"], plow=1)
    assert state.hand[0][kind("salt2")] == 1 and state.plows[0] == 1


def _fed_state(pieces, reign=1, camels=(0, 5)):
    """Seat 0's huts all resupplied, its wells step next; seat 1 has 5 camels by default (so that
    the actions phase waits for it)."""
    state = table(2, pieces, phase=P_WELLS, reign=reign, camels=camels)
    for h in hexes(state.mine[0]):
        state.fed[h] = True
    state.touch()
    log = []
    GAME._begin_wells(state, log)
    state.touch()
    return state


def test_a_well_needs_three_of_your_huts_around_its_corner_and_scores_by_reign():
    for reign, points in ((1, 6), (2, 5), (3, 4)):
        state = _fed_state([("b1", 0, 0), ("a1", 0, 0), ("a2", 0, 0)], reign=reign)
        assert state.phase == P_WELLS
        w = well_of("b1", "a1", "a2")
        assert texts(state) == [f"well {w + 1}", "no-well"]
        play(state, f"well {w + 1}")
        assert state.wells[w] == 0 and state.pts[0][2] == points and state.well_stock == 7


def test_no_well_without_three_own_huts():
    state = _fed_state([("b1", 0, 0), ("a1", 0, 0), ("a2", 1, 0)])
    assert state.phase == P_ACTIONS or state.seat == 1  # no well: the expansion went on


def test_no_well_between_the_rivers():
    assert all(HEX_REGION[h] != INSIDE for trio in WELL_HEXES for h in trio)
    # Three huts between the rivers meeting at one corner: b3, c3, c4.
    state = _fed_state([("b3", 0, 0), ("c3", 0, 0), ("c4", 0, 0)])
    assert state.phase != P_WELLS


def test_no_well_on_a_well_and_several_wells_in_one_turn_until_the_stock_runs_out():
    pieces = [("b1", 0, 0), ("a1", 0, 0), ("a2", 0, 0), ("b2", 0, 0)]
    state = _fed_state(pieces)
    w1, w2 = well_of("b1", "a1", "a2"), well_of("b1", "a2", "b2")
    assert texts(state) == [f"well {w + 1}" for w in sorted((w1, w2))] + ["no-well"]
    play(state, f"well {w1 + 1}")
    assert texts(state) == [f"well {w2 + 1}", "no-well"]  # not on top of the first one
    play(state, f"well {w2 + 1}")
    assert state.pts[0][2] == 12 and state.phase != P_WELLS
    # With one well left in stock, only one is dug.
    state = _fed_state(pieces)
    state.well_stock = 1
    state.touch()
    play(state, f"well {w1 + 1}")
    assert state.phase != P_WELLS and state.well_stock == 0
    state = _fed_state(pieces)
    state.well_stock = 0
    log = []
    GAME._begin_wells(state, log)
    assert state.phase != P_WELLS


def test_building_a_well_is_optional():
    state = _fed_state([("b1", 0, 0), ("a1", 0, 0), ("a2", 0, 0)])
    play(state, "no-well")
    assert state.wells.count(0) == 0 and state.pts[0][2] == 0


def test_villages_score_1_outside_2_between_the_rivers_0_on_a_river_and_1_a_ziggurat_level():
    # a1 outside, b3 inside, c2 on the first river; a ziggurat of 2 levels on d3.
    state = _fed_state([("a1", 0, 0), ("b3", 0, 0), ("c2", 0, 0), ("d3", 0, 2)])
    if state.phase == P_WELLS:
        play(state, "no-well")
    assert state.pts[0][0] == 1 + 2 + 0 and state.pts[0][1] == 2


def test_camels_3_for_the_first_hut_on_each_river_and_2_for_each_more_capped_at_10():
    # First river: a3, b2, c2; second river: a5.
    state = _fed_state([("a3", 0, 0), ("b2", 0, 0), ("c2", 0, 0), ("a5", 0, 0)])
    if state.phase == P_WELLS:
        play(state, "no-well")
    assert state.camels[0] == 3 + 2 + 2 + 3 - 0  # 10: exactly the cap
    state = _fed_state([("a3", 0, 0), ("b2", 0, 0)])
    assert state.camels[0] == 5
    state = _fed_state([("a3", 0, 0), ("b2", 0, 0), ("c2", 0, 0)], camels=(6, 5))
    assert state.camels[0] == 10  # 6 + 7, capped


def test_the_next_player_expands_then_actions_start_with_the_first_in_turn_order():
    state = table(2, [("b1", 0, 1), ("e2", 1, 1)], phase=P_HUTS, order=(1, 0), seat=1)
    state.huts = [0, 0]
    expansion(state)
    assert state.phase == P_ACTIONS and state.seat == 1
