"""Letters Home's components: the town tiles, the memory deck and the Reflections.

The help page gives no card lists; these are ours (docs/games/letters-home.md
gives the reasons and the simulation figures). Everything is written as short
text codes, parsed once at import into flat lookup tables the rules read.

Tile code: "<category> <icon>+<icon>", e.g. "person food+heart".
Memory codes, one form per kind:
  "craft place next to food"   a category tied to an icon, next to an icon
  "food next to nature and craft"   one icon between two others
  "three music"                three tiles with an icon, anywhere
  "heart next to craft"        Heart (or Fireworks) next to an icon
  "sent person next to food"   building on a letter
Reflection code: see REFLECTIONS below.
"""

from __future__ import annotations

# ----- categories and icons ------------------------------------------------------

CATEGORIES = ("person", "place", "event")
CATEGORY_PLURAL = ("People", "Places", "Events")
PERSON, PLACE, EVENT = range(3)

ICONS = ("food", "nature", "book", "craft", "music", "heart", "fireworks")
FOOD, NATURE, BOOK, CRAFT, MUSIC, HEART, FIREWORKS = (1 << i for i in range(7))
EVERYDAY = FOOD | NATURE | BOOK | CRAFT | MUSIC
SPECIAL_CATEGORY = {HEART: PERSON, FIREWORKS: EVENT}  # only People show Hearts, only Events Fireworks


def icon_bit(name: str) -> int:
    return 1 << ICONS.index(name)


def icon_names(mask: int) -> list[str]:
    return [name for i, name in enumerate(ICONS) if mask >> i & 1]


# ----- the corkboard ---------------------------------------------------------------

BOARD_ROWS, BOARD_COLS = 3, 4
BOARD_SPACES = BOARD_ROWS * BOARD_COLS
MEMORY_SLOTS = 3
MARKET_SIZE = 5
SHARED_REFLECTIONS = 3
LETTER_POINTS = 2


def _board_neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for i in range(BOARD_SPACES):
        r, c = divmod(i, BOARD_COLS)
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < BOARD_ROWS and 0 <= cc < BOARD_COLS:
                near.append(rr * BOARD_COLS + cc)
        out.append(tuple(near))
    return tuple(out)


BOARD_NEIGHBOURS = _board_neighbours()  # spaces touching along an edge

# ----- town tiles (72: 24 of each category) ---------------------------------------

_PAIRS = ("food+nature", "food+book", "food+craft", "food+music", "nature+book",
          "nature+craft", "nature+music", "book+craft", "book+music", "craft+music")
_SINGLES = ("food", "nature", "book", "craft", "music")

TILES: tuple[str, ...] = (
    # People: every pair and single once, five Hearts with one icon, four with two.
    *(f"person {p}" for p in _PAIRS),
    *(f"person {s}" for s in _SINGLES),
    *(f"person {s}+heart" for s in _SINGLES),
    "person food+music+heart", "person nature+craft+heart", "person food+book+heart",
    "person craft+music+heart",
    # Places: no special icon, so more plain tiles (every single twice, four pairs twice).
    *(f"place {p}" for p in _PAIRS),
    *(f"place {s}" for s in _SINGLES),
    *(f"place {s}" for s in _SINGLES),
    "place food+nature", "place book+craft", "place nature+music", "place food+craft",
    # Events: like People, with Fireworks instead of Hearts.
    *(f"event {p}" for p in _PAIRS),
    *(f"event {s}" for s in _SINGLES),
    *(f"event {s}+fireworks" for s in _SINGLES),
    "event food+nature+fireworks", "event book+music+fireworks", "event food+craft+fireworks",
    "event nature+music+fireworks",
)

TOWN_TILES = 16


def parse_tile(text: str) -> tuple[int, int]:
    """(category, icon mask) of a tile code; ValueError with a hint when malformed."""
    words = str(text).strip().lower().split()
    if len(words) != 2 or words[0] not in CATEGORIES:
        raise ValueError(f"'{text}': a tile is written '<person|place|event> <icon>+<icon>', e.g. 'person food+heart'")
    cat = CATEGORIES.index(words[0])
    mask = 0
    for name in words[1].split("+"):
        if name not in ICONS:
            raise ValueError(f"'{text}': '{name}' is not an icon ({', '.join(ICONS)})")
        mask |= icon_bit(name)
    everyday = bin(mask & EVERYDAY).count("1")
    if not 1 <= everyday <= 2:
        raise ValueError(f"'{text}': a tile shows one or two everyday icons")
    for special, only in SPECIAL_CATEGORY.items():
        if mask & special and cat != only:
            raise ValueError(f"'{text}': only {CATEGORY_PLURAL[only]} show {icon_names(special)[0]}")
    return cat, mask


