"""Build Digging for Dinos positions by hand through the position JSON."""

from meeple.games.digging_for_dinos import GAME
from meeple.games.digging_for_dinos.components import ERA_OF, N_TILES, PART_OF, SPECIES, SPECIES_INDEX, SPECIES_OF

__all__ = ["GAME", "tile", "position", "sheet"]


def tile(key: str, part: int, era: int = 1) -> int:
    """The id of a species' part (0-based) in an era's copy."""
    s = SPECIES_INDEX[key]
    for t in range(N_TILES):
        if SPECIES_OF[t] == s and PART_OF[t] == part and ERA_OF[t] == era:
            return t
    raise KeyError((key, part, era))


def skeleton(key: str, era: int = 1) -> list[int]:
    return [tile(key, p, era) for p in range(len(SPECIES[SPECIES_INDEX[key]].parts))]


def position(pawns, n=None, board=None, collections=None, stacks=None, turn=0, phase="move", ending=None,
             spare_to=None):
    """pawns: per seat, two (cell, side) pairs ('c3', 'o' or 'd'), or None for one not yet placed.
    board: {cell: tile or None}; the other cells get unused era-1 tiles, then any unused tile.
    stacks: three lists (top last); by default every unused tile, sorted, in its era's stack.
    When stacks are given, the unused tiles go to the collection of seat `spare_to` (default last)."""
    n = n or len(pawns)
    collections = [list(c) for c in (collections or [[] for _ in range(n)])]
    used = {t for c in collections for t in c}
    for s in stacks or ():
        used.update(s)
    cells = {}
    for name, t in (board or {}).items():
        cells[_cell(name)] = t
        if t is not None:
            used.add(t)
    free = sorted((t for t in range(N_TILES) if t not in used), key=lambda t: (ERA_OF[t] != 1, t))
    grid = []
    for c in range(25):
        if c in cells:
            grid.append(cells[c])
        else:
            grid.append(free.pop(0))
    if stacks is None:
        stacks = [sorted(t for t in free if ERA_OF[t] == e) for e in (1, 2, 3)]
    else:
        collections[n - 1 if spare_to is None else spare_to] += free
    data = {
        "game": "digging_for_dinos", "players": n, "board": grid, "stacks": stacks,
        "pawns": [[None if p is None else {"cell": p[0], "side": "orthogonal" if p[1] == "o" else "diagonal"}
                   for p in seat] for seat in pawns],
        "collections": collections, "phase": phase, "turn": turn, "ending": ending,
    }
    return GAME.from_json(data)


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def sheet(state, seat=0):
    return {row.key: (row.count, row.points) for row in GAME.score_sheet(state)[seat].rows}


def legal_texts(state, seat=None):
    seat = state.turn if seat is None else seat
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))
