"""A pure-Python floor for a Vent Life game: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same tile bag from the
same seed, the same legal moves in the same order, the same random choice among them) with nothing
a person reads: no move objects, no log, no views, no running totals (the scores are counted once,
at the end). The field is three dicts keyed by the engine's packed hex ints; the seafloor spots and
the smokers that can be built on are kept up to date as tiles are laid, in one sorted list, as the
engine keeps them. It plays the first game's species (worms, snails, shrimp, crabs), the default
setup. It is the reference the engine is measured against (bench/engine_vs_floor.py), not a game of
the hall; tests/test_bench_floors.py checks that it plays exactly the engine's games.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from meeple.engine import Rng
from meeple.games.vent_life.components import BASALT, BOX, CENTRE, DELTAS, DIFFUSE, MAT, SMOKER, TILES_FOR_PLAYERS

WORMS, SNAILS, SHRIMP, CRABS = 0, 1, 2, 4
SPECIES = (WORMS, SNAILS, SHRIMP, CRABS)
D0, D1, D2, D3, D4, D5 = DELTAS
SIDES = tuple((DELTAS[t], DELTAS[(t + 1) % 6]) for t in range(6))
TERRAIN = {"B": BASALT, "D": DIFFUSE, "M": MAT}


def _around(turn: int, steps: int) -> tuple[int, ...]:
    out = {0, DELTAS[turn], DELTAS[(turn + 1) % 6]}
    for _ in range(steps):
        out |= {c + d for c in out for d in DELTAS}
    return tuple(out)


TOUCHED = tuple(_around(t, 1) for t in range(6))
WITHIN_TWO = tuple(_around(t, 2) for t in range(6))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one game of the first game's species."""
    pick = rng.next_u64
    bag = list(BOX[:TILES_FOR_PLAYERS[n]])
    Rng(seed).shuffle(bag)
    hands: list = [bag.pop() for _ in range(n)]
    level: dict[int, int] = {}     # hex -> level (insertion order is the engine's field order)
    terrain: dict[int, int] = {}   # hex -> top terrain
    number: dict[int, int] = {}    # hex -> number of the top tile
    creatures: dict[int, tuple[int, int, int]] = {}  # hex -> (owner, species, count)
    supply = [[6] * 7 for _ in range(n)]
    near: set[int] = set()         # empty hexes touching the field
    spots: set[int] = set()        # seafloor hexes a smoker can go on
    builds: set[int] = set()       # smokers a tile can be built up on
    places: list[int] = []         # spots and builds, sorted
    tiles = 0
    moves = 0
    seat = 0

    def flip(where: set, c: int) -> None:
        if c in where:
            where.discard(c)
            del places[bisect_left(places, c)]
        else:
            where.add(c)
            insort(places, c)

    def touches(c: int) -> bool:
        return (c + D0 in level or c + D1 in level or c + D2 in level or c + D3 in level or c + D4 in level
                or c + D5 in level)

    def destinations(sp: int, src: int, was: int, cover: tuple) -> list[int]:
        out = []
        for d in DELTAS:
            nb = src + d
            lv = level.get(nb)
            if lv is None or nb in cover or nb in creatures:
                continue
            if (lv < was if sp == SNAILS else terrain[nb] != BASALT if sp == SHRIMP else lv == was):
                out.append(nb)
        out.sort()
        return out

    while True:
        # The tile: where its smoker goes, then which way it turns.
        if level:
            at = places[pick() % len(places)]
            below = level.get(at)
            turns = []
            if below is None:
                touching = touches(at)
                for t, (da, db) in enumerate(SIDES):
                    a, b = at + da, at + db
                    if a not in level and b not in level and (touching or touches(a) or touches(b)):
                        turns.append(t)
            else:
                num = number[at]
                for t, (da, db) in enumerate(SIDES):
                    a, b = at + da, at + db
                    if level.get(a) == below and level.get(b) == below and not (number[a] == num == number[b]):
                        turns.append(t)
            turn = turns[pick() % len(turns)]
        else:
            at, below = CENTRE, None
            pick()
            turn = pick() % 6
        moves += 2
        da, db = SIDES[turn]
        cells = (at, at + da, at + db)
        covered = [(c, creatures.pop(c), level[c]) for c in cells if c in creatures]
        lv = below + 1 if below else 1
        code = hands[seat]
        hands[seat] = None
        for c, ter in zip(cells, (SMOKER, TERRAIN[code[0]], TERRAIN[code[1]])):
            level[c] = lv
            terrain[c] = ter
            number[c] = tiles
        tiles += 1
        # Bring the tile spots up to date.
        if lv == 1:
            near.difference_update(cells)
            near.update(c for c in (at + o for o in TOUCHED[turn]) if c not in level)
            for c in (at + o for o in WITHIN_TWO[turn]):
                if c in level:
                    if c in spots:
                        flip(spots, c)
                    continue
                spot = (c + D0 in near or c + D1 in near or c + D2 in near or c + D3 in near or c + D4 in near
                        or c + D5 in near)
                if spot and c in near:
                    e0, e1, e2, e3, e4, e5 = (c + D0 not in level, c + D1 not in level, c + D2 not in level,
                                              c + D3 not in level, c + D4 not in level, c + D5 not in level)
                    spot = (e0 and e1) or (e1 and e2) or (e2 and e3) or (e3 and e4) or (e4 and e5) or (e5 and e0)
                if spot != (c in spots):
                    flip(spots, c)
        for c in (at + o for o in TOUCHED[turn]):
            ok = False
            if terrain.get(c) == SMOKER:
                lc, num = level[c], number[c]
                for da, db in SIDES:
                    a, b = c + da, c + db
                    if level.get(a) == lc and level.get(b) == lc and not (number[a] == num == number[b]):
                        ok = True
                        break
            if ok != (c in builds):
                flip(builds, c)
        # Covered creatures: worms on the smoker climb, other worms go back; the rest move.
        pending = []
        for c, (owner, sp, k), was in covered:
            if sp == WORMS:
                if c == at:
                    creatures[c] = (owner, sp, k)
                else:
                    supply[owner][sp] += k
            else:
                pending.append((owner, sp, c, was))
        if pending:
            pending.sort(key=lambda p: ((p[0] - seat) % n, p[2]))
            while pending:
                owner = pending[0][0]
                mine = []
                for p in [p for p in pending if p[0] == owner]:
                    dests = destinations(p[1], p[2], p[3], cells)
                    if dests:
                        mine.append((p, dests))
                    else:
                        pending.remove(p)
                        supply[owner][p[1]] += 1
                if not mine:
                    continue
                if len(mine) == 1 and len(mine[0][1]) == 1:
                    p, dests = mine[0]
                    pending.remove(p)
                    creatures[dests[0]] = (owner, p[1], 1)
                    continue
                # The owner chooses one move among all of theirs.
                choices = [(p, dst) for p, dests in mine for dst in dests]
                p, dst = choices[pick() % len(choices)]
                moves += 1
                pending.remove(p)
                creatures[dst] = (owner, p[1], 1)
        # The species to place, then the creatures.
        have = supply[seat]
        can = [sp for sp in SPECIES if have[sp] and placeable(sp, level, terrain, creatures)]
        moves += 1
        if can:
            sp = can[pick() % len(can)]
            first = first_spots(sp, level, terrain, creatures)
            c = first[pick() % len(first)]
            moves += 1
            creatures[c] = (seat, sp, 1)
            have[sp] -= 1
            if sp == WORMS:
                if have[WORMS] and level[c] == 1:
                    moves += 1
                    if pick() % 2 == 0:
                        creatures[c] = (seat, sp, 2)
                        have[sp] -= 1
                        moves += 1
                        pick()  # then only the end
                else:
                    moves += 1
                    pick()  # only the end
            elif sp == SNAILS:
                placed = [c]
                while have[SNAILS] and len(placed) < 3:
                    more = {nb for p in placed for nb in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5)
                            if terrain.get(nb) == BASALT and nb not in creatures}
                    moves += 1
                    i = pick() % (len(more) + 1)
                    if i == len(more):
                        break
                    c = sorted(more)[i]
                    creatures[c] = (seat, sp, 1)
                    have[sp] -= 1
                    placed.append(c)
                else:
                    moves += 1
                    pick()  # only the end is left
            else:
                moves += 1
                pick()  # one creature a turn: only the end is left
        else:
            pick()  # nothing to place: only the end
        # The end of the turn: draw a tile, pass on.
        if bag:
            hands[seat] = bag.pop()
        seat = (seat + 1) % n
        if hands[seat] is None:
            break
    return scores(n, level, terrain, creatures), moves


