"""Invariants over thousands of random games with 2 to 5 players."""

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.relative_space import GAME
from meeple.games.relative_space.components import AVAILABLE, BOTTOM_MASK, DECK, MAX_PODS_OPEN
from meeple.games.relative_space.moves import Play
from meeple.games.relative_space.rules import MAX_TURNS

GAMES = int(os.environ.get("RELATIVE_SPACE_GAMES", "2000"))  # raise it for a longer run


def all_cards(state):
    cards = [c for s in state.stash for c in s if c] + [c for p in state.pod_cards for c in p]
    return sorted(cards + state.discard + state.deck)


def check(state):
    assert all_cards(state) == list(DECK)
    assert 1 <= len(state.pod_ids) <= MAX_PODS_OPEN and len(set(state.pod_ids)) == len(state.pod_ids)
    for seat in range(state.n):
        occ = sum(1 << s for s, c in enumerate(state.stash[seat]) if c)
        assert occ == state.occ[seat]
        assert state.down[seat] & ~BOTTOM_MASK == 0 and state.down[seat] & ~occ == 0
    for value, cards in zip(state.pod_values, state.pod_cards):
        items = [c for c in cards if c <= 10]
        assert value == 0 or value == items[-1]


def test_thousands_of_random_games_end_with_a_winner_or_the_limit():
    rng = Rng(2026)
    to_move, legal, apply = GAME.to_move, GAME.legal_moves, GAME.apply
    lengths = []
    for g in range(GAMES):
        n = 2 + g % 4
        state = GAME.setup(n, None, g)
        moves = 0
        while True:
            seats = to_move(state)
            if not seats:
                break
            seat = next(iter(seats))
            options = legal(state, seat)
            assert options, "the mover always has a card to play"
            apply(state, seat, options[rng.next_u64() % len(options)])
            moves += 1
        check(state)
        lengths.append(moves)
        out = GAME.outcome(state)
        if state.winner >= 0:
            assert state.occ[state.winner] == 0 and out.ranks[state.winner] == 1
            assert sum(1 for r in out.ranks if r == 1) == 1
        else:
            assert state.turns == MAX_TURNS
    assert max(lengths) < MAX_TURNS * 2


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_every_move_keeps_the_cards_hides_the_face_down_ones_and_refills_only_old_holes(n, seed):
    state = GAME.setup(n, None, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_move(state)))
        moves = GAME.legal_moves(state, seat)
        assert len(moves) <= GAME.max_moves(n, {})
        for m in moves:  # only available cards are ever offered
            assert m.slot in AVAILABLE[state.occ[seat]]
        move = rng.choice(moves)
        before_empty = state.start_empty
        before_occ = state.occ[seat]
        jam = isinstance(move, Play) and state.stash[seat][move.slot] <= 10 and \
            state.stash[seat][move.slot] < state.pod_values[state.pod_ids.index(move.pod)]
        state, log = GAME.play(state, seat, move)
        check(state)
        gained = state.occ[seat] & ~before_occ
        assert gained & ~before_empty == 0                 # a jam only fills holes older than the turn
        assert not gained or jam
        assert state.down[seat] & gained == 0              # and face up
        view = GAME.view(state, seat)
        for s, stash in enumerate(view["stashes"]):
            for slot, cell in enumerate(stash["slots"]):
                if state.down[s] >> slot & 1:
                    assert cell == {"down": True, "available": slot in AVAILABLE[state.occ[s]]}
        for entry in log:
            assert entry.only is None                      # nothing private: every line is public
