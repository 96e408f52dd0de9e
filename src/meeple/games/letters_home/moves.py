"""Letters Home's moves and their notation.

A turn is several moves: `Go` to a stop, then either `Take` a tile beside it and
pin it to a corkboard space, followed by `Note` (a memory from the market,
letting go of one in a full slot row) or `Skip`; or, at a postbox stop, one or
more `Send` (a memory, flipping a corkboard tile) and `Done` to stop writing.
The final letter-writing turn is `Send` and `Done` only.

Text (town tiles a1..d4, stops named by their two tiles, corkboard spaces,
market cards and memory slots counted from 1):
  "go b2-b3"        move the pawn to the stop between b2 and b3
  "take b2 5"       take town tile b2, pin it to corkboard space 5
  "note 3"          note market memory 3 into a free slot
  "note 3 drop 1"   let go of the memory in slot 1 to note market memory 3
  "skip"            note nothing
  "send 2 7"        send the memory in slot 2, flipping corkboard space 7
  "done"            stop writing home
JSON (everything counted from 0): {"go": 9}, {"take": 5, "space": 4},
{"note": 2, "drop": null}, {"skip": true}, {"send": 1, "flip": 6}, {"done": true}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, ints, move_kind, moves_of, plain_move, table_of

from .components import BOARD_SPACES, MARKET_SIZE, MEMORY_SLOTS
from .town import N_STOPS, N_TOWN, STOP_NAMES, parse_stop, parse_tile_name, tile_name

_SLOT = ints(0, MEMORY_SLOTS - 1, text_from=1, what=f"a memory slot (1 to {MEMORY_SLOTS} in text)")
_CARD = ints(0, MARKET_SIZE - 1, text_from=1, what=f"a market card (1 to {MARKET_SIZE} in text)")


def _space(**more):
    return ints(0, BOARD_SPACES - 1, text_from=1, what=f"a corkboard space (1 to {BOARD_SPACES} in text)", **more)


@move_kind(key="go", stop=Field(range(N_STOPS), show=STOP_NAMES.__getitem__, read=parse_stop,
                                what=f"a stop: 0 to {N_STOPS - 1} in JSON, two tiles such as b2-b3 in text"))
class Go(NamedTuple):
    stop: int


@move_kind(key="take", tile=Field(range(N_TOWN), show=tile_name, read=parse_tile_name, what="a town tile, a1 to d4"),
           space=_space())
class Take(NamedTuple):
    tile: int   # town position 0..15
    space: int  # corkboard space 0..11


@move_kind(key="note", card=_CARD,  # "note 3", or "note 3 drop 1" when a memory is let go of
           drop=Field(range(-1, MEMORY_SLOTS), dump=lambda d: None if d < 0 else d,
                      show=lambda d: str(d + 1) if d >= 0 else "", default=-1, omit=True, label=("drop", "let-go"),
                      what=f"a memory slot (1 to {MEMORY_SLOTS} in text, 0 to {MEMORY_SLOTS - 1} or null in JSON)"))
class Note(NamedTuple):
    card: int   # market position 0..4
    drop: int   # memory slot let go of to make room, -1 when a slot is free


Skip, SKIP = plain_move("Skip", key="skip")


@move_kind(key="send", slot=_SLOT, space=_space(json="flip"))
class Send(NamedTuple):
    slot: int
    space: int


Done, DONE = plain_move("Done", key="done")


# `move_kind`: Take(1, 3) must never equal Send(1, 3).
# Moves are interned: legal_moves hands out these objects, which keeps playouts fast.
GOS = moves_of(Go)
_TAKES, _NOTES, _SENDS = table_of(Take), table_of(Note), table_of(Send)
TAKES = tuple(tuple(_TAKES[t, sp] for sp in range(BOARD_SPACES)) for t in range(N_TOWN))
NOTES = tuple(tuple(_NOTES[c, d] for d in range(-1, MEMORY_SLOTS)) for c in range(MARKET_SIZE))  # [card][drop + 1]
SENDS = tuple(tuple(_SENDS[sl, sp] for sp in range(BOARD_SPACES)) for sl in range(MEMORY_SLOTS))

HINT = ("Type: go b2-b3 (move to the stop between two tiles), take b2 5 (take town tile b2 to corkboard "
        "space 5), note 3 (or note 3 drop 1), skip, send 2 7 (memory slot 2, flipping space 7), or done.")
NOTATION = Notation("Letters Home", Go, Take, Skip, Send, Done, Note, hint=HINT, separators="")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
