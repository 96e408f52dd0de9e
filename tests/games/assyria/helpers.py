"""Shared helpers for the Assyria tests: positions built by hand on the real map."""

from meeple.games.assyria import GAME
from meeple.games.assyria.components import LABEL_HEX, N_HEXES, N_KINDS, WELL_HEXES
from meeple.games.assyria.moves import PLOW_KIND
from meeple.games.assyria.state import P_ACTIONS

__all__ = ["GAME", "H", "PLOW_KIND", "kind", "table", "well_of"]


def H(label: str) -> int:
    """A hex by its name (a1 .. j6)."""
    return LABEL_HEX[label]


def kind(name: str) -> int:
    from meeple.games.assyria.components import KIND_NAMES
    return KIND_NAMES.index(name)


def well_of(*labels: str) -> int:
    """The well corner between three named hexes."""
    want = sorted(H(x) for x in labels)
    return next(w for w, trio in enumerate(WELL_HEXES) if sorted(trio) == want)


def table(n=2, pieces=(), phase=P_ACTIONS, seat=0, camels=None, seed=3, order=None, reign=1, turn=1):
    """A position after setup with the board cleared and replaced by `pieces`: (label, seat, level)
    with level 0 a hut. `seat` acts in `phase`; every hand is empty (cards go to the discard)."""
    state = GAME.setup(n, None, seed)
    state.occ, state.level, state.fed = [-1] * N_HEXES, [0] * N_HEXES, [False] * N_HEXES
    for label, owner, level in pieces:
        state.put(H(label), owner, level)
    for s in range(n):
        for k in range(N_KINDS):
            state.discard[k] += state.hand[s][k]
            state.hand[s][k] = 0
    for k in state.draft:
        state.discard[k] += 1
    state.draft = []
    state.order = list(order) if order else list(range(n))
    state.cur = state.order.index(seat)
    state.phase, state.reign, state.turn = phase, reign, turn
    state.expansions = [4, 3, 3][:turn]
    state.counter = 0
    state.camels = list(camels) if camels is not None else [5] * n  # so that the actions phase waits
    state.touch()
    return state


def play(state, *texts):
    """Apply moves given as text, each checked as legal for the seat to act; returns the log lines."""
    lines = []
    for text in texts:
        seat = state.seat
        move = GAME.parse_move(text)
        assert move in GAME.legal_moves(state, seat), f"{text} is not legal: {GAME.legal_moves(state, seat)}"
        lines += [e.text for e in GAME.apply(state, seat, move)]
    return lines


def texts(state, seat=None):
    seat = state.seat if seat is None else seat
    return [GAME.move_text(m) for m in GAME.legal_moves(state, seat)]
