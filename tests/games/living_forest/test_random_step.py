"""The fused random_step picks, for every draw, the move legal_moves and advance would play.

tests/engine/test_hot_path.py follows seeded random games; here every draw is tried at hand-built action
phases where a Fragment may be taken: as a turn's first action with another left (the step keeps the moves
offered with it, less the Fragment), with nothing else to do after it, where it may be taken again (a Kodama
twice card, tree 11), as the turn's only action, and as the second action.
"""

import pytest

from meeple.games.living_forest.components import FRAGMENT
from meeple.games.living_forest.moves import FRAGMENT_MOVE
from tests.playouts import every_draw_agrees

from .helpers import GAME, card, legal_texts, new, play, to_actions, tree


def _turn(helps, kodama=False, forest=(), market=()):
    st = new(2, kodama=kodama)
    for space, name in forest:
        st.forest[0][space] = tree(name)
    if market:
        st.market = [card(x) for x in market]
    return to_actions(st, helps)


def _after_a_fragment(helps, **kw):
    st = _turn(helps, **kw)
    st, _ = play(st, 0, "fragment")
    return st


POSITIONS = {
    # Suns, water and wind: animals, a fire and rocks beside the Fragment; another action left.
    "first of two": lambda: _turn([["Lynx", "Hummingbird", "Hare"], ["Hare"]]),
    # Nothing but the Fragment and Done: after the Fragment the turn ends.
    "a Fragment alone": lambda: _turn([[], ["Hare"]]),
    # The Red Panda lets the Fragment be taken twice, tree 11 any action again.
    "a twice card": lambda: _turn([["Red Panda", "Hare"], ["Hare"]], kodama=True),
    "tree 11": lambda: _turn([["Lynx", "Hare"], ["Hare"]], forest=[(6, "11-twin")]),
    # Three solitary symbols, one action: after the Fragment only a Kodama card may be bought.
    "the only action": lambda: _turn([["Bear", "Beetle", "Fox"], ["Hare"]], kodama=True,
                                     market=["Kodama of Dew", "Kodama Twins", "Kodama of Rain"]),
    "the second action": lambda: _after_a_fragment([["Red Panda", "Lynx", "Hare"], ["Hare"]], kodama=True),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_every_draw_plays_what_the_three_calls_play(name):
    make = POSITIONS[name]
    st = make()
    assert FRAGMENT_MOVE in GAME.legal_moves(st, GAME.actor(st)), name
    every_draw_agrees(GAME, make, kept=lambda state: (state._moves, state.turn, state.used))


def test_the_moves_kept_after_a_first_fragment_are_those_offered_with_it_less_the_fragment():
    st = _turn([["Lynx", "Hummingbird", "Hare"], ["Hare"]])
    offered = GAME.legal_moves(st, 0)
    pick = offered.index(FRAGMENT_MOVE)
    assert GAME.random_step(st, lambda: pick) == 0
    assert st.used[FRAGMENT] == 1 and st.actions_left == 1
    assert GAME.legal_moves(st, 0) == offered[:pick] + offered[pick + 1:]


def test_after_the_last_action_the_flowers_left_still_buy_a_kodama_card():
    st = POSITIONS["the only action"]()  # one flower: the Kodama of Dew (1 flower) only
    st, _ = play(st, 0, "fragment")
    assert st.actions_left == 0 and legal_texts(st, 0) == {"buy kodama-of-dew", "done"}
    st, _ = play(st, 0, "buy kodama-of-dew")
    assert st.turn == 1, "nothing left to do: the turn passed"
