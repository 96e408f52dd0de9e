"""Digging for Dinos' moves and their notation.

- `Place(cell)`: before the first turn, put your next paleontologist on an open tile.
- `Move(pawn, cell)`: move your paleontologist 1 or 2 to a cell (the destination names the
  direction, since each direction leads to at most one cell).
- `Flip(pawn)` / `Keep()`: after completing a Velociraptor or Deinosuchus, flip one of your
  paleontologists, or leave both as they are.

Text: "c3" places; "p1 c3" (or "1 c3", "p1-c3") moves paleontologist 1 to c3; "flip p2"; "keep".
JSON: {"place": "c3"}, {"move": 0, "to": "c3"}, {"flip": 1}, {"keep": true}. Paleontologists
are numbered 1 and 2 in text and 0 and 1 in JSON.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, move_kind, moves_of, plain_move, table_of

from .components import CELLS, PAWNS_PER_SEAT, cell_name, parse_cell


def _load_cell(value) -> int:
    if not isinstance(value, str):
        raise ValueError('a cell name such as "c3"')
    return parse_cell(value)


def _cell(**more) -> Field:
    return Field(range(CELLS), dump=cell_name, load=_load_cell, read=parse_cell, what='a cell such as "c3"', **more)


def _pawn() -> Field:
    return Field(range(PAWNS_PER_SEAT), show=lambda k: f"p{k + 1}",
                 words={str(k + 1): k for k in range(PAWNS_PER_SEAT)},
                 what="a paleontologist: 0 or 1 in JSON, p1 or p2 in text")


@move_kind(key="place", word="", cell=_cell())
class Place(NamedTuple):
    cell: int


@move_kind(key="move", word="", pawn=_pawn(), cell=_cell(json="to"))
class Move(NamedTuple):
    pawn: int
    cell: int


@move_kind(key="flip", pawn=_pawn())
class Flip(NamedTuple):
    pawn: int


Keep, KEEP = plain_move("Keep", key="keep")


# Interned: legal_moves hands out these objects, which keeps playouts fast.
PLACES = moves_of(Place)
_MOVES = table_of(Move)
MOVES = tuple(tuple(_MOVES[k, c] for c in range(CELLS)) for k in range(PAWNS_PER_SEAT))
FLIPS = moves_of(Flip)

NOTATION = Notation("Digging for Dinos", Keep, Place, Flip, Move,
                    hint="Type a cell (c3) to place, 'p1 c3' to move paleontologist 1 to c3, 'flip p1' or 'keep'.")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
