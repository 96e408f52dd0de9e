"""The automated end of a game turn, and victory."""

from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import VARAN
from meeple.games.living_forest.state import DRAW_PHASE, OVER

from .helpers import card, new, play, to_actions


def _finish_round(st):
    while st.phase != DRAW_PHASE and st.phase != OVER:
        st, _ = play(st, st.turn, "done")
    return st


def test_onibi_gives_fire_varans_to_spirits_whose_water_is_below_the_fires():
    st = new()
    st.circle = [2, 3]
    st = to_actions(st, [["Goldfish", "Hummingbird", "Bear"], ["Fawn"]])  # seat 1: 4 water; seat 2: none
    stock = st.varan_stock
    st = _finish_round(st)
    assert st.discard[1].count(VARAN) == 2, "as many Fire Varans as fires"
    assert st.discard[0].count(VARAN) == 2, "4 water is below fires of 5"
    assert st.varan_stock == stock - 4


def test_water_equal_to_the_fires_protects():
    st = new()
    st.circle = [2, 3]
    st = to_actions(st, [["Goldfish", "Hummingbird", "Bear", "Lynx"], ["Fawn"]])  # 5 water against 5
    st = _finish_round(st)
    assert VARAN not in st.discard[0] and st.discard[1].count(VARAN) == 2


def test_new_fires_per_animal_taken_by_level_at_most_seven_at_least_one():
    st = new()
    st.circle = []
    st.taken = [2, 1, 1]
    st = to_actions(st, [["Hare"], ["Fawn"]])
    st = _finish_round(st)
    assert st.circle == [2, 2, 2, 3, 4], "the circle was empty after stage 1: a Fire 2, then the animals'"
    st = new()
    st.circle = [2, 2, 2, 2, 2, 2]
    st.taken = [0, 2, 0]
    st = to_actions(st, [["Hare"], ["Fawn"]])
    st = _finish_round(st)
    assert len(st.circle) == 7
    st = new()
    st.circle = []
    st = to_actions(st, [["Hare"], ["Fawn"]])
    st = _finish_round(st)
    assert st.circle == [2], "no animal taken and no fire left: one fire of 2"


def test_a_fire_2_comes_when_the_circle_is_empty_after_stage_1_even_with_animals_taken():
    # The help page's example (issue 37): 2 players, circle [2]; a spirit puts that fire out and attracts
    # a level-1 animal: the circle is empty after stage 1, so a Fire 2, and the animal's Fire 2.
    st = new()
    st.circle = [2]
    st = to_actions(st, [["Hare"], ["Fawn"]])
    st.circle, st.taken = [], [1, 0, 0]  # as after the fire is put out and one level-1 animal attracted
    st = _finish_round(st)
    assert st.circle == [2, 2]


def test_the_reserve_is_refilled_help_lines_discarded_and_the_sacred_tree_passed():
    st = new()
    st.rows[0] = [card("Hedgehog"), card("Beaver"), card("Lemur"), card("Spider")]
    st.stacks[0] = [x for x in st.stacks[0] if x not in st.rows[0]]
    st = to_actions(st, [["Beetle", "Weasel"], ["Fawn"]])
    st, _ = play(st, 0, "attract spider")
    st, _ = play(st, 0, "done")
    st, _ = play(st, 0, "done")
    assert GAME.reveals(st, 1, GAME.parse_move("done")), "the refill turns up hidden cards"
    st, _ = play(st, 1, "done")
    assert st.phase == DRAW_PHASE and st.round == 2 and st.first == 1
    assert len(st.rows[0]) == 4 and card("Spider") not in st.rows[0]
    assert st.help == [[], []]
    assert card("Fawn") in st.discard[1] and card("Beetle") in st.discard[0]
    assert st.circle.count(2) == 2, "the fire of the start and one for the level 1 animal"


def test_the_game_ends_after_a_full_action_phase_when_a_goal_is_reached():
    st = new()
    st.fires_taken[1] = [2] * 11  # 12 with the Victory tile
    st = to_actions(st, [["Hare"], ["Fawn"]])
    st, _ = play(st, 0, "done")
    assert st.phase != OVER
    st, _ = play(st, 1, "done")
    assert st.phase == OVER
    out = GAME.outcome(st)
    assert out.winners == (1,)


def test_several_reaching_a_goal_are_ranked_by_the_sum_of_all_three():
    st = new(3)
    st.fires_taken[0] = [2] * 11          # 12 fires, 2 trees, 1 flower: 15
    st.tiles[2] = [1, 1, 1]
    st.fires_taken[2] = [2] * 11          # 12 fires + 2 trees + 1 flower + Fawn: 16
    st.fires_taken[1] = [2] * 10          # seat 2 reaches no goal, with a bigger sum: 11 + 2 + 5 = 18
    st = to_actions(st, [["Hare"], ["Ram", "Fawn", "Fox"], ["Fawn"]])
    for s in (0, 1, 2):
        st, _ = play(st, s, "done")
    out = GAME.outcome(st)
    assert st.completed(0) and st.completed(2) and not st.completed(1)
    assert out.scores[0] == 15 and out.scores[2] == 16
    assert out.winners == (2,)
    assert out.ranks[1] == 3, "a spirit that reached no goal ranks below those who did"
    assert "sum" in out.reasons[0]
    assert out.scores[1] == 18


def test_only_different_trees_count_towards_the_tree_goal():
    st = new()
    st.forest[0][6] = st.forest[0][8] = 4  # two 5-sun trees
    st.forest[0][2] = 5
    assert st.trees(0) == 1 + 2 + 1  # the starting tree, two different kinds, the Victory tile


def test_twelve_flowers_in_play_win_at_the_end_of_the_action_phase():
    st = new()
    st.tiles[0] = [1, 1, 1]
    st = to_actions(st, [["Ram", "Ram", "Ram", "Ram", "Ram", "Fox"], ["Hare"]])  # 11 + the tile
    assert st.flowers(0) == 12
    st, _ = play(st, 0, "done")
    st, _ = play(st, 1, "done")
    assert st.phase == OVER and GAME.outcome(st).winners == (0,)


def test_with_kodama_the_goal_is_thirteen():
    st = new(kodama=True)
    st.fires_taken[0] = [2] * 11  # 12: not enough with Kodama
    st = to_actions(st, [["Hare"], ["Hare"]])
    st, _ = play(st, 0, "done")
    st, _ = play(st, 1, "done")
    assert st.phase == DRAW_PHASE


def test_the_tree_goal_counts_kinds_planted_the_starting_tree_and_tree_victory_tiles():
    # Our ruling (issue 37; the official adaptation counts so): 10 kinds planted, the starting tree and
    # the spirit's own tree Victory tile make the 12 of the goal, and the score sheet says how.
    st = new()
    kinds = [t for t in range(10)]
    spaces = [s for s in range(15) if s != 7][:10]
    for t, space in zip(kinds, spaces):
        st.forest[0][space] = t
    st.changed(0)
    assert st.goals(0)[0] == 12 and st.completed(0)
    row = GAME.score_sheet(st)[0].row("trees")
    assert row.count == 12 and row.detail == "10 kinds planted + the starting tree + 1 tree Victory tile(s)"
    st.forest[0][spaces[-1]] = kinds[0]  # a second tree of a kind planted already: not a different tree
    st.changed(0)
    assert st.goals(0)[0] == 11 and not st.completed(0)
