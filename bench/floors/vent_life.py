"""A pure-Python floor for a Vent Life game: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same tile bag from the
same seed, the same legal moves in the same order, the same random choice among them) with nothing
a person reads: no move objects, no log, no views, no running totals (the scores are counted once,
at the end). The field is three dicts keyed by the engine's packed hex ints, in the order the hexes
were first covered. Kept up to date as tiles are laid and creatures placed, so that no move searches
the whole field: each hex's mask of neighbours with a tile (where a tile's smoker may go follows from
it), the tile spots (empty hexes and smokers that can be built on) in one sorted list, and for each
species the empty hexes its first creature may go on, in field order. It plays the first game's
species (worms, snails, shrimp, crabs), the default setup. It is the reference the engine is measured
against (bench/engine_vs_floor.py), not a game of the hall; tests/test_bench_floors.py checks that it
plays exactly the engine's games.
"""

from __future__ import annotations

from bisect import bisect_left

from meeple.engine import Rng
from meeple.games.vent_life.components import BASALT, BOX, CENTRE, DELTAS, DIFFUSE, MAT, SMOKER, TILES_FOR_PLAYERS

WORMS, SNAILS, SHRIMP, CRABS = 0, 1, 2, 4
SPECIES = (WORMS, SNAILS, SHRIMP, CRABS)
D0, D1, D2, D3, D4, D5 = DELTAS
SIDES = tuple((DELTAS[t], DELTAS[(t + 1) % 6]) for t in range(6))
TERRAIN = {"B": BASALT, "D": DIFFUSE, "M": MAT}


def _near(turn: int, steps: int) -> set[int]:
    """Offsets from a tile's smoker (turned `turn`) of the hexes at most `steps` from the tile."""
    out = {0, DELTAS[turn], DELTAS[(turn + 1) % 6]}
    for _ in range(steps):
        out |= {c + d for c in out for d in DELTAS}
    return out


def _bits(turn: int) -> tuple[tuple[int, int], ...]:
    """(offset, bits) for the tile and each neighbour: bit i is set where its neighbour in direction i
    is a hex of the tile."""
    out: dict[int, int] = {}
    for c in (0, DELTAS[turn], DELTAS[(turn + 1) % 6]):
        for i, d in enumerate(DELTAS):
            out[c + d] = out.get(c + d, 0) | 1 << (i + 3) % 6
    return tuple(out.items())


TOUCHED = tuple(tuple(_near(t, 1)) for t in range(6))
BITS = tuple(_bits(t) for t in range(6))
TWO_OUT = tuple(tuple(_near(t, 2) - _near(t, 1)) for t in range(6))
# By the mask of an empty hex touching the field: the turns a tile's smoker there has (both lower hexes on
# empty hexes), and so whether it is a spot. An empty hex two steps from the field is always one.
ROOM_TURNS = tuple(tuple(t for t in range(6) if not m >> t & 1 and not m >> (t + 1) % 6 & 1) for m in range(64))
ROOM = tuple(bool(turns) for turns in ROOM_TURNS)
# By which neighbours of an empty hex two steps from the field touch it: the turns whose lower hexes touch it.
TOUCHING_TURNS = tuple(tuple(t for t in range(6) if m >> t & 1 or m >> (t + 1) % 6 & 1) for m in range(64))
# The species whose first creature may go on an empty hex, by key terrain * 2 + (level >= 2); key 10 is a
# hex with a creature. CHANGE[old][new]: the species lists a hex leaves and joins when its key changes.
FITTING = tuple(tuple(sp for sp, ok in ((WORMS, t == SMOKER), (SNAILS, t == BASALT), (SHRIMP, t != BASALT),
                                        (CRABS, high == 1)) if ok) for t in range(5) for high in (0, 1)) + ((),)
CHANGE = tuple(tuple((tuple(sp for sp in a if sp not in b), tuple(sp for sp in b if sp not in a))
                     for b in FITTING) for a in FITTING)
