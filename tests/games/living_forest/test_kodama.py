"""The Kodama expansion (our design, docs/games/living-forest.md)."""

import pytest

from meeple.engine import IllegalMove
from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import ONIBI_STEPS, SPROUT

from .helpers import card, legal_texts, new, play, stack, to_actions, tree


def test_every_spirit_starts_with_a_kodama_sprout_and_victory_is_at_13():
    st = new(kodama=True)
    assert all(SPROUT in d for d in st.draw) and st.target == 13
    assert len(st.market) == 3
    assert new().target == 12 and not new().market


def test_buying_a_kodama_card_with_flowers_once_a_turn_and_onibi_adds_fires_for_each_spirit_jumped():
    st = new(2, kodama=True)
    st.market = [card("Kodama of Dew"), card("Kodama Twins"), card("Kodama of Rain")]
    st.onibi, st.rocks, st.circle = 11, [0, 6], [2]
    st = to_actions(st, [["Fawn", "Fox", "Ram"], ["Hare"]])  # 4 flowers
    assert "buy kodama-twins" in legal_texts(st, 0)
    st, log = play(st, 0, "buy kodama-twins")
    assert st.draw[0][-1] == card("Kodama Twins") and st.known_top[0] == 1
    assert st.onibi == (11 + ONIBI_STEPS[2]) % 12 == 2
    assert st.circle == [2, 2], "Onibi jumped the spirit on rock 0: one fire of 2"
    assert not any(t.startswith("buy") for t in legal_texts(st, 0)), "one Kodama card a turn"
    with pytest.raises(IllegalMove):
        play(st, 0, "buy kodama-of-dew")
    assert st.actions_left == 2, "buying is not one of the actions"


@pytest.mark.parametrize("n, onibi, rocks, fires", [
    (4, 11, [0, 3, 6, 9], [2]),  # one step onto rock 1's spirit: landed on, not jumped (issue 37)
    (2, 11, [2, 6], [2]),        # three steps, the spirit on the last: landed on
    (2, 11, [1, 6], [2, 2]),     # a spirit on a rock passed over: jumped, one Fire 2
])
def test_onibi_adds_a_fire_only_for_the_spirits_it_jumps(n, onibi, rocks, fires):
    st = new(n, kodama=True)
    st.market = [card("Kodama of Dew"), card("Kodama Twins"), card("Kodama of Rain")]
    st.onibi, st.rocks, st.circle = onibi, rocks, [2]
    st = to_actions(st, [["Fawn", "Fox", "Ram"]] + [["Hare"]] * (n - 1))
    st, _ = play(st, 0, "buy kodama-twins")
    assert st.onibi == (onibi + ONIBI_STEPS[n]) % 12 and st.circle == fires


def test_kodama_symbols_give_a_fragment_a_tile_and_an_action():
    st = new(kodama=True)
    stack(st, 0, ["Kodama Sprout", "Kodama Twins", "Kodama of Dew", "Hare"])
    st, _ = play(st, 0, "draw")
    st, log = play(st, 0, "draw")  # 3 symbols at once: a Fragment and the tile
    assert st.frags[0] == 1
    assert legal_texts(st, 0) == {"tile sun", "tile water", "tile leaf", "tile wind", "tile flower"}
    st, _ = play(st, 0, "tile wind")
    assert st.totals(0)[3] == 1
    st, _ = play(st, 0, "draw")  # a fourth symbol: one more action
    assert st.extra_action[0]
    st, _ = play(st, 0, "stop")
    stack(st, 1, ["Hare"])
    st, _ = play(st, 1, "draw")  # its last card: seat 2 stops
    assert st.actions_left == 3, "a solitary Sprout only: two actions, and one for four Kodama symbols"


def test_kodama_trees_multiply_by_the_kodama_symbols():
    st = new(kodama=True)
    st.forest[0][6] = tree("K-water")
    st.help[0] = [card("Kodama Twins"), card("Kodama of Dew")]
    st.changed(0)
    assert st.totals(0)[1] == 1 + 3  # Dew's water and 3 Kodama symbols
    st.forest[0][8] = tree("K-kodama")
    st.changed(0)
    assert st.totals(0)[1] == 1 + 4


def test_a_new_level_2_animal_lets_its_action_be_taken_twice():
    st = new(kodama=True)
    st = to_actions(st, [["Red Panda"], ["Hare"]])
    st, _ = play(st, 0, "fragment")
    assert "fragment" in legal_texts(st, 0)
    st, _ = play(st, 0, "fragment")
    assert st.frags[0] == 2


def test_a_new_level_3_animal_gives_one_more_action_of_its_type():
    st = new(kodama=True)
    st = to_actions(st, [["Snow Owl", "Hare"], ["Hare"]])
    st, _ = play(st, 0, "fragment")
    st, _ = play(st, 0, "move 1")  # rock bonus of rock 1: a Fragment
    assert st.turn == 0 and "fragment" in legal_texts(st, 0)
    st, _ = play(st, 0, "fragment")
    assert st.frags[0] == 3


def test_tree_11_lets_both_actions_be_the_same():
    st = new()
    st.forest[0][6] = tree("11-twin")
    st = to_actions(st, [["Hare"], ["Hare"]])
    st, _ = play(st, 0, "fragment")
    assert "fragment" in legal_texts(st, 0)
    GAME.is_over(st)
