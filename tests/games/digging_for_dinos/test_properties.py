"""Invariants over thousands of random games with 2, 3 and 4 players (light by default:
MEEPLE_DINO_GAMES raises the count)."""

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.digging_for_dinos.components import CELLS, N_SPECIES, N_TILES
from meeple.games.digging_for_dinos.moves import PLACES
from meeple.games.digging_for_dinos.rules import MOVE, OVER, PLACE
from meeple.games.digging_for_dinos.scoring import completed_count

from .helpers import GAME

GAMES = int(os.environ.get("MEEPLE_DINO_GAMES", "1500"))


def check(state):
    tiles = [t for t in state.board if t >= 0] + [t for s in state.stacks for t in s] + \
        [t for c in state.taken for t in c]
    assert sorted(tiles) == list(range(N_TILES))                 # every tile in exactly one place
    placed = [c for c in state.pawns if c >= 0]
    assert len(set(placed)) == len(placed)
    if state.phase != OVER:
        assert all(state.board[c] >= 0 for c in placed)          # tokens stand on tiles
        assert all(t >= 0 for t in state.board) or not any(state.stacks)


def test_random_games_keep_every_invariant_and_end_after_a_full_round():
    rng = Rng(2026)
    for g in range(GAMES):
        n = 2 + g % 3
        state = GAME.setup(n, {}, g)
        turns_by_seat = [0] * n
        steps = 0
        while state.phase != OVER:
            (seat,) = GAME.to_move(state)
            moves = GAME.legal_moves(state, seat)
            if state.phase == MOVE:
                directed = GAME.directed_moves(state, seat)
                assert moves == directed or (not directed and len(moves) == 2 * sum(
                    state.open_tile(c) for c in range(CELLS)))
                turns_by_seat[seat] += 1
            elif state.phase == PLACE:  # every open tile, in cell order; with a hole too (a loaded position)
                assert moves == [PLACES[c] for c in range(CELLS) if state.open_tile(c)]
                holed = GAME.clone(state)
                holed.board[g % CELLS] = -1
                assert GAME.legal_moves(holed, seat) == [PLACES[c] for c in range(CELLS) if holed.open_tile(c)]
            move = rng.choice(moves)
            GAME.apply(state, seat, move)
            steps += 1
            assert steps < 200
            if g % 10 == 0:
                check(state)
        check(state)
        assert len(set(turns_by_seat)) == 1                        # everyone had the same number of turns
        assert state.ending != 0
        if state.ending == 1:
            assert not any(state.stacks)
        else:
            assert max(completed_count(h) for h in state.have) >= 4
        assert GAME.scores(state) == [sh.total for sh in GAME.score_sheet(state)]
        assert all(c >= 0 and state.board[c] == -1 for c in state.pawns)   # tiles under tokens collected


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_views_never_show_the_order_of_the_stacks(n, seed, steps):
    state = GAME.setup(n, {}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_move(state)
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    other = state.copy()
    for stack in other.stacks:
        stack.reverse()
    for viewer in [None, *range(n)]:
        assert json.dumps(GAME.view(state, viewer)) == json.dumps(GAME.view(other, viewer))
        if viewer is not None:
            assert GAME.heuristic(state, viewer) == GAME.heuristic(other, viewer)
            a, b = GAME.determinize(state, viewer, Rng(5)), GAME.determinize(other, viewer, Rng(5))
            assert a.stacks == b.stacks


def test_the_kept_species_figures_match_a_count_from_scratch_after_every_move():
    # worth and hope are counted when first asked (a random playout never asks), from then on kept as
    # tiles are taken; the search reads them for every position it judges. Each game is first played
    # some moves with nobody asking.
    from meeple.games.digging_for_dinos.components import PARTS
    from meeple.games.digging_for_dinos.scoring import counts_total
    from meeple.games.digging_for_dinos.strategy import counts_prospect

    def worth(have, s):  # counted afresh, not remembered
        return counts_total.__wrapped__(tuple(have[PARTS[s]]), s)

    def hope(have, gone, s):
        return counts_prospect.__wrapped__(tuple(have[PARTS[s]]), tuple(gone[PARTS[s]]), s)

    rng = Rng(77)
    for g in range(60):
        n = 2 + g % 3
        state = GAME.setup(n, {}, 500 + g)
        unasked = (g % 7) * 6
        while state.phase != OVER:
            (seat,) = GAME.to_move(state)
            moves = GAME.legal_moves(state, seat)
            if unasked:
                unasked -= 1
                GAME.apply(state, seat, rng.choice(moves))
                assert state.worth is None
                continue
            for move in moves[:4]:
                GAME.scores_after(state, seat, move)
            GAME.apply(state, seat, rng.choice(moves))
            for pos in (state, GAME.clone(state)):
                assert pos.worth == [[worth(h, s) for s in range(N_SPECIES)] for h in pos.have]
                assert pos.hope == [[hope(h, pos.gone, s) for s in range(N_SPECIES)] for h in pos.have]


def test_scores_after_every_move_equal_the_move_played_on_a_copy_all_game_long():
    # scores_after works out once what every move of one paleontologist shares (state.memo, dropped
    # by apply); asked in either order, each candidate must still be judged as the move played.
    rng = Rng(91)
    for g in range(45):
        n = 2 + g % 3
        state = GAME.setup(n, {}, 700 + g)
        while state.phase != OVER:
            (seat,) = GAME.to_move(state)
            moves = GAME.legal_moves(state, seat)
            expected = {}
            for move in moves:
                after = GAME.clone(state)
                GAME.apply(after, seat, move)
                expected[move] = (GAME.scores(after), GAME.heuristic(after, seat))
            for order in (moves, moves[::-1]):
                for move in order:
                    assert GAME.scores_after(state, seat, move) == expected[move], (g, move)
            GAME.apply(state, seat, rng.choice(moves))
