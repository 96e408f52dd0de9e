"""Invariants over thousands of random games (ASSYRIA_GAMES sets how many per table size; 400 by default,
1,200 games in all, a few seconds)."""

import os

import pytest

from meeple.engine import Rng
from meeple.games.assyria.bits import hexes
from meeple.games.assyria.components import (
    CAMEL_CAP,
    FOOD_DECK,
    HUTS,
    N_HEXES,
    N_KINDS,
    OFFERING_TOP,
    WELL_STOCK,
    ZIGGURAT_STOCK,
)
from meeple.games.assyria.rules import influence
from meeple.games.assyria.state import P_OVER, P_START

from .helpers import GAME

GAMES = int(os.environ.get("ASSYRIA_GAMES", "400"))


def check(state):
    n = state.n
    cards = list(state.deck) + [k for k in state.sowing if k >= 0] + list(state.draft)
    for counts in (*state.hand, state.discard):
        cards += [k for k in range(N_KINDS) for _ in range(counts[k])]
    assert sorted(cards) == sorted(FOOD_DECK)
    assert state.plow_supply + sum(state.plows) == n and max(state.plows) <= 1  # never two plows
    for s in range(n):
        on_board = [h for h in range(N_HEXES) if state.occ[h] == s]
        assert on_board == hexes(state.mine[s])
        huts = sum(1 for h in on_board if state.level[h] == 0)
        in_assur = sum(a.count(s) for a in state.assur)
        assert huts + in_assur + state.huts[s] == HUTS
        zigs = sum(1 for h in on_board if state.level[h] > 0)
        for level in range(3):
            built = sum(1 for h in on_board if state.level[h] > level)
            assert built + state.zstock[s][level] == ZIGGURAT_STOCK
        assert zigs >= 1 or state.phase == P_START  # the starting ziggurat never goes
        assert 0 <= state.camels[s] <= CAMEL_CAP and 0 <= state.offering[s] <= OFFERING_TOP
        assert min(state.pts[s]) >= 0
    assert all(state.occ[h] < 0 for h in state.closed)
    assert state.well_stock + sum(1 for w in state.wells if w >= 0) == WELL_STOCK[n]
    assert len(state.assur[0]) <= 3 and len(state.assur[1]) <= 4 and len(state.assur[2]) <= 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_count_and_end_after_eight_turns(n):
    rng = Rng(n)
    for seed in range(GAMES):
        state = GAME.setup(n, None, seed)
        totals = [0] * n
        moves = 0
        while state.phase != P_OVER:
            seat = state.seat
            options = GAME.legal_moves(state, seat)
            assert options and GAME.to_move(state) == frozenset((seat,))
            GAME.apply(state, seat, options[rng.randrange(len(options))])
            moves += 1
            now = GAME.scores(state)
            assert all(a >= b for a, b in zip(now, totals, strict=True))  # points are never taken away
            totals = now
            if seed % 8 == 0:
                check(state)
        check(state)
        assert state.reign == 3 and state.turn == 3 and moves < 1500
        assert [sheet.total for sheet in GAME.score_sheet(state)] == totals
        assert all(influence(state, s) == 0 for s in range(n))  # Assur was emptied by the last flood
        outcome = GAME.outcome(state)
        assert 1 in outcome.ranks
