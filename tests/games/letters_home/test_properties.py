"""Invariants over many random games with 2, 3 and 4 players."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng
from meeple.games.letters_home.components import (
    BOARD_SPACES,
    LETTER_POINTS,
    N_MEMORIES,
    N_REFLECTIONS,
    N_TILES,
    REFLECTION_CODES,
    REFLECTIONS,
    reflection_text,
)
from meeple.games.letters_home.scoring import _seat_parts

from .helpers import GAME

parts_counted = _seat_parts.__wrapped__  # a seat's totals counted afresh, not the ones remembered


def play_random(n, seed, stop_after=None):
    state = GAME.setup(n, None, seed)
    rng = Rng(seed ^ 0xBEEF)
    history = []
    while not GAME.is_over(state) and (stop_after is None or len(history) < stop_after):
        seats = sorted(GAME.to_move(state))
        seat = rng.choice(seats)  # in the final turn any writer may act first
        move = rng.choice(GAME.legal_moves(state, seat))
        state, _ = GAME.play(state, seat, move)
        history.append((seat, move))
    return state, history


def tiles_in(state):
    return [t for t in state.town if t >= 0] + state.tile_deck + [t for b in state.boards for t in b if t >= 0]


def memories_in(state):
    return state.market + state.mem_deck + state.discard + [m for s in state.slots for m in s] + \
        [m for s in state.letters for m in s]


def conserved(state):
    assert sorted(tiles_in(state)) == list(range(N_TILES))
    assert sorted(memories_in(state)) == list(range(N_MEMORIES))
    assert sorted(state.shared + state.private + state.box) == list(range(N_REFLECTIONS))
    for s in range(state.n):
        assert len(state.letters[s]) == sum(state.sent[s])  # each letter flipped one tile
        assert len(state.slots[s]) <= 3


def recount(view):
    """The scores worked out again from a finished game's public view alone."""
    out = []
    for seat in view["seats"]:
        board = seat["corkboard"]
        refs = [r["code"] for r in view["shared_reflections"]] + [seat["private_reflection"]["code"]]
        total = LETTER_POINTS * sum(1 for t in board if t and t["sent"])
        for code in refs:
            _, kind, filt, param, pts = REFLECTIONS[REFLECTION_CODES.index(code)]
            keep = [i for i, t in enumerate(board) if t and (filt == 0 or (filt == 1) == (not t["sent"]))]
            cats = {i: board[i]["category"] for i in keep}
            if kind == 0:
                n = sum(1 for i in keep if cats[i] == ("person", "place", "event")[param])
            elif kind == 1:
                names = {"food": 1, "nature": 2, "book": 4, "craft": 8, "music": 16, "heart": 32, "fireworks": 64}
                n = sum(1 for i in keep if any(names[x] & param for x in board[i]["icons"]))
            elif kind == 2:
                n = min(list(cats.values()).count(c) for c in ("person", "place", "event"))
            else:
                n, seen = 0, set()
                for start in keep:
                    if start in seen:
                        continue
                    group, todo = set(), [start]
                    while todo:
                        i = todo.pop()
                        if i in group:
                            continue
                        group.add(i)
                        r, c = divmod(i, 4)
                        neighbours = (i - 4 if r else -1, i + 4 if r < 2 else -1, i - 1 if c else -1,
                                      i + 1 if c < 3 else -1)
                        for j in neighbours:
                            if j in cats and (filt == 2 or cats[j] == cats[i]):
                                todo.append(j)
                    seen |= group
                    n = max(n, len(group))
            total += n * pts
        out.append(total)
    return out


@settings(max_examples=700, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_random_games_end_conserve_components_and_score_as_recounted(n, seed):
    state, history = play_random(n, seed)
    assert GAME.is_over(state)
    conserved(state)
    assert any(b.count(-1) == 0 for b in state.boards)  # the year ends only once a corkboard is full
    outcome = GAME.outcome(state)
    assert list(outcome.scores) == recount(GAME.view(state, None))
    # the round was played out: everyone had the same number of turns before the final letters
    assert state.turns % n == 0
    replayed = GAME.setup(n, None, seed)
    for seat, move in history:
        replayed, _ = GAME.play(replayed, seat, move)
    assert GAME.to_json(replayed) == GAME.to_json(state)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 160))
def test_mid_game_positions_round_trip_and_play_on_the_same(n, seed, cut):
    state, _ = play_random(n, seed, stop_after=cut)
    conserved(state)
    data = json.loads(json.dumps(GAME.to_json(state)))
    loaded = GAME.from_json(data)
    assert GAME.to_json(loaded) == data
    for viewer in (ALL, None, *range(n)):
        assert [s.to_json() for s in GAME.score_sheet(loaded, viewer)] == \
            [s.to_json() for s in GAME.score_sheet(state, viewer)]
    rng_a, rng_b = Rng(seed), Rng(seed)
    a, b = state, loaded
    for _ in range(15):
        if GAME.is_over(a):
            break
        seat = min(GAME.to_move(a))
        a, _ = GAME.play(a, seat, rng_a.choice(GAME.legal_moves(a, seat)))
        b, _ = GAME.play(b, seat, rng_b.choice(GAME.legal_moves(b, seat)))
    assert GAME.to_json(a) == GAME.to_json(b)


