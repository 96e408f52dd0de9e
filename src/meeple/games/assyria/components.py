"""Assyria's components: the map, the cards, the costs and the stocks.

Facts from the MIT-licensed BGA implementation (sebastien-prudhomme/bga-assyria,
material.inc.php and assyria.game.php), in our own layout:

- The map is 64 hexes in ten columns (axial coordinates q, r; flat-topped hexes,
  the rivers running across the columns). Each hex shows one food and lies in one
  region: above or below the rivers (OUTSIDE), on the first or the second river,
  or between them (INSIDE).
- Wells stand on the corners where three hexes meet; the 58 corners of the map
  that touch no hex between the rivers are well spaces.
- 40 food cards: for each of the five foods three cards of 1 symbol, two of 2 and
  two of 3; and five wild cards of 1 symbol. Each player starts with one plow card
  (a wild card of 1 symbol that scores 1 point if still held at the end).
- Expansion cards: two of 2, four of 3, two of 4; another 4 opens the first turn.
  With four players a bonus card worth 4 joins the expansion cards in Assur in the
  second and third reigns.
"""

from __future__ import annotations

FOODS = ("barley", "date", "grape", "palm", "salt")
# Each food as players say it, one and many ("1 date", "3 dates"): the board reads them from the view.
FOOD_WORDS = (("barley", "barley"), ("date", "dates"), ("grape", "grapes"), ("palm", "palms"), ("salt", "salt"))
FOOD_LETTER = "BDGPS"
OUTSIDE, RIVER1, INSIDE, RIVER2 = 0, 1, 2, 3

# Column q: the r of its first hex, then each hex as food letter + region (o, 1, i, 2), top to bottom.
_MAP = (
    (0, 0, "Po Do G1 Si B2 Go"),
    (1, 0, "Bo S1 Pi G2 So Po"),
    (2, -1, "So D1 Gi Bi D2 Bo Do"),
    (3, -1, "Bo P1 Di P2 Go Po"),
    (4, -2, "Go Do B1 Gi S2 Bo So"),
    (5, -2, "So G1 Pi Di P2 Do"),
    (6, -3, "Po Bo D1 Si B2 Go Po"),
    (7, -3, "So Go P1 Gi S2 Do"),
    (8, -4, "Do Po S1 Bi D2 Go Po"),
    (9, -4, "Bo Do G1 Si B2 So"),
)
_REGION_CODE = {"o": OUTSIDE, "1": RIVER1, "i": INSIDE, "2": RIVER2}


def _build_map():
    coords, foods, regions, labels = [], [], [], []
    for q, r0, cells in _MAP:
        for i, cell in enumerate(cells.split()):
            coords.append((q, r0 + i))
            foods.append(FOOD_LETTER.index(cell[0]))
            regions.append(_REGION_CODE[cell[1]])
            labels.append(f"{'abcdefghij'[q]}{i + 1}")
    return tuple(coords), tuple(foods), tuple(regions), tuple(labels)


HEX_QR, HEX_FOOD, HEX_REGION, HEX_LABEL = _build_map()
N_HEXES = len(HEX_QR)  # 64
HEX_AT = {qr: h for h, qr in enumerate(HEX_QR)}
LABEL_HEX = {label: h for h, label in enumerate(HEX_LABEL)}
ON_RIVER = tuple(region in (RIVER1, RIVER2) for region in HEX_REGION)

_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
NEIGHBOURS = tuple(tuple(HEX_AT[(q + dq, r + dr)] for dq, dr in _STEPS if (q + dq, r + dr) in HEX_AT)
                   for q, r in HEX_QR)


def _build_wells():
    """Corners (q, r, t): the hexes (q, r), (q+t, r), (q+t, r-t); t is -1 or 1. Each corner once."""
    wells = []
    for t in (-1, 1):
        for q, r in HEX_QR:
            trio = ((q, r), (q + t, r), (q + t, r - t))
            if all(c in HEX_AT for c in trio):
                hexes = tuple(HEX_AT[c] for c in trio)
                if all(HEX_REGION[h] != INSIDE for h in hexes):  # no well between the rivers
                    wells.append(hexes)
    return tuple(wells)


