"""Shared set-ups for the Living Forest tests: positions built by hand from a fresh game."""

from __future__ import annotations

from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import CARD_BY_NAME, TREE_BY_NAME
from meeple.games.living_forest.state import ACTION_PHASE


def card(name: str) -> int:
    return CARD_BY_NAME[name.lower()]


def tree(name: str) -> int:
    return TREE_BY_NAME[name.lower()]


def new(n=2, kodama=False, seed=1):
    return GAME.setup(n, {"kodama": kodama}, seed)


def stack(st, seat, names):
    """Seat's draw stack holds these cards, the first named on top."""
    st.draw[seat] = [card(x) for x in reversed(names)]
    st.known_top[seat] = 0
    st.changed(seat)


def to_actions(st, helps):
    """Skip the draw: each seat's Help Line is given, and the action phase starts with the Sacred Tree's holder."""
    for s, names in enumerate(helps):
        st.help[s] = [card(x) for x in names]
        st.stopped[s] = True
    st.nothing_worked_out()  # the reserve, the circle or the market may have been set by hand too
    GAME._start_actions(st)
    assert st.phase == ACTION_PHASE
    return st


def play(st, seat, text):
    """Play a move given in text notation through the checked entry point; returns (state, log)."""
    return GAME.play(st, seat, GAME.parse_move(text))


def legal_texts(st, seat):
    return {GAME.move_text(m) for m in GAME.legal_moves(st, seat)}
