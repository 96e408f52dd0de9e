"""The vent field's geometry: where a tile may go, where creatures may be placed,
where covered creatures may move, and laying a tile. Pure functions of the state."""

from __future__ import annotations

from bisect import bisect_left

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
    SPONGES,
    TILE_CODES,
    WORMS,
    tile_cells,
    tile_terrains,
)
from .moves import TURNS, put, tile

# ----- where tiles go ----------------------------------------------------------


def _around(turn: int, steps: int) -> tuple[int, ...]:
    """Offsets from a tile's smoker of the hexes at most `steps` from the tile (turned `turn`)."""
    out = set(tile_cells(0, turn))
    for _ in range(steps):
        out |= {c + d for c in out for d in DELTAS}
    return tuple(sorted(out))


#: For each turn, the offsets of the tile's two lower hexes from its smoker.
_SIDES = tuple((DELTAS[t], DELTAS[(t + 1) % 6]) for t in range(6))
# Precomputed per turn, as settle_spots runs once per tile of every playout.
_TOUCHED = tuple(_around(t, 1) for t in range(6))  # the tile and its neighbours
#: The hexes two steps from a tile (turned t).
_RING2 = tuple(tuple(sorted(set(_around(t, 2)) - set(_around(t, 1)))) for t in range(6))


def _mask_bits(turn: int) -> tuple[tuple[int, int], ...]:
    """(offset, bits) for the tile turned `turn` and every hex next to it (its _TOUCHED): bit i says that
    hex's neighbour in direction i is one of the tile's hexes."""
    bits: dict[int, int] = {}
    for c in tile_cells(0, turn):
        for i, d in enumerate(DELTAS):
            bits[c + d] = bits.get(c + d, 0) | 1 << (i + 3) % 6
    return tuple(sorted(bits.items()))


_MASK_BITS = tuple(_mask_bits(t) for t in range(6))
_TERRAINS = {code: tile_terrains(code) for code in TILE_CODES}
#: By a hex's neighbour mask: whether two neighbours next to each other are both empty, that is whether a
#: tile's smoker on that (empty) hex has a turn with both lower hexes free.
_ROOM = tuple(any(not m >> i & 1 and not m >> (i + 1) % 6 & 1 for i in range(6)) for m in range(64))
#: By a smoker's neighbour mask: whether two pairs of neighbours next to each other both have a tile. A tile
#: built up on the smoker covers such a pair, never the pair of the smoker's own tile, which always has its
#: tiles: with one pair only it cannot be built on, so settle_spots asks _can_build_on only past this table.
_PAIRED = tuple(sum(m >> i & m >> (i + 1) % 6 & 1 for i in range(6)) >= 2 for m in range(64))
_ALL_TURNS = (0, 1, 2, 3, 4, 5)  # the first tile's
#: By the neighbour mask of an empty hex touching the field: the turns of a tile with its smoker there.
_ROOM_TURNS = tuple(tuple(t for t in range(6) if not m >> t & 1 and not m >> (t + 1) % 6 & 1) for m in range(64))
#: By which neighbours of an empty hex two steps from the field touch it (bit per direction): the turns of a
#: tile with its smoker there (one of its lower hexes touches the field).
_TOUCHING_TURNS = tuple(tuple(t for t in range(6) if m >> t & 1 or m >> (t + 1) % 6 & 1) for m in range(64))


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


def turns_at(state, at: int) -> tuple[int, ...] | list[int]:
    """The turns (0-5) for a tile's smoker on `at` (tile_turns), read from the masks that settle_spots keeps
    (the fused random step's way: numbers, no move objects)."""
    if not state.field:
        return _ALL_TURNS if at == CENTRE else ()
    if state.unsettled:
        settle_spots(state)
    field, mask = state.field, state.mask
    if at in field:
        return tile_turns(field, at)
    m = mask.get(at)
    if m:  # touching the field: any turn with both lower hexes empty
        return _ROOM_TURNS[m]
    # Two steps from the field: every hex around is empty, and a lower hex must touch the field.
    d0, d1, d2, d3, d4, d5 = DELTAS
    return _TOUCHING_TURNS[(at + d0 in mask) | (at + d1 in mask) << 1 | (at + d2 in mask) << 2
                           | (at + d3 in mask) << 3 | (at + d4 in mask) << 4 | (at + d5 in mask) << 5]


def turn_moves(state, at: int) -> list:
    """The Turn moves of turns_at (legal_moves' way)."""
    return list(map(TURNS.__getitem__, turns_at(state, at)))


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
    """Whether first_spots has a hex for Fish or Octopus, the species not kept in free lists (`_FITS`),
    stopping at the first (plain loops: asked at every turn of every playout, quicker than a generator)."""
    field, creatures = state.field, state.creatures
    if sp == FISH:
        for c, f in field.items():
            if c not in creatures and fish_fits(state, seat, c, f[0], f[1]):
                return True
        return False
    for c in field:
        if c not in creatures and is_edge(field, c):
            return True
    return False


