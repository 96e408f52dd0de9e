"""Living Forest's moves and their notation.

The draw phase (every spirit at once, in public):
  "draw"            turn up the top card of your draw stack (shuffling the discard in if it is empty)
  "stop"            close your Help Line
  "discard"         spend a Fragment on the card just drawn (a Fire Varan goes back to its stack)
  "tile sun"        Kodama: the element tile earned with 3 Kodama symbols (sun, water, leaf, wind, flower)
The action phase (in turn from the Sacred Tree):
  "fragment"        take a Fragment tile
  "attract lemur"   attract an animal of the reserve onto your draw stack (one card a move)
  "fire 3"          extinguish a fire of value 3
  "move 2"          move two free rocks clockwise on the Circle of Spirits
  "plant 5-sun b1"  plant that tree in column b, row 1 of your forest
  "steal flower"    the Victory tile taken from the spirit jumped over
  "buy kodama-twins"  Kodama: buy a card of the Kodama market with flowers
  "done"            stop attracting or extinguishing, skip a bonus action, or end your turn
Card and tree names use dashes for spaces. JSON: {"draw": true}, {"stop": true},
{"discard": true}, {"tile": 0}, {"fragment": true}, {"attract": 19}, {"extinguish": 3},
{"move": 2}, {"plant": 4, "space": 1}, {"steal": 1}, {"buy": 74}, {"done": true}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind

from .components import (
    CARD_BY_NAME,
    CARDS,
    ELEMENTS,
    FOREST_SIZE,
    FOREST_W,
    KODAMA_TILES,
    N_ROCKS,
    TILE_KINDS,
    TREE_BY_NAME,
    TREES,
)


@move_kind
class Draw(NamedTuple):
    pass


@move_kind
class Stop(NamedTuple):
    pass


@move_kind
class Discard(NamedTuple):
    pass


@move_kind
class Tile(NamedTuple):
    choice: int


@move_kind
class TakeFragment(NamedTuple):
    pass


@move_kind
class Attract(NamedTuple):
    card: int


@move_kind
class Extinguish(NamedTuple):
    value: int


@move_kind
class Move(NamedTuple):
    steps: int


@move_kind
class Plant(NamedTuple):
    tree: int
    space: int


@move_kind
class Steal(NamedTuple):
    kind: int


@move_kind
class Buy(NamedTuple):
    card: int


@move_kind
class Done(NamedTuple):
    pass


# Interned moves: legal_moves hands out these objects and builds none.
DRAW, STOP, DISCARD, FRAGMENT_MOVE, DONE = Draw(), Stop(), Discard(), TakeFragment(), Done()
TILES = tuple(Tile(i) for i in range(len(KODAMA_TILES)))
ATTRACTS = tuple(Attract(k) for k in range(len(CARDS)))
BUYS = tuple(Buy(k) for k in range(len(CARDS)))
EXTINGUISHES = {v: Extinguish(v) for v in (2, 3, 4)}
MOVES = tuple(Move(i) for i in range(N_ROCKS + 1))
PLANTS = tuple(tuple(Plant(t, p) for p in range(FOREST_SIZE)) for t in range(len(TREES)))
STEALS = tuple(Steal(k) for k in range(len(TILE_KINDS)))

_HINT = ("A Living Forest move is draw, stop, discard, tile <element>, fragment, attract <animal>, "
         "fire <2|3|4>, move <rocks>, plant <tree> <space a1..e3>, steal <fire|flower|tree>, "
         "buy <kodama>, or done.")


def card_word(k: int) -> str:
    return CARDS[k].name.lower().replace(" ", "-")


def tree_word(t: int) -> str:
    return TREES[t].name.lower()


def space_name(p: int) -> str:
    return f"{'abcde'[p % FOREST_W]}{p // FOREST_W + 1}"


def _check_int(value, low, high, what):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
        raise NotationError(f"{what} must be a whole number from {low} to {high - 1}, not {value!r}.")
    return value


_FLAGS = {"draw": DRAW, "stop": STOP, "discard": DISCARD, "fragment": FRAGMENT_MOVE, "done": DONE}


def to_json(move) -> dict:
    kind = move.__class__
    for key, flag in _FLAGS.items():
        if kind is flag.__class__:
            return {key: True}
    if kind is Tile:
        return {"tile": move.choice}
    if kind is Attract:
        return {"attract": move.card}
    if kind is Extinguish:
        return {"extinguish": move.value}
    if kind is Move:
        return {"move": move.steps}
    if kind is Plant:
        return {"plant": move.tree, "space": move.space}
    if kind is Steal:
        return {"steal": move.kind}
    if kind is Buy:
        return {"buy": move.card}
    raise NotationError(f"Not a Living Forest move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or not data:
        raise NotationError(f"A Living Forest move is a JSON object, not {data!r}. {_HINT}")
    keys = set(data)
    if len(keys) == 1:
        (key,) = keys
        value = data[key]
        if key in _FLAGS:
            if value is not True:
                raise NotationError(f'Write {{"{key}": true}}, not {data!r}.')
            return _FLAGS[key]
        if key == "tile":
            return TILES[_check_int(value, 0, len(TILES), "The element tile")]
        if key == "attract":
            return ATTRACTS[_check_int(value, 0, len(CARDS), "The animal")]
        if key == "buy":
            return BUYS[_check_int(value, 0, len(CARDS), "The Kodama card")]
        if key == "extinguish":
            _check_int(value, 2, 5, "The fire's value")
            return EXTINGUISHES[value]
        if key == "move":
            return MOVES[_check_int(value, 1, N_ROCKS + 1, "The number of rocks")]
        if key == "steal":
            return STEALS[_check_int(value, 0, len(TILE_KINDS), "The Victory tile")]
    if keys == {"plant", "space"}:
        tree = _check_int(data["plant"], 0, len(TREES), "The tree")
        return PLANTS[tree][_check_int(data["space"], 0, FOREST_SIZE, "The forest space")]
    raise NotationError(f"Unknown Living Forest move {data!r}. {_HINT}")


def to_text(move) -> str:
    kind = move.__class__
    for key, flag in _FLAGS.items():
        if kind is flag.__class__:
            return key
    if kind is Tile:
        return f"tile {ELEMENTS[KODAMA_TILES[move.choice][0]]}"
    if kind is Attract:
        return f"attract {card_word(move.card)}"
    if kind is Extinguish:
        return f"fire {move.value}"
    if kind is Move:
        return f"move {move.steps}"
    if kind is Plant:
        return f"plant {tree_word(move.tree)} {space_name(move.space)}"
    if kind is Steal:
        return f"steal {TILE_KINDS[move.kind]}"
    if kind is Buy:
        return f"buy {card_word(move.card)}"
    raise NotationError(f"Not a Living Forest move: {move!r}.")


def _card(word: str, text: str) -> int:
    k = CARD_BY_NAME.get(word.replace("-", " "))
    if k is None:
        raise NotationError(f"Cannot read '{text}': no animal is called '{word}'.")
    return k


def _number(word: str, text: str) -> int:
    if not word.isdigit():
        raise NotationError(f"Cannot read '{text}': '{word}' is not a number.")
    return int(word)


def parse(text: str):
    words = str(text).strip().lower().split()
    if not words:
        raise NotationError(f"Type a move. {_HINT}")
    head, rest = words[0], words[1:]
    if head in _FLAGS and not rest:
        return _FLAGS[head]
    if head == "tile" and len(rest) == 1 and rest[0] in ELEMENTS:
        return TILES[[ELEMENTS[e] for e, _ in KODAMA_TILES].index(rest[0])]
    if head == "attract" and len(rest) == 1:
        return ATTRACTS[_card(rest[0], text)]
    if head == "buy" and len(rest) == 1:
        return BUYS[_card(rest[0], text)]
    if head == "fire" and len(rest) == 1:
        value = _number(rest[0], text)
        if value not in EXTINGUISHES:
            raise NotationError(f"Cannot read '{text}': fires are worth 2, 3 or 4.")
        return EXTINGUISHES[value]
    if head == "move" and len(rest) == 1:
        steps = _number(rest[0], text)
        if not 1 <= steps <= N_ROCKS:
            raise NotationError(f"Cannot read '{text}': move 1 to {N_ROCKS} rocks.")
        return MOVES[steps]
    if head == "steal" and len(rest) == 1 and rest[0] in TILE_KINDS:
        return STEALS[TILE_KINDS.index(rest[0])]
    if head == "plant" and len(rest) == 2:
        tree = TREE_BY_NAME.get(rest[0])
        if tree is None:
            raise NotationError(f"Cannot read '{text}': no tree is called '{rest[0]}' (e.g. 5-sun).")
        sp = rest[1]
        if len(sp) != 2 or sp[0] not in "abcde" or sp[1] not in "123":
            raise NotationError(f"Cannot read '{text}': a forest space is a1 to e3.")
        return PLANTS[tree]["abcde".index(sp[0]) + FOREST_W * (int(sp[1]) - 1)]
    raise NotationError(f"Cannot read '{text}'. {_HINT}")
