"""Toy games broken on purpose, one mistake each, to show that `meeple.testing` catches it.

Each is a small subclass of a toy game (tests/toys) with a new id, so that it can
sit in the registry beside the game it breaks.
"""

from __future__ import annotations

from tests.toys.kuhn.rules import Kuhn
from tests.toys.tictactoe.rules import MARKS, TicTacToe, TicTacToeState


class LeakyKuhn(Kuhn):
    """The view shows both cards to everyone: the other seat's card is hidden information."""

    id = "leaky_kuhn"

    def view(self, state, viewer):
        return {**super().view(state, viewer), "cards": state.cards[:]}


class PeekingKuhn(Kuhn):
    """The heuristic reads the other seat's card, which the seat cannot see."""

    id = "peeking_kuhn"

    def heuristic(self, state, seat):
        return 0.1 * state.cards[1 - seat]


class SharedState(TicTacToeState):
    __slots__ = ()

    def copy(self):
        return SharedState(self.cells, self.turn)  # the copy shares the list of cells with its original


class SharedCloneTicTacToe(TicTacToe):
    """The state's copy shares its cells with the original: playing on a clone changes the original."""

    id = "shared_tictactoe"

    def new_state(self, n_players, options, rng):
        return SharedState([-1] * 9, 0)


class TooFewMovesTicTacToe(TicTacToe):
    """`max_moves` says 4, but the opening offers nine cells."""

    id = "short_tictactoe"

    def max_moves(self, n_players, options):
        return 4


class BackwardsStepTicTacToe(TicTacToe):
    """Its fused random step counts the free cells from the wrong end: a playout plays other games than
    the moves legal_moves lists would."""

    id = "backwards_tictactoe"

    def random_step(self, state, draw):
        seat = state.turn
        if seat >= 0:
            free = [c for c in range(9) if state.cells[c] < 0]
            self.apply(state, seat, MARKS[free[-1 - draw() % len(free)]])
        return seat


BROKEN = {  # game -> the check that must fail, and words its report must contain
    LeakyKuhn(): ("worlds", "can tell the position from determinize"),
    PeekingKuhn(): ("bots", "the heuristic of seat"),
    SharedCloneTicTacToe(): ("clones", "playing on a clone changed the original"),
    TooFewMovesTicTacToe(): ("playouts", "max_moves says at most 4"),
    BackwardsStepTicTacToe(): ("hot_path", "random_step left another position than the three calls"),
}
