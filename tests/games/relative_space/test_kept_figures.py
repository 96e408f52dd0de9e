"""What the state keeps for speed (the shared `pods`, each seat's Keycard mask, the shared lists of
legal moves, the last event) always equals a count from scratch, after every move of many random games
at every table size, and after cloning, sampling a world and reloading a position."""

import os

from meeple.engine import Rng
from meeple.games.relative_space import GAME
from meeple.games.relative_space.components import AVAILABLE, KEY, MAX_PODS_OPEN, PODS_IN_BOX
from meeple.games.relative_space.moves import OPENS, PLAYS, STUFFS
from meeple.games.relative_space.rules import OPENED, PLAY

GAMES = int(os.environ.get("RELATIVE_SPACE_GAMES", "2000")) // 6  # per table size


def legal_from_scratch(state, seat):
    """The legal moves as the rules page reads, worked out from the stashes and pods alone."""
    if seat != state.turn:
        return []
    occ, st, down = state.occ[seat], state.stash[seat], state.down[seat]
    avail = [s for s in range(12) if occ >> s & 1 and s in AVAILABLE[occ]]
    if state.phase == OPENED:
        return [PLAYS[s][state.pod_for] for s in avail]
    if state.phase != PLAY:
        return [STUFFS[s] for s in avail]
    out = [PLAYS[s][p] for s in avail for p in state.pod_ids]
    if state.next_pod <= PODS_IN_BOX and len(state.pod_ids) < MAX_PODS_OPEN and occ.bit_count() > 1:
        out += [OPENS[s] for s in avail if st[s] == KEY and not down >> s & 1]
    return out


def check_kept(state):
    pods = state.pods
    assert pods.ids == tuple(state.pod_ids)
    assert pods.at == tuple(state.pod_ids.index(p) if p in state.pod_ids else -1 for p in range(PODS_IN_BOX + 1))
    assert pods.more == (len(state.pod_ids) < MAX_PODS_OPEN)
    assert state.keys == [sum(1 << s for s, c in enumerate(st) if c == KEY) for st in state.stash]
    for seat in range(state.n):
        moves = GAME.legal_moves(state, seat)
        assert moves == legal_from_scratch(state, seat)
        assert all(a.__class__ is b.__class__ for a, b in zip(moves, legal_from_scratch(state, seat)))


def test_kept_figures_equal_a_count_from_scratch_after_every_move():
    rng = Rng(77)
    for n in range(2, 6):
        for g in range(GAMES):
            state = GAME.setup(n, None, 5000 + g)
            check_kept(state)
            step = 0
            while not GAME.is_over(state):
                seat = state.turn
                moves = GAME.legal_moves(state, seat)
                GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
                check_kept(state)
                if step % 17 == 0:  # the figures survive a clone, a sampled world and a reload
                    check_kept(GAME.clone(state))
                    check_kept(GAME.determinize(state, (seat + 1) % n, Rng(step)))
                    check_kept(GAME.load_position(GAME.to_json(state)))
                step += 1


def test_the_shared_lists_are_never_changed_by_play():
    """Lists of legal moves are shared between positions: playing on must leave earlier ones as they were."""
    rng = Rng(5)
    for g in range(100):
        state = GAME.setup(2 + g % 4, None, g)
        seen = []
        while not GAME.is_over(state):
            moves = GAME.legal_moves(state, state.turn)
            seen.append((moves, list(moves)))
            GAME.apply(state, state.turn, moves[rng.next_u64() % len(moves)])
        assert all(shared == copy for shared, copy in seen)