#: The species whose empty hexes are kept in field order (`state.free`): where their first creature may go
#: depends on the hex alone, by its top terrain and whether it is above the seafloor (the key, terrain * 2
#: + high). Fish and Octopus depend on the neighbours too, and are looked for (first_spots).
_FITS = {
    WORMS: tuple(t == SMOKER for t in range(5) for _high in (0, 1)),
    SNAILS: tuple(t == BASALT for t in range(5) for _high in (0, 1)),
    SHRIMP: tuple(t != BASALT for t in range(5) for _high in (0, 1)),
    CRABS: tuple(bool(high) for _t in range(5) for high in (0, 1)),
    SPONGES: (True,) * 10,
}
#: By key: the kept species that may go on such an empty hex (one tuple per key, so `is` compares them).
_FITTING = tuple(tuple(sp for sp, fits in _FITS.items() if fits[key]) for key in range(10))
_NONE: tuple[int, ...] = ()
#: By tile code: (index of the hex in tile_cells, species) for each free list a new seafloor tile's hexes join.
_NEW_JOINS = {code: tuple((i, sp) for i, terrain in enumerate((SMOKER, *tile_terrains(code)))
                          for sp in _FITTING[terrain * 2]) for code in TILE_CODES}


def free_lists(state) -> list:
    """Per species (0-6): for those kept (`_FITS`, in play), ([rank], [Put]) of the empty hexes where its
    first creature may go, in field order; None for the others. Made from the field when first asked for
    (and after a position is loaded), then kept up to date by free_take and free_relay."""
    free = state.free
    if free is None:
        free = [None] * 7
        field, creatures, rank = state.field, state.creatures, state.rank
        for sp in state.species:
            fits = _FITS.get(sp)
            if fits is not None:
                hexes = [c for c, f in field.items() if c not in creatures and fits[f[1] * 2 + (f[0] >= 2)]]
                free[sp] = ([rank[c] for c in hexes], list(map(put, hexes)))
        state.free, state.owns_free = free, True
    return free


def free_take(state, c: int) -> None:
    """The empty hex `c` gets a creature: it leaves the free lists."""
    free = state.free
    if free is None:
        return
    if not state.owns_free:
        free = state.own_free()
    f = state.field[c]
    r = state.rank[c]
    for sp in _FITTING[f[1] * 2 + (f[0] >= 2)]:
        kept = free[sp]
        if kept is not None:
            ranks = kept[0]
            i = bisect_left(ranks, r)
            del ranks[i], kept[1][i]


def free_new(state, cells, code: str) -> None:
    """A seafloor tile `code` was laid on `cells`, three new empty hexes: each joins the end of the free lists
    of the species that may go on it (the commonest change, so its (hex, species) pairs are in a table)."""
    free = state.free
    if free is None:
        return
    if not state.owns_free:
        free = state.own_free()
    k = len(state.field) - 3  # the smoker's place in field order
    for i, sp in _NEW_JOINS[code]:
        kept = free[sp]
        if kept is not None:
            kept[0].append(k + i)
            kept[1].append(put(cells[i]))


def free_relay(state, cells, before) -> None:
    """A tile was laid on `cells` (their field entries and whether empty were `before`: None for a new hex,
    else (entry, empty)), and the creatures on them settled: bring the free lists up to date."""
    free = state.free
    if free is None:
        return
    if not state.owns_free:
        free = state.own_free()
    field, creatures, rank = state.field, state.creatures, state.rank
    for c, was in zip(cells, before):
        if c in creatures:
            now = _NONE
        else:
            f = field[c]
            now = _FITTING[f[1] * 2 + (f[0] >= 2)]
        if was is None:  # a new hex: the last in field order
            for sp in now:
                kept = free[sp]
                if kept is not None:
                    kept[0].append(rank[c])
                    kept[1].append(put(c))
            continue
        then = _FITTING[was[0][1] * 2 + (was[0][0] >= 2)] if was[1] else _NONE
        if now is then:
            continue
        r = rank[c]
        for sp in then:
            kept = free[sp]
            if kept is not None and sp not in now:
                ranks = kept[0]
                i = bisect_left(ranks, r)
                del ranks[i], kept[1][i]
        for sp in now:
            kept = free[sp]
            if kept is not None and sp not in then:
                ranks = kept[0]
                i = bisect_left(ranks, r)
                ranks.insert(i, r)
                kept[1].insert(i, put(c))


