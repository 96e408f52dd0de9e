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

from meeple.engine import NotationError, move_kind

from .components import PILES

SPOTS = ("rim", "centre", "drink")
_SPOT_ALIASES = {"rim": "rim", "r": "rim", "centre": "centre", "center": "centre", "c": "centre",
                 "drink": "drink", "d": "drink"}


@move_kind
class Take(NamedTuple):
    pile: int


@move_kind
class Place(NamedTuple):
    spot: str
    flip: bool


# Moves are interned: legal_moves hands out these objects, which keeps playouts fast.
TAKES = tuple(Take(p) for p in range(PILES))
PLACES = {(spot, flip): Place(spot, flip) for spot in SPOTS for flip in (False, True)}


def to_json(move) -> dict:
    if isinstance(move, Take):
        return {"take": move.pile}
    if isinstance(move, Place):
        return {"place": move.spot, "flip": move.flip}
    raise NotationError(f"Not a Picnic move: {move!r}.")


def from_json(data) -> Take | Place:
    if not isinstance(data, dict):
        raise NotationError('A Picnic move is an object such as {"take": 0} or {"place": "rim", "flip": false}.')
    if set(data) == {"take"}:
        pile = data["take"]
        if isinstance(pile, bool) or not isinstance(pile, int) or not 0 <= pile < PILES:
            raise NotationError(f'"take" needs a pile number from 0 to {PILES - 1}.')
        return TAKES[pile]
    if "place" in data and set(data) <= {"place", "flip"}:
        spot, flip = data["place"], data.get("flip", False)
        if spot not in SPOTS:
            raise NotationError(f'"place" must be one of {", ".join(SPOTS)}.')
        if not isinstance(flip, bool):
            raise NotationError('"flip" must be true or false.')
        return PLACES[spot, flip]
    raise NotationError(f"Unknown Picnic move {data!r}: use \"take\" or \"place\" (with optional \"flip\").")


def to_text(move) -> str:
    if isinstance(move, Take):
        return f"t{move.pile + 1}"
    return ("flip " if move.flip else "") + move.spot


def parse(text: str) -> Take | Place:
    words = str(text).strip().lower().split()
    hint = "Type t1 to t6 to take from a pile, or rim / centre / drink (with 'flip' in front to turn the tile over)."
    if len(words) == 1 and words[0][:1] == "t" and words[0][1:].isdigit():
        pile = int(words[0][1:])
        if not 1 <= pile <= PILES:
            raise NotationError(f"There are piles 1 to {PILES}, not {pile}.")
        return TAKES[pile - 1]
    flip = False
    if words and words[0] in ("flip", "f"):
        flip = True
        words = words[1:]
    if len(words) == 1 and words[0] in _SPOT_ALIASES:
        return PLACES[_SPOT_ALIASES[words[0]], flip]
    raise NotationError(f"Cannot read '{text}'. {hint}")
