"""The figures the search's fast paths remember or update, against a count from scratch."""

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.letters_home.components import N_MEMORIES, N_REFLECTIONS, N_TILES
from meeple.games.letters_home.moves import Take
from meeple.games.letters_home.rules import ACT, NOTE
from meeple.games.letters_home.scoring import _count, board_masks, count_with_tile
from meeple.games.letters_home.strategy import memories_needs, tiles_needed

from .helpers import GAME
from .test_properties import play_random


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 140))
def test_a_reflection_counted_with_one_more_tile_equals_a_recount(n, seed, cut):
    state, _ = play_random(n, seed, stop_after=cut)
    rng = Rng(seed)
    for s in range(n):
        board, sent = state.boards[s], state.sent[s]
        filters, cats = board_masks(board, sent)
        counts: dict[int, int] = {}  # shared by every space and tile, as the search shares it
        for space in [i for i in range(12) if board[i] < 0]:
            for tile in (rng.next_u64() % N_TILES, rng.next_u64() % N_TILES):
                pinned = board[:]
                pinned[space] = tile
                after_filters, after_cats = board_masks(pinned, sent)
                for ref in range(N_REFLECTIONS):
                    expected = _count(ref, pinned, after_filters, after_cats)
                    assert count_with_tile(ref, board, filters, cats, counts, space, tile) == expected, (ref, space)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 140))
def test_remembered_needs_follow_which_tiles_are_sent(n, seed, cut):
    # Needs are remembered by what they depend on, out of the state: the same memories on the same
    # tiles, one of them flipped (or flipped back), are counted again.
    state, _ = play_random(n, seed, stop_after=cut)
    memories = list(range(N_MEMORIES))
    for s in range(n):
        board = state.boards[s]
        for space in [i for i in range(12) if board[i] >= 0]:
            flipped = state.sent[s][:]
            flipped[space] ^= 1
            for sent in (state.sent[s], flipped):
                scratch = tuple(tiles_needed(m, board, sent) for m in memories)
                assert memories_needs(memories, board, sent) == scratch, space


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_moves_judged_in_sampled_worlds_equal_the_move_played_on_a_copy(n, seed):
    # Sampled worlds share each corkboard's masks and what was worked out on them (takes onto
    # it, memories noted onto it) while the hidden private Reflections differ between them.
    state = GAME.setup(n, None, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seats = sorted(GAME.to_move(state))
        seat = seats[rng.next_u64() % len(seats)]
        if state.phase in (ACT, NOTE):
            for viewer in [*range(n), *range(n)]:
                world = GAME.determinize(state, viewer, rng.fork())
                for move in GAME.legal_moves(world, seat):
                    after = GAME.clone(world)
                    GAME.apply(after, seat, move)
                    after.public, after.own, after.masks = [None] * n, [None] * n, [None] * n
                    judged = GAME.scores_after(world, seat, move)
                    assert judged == (GAME.scores(after), GAME.heuristic(after, seat)), move
        moves = GAME.legal_moves(state, seat)
        GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])


def test_a_take_judged_again_after_the_other_corkboards_changed_equals_the_move_played_on_a_copy():
    # What a take onto a corkboard comes to is kept with the corkboard's masks, which copies share
    # while it stays the same; the takes to come also follow the other corkboards (the year ends
    # with the round in which the first one fills), so a copy where they are fuller must not reuse it.
    rng = Rng(8)
    checked = 0
    for g in range(30):
        n = 2 + g % 3
        state = GAME.setup(n, None, 300 + g)
        while not GAME.is_over(state):
            seats = sorted(GAME.to_move(state))
            seat = seats[rng.next_u64() % len(seats)]
            moves = GAME.legal_moves(state, seat)
            takes = [m for m in moves if isinstance(m, Take)]
            if state.phase == ACT and takes:
                for move in takes:
                    GAME.scores_after(state, seat, move)
                for other in range(n):
                    empty = [i for i, t in enumerate(state.boards[other]) if t < 0]
                    if other == seat or len(empty) < 2:
                        continue
                    for left in (1, 0):  # the other corkboard one space from full, and full
                        branch = GAME.clone(state)
                        for i in empty[left:]:
                            branch.boards[other][i] = 0
                        branch.changed(other)
                        for move in takes:
                            after = GAME.clone(branch)
                            GAME.apply(after, seat, move)
                            after.public, after.own = [None] * n, [None] * n
                            assert GAME.scores_after(branch, seat, move) == \
                                (GAME.scores(after), GAME.heuristic(after, seat)), move
                            checked += 1
            GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
    assert checked > 1000
