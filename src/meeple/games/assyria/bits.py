"""The map as bit masks (bit h for hex h, 64 hexes in one int) and tables that turn a mask into its
hexes or its moves, hex order kept. A playout asks "which hexes" hundreds of times: an AND of two
ints and eight table lookups answer it, where a loop over the hexes took microseconds."""

from __future__ import annotations

from functools import reduce
from operator import or_

from .components import (
    CLOSED,
    HEX_FOOD,
    HEX_REGION,
    HEX_WELLS,
    INSIDE,
    N_HEXES,
    NEIGHBOURS,
    ON_RIVER,
    OUTSIDE,
    RIVER1,
    RIVER2,
    WELL_HEXES,
)

BIT = tuple(1 << h for h in range(N_HEXES))
ALL_HEXES = (1 << N_HEXES) - 1


def mask_of(hexes) -> int:
    m = 0
    for h in hexes:
        m |= BIT[h]
    return m


OUTSIDE_MASK = mask_of(h for h in range(N_HEXES) if HEX_REGION[h] == OUTSIDE)
INSIDE_MASK = mask_of(h for h in range(N_HEXES) if HEX_REGION[h] == INSIDE)
RIVER1_MASK = mask_of(h for h in range(N_HEXES) if HEX_REGION[h] == RIVER1)
RIVER2_MASK = mask_of(h for h in range(N_HEXES) if HEX_REGION[h] == RIVER2)
RIVER_MASK = mask_of(h for h in range(N_HEXES) if ON_RIVER[h])
FOOD_MASKS = tuple(mask_of(h for h in range(N_HEXES) if HEX_FOOD[h] == f) for f in range(max(HEX_FOOD) + 1))
OPEN_MASK = {n: ALL_HEXES & ~mask_of(CLOSED[n]) for n in CLOSED}
# The open neighbours of each hex at each table size.
NEAR_MASK = {n: tuple(mask_of(near) & OPEN_MASK[n] for near in NEIGHBOURS) for n in CLOSED}
WELL_MASK = tuple(mask_of(trio) for trio in WELL_HEXES)
# Each well once, under the lowest of its three hexes: the candidates for "all three are mine".
WELLS_UNDER = tuple(tuple(w for w in HEX_WELLS[h] if min(WELL_HEXES[w]) == h) for h in range(N_HEXES))


def chunk_tables(items) -> tuple:
    """Eight tables of 256 tuples: table i, entry c, the items of the hexes 8i + b for the bits b of c."""
    return tuple(tuple(tuple(items[8 * i + b] for b in range(8) if c >> b & 1) for c in range(256))
                 for i in range(N_HEXES // 8))


def unpack(mask: int, tables) -> list:
    """The items of the mask's hexes, in hex order (the mask's eight bytes split in one C call rather
    than shifted and masked one by one: a playout unpacks a mask at almost every hut it places)."""
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(8, "little")
    return [*t0[b0], *t1[b1], *t2[b2], *t3[b3], *t4[b4], *t5[b5], *t6[b6], *t7[b7]]


HEXES = chunk_tables(range(N_HEXES))


def hexes(mask: int) -> list[int]:
    return unpack(mask, HEXES)


def _near_tables(n: int) -> tuple:
    near = NEAR_MASK[n]
    return tuple(tuple(reduce(or_, (near[8 * i + b] for b in range(8) if c >> b & 1), 0) for c in range(256))
                 for i in range(N_HEXES // 8))


_NEAR_TABLES = {n: _near_tables(n) for n in CLOSED}


def reach(mask: int, n: int) -> int:
    """The open hexes next to any hex of the mask (the mask's own hexes included where they neighbour)."""
    t0, t1, t2, t3, t4, t5, t6, t7 = _NEAR_TABLES[n]
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(8, "little")  # (as in unpack)
    return t0[b0] | t1[b1] | t2[b2] | t3[b3] | t4[b4] | t5[b5] | t6[b6] | t7[b7]