TAKEN = 10


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one game of the first game's species."""
    pick = rng.next_u64
    bag = list(BOX[:TILES_FOR_PLAYERS[n]])
    Rng(seed).shuffle(bag)
    hands: list = [bag.pop() for _ in range(n)]
    level: dict[int, int] = {}     # hex -> level (insertion order is the engine's field order)
    terrain: dict[int, int] = {}   # hex -> top terrain
    number: dict[int, int] = {}    # hex -> number of the top tile
    rank: dict[int, int] = {}      # hex -> its place in field order
    creatures: dict[int, tuple[int, int, int]] = {}  # hex -> (owner, species, count)
    supply = [[6] * 7 for _ in range(n)]
    mask: dict[int, int] = {}      # hex -> which neighbours have a tile (bit per direction), for hexes by the field
    spots: set[int] = set()        # seafloor hexes a smoker can go on
    builds: set[int] = set()       # smokers a tile can be built up on
    places: list[int] = []         # spots and builds, sorted
    free = {sp: ([], []) for sp in SPECIES}  # per species: ([rank], [hex]) of the empty hexes it may go on
    tiles = 0
    moves = 0
    seat = 0

    def flip(where: set, c: int) -> None:
        i = bisect_left(places, c)
        if c in where:
            where.discard(c)
            del places[i]
        else:
            where.add(c)
            places.insert(i, c)

    def rekey(c: int, old: int, new: int) -> None:
        leave, join = CHANGE[old][new]
        r = rank[c]
        for sp in leave:
            ranks, hexes = free[sp]
            i = bisect_left(ranks, r)
            del ranks[i], hexes[i]
        for sp in join:
            ranks, hexes = free[sp]
            i = bisect_left(ranks, r)
            ranks.insert(i, r)
            hexes.insert(i, c)

    def buildable(c: int) -> bool:
        """Whether a tile can be built up on the smoker `c`."""
        lc, num = level[c], number[c]
        for da, db in SIDES:
            a, b = c + da, c + db
            if level.get(a) == lc and level.get(b) == lc and not (number[a] == num == number[b]):
                return True
        return False

    def take(c: int) -> None:
        rekey(c, terrain[c] * 2 + (level[c] >= 2), TAKEN)

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
            if below is None:
                m = mask.get(at)
                if m:
                    turns = ROOM_TURNS[m]
                else:  # two steps from the field: a lower hex must touch it
                    turns = TOUCHING_TURNS[(at + D0 in mask) | (at + D1 in mask) << 1 | (at + D2 in mask) << 2
                                           | (at + D3 in mask) << 3 | (at + D4 in mask) << 4
                                           | (at + D5 in mask) << 5]
            else:
                num = number[at]
                turns = tuple(t for t, (da, db) in enumerate(SIDES)
                              if level.get(at + da) == below and level.get(at + db) == below
                              and not (number[at + da] == num == number[at + db]))
            turn = turns[pick() % len(turns)]
        else:
            at, below = CENTRE, None
            pick()
            turn = pick() % 6
        moves += 2
        da, db = SIDES[turn]
        cells = (at, at + da, at + db)
        code = hands[seat]
        hands[seat] = None
        terrains = (SMOKER, TERRAIN[code[0]], TERRAIN[code[1]])
        if below is None:  # three new hexes, empty, last in field order
            k = len(level)
            for i, c in enumerate(cells):
                ter = terrains[i]
                level[c], terrain[c], number[c], rank[c] = 1, ter, tiles, k + i
                for sp in FITTING[ter * 2]:
                    ranks, hexes = free[sp]
                    ranks.append(k + i)
                    hexes.append(c)
            covered = []
            for off, bits in BITS[turn]:  # the masks, the spots they decide, and the smokers to build on
                c = at + off
                m = mask[c] = mask.get(c, 0) | bits
                if c not in level:
                    if ROOM[m] != (c in spots):
                        flip(spots, c)
                    continue
                if c in spots:  # a hex of the tile: from spot to smoker to build on, its place is the same
                    spots.discard(c)
                    if terrain[c] == SMOKER and buildable(c):
                        builds.add(c)
                    else:
                        del places[bisect_left(places, c)]
                elif level[c] == 1 and terrain[c] == SMOKER and c not in builds and buildable(c):
                    flip(builds, c)  # new seafloor hexes only ever give a seafloor smoker a pair to build on
            for off in TWO_OUT[turn]:
                c = at + off
                if c not in mask and c not in spots:
                    flip(spots, c)
        else:
            high = below >= 2
            keys = [TAKEN if c in creatures else terrain[c] * 2 + high for c in cells]
            covered = [(c, creatures.pop(c)) for c in cells if c in creatures]
            lv = below + 1
            for c, ter in zip(cells, terrains):
                level[c], terrain[c], number[c] = lv, ter, tiles
            for c, (owner, sp, k) in covered:
                if sp == WORMS and c == at:
                    creatures[c] = (owner, sp, k)  # worms on the smoker climb
            for c, ter, old in zip(cells, terrains, keys):
                rekey(c, old, TAKEN if c in creatures else ter * 2 + 1)
            for off in TOUCHED[turn]:
                c = at + off
                if (terrain.get(c) == SMOKER and buildable(c)) != (c in builds):
                    flip(builds, c)
        tiles += 1
        # Covered creatures: worms under the other hexes go back; the rest move.
        pending = []
        for c, (owner, sp, k) in covered:
            if sp == WORMS:
                if c != at:
                    supply[owner][sp] += k
            else:
                pending.append((owner, sp, c, below))
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
                    take(dests[0])
                    continue
                # The owner chooses one move among all of theirs.
                choices = [(p, dst) for p, dests in mine for dst in dests]
                p, dst = choices[pick() % len(choices)]
                moves += 1
                pending.remove(p)
                creatures[dst] = (owner, p[1], 1)
                take(dst)
        # The species to place, then the creatures.
        have = supply[seat]
        can = [sp for sp in SPECIES if have[sp] and free[sp][0]]
        moves += 1
        if can:
            sp = can[pick() % len(can)]
            first = free[sp][1]
            c = first[pick() % len(first)]
            moves += 1
            creatures[c] = (seat, sp, 1)
            take(c)
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
                    take(c)
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
