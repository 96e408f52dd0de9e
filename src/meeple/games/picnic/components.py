"""Picnic's components: the 72 two-sided tiles of the box.

The help page gives no tile list; this set is ours (see docs/games/picnic.md for
the reasons and the simulation figures). Each tile is (side a, side b). A side is
written "<food> a<ants> p<pickles>" or "drink i<ice cubes> a<ants>", where food is
"cheese", "cracker" or "cake <colour>". Every tile has at least one food side, so
a player can always fill their plate.

The mix: 144 sides = 32 cheese, 32 cracker, 56 cake (19 blue, 19 pink, 18 green)
and 24 drinks; every drink shares its tile with a food.
"""

from __future__ import annotations

from typing import NamedTuple

TILES: tuple[tuple[str, str], ...] = (
    ("cracker a0 p0", "cake blue a0 p0"),
    ("cake blue a1 p2", "cracker a0 p1"),
    ("cheese a1 p0", "cake pink a0 p0"),
    ("cracker a0 p0", "cake pink a0 p0"),
    ("cheese a2 p1", "cracker a1 p0"),
    ("cake pink a0 p0", "drink i1 a0"),
    ("cake blue a0 p0", "drink i1 a1"),
    ("cheese a0 p1", "cake green a0 p1"),
    ("cracker a1 p0", "cheese a1 p0"),
    ("cake blue a0 p0", "drink i2 a1"),
    ("cracker a1 p1", "cake green a1 p0"),
    ("cake blue a0 p0", "cake green a0 p0"),
    ("cracker a0 p0", "cake green a1 p0"),
    ("cracker a1 p2", "drink i1 a1"),
    ("cake pink a0 p0", "drink i3 a1"),
    ("cracker a0 p0", "cake blue a0 p2"),
    ("cake blue a0 p0", "cracker a0 p0"),
    ("cheese a0 p0", "cake blue a0 p0"),
    ("cheese a2 p0", "drink i2 a1"),
    ("cake green a0 p2", "drink i2 a1"),
    ("cake pink a0 p1", "cheese a1 p2"),
    ("cake pink a1 p0", "cheese a2 p0"),
    ("cake blue a0 p0", "drink i3 a2"),
    ("cake pink a0 p1", "cheese a1 p1"),
    ("cake green a0 p0", "cracker a0 p0"),
    ("cheese a1 p1", "cake green a0 p0"),
    ("cake pink a0 p0", "cake green a1 p1"),
    ("cracker a1 p0", "cake blue a0 p1"),
    ("cake pink a1 p0", "drink i1 a1"),
    ("cracker a0 p0", "cake green a1 p0"),
    ("cracker a0 p2", "drink i3 a1"),
    ("cake pink a0 p1", "cheese a1 p0"),
    ("cracker a0 p0", "cake pink a0 p0"),
    ("cheese a0 p0", "cake blue a1 p0"),
    ("cracker a1 p0", "drink i3 a2"),
    ("cake pink a1 p0", "drink i2 a0"),
    ("cracker a0 p0", "drink i3 a2"),
    ("cheese a0 p0", "cake pink a0 p0"),
    ("cake green a0 p0", "cracker a1 p2"),
    ("cake blue a0 p1", "cheese a0 p1"),
    ("cheese a1 p0", "cake green a1 p0"),
    ("cheese a0 p0", "drink i2 a1"),
    ("cake green a0 p0", "cheese a0 p0"),
    ("cracker a0 p0", "drink i1 a0"),
    ("cake pink a0 p0", "drink i3 a2"),
    ("cake blue a1 p1", "cheese a0 p0"),
    ("cake blue a1 p0", "cheese a0 p0"),
    ("cheese a0 p0", "drink i1 a0"),
    ("cheese a0 p1", "drink i2 a0"),
    ("cake pink a0 p0", "cheese a1 p0"),
    ("cake pink a2 p1", "cheese a0 p0"),
    ("cracker a1 p1", "cheese a1 p0"),
    ("cracker a1 p1", "drink i1 a0"),
    ("cake blue a1 p2", "cake green a0 p0"),
    ("cracker a1 p0", "cake green a0 p1"),
    ("cracker a0 p0", "cake blue a2 p0"),
    ("cracker a0 p0", "drink i2 a0"),
    ("cracker a1 p0", "cheese a0 p1"),
    ("cake pink a0 p1", "cracker a2 p0"),
    ("cake green a2 p0", "drink i3 a2"),
    ("cake green a1 p2", "cake green a0 p0"),
    ("cake blue a2 p0", "drink i3 a1"),
    ("cheese a2 p0", "drink i1 a1"),
    ("cheese a1 p1", "cracker a0 p0"),
    ("cracker a1 p0", "cake blue a1 p1"),
    ("cheese a1 p0", "cake pink a1 p0"),
    ("cake green a0 p0", "cracker a0 p0"),
    ("cracker a1 p0", "cheese a1 p0"),
    ("cracker a0 p0", "cheese a1 p0"),
    ("cake pink a1 p0", "cheese a1 p1"),
    ("cracker a0 p1", "cheese a2 p0"),
    ("cake blue a0 p0", "drink i2 a1"),
)