_PARSED_TILES = tuple(parse_tile(t) for t in TILES)
N_TILES = len(TILES)
TILE_CAT = tuple(c for c, _ in _PARSED_TILES)
TILE_ICONS = tuple(m for _, m in _PARSED_TILES)

# ----- memories (47) ---------------------------------------------------------------

CAT_ICON, BETWEEN, THREE, SPECIAL, BUILD = range(5)
MEMORY_KINDS = ("category and icon", "between", "three of an icon", "heart or fireworks",
                "building on a letter")

MEMORIES: tuple[str, ...] = (
    # a category tied to an icon, next to an icon (15: five per category)
    "food person next to music", "book person next to craft", "music person next to nature",
    "nature person next to book", "craft person next to food",
    "nature place next to food", "craft place next to food", "book place next to music",
    "food place next to craft", "music place next to book",
    "music event next to book", "food event next to nature", "craft event next to music",
    "book event next to food", "nature event next to craft",
    # one icon between two others (10: each icon in the middle twice)
    "food next to nature and craft", "food next to book and music",
    "nature next to book and music", "nature next to food and craft",
    "book next to food and craft", "book next to nature and music",
    "craft next to music and nature", "craft next to food and book",
    "music next to food and book", "music next to nature and craft",
    # three of an icon (5)
    "three food", "three nature", "three book", "three craft", "three music",
    # Heart or Fireworks next to an icon (8)
    "heart next to food", "heart next to craft", "heart next to music", "heart next to book",
    "fireworks next to music", "fireworks next to nature", "fireworks next to food", "fireworks next to book",
    # building on a letter (9: three per category)
    "sent person next to food", "sent person next to nature", "sent person next to music",
    "sent place next to book", "sent place next to craft", "sent place next to food",
    "sent event next to music", "sent event next to nature", "sent event next to craft",
)


def parse_memory(text: str) -> tuple[int, int, int, int, int]:
    """(kind, category, a, b, c) of a memory code: a, b, c are icon bits (0 when unused),
    category is -1 when the memory names none. ValueError with a hint when malformed."""
    words = str(text).strip().lower().split()
    everyday = {n: icon_bit(n) for n in ICONS[:5]}

    def icon(word, allowed=everyday):
        if word not in allowed:
            raise ValueError(f"'{text}': '{word}' should be one of {', '.join(allowed)}")
        return allowed[word]

    if len(words) == 2 and words[0] == "three":
        return THREE, -1, icon(words[1]), 0, 0
    if len(words) == 4 and words[1:3] == ["next", "to"] and words[0] in ("heart", "fireworks"):
        return SPECIAL, SPECIAL_CATEGORY[icon_bit(words[0])], icon_bit(words[0]), icon(words[3]), 0
    if len(words) == 5 and words[0] == "sent" and words[2:4] == ["next", "to"] and words[1] in CATEGORIES:
        return BUILD, CATEGORIES.index(words[1]), icon(words[4]), 0, 0
    if len(words) == 5 and words[2:4] == ["next", "to"] and words[1] in CATEGORIES:
        return CAT_ICON, CATEGORIES.index(words[1]), icon(words[0]), icon(words[4]), 0
    if len(words) == 6 and words[1:3] == ["next", "to"] and words[4] == "and":
        a, b, c = icon(words[0]), icon(words[3]), icon(words[5])
        if len({a, b, c}) != 3:
            raise ValueError(f"'{text}': the three icons must differ")
        return BETWEEN, -1, a, b, c
    raise ValueError(f"'{text}' is not a memory: write e.g. 'craft place next to food', "
                     "'food next to nature and craft', 'three music', 'heart next to craft' "
                     "or 'sent person next to food'")


