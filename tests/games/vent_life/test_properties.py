"""Invariants over many random games: 2, 3 and 4 players, every species mix, every setup mode."""

import itertools
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng, replay
from meeple.games.vent_life.components import CREATURES_PER_SPECIES, DELTAS, SPECIES, tiles_for
from meeple.games.vent_life.field import (
    first_puts,
    first_spots,
    placeable,
    tile_spots,
    tile_turns,
    turn_moves,
)
from meeple.games.vent_life.moves import put, tile

from .helpers import GAME

MIXES = [list(m) for m in itertools.combinations(SPECIES, 4)]
SHOALS = {1: 0, 2: 5, 3: 10, 4: 15, 5: 20, 6: 25}


def around(q, r):
    return [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]


def groups(members, linked):
    todo, out = set(members), []
    while todo:
        group = [todo.pop()]
        for h in group:
            for nb in around(*h):
                if nb in todo and linked(h, nb):
                    todo.discard(nb)
                    group.append(nb)
        out.append(group)
    return out


def reference_points(view):
    """The help page's scoring worked out again from the public view alone."""
    cells = {tuple(f["at"]): f for f in view["field"]}
    pts = [Counter() for _ in range(view["players"])]
    for h, f in cells.items():
        cr = f["creature"]
        if not cr:
            continue
        seat, sp = cr["seat"], cr["species"]
        near = [cells[nb] for nb in around(*h) if nb in cells]
        if sp == "worms":
            pts[seat][sp] += cr["count"] * f["level"]
        elif sp == "snails":
            pts[seat][sp] += sum(1 for g in near if g["level"] != f["level"])
        elif sp == "shrimp":
            kinds = {g["terrain"] for g in near}
            both = {"diffuse vents", "microbial mat"} <= kinds
            pts[seat][sp] += 5 if both else 2 if kinds & {"diffuse vents", "microbial mat"} else 0
        elif sp == "octopus":
            pts[seat][sp] += 2 * len({g["creature"]["species"] for g in near if g["creature"]} - {"octopus"})
        elif sp == "sponges":
            pts[seat][sp] += 2 * len({g["terrain"] for g in near})
    for seat in range(view["players"]):
        mine = [h for h, f in cells.items() if f["creature"] and f["creature"]["seat"] == seat
                and f["creature"]["species"] == "fish"]
        pts[seat]["fish"] += sum(SHOALS[len(g)] for g in groups(mine, lambda a, b: True))
    high = [h for h, f in cells.items() if f["level"] >= 2]
    for plateau in groups(high, lambda a, b: cells[a]["level"] == cells[b]["level"]):
        crabs = Counter(cells[h]["creature"]["seat"] for h in plateau
                        if cells[h]["creature"] and cells[h]["creature"]["species"] == "crabs")
        if not crabs:
            continue
        ranked = sorted(set(crabs.values()), reverse=True)
        firsts = [s for s, k in crabs.items() if k == ranked[0]]
        for s in firsts:
            pts[s]["crabs"] += len(plateau)
        if len(firsts) == 1 and len(ranked) > 1:
            for s, k in crabs.items():
                if k == ranked[1]:
                    pts[s]["crabs"] += len(plateau) // 2
    return pts


def check_invariants(state, view_all):
    n = state.n
    # Creatures: on the field + waiting to move + in supply = 6 of each species in play.
    for seat in range(n):
        for sp, name in enumerate(SPECIES):
            placed = sum(k for o, s, k in state.creatures.values() if o == seat and s == sp)
            waiting = sum(1 for o, s, _, _ in state.pending if o == seat and s == sp)
            expected = CREATURES_PER_SPECIES if sp in state.species else 0
            assert placed + waiting + state.supply[seat][sp] == expected, (seat, name)
    # Tiles: field + hands + bag = the box for this player count.
    codes = [code for _, _, code in state.tiles] + [h for h in state.hands if h] + state.bag
    assert Counter(codes) == Counter(tiles_for(n))
    # The tile spots kept up to date move by move equal a search of every hex near the field.
    near = {h + d for h in state.field for d in DELTAS}
    near |= {h + d for h in near for d in DELTAS}
    assert set(tile_spots(state)) == {h for h in near if tile_turns(state.field, h)}
    # What legal_moves reads from the kept lists (tile moves, turns, the free hexes of each species in
    # field order) equals a search of the field.
    assert state.tile_moves == [tile(h) for h in tile_spots(state)]
    for h in tile_spots(state):
        assert [m.turn for m in turn_moves(state, h)] == tile_turns(state.field, h)
    for seat in range(n):
        for sp in state.species:
            assert first_puts(state, seat, sp) == [put(h) for h in first_spots(state, seat, sp)], SPECIES[sp]
        assert placeable(state, seat) == [sp for sp in state.species
                                          if state.supply[seat][sp] and first_spots(state, seat, sp)]
    # The live sheet equals a recount from the public view.
    ref = reference_points(view_all)
    for sheet in GAME.score_sheet(state):
        assert {r.key: r.points for r in sheet.rows if r.points} == {k: v for k, v in ref[sheet.seat].items() if v}
    # The search bots' fast totals equal the sheets'.
    assert GAME.scores(state) == [sheet.total for sheet in GAME.score_sheet(state)]


