"""Vent Life's moves and their notation.

A turn is several small moves, one per click in the browser:

    tile 2,-1      put your tile's Black Smoker on hex (q, r) = (2, -1)
    turn 3         turn it: its first lower hex points in direction 3 (0-5: E NE NW W SW SE)
    move 1,0 2,0   a covered creature (by its owner) goes from hex 1,0 to hex 2,0
    snails         choose the species you place this turn
    put 1,-1       place one creature of that species on a hex
    end            end the turn (and draw a tile while the bag has some)

Before the first turn, a species draft may run: "pick fish" (2 or 4 players)
or "leave fish" (3 players). Short forms: t, r, m, p, e.

JSON: {"tile": [2, -1]}, {"turn": 3}, {"move": [[1, 0], [2, 0]]}, {"species": "snails"},
{"put": [1, -1]}, {"end": true}, {"pick": "fish"}, {"leave": "fish"}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, NotationError, ints, move_kind, moves_of

from .components import SPECIES, cell, coords, hex_text, in_range

_SPECIES_ALIASES = {name: i for i, name in enumerate(SPECIES)}
_SPECIES_ALIASES.update({"worm": 0, "tube": 0, "snail": 1, "shrimps": 2, "eelpout": 3, "crab": 4,
                         "octopuses": 5, "sponge": 6})


def _species_of(name) -> int:
    if isinstance(name, str) and name.strip().lower() in _SPECIES_ALIASES:
        return _SPECIES_ALIASES[name.strip().lower()]
    raise ValueError(f"unknown species {name!r}: use one of {', '.join(SPECIES)}")


_SPECIES = Field(range(len(SPECIES)), dump=SPECIES.__getitem__, load=_species_of, words=_SPECIES_ALIASES,
                 what="a species: " + ", ".join(SPECIES))

# `move_kind`: equality includes the class, so Pick(1) is not Choose(1). The kinds on a hex
# (Tile, Shift, Put) keep their own notation: a hex is [q, r] in JSON and q,r in text, and
# the field is too large to make every such move up front.


@move_kind(key="pick", species=_SPECIES)
class Pick(NamedTuple):
    species: int


@move_kind(key="leave", species=_SPECIES)
class Leave(NamedTuple):
    species: int


@move_kind
class Tile(NamedTuple):
    at: int


@move_kind(key="turn", aliases=("r", "rotate"), turn=ints(0, 5, what="a direction number from 0 to 5"))
class Turn(NamedTuple):
    turn: int


@move_kind
class Shift(NamedTuple):
    src: int
    dst: int


@move_kind(key="species", word="", species=_SPECIES)
class Choose(NamedTuple):
    species: int


@move_kind
class Put(NamedTuple):
    at: int


@move_kind(key="end", aliases=("e",))
class End(NamedTuple):
    pass


# Interned moves: legal_moves hands out these objects, which keeps playouts fast.
PICKS, LEAVES, TURNS, CHOOSES = moves_of(Pick), moves_of(Leave), moves_of(Turn), moves_of(Choose)
END, = moves_of(End)


class _Interned(dict):
    """hex -> its interned move, made the first time a hex comes up; `TILE_MOVES[c]`
    is a plain dict lookup, so `map(TILE_MOVES.__getitem__, hexes)` is cheap."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, at):
        m = self[at] = self.make(at)
        return m


TILE_MOVES: dict[int, Tile] = _Interned(Tile)
PUT_MOVES: dict[int, Put] = _Interned(Put)
tile = TILE_MOVES.__getitem__
put = PUT_MOVES.__getitem__


def _hex_json(c: int) -> list[int]:
    return list(coords(c))


def _hex_from_json(data, what: str) -> int:
    if (not isinstance(data, (list, tuple)) or len(data) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in data)):
        raise NotationError(f'{what} is a hex written [q, r], two whole numbers.')
    if not in_range(*data):
        raise NotationError(f"{what} {list(data)} is far off the field.")
    return cell(*data)


def _hex_from_text(text: str) -> int:
    parts = text.replace("(", "").replace(")", "").split(",")
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        raise NotationError(f"'{text}' is not a hex: write it as q,r, for example 2,-1.") from None
    if not in_range(q, r):
        raise NotationError(f"Hex {q},{r} is far off the field.")
    return cell(q, r)


HINT = ("Type tile q,r / turn 0-5 / move q,r q,r / a species name (worms, snails, ...) / put q,r / end, "
        "or pick / leave a species during the draft.")
# complete=False: the moves on a hex (Tile, Move, Put) are made on demand, outside these kinds.
NOTATION = Notation("Vent Life", Turn, End, Pick, Leave, Choose, hint=HINT, complete=False)
NOTATION.json_hint = ('A Vent Life move is an object with one key, such as {"tile": [0, 0]}, '
                      '{"turn": 2}, {"species": "fish"}, {"put": [1, 0]} or {"end": true}.')


def to_json(move):
    cls = move.__class__
    if cls is Tile:
        return {"tile": _hex_json(move.at)}
    if cls is Shift:
        return {"move": [_hex_json(move.src), _hex_json(move.dst)]}
    if cls is Put:
        return {"put": _hex_json(move.at)}
    return NOTATION.to_json(move)


def from_json(data):
    """The declared JSON, but a hex's own: {"tile": [2, -1]}, {"move": [[1, 0], [2, 0]]}, {"put": [1, -1]}."""
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError(NOTATION.json_hint)
    (key, value), = data.items()
    if key == "tile":
        return tile(_hex_from_json(value, '"tile"'))
    if key == "move":
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise NotationError('"move" is [[q, r] from, [q, r] to].')
        return Shift(_hex_from_json(value[0], '"move" from'), _hex_from_json(value[1], '"move" to'))
    if key == "put":
        return put(_hex_from_json(value, '"put"'))
    return NOTATION.from_json(data)


def to_text(move) -> str:
    cls = move.__class__
    if cls is Tile:
        return f"tile {hex_text(move.at)}"
    if cls is Shift:
        return f"move {hex_text(move.src)} {hex_text(move.dst)}"
    if cls is Put:
        return f"put {hex_text(move.at)}"
    return NOTATION.to_text(move)


def parse(text: str):
    """The declared text, but a hex's own: "tile 2,-1", "move 1,0 2,0", "put 1,-1"."""
    words = str(text).strip().lower().replace(", ", ",").split()
    head, args = (words[0], words[1:]) if words else ("", [])
    if head in ("tile", "t") and len(args) == 1:
        return tile(_hex_from_text(args[0]))
    if head in ("move", "m") and len(args) == 2:
        return Shift(_hex_from_text(args[0]), _hex_from_text(args[1]))
    if head in ("put", "p") and len(args) == 1:
        return put(_hex_from_text(args[0]))
    return NOTATION.read(words, text)
