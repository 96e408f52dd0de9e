"""Picnic's moves and their notation.

A turn is two moves: `Take` a pile's top tile (this shows its other side to
everyone, so it can never be taken back), then `Place` it, either way up, on the
rim, in the centre, or beside the plate as a drink.

Text: "t3" takes from pile 3 (piles are numbered from 1 in text, from 0 in
JSON); "rim", "centre" or "drink" places the tile as it was taken, and a
"flip " in front places it the other way up ("flip rim"). Short forms: r, c, d, f.
JSON: {"take": 2} and {"place": "rim", "flip": true}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, NotationError, ints, move_kind, moves_of, table_of

from .components import PILES

SPOTS = ("rim", "centre", "drink")
_PILE = ints(0, PILES - 1, text_from=1, what=f"a pile from 1 to {PILES}")
_SPOT = Field(SPOTS, words={"r": "rim", "center": "centre", "c": "centre", "d": "drink"},
              what="rim, centre or drink")


@move_kind(key="take", pile=_PILE)
class Take(NamedTuple):
    pile: int


@move_kind(key="place", spot=_SPOT, flip=Field((False, True), default=False, what="true or false"))
class Place(NamedTuple):
    spot: str
    flip: bool


# Moves are interned: legal_moves hands out these objects, which keeps playouts fast.
TAKES = moves_of(Take)
PLACES = table_of(Place)

HINT = "Type t1 to t6 to take from a pile, or rim / centre / drink (with 'flip' in front to turn the tile over)."
NOTATION = Notation("Picnic", Take, Place, hint=HINT)
to_json, from_json = NOTATION.to_json, NOTATION.from_json


def to_text(move) -> str:
    if isinstance(move, Take):
        return f"t{move.pile + 1}"
    return ("flip " if move.flip else "") + move.spot


def parse(text: str) -> Take | Place:
    """Picnic's own text: the pile glued to its t ("t3"), and "flip" before the spot."""
    words = str(text).strip().lower().split()
    flip = len(words) == 2 and words[0] in ("flip", "f")
    try:
        if len(words) == 1 and words[0][:1] == "t":
            return TAKES[_PILE.read(words[0][1:])]
        if len(words) == 1 + flip:
            return PLACES[_SPOT.read(words[-1]), flip]
    except ValueError as exc:
        raise NotationError(f"Cannot read '{text}': {exc}. {HINT}") from None
    raise NotationError(f"Cannot read '{text}'. {HINT}")
