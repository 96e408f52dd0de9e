"""Assyria's moves and their notation.

Hexes are named by column letter (a..j, west to east) and place in the column
from the top (a1..a6); wells by number (w1..w58); food cards by food and
symbols (grape2, wild) or plow.

| move | text | JSON |
| --- | --- | --- |
| `Start(hex)`: first ziggurat | `start b1` | `{"start": "b1"}` |
| `Draft(kind)`: the opening food card | `draft salt2` | `{"draft": "salt2"}` |
| `Column(col)`: harvest a column | `column 2` | `{"column": 2}` (1-based) |
| `Hut(hex)`: a new hut | `hut c3` | `{"hut": "c3"}` |
| `Use(kind)`: resupply with a card | `use grape2`, `use plow` | `{"use": "grape2"}` |
| `Feed(hex)`: which hut it feeds | `feed c3` | `{"feed": "c3"}` |
| `Well(well)`: a well | `well 12` | `{"well": 12}` |
| `NoWell()`: no more wells | `no-well` | `{"no_well": true}` |
| `Build(hex)`: a ziggurat on a hut | `build c3` | `{"build": "c3"}` |
| `Extend(hex)`: the next level | `extend c3` | `{"extend": "c3"}` |
| `Assur(level)`: a hut on a dignitary | `assur higher` | `{"assur": "higher"}` |
| `Offer(camels)`: up the offerings track | `offer 2` | `{"offer": 2}` |
| `Buy(kind)`: a food card left in the rows | `buy date1` | `{"buy": "date1"}` |
| `Plow()`: buy a plow card | `plow` | `{"plow": true}` |
| `Done()`: end the actions | `done` | `{"done": true}` |
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind

from .components import DIGNITARY_NAMES, HEX_LABEL, KIND_NAMES, LABEL_HEX, N_HEXES, N_KINDS, N_WELLS

PLOW_KIND = N_KINDS  # Use(PLOW_KIND) spends the plow card


@move_kind
class Start(NamedTuple):
    hex: int


@move_kind
class Draft(NamedTuple):
    kind: int


@move_kind
class Column(NamedTuple):
    col: int


@move_kind
class Hut(NamedTuple):
    hex: int


@move_kind
class Use(NamedTuple):
    kind: int


@move_kind
class Feed(NamedTuple):
    hex: int


@move_kind
class Well(NamedTuple):
    well: int


@move_kind
class NoWell(NamedTuple):
    pass


@move_kind
class Build(NamedTuple):
    hex: int


@move_kind
class Extend(NamedTuple):
    hex: int


@move_kind
class Assur(NamedTuple):
    level: int


@move_kind
class Offer(NamedTuple):
    camels: int


@move_kind
class Buy(NamedTuple):
    kind: int


@move_kind
class Plow(NamedTuple):
    pass


@move_kind
class Done(NamedTuple):
    pass


# Interned moves: legal_moves hands out these objects only.
START = tuple(Start(h) for h in range(N_HEXES))
DRAFT = tuple(Draft(k) for k in range(N_KINDS))
COLUMN = tuple(Column(c) for c in range(5))
HUT = tuple(Hut(h) for h in range(N_HEXES))
USE = tuple(Use(k) for k in range(N_KINDS + 1))
FEED = tuple(Feed(h) for h in range(N_HEXES))
WELL = tuple(Well(w) for w in range(N_WELLS))
NO_WELL = NoWell()
BUILD = tuple(Build(h) for h in range(N_HEXES))
EXTEND = tuple(Extend(h) for h in range(N_HEXES))
ASSUR = tuple(Assur(level) for level in range(3))
OFFER = (None, Offer(1), Offer(2), Offer(3))
BUY = tuple(Buy(k) for k in range(N_KINDS))
PLOW = Plow()
DONE = Done()

_HEX_KINDS = {"start": START, "hut": HUT, "feed": FEED, "build": BUILD, "extend": EXTEND}
_CARD_KINDS = {"draft": DRAFT, "buy": BUY}
USE_NAMES = (*KIND_NAMES, "plow")
_HINT = ("Moves: start b1, draft salt2, column 2, hut c3, use grape2 (or use plow), feed c3, well 12, no-well, "
         "build c3, extend c3, assur higher|middle|lower, offer 1-3, buy date1, plow, done.")


def _hex(word: str) -> int:
    if word not in LABEL_HEX:
        raise NotationError(f"'{word}' is not a hex: name one like a1 .. j6. {_HINT}")
    return LABEL_HEX[word]


def _kind(word: str, names=KIND_NAMES) -> int:
    if word not in names:
        raise NotationError(f"'{word}' is not a food card: one of {', '.join(names)}. {_HINT}")
    return names.index(word)


def _number(word, low: int, high: int, what: str) -> int:
    if isinstance(word, bool) or not (isinstance(word, int) or (isinstance(word, str) and word.isdigit())):
        raise NotationError(f"{what} must be a number from {low} to {high}, not {word!r}. {_HINT}")
    value = int(word)
    if not low <= value <= high:
        raise NotationError(f"{what} must be from {low} to {high}, not {value}. {_HINT}")
    return value


def to_json(move) -> dict:
    cls = move.__class__
    if cls in (Start, Hut, Feed, Build, Extend):
        return {cls.__name__.lower(): HEX_LABEL[move.hex]}
    if cls is Draft:
        return {"draft": KIND_NAMES[move.kind]}
    if cls is Buy:
        return {"buy": KIND_NAMES[move.kind]}
    if cls is Use:
        return {"use": USE_NAMES[move.kind]}
    if cls is Column:
        return {"column": move.col + 1}
    if cls is Well:
        return {"well": move.well + 1}
    if cls is NoWell:
        return {"no_well": True}
    if cls is Assur:
        return {"assur": DIGNITARY_NAMES[move.level]}
    if cls is Offer:
        return {"offer": move.camels}
    if cls is Plow:
        return {"plow": True}
    if cls is Done:
        return {"done": True}
    raise NotationError(f"Not an Assyria move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError(f"An Assyria move is an object with one key, not {data!r}. {_HINT}")
    (key, value), = data.items()
    if key in _HEX_KINDS:
        if not isinstance(value, str):
            raise NotationError(f"'{key}' takes a hex name such as \"c3\". {_HINT}")
        return _HEX_KINDS[key][_hex(value)]
    if key in _CARD_KINDS:
        if not isinstance(value, str):
            raise NotationError(f"'{key}' takes a card name such as \"grape2\". {_HINT}")
        return _CARD_KINDS[key][_kind(value)]
    if key == "use":
        if not isinstance(value, str):
            raise NotationError(f"'use' takes a card name such as \"grape2\" or \"plow\". {_HINT}")
        return USE[_kind(value, USE_NAMES)]
    if key == "column":
        return COLUMN[_number(value, 1, 5, "A column") - 1]
    if key == "well":
        return WELL[_number(value, 1, N_WELLS, "A well") - 1]
    if key == "offer":
        return OFFER[_number(value, 1, 3, "An offering")]
    if key == "assur":
        if value not in DIGNITARY_NAMES:
            raise NotationError(f"'assur' takes higher, middle or lower, not {value!r}. {_HINT}")
        return ASSUR[DIGNITARY_NAMES.index(value)]
    if key in ("no_well", "plow", "done") and value is True:
        return {"no_well": NO_WELL, "plow": PLOW, "done": DONE}[key]
    raise NotationError(f"Unknown Assyria move {data!r}. {_HINT}")


def to_text(move) -> str:
    cls = move.__class__
    if cls in (Start, Hut, Feed, Build, Extend):
        return f"{cls.__name__.lower()} {HEX_LABEL[move.hex]}"
    if cls is Draft:
        return f"draft {KIND_NAMES[move.kind]}"
    if cls is Buy:
        return f"buy {KIND_NAMES[move.kind]}"
    if cls is Use:
        return f"use {USE_NAMES[move.kind]}"
    if cls is Column:
        return f"column {move.col + 1}"
    if cls is Well:
        return f"well {move.well + 1}"
    if cls is NoWell:
        return "no-well"
    if cls is Assur:
        return f"assur {DIGNITARY_NAMES[move.level]}"
    if cls is Offer:
        return f"offer {move.camels}"
    if cls is Plow:
        return "plow"
    if cls is Done:
        return "done"
    raise NotationError(f"Not an Assyria move: {move!r}.")


def parse(text: str):
    words = str(text).strip().lower().split()
    if not words:
        raise NotationError(f"Type a move. {_HINT}")
    head, rest = words[0], words[1:]
    if len(words) == 1:
        if head in ("no-well", "nowell", "pass-well"):
            return NO_WELL
        if head == "plow":
            return PLOW
        if head in ("done", "pass"):
            return DONE
        raise NotationError(f"Cannot read '{text}'. {_HINT}")
    if len(rest) != 1:
        raise NotationError(f"Cannot read '{text}': one word after '{head}'. {_HINT}")
    arg = rest[0]
    key = "no_well" if head == "no-well" else head
    if key in _HEX_KINDS or key in _CARD_KINDS or key in ("use", "assur"):
        return from_json({key: arg})
    if key in ("column", "well", "offer"):
        return from_json({key: _number(arg, 1, N_WELLS if key == "well" else 5 if key == "column" else 3,
                                       f"A{'n' if key == 'offer' else ''} {key}")})
    raise NotationError(f"Cannot read '{text}'. {_HINT}")
