"""Living Forest's components as flat tables.

Base game facts (elements, symbols, costs, the starting deck, the three reserve
levels, the trees and their dispenser counts, the forest bonuses, the circle's
rocks and starting places, the stocks) are those of the official adaptation
gamepark/living-forest (rules/src/material, Reserve.ts, LivingForestSetup.ts,
CircleOfSpirits.ts). The Kodama cards are our own design (docs/games/living-forest.md).

Elements are indexed SUN, WATER, LEAF, WIND, FLOWER. A card kind is an index into
CARDS; piles hold kinds (two starting decks hold the same kinds).
"""

from __future__ import annotations

from typing import NamedTuple

SUN, WATER, LEAF, WIND, FLOWER = range(5)
ELEMENTS = ("sun", "water", "leaf", "wind", "flower")

# Action types (standard actions, rock and corner bonuses).
FRAGMENT, ATTRACT, EXTINGUISH, MOVE, PLANT = range(5)
ACTIONS = ("fragment", "attract", "extinguish", "move", "plant")
ACTION_LABELS = ("Take a Fragment", "Attract Guardian Animals", "Extinguish fires",
                 "Move on the Circle of Spirits", "Plant a Protective Tree")
ACTION_ELEMENT = (-1, SUN, WATER, WIND, LEAF)  # the element each action spends (-1: none)

NONE, SOLITARY, GREGARIOUS = 0, 1, 2


class Card(NamedTuple):
    name: str
    level: int          # 0 starting deck, 1-3 reserve levels, 4 Fire Varan, 5 Kodama market
    elements: tuple     # (sun, water, leaf, wind, flower)
    symbol: int         # NONE, SOLITARY or GREGARIOUS
    cost: int           # suns (reserve) or flowers (Kodama market)
    kodama: int = 0     # Kodama symbols on the card
    twice: int = -1     # Kodama level 2: this action type may be taken twice this turn
    extra: int = -1     # Kodama level 3: one more action of this type this turn


def _c(name, level, cost, sun=0, water=0, leaf=0, wind=0, flower=0, symbol=NONE, **kw):
    return Card(name, level, (sun, water, leaf, wind, flower), symbol, cost, **kw)


S, G = SOLITARY, GREGARIOUS

BASE_CARDS = (
    # The starting deck (14 cards, every spirit has the same).
    _c("Bear", 0, 0, water=1, leaf=2, symbol=S),
    _c("Beetle", 0, 0, sun=3, leaf=1, symbol=S),
    _c("Lynx", 0, 0, sun=2, water=1, leaf=1, symbol=S),
    _c("Fox", 0, 0, water=1, leaf=1, flower=1, symbol=S),
    _c("Goldfish", 0, 0, water=2, leaf=-1),
    _c("Tanuki", 0, 0, sun=3, flower=-1),
    _c("Boar", 0, 0, sun=-2, leaf=2),
    _c("Weasel", 0, 0, sun=2),
    _c("Hare", 0, 0, wind=1),
    _c("Fawn", 0, 0, flower=1),
    _c("Hummingbird", 0, 0, water=1),
    _c("Bee", 0, 0, leaf=1),
    _c("Baboon", 0, 0, sun=1),
    _c("Owl", 0, 0, leaf=2, wind=1, symbol=S),
    # Level 1 (23 cards).
    _c("Hedgehog", 1, 3, sun=3),
    _c("Caterpillar", 1, 3, leaf=2),
    _c("Flamingo", 1, 3, water=2),
    _c("Ram", 1, 5, flower=2),
    _c("Wolf", 1, 5, wind=2),
    _c("Lemur", 1, 5, sun=4),
    _c("Squirrel", 1, 5, sun=1, leaf=2),
    _c("Tortoise", 1, 5, sun=1, water=2),
    _c("Coati", 1, 3, sun=2, leaf=1),
    _c("Racoon", 1, 3, sun=2, water=1),
    _c("Beaver", 1, 2, water=1, leaf=1),
    _c("Raven", 1, 2, sun=1, wind=1),
    _c("Bat", 1, 5, sun=-1, leaf=3),
    _c("Cockatoo", 1, 4, sun=3, leaf=-1, flower=1),
    _c("Meerkat", 1, 2, sun=1, water=-1, leaf=2),
    _c("Horse", 1, 3, sun=-1, wind=2),
    _c("Axolotl", 1, 4, water=1, leaf=-1, wind=1, flower=1),
    _c("Chimpanzee", 1, 5, leaf=-2, symbol=G),
    _c("Toucan", 1, 4, sun=-2, leaf=-1, symbol=G),
    _c("Butterfly", 1, 5, sun=-3, symbol=G),
    _c("Spider", 1, 1, sun=2, leaf=4, symbol=S),
    _c("Hippopotamus", 1, 2, sun=1, water=4, leaf=1, symbol=S),
    _c("Horned Owl", 1, 2, sun=1, water=1, wind=3, symbol=S),
    # Level 2 (16 cards).
    _c("Woodpecker", 2, 6, leaf=2, flower=1),
    _c("Badger", 2, 8, sun=2, wind=2),
    _c("Rooster", 2, 5, sun=3, leaf=1),
    _c("Rhinoceros", 2, 6, leaf=3),
    _c("Goat", 2, 8, sun=2, flower=2),
    _c("Bull", 2, 5, water=1, leaf=1, wind=1),
    _c("Salamander", 2, 6, water=2, wind=1),
    _c("Frog", 2, 6, sun=2, water=2),
    _c("Marmot", 2, 7, sun=5),
    _c("Platypus", 2, 9, water=3, flower=1),
    _c("Crane", 2, 6, leaf=2, wind=1),
    _c("Sloth", 2, 10, sun=1, water=-3, leaf=2, symbol=G),
    _c("Koala", 2, 9, sun=3, wind=-2, symbol=G),
    _c("Leopard", 2, 10, sun=-2, flower=1, symbol=G),
    _c("Eagle", 2, 6, sun=1, water=1, leaf=2, wind=2, flower=1, symbol=S),
    _c("Cobra", 2, 5, sun=4, water=1, leaf=2, flower=1, symbol=S),
    # Level 3 (12 cards).
    _c("Cricket", 3, 11, water=1, leaf=4),
    _c("Panther", 3, 10, water=2, wind=2),
    _c("Gorilla", 3, 10, leaf=1, wind=2, flower=1),
    _c("Bison", 3, 11, sun=6, leaf=1),
    _c("Chameleon", 3, 11, sun=2, wind=1, flower=2),
    _c("Crocodile", 3, 10, sun=1, water=2, leaf=2),
    _c("Elephant", 3, 12, sun=2, flower=3),
    _c("Dolphin", 3, 10, sun=1, water=4),
    _c("Dog", 3, 12, wind=3, flower=1),
    _c("Panda", 3, 11, leaf=1, flower=3),
    _c("Stag", 3, 13, flower=1, symbol=G),
    _c("Tapir", 3, 12, leaf=4, wind=2, flower=2, symbol=S),
    # The Fire Varan: a solitary card with nothing on it.
    _c("Fire Varan", 4, 0, symbol=S),
)

