"""Vent Life's components: terrains, species, the tile mix, and the hex grid.

The help page fixes the tile counts (36 / 48 / 60 for 2 / 3 / 4 players) and that
every tile has a Black Smoker on top, but not which terrains the other two hexes
show. Our mix is built from blocks of 12 tiles, each block balanced on its own
(see docs/games/vent-life.md for the reasons and the simulation figures):

    per 12 tiles: 1 BB, 1 DD, 1 MM, 3 BD, 3 BM, 3 DM (B Basalt Ridge, D Diffuse
    Vents, M Microbial Mat), so every block shows 8 hexes of each terrain.

A tile is written by its two lower hexes in clockwise order after the smoker:
"BD" has Basalt Ridge then Diffuse Vents. Tiles cannot be flipped, so "BD" and
"DB" are mirror images; the mixed pairs alternate between both hands.
"""

from __future__ import annotations

# ----- terrains ---------------------------------------------------------------

NONE, SMOKER, BASALT, DIFFUSE, MAT = range(5)
TERRAIN_LETTERS = ".SBDM"
TERRAIN_NAMES = ("empty table", "Black Smoker", "Basalt Ridge", "Diffuse Vents", "Microbial Mat")

# ----- species ----------------------------------------------------------------

WORMS, SNAILS, SHRIMP, FISH, CRABS, OCTOPUS, SPONGES = range(7)
SPECIES = ("worms", "snails", "shrimp", "fish", "crabs", "octopus", "sponges")
SPECIES_NAMES = ("Giant Tube Worms", "Volcano Snails", "Blind Vent Shrimp", "Eelpout Fish",
                 "Yeti Crabs", "Deep-Sea Octopus", "Vent Sponges")
SPECIES_LETTERS = "WVSFCOG"  # one letter each on the text board (V for Volcano Snails, G for sponGes)
FIRST_GAME = (WORMS, SNAILS, SHRIMP, CRABS)
SPECIES_IN_PLAY = 4
CREATURES_PER_SPECIES = 6

#: One line per species: where it goes, what happens when covered, how it scores.
SPECIES_RULES = (
    "Only on Black Smokers; two on the same seafloor smoker if you like. Climb when a smoker is stacked on "
    "theirs, otherwise back to supply when covered. Each worm scores its smoker's level.",
    "1 to 3 on connected Basalt Ridge hexes. When covered, move to a neighbouring lower hex. "
    "1 point per neighbouring hex at a different height (empty table does not count).",
    "Any hex but Basalt Ridge. When covered, move to a neighbouring hex that is not Basalt Ridge. "
    "2 points next to Diffuse Vents or Microbial Mat, 5 next to both.",
    "A seafloor hex, or any hex next to one of your Fish; never a smoker. When covered, move to a "
    "neighbouring hex at the same or a lower level, not a smoker. Shoals of 2-6 score 5-25.",
    "Any hex above the seafloor. When covered, move to a neighbouring hex at the same level. "
    "Most crabs on a plateau: 1 point per hex; second most: half.",
    "Any edge hex. When covered, slide in a straight line to the last hex before the edge. "
    "2 points per different species next to it (not Octopus).",
    "Any hex. When covered, back to supply. 2 points per different terrain next to it.",
)

# ----- tiles ------------------------------------------------------------------

_BLOCK_PAIRS = ("BB", "DD", "MM", "BD", "BM", "DM")
TILES_FOR_PLAYERS = {2: 36, 3: 48, 4: 60}


def _block(k: int) -> list[str]:
    """One balanced block of 12 tiles; mixed pairs take turns at which hand gets two."""
    tiles = ["BB", "DD", "MM"]
    for i, pair in enumerate(_BLOCK_PAIRS[3:]):
        mirrored = pair[::-1]
        major, minor = (pair, mirrored) if (k + i) % 2 == 0 else (mirrored, pair)
        tiles += [major, major, minor]
    return tiles


#: Every tile of the box, in block order: a game with n players uses the first 12 * (n + 1).
BOX: tuple[str, ...] = tuple(code for k in range(5) for code in _block(k))
TILE_CODES = tuple(a + b for a in "BDM" for b in "BDM")


def tiles_for(n_players: int) -> list[str]:
    return list(BOX[:TILES_FOR_PLAYERS[n_players]])


def tile_terrains(code: str) -> tuple[int, int]:
    """The two lower hexes' terrains of a tile code such as 'BD'."""
    return TERRAIN_LETTERS.index(code[0]), TERRAIN_LETTERS.index(code[1])


# ----- the hex grid -----------------------------------------------------------
# Hexes are axial (q, r) with the first smoker at (0, 0), packed into one int so
# that the field is a small dict and neighbours are additions. 60 tiles can reach
# at most 120 hexes from the middle, well inside the packing's range.

_K = 1024
_OFF = 512
#: Directions in order, as (dq, dr): east, north-east, north-west, west, south-west, south-east.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")  # for people
DELTAS = tuple(dq * _K + dr for dq, dr in DIRECTIONS)
CENTRE = _OFF * _K + _OFF


def cell(q: int, r: int) -> int:
    return (q + _OFF) * _K + (r + _OFF)


def coords(c: int) -> tuple[int, int]:
    return c // _K - _OFF, c % _K - _OFF


def tile_cells(smoker: int, turn: int) -> tuple[int, int, int]:
    """The three hexes of a tile whose smoker is on `smoker`, turned `turn` (0-5):
    the first lower hex lies in direction `turn`, the second in the next direction."""
    return smoker, smoker + DELTAS[turn], smoker + DELTAS[(turn + 1) % 6]


def hex_text(c: int) -> str:
    q, r = coords(c)
    return f"{q},{r}"


def in_range(q: int, r: int) -> bool:
    return -_OFF < q < _OFF and -_OFF < r < _OFF
