"""The declared state's copy: what two copies of one position share, and that neither sees the other's moves."""

import json

from meeple.engine import Rng
from meeple.games.letters_home.state import LettersHomeState

from .helpers import GAME
from .test_properties import play_random

LISTS = ("town", "tile_deck", "market", "mem_deck", "discard", "shared", "private", "box", "pawns", "final")
ROWS = ("boards", "sent", "slots", "letters")  # a list per seat
CACHES = ("public", "own", "masks")  # a list per seat of what is worked out, each shared until it changes


def _judged(state):
    """A position the search has judged: the caches filled in, the memo of scores_after set."""
    for seat in sorted(GAME.to_move(state)):
        for move in GAME.legal_moves(state, seat):
            GAME.scores_after(state, seat, move)
        for s in range(state.n):
            state.masks_of(s)
    return state


def test_a_copy_has_its_own_lists_and_shares_only_what_is_worked_out():
    assert {f.name for f in LettersHomeState.FIELDS} == {"n", "rng", "first", "turn", "phase", "taken", "gap",
                                                         "turns", "memo", *LISTS, *ROWS, *CACHES}
    state, _ = play_random(3, 5, stop_after=40)
    parent = _judged(state)
    assert parent.memo
    copy = parent.copy()
    for name in LISTS + ROWS + CACHES:
        assert getattr(copy, name) is not getattr(parent, name), name
        assert getattr(copy, name) == getattr(parent, name), name
    for name in ROWS:
        assert not any(a is b for a, b in zip(getattr(copy, name), getattr(parent, name))), name
    assert all(a is b for a, b in zip(copy.masks, parent.masks))  # what was worked out is shared
    assert None not in copy.public and None not in copy.own  # the totals counted on the original first
    assert copy.memo is None and copy.rng is not parent.rng


def test_siblings_never_see_each_others_moves():
    # Two copies of one position, each played on differently (its own random moves, a world sampled
    # from it): each ends as a copy read from the parent's JSON and played the same way ends.
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        for cut in (0, 25, 60, 110):
            parent, _ = play_random(n, seed, stop_after=cut)
            if GAME.is_over(parent):
                continue
            parent = _judged(parent)
            before = GAME.dumps(parent)
            siblings = [parent.copy(), parent.copy()]
            fresh = [GAME.from_json(json.loads(before)), GAME.from_json(json.loads(before))]
            for k in range(2):
                for state in (siblings[k], fresh[k]):
                    rng = Rng(seed * 10 + k)
                    for _ in range(30):
                        if GAME.is_over(state):
                            break
                        seat = min(GAME.to_move(state))
                        moves = GAME.legal_moves(state, seat)
                        GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
            GAME.determinize(siblings[0], 1, Rng(seed))  # a sampled world is one more copy, its decks dealt again
            for k in range(2):
                assert json.loads(GAME.dumps(siblings[k])) == json.loads(GAME.dumps(fresh[k])), (n, cut, k)
            assert GAME.dumps(parent) == before
