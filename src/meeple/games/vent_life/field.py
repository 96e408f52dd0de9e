"""The vent field's geometry: where a tile may go, where creatures may be placed,
where covered creatures may move, and laying a tile. Pure functions of the state."""

from __future__ import annotations

from bisect import bisect_left, insort
from operator import itemgetter

from .components import (
    BASALT,
    CENTRE,
    CRABS,
    DELTAS,
    FISH,
    OCTOPUS,
    SHRIMP,
    SMOKER,
    SNAILS,
    WORMS,
    tile_cells,
    tile_terrains,
)
from .moves import tile

# ----- where tiles go ----------------------------------------------------------



def _around(turn: int, steps: int) -> tuple[int, ...]:
    """Offsets from a tile's smoker of the hexes at most `steps` from the tile (turned `turn`)."""
    out = set(tile_cells(0, turn))
    for _ in range(steps):
        out |= {c + d for c in out for d in DELTAS}
    return tuple(sorted(out))


_AT = itemgetter(0)  # a Tile move's hex (comparing ints is quicker than comparing the moves)
#: For each turn, the offsets of the tile's two lower hexes from its smoker.
_SIDES = tuple((DELTAS[t], DELTAS[(t + 1) % 6]) for t in range(6))
# Precomputed per turn, as lay_tile runs once per turn of every playout.
_TOUCHED = tuple(_around(t, 1) for t in range(6))  # the tile and its neighbours
_WITHIN_TWO = tuple(_around(t, 2) for t in range(6))

def tile_turns(field, at: int) -> list[int]:
    """The turns (0-5) with which a tile whose smoker goes on `at` may be laid."""
    if not field:
        return list(range(6)) if at == CENTRE else []
    below = field.get(at)
    out = []
    if below is None:  # on the seafloor: three empty hexes, one of them touching the field
        touching = _touches(field, at)
        for t, (da, db) in enumerate(_SIDES):
            a, b = at + da, at + db
            if a in field or b in field:
                continue
            if touching or _touches(field, a) or _touches(field, b):
                out.append(t)
        return out
    level, terrain, number = below
    if terrain != SMOKER:
        return out
    for t, (da, db) in enumerate(_SIDES):
        fa, fb = field.get(at + da), field.get(at + db)
        if (fa is not None and fb is not None and fa[0] == level and fb[0] == level
                and not (fa[2] == number and fb[2] == number)):
            out.append(t)
    return out


def _touches(field, c: int) -> bool:
    d0, d1, d2, d3, d4, d5 = DELTAS
    return c + d0 in field or c + d1 in field or c + d2 in field or c + d3 in field or c + d4 in field \
        or c + d5 in field


def _can_build_on(field, at: int, below) -> bool:
    """Whether a tile can be built up on the smoker `at` (the same test as tile_turns, stopping early)."""
    level, number = below[0], below[2]
    for da, db in _SIDES:
        fa, fb = field.get(at + da), field.get(at + db)
        if (fa is not None and fb is not None and fa[0] == level and fb[0] == level
                and not (fa[2] == number and fb[2] == number)):
            return True
    return False


def tile_spots(state) -> list[int]:
    """Every hex where the tile's smoker can go with at least one turn, in a fixed order.

    The seafloor hexes are kept in `state.spots` by lay_tile (see settle_spots);
    the smokers that can be built on are in `state.builds`.
    """
    if not state.field:
        return [CENTRE]
    settle_spots(state)
    return sorted(state.spots.union(state.builds))


def tile_problem(field, at: int, turn: int) -> str:
    """Why a tile cannot go there, in words (empty when it can)."""
    if not field:
        return "" if at == CENTRE else "The first tile goes in the middle: its smoker on hex 0,0."
    cells = tile_cells(at, turn)
    below = [field.get(c) for c in cells]
    if below[0] is None:
        if any(below):
            return "On the seafloor all three hexes must be free; part of that spot is already built."
        if not any(c + d in field for c in cells for d in DELTAS):
            return "A tile on the seafloor must touch the field along at least one edge."
        return ""
    if below[0][1] != SMOKER:
        return "Building up, the tile's Black Smoker must sit on a Black Smoker."
    if any(b is None for b in below):
        return "That would overhang the edge of the field: all three hexes beneath must be built."
    if len({b[0] for b in below}) > 1:
        return "The hexes beneath are at different levels: a tile needs one level under all three hexes."
    if len({b[2] for b in below}) == 1:
        return "A tile built up must cover at least two different tiles, not just one."
    return ""


