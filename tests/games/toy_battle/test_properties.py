"""Property tests of Toy Battle over random games on every board: invariants and leaks."""

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.toy_battle import GAME
from meeple.games.toy_battle.components import BOARD_KEYS, HOOK, RACK_MAX
from meeple.games.toy_battle.moves import Pass, Place
from meeple.games.toy_battle.rules import MAIN

FULL = sorted(k for k in range(1, 9) for _ in range(3))
boards = st.sampled_from(BOARD_KEYS)


def troops_of(state, seat):
    on_board = [p % 10 for stack in state.stacks for p in stack if p // 10 == seat]
    return sorted(state.rack[seat] + state.blocked[seat] + state.reserve[seat] + state.aside[seat]
                  + state.discard[seat] + on_board)


def random_game(board, beginners, seed):
    """(state before, seat, move, log) for every move of one random game."""
    state = GAME.setup(2, {"board": board, "beginners": beginners}, seed)
    rng = Rng(seed + 1)
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        move = rng.choice(GAME.legal_moves(state, seat))
        before = GAME.clone(state)
        log = GAME.apply(state, seat, move)
        yield before, seat, move, log, state


@settings(max_examples=25, deadline=None)
@given(boards, st.booleans(), st.integers(0, 10_000))
def test_invariants_hold_along_random_games(board, beginners, seed):
    final = None
    for before, seat, move, _log, state in random_game(board, beginners, seed):
        geo = state.geo
        for s in (0, 1):
            assert troops_of(state, s) == FULL
            assert state.rack_size(s) <= RACK_MAX and len(state.aside[s]) == 4
            held = state.rack[s] + state.blocked[s]
            assert all(state.known[s].count(k) <= held.count(k) for k in state.known[s])
        assert state.medals == [sum(geo.medals[r] for r, c in enumerate(state.claimed) if c == s) for s in (0, 1)]
        # The masks the frontier walks: each seat's nodes, those with its troop on top.
        assert state.held == [sum(1 << n for n in geo.nodes if state.stacks[n] and state.stacks[n][-1] // 10 == s)
                              for s in (0, 1)]
        if move.__class__ is Place:
            assert move.node not in geo.hqs[seat]
            if not (move.kind == HOOK and 10 < move.node < 40):
                assert move.node in GAME.frontier(before, seat)
        if not GAME.is_over(state):
            assert state.winner < 0 and all(not state.stacks[h] for hs in geo.hqs for h in hs)
            assert GAME.prompt(state, state.turn).endswith(".")
            legal = GAME.legal_moves(state, state.turn)
            assert all(GAME.describe_move(state, state.turn, m) for m in legal)
            if state.stage != MAIN:  # an effect offered always has a choice besides passing
                assert any(m.__class__ is Pass for m in legal) and len(legal) >= 2
        final = state
    assert final is not None and final.winner in (0, 1)
    if final.reason == "medals":
        assert final.medals[final.winner] >= final.geo.target
    if final.reason == "hq":
        assert any(final.stacks[h] for h in final.geo.hqs[1 - final.winner])


@settings(max_examples=20, deadline=None)
@given(boards, st.integers(0, 10_000))
def test_no_seat_ever_reads_what_it_may_not_see(board, seed):
    rng = Rng(seed)
    for _before, seat, _move, log, state in random_game(board, False, seed):
        for entry in log:
            if "'s draw: " in entry.text or " is laid down until" in entry.text:
                assert entry.only is not None and len(entry.only) == 1
        for viewer in (0, 1, None):
            world = GAME.determinize(state, viewer, rng)
            assert GAME.view(world, viewer) == GAME.view(state, viewer)
            for s in (0, 1):
                assert troops_of(world, s) == FULL
                held = world.rack[s] + world.blocked[s]
                assert all(world.known[s].count(k) <= held.count(k) for k in world.known[s])
            if viewer is not None:
                assert GAME.heuristic(world, viewer) == GAME.heuristic(state, viewer)
        view = GAME.view(state, seat)
        other = view["seats"][1 - seat]
        assert other["rack"] is None and other["blocked"] is None
        assert set(view["seats"][seat]) == set(other)  # counts only: no pile is listed
        assert isinstance(view["seats"][seat]["reserve"], int) and isinstance(other["aside"], int)


def test_determinize_depends_only_on_the_seat_s_view():
    state = GAME.setup(2, None, 4)
    twin = state.copy()
    twin.reserve[1].reverse()  # Red's reserve in another order: Blue cannot tell
    twin.rack[1], twin.aside[1] = sorted(state.aside[1]), sorted(state.rack[1])
    twin.rng = Rng(12345)
    a, b = GAME.determinize(state, 0, Rng(8)), GAME.determinize(twin, 0, Rng(8))
    assert GAME.dumps(a) == GAME.dumps(b)