WELL_HEXES = _build_wells()  # 58 corners, each the triple of hexes it touches
N_WELLS = len(WELL_HEXES)
HEX_WELLS = tuple(tuple(w for w, trio in enumerate(WELL_HEXES) if h in trio) for h in range(N_HEXES))

# Starting spaces (the first ziggurat of each player) and the hexes closed for smaller tables.
START_SPACES = {
    2: tuple(HEX_AT[c] for c in ((1, 0), (1, 4), (4, -1), (4, 3))),
    3: tuple(HEX_AT[c] for c in ((1, 4), (4, -1), (6, 2))),
    4: tuple(HEX_AT[c] for c in ((1, 0), (1, 4), (8, -3), (8, 1))),
}
CLOSED = {
    2: frozenset(h for h, (q, _) in enumerate(HEX_QR) if q >= 6),
    3: frozenset(h for h, (q, _) in enumerate(HEX_QR) if q >= 8),
    4: frozenset(),
}

# Food cards: kind = food * 3 + symbols - 1 (0..14), WILD = 15. A plow is held apart (a count).
WILD = 15
N_KINDS = 16
KIND_FOOD = tuple([k // 3 for k in range(15)] + [-1])
KIND_SYMBOLS = tuple([k % 3 + 1 for k in range(15)] + [1])
FOOD_DECK = tuple(sorted([f * 3 + s - 1 for f in range(5) for s, copies in ((1, 3), (2, 2), (3, 2))
                          for _ in range(copies)] + [WILD] * 5))  # 40 cards
KIND_COST = tuple(1 if KIND_SYMBOLS[k] == 1 and k != WILD else 2 for k in range(N_KINDS))  # camels to buy one
PLOW_COST = 2
PLOW_SYMBOLS = 1


def kind_name(kind: int) -> str:
    return "wild" if kind == WILD else f"{FOODS[KIND_FOOD[kind]]}{KIND_SYMBOLS[kind]}"


KIND_NAMES = tuple(kind_name(k) for k in range(N_KINDS))

EXPANSION_DECK = (2, 2, 3, 3, 3, 3, 4, 4)
FIRST_EXPANSION = 4
BONUS_CARD = 4  # four players, second and third reigns

REIGN_TURNS = (2, 3, 3)
REIGNS = 3
SOWING_COLUMNS = {2: 3, 3: 4, 4: 5}  # players + 1

HUTS = 10
ZIGGURAT_STOCK = 4  # bases, centres and roofs each
ZIGGURAT_COST = (6, 3, 2)  # base, centre, roof
WELL_STOCK = {2: 8, 3: 12, 4: 16}
CAMEL_CAP = 10

# Assur: the higher, middle and lower dignitaries. Cost in camels, spaces, influence of a hut there.
HIGH, MIDDLE, LOW = 0, 1, 2
DIGNITARY_NAMES = ("higher", "middle", "lower")
DIGNITARY_COST = (4, 3, 2)
DIGNITARY_SPACES = (3, 4, 6)
DIGNITARY_INFLUENCE = (3, 2, 1)
# How high each space is in Assur (the last tie-break): higher above middle above lower, first places above.
DIGNITARY_HEIGHT = ((13, 12, 11), (10, 9, 8, 7), (6, 5, 4, 3, 2, 1))
HIGH_POINTS = (0, 1, 4, 8)  # points for 0..3 huts on the higher dignitary

OFFERING_TOP = 7
OFFERING_PER_TURN = 3
OFFERING_MULTIPLIER = (0, 1, 2, 2, 3, 3, 3, 4)  # by position 0..7 on the track


def well_points(reign: int) -> int:
    return 7 - reign  # 6, 5, 4


def river_camels(huts_on_river: int) -> int:
    return 0 if huts_on_river == 0 else 3 + 2 * (huts_on_river - 1)
