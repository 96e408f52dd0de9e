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

from meeple.engine import Field, Notation, ints, move_kind, moves_of, plain_move, table_of

from .components import CENTRE, SPECIES, cell, coords, hex_text, in_range

_SPECIES_ALIASES = {name: i for i, name in enumerate(SPECIES)}
_SPECIES_ALIASES.update({"worm": 0, "tube": 0, "snail": 1, "shrimps": 2, "eelpout": 3, "crab": 4,
                         "octopuses": 5, "sponge": 6})


def _species_of(name) -> int:
    if isinstance(name, str) and name.strip().lower() in _SPECIES_ALIASES:
        return _SPECIES_ALIASES[name.strip().lower()]
    raise ValueError(f"unknown species {name!r}: use one of {', '.join(SPECIES)}")


def _hex_from_json(data) -> int:
    if (not isinstance(data, (list, tuple)) or len(data) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in data)):
        raise ValueError("expected a hex [q, r], two whole numbers")
    if not in_range(*data):
        raise ValueError(f"expected a hex [q, r] near the field, not {list(data)}")
    return cell(*data)


def _hex_from_text(text: str) -> int:
    parts = text.replace("(", "").replace(")", "").split(",")
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        raise ValueError(f"'{text}' is not a hex: write it as q,r, for example 2,-1") from None
    if not in_range(q, r):
        raise ValueError(f"Hex {q},{r} is far off the field")
    return cell(q, r)


_SPECIES = Field(range(len(SPECIES)), dump=SPECIES.__getitem__, load=_species_of, words=_SPECIES_ALIASES,
                 what="a species: " + ", ".join(SPECIES))
# A hex: [q, r] in JSON, q,r in text. The field is too large to make every move on a hex up front:
# they are made as the rules hand them out (table_of).
_HEX = Field(None, dump=lambda c: list(coords(c)), show=hex_text, load=_hex_from_json, read=_hex_from_text,
             what="a hex [q, r]", example=CENTRE)


@move_kind(key="pick", species=_SPECIES)
class Pick(NamedTuple):
    species: int


@move_kind(key="leave", species=_SPECIES)
class Leave(NamedTuple):
    species: int


@move_kind(key="tile", aliases=("t",), at=_HEX)
class Tile(NamedTuple):
    at: int


@move_kind(key="turn", aliases=("r", "rotate"), turn=ints(0, 5, what="a direction number from 0 to 5"))
class Turn(NamedTuple):
    turn: int


@move_kind(key="move", aliases=("m",), packed=True, src=_HEX, dst=_HEX)
class Shift(NamedTuple):
    src: int
    dst: int


@move_kind(key="species", word="", species=_SPECIES)
class Choose(NamedTuple):
    species: int


@move_kind(key="put", aliases=("p",), at=_HEX)
class Put(NamedTuple):
    at: int


End, END = plain_move("End", key="end", aliases=("e",))


# Interned moves: legal_moves hands out these objects, which keeps playouts fast. `tile(c)` and
# `put(c)` are plain dict lookups, the move made the first time its hex comes up.
PICKS, LEAVES, TURNS, CHOOSES = moves_of(Pick), moves_of(Leave), moves_of(Turn), moves_of(Choose)
tile, put = table_of(Tile).__getitem__, table_of(Put).__getitem__

HINT = ("Type tile q,r / turn 0-5 / move q,r q,r / a species name (worms, snails, ...) / put q,r / end, "
        "or pick / leave a species during the draft.")
# complete=False: the moves on a hex are made on demand, so they cannot all be numbered.
NOTATION = Notation("Vent Life", Turn, End, Pick, Leave, Choose, Tile, Shift, Put, hint=HINT, separators="",
                    complete=False)
NOTATION.json_hint = ('A Vent Life move is an object with one key, such as {"tile": [0, 0]}, {"turn": 2}, '
                      '{"move": [[1, 0], [2, 0]]}, {"species": "fish"}, {"put": [1, 0]} or {"end": true}.')
to_json, from_json, to_text = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text


def parse(text: str):
    """The declared text, a hex typed with a space after its comma too: "tile 2, -1"."""
    return NOTATION.read(str(text).lower().replace(", ", ",").split(), text)
