"""Draft & Write Records tables past the set-up's first choice: each seat's lead singer colour."""

from meeple.games.draft_and_write_records import GAME
from meeple.games.draft_and_write_records.moves import SINGERS


def setup(n, seed):
    """A new table once every seat has chosen its lead singer (seat s the s-th colour, as the tests'
    hand-worked sheets expect): the private goals to keep next, or solo the first two cards."""
    state = GAME.setup(n, None, seed)
    for s in range(n):
        state, _ = GAME.play(state, s, SINGERS[s % len(SINGERS)])
    return state
