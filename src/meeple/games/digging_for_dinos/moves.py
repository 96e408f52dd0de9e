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

from meeple.engine import NotationError, move_kind

from .components import CELLS, PAWNS_PER_SEAT, cell_name, parse_cell


@move_kind
class Place(NamedTuple):
    cell: int


@move_kind
class Move(NamedTuple):
    pawn: int
    cell: int


@move_kind
class Flip(NamedTuple):
    pawn: int


@move_kind
class Keep(NamedTuple):
    pass


# Interned: legal_moves hands out these objects, which keeps playouts fast.
PLACES = tuple(Place(c) for c in range(CELLS))
MOVES = tuple(tuple(Move(k, c) for c in range(CELLS)) for k in range(PAWNS_PER_SEAT))
FLIPS = tuple(Flip(k) for k in range(PAWNS_PER_SEAT))
KEEP = Keep()

_HINT = ('A Digging for Dinos move is {"place": "c3"}, {"move": 0, "to": "c3"}, {"flip": 0} or {"keep": true}.')


def to_json(move) -> dict:
    cls = move.__class__
    if cls is Place:
        return {"place": cell_name(move.cell)}
    if cls is Move:
        return {"move": move.pawn, "to": cell_name(move.cell)}
    if cls is Flip:
        return {"flip": move.pawn}
    if cls is Keep:
        return {"keep": True}
    raise NotationError(f"Not a Digging for Dinos move: {move!r}.")


def _cell(value, what: str) -> int:
    if not isinstance(value, str):
        raise NotationError(f'{what} is a cell name such as "c3".')
    try:
        return parse_cell(value)
    except ValueError as exc:
        raise NotationError(f"{exc}.") from None


def _pawn(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PAWNS_PER_SEAT:
        raise NotationError("A paleontologist is 0 or 1 in JSON (1 or 2 in text).")
    return value


def from_json(data):
    if not isinstance(data, dict):
        raise NotationError(_HINT)
    keys = set(data)
    if keys == {"place"}:
        return PLACES[_cell(data["place"], '"place"')]
    if keys == {"move", "to"}:
        return MOVES[_pawn(data["move"])][_cell(data["to"], '"to"')]
    if keys == {"flip"}:
        return FLIPS[_pawn(data["flip"])]
    if keys == {"keep"} and data["keep"] is True:
        return KEEP
    raise NotationError(f"Unknown Digging for Dinos move {data!r}. {_HINT}")


def to_text(move) -> str:
    cls = move.__class__
    if cls is Place:
        return cell_name(move.cell)
    if cls is Move:
        return f"p{move.pawn + 1} {cell_name(move.cell)}"
    if cls is Flip:
        return f"flip p{move.pawn + 1}"
    if cls is Keep:
        return "keep"
    raise NotationError(f"Not a Digging for Dinos move: {move!r}.")


def _text_pawn(word: str) -> int:
    w = word[1:] if word[:1] == "p" else word
    if w in ("1", "2"):
        return int(w) - 1
    raise NotationError(f"'{word}' is not a paleontologist: write p1 or p2.")


def parse(text: str):
    words = str(text).strip().lower().replace("-", " ").split()
    hint = "Type a cell (c3) to place, 'p1 c3' to move paleontologist 1 to c3, 'flip p1' or 'keep'."
    try:
        if len(words) == 1 and words[0] == "keep":
            return KEEP
        if len(words) == 1:
            return PLACES[parse_cell(words[0])]
        if len(words) == 2 and words[0] == "flip":
            return FLIPS[_text_pawn(words[1])]
        if len(words) == 2:
            return MOVES[_text_pawn(words[0])][parse_cell(words[1])]
    except ValueError as exc:
        raise NotationError(f"Cannot read '{text}': {exc}. {hint}") from None
    raise NotationError(f"Cannot read '{text}'. {hint}")
