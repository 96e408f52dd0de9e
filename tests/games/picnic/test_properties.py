"""Invariants over many random games with 2, 3 and 4 players."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng
from meeple.games.picnic.components import N_TILES
from meeple.games.picnic.scoring import plate_parts

from .helpers import GAME

CAKE_TABLE = {1: 0, 2: 1, 3: 3, 4: 5, 5: 7, 6: 10}


def play_random(n, seed, stop_after=None):
    state = GAME.setup(n, None, seed)
    rng = Rng(seed ^ 0xBEEF)
    history = []
    while not GAME.is_over(state) and (stop_after is None or len(history) < stop_after):
        seat = next(iter(GAME.to_move(state)))
        move = rng.choice(GAME.legal_moves(state, seat))
        state, _ = GAME.play(state, seat, move)
        history.append((seat, move))
    return state, history


def tiles_in(state):
    tiles = [s >> 1 for pile in state.piles for s in pile] + list(state.box)
    if state.hand >= 0:
        tiles.append(state.hand >> 1)
    for s in range(state.n):
        tiles += [x >> 1 for x in state.rims[s] + state.drinks[s]]
        if state.centres[s] >= 0:
            tiles.append(state.centres[s] >> 1)
    return tiles


def reference_rows(view):
    """The help page's scoring, worked out again from the public view alone."""
    plates = view["plates"]
    per_seat = []
    for plate in plates:
        spaces = plate["rim"] + ([plate["centre"]] if plate["centre"] else [])
        r = len(plate["rim"])
        def touching(i, r=r, plate=plate):
            out = set()
            if i < r:
                if i > 0:
                    out.add(i - 1)
                if i < r - 1:
                    out.add(i + 1)
                if r == 12:
                    out.add((i + 1) % 12)
                    out.add((i - 1) % 12)
                if plate["centre"]:
                    out.add(r)
            else:
                out = set(range(r))
            return out
        kinds = [t["kind"] for t in spaces]
        cheese = sum({0: 0, 1: 1}.get(sum(kinds[j] == "cracker" for j in touching(i)), 3)
                     for i, k in enumerate(kinds) if k == "cheese")
        crackers = 6 * min(kinds.count("cracker") // 3, len(plate["drinks"]))
        pickles = sum(t["visible_pickles"] for t in spaces) * kinds.count("cheese")
        seen, cakes = set(), 0
        for i, k in enumerate(kinds):
            if k == "cake" and i not in seen:
                group, todo = set(), [i]
                while todo:
                    j = todo.pop()
                    if j in group:
                        continue
                    group.add(j)
                    todo += [x for x in touching(j) if kinds[x] == "cake"]
                seen |= group
                cakes += CAKE_TABLE.get(len(group), 15)
        ants = sum(t["visible_ants"] for t in spaces) + sum(t["ants"] for t in plate["drinks"])
        colours = [sum(1 for t in spaces if t["colour"] == c) for c in ("blue", "pink", "green")]
        ice = sum(t["ice"] for t in plate["drinks"])
        per_seat.append(dict(cheese=cheese, crackers=crackers, pickles=pickles, cakes=cakes, drinks=ice,
                             _ants=ants, _colours=colours))
    for rows in per_seat:
        most = 0
        for c in range(3):
            best = max(o["_colours"][c] for o in per_seat)
            most += 3 if best and rows["_colours"][c] == best else 0
        rows["most_cakes"] = most
        all_ants = [o["_ants"] for o in per_seat]
        if min(all_ants) == max(all_ants):
            rows["ants"] = 0
        else:
            rows["ants"] = 3 if rows["_ants"] == min(all_ants) else -3 if rows["_ants"] == max(all_ants) else 0
    return [{k: v for k, v in rows.items() if not k.startswith("_")} for rows in per_seat]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_random_games_end_conserve_tiles_and_score_as_the_rules_say(n, seed):
    state, history = play_random(n, seed)
    assert GAME.is_over(state)
    assert sorted(tiles_in(state)) == list(range(N_TILES))
    assert all(state.empty_spaces(s) == 0 for s in range(n))
    sheets = GAME.score_sheet(state, ALL)
    expected = reference_rows(GAME.view(state, None))
    for s in range(n):
        got = {row.key: row.points for row in sheets[s].rows}
        assert got == expected[s]
        assert sheets[s].total == sum(got.values())
    # a position saved mid-way loads and plays on to the same end
    replayed = GAME.setup(n, None, seed)
    for seat, move in history:
        replayed, _ = GAME.play(replayed, seat, move)
    assert GAME.to_json(replayed) == GAME.to_json(state)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 120))
