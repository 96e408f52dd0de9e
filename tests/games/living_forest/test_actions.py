"""The action phase: in turn from the Sacred Tree, two different actions or one."""

import pytest

from meeple.engine import IllegalMove
from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import CORNERS, TILE_FLOWER

from .helpers import card, legal_texts, new, play, to_actions, tree


def test_fewer_than_three_solitary_give_two_different_actions():
    st = to_actions(new(), [["Bear", "Lynx", "Hare"], ["Fawn"]])
    assert st.turn == 0 and st.actions_left == 2
    st, _ = play(st, 0, "fragment")
    assert "fragment" not in legal_texts(st, 0)
    with pytest.raises(IllegalMove, match="must differ"):
        play(st, 0, "fragment")
    st, _ = play(st, 0, "move 1")
    assert GAME.to_move(st) == {1}, "two actions done: seat 2 acts"


def test_three_solitary_symbols_give_one_action():
    st = to_actions(new(), [["Bear", "Lynx", "Fox"], ["Fawn"]])
    assert st.actions_left == 1
    st, _ = play(st, 0, "fragment")
    assert GAME.to_move(st) == {1}


def test_three_solitary_and_a_gregarious_give_two_actions():
    st = to_actions(new(), [["Bear", "Lynx", "Fox", "Toucan"], ["Fawn"]])
    assert st.actions_left == 2


def test_attract_animals_for_suns_onto_the_top_of_the_draw_stack():
    st = new()
    st.rows[0] = [card("Hedgehog"), card("Beaver"), card("Lemur"), card("Spider")]
    st = to_actions(st, [["Beetle", "Weasel"], ["Fawn"]])  # 5 suns
    assert {"attract hedgehog", "attract beaver", "attract lemur", "attract spider"} <= legal_texts(st, 0)
    st, _ = play(st, 0, "attract hedgehog")  # 3 suns
    assert legal_texts(st, 0) == {"attract beaver", "attract spider", "done"}
    st, _ = play(st, 0, "attract beaver")  # 2 suns: nothing left to reach, the action ends
    assert st.draw[0][-2:] == [card("Hedgehog"), card("Beaver")]
    assert st.known_top[0] == 2
    view = GAME.view(st, 1)["seats"][0]
    assert [c["name"] for c in view["known_top"]] == ["Beaver", "Hedgehog"]
    assert st.rows[0] == [card("Lemur"), card("Spider")] and st.actions_left == 1
    assert "attract spider" not in legal_texts(st, 0)


def test_extinguish_fires_for_water():
    st = new()
    st.circle = [2, 3, 4]
    st = to_actions(st, [["Goldfish", "Hummingbird", "Bear", "Lynx"], ["Fawn"]])  # 5 water
    st, _ = play(st, 0, "fire 3")
    assert legal_texts(st, 0) >= {"fire 2", "done"} and "fire 4" not in legal_texts(st, 0)
    st, _ = play(st, 0, "fire 2")
    assert st.fires_taken[0] == [3, 2] and st.circle == [4]
    assert st.fires(0) == 3  # two Fire tiles and the Victory tile


def test_moving_jumps_over_spirits_without_counting_their_rocks_and_takes_a_victory_tile():
    st = new(3)  # spirits on rocks 2, 6, 10 (indices)
    st.rocks = [4, 5, 10]
    st = to_actions(st, [["Owl", "Hare"], ["Fawn"], ["Fawn"]])  # 2 wind
    st, log = play(st, 0, "move 2")  # rock 5 holds seat 2: jumped; lands on rock index 7
    assert st.rocks[0] == 7
    assert legal_texts(st, 0) == {"steal fire", "steal flower", "steal tree"}
    st, _ = play(st, 0, "steal flower")
    assert st.tiles[0] == [1, 2, 1] and st.tiles[1][TILE_FLOWER] == 0
    # Rock index 7 gives a Fragment at once.
    assert st.frags[0] == 1


def test_the_rock_bonus_is_an_extra_action_even_of_a_kind_already_taken():
    st = new()
    st.rocks = [0, 6]
    st.rows[0] = [card("Hedgehog"), card("Beaver"), card("Lemur"), card("Spider")]
    st = to_actions(st, [["Beetle", "Weasel", "Raven"], ["Fawn"]])  # 6 suns, 1 wind
    st, _ = play(st, 0, "attract spider")
    st, _ = play(st, 0, "done")
    st, _ = play(st, 0, "move 1")  # rock index 1: a Fragment
    assert st.frags[0] == 1
    st2 = new()
    st2.rocks = [1, 6]
    st2.rows[0] = [card("Hedgehog"), card("Beaver"), card("Lemur"), card("Spider")]
    st2 = to_actions(st2, [["Beetle", "Weasel", "Raven"], ["Fawn"]])
    st2, _ = play(st2, 0, "attract spider")  # 1 sun of 6
    st2, _ = play(st2, 0, "done")
    st2, _ = play(st2, 0, "move 1")  # rock index 2: attract again, with the suns left (5)
    assert st2.offered is not None and "attract lemur" in legal_texts(st2, 0)
    st2, _ = play(st2, 0, "attract lemur")
    assert st2.turn == 1


def test_plant_one_tree_next_to_one_already_planted():
    st = to_actions(new(), [["Bear", "Boar", "Bee"], ["Fawn"]])  # 5 leaves
    texts = legal_texts(st, 0)
    assert "plant 5-sun b2" in texts and "plant 5-sun c1" in texts and "plant 5-sun a1" not in texts
    assert "plant 6-water b2" not in texts
    st, _ = play(st, 0, "plant 5-sun b2")
    assert st.forest[0][6] == tree("5-sun") and st.dispenser[tree("5-sun")] == 1
    assert st.trees(0) == 3  # the starting tree, the new one, the Victory tile
    assert not any(t.startswith("plant") for t in legal_texts(st, 0)), "one and only one tree"


def test_completed_lines_give_permanent_elements():
    st = new()
    for p in (1, 11):
        st.forest[0][p] = tree("3-sun")
    st = to_actions(st, [["Bear", "Boar", "Bee"], ["Fawn"]])
    water = st.totals(0)[1]
    st, _ = play(st, 0, "plant 3-water b2")  # column b complete: +1 water (and the tree's own 1)
    assert st.totals(0)[1] == water + 2


def test_a_corner_gives_its_bonus_action_with_extra_elements():
    assert CORNERS[0][0] == 1 and CORNERS[0][2] == 3
    st = new()
    st.forest[0][1] = tree("3-sun")
    st.rows[0] = [card("Hedgehog"), card("Beaver"), card("Lemur"), card("Spider")]
    st = to_actions(st, [["Bear", "Bee"], ["Fawn"]])  # 3 leaves, 1 sun from the tree
    st, log = play(st, 0, "plant 3-water a1")
    assert st.offered is not None
    texts = legal_texts(st, 0)
    assert "attract hedgehog" in texts and "attract lemur" not in texts  # 1 + 3 suns
    st, _ = play(st, 0, "attract hedgehog")
    assert st.draw[0][-1] == card("Hedgehog")


def test_done_ends_the_turn_early():
    st = to_actions(new(), [["Hare"], ["Fawn"]])
    st, log = play(st, 0, "done")
    assert GAME.to_move(st) == {1}
