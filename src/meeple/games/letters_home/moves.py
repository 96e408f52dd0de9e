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

from meeple.engine import NotationError, move_kind

from .components import BOARD_SPACES, MARKET_SIZE, MEMORY_SLOTS
from .town import N_STOPS, N_TOWN, STOP_NAMES, parse_stop, parse_tile_name, tile_name


@move_kind
class Go(NamedTuple):
    stop: int


@move_kind
class Take(NamedTuple):
    tile: int   # town position 0..15
    space: int  # corkboard space 0..11


@move_kind
class Note(NamedTuple):
    card: int   # market position 0..4
    drop: int   # memory slot let go of to make room, -1 when a slot is free


@move_kind
class Skip(NamedTuple):
    pass


@move_kind
class Send(NamedTuple):
    slot: int
    space: int


@move_kind
class Done(NamedTuple):
    pass


# `move_kind`: Take(1, 3) must never equal Send(1, 3).
# Moves are interned: legal_moves hands out these objects, which keeps playouts fast.
GOS = tuple(Go(s) for s in range(N_STOPS))
TAKES = tuple(tuple(Take(t, sp) for sp in range(BOARD_SPACES)) for t in range(N_TOWN))
NOTES = tuple(tuple(Note(c, d) for d in range(-1, MEMORY_SLOTS)) for c in range(MARKET_SIZE))  # [card][drop + 1]
SENDS = tuple(tuple(Send(sl, sp) for sp in range(BOARD_SPACES)) for sl in range(MEMORY_SLOTS))
SKIP = Skip()
DONE = Done()


def _int(data, key, upper, what):
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < upper:
        raise NotationError(f'"{key}" needs {what} from 0 to {upper - 1}.')
    return value


def to_json(move) -> dict:
    cls = move.__class__
    if cls is Go:
        return {"go": move.stop}
    if cls is Take:
        return {"take": move.tile, "space": move.space}
    if cls is Note:
        return {"note": move.card, "drop": None if move.drop < 0 else move.drop}
    if cls is Skip:
        return {"skip": True}
    if cls is Send:
        return {"send": move.slot, "flip": move.space}
    if cls is Done:
        return {"done": True}
    raise NotationError(f"Not a Letters Home move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict):
        raise NotationError('A Letters Home move is an object such as {"go": 3} or {"take": 5, "space": 0}.')
    keys = set(data)
    if keys == {"go"}:
        return GOS[_int(data, "go", N_STOPS, "a stop number")]
    if keys == {"take", "space"}:
        return TAKES[_int(data, "take", N_TOWN, "a town tile number")][_int(data, "space", BOARD_SPACES,
                                                                            "a corkboard space")]
    if "note" in keys and keys <= {"note", "drop"}:
        card = _int(data, "note", MARKET_SIZE, "a market position")
        drop = -1 if data.get("drop") is None else _int(data, "drop", MEMORY_SLOTS, "a memory slot")
        return NOTES[card][drop + 1]
    if keys == {"skip"} and data["skip"] is True:
        return SKIP
    if keys == {"send", "flip"}:
        return SENDS[_int(data, "send", MEMORY_SLOTS, "a memory slot")][_int(data, "flip", BOARD_SPACES,
                                                                            "a corkboard space")]
    if keys == {"done"} and data["done"] is True:
        return DONE
    raise NotationError(f"Unknown Letters Home move {data!r}: use go, take+space, note(+drop), skip, "
                        "send+flip or done.")


def to_text(move) -> str:
    cls = move.__class__
    if cls is Go:
        return f"go {STOP_NAMES[move.stop]}"
    if cls is Take:
        return f"take {tile_name(move.tile)} {move.space + 1}"
    if cls is Note:
        return f"note {move.card + 1}" + (f" drop {move.drop + 1}" if move.drop >= 0 else "")
    if cls is Skip:
        return "skip"
    if cls is Send:
        return f"send {move.slot + 1} {move.space + 1}"
    return "done"


HINT = ("Type: go b2-b3 (move to the stop between two tiles), take b2 5 (take town tile b2 to corkboard "
        "space 5), note 3 (or note 3 drop 1), skip, send 2 7 (memory slot 2, flipping space 7), or done.")


def _number(word: str, upper: int, what: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= upper:
        raise NotationError(f"'{word}' is not {what}: use 1 to {upper}.")
    return int(word) - 1


def parse(text: str):
    words = str(text).strip().lower().split()
    if not words:
        raise NotationError(f"Nothing typed. {HINT}")
    verb, rest = words[0], words[1:]
    try:
        if verb == "go" and len(rest) == 1:
            return GOS[parse_stop(rest[0])]
        if verb == "take" and len(rest) == 2:
            return TAKES[parse_tile_name(rest[0])][_number(rest[1], BOARD_SPACES, "a corkboard space")]
    except ValueError as exc:
        raise NotationError(f"{exc}.") from None
    if verb == "note" and len(rest) in (1, 3):
        card = _number(rest[0], MARKET_SIZE, "a market card")
        drop = -1
        if len(rest) == 3:
            if rest[1] not in ("drop", "let-go"):
                raise NotationError(f"Write 'note {rest[0]} drop <slot>' to let go of a memory. {HINT}")
            drop = _number(rest[2], MEMORY_SLOTS, "a memory slot")
        return NOTES[card][drop + 1]
    if verb == "skip" and not rest:
        return SKIP
    if verb == "send" and len(rest) == 2:
        return SENDS[_number(rest[0], MEMORY_SLOTS, "a memory slot")][_number(rest[1], BOARD_SPACES,
                                                                             "a corkboard space")]
    if verb == "done" and not rest:
        return DONE
    raise NotationError(f"Cannot read '{text}'. {HINT}")