def test_mid_game_positions_round_trip_and_conserve_tiles(n, seed, cut):
    state, history = play_random(n, seed, stop_after=cut)
    assert sorted(tiles_in(state)) == list(range(N_TILES))
    data = json.loads(json.dumps(GAME.to_json(state)))
    loaded = GAME.from_json(data)
    assert GAME.to_json(loaded) == data
    assert [s.to_json() for s in GAME.score_sheet(loaded)] == [s.to_json() for s in GAME.score_sheet(state)]
    expected = reference_rows(GAME.view(state, None))
    for s in range(n):
        assert {row.key: row.points for row in GAME.score_sheet(state)[s].rows} == expected[s]
    # the loaded copy plays on exactly like the original
    rng_a, rng_b = Rng(seed), Rng(seed)
    a, b = state, loaded
    for _ in range(10):
        if GAME.is_over(a):
            break
        seat = next(iter(GAME.to_move(a)))
        a, _ = GAME.play(a, seat, rng_a.choice(GAME.legal_moves(a, seat)))
        b, _ = GAME.play(b, seat, rng_b.choice(GAME.legal_moves(b, seat)))
    assert GAME.to_json(a) == GAME.to_json(b)


def _hidden_part(state):
    """What no seat may know: undersides of the top tiles, the order and make-up of the rest, the box."""
    return ([pile[-1] >> 1 for pile in state.piles if pile],
            [pile[:-1] for pile in state.piles], sorted(state.box))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), cut=st.integers(0, 100))
def test_views_hold_no_hidden_information(n, seed, cut):
    state, _ = play_random(n, seed, stop_after=cut)
    if GAME.is_over(state):
        return
    rng = Rng(seed)
    changed = 0
    views = {viewer: json.dumps(GAME.view(state, viewer), sort_keys=True) for viewer in [None, *range(n)]}
    for _ in range(5):
        world = GAME.determinize(state, 0, rng)
        assert sorted(tiles_in(world)) == list(range(N_TILES))
        changed += _hidden_part(world) != _hidden_part(state)
        for viewer, text in views.items():
            # a world that differs only in hidden facts must look the same to every seat
            assert json.dumps(GAME.view(world, viewer), sort_keys=True) == text
    if any(len(p) > 1 for p in state.piles):
        assert changed, "determinize never changed the hidden part, so this check could not fail"
    # the hamper shows heights and upper sides only, never which tile lies on top
    for viewer in views:
        for pile in GAME.view(state, viewer)["hamper"]:
            assert set(pile) == {"pile", "height", "top"}


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_running_plate_totals_equal_a_recount_after_every_move(n, seed):
    """Each placement adds its tile to the plate's running totals (scoring.placed); after every move
    they must equal the plate counted from scratch, and every candidate's scores_after the move's."""
    state = GAME.setup(n, None, seed)
    state.plate_parts()  # known from the start, so that every placement updates them
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = next(iter(GAME.to_move(state)))
        moves = GAME.legal_moves(state, seat)
        for move in moves:
            after = GAME.clone(state)
            after.plates = [None] * n  # counted from scratch on the copy
            after.totals = None
            GAME.apply(after, seat, move)
            assert GAME.scores_after(state, seat, move) == (GAME.scores(after), GAME.heuristic(after, seat))
        GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
        for s in range(n):
            assert state.plates[s] == plate_parts(state.rims[s], state.centres[s], state.drinks[s]), s
        assert GAME.scores(state) == [sheet.total for sheet in GAME.score_sheet(state)]