def first_puts(state, seat: int, sp: int) -> list:
    """The Put moves of first_spots."""
    free = state.free
    kept = (free if free is not None else free_lists(state))[sp]
    if kept is not None:
        return kept[1][:]
    return list(map(put, first_spots(state, seat, sp)))


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
    free, supply = free_lists(state), state.supply[seat]
    out = []
    for sp in state.species:
        if supply[sp]:
            kept = free[sp]
            if (kept[0] if kept is not None else can_place(state, seat, sp)):
                out.append(sp)
    return out


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

    `mask`, `spots`, `builds` and `tile_moves` are brought up to date later, when read (settle_spots).
    """
    if not state.owns_layout:
        state.own_layout()
    field = state.field
    cells = tile_cells(at, turn)
    below = field.get(at)
    level = below[0] + 1 if below else 1
    if below is None:  # three new hexes, after every hex in field order
        rank, k = state.rank, len(field)
        rank[cells[0]], rank[cells[1]], rank[cells[2]] = k, k + 1, k + 2
    number = len(state.tiles)
    a, b = _TERRAINS[code]
    field[cells[0]] = (level, SMOKER, number)
    field[cells[1]] = (level, a, number)
    field[cells[2]] = (level, b, number)
    state.tiles.append((at, turn, code))
    if level >= 2:
        state.plateaus = None  # plateaus are above the seafloor: a seafloor tile leaves them as they were
    state.unsettled = state.unsettled + [(at, turn, level)]  # a new list: copies may share the old one
    return level


def settle_spots(state) -> None:
    """Bring `mask`, `spots`, `builds` and `tile_moves` up to date with the tiles laid since they were.

    Done when they are read (the next tile's moves), not at every lay: a search lays many tiles whose
    positions never ask.

    An empty hex can hold a tile's smoker when some turn leaves both lower hexes on empty hexes and one
    of the three touches the field. For an empty hex next to the field that is two empty neighbours next
    to each other (`_ROOM` of its mask); an empty hex two steps from the field always has them (all its
    neighbours are empty) and touches the field through the neighbour between. A seafloor tile changes
    the masks of its neighbours only, so only hexes within two steps of it change: its neighbours by
    their new masks, the hexes two steps out from no spot (three steps from the field) to a spot.
    A plateau tile adds no hex, so it changes no mask and no spot, only which smokers can be built on.
    """
    unsettled = state.unsettled
    if not unsettled:
        return
    if not state.owns_spots:
        state.own_spots()
    field, mask, builds, spots = state.field, state.mask, state.builds, state.spots
    places, moves = state.places, state.tile_moves
    mget = mask.get
    # Tile by tile: each brings the hexes it touches up to date, those a later tile touches again are
    # looked at again, and a hex in the field (by the end) is never a spot. The common changes are
    # written out (_flip's work), as this runs at every tile of every playout.
    for at, turn, level in unsettled:
        if level > 1:
            for off in _TOUCHED[turn]:
                c = at + off
                f = field.get(c)
                if (f is not None and f[1] == SMOKER and _can_build_on(field, c, f)) != (c in builds):
                    _flip(builds, places, moves, c)
            continue
        for off, bits in _MASK_BITS[turn]:
            c = at + off
            m = mask[c] = mget(c, 0) | bits
            f = field.get(c)
            if f is None:  # an empty neighbour: a spot while it has room
                if _ROOM[m]:
                    if c not in spots:
                        spots.add(c)
                        i = bisect_left(places, c)
                        places.insert(i, c)
                        moves.insert(i, tile(c))
                elif c in spots:
                    spots.discard(c)
                    i = bisect_left(places, c)
                    del places[i], moves[i]
                continue
            if c in spots:  # one of the tile's hexes: a spot no more, and maybe a smoker to build on
                spots.discard(c)
                if f[1] == SMOKER and _PAIRED[m] and _can_build_on(field, c, f):  # the same Tile move, kept
                    builds.add(c)
                else:
                    i = bisect_left(places, c)
                    del places[i], moves[i]
            elif f[0] == 1 and f[1] == SMOKER and _PAIRED[m] and c not in builds and _can_build_on(field, c, f):
                # New seafloor hexes can give a seafloor smoker beside them a pair of hexes to build on,
                # and take none away (nor give a higher smoker any).
                builds.add(c)
                i = bisect_left(places, c)
                places.insert(i, c)
                moves.insert(i, tile(c))
        for off in _RING2[turn]:
            c = at + off
            if c not in mask and c not in spots:  # three steps from the field before, two now
                spots.add(c)
                i = bisect_left(places, c)
                places.insert(i, c)
                moves.insert(i, tile(c))
    state.unsettled = []


def _flip(where: set, places: list, moves: list, c: int) -> None:
    """Take `c` out of `where` (spots or builds, which never share a hex) or put it in, keeping the sorted
    `places` and their Tile moves in step (legal_moves copies them rather than sort ~200 hexes a turn)."""
    i = bisect_left(places, c)
    if c in where:
        where.discard(c)
        del places[i], moves[i]
    else:
        where.add(c)
        places.insert(i, c)
        moves.insert(i, tile(c))


def other_levels(field, c: int) -> int:
    """How many hexes next to `c` lie on another level than it (a snail there scores as many)."""
    level = field[c][0]
    count = 0
    for d in DELTAS:
        f = field.get(c + d)
        if f is not None and f[0] != level:
            count += 1
    return count