def _hidden_from(state, seat):
    """What `seat` may not know: both decks' order, the others' private Reflections, the box."""
    return (state.tile_deck[:], state.mem_deck[:], [p for s, p in enumerate(state.private) if s != seat],
            sorted(state.box))


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 140))
def test_views_hold_no_hidden_information(n, seed, cut):
    state, _ = play_random(n, seed, stop_after=cut)
    if GAME.is_over(state):
        return
    rng = Rng(seed)
    for seat in range(n):
        view = json.dumps(GAME.view(state, seat), sort_keys=True)
        sheets = [s.to_json() for s in GAME.score_sheet(state, seat)]
        changed = 0
        for _ in range(3):
            world = GAME.determinize(state, seat, rng)
            conserved(world)
            changed += _hidden_from(world, seat) != _hidden_from(state, seat)
            # a world that differs only in what the seat has not seen must look the same to it
            assert json.dumps(GAME.view(world, seat), sort_keys=True) == view
            assert [s.to_json() for s in GAME.score_sheet(world, seat)] == sheets
            assert world.private[seat] == state.private[seat]
        assert changed, "determinize never changed the hidden part, so this check could not fail"
        # the names of the others' private Reflections appear nowhere in what the seat sees
        others = {REFLECTION_CODES[state.private[s]] for s in range(n) if s != seat}
        others -= {REFLECTION_CODES[r] for r in state.shared + [state.private[seat]]}
        for code in others:
            assert json.dumps(code) not in view
            assert json.dumps(reflection_text(REFLECTION_CODES.index(code))) not in view
        # the views show deck sizes, never their order
        parsed = json.loads(view)
        assert parsed["tile_deck"] == len(state.tile_deck) and parsed["memory_deck"] == len(state.mem_deck)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 140))
def test_live_score_sheet_equals_a_recount_and_previews_match(n, seed, cut):
    state, _ = play_random(n, seed, stop_after=cut)
    full = GAME.score_sheet(state, ALL)
    probe = GAME.clone(state)
    probe.phase = 5  # a copy marked as over: private Reflections public, so the recount can see them
    assert [sh.total for sh in full] == recount(GAME.view(probe, None))
    assert GAME.scores(state) == [sh.total for sh in full]  # the fast path the bots use
    if GAME.is_over(state):
        return
    seat = min(GAME.to_move(state))
    for move in GAME.legal_moves(state, seat):
        if not GAME.reveals(state, seat, move):
            after, _ = GAME.play(state, seat, move)
            assert [s.to_json() for s in GAME.preview(state, seat, move)] == \
                [s.to_json() for s in GAME.score_sheet(after, seat)]
    for s in range(n):
        assert full[s].row("letters").points == LETTER_POINTS * sum(state.sent[s])
    assert all(len(b) == BOARD_SPACES for b in state.boards)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_scores_after_every_move_equal_the_move_played_on_a_copy(n, seed):
    """scores_after values walks, takes and notes in place (rules.py); along a whole game, every
    legal move's answer must equal the move played on a copy and counted from scratch, and the
    state must be left exactly as it was."""
    state = GAME.setup(n, None, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seats = sorted(GAME.to_move(state))
        seat = seats[rng.next_u64() % len(seats)]
        moves = GAME.legal_moves(state, seat)
        before = json.dumps(GAME.to_json(state))
        for move in moves:
            after = GAME.clone(state)
            GAME.apply(after, seat, move)
            after.public = [None] * n  # counted from scratch
            after.own = [None] * n
            assert GAME.scores_after(state, seat, move) == (GAME.scores(after), GAME.heuristic(after, seat)), move
            assert json.dumps(GAME.to_json(state)) == before
            for s in range(n):  # and its remembered totals still those of its own corkboards
                board, sent = state.boards[s], state.sent[s]
                if state.public[s] is not None:
                    assert (state.public[s], state.own[s]) == parts_counted(board, sent, state.shared, state.private[s])
        GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])


def test_candidates_judged_in_any_order_equal_the_move_played_on_a_copy():
    """scores_after works out once what every walk, take or note of one decision shares (state.memo,
    dropped by apply), and what each take onto a corkboard came to is kept with its masks for the
    sampled worlds; asked in either order, and again in a sampled world, every candidate must still
    be judged as the move played on a copy."""
    rng = Rng(404)
    for g in range(36):
        n = 2 + g % 3
        state = GAME.setup(n, None, 900 + g)
        while not GAME.is_over(state):
            seats = sorted(GAME.to_move(state))
            seat = seats[rng.next_u64() % len(seats)]
            moves = GAME.legal_moves(state, seat)
            expected = {}
            for move in moves:
                after = GAME.clone(state)
                GAME.apply(after, seat, move)
                after.public, after.own = [None] * n, [None] * n
                expected[move] = (GAME.scores(after), GAME.heuristic(after, seat))
            for order in (moves[::-1], moves):
                for move in order:
                    assert GAME.scores_after(state, seat, move) == expected[move], (g, move)
            world = GAME.determinize(state, seat, Rng(g))
            for move in moves:
                after = GAME.clone(world)
                GAME.apply(after, seat, move)
                assert GAME.scores_after(world, seat, move) == (GAME.scores(after), GAME.heuristic(after, seat))
            GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