# ----- where creatures go ------------------------------------------------------

def is_edge(field, c: int) -> bool:
    return any(c + d not in field for d in DELTAS)


def fish_fits(state, seat: int, c: int, level: int, terrain: int) -> bool:
    """Eelpout Fish: a seafloor hex, or any hex next to one of the seat's Fish; never a smoker."""
    if terrain == SMOKER:
        return False
    if level == 1:
        return True
    creatures = state.creatures
    for d in DELTAS:
        o = creatures.get(c + d)
        if o is not None and o[0] == seat and o[1] == FISH:
            return True
    return False


def first_spots(state, seat: int, sp: int) -> list[int]:
    """Empty hexes where the first creature of `sp` may go this turn, in field order (one
    comprehension per species keeps the rule readable and the scan fast)."""
    field, creatures = state.field, state.creatures
    if sp == WORMS:
        return [c for c, f in field.items() if f[1] == SMOKER and c not in creatures]
    if sp == SNAILS:
        return [c for c, f in field.items() if f[1] == BASALT and c not in creatures]
    if sp == SHRIMP:
        return [c for c, f in field.items() if f[1] != BASALT and c not in creatures]
    if sp == FISH:
        return [c for c, f in field.items() if c not in creatures and fish_fits(state, seat, c, f[0], f[1])]
    if sp == CRABS:
        return [c for c, f in field.items() if f[0] >= 2 and c not in creatures]
    if sp == OCTOPUS:
        return [c for c in field if c not in creatures and is_edge(field, c)]
    return [c for c in field if c not in creatures]  # sponges: any hex


def can_place(state, seat: int, sp: int) -> bool:
    """Whether first_spots has a hex, stopping at the first (plain loops: asked for every species
    in play at every turn of every playout, and quicker than a generator)."""
    field, creatures = state.field, state.creatures
    if sp == WORMS:
        for c, f in field.items():
            if f[1] == SMOKER and c not in creatures:
                return True
    elif sp == SNAILS:
        for c, f in field.items():
            if f[1] == BASALT and c not in creatures:
                return True
    elif sp == SHRIMP:
        for c, f in field.items():
            if f[1] != BASALT and c not in creatures:
                return True
    elif sp == CRABS:
        for c, f in field.items():
            if f[0] >= 2 and c not in creatures:
                return True
    elif sp == FISH:
        for c, f in field.items():
            if c not in creatures and fish_fits(state, seat, c, f[0], f[1]):
                return True
    elif sp == OCTOPUS:
        for c in field:
            if c not in creatures and is_edge(field, c):
                return True
    else:
        for c in field:
            if c not in creatures:
                return True
    return False


def more_spots(state, seat: int) -> list[int]:
    """Hexes for a further creature of the species being placed (worms: the second on a
    seafloor smoker; snails: up to 3, connected), in a fixed order."""
    sp, placed = state.placing, state.placed
    if not placed or state.supply[seat][sp] == 0:
        return []
    if sp == WORMS:
        c = placed[0]
        return [c] if len(placed) == 1 and state.field[c][0] == 1 else []
    if sp == SNAILS and len(placed) < 3:
        out = set()
        for p in placed:
            for d in DELTAS:
                nb = p + d
                f = state.field.get(nb)
                if f is not None and f[1] == BASALT and nb not in state.creatures:
                    out.add(nb)
        return sorted(out)
    return []


def placeable(state, seat: int) -> list[int]:
    """The species `seat` could place now (supply left and a legal hex)."""
    return [sp for sp in state.species if state.supply[seat][sp] and can_place(state, seat, sp)]


def destinations(state, sp: int, src: int, level: int) -> list[int]:
    """Where a covered creature may go, following its species' rule; never onto the covering tile."""
    field, creatures, cover = state.field, state.creatures, state.cover
    out = set()
    if sp == OCTOPUS:
        for d in DELTAS:
            c = src
            while c + d in field:
                c += d
            if c not in cover and c not in creatures:
                out.add(c)
        return sorted(out)
    for d in DELTAS:
        nb = src + d
        f = field.get(nb)
        if f is None or nb in cover or nb in creatures:
            continue
        lvl, terrain = f[0], f[1]
        if sp == SNAILS:
            ok = lvl < level
        elif sp == SHRIMP:
            ok = terrain != BASALT
        elif sp == FISH:
            ok = lvl <= level and terrain != SMOKER
        elif sp == CRABS:
            ok = lvl == level
        else:
            ok = False
        if ok:
            out.add(nb)
    return sorted(out)


