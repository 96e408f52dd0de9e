"""The town's geometry: 16 tiles in a 4x4 grid, 24 stops on the streets between them.

Tiles are numbered row by row (0 to 15) and named like chess squares: columns
a to d, rows 1 to 4 from the top, so tile 0 is "a1" and tile 15 is "d4".
A stop sits on the street between two tiles and is named after them, "a1-a2".
Streets run only between tiles, so a stop's two ends are crossings of the inner
grid (3x3) or the open end of a street at the edge of town. Two stops are next
to each other when they touch the same inner crossing. The postboxes stand at
the inner crossings nearest two opposite corners (by a1 and by d4): the four
stops touching such a crossing are its postbox stops.
"""

from __future__ import annotations

SIDE = 4
N_TOWN = SIDE * SIDE


def tile_name(t: int) -> str:
    return f"{'abcd'[t % SIDE]}{t // SIDE + 1}"


def _build():
    stops = []      # (tile, tile) beside each stop, lower index first
    ends = []       # the two crossings (row line, column line) at the ends of each stop
    for r in range(SIDE - 1):           # streets between row r and row r+1
        for c in range(SIDE):
            stops.append((r * SIDE + c, (r + 1) * SIDE + c))
            ends.append(((r + 1, c), (r + 1, c + 1)))
    for c in range(SIDE - 1):           # streets between column c and column c+1
        for r in range(SIDE):
            stops.append((r * SIDE + c, r * SIDE + c + 1))
            ends.append(((r, c + 1), (r + 1, c + 1)))

    def inner(point):
        return 0 < point[0] < SIDE and 0 < point[1] < SIDE

    neighbours = []
    for s, (p, q) in enumerate(ends):
        near = [o for o, (p2, q2) in enumerate(ends)
                if o != s and ((inner(p) and p in (p2, q2)) or (inner(q) and q in (p2, q2)))]
        neighbours.append(tuple(near))
    entries = tuple(s for s, (p, q) in enumerate(ends) if not inner(p) or not inner(q))
    postbox_crossings = ((1, 1), (SIDE - 1, SIDE - 1))
    postbox = tuple(s for s, pq in enumerate(ends) if any(x in pq for x in postbox_crossings))
    return tuple(stops), tuple(neighbours), entries, postbox


STOP_TILES, STOP_NEIGHBOURS, ENTRY_STOPS, POSTBOX_STOPS = _build()
N_STOPS = len(STOP_TILES)
IS_POSTBOX = tuple(s in POSTBOX_STOPS for s in range(N_STOPS))
STOP_NAMES = tuple(f"{tile_name(a)}-{tile_name(b)}" for a, b in STOP_TILES)


def parse_tile_name(text: str) -> int:
    text = text.strip().lower()
    if len(text) == 2 and text[0] in "abcd" and text[1] in "1234":
        return (int(text[1]) - 1) * SIDE + "abcd".index(text[0])
    raise ValueError(f"'{text}' is not a town tile: use a1 to d4")


def parse_stop(text: str) -> int:
    """A stop from 'a1-a2' (either order); ValueError when the tiles do not share a street."""
    parts = str(text).strip().lower().replace(" ", "").split("-")
    if len(parts) != 2:
        raise ValueError(f"'{text}' is not a stop: name the two tiles beside it, e.g. b2-b3")
    a, b = sorted(parse_tile_name(p) for p in parts)
    try:
        return STOP_TILES.index((a, b))
    except ValueError:
        raise ValueError(f"No stop lies between {tile_name(a)} and {tile_name(b)}: "
                         "the two tiles must touch along a street") from None