KINDS = ("cheese", "cracker", "cake", "drink")
COLOURS = ("blue", "pink", "green")
TILES_PER_PLAYER = 18  # 13 plate spaces plus room for drinks
PILES = 6
RIM_SPACES = 12


class Side(NamedTuple):
    kind: str
    colour: str | None
    ants: int
    pickles: int
    ice: int

    @property
    def food(self) -> bool:
        return self.kind != "drink"

    def code(self) -> str:
        """The side's text form, e.g. 'cake blue a1 p0' or 'drink i2 a1'."""
        if self.kind == "drink":
            return f"drink i{self.ice} a{self.ants}"
        name = f"cake {self.colour}" if self.kind == "cake" else self.kind
        return f"{name} a{self.ants} p{self.pickles}"

    def words(self) -> str:
        """The side for players' eyes, e.g. 'a blue cake with 1 ant' or 'a drink with 2 ice cubes and 1 ant'."""
        name = f"{self.colour} cake" if self.kind == "cake" else self.kind
        counts = [(self.ice, "ice cube", "ice cubes"), (self.ants, "ant", "ants"), (self.pickles, "pickle", "pickles")]
        parts = [f"{k} {one if k == 1 else many}" for k, one, many in counts if k]
        extra = f" with {' and '.join(parts)}" if parts else ""
        return f"a {name}{extra}"


def parse_side(text: str) -> Side:
    """Read a side code; ValueError with a hint when it is malformed."""
    words = text.lower().split()
    if not words:
        raise ValueError("an empty side")
    kind = words.pop(0)
    colour = None
    if kind == "cake":
        if not words or words[0] not in COLOURS:
            raise ValueError(f"'{text}': a cake needs a colour ({', '.join(COLOURS)})")
        colour = words.pop(0)
    if kind not in KINDS:
        raise ValueError(f"'{text}': the kind must be one of {', '.join(KINDS)}")
    counts = {"a": 0, "p": 0, "i": 0}
    for word in words:
        if len(word) < 2 or word[0] not in counts or not word[1:].isdigit():
            raise ValueError(f"'{text}': '{word}' should look like a1, p2 or i3")
        counts[word[0]] = int(word[1:])
    if kind == "drink":
        if counts["p"]:
            raise ValueError(f"'{text}': drinks carry no pickles")
        if counts["i"] < 1:
            raise ValueError(f"'{text}': a drink has at least one ice cube")
    elif counts["i"]:
        raise ValueError(f"'{text}': only drinks have ice cubes")
    return Side(kind, colour, counts["a"], counts["p"], counts["i"])


# Flat lookup tables indexed by side id = 2 * tile + (0 for side a, 1 for side b):
# the rules read these on every move. Ids from 2 * N_TILES on are "loose" sides
# that a hand-written position put on a plate without naming a tile of the box.
SIDES: list[Side] = [parse_side(code) for pair in TILES for code in pair]
N_TILES = len(TILES)
KIND = [KINDS.index(s.kind) for s in SIDES]
COLOUR = [COLOURS.index(s.colour) if s.colour else -1 for s in SIDES]
ANTS = [s.ants for s in SIDES]
PICKLES = [s.pickles for s in SIDES]
ICE = [s.ice for s in SIDES]
CHEESE, CRACKER, CAKE, DRINK = range(4)
_LOOSE: dict[Side, int] = {}


def loose_side(side: Side) -> int:
    """The id of a side that belongs to no tile of the box (hand-written positions only)."""
    if side not in _LOOSE:
        _LOOSE[side] = len(SIDES)
        for _ in range(2):  # keep ids paired so that `id ^ 1` stays in range
            SIDES.append(side)
            KIND.append(KINDS.index(side.kind))
            COLOUR.append(COLOURS.index(side.colour) if side.colour else -1)
            ANTS.append(side.ants)
            PICKLES.append(side.pickles)
            ICE.append(side.ice)
    return _LOOSE[side]


def is_loose(side_id: int) -> bool:
    return side_id >= 2 * N_TILES


def side_ref(side_id: int) -> str:
    """How a side is written in positions: '17a' is tile 17 with side a up; a loose side by its code."""
    if is_loose(side_id):
        return SIDES[side_id].code()
    return f"{side_id >> 1}{'ab'[side_id & 1]}"