def lay_tile(state, at: int, turn: int, code: str) -> int:
    """Put a tile on the field (no checks, no creatures); returns its level.

    `near`, `spots`, `builds` and `tile_moves` are brought up to date later, when read (settle_spots).
    """
    state.own_layout()
    field = state.field
    cells = tile_cells(at, turn)
    below = field.get(at)
    level = below[0] + 1 if below else 1
    number = len(state.tiles)
    a, b = tile_terrains(code)
    field[cells[0]] = (level, SMOKER, number)
    field[cells[1]] = (level, a, number)
    field[cells[2]] = (level, b, number)
    state.tiles.append((at, turn, code))
    if level >= 2:
        state.plateaus = None  # plateaus are above the seafloor: a seafloor tile leaves them as they were
    state.unsettled = state.unsettled + [(at, turn, level)]  # a new list: copies may share the old one
    return level


def settle_spots(state) -> None:
    """Bring `near`, `spots`, `builds` and `tile_moves` up to date with the tiles laid since they were.

    Done when they are read (the next tile's moves), not at every lay: a search lays many tiles whose
    positions never ask. Each hex's status is a function of the field and `near` as they are now, so
    `near` is brought up to date first, then every hex a laid tile may have changed is looked at once.
    """
    unsettled = state.unsettled
    if not unsettled:
        return
    state.own_spots()
    field, near, builds, spots = state.field, state.near, state.builds, state.spots
    seafloor: set[int] = set()
    touched: set[int] = set()
    for at, turn, level in unsettled:
        around = [at + o for o in _TOUCHED[turn]]
        touched.update(around)
        if level == 1:
            near.difference_update(tile_cells(at, turn))
            near.update(c for c in around if c not in field)
            # A seafloor spot depends on the field and `near` within two steps of it,
            # so only hexes within two steps of the new tile can change.
            seafloor.update(at + o for o in _WITHIN_TWO[turn])
    # Whether a tile's smoker can go on an empty seafloor hex: a tile turns six ways there, so any
    # hex of an empty triangle with a hex touching the field can hold the smoker. That is every
    # empty hex two steps from the field (it shares an empty triangle with a touching neighbour),
    # and a touching hex that has two neighbouring empty hexes next to each other. Inlined: this
    # loop runs for ~16 hexes at every seafloor tile of every playout.
    d0, d1, d2, d3, d4, d5 = DELTAS
    for c in seafloor:
        if c in field:  # most of them: a quick no (the new tile's hexes were spots)
            if c in spots:
                _flip(state, spots, c)
            continue
        spot = (c + d0 in near or c + d1 in near or c + d2 in near or c + d3 in near or c + d4 in near
                or c + d5 in near)
        if spot and c in near:
            e0, e1, e2, e3, e4, e5 = (c + d0 not in field, c + d1 not in field, c + d2 not in field,
                                      c + d3 not in field, c + d4 not in field, c + d5 not in field)
            spot = (e0 and e1) or (e1 and e2) or (e2 and e3) or (e3 and e4) or (e4 and e5) or (e5 and e0)
        if spot != (c in spots):
            _flip(state, spots, c)
    for c in touched:
        f = field.get(c)
        if (f is not None and f[1] == SMOKER and _can_build_on(field, c, f)) != (c in builds):
            _flip(state, builds, c)
    state.unsettled = []


def _flip(state, places: set, c: int) -> None:
    """Take `c` out of `places` (spots or builds) or put it in, keeping `state.tile_moves` in step.

    `tile_moves` is the sorted list of tile moves for spots and builds (which never
    share a hex), so legal_moves copies it instead of sorting ~200 hexes every turn.
    """
    moves = state.tile_moves
    if c in places:
        places.discard(c)
        del moves[bisect_left(moves, c, key=_AT)]
    else:
        places.add(c)
        insort(moves, tile(c), key=_AT)


def other_levels(field, c: int) -> int:
    """How many hexes next to `c` lie on another level than it (a snail there scores as many)."""
    level = field[c][0]
    count = 0
    for d in DELTAS:
        f = field.get(c + d)
        if f is not None and f[0] != level:
            count += 1
    return count