def check_views_hide_hands(state, rng):
    """Swap every hidden tile (other hands, bag order) and check each seat's view does not change.
    The check has teeth: the swapped seat's own view must change when its tile did."""
    for seat in range(state.n):
        world = GAME.determinize(state, seat, rng)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert GAME.view(world, None) == GAME.view(state, None) or seat is None
        for other in range(state.n):
            if other != seat and world.hands[other] != state.hands[other]:
                assert GAME.view(world, other) != GAME.view(state, other)


def play_random(n, options, seed, check_every=0):
    state = GAME.setup(n, options, seed)
    rng = Rng(seed ^ 0x5EED)
    history = []
    while not GAME.is_over(state):
        seats = GAME.to_move(state)
        assert len(seats) == 1
        seat = next(iter(seats))
        legal = GAME.legal_moves(state, seat)
        assert legal, GAME.prompt(state, seat)
        move = rng.choice(legal)
        before_bag = list(state.bag)
        state, log = GAME.play(state, seat, move)
        for entry in log:
            if entry.only is None and before_bag:
                assert "'s draw: " not in entry.text and before_bag[-1] not in entry.text
        history.append((seat, move))
        if check_every and len(history) % check_every == 0:
            check_invariants(state, GAME.view(state, ALL))
            check_views_hide_hands(state, rng)
            assert GAME.dumps(GAME.from_json(json.loads(GAME.dumps(state)))) == GAME.dumps(state)
    return state, history


@settings(max_examples=36, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), mix=st.sampled_from(MIXES), seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant(n, mix, seed):
    options = {"setup": "choose", "species": mix}
    state, history = play_random(n, options, seed, check_every=23)
    check_invariants(state, GAME.view(state, ALL))
    # Everyone had the same number of turns, and the bag and hands are empty.
    assert state.turns == len(tiles_for(n)) and not state.bag and all(h is None for h in state.hands)
    outcome = GAME.outcome(state)
    assert list(outcome.scores) == GAME.scores(state)
    # Replays are exact and the finished position round-trips through JSON.
    again = replay(GAME, n, options, seed, history)
    assert GAME.dumps(again) == GAME.dumps(state)
    assert GAME.dumps(GAME.from_json(json.loads(GAME.dumps(state)))) == GAME.dumps(state)


@settings(max_examples=12, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["first_game", "random", "draft"]),
       seed=st.integers(0, 2**31))
def test_every_setup_mode_plays_to_the_end(n, mode, seed):
    state, _ = play_random(n, {"setup": mode}, seed, check_every=41)
    assert len(state.species) == 4 and GAME.outcome(state) is not None


def test_thousand_quick_games_over_every_mix():
    """1,050 games: every species mix with 2, 3 and 4 players, played with the unchecked
    `apply` (as bots do). Each ends with everyone's tiles laid and creatures conserved;
    views hide the hands mid-game; the end position round-trips through JSON and the
    recorded moves replay to exactly the same position. The games really are that many
    different games: no two end alike, each plays with the mix it was set up with, every
    species of every mix is placed, and every seat of every table size wins some."""
    ends = set()
    placed = {tuple(mix): Counter() for mix in MIXES}
    wins = {n: Counter() for n in (2, 3, 4)}
    for k, mix in enumerate(MIXES):
        for n in (2, 3, 4):
            for rep in range(10):
                options, seed = {"setup": "choose", "species": mix}, 1000 * k + 10 * n + rep
                state = GAME.setup(n, options, seed)
                rng = Rng(k * 97 + n * 13 + rep)
                moves = []
                while not GAME.is_over(state):
                    seat = min(GAME.to_move(state))
                    move = rng.choice(GAME.legal_moves(state, seat))
                    GAME.apply(state, seat, move)
                    moves.append((seat, move))
                    if len(moves) == 60:
                        check_views_hide_hands(state, rng)
                assert state.turns == len(tiles_for(n))
                assert sorted(SPECIES[sp] for sp in state.species) == sorted(mix)
                for seat in range(n):
                    for sp in state.species:
                        on_field = sum(c for o, s, c in state.creatures.values() if o == seat and s == sp)
                        assert on_field + state.supply[seat][sp] == CREATURES_PER_SPECIES
                        placed[tuple(mix)][SPECIES[sp]] += on_field
                end = GAME.dumps(state)
                assert GAME.dumps(GAME.from_json(json.loads(end))) == end
                again = GAME.setup(n, options, seed)
                for seat, move in moves:
                    GAME.apply(again, seat, move)
                assert GAME.dumps(again) == end
                ends.add(end)
                outcome = GAME.outcome(state)
                wins[n].update(seat for seat in range(n) if outcome.ranks[seat] == 1)
    assert len(ends) == len(MIXES) * 3 * 10 == 1050, f"only {len(ends)} of the 1,050 games differ"
    assert all(placed[mix][sp] > 0 for mix in placed for sp in mix), "a species of some mix was never placed"
    assert all(len(wins[n]) == n for n in wins), f"some seat never won: {wins}"
