"""Setup, the opening (starting spaces, the first food card) and farming (sowing, harvest, turn order)."""

import pytest

from meeple.games.assyria.components import (
    CLOSED,
    FOOD_DECK,
    HEX_LABEL,
    HEX_QR,
    KIND_SYMBOLS,
    N_WELLS,
    START_SPACES,
    WILD,
)
from meeple.games.assyria.state import P_DRAFT, P_HARVEST, P_HUTS, P_START

from .helpers import GAME, H, kind, play, texts


def test_the_map_and_its_components():
    assert len(HEX_QR) == 64 and N_WELLS == 58 and len(FOOD_DECK) == 40
    assert FOOD_DECK.count(WILD) == 5 and FOOD_DECK.count(kind("grape1")) == 3
    assert FOOD_DECK.count(kind("grape2")) == 2 and FOOD_DECK.count(kind("salt3")) == 2


@pytest.mark.parametrize("n, closed, wells", [(2, 26, 8), (3, 13, 12), (4, 0, 16)])
def test_hexes_closed_and_wells_by_table_size(n, closed, wells):
    state = GAME.setup(n, None, 1)
    assert len(CLOSED[n]) == closed
    assert state.well_stock == wells
    if n == 2:
        assert all(HEX_LABEL[h][0] in "ghij" for h in CLOSED[2])
    if n == 3:
        assert all(HEX_LABEL[h][0] in "ij" for h in CLOSED[3])


def test_each_player_starts_with_ten_huts_a_plow_and_a_first_expansion_of_four():
    state = GAME.setup(3, None, 5)
    assert state.huts == [10, 10, 10] and state.plows == [1, 1, 1] and state.plow_supply == 0
    assert state.zstock == [[4, 4, 4]] * 3
    assert state.expansions == [4] and sorted(state.exp_deck) == [2, 2, 3, 3, 3, 3, 4, 4]
    assert state.camels == [0, 0, 0]


def test_starting_spaces_in_seat_order_then_the_opening_card_in_reverse_order():
    state = GAME.setup(3, None, 2)
    assert state.phase == P_START and state.seat == 0
    assert texts(state) == [f"start {HEX_LABEL[h]}" for h in START_SPACES[3]]
    play(state, "start e2")
    assert state.seat == 1 and "start e2" not in texts(state)
    play(state, "start g6")
    # The last space is the only one left: taken at once, then three cards are turned up.
    assert state.occ[H("b5")] == 2 and state.level[H("b5")] == 1
    assert state.zstock == [[3, 4, 4]] * 3  # one base is each player's starting ziggurat
    assert state.phase == P_DRAFT and len(state.draft) == 3 and state.seat == 2
    first = GAME.legal_moves(state, 2)[0]
    GAME.apply(state, 2, first)
    assert state.hand[2][first.kind] == 1 and state.seat == 1
    GAME.apply(state, 1, GAME.legal_moves(state, 1)[0])
    if state.phase == P_DRAFT:  # two different cards were left: seat 1 chooses
        GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])
    assert state.phase == P_HARVEST and state.seat == 0
    assert [sum(h) for h in state.hand] == [1, 1, 1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sowing_two_rows_sorted_by_symbols_with_wild_cards_right(n):
    for seed in range(30):
        state = GAME.setup(n, None, seed)
        cols = n + 1
        assert len(state.sowing) == 2 * cols
        for row in (state.sowing[:cols], state.sowing[cols:]):
            keys = [(k == WILD, KIND_SYMBOLS[k]) for k in row]
            assert keys == sorted(keys)


def test_harvest_takes_a_column_and_the_columns_give_the_new_turn_order():
    state = GAME.setup(3, None, 4)
    while state.phase != P_HARVEST:
        GAME.apply(state, state.seat, GAME.legal_moves(state, state.seat)[0])
    cols = 4
    top, bottom = state.sowing[2], state.sowing[cols + 2]
    before = state.hand[0][:]
    play(state, "column 3")
    assert state.hand[0][top] == before[top] + 1 + (top == bottom)
    assert state.sowing[2] == state.sowing[cols + 2] == -1 and state.taken[2] == 0
    assert "column 3" not in texts(state)
    play(state, "column 4", "column 1")
    # Column 1 (seat 2), column 3 (seat 0), column 4 (seat 1).
    assert state.order == [2, 0, 1]
    assert state.phase in (P_HUTS,) or state.seat in (2, 0, 1)
