"""Digging for Dinos' components: the 5 x 5 grid, the seven species and the 76 fossil tiles.

The published components are not public; this design is ours (reasons and simulation
figures in docs/games/digging-for-dinos.md). A tile is an int id; the flat tables below
give its species, its part of the skeleton, its era and its two values.
"""

from __future__ import annotations

from typing import NamedTuple

SIZE = 5
CELLS = SIZE * SIZE
ERAS = 3
PAWNS_PER_SEAT = 2
ORTHOGONAL, DIAGONAL = 0, 1
SIDE_NAMES = ("orthogonal", "diagonal")
FOURTH = 4  # completing this many dinosaurs ends the game (after the round)


class Species(NamedTuple):
    key: str
    name: str
    parts: tuple[str, ...]
    left: tuple[int, ...]   # points of each part while the dinosaur is incomplete
    complete: int           # points of the whole completed dinosaur
    eras: tuple[int, ...]   # one copy of the species in each of these eras (1-3)
    special: bool           # completing it lets you flip a paleontologist


SPECIES: tuple[Species, ...] = (
    Species("velociraptor", "Velociraptor", ("skull", "claws", "tail"), (1, 0, 1), 7, (1, 2, 3), True),
    Species("pteranodon", "Pteranodon", ("skull", "wings", "body"), (1, 1, 0), 7, (1, 2, 3), False),
    Species("deinosuchus", "Deinosuchus", ("skull", "spine", "legs", "tail"), (1, 0, 1, 1), 10, (1, 2, 3), True),
    Species("stegosaurus", "Stegosaurus", ("skull", "plates", "legs", "tail"), (1, 1, 1, 0), 11, (1, 2, 3), False),
    Species("triceratops", "Triceratops", ("skull", "frill", "spine", "legs", "tail"), (2, 1, 0, 1, 1), 13,
            (1, 2), False),
    Species("brachiosaurus", "Brachiosaurus", ("skull", "neck", "spine", "hips", "legs", "tail"),
            (1, 1, 1, 0, 1, 2), 17, (1, 2), False),
    Species("tyrannosaurus", "Tyrannosaurus", ("skull", "arms", "ribs", "hips", "legs", "tail"),
            (2, 1, 0, 1, 1, 1), 18, (1, 2), False),
)
N_SPECIES = len(SPECIES)
MAX_PARTS = max(len(s.parts) for s in SPECIES)
SPECIES_INDEX = {s.key: i for i, s in enumerate(SPECIES)}

# The tiles, numbered era by era, species by species, part by part.
SPECIES_OF: list[int] = []
PART_OF: list[int] = []
ERA_OF: list[int] = []
for _era in range(1, ERAS + 1):
    for _s, _sp in enumerate(SPECIES):
        if _era in _sp.eras:
            for _p in range(len(_sp.parts)):
                SPECIES_OF.append(_s)
                PART_OF.append(_p)
                ERA_OF.append(_era)
N_TILES = len(SPECIES_OF)
LEFT = [SPECIES[s].left[p] for s, p in zip(SPECIES_OF, PART_OF)]
SLOT = [s * MAX_PARTS + p for s, p in zip(SPECIES_OF, PART_OF)]  # index into a seat's part counts
PARTS = tuple(slice(s * MAX_PARTS, s * MAX_PARTS + len(sp.parts)) for s, sp in enumerate(SPECIES))  # by species
ERA_TILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(N_TILES) if ERA_OF[t] == era) for era in range(1, ERAS + 1))


def tile_name(tile: int) -> str:
    """'Tyrannosaurus skull (1/6)'."""
    sp = SPECIES[SPECIES_OF[tile]]
    return f"{sp.name} {sp.parts[PART_OF[tile]]} ({PART_OF[tile] + 1}/{len(sp.parts)})"


def tile_json(tile: int) -> dict:
    s, p = SPECIES_OF[tile], PART_OF[tile]
    sp = SPECIES[s]
    return {"id": tile, "species": sp.key, "name": sp.name, "part": sp.parts[p], "position": p + 1,
            "of": len(sp.parts), "era": ERA_OF[tile], "left": sp.left[p], "complete": sp.complete,
            "special": sp.special}


# ----- the grid ----------------------------------------------------------------

COLUMNS = "abcde"


# Cells are named by column a-e (left to right) and row 1-5 (top to bottom): 'c3' is the middle.
CELL_NAMES = tuple(f"{COLUMNS[c % SIZE]}{c // SIZE + 1}" for c in range(CELLS))


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell]


def parse_cell(text: str) -> int:
    """The cell of a name like 'c3'; ValueError with a hint otherwise."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] in COLUMNS and t[1].isdigit() and 1 <= int(t[1]) <= SIZE:
        return (int(t[1]) - 1) * SIZE + COLUMNS.index(t[0])
    raise ValueError(f"'{text}' is not a cell: write a column a-{COLUMNS[-1]} and a row 1-{SIZE}, such as c3")


_STEPS = (((-1, 0), (1, 0), (0, -1), (0, 1)), ((-1, -1), (-1, 1), (1, -1), (1, 1)))


def _ray(cell: int, dr: int, dc: int) -> tuple[int, ...]:
    r, c = divmod(cell, SIZE)
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < SIZE and 0 <= c < SIZE:
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return tuple(out)


# RAYS[side][cell]: the non-empty lines of cells a token on `cell` looks along, nearest first.
RAYS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(ray for ray in (_ray(cell, dr, dc) for dr, dc in steps) if ray) for cell in range(CELLS))
    for steps in _STEPS)

SLOTS = N_SPECIES * MAX_PARTS
# How many tiles of each (species, part) slot the box holds: one per era the species is in.
COPIES = [0] * SLOTS
for _t in range(N_TILES):
    COPIES[SLOT[_t]] += 1
