"""Build Relative Space positions by hand through the position JSON."""

from collections import Counter

from meeple.games.relative_space import GAME
from meeple.games.relative_space.components import CODE, DECK, SLOT_OF_NAME


def stash(top=(), middle=(), bottom=()):
    """A stash row by row (3, 4 and 5 spaces): a code such as '7' or 'KEY' is face up, '?7' face down,
    None an empty space. Rows given short are padded with empty spaces."""
    out = []
    for row, size in ((top, 3), (middle, 4), (bottom, 5)):
        row = list(row) + [None] * (size - len(row))
        out += [None if c is None else (f"down:{c[1:]}" if c.startswith("?") else c) for c in row]
    return out


def position(stashes, pods=((1, 0, ()),), turn=0, start_empty=None, phase="play", pod_for=None, discard=(),
             next_pod=None, turns=0, winner=None):
    """pods: (id, value, cards bottom first). The cards not named go to the undealt deck.
    start_empty defaults to the mover's empty spaces (as at the start of a turn)."""
    named = [c.split(":")[-1] for st in stashes for c in st if c] + [c for _, _, cards in pods for c in cards]
    named += list(discard)
    left = Counter(CODE[c] for c in DECK)
    left.subtract(Counter(named))
    assert all(v >= 0 for v in left.values()), f"too many of {[k for k, v in left.items() if v < 0]}"
    if start_empty is None:
        start_empty = [name for name, s in SLOT_OF_NAME.items() if turn >= 0 and stashes[turn][s] is None]
    data = {
        "game": "relative_space",
        "players": len(stashes),
        "stashes": [list(st) for st in stashes],
        "pods": [{"id": p, "value": v, "cards": list(cards)} for p, v, cards in pods],
        "next_pod": next_pod or max(p for p, _, _ in pods) + 1,
        "discard": list(discard),
        "deck": sorted(left.elements()),
        "turn": turn,
        "phase": phase,
        "pod_for": pod_for,
        "start_empty": start_empty,
        "turns": turns,
        "winner": winner,
        "rng": 7,
    }
    return GAME.from_json(data)


def codes(state, seat=0):
    """The stash as codes: '7', '?7' face down, None empty."""
    st, down = state.stash[seat], state.down[seat]
    return [None if not c else ("?" if down >> s & 1 else "") + CODE[c] for s, c in enumerate(st)]


def pods(state):
    return [(p, v, [CODE[c] for c in cards]) for p, v, cards in zip(state.pod_ids, state.pod_values, state.pod_cards)]


def play(state, seat, text):
    """Play a move given in text notation through the checked entry point; returns (state, log texts)."""
    new, log = GAME.play(state, seat, GAME.parse_move(text))
    return new, [e.text for e in log]