# Kodama (our design, see docs/games/living-forest.md): the sprout every spirit starts with,
# the twelve market cards bought with flowers, five level 2 and five level 3 animals.
KODAMA_CARDS = (
    _c("Kodama Sprout", 0, 0, leaf=1, symbol=S, kodama=1),
    _c("Kodama of Dew", 5, 1, water=1, kodama=1),
    _c("Kodama of Dawn", 5, 1, sun=1, kodama=1),
    _c("Kodama of Moss", 5, 1, leaf=1, kodama=1),
    _c("Kodama of Breeze", 5, 2, wind=1, kodama=1),
    _c("Kodama of Rain", 5, 2, water=2, kodama=1),
    _c("Kodama of Noon", 5, 2, sun=2, kodama=1),
    _c("Kodama of Roots", 5, 2, leaf=2, kodama=1),
    _c("Kodama Twins", 5, 3, kodama=2),
    _c("Kodama of Petals", 5, 3, flower=1, kodama=1),
    _c("Kodama Choir", 5, 3, sun=1, water=1, kodama=2),
    _c("Kodama Elder", 5, 4, leaf=1, wind=1, kodama=2, symbol=G),
    _c("Kodama Wanderer", 5, 4, sun=2, leaf=1, kodama=2, symbol=G),
    _c("Red Panda", 2, 7, sun=2, twice=FRAGMENT),
    _c("Otter", 2, 7, water=2, twice=EXTINGUISH),
    _c("Mole", 2, 7, leaf=2, twice=PLANT),
    _c("Swallow", 2, 7, wind=1, sun=1, twice=MOVE),
    _c("Magpie", 2, 7, sun=3, twice=ATTRACT),
    _c("Moose", 3, 11, leaf=2, extra=PLANT),
    _c("Heron", 3, 11, water=2, extra=EXTINGUISH),
    _c("Lion", 3, 11, sun=3, extra=ATTRACT),
    _c("Albatross", 3, 11, wind=2, extra=MOVE),
    _c("Snow Owl", 3, 10, flower=1, extra=FRAGMENT),
)

CARDS = BASE_CARDS + KODAMA_CARDS
N_CARDS = len(CARDS)
VARAN = BASE_CARDS.index(next(c for c in BASE_CARDS if c.level == 4))
SPROUT = len(BASE_CARDS)
STARTING_DECK = tuple(k for k, c in enumerate(BASE_CARDS) if c.level == 0)
LEVEL_CARDS = {lv: tuple(k for k, c in enumerate(BASE_CARDS) if c.level == lv) for lv in (1, 2, 3)}
KODAMA_LEVEL_CARDS = {lv: tuple(k for k, c in enumerate(CARDS) if k > SPROUT and c.level == lv) for lv in (2, 3)}
MARKET_CARDS = tuple(k for k, c in enumerate(CARDS) if c.level == 5)
CARD_BY_NAME = {c.name.lower(): k for k, c in enumerate(CARDS)}

