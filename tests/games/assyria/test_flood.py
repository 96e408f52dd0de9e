"""The flood at each reign's end, Assur and its tie-breaks, the dignitaries, offerings, the end."""

from meeple.games.assyria.rules import assur_payout, assur_ranking
from meeple.games.assyria.state import P_HARVEST, P_OVER, ROW_INDEX

from .helpers import GAME, H, play, table

ASSUR, HIGHER, OFFERINGS = ROW_INDEX["assur"], ROW_INDEX["higher"], ROW_INDEX["offerings"]


def flood(state):
    log = []
    GAME._flood(state, log)
    return [e.text for e in log]


def test_river_huts_are_washed_away_back_to_stock():
    state = table(2, [("c2", 0, 0), ("a5", 1, 0), ("a1", 0, 0), ("d3", 0, 1)])
    huts = state.huts[:]
    flood(state)
    assert state.occ[H("c2")] == -1 and state.occ[H("a5")] == -1
    assert state.occ[H("a1")] == 0 and state.occ[H("d3")] == 0
    assert state.huts == [huts[0] + 1, huts[1] + 1]


def test_assur_most_influence_scores_all_cards_then_takes_the_highest():
    state = table(3, [], turn=3)
    state.expansions = [4, 3, 2]
    state.assur = [[2], [0], [1, 1, 1]]  # influence: seat 2 3, seat 0 2, seat 1 3
    # Seats 1 and 2 tie on 3 influence; seat 1 has more huts (3 against 1).
    assert assur_ranking(state) == [1, 2, 0]
    assert assur_payout(state) == [(1, 9), (2, 5), (0, 2)]
    flood(state)
    assert [state.pts[s][ASSUR] for s in range(3)] == [2, 9, 5]


def test_assur_tie_on_influence_and_huts_goes_to_the_higher_hut():
    state = table(3, [], turn=3)
    state.expansions = [4, 3, 3]
    state.assur = [[], [0, 1], []]  # both 2 influence, 1 hut; seat 0 came first, so stands higher
    assert assur_ranking(state) == [0, 1]
    state.assur = [[1], [], [0, 0, 0]]  # 3 each, but seat 0 has 3 huts against 1
    assert assur_ranking(state) == [0, 1]
    state.assur = [[0], [1, 1], [0]]  # 4 influence and 2 huts each: seat 0 has a hut on the higher one
    assert assur_ranking(state) == [0, 1]
    state.assur = [[], [], [1, 0]]  # 1 each, seat 1 first on the lower dignitary
    assert assur_ranking(state) == [1, 0]


def test_no_influence_no_points():
    state = table(3, [], turn=3)
    state.expansions = [4, 3, 2]
    state.assur = [[], [], [1]]
    assert assur_payout(state) == [(1, 9)]


def test_two_players_the_second_scores_nothing_in_the_first_reign_then_the_lowest_card():
    state = table(2, [], turn=2)
    state.expansions = [4, 2]
    state.assur = [[0], [1], []]
    assert assur_payout(state) == [(0, 6), (1, 0)]
    state = table(2, [], reign=2, turn=3)
    state.expansions = [3, 2, 4]
    state.assur = [[0], [1], []]
    assert assur_payout(state) == [(0, 9), (1, 2)]
    # Three players: the second scores what is left after the first took the highest card.
    state = table(3, [], reign=2, turn=3)
    state.expansions = [3, 2, 4]
    state.assur = [[0], [1], []]
    assert assur_payout(state) == [(0, 9), (1, 5)]


def test_four_players_the_bonus_card_joins_in_the_second_and_third_reigns():
    state = table(4, [], reign=2, turn=3)
    state.expansions, state.bonus = [3, 2, 4], True
    state.assur = [[0], [1], [2]]
    assert assur_payout(state) == [(0, 13), (1, 9), (2, 5)]
    # The bonus card comes with the new reign's first expansion card, from the second reign on.
    state = table(4, [("b1", 0, 1), ("b5", 1, 1), ("i2", 2, 1), ("i6", 3, 1)], turn=2, camels=(0, 0, 0, 0))
    assert not state.bonus
    play(state, "done")  # nobody else has camels: the turn, and the reign, end at once
    assert state.phase == P_HARVEST and state.reign == 2 and state.bonus and len(state.expansions) == 1


def test_dignitaries_higher_1_4_8_points_middle_a_plow_lower_a_camel_a_hut():
    state = table(3, [], turn=3, camels=(9, 0, 0))
    state.expansions = [2, 2, 2]
    state.assur = [[1, 1, 0], [0, 2], [0, 0, 2]]
    state.plows = [1, 0, 0]
    state.plow_supply = 2
    huts = state.huts[:]
    flood(state)
    assert state.pts[1][HIGHER] == 4 and state.pts[0][HIGHER] == 1
    assert state.plows == [1, 0, 1] and state.plow_supply == 1  # seat 0 held one already: never two
    assert state.camels == [10, 0, 1]  # 9 + 2, capped at 10
    assert state.assur == [[], [], []]
    assert state.huts == [huts[0] + 4, huts[1] + 2, huts[2] + 2]
    state = table(3, [], turn=3)
    state.assur = [[1, 1, 1], [], []]
    flood(state)
    assert state.pts[1][HIGHER] == 8


def test_offerings_multiply_the_ziggurats_then_go_back_to_the_start():
    # Seat 0: two ziggurats (one unfinished), track 5 -> x3; seat 1: one ziggurat, track 7 -> x4.
    state = table(2, [("d3", 0, 1), ("b3", 0, 3), ("e2", 1, 2), ("a1", 0, 0)], turn=2)
    state.offering = [5, 7]
    flood(state)
    assert state.pts[0][OFFERINGS] == 6 and state.pts[1][OFFERINGS] == 4
    assert state.offering == [0, 0]
    for track, mult in ((1, 1), (2, 2), (3, 2), (4, 3), (6, 3)):
        state = table(2, [("d3", 0, 1)], turn=2)
        state.offering = [track, 0]
        flood(state)
        assert state.pts[0][OFFERINGS] == mult


def test_reigns_of_2_3_and_3_turns_and_the_end_scoring():
    state = GAME.setup(2, None, 9)
    turns = []
    while state.phase != P_OVER:
        key = (state.reign, state.turn)
        if not turns or turns[-1] != key:
            turns.append(key)
        GAME.apply(state, state.seat, GAME.legal_moves(state, state.seat)[-1])
    assert turns == [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
    assert GAME.outcome(state) is not None


def test_end_scoring_1_a_ziggurat_tile_1_a_plow_1_a_pair_of_camels():
    state = table(2, [("d3", 0, 3), ("b3", 0, 1), ("e2", 1, 1)], reign=3, turn=3, camels=(7, 0))
    state.plows = [1, 0]
    play(state, "done")  # seat 2 has no camels: its actions end at once, and so does the game
    assert state.phase == P_OVER
    sheet = {r.key: r.points for r in GAME.score_sheet(state)[0].rows}
    assert sheet["tiles"] == 4 and sheet["plows"] == 1 and sheet["camels"] == 3


def test_a_tie_for_first_place_shares_the_victory():
    state = table(2, [("d3", 0, 1), ("e2", 1, 1)], reign=3, turn=3, camels=(1, 0))
    state.plows = [1, 1]
    assert state.phase != P_OVER
    state.camels = [0, 0]
    play(state, "done")
    assert state.phase == P_OVER
    outcome = GAME.outcome(state)
    assert outcome.scores[0] == outcome.scores[1] and outcome.ranks == (1, 1)
