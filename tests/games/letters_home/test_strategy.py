"""The bots' heuristic: tiles a memory still needs, takes still to come, and what they are worth.

Corkboard spaces are numbered from 1, four to a row:
   1  2  3  4
   5  6  7  8
   9 10 11 12
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng
from meeple.games.letters_home.components import (
    BETWEEN,
    BOARD_NEIGHBOURS,
    BUILD,
    MEM_A,
    MEM_B,
    MEM_C,
    MEM_CAT,
    MEM_KIND,
    MEMORIES,
    N_MEMORIES,
    THREE,
    TILE_CAT,
    TILE_ICONS,
)
from meeple.games.letters_home.patterns import flippable
from meeple.games.letters_home.strategy import NO_ROOM, future_takes, tiles_needed

from .helpers import GAME, corkboard, play, position
from .test_properties import play_random


def needed(memory, spaces, sent=()):
    state = position([{"corkboard": corkboard(spaces, sent)}, {}])
    return tiles_needed(MEMORIES.index(memory), state.boards[0], state.sent[0])


def full_board(**changes):
    """Twelve plain tiles with one icon each (no Craft anywhere): a row of People, of Places,
    of Events, each row Nature, Book, Music, Food; `s3=None` empties space 3."""
    spaces = {i: f"{('person', 'place', 'event')[(i - 1) // 4]} {'food nature book music'.split()[i % 4]}"
              for i in range(1, 13)}
    spaces.update({int(k[1:]): v for k, v in changes.items()})
    return {k: v for k, v in spaces.items() if v}


def test_tiles_needed_counts_the_empty_spaces_a_pattern_still_has_to_fill():
    assert needed("three music", {}) == 3
    assert needed("three music", {1: "place music", 7: "event book+music"}) == 1
    assert needed("craft place next to food", {}) == 2
    assert needed("craft place next to food", {1: "place craft"}) == 1
    assert needed("craft place next to food", {1: "place craft", 2: "person food"}) == 0
    assert needed("food next to nature and craft", {6: "person food", 2: "place nature"}) == 1
    # a letter to build on that is not yet sent needs a flip as well as the Food beside it
    assert needed("sent person next to food", {1: "person book"}) == 2
    assert needed("sent person next to food", {1: "person book"}, sent={1}) == 1


def test_tiles_needed_says_no_room_when_the_empty_spaces_cannot_make_the_pattern():
    assert needed("three craft", full_board(s12=None)) == NO_ROOM
    assert needed("three craft", full_board(s11=None, s12=None, s10=None)) == 3
    # no Craft anywhere: a Craft Place must go in the empty space, next to a Food tile
    assert needed("craft place next to food", full_board(s3=None)) == 1  # space 4 shows Food
    assert needed("craft place next to food", full_board(s1=None)) == NO_ROOM  # 2 and 5: Book, Nature


def test_future_takes_end_with_the_round_in_which_the_first_corkboard_fills():
    nearly = corkboard(full_board(s11=None, s12=None))  # two empty spaces
    state = position([{"corkboard": nearly, "pawn": "a1-a2"}, {"pawn": "d3-d4"}], turn=0)
    # seat 1 fills in this round and the next; seat 2 also gets those two turns
    assert future_takes(state, 0, True) == 2 and future_takes(state, 1, True) == 2
    state = position([{"pawn": "a1-a2"}, {"corkboard": nearly, "pawn": "d3-d4"}], turn=1, phase="act")
    # seat 2 fills its board this turn and next round; seat 1 has played this round: one more turn
    assert future_takes(state, 1, True) == 2 and future_takes(state, 0, True) == 1


def test_the_heuristic_is_the_same_for_a_copy_a_reloaded_position_and_after_each_move():
    state, _ = play_random(2, 7, stop_after=30)
    for _ in range(25):
        if GAME.is_over(state):
            break
        fresh = GAME.from_json(GAME.to_json(state))
        for s in range(2):
            assert GAME.heuristic(state, s) == GAME.heuristic(fresh, s) == GAME.heuristic(GAME.clone(state), s)
            assert GAME.scores(state) == GAME.scores(fresh)
        seat = min(GAME.to_move(state))
        state = play(state, seat, GAME.move_text(GAME.legal_moves(state, seat)[-1]))


def test_a_met_memory_is_worth_more_than_an_unmet_one_and_nothing_once_the_year_is_over():
    board = corkboard({1: "place craft", 2: "person food", 5: "place book"})
    met = position([{"corkboard": board, "memories": ["craft place next to food"], "pawn": "b2-b3"}, {}])
    unmet = position([{"corkboard": board, "memories": ["three book"], "pawn": "b2-b3"}, {}])
    assert GAME.heuristic(met, 0) > GAME.heuristic(unmet, 0) > 0


def brute_force_needed(memory, board, sent):
    """tiles_needed worked out the slow way: every placement of the pattern on the corkboard."""
    kind, cat, a, b, c = MEM_KIND[memory], MEM_CAT[memory], MEM_A[memory], MEM_B[memory], MEM_C[memory]
    icons = [TILE_ICONS[t] if t >= 0 and not f else 0 for t, f in zip(board, sent)]
    empty = [t < 0 for t in board]
    if kind == THREE:
        short = max(0, 3 - sum(1 for x in icons if x & a))
        return short if short <= sum(empty) else NO_ROOM

    def cost(i, icon, category=-1):
        if empty[i]:
            return 1
        return 0 if icons[i] & icon and (category < 0 or TILE_CAT[board[i]] == category) else NO_ROOM

    near = BOARD_NEIGHBOURS
    if kind == BETWEEN:
        costs = [cost(i, a) + cost(j, b) + cost(k, c) for i in range(12) for j in near[i] for k in near[i] if j != k]
    elif kind == BUILD:
        costs = [(2 if empty[i] else 0 if sent[i] else 1) + cost(j, a)
                 for i in range(12) for j in near[i] if empty[i] or TILE_CAT[board[i]] == cat]
    else:
        costs = [cost(i, a, cat) + cost(j, b) for i in range(12) for j in near[i]]
    return min(costs + [NO_ROOM])


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 140))
def test_tiles_needed_equals_a_count_over_every_placement(n, seed, cut):
    # ...and is 0 exactly when the corkboard meets the memory now.
    state, _ = play_random(n, seed, stop_after=cut)
    for s in range(n):
        board, sent = state.boards[s], state.sent[s]
        for memory in range(N_MEMORIES):
            need = tiles_needed(memory, board, sent)
            assert need == brute_force_needed(memory, board, sent)
            assert (need == 0) == bool(flippable(memory, board, sent))
            assert need == NO_ROOM or need <= board.count(-1) + 1


def test_a_sampled_world_deals_its_next_draws_at_random_and_counts_its_own_totals():
    state, _ = play_random(2, 11, stop_after=20)
    GAME.scores(state)  # cached with the true private Reflections
    next_tiles, next_memories = set(), set()
    for k in range(40):
        world = GAME.determinize(state, 0, Rng(k))
        assert GAME.scores(world) == [sheet.total for sheet in GAME.score_sheet(world, ALL)]
        assert sorted(world.tile_deck) == sorted(state.tile_deck)
        next_tiles.add(world.tile_deck[-1])
        next_memories.add(world.mem_deck[-1])
    assert len(next_tiles) > 15 and len(next_memories) > 15  # drawn from many of the unseen cards