def placeable(sp: int, level: dict, terrain: dict, creatures: dict) -> bool:
    """Whether a first creature of `sp` has an empty hex (stopping at the first)."""
    if sp == WORMS:
        for c, t in terrain.items():
            if t == SMOKER and c not in creatures:
                return True
    elif sp == SNAILS:
        for c, t in terrain.items():
            if t == BASALT and c not in creatures:
                return True
    elif sp == SHRIMP:
        for c, t in terrain.items():
            if t != BASALT and c not in creatures:
                return True
    else:
        for c, lc in level.items():
            if lc >= 2 and c not in creatures:
                return True
    return False


def first_spots(sp: int, level: dict, terrain: dict, creatures: dict) -> list[int]:
    """The empty hexes where a first creature of `sp` may go, in field order."""
    if sp == WORMS:
        return [c for c, t in terrain.items() if t == SMOKER and c not in creatures]
    if sp == SNAILS:
        return [c for c, t in terrain.items() if t == BASALT and c not in creatures]
    if sp == SHRIMP:
        return [c for c, t in terrain.items() if t != BASALT and c not in creatures]
    return [c for c, lc in level.items() if lc >= 2 and c not in creatures]


def scores(n: int, level: dict, terrain: dict, creatures: dict) -> list[int]:
    """Each seat's total: worms, snails and shrimp from their hexes, crabs from plateau majorities."""
    out = [0] * n
    crabs_on: dict[int, list[int]] = {}  # a plateau's first hex -> crabs per seat
    plateau_of: dict[int, int] = {}
    size: dict[int, int] = {}
    for c, (owner, sp, k) in creatures.items():
        lc = level[c]
        if sp == WORMS:
            out[owner] += k * lc
        elif sp == SNAILS:
            out[owner] += sum(1 for d in DELTAS if c + d in level and level[c + d] != lc)
        elif sp == SHRIMP:
            near = {terrain[c + d] for d in DELTAS if c + d in level}
            out[owner] += 5 if DIFFUSE in near and MAT in near else 2 if DIFFUSE in near or MAT in near else 0
        else:
            if c not in plateau_of:
                seen, stack = {c}, [c]
                while stack:
                    h = stack.pop()
                    for d in DELTAS:
                        nb = h + d
                        if nb not in seen and level.get(nb) == lc:
                            seen.add(nb)
                            stack.append(nb)
                for h in seen:
                    plateau_of[h] = c
                size[c] = len(seen)
                crabs_on[c] = [0] * n
            crabs_on[plateau_of[c]][owner] += k
    for label, crabs in crabs_on.items():
        best = max(crabs)
        firsts = [s for s in range(n) if crabs[s] == best]
        for s in firsts:
            out[s] += size[label]
        if len(firsts) == 1:
            runner = max((k for k in crabs if k != best), default=0)
            if runner:
                for s in range(n):
                    if crabs[s] == runner:
                        out[s] += size[label] // 2
    return out


GAME = "vent_life"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (3, {}), (4, {}))
