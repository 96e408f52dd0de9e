"""Toy Battle's components: the eight troops and the eleven boards, as data.

Facts from the site's implementation (the studio project Mathct/toybattle,
modules/php/material.inc.php, Game.php and actions/*.php), written in our own
form. Each player owns three copies of each troop; four are set aside unseen.

A board is a graph of nodes. Nodes 1 and 2 are seat 1's headquarters (blue on the site),
41 and 42 seat 2's (red); 11 to 40 are bases. Each region is a face of the
graph, surrounded by bases, with medals on it. A base may have a special power.
Coordinates are percentages of the board's width and height, for drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

# ----- troops ------------------------------------------------------------------

#: Troop kinds 1..8 are also their strengths; Kwak (8) is a joker (see `beats`).
SKULLY, CAPN, JUMBO, HOOK, XB42, STAR, ROXY, KWAK = range(1, 9)
KINDS = tuple(range(1, 9))
TROOP_NAMES = {SKULLY: "Skully", CAPN: "Cap'N", JUMBO: "Jumbo", HOOK: "Hook", XB42: "XB-42",
               STAR: "Star", ROXY: "Roxy", KWAK: "Kwak"}
COPIES = 3          # of each kind, per player
SET_ASIDE = 4       # per player, unseen all game
START_RACK = (3, 4)  # the first player starts with 3 troops, the second with 4
RACK_MAX = 8


def beats(mine: int, theirs: int) -> bool:
    """May a troop of kind `mine` cover an enemy troop of kind `theirs`? Stronger beats weaker;
    Kwak covers anything and anything covers Kwak."""
    return mine == KWAK or theirs == KWAK or theirs < mine


# ----- special bases -----------------------------------------------------------

RETURN = 11      # Castle Field, Christmas: put one of your other troops back on your rack
ONLY_1_2 = 21    # Tropical Pool: only strengths 1-2 (and Kwak)
ONLY_3_5 = 23    # Tropical Pool: only strengths 3-5 (and Kwak)
ONLY_4_UP = 24   # Croisette: only strengths 4-7 (and Kwak)
ONLY_6_UP = 26   # Tropical Pool: only strengths 6-7 (and Kwak); also on HQs there
DRAW_ONE = 31    # City of Clouds, Croisette: draw 1 troop
PUSH = 41        # Volcanic Jungle: move an adjacent enemy troop to a base next to it
REVIVE = 51      # Cursed Cemetery, Tournament: take one of your troops back from the discard
NO_EFFECT = 71   # Station Metal-X, Croisette: troop effects do not apply here
PIN = 81         # Battlefield, Croisette: lay down a troop of the opponent's rack for a turn

#: Strengths a restricted node accepts (Kwak, 8, goes anywhere).
ACCEPTS = {ONLY_1_2: frozenset((1, 2, 8)), ONLY_3_5: frozenset((3, 4, 5, 8)),
           ONLY_4_UP: frozenset((4, 5, 6, 7, 8)), ONLY_6_UP: frozenset((6, 7, 8))}
#: Powers that act after the placement (the rest only restrict or switch troop effects off).
ACTIVE_POWERS = frozenset((RETURN, DRAW_ONE, PUSH, REVIVE, PIN))
POWER_NAMES = {
    RETURN: "return one of your other troops to your rack",
    ONLY_1_2: "strength 1-2 only", ONLY_3_5: "strength 3-5 only", ONLY_4_UP: "strength 4+ only",
    ONLY_6_UP: "strength 6+ only", DRAW_ONE: "draw 1 troop",
    PUSH: "move an adjacent enemy troop to a base next to it",
    REVIVE: "take one of your troops back from the discard", NO_EFFECT: "troop effects do not apply",
    PIN: "lay down a troop of the opponent's rack for a turn",
}

# ----- boards ------------------------------------------------------------------

#: Per board: "node: neighbours / power @ x y".
_NODES = {
    "castle": (
        "1: 11 12 / 0 @ 43.2 87.5",
        "11: 1 13 / 0 @ 10.2 84.9",
        "12: 1 14 / 0 @ 76.6 84.9",
        "13: 11 15 17 18 / 0 @ 30.4 70.5",
        "14: 12 16 18 19 / 0 @ 56 70.6",
        "15: 13 17 / 11 @ 8.1 63.2",
        "16: 14 19 / 11 @ 79.1 63.2",
        "17: 13 15 20 22 / 0 @ 13 44.2",
        "18: 13 14 22 23 / 0 @ 43.4 44.2",
        "19: 14 16 21 23 / 0 @ 73.8 44.2",
        "20: 17 22 / 11 @ 7.8 24.4",
        "21: 19 23 / 11 @ 78.8 24.4",
        "22: 17 18 20 24 / 0 @ 30.6 15.8",
        "23: 18 19 21 25 / 0 @ 56.2 15.8",
        "24: 22 41 / 0 @ 10.4 1.5",
        "25: 23 41 / 0 @ 76.8 1.5",
        "41: 24 25 / 0 @ 43.2 1.4",
    ),
    "pool": (
        "1: 11 / 0 @ 10.4 82.1",
        "2: 13 / 26 @ 78.2 82.1",
        "11: 1 12 13 / 0 @ 43.4 81.9",
        "12: 11 13 15 / 21 @ 10.6 67.4",
        "13: 2 11 12 14 17 / 0 @ 43.2 65.6",
        "14: 13 16 17 / 0 @ 76 67.4",
        "15: 12 17 18 / 0 @ 12.8 52.4",
        "16: 14 19 / 23 @ 77.3 50.8",
        "17: 13 14 15 19 20 21 / 26 @ 43.4 44.8",
        "18: 15 20 / 23 @ 9.7 37.4",
        "19: 16 17 22 / 0 @ 76 35.5",
        "20: 17 18 21 / 0 @ 10.4 21.4",
        "21: 17 20 22 23 41 / 0 @ 44.7 22.9",
        "22: 19 21 23 / 21 @ 77.1 20.6",
        "23: 21 22 42 / 0 @ 44.7 6.4",
        "41: 21 / 26 @ 9.1 5.6",
        "42: 23 / 0 @ 77.5 5.8",
    ),
    "clouds": (
        "1: 11 12 / 0 @ 43.1 86.6",
        "11: 1 13 14 / 0 @ 4.6 79.4",
        "12: 1 13 15 / 0 @ 82.6 79.4",
        "13: 11 12 14 15 / 31 @ 43.4 70.1",
        "14: 11 13 16 17 / 0 @ 4.6 61.7",
        "15: 12 13 16 18 / 0 @ 82.6 61.7",
        "16: 14 15 17 18 / 31 @ 43.4 52.3",
        "17: 14 16 19 20 / 0 @ 4.6 44.3",
        "18: 15 16 19 21 / 0 @ 82.6 44.3",
        "19: 17 18 20 21 / 31 @ 43.4 34.6",
        "20: 17 19 22 23 / 0 @ 4.6 26.7",
        "21: 18 19 22 24 / 0 @ 82.6 26.7",
        "22: 20 21 23 24 / 31 @ 43.4 17.2",
        "23: 20 22 41 / 0 @ 4.6 9.1",
        "24: 21 22 41 / 0 @ 82.6 9.1",
        "41: 23 24 / 0 @ 43.4 0.2",
    ),
    "jungle": (
        "1: 11 13 / 0 @ 5.1 85.4",
        "11: 1 12 13 14 / 0 @ 42.1 84.6",
        "12: 11 15 / 0 @ 77.5 84.6",
        "13: 1 11 16 / 0 @ 9.7 64.1",
        "14: 11 15 17 / 0 @ 42.1 64.1",
        "15: 12 14 18 / 41 @ 81.5 64.1",
        "16: 13 17 19 / 0 @ 6.5 43.7",
        "17: 14 16 18 20 / 0 @ 42.1 43.7",
        "18: 15 17 21 / 0 @ 77.6 43.7",
        "19: 16 20 22 / 41 @ 5.4 23",
        "20: 17 19 23 / 0 @ 44.5 23.1",
        "21: 18 23 41 / 0 @ 77.3 23.1",
        "22: 19 23 / 0 @ 9.3 2.5",
        "23: 20 21 22 41 / 0 @ 45 2.5",
        "41: 21 23 / 0 @ 81.9 2",
    ),
    "cemetery": (
        "1: 11 13 / 0 @ 10.6 86.7",
        "11: 1 13 14 16 / 0 @ 61.4 83.1",
        "12: 13 15 / 51 @ 8.7 69.5",
        "13: 1 11 12 15 / 0 @ 40.2 69.6",
        "14: 11 16 / 51 @ 78.8 69.5",
        "15: 12 13 16 17 18 / 0 @ 25.5 57.5",
        "16: 11 14 15 18 19 / 0 @ 61.2 57",
        "17: 15 20 / 0 @ 6.6 43.5",
        "18: 15 16 20 21 / 0 @ 43.3 43.5",
        "19: 16 21 / 0 @ 78.9 43.5",
        "20: 17 18 21 22 25 / 0 @ 25.8 30",
        "21: 18 19 20 23 24 / 0 @ 61.5 29.2",
        "22: 20 25 / 51 @ 8 17.3",
        "23: 21 24 25 41 / 0 @ 46.9 17.2",
        "24: 21 23 / 51 @ 78.3 17.2",
        "25: 20 22 23 41 / 0 @ 25.4 3.8",
        "41: 23 25 / 0 @ 76.1 0.5",
    ),
    "caribbean": (
        "1: 11 13 / 0 @ 10.1 83.6",
        "2: 15 / 0 @ 80.3 84.8",
        "11: 1 12 14 / 0 @ 42.7 84",
        "12: 11 15 17 21 / 0 @ 59.4 67.6",
        "13: 1 14 / 0 @ 9.5 62.1",
        "14: 11 13 16 / 0 @ 34.8 62.1",
        "15: 2 12 18 / 0 @ 80 55.7",
        "16: 14 17 19 / 0 @ 9.6 43.9",
        "17: 12 16 20 / 0 @ 43.5 43.9",
        "18: 15 21 / 0 @ 80 33.2",
        "19: 16 20 22 / 0 @ 10.5 23.6",
        "20: 17 19 21 41 / 0 @ 42.7 23.3",
        "21: 12 18 20 / 0 @ 70 13.4",
        "22: 19 41 / 0 @ 9.5 5.4",
        "41: 20 22 / 0 @ 43.6 3.4",
    ),
    "station": (
        "1: 11 12 / 0 @ 5.7 84.2",
        "11: 1 14 15 / 0 @ 82.7 85.5",
        "12: 1 13 15 / 0 @ 38.3 76.7",
        "13: 12 15 16 / 0 @ 4 63.8",
        "14: 11 15 18 / 0 @ 82.8 63.6",
        "15: 11 12 13 14 16 17 18 / 0 @ 44.2 57.9",
        "16: 13 15 17 19 20 / 71 @ 22.6 43.6",
        "17: 15 16 18 19 / 71 @ 44.2 43.4",
        "18: 14 15 17 19 21 / 71 @ 65 43.4",
        "19: 16 17 18 20 21 22 23 / 0 @ 43.7 28.7",
        "20: 16 19 23 / 0 @ 5.3 23.1",
        "21: 18 19 22 / 0 @ 84 22.9",
        "22: 19 21 41 / 0 @ 49.7 9.9",
        "23: 19 20 41 / 0 @ 5.3 1.1",
        "41: 22 23 / 0 @ 82 1.2",
    ),
    "battlefield": (
        "1: 11 12 / 0 @ 43.5 83.5",
        "11: 1 13 / 0 @ 15.3 81.9",
        "12: 1 15 / 0 @ 71.5 81.9",
        "13: 11 14 16 17 / 0 @ 16.1 65.7",
        "14: 13 15 17 18 / 81 @ 44 65.7",
        "15: 12 14 18 19 / 0 @ 71.5 65.7",
        "16: 13 20 / 81 @ 6.9 43.4",
        "17: 13 14 20 21 / 0 @ 31.2 43.4",
        "18: 14 15 21 22 / 0 @ 56.7 43.4",
        "19: 15 22 / 81 @ 81 43.4",
        "20: 16 17 21 23 / 0 @ 16.1 21.1",
        "21: 17 18 20 22 / 81 @ 44 21.1",
        "22: 18 19 21 24 / 0 @ 71.5 21.1",
        "23: 20 41 / 0 @ 15.3 4.9",
        "24: 22 41 / 0 @ 71.5 4.9",
        "41: 23 24 / 0 @ 43.5 3.4",
    ),
    "christmas": (
        "1: 11 12 / 0 @ 43.2 87.5",
        "11: 1 13 / 0 @ 10.2 84.9",
        "12: 1 14 / 0 @ 76.6 84.9",
        "13: 11 15 17 18 / 0 @ 30.4 70.5",
        "14: 12 16 18 19 / 0 @ 56 70.6",
        "15: 13 17 / 11 @ 8.1 63.2",
        "16: 14 19 / 11 @ 78.6 63.2",
        "17: 13 15 20 22 / 0 @ 13.5 45.1",
        "18: 13 14 22 23 / 0 @ 43.4 45.1",
        "19: 14 16 21 23 / 0 @ 73.3 45.1",
        "20: 17 22 / 11 @ 7.8 25.4",
        "21: 19 23 / 11 @ 80.8 25.4",
        "22: 17 18 20 24 / 0 @ 31.1 16.8",
        "23: 18 19 21 25 / 0 @ 56.7 16.8",
        "24: 22 41 / 0 @ 10.4 1.5",
        "25: 23 41 / 0 @ 78.3 2.4",
        "41: 24 25 / 0 @ 43.2 1.4",
    ),
    "croisette": (
        "1: 11 13 14 / 0 @ 64.2 85",
        "11: 1 12 / 0 @ 30.2 83.9",
        "12: 11 13 / 31 @ 14 69",
        "13: 1 12 15 16 / 0 @ 46.5 69.5",
        "14: 1 17 / 24 @ 77.6 63",
        "15: 13 16 18 / 81 @ 8.9 54.5",
        "16: 13 15 17 19 / 0 @ 39.5 51.2",
        "17: 14 16 19 20 / 71 @ 77.6 43",
        "18: 15 19 21 / 81 @ 9.3 31.1",
        "19: 16 17 18 21 / 0 @ 39.5 34.4",
        "20: 17 41 / 24 @ 77.6 23",
        "21: 18 19 22 41 / 0 @ 46.6 17.2",
        "22: 21 23 / 31 @ 14.5 17.1",
        "23: 22 41 / 0 @ 30.2 2.9",
        "41: 20 21 23 / 0 @ 64 1.4",
    ),
    "tournament": (
        "1: 11 12 / 0 @ 45.5 85.5",
        "11: 1 13 / 0 @ 18.5 84.9",
        "12: 1 14 / 0 @ 71.8 84.9",
        "13: 11 15 17 18 / 0 @ 35 70.7",
        "14: 12 16 18 19 / 0 @ 55.8 70.7",
        "15: 13 17 / 51 @ 16.8 61.2",
        "16: 14 19 / 51 @ 73.6 61.2",
        "17: 13 15 20 22 / 0 @ 22 43.4",
        "18: 13 14 22 23 / 0 @ 45.5 43.4",
        "19: 14 16 21 23 / 0 @ 68.5 43.4",
        "20: 17 22 / 51 @ 16.8 25.6",
        "21: 19 23 / 51 @ 73.8 25.6",
        "22: 17 18 20 24 / 0 @ 35 16.7",
        "23: 18 19 21 25 / 0 @ 55.5 16.7",
        "24: 22 41 / 0 @ 18.4 2",
        "25: 23 41 / 0 @ 71.2 2",
        "41: 24 25 / 0 @ 45.5 1.4",
    ),
}

#: Per board: "medals: bases around the region @ x y" (x y: where its medals lie).
_REGIONS = {
    "castle": (
        "3: 11 12 13 14 18 @ 48 69",
        "1: 13 15 17 @ 23 69",
        "1: 14 16 19 @ 72 69",
        "2: 13 17 18 22 @ 32 49",
        "2: 14 18 19 23 @ 63 49",
        "1: 17 20 22 @ 23 28",
        "1: 19 21 23 @ 72 28",
        "3: 18 22 23 24 25 @ 48 28",
    ),
    "pool": (
        "1: 11 12 13 @ 38 76",
        "2: 12 13 15 17 @ 34 63",
        "1: 13 14 17 @ 58 64",
        "2: 14 16 17 19 @ 65 52",
        "2: 15 17 18 20 @ 31 46",
        "1: 17 20 21 @ 38 33",
        "2: 17 19 21 22 @ 62 36",
        "1: 21 22 23 @ 58 21",
    ),
    "clouds": (
        "1: 11 12 13 @ 48 82",
        "1: 11 13 14 @ 19 77",
        "1: 12 13 15 @ 77 77",
        "2: 13 14 15 16 @ 48 66",
        "1: 14 16 17 @ 19 59",
        "1: 15 16 18 @ 77 59",
        "2: 16 17 18 19 @ 48 49",
        "1: 17 19 20 @ 19 38",
        "1: 18 19 21 @ 77 38",
        "2: 19 20 21 22 @ 48 31",
        "1: 20 22 23 @ 19 20",
        "1: 21 22 24 @ 77 20",
        "1: 22 23 24 @ 48 14",
    ),
    "jungle": (
        "3: 11 13 14 16 17 @ 29 60",
        "2: 11 12 14 15 @ 62 78",
        "2: 14 15 17 18 @ 66 59",
        "2: 16 17 19 20 @ 30 38",
        "3: 17 18 20 21 23 @ 65 37",
        "2: 19 20 22 23 @ 32 19",
    ),
    "cemetery": (
        "1: 11 14 16 @ 72 75",
        "2: 11 13 15 16 @ 54 69",
        "1: 12 13 15 @ 28 69",
        "1: 15 16 18 @ 48 56",
        "2: 15 17 18 20 @ 29 48",
        "2: 16 18 19 21 @ 66 48",
        "1: 18 20 21 @ 48 41",
        "1: 20 22 25 @ 24 22",
        "2: 20 21 23 25 @ 42 27",
        "1: 21 23 24 @ 68 27",
    ),
    "caribbean": (
        "1: 11 13 14 @ 31 79",
        "3: 11 12 14 16 17 @ 52 67",
        "2: 12 15 18 21 @ 75 46",
        "2: 12 17 20 21 @ 57 38",
        "2: 16 17 19 20 @ 31 38",
        "1: 19 20 22 @ 31 20",
    ),
    "station": (
        "1: 11 12 15 @ 55 83",
        "1: 11 14 15 @ 68 74",
        "1: 12 13 15 @ 34 72",
        "1: 13 15 16 @ 24 62",
        "1: 14 15 18 @ 72 62",
        "1: 15 16 17 @ 39 56",
        "1: 15 17 18 @ 58 56",
        "1: 16 17 19 @ 39 40",
        "1: 17 18 19 @ 58 40",
        "1: 16 19 20 @ 23 34",
        "1: 18 19 21 @ 71 34",
        "1: 19 20 23 @ 28 23",
        "1: 19 21 22 @ 64 25",
        "1: 19 22 23 @ 42 14",
    ),
    "battlefield": (
        "3: 11 12 13 14 15 @ 48 80",
        "1: 13 14 17 @ 35 64",
        "1: 14 15 18 @ 61 64",
        "2: 13 16 17 20 @ 24 48",
        "2: 14 17 18 21 @ 48 48",
        "2: 15 18 19 22 @ 72 48",
        "1: 17 20 21 @ 35 33",
        "1: 18 21 22 @ 61 33",
        "3: 20 21 22 23 24 @ 48 18",
    ),
    "croisette": (
        "1: 11 12 13 @ 35 80",
        "1: 13 15 16 @ 36 62",
        "2: 15 16 18 19 @ 28 48",
        "1: 18 19 21 @ 36 34",
        "1: 21 22 23 @ 35 16",
        "2: 13 14 16 17 @ 67 62",
        "1: 16 17 19 @ 58 48",
        "2: 17 19 20 21 @ 67 33",
    ),
    "tournament": (
        "3: 11 12 13 14 18 @ 49 69",
        "1: 13 15 17 @ 29 69",
        "1: 14 16 19 @ 68 69",
        "2: 13 17 18 22 @ 37 49",
        "2: 14 18 19 23 @ 60 49",
        "1: 17 20 22 @ 29 29",
        "1: 19 21 23 @ 68 29",
        "3: 18 22 23 24 25 @ 49 28",
    ),
}
_REGIONS["christmas"] = _REGIONS["castle"]  # Christmas has Castle Field's regions (docs/games/toy-battle.md)

#: (key, name, medals to win) in the site's board order.
_BOARDS = (
    ("castle", "Castle Field", 7),
    ("pool", "Tropical Pool", 6),
    ("clouds", "City of Clouds", 8),
    ("jungle", "Volcanic Jungle", 7),
    ("cemetery", "Cursed Cemetery", 7),
    ("caribbean", "Caribbean Sea", 5),
    ("station", "Station Metal-X", 7),
    ("battlefield", "Battlefield", 8),
    ("christmas", "Christmas", 7),
    ("croisette", "Croisette", 5),
    ("tournament", "Tournament", 7),
)


@dataclass(frozen=True)
class Board:
    key: str
    name: str
    target: int                            # medals that win at once
    nodes: tuple[int, ...]                 # every node, sorted
    adjacent: dict[int, tuple[int, ...]]
    power: dict[int, int]                  # node -> power (0: none)
    at: dict[int, tuple[float, float]]     # node -> (x, y) in percent
    hqs: tuple[tuple[int, ...], tuple[int, ...]]  # per seat
    regions: tuple[tuple[int, ...], ...]   # the bases around each region
    medals: tuple[int, ...]                # per region
    region_at: tuple[tuple[float, float], ...]
    regions_of: dict[int, tuple[int, ...]]  # base -> the regions it surrounds

    @property
    def bases(self) -> tuple[int, ...]:
        return tuple(n for n in self.nodes if is_base(n))

    def owner_of_hq(self, node: int) -> int:
        return 0 if node in self.hqs[0] else 1 if node in self.hqs[1] else -1


def is_base(node: int) -> bool:
    return 10 < node < 40


def _board(key: str, name: str, target: int) -> Board:
    adjacent, power, at = {}, {}, {}
    for line in _NODES[key]:
        head, _, place = line.partition("@")
        node, _, rest = head.partition(":")
        links, _, pw = rest.partition("/")
        n = int(node)
        adjacent[n] = tuple(int(x) for x in links.split())
        power[n] = int(pw)
        x, y = place.split()
        at[n] = (float(x), float(y))
    regions, medals, region_at = [], [], []
    for line in _REGIONS[key]:
        head, _, place = line.partition("@")
        count, _, around = head.partition(":")
        medals.append(int(count))
        regions.append(tuple(int(b) for b in around.split()))
        x, y = place.split()
        region_at.append((float(x), float(y)))
    nodes = tuple(sorted(adjacent))
    regions_of = {n: tuple(r for r, around in enumerate(regions) if n in around) for n in nodes}
    hqs = (tuple(n for n in nodes if n < 10), tuple(n for n in nodes if n > 40))
    return Board(key, name, target, nodes, adjacent, power, at, hqs, tuple(regions), tuple(medals),
                 tuple(region_at), regions_of)


BOARDS = tuple(_board(*entry) for entry in _BOARDS)
BOARD_KEYS = tuple(b.key for b in BOARDS)
BY_KEY = {b.key: b for b in BOARDS}
#: The most nodes on any board (the bound on placements per troop kind).
MAX_NODES = max(len(b.nodes) for b in BOARDS)