# Flat lookups for the inner loop.
CARD_ELEMENTS = tuple(c.elements for c in CARDS)
CARD_SOLITARY = tuple(c.symbol == SOLITARY for c in CARDS)
CARD_GREGARIOUS = tuple(c.symbol == GREGARIOUS for c in CARDS)
CARD_COST = tuple(c.cost for c in CARDS)
CARD_LEVEL = tuple(c.level for c in CARDS)
CARD_KODAMA = tuple(c.kodama for c in CARDS)
CARD_TWICE = tuple(c.twice for c in CARDS)
CARD_EXTRA = tuple(c.extra for c in CARDS)

ROW_SIZE = 4          # face-up cards per reserve level
MARKET_SIZE = 3       # face-up Kodama cards
MAX_FIRES = 7         # fires at the centre of the circle at most
FIRE_STOCK = 20       # tiles of each value 2, 3, 4
VARAN_STOCK = 23
FRAGMENT_STOCK = 20
FIRE_OF_LEVEL = {1: 2, 2: 3, 3: 4}


class Tree(NamedTuple):
    name: str
    cost: int
    elements: tuple      # fixed elements (sun, water, leaf, wind, flower)
    per_kodama: int = -1  # Kodama trees: this element counts once per Kodama symbol
    kodama: int = 0      # Kodama symbols the tree adds
    repeat: bool = False  # Tree 11: the two standard actions may be the same


def _t(name, cost, sun=0, water=0, leaf=0, wind=0, flower=0, **kw):
    return Tree(name, cost, (sun, water, leaf, wind, flower), **kw)


BASE_TREES = (
    _t("3-sun", 3, sun=1), _t("3-water", 3, water=1), _t("4-wind", 4, wind=1), _t("4-flower", 4, flower=1),
    _t("5-sun", 5, sun=2), _t("5-leaf", 5, leaf=1), _t("6-water", 6, water=2), _t("7-wind", 7, wind=2),
    _t("8-water", 8, water=3), _t("9-flower", 9, flower=2), _t("10-sun", 10, sun=4), _t("11-twin", 11, repeat=True),
)
KODAMA_TREES = (
    _t("K-kodama", 5, kodama=1), _t("K-sun", 6, per_kodama=SUN), _t("K-water", 6, per_kodama=WATER),
    _t("K-wind", 8, per_kodama=WIND),
)
TREES = BASE_TREES + KODAMA_TREES
TREE_BY_NAME = {t.name.lower(): k for k, t in enumerate(TREES)}
REPEAT_TREE = 11
# Dispenser counts per tree for 2, 3, 4 players (GamePark ProtectiveTree.ts); Kodama trees 2 each.
DISPENSER = {
    2: (2,) * 12,
    3: (3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2),
    4: (4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2),
}
KODAMA_DISPENSER = (2, 2, 2, 2)

# The forest: 3 rows of 5 spaces, index y * 5 + x; the centre (2, 1) holds the starting tree.
FOREST_W, FOREST_H = 5, 3
FOREST_SIZE = FOREST_W * FOREST_H
START_SPACE = 7
FOREST_NEIGHBOURS = tuple(
    tuple(q for q in (p - FOREST_W, p + FOREST_W, p - 1 if p % FOREST_W else -1,
                      p + 1 if p % FOREST_W < FOREST_W - 1 else -1) if 0 <= q < FOREST_SIZE)
    for p in range(FOREST_SIZE))
# Completed lines give permanent elements: (spaces, element, amount, label).
FOREST_LINES = (
    ((1, 6, 11), WATER, 1, "column 2"),
    ((2, 12), SUN, 1, "column 3"),
    ((3, 8, 13), WIND, 1, "column 4"),
    ((5, 6, 8, 9), FLOWER, 2, "middle row"),
)
# Corners: an immediate bonus action, with extra elements for it (GamePark PlantProtectiveTreeRule).
# (action, element, extra, fragments)
CORNERS = {0: (ATTRACT, SUN, 3, 0), 4: (FRAGMENT, -1, 0, 2), 10: (FRAGMENT, -1, 0, 2), 14: (EXTINGUISH, WATER, 2, 0)}

# The Circle of Spirits: 12 rocks clockwise, each with its bonus action.
ROCKS = (PLANT, FRAGMENT, ATTRACT, FRAGMENT, EXTINGUISH, FRAGMENT,
         PLANT, FRAGMENT, ATTRACT, FRAGMENT, EXTINGUISH, FRAGMENT)
N_ROCKS = len(ROCKS)
START_ROCKS = {2: (0, 6), 3: (2, 6, 10), 4: (0, 6, 9, 3)}
ONIBI_START = 11
ONIBI_STEPS = {2: 3, 3: 2, 4: 1}

# Victory tiles: each spirit starts with one of each kind.
TILE_FIRE, TILE_FLOWER, TILE_TREE = range(3)
TILE_KINDS = ("fire", "flower", "tree")

# Kodama symbol bonuses during the draw: 2 symbols a Fragment, 3 an element tile, 4 one more action.
KODAMA_TILES = ((SUN, 2), (WATER, 2), (LEAF, 2), (WIND, 1), (FLOWER, 1))
VICTORY = {False: 12, True: 13}
