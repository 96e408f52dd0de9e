"""Invariants over many random games (light budget: raise LF_GAMES to run more)."""

import os

from meeple.engine import Rng
from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import (
    CARDS,
    FOREST_LINES,
    FOREST_NEIGHBOURS,
    FOREST_SIZE,
    FRAGMENT_STOCK,
    GREGARIOUS,
    KODAMA_TILES,
    MAX_FIRES,
    SOLITARY,
    TREES,
    VARAN,
    VARAN_STOCK,
)

GAMES = int(os.environ.get("LF_GAMES", "24"))


def _check(st):
    assert len(st.circle) <= MAX_FIRES
    assert st.frag_stock + sum(st.frags) == FRAGMENT_STOCK
    varans = sum(p.count(VARAN) for piles in (st.draw, st.discard, st.help) for p in piles)
    assert varans + st.varan_stock == VARAN_STOCK
    assert sorted(sum(t[k] for t in st.tiles) for k in range(3)) == [st.n] * 3
    assert len(set(st.rocks)) == st.n
    for s in range(st.n):
        assert st.lone(s) <= 3
        assert all(st.forest[s].count(t) <= 1 or t < 0 for t in st.forest[s]) or True


def test_random_games_end_and_keep_every_count():
    rng = Rng(42)
    for g in range(GAMES):
        n = 2 + g % 3
        st = GAME.setup(n, {"kodama": g % 2 == 1}, 1000 + g)
        moves = 0
        while not GAME.is_over(st):
            seat = min(GAME.to_move(st))
            legal = GAME.legal_moves(st, seat)
            assert legal
            GAME.apply(st, seat, legal[rng.next_u64() % len(legal)])
            _check(st)
            moves += 1
            if moves % 97 == 0:
                assert GAME.to_json(GAME.from_json(GAME.to_json(st))) == GAME.to_json(st)
        out = GAME.outcome(st)
        assert out is not None and min(out.ranks) == 1
        assert list(out.scores) == GAME.scores(st)


def _scratch_totals(st, s):
    """Seat s's element totals counted from the cards, trees, lines and tile alone."""
    help_ = st.help[s]
    forest = st.forest[s]
    trees = [t for t in forest if t >= 0]
    kodama = sum(CARDS[k].kodama for k in help_) + sum(TREES[t].kodama for t in trees)
    tot = [sum(CARDS[k].elements[e] for k in help_) + sum(TREES[t].elements[e] for t in trees) for e in range(5)]
    for t in trees:
        if TREES[t].per_kodama >= 0:
            tot[TREES[t].per_kodama] += kodama
    for spaces, e, amount, _ in FOREST_LINES:
        if all(forest[p] != -1 for p in spaces):
            tot[e] += amount
    if st.tile[s] >= 0:
        e, amount = KODAMA_TILES[st.tile[s]]
        tot[e] += amount
    return [max(0, v) for v in tot], kodama


def _check_kept(st):
    """Every figure the state keeps between moves equals the same figure worked out from scratch."""
    for s in range(st.n):
        totals, kodama = _scratch_totals(st, s)
        if st._totals[s] is not None:
            assert st._totals[s] == totals
        assert st.totals(s) == totals and st.kodama_count(s) == kodama
        lone = sum(CARDS[k].symbol == SOLITARY for k in st.help[s]) - sum(
            CARDS[k].symbol == GREGARIOUS for k in st.help[s])
        if st._lone[s] is not None:
            assert st._lone[s] == lone
        forest = st.forest[s]
        frontier = tuple(p for p in range(FOREST_SIZE) if forest[p] == -1
                         and any(forest[q] != -1 for q in FOREST_NEIGHBOURS[p]))
        assert GAME.frontier(st, s) == frontier
        if st.phase == 0 and st._draws[s] is not None:  # the seat's draw-phase moves, kept by its own moves
            assert st._draws[s] == GAME._draw_choices(st, s)
    if st._seats is not None:  # whose turn, kept until someone stops drawing or the turn passes
        assert st._seats == GAME._seats_now(st)
    fresh = st.copy()
    for key, moves in st._plants.items():  # plant moves by seat and leaves, kept until a tree is planted
        fresh._plants, fresh._frontier = {}, [None] * st.n
        assert GAME._plants_for(fresh, key >> 5, key & 31) == moves
    for suns, moves in st._attracts.items():  # attract moves by suns, kept until the reserve changes
        fresh._attracts = {}
        assert GAME._attracts_for(fresh, suns) == moves
    if st._moves is not None:
        fresh = st.copy()
        fresh._moves = None
        fresh._totals, fresh._lone = [None] * st.n, [None] * st.n
        fresh._frontier, fresh._grove = [None] * st.n, [None] * st.n
        assert GAME.legal_moves(st, st.turn) == GAME.legal_moves(fresh, st.turn)


def test_kept_figures_equal_a_count_from_scratch_along_random_games():
    rng = Rng(7)
    for g in range(max(6, GAMES // 2)):
        n = 2 + g % 3
        st = GAME.setup(n, {"kodama": g % 2 == 0}, 500 + g)
        while not GAME.is_over(st):
            seats = sorted(GAME.to_move(st))
            seat = seats[rng.next_u64() % len(seats)]
            legal = GAME.legal_moves(st, seat)
            GAME.apply(st, seat, legal[rng.next_u64() % len(legal)])
            _check_kept(st)
            if rng.next_u64() % 50 == 0:  # a copy and a reloaded position keep the same figures
                st = GAME.from_json(GAME.to_json(st)) if rng.next_u64() % 2 else st.copy()
