"""Actions with camels: ziggurats, Assur, offerings, a plow or one food card a turn."""

from meeple.engine import IllegalMove
from meeple.games.assyria.state import P_ACTIONS, P_HARVEST

from .helpers import GAME, H, kind, play, table, texts, well_of


def test_a_ziggurat_costs_6_camels_and_replaces_a_hut_away_from_rivers_and_wells():
    # a1, a2, b1 outside; c2 on the first river; a well between b1, a1 and a2 makes all three unbuildable.
    state = table(2, [("a1", 0, 0), ("a2", 0, 0), ("b1", 0, 0), ("c2", 0, 0), ("d3", 0, 0)], camels=(6, 5))
    assert [t for t in texts(state) if t.startswith("build")] == ["build a1", "build a2", "build b1", "build d3"]
    state.wells[well_of("b1", "a1", "a2")] = 0
    state.touch()
    assert [t for t in texts(state) if t.startswith("build")] == ["build d3"]
    huts, bases = state.huts[0], state.zstock[0][0]
    play(state, "build d3")
    assert state.level[H("d3")] == 1 and state.camels[0] == 0 and state.huts[0] == huts + 1
    assert state.zstock[0][0] == bases - 1
    state = table(2, [("d3", 0, 0)], camels=(5, 5))
    assert "build d3" not in texts(state)


def test_a_ziggurat_grows_one_level_a_turn_centre_3_roof_2():
    state = table(2, [("d3", 0, 1), ("b3", 0, 0)], camels=(10, 5))
    assert "extend d3" in texts(state)
    play(state, "extend d3")
    assert state.level[H("d3")] == 2 and state.camels[0] == 7 and state.zstock[0][1] == 4 - 1
    assert "extend d3" not in texts(state)  # not twice in one turn
    play(state, "build b3")
    assert "extend b3" not in texts(state)  # nor on the ziggurat built this turn
    # The next turn: the roof for 2 camels, and then no more.
    state.fresh = []
    state.camels[0] = 2
    state.touch()
    play(state, "extend d3")
    assert state.level[H("d3")] == 3 and state.camels[0] == 0
    state.fresh, state.camels[0] = [], 9
    state.touch()
    assert "extend d3" not in texts(state)


def test_ziggurat_stock_runs_out():
    state = table(2, [("d3", 0, 0)], camels=(10, 5))
    state.zstock[0] = [0, 4, 4]
    state.touch()
    assert "build d3" not in texts(state)


def test_assur_dignitaries_cost_4_3_2_camels_a_hut_from_stock_and_have_3_4_6_spaces():
    state = table(2, [], camels=(10, 5))
    assert [t for t in texts(state) if t.startswith("assur")] == ["assur higher", "assur middle", "assur lower"]
    play(state, "assur higher", "assur middle", "assur lower")
    assert state.camels[0] == 1 and state.huts[0] == 7 and state.assur == [[0], [0], [0]]
    state = table(2, [], camels=(10, 5))
    state.assur = [[1, 1, 1], [1, 1, 1, 1], [1] * 5]
    state.touch()
    assert [t for t in texts(state) if t.startswith("assur")] == ["assur lower"]
    state.assur[2].append(1)  # the lower dignitary's sixth space taken: it is full too
    state.touch()
    assert [t for t in texts(state) if t.startswith("assur")] == []
    state.assur = [[], [], []]
    state.huts[0] = 0
    state.touch()
    assert [t for t in texts(state) if t.startswith("assur")] == []  # no hut in stock


def test_offerings_up_to_3_camels_a_turn_and_the_track_stops_at_7():
    state = table(2, [], camels=(10, 5))
    assert [t for t in texts(state) if t.startswith("offer")] == ["offer 1", "offer 2", "offer 3"]
    play(state, "offer 2")
    assert [t for t in texts(state) if t.startswith("offer")] == ["offer 1"]
    play(state, "offer 1")
    assert not [t for t in texts(state) if t.startswith("offer")]
    assert state.offering[0] == 3 and state.camels[0] == 7
    state = table(2, [], camels=(10, 5))
    state.offering[0] = 6
    state.touch()
    assert [t for t in texts(state) if t.startswith("offer")] == ["offer 1"]
    state = table(2, [], camels=(2, 5))
    assert [t for t in texts(state) if t.startswith("offer")] == ["offer 1", "offer 2"]


def test_one_food_card_a_turn_1_camel_for_one_symbol_2_for_more_or_wild():
    state = table(2, [], camels=(3, 5))
    state.sowing = [kind("salt1"), kind("grape2"), -1, kind("wild"), -1, -1]
    state.touch()
    assert [t for t in texts(state) if t.startswith("buy")] == ["buy grape2", "buy salt1", "buy wild"]
    play(state, "buy grape2")
    assert state.camels[0] == 1 and state.hand[0][kind("grape2")] == 1
    assert not [t for t in texts(state) if t.startswith("buy")]
    state = table(2, [], camels=(1, 5))
    state.sowing = [kind("salt1"), kind("grape2"), -1, kind("wild"), -1, -1]
    state.touch()
    assert [t for t in texts(state) if t.startswith("buy")] == ["buy salt1"]


def test_never_two_plows_a_plow_costs_2_and_must_be_in_the_supply():
    state = table(2, [], camels=(5, 5))
    assert "plow" not in texts(state)  # holds one already
    state.plows[0], state.plow_supply = 0, 1
    state.touch()
    play(state, "plow")
    assert state.plows[0] == 1 and state.plow_supply == 0 and state.camels[0] == 3
    assert "plow" not in texts(state)
    state = table(2, [], camels=(5, 5))
    state.plows[0] = 0  # none in the supply
    state.touch()
    assert "plow" not in texts(state)


def test_refused_actions_change_nothing_and_say_why():
    state = table(2, [("d3", 0, 0)], camels=(3, 5))
    before = GAME.to_json(state)
    try:
        GAME.play(state, 0, GAME.parse_move("build d3"))
        raise AssertionError("should be refused")
    except IllegalMove as e:
        assert "6 camels" in str(e)
    assert GAME.to_json(state) == before


def test_done_hands_on_and_the_last_done_ends_the_turn_with_a_new_expansion_card():
    state = table(2, [("d3", 0, 0), ("e2", 1, 1)], camels=(5, 5))
    deck = len(state.exp_deck)
    play(state, "done")
    assert state.seat == 1 and state.phase == P_ACTIONS
    play(state, "done")
    assert state.phase == P_HARVEST and state.turn == 2 and len(state.expansions) == 2
    assert len(state.exp_deck) == deck - 1
    assert not any(state.fed)  # every hut must be resupplied again next turn
