"""Twenty's moves and their notation.

- `Draw()`: turn up the top card of the deck. Text "draw" (or "d"); JSON {"draw": true}.
- `Stop()`: stand on what you have. Text "stop" (or "s"); JSON {"stop": true}.

Both are empty NamedTuples: as plain tuples they would be equal (() == ()),
which is why every move class carries the engine's `@move_kind`.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind


@move_kind
class Draw(NamedTuple):
    pass


@move_kind
class Stop(NamedTuple):
    pass


# Interned: legal_moves hands out these two objects and never builds new ones.
DRAW = Draw()
STOP = Stop()

_HINT = 'A Twenty move is {"draw": true} or {"stop": true}.'


def to_json(move) -> dict:
    if move.__class__ is Draw:
        return {"draw": True}
    if move.__class__ is Stop:
        return {"stop": True}
    raise NotationError(f"Not a Twenty move: {move!r}.")


def from_json(data):
    if data == {"draw": True}:
        return DRAW
    if data == {"stop": True}:
        return STOP
    raise NotationError(f"Unknown Twenty move {data!r}. {_HINT}")


def to_text(move) -> str:
    return "draw" if move.__class__ is Draw else "stop"


def parse(text: str):
    word = str(text).strip().lower()
    if word in ("draw", "d"):
        return DRAW
    if word in ("stop", "s"):
        return STOP
    raise NotationError(f"Cannot read '{text}'. Type draw (d) or stop (s).")