_PARSED_MEMORIES = tuple(parse_memory(m) for m in MEMORIES)
N_MEMORIES = len(MEMORIES)
MEM_KIND, MEM_CAT, MEM_A, MEM_B, MEM_C = zip(*_PARSED_MEMORIES)  # columns


def _note_masks(kind, cat, a, b, c) -> tuple[int, int, int]:
    """(icons that count on any tile, category of the tied icon or -1, the tied icon).

    A memory can be noted from a tile that shows one of its icons; an icon tied
    to a category counts only on a tile of that category. Hearts and Fireworks
    need no tie: only the right category ever shows them.
    """
    if kind == CAT_ICON:
        return b, cat, a
    return a | b | c, -1, 0


_NOTE = tuple(_note_masks(*m) for m in _PARSED_MEMORIES)
NOTE_ANY = tuple(n[0] for n in _NOTE)
NOTE_TIED_CAT = tuple(n[1] for n in _NOTE)
NOTE_TIED = tuple(n[2] for n in _NOTE)


def can_note(memory: int, tile: int) -> bool:
    """Whether `memory` shows an icon that counts on `tile`."""
    icons = TILE_ICONS[tile]
    if icons & NOTE_ANY[memory]:
        return True
    return TILE_CAT[tile] == NOTE_TIED_CAT[memory] and bool(icons & NOTE_TIED[memory])


# NOTABLE[memory]: bit t set when can_note(memory, t); the note phase's legal moves test every market
# memory against the tile just taken, once a move in the playouts.
NOTABLE = tuple(sum(1 << t for t in range(N_TILES) if can_note(m, t)) for m in range(N_MEMORIES))


# ----- Reflections (16) --------------------------------------------------------------

ANY, UP, SENT = range(3)
R_CATEGORY, R_ICON, R_SETS, R_GROUP = range(4)

# (code, kind, filter, parameter, points per unit). Parameter: a category for
# R_CATEGORY, an icon mask for R_ICON, unused (-1) otherwise.
REFLECTIONS: tuple[tuple[str, int, int, int, int], ...] = (
    ("every person", R_CATEGORY, ANY, PERSON, 1),
    ("every place", R_CATEGORY, ANY, PLACE, 1),
    ("every event", R_CATEGORY, ANY, EVENT, 1),
    ("sent people", R_CATEGORY, SENT, PERSON, 2),
    ("sent places", R_CATEGORY, SENT, PLACE, 2),
    ("sent events", R_CATEGORY, SENT, EVENT, 2),
    ("face-up food", R_ICON, UP, FOOD, 1),
    ("face-up nature", R_ICON, UP, NATURE, 1),
    ("face-up book", R_ICON, UP, BOOK, 1),
    ("face-up craft", R_ICON, UP, CRAFT, 1),
    ("face-up music", R_ICON, UP, MUSIC, 1),
    ("face-up hearts and fireworks", R_ICON, UP, HEART | FIREWORKS, 2),
    ("sets of three", R_SETS, ANY, -1, 3),
    ("sent sets of three", R_SETS, SENT, -1, 4),
    ("largest face-up group", R_GROUP, UP, -1, 1),
    ("largest sent group", R_GROUP, SENT, -1, 1),
)
N_REFLECTIONS = len(REFLECTIONS)
REFLECTION_CODES = tuple(r[0] for r in REFLECTIONS)


def reflection_text(ref: int) -> str:
    """A Reflection card's wording for players."""
    code, kind, filt, param, pts = REFLECTIONS[ref]
    which = {ANY: "", UP: "face-up ", SENT: "sent "}[filt]
    if kind == R_CATEGORY:
        return f"{pts} point{'s' if pts > 1 else ''} per {which}{CATEGORIES[param]} tile"
    if kind == R_ICON:
        return f"{pts} point{'s' if pts > 1 else ''} per face-up tile showing {' or '.join(icon_names(param))}"
    if kind == R_SETS:
        return f"{pts} points per set of one {which}person, place and event tile"
    if filt == SENT:
        return "1 point per tile in your largest group of sent tiles"
    return "1 point per tile in your largest group of face-up tiles of one category"


REFLECTION_TEXTS = tuple(reflection_text(r) for r in range(N_REFLECTIONS))
