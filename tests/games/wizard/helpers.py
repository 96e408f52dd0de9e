"""Wizard positions built by hand through the documented position JSON, and moves by their text."""

from meeple import games

GAME = games.get("wizard")


def position(hands, *, round, trump=None, turnup=None, bids=None, leader=0, trick=(), done=(),
             tricks=None, phase="play", options=None, history=None):
    """A position in `round` (played as the game's single round, so no history is needed)."""
    n = len(hands)
    data = {
        "game": "wizard",
        "players": n,
        "options": {"single_round": round, **(options or {})},
        "round": round,
        "phase": phase,
        "hands": hands,
        "turnup": turnup,
        "trump": trump,
        "bids": bids if bids is not None else [0] * n,
        "tricks": tricks if tricks is not None else [0] * n,
        "leader": leader,
        "trick": list(trick),
        "done": [{"leader": lead, "cards": cards} for lead, cards in done],
        "history": history or [],
    }
    return GAME.from_json(data)


def play(state, *moves):
    """Play moves written as text, each by the seat whose turn it is; returns the state and the log."""
    log = []
    for text in moves:
        seat = min(GAME.to_move(state))
        state, lines = GAME.play(state, seat, GAME.parse_move(text))
        log += lines
    return state, log


def legal_texts(state, seat=None):
    seat = min(GAME.to_move(state)) if seat is None else seat
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))
