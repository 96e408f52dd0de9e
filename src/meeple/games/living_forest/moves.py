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

from meeple.engine import Field, Notation, ints, move_kind, moves_of, plain_move, table_of

from .components import CARDS, ELEMENTS, FOREST_SIZE, FOREST_W, KODAMA_TILES, N_ROCKS, TILE_KINDS, TREES


def card_word(k: int) -> str:
    return CARDS[k].name.lower().replace(" ", "-")


def tree_word(t: int) -> str:
    return TREES[t].name.lower()


def space_name(p: int) -> str:
    return f"{'abcde'[p % FOREST_W]}{p // FOREST_W + 1}"


def _named(n: int, show, what: str) -> Field:
    """An index 0..n-1 in JSON, written as `show` gives it in text."""
    return Field(range(n), show=show, what=f"{what} in text, 0 to {n - 1} in JSON")


def _card() -> Field:
    return _named(len(CARDS), card_word, "a card's name, dashes for spaces (e.g. kodama-twins),")


Draw, DRAW = plain_move("Draw", key="draw")
Stop, STOP = plain_move("Stop", key="stop")
Discard, DISCARD = plain_move("Discard", key="discard")
TakeFragment, FRAGMENT_MOVE = plain_move("TakeFragment", key="fragment")
Done, DONE = plain_move("Done", key="done")


@move_kind(key="tile", choice=_named(len(KODAMA_TILES), lambda i: ELEMENTS[KODAMA_TILES[i][0]],
                                     "an element (" + ", ".join(ELEMENTS[e] for e, _ in KODAMA_TILES) + ")"))
class Tile(NamedTuple):
    choice: int


@move_kind(key="attract", card=_card())
class Attract(NamedTuple):
    card: int


@move_kind(key="extinguish", word="fire", value=ints(2, 4, what="a fire's value: 2, 3 or 4"))
class Extinguish(NamedTuple):
    value: int


@move_kind(key="move", steps=ints(1, N_ROCKS, what=f"a number of rocks from 1 to {N_ROCKS}"))
class Move(NamedTuple):
    steps: int


@move_kind(key="plant", tree=_named(len(TREES), tree_word, "a tree such as 5-sun"),
           space=_named(FOREST_SIZE, space_name, "a forest space a1 to e3"))
class Plant(NamedTuple):
    tree: int
    space: int


@move_kind(key="steal", kind=_named(len(TILE_KINDS), TILE_KINDS.__getitem__,
                                    "a Victory tile (" + ", ".join(TILE_KINDS) + ")"))
class Steal(NamedTuple):
    kind: int


@move_kind(key="buy", card=_card())
class Buy(NamedTuple):
    card: int


# Interned moves: legal_moves hands out these objects and builds none.
TILES, ATTRACTS, BUYS, STEALS = moves_of(Tile), moves_of(Attract), moves_of(Buy), moves_of(Steal)
EXTINGUISHES = table_of(Extinguish)  # by the fire's value
MOVES = moves_of(Move)  # MOVES[i] moves i + 1 rocks
_PLANTS = table_of(Plant)
PLANTS = tuple(tuple(_PLANTS[t, p] for p in range(FOREST_SIZE)) for t in range(len(TREES)))

_HINT = ("A Living Forest move is draw, stop, discard, tile <element>, fragment, attract <animal>, "
         "fire <2|3|4>, move <rocks>, plant <tree> <space a1..e3>, steal <fire|flower|tree>, "
         "buy <kodama>, or done.")
NOTATION = Notation("Living Forest", Draw, Stop, Discard, Tile, TakeFragment, Attract, Extinguish, Move, Plant,
                    Steal, Buy, Done, hint=_HINT, separators="")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
