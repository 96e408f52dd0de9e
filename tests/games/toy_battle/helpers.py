"""Positions built by hand for Toy Battle's rule tests."""

from meeple.engine import Rng
from meeple.games.toy_battle import GAME
from meeple.games.toy_battle.components import BOARD_KEYS, BOARDS
from meeple.games.toy_battle.rules import ToyBattleState

BLUE, RED = 0, 1


def position(board="castle", *, beginners=False, racks=((), ()), reserves=((5, 5, 5), (5, 5, 5)), stacks=None,
             turn=BLUE, discards=((), ()), seed=5) -> ToyBattleState:
    """A position with exactly these racks, reserves (top last) and stacks ({node: [(seat, kind), ...]})."""
    key = BOARD_KEYS.index(board)
    state = ToyBattleState(rng=Rng(seed), board=key, beginners=beginners, claimed=[-1] * len(BOARDS[key].regions))
    state.rack = [sorted(racks[0]), sorted(racks[1])]
    state.reserve = [list(reserves[0]), list(reserves[1])]
    state.discard = [list(discards[0]), list(discards[1])]
    for node, stack in (stacks or {}).items():
        state.stacks[node] = [seat * 10 + kind for seat, kind in stack]
        state.retop(node)  # the masks of nodes held follow the stacks, as every move keeps them
    state.turn = turn
    return state


def play(state, *texts):
    """Play moves given as text, each by the seat to move, checked; returns the new state."""
    for text in texts:
        seat = min(GAME.to_move(state))
        state, _ = GAME.play(state, seat, GAME.parse_move(text))
    return state


def moves(state, seat=None):
    seat = state.turn if seat is None else seat
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))


def places(state, kind, seat=None):
    """The nodes a troop of this kind may go on now."""
    seat = state.turn if seat is None else seat
    return GAME.targets(state, seat, kind)
