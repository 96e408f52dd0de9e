"""Assyria's moves and their notation, declared once (docs/games/assyria.md, "Notation and JSON", lists
every move's text and JSON).

Hexes are named by column letter (a..j, west to east) and place in the column
from the top (a1..a6); wells by number (w1..w58); food cards by food and
symbols (grape2, wild) or plow.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, ints, move_kind, moves_of, names, plain_move

from .components import DIGNITARY_NAMES, HEX_LABEL, KIND_NAMES, N_KINDS, N_WELLS

PLOW_KIND = N_KINDS  # Use(PLOW_KIND) spends the plow card
USE_NAMES = (*KIND_NAMES, "plow")

_HEX = names(HEX_LABEL, what="a hex such as a1 .. j6")
_CARD = names(KIND_NAMES, what="a food card: one of " + ", ".join(KIND_NAMES))


def _counted(n: int, what: str) -> Field:
    """0..n-1, written from 1 in JSON and text."""
    return Field(range(n), dump=lambda v: v + 1, what=f"{what} from 1 to {n}")


@move_kind(key="start", hex=_HEX)
class Start(NamedTuple):
    hex: int


@move_kind(key="draft", kind=_CARD)
class Draft(NamedTuple):
    kind: int


@move_kind(key="column", col=_counted(5, "a column"))
class Column(NamedTuple):
    col: int


@move_kind(key="hut", hex=_HEX)
class Hut(NamedTuple):
    hex: int


@move_kind(key="use", kind=names(USE_NAMES, what="a food card or plow: one of " + ", ".join(USE_NAMES)))
class Use(NamedTuple):
    kind: int


@move_kind(key="feed", hex=_HEX)
class Feed(NamedTuple):
    hex: int


@move_kind(key="well", well=_counted(N_WELLS, "a well"))
class Well(NamedTuple):
    well: int


NoWell, NO_WELL = plain_move("NoWell", key="no_well", word="no-well", aliases=("nowell", "pass-well"))


@move_kind(key="build", hex=_HEX)
class Build(NamedTuple):
    hex: int


@move_kind(key="extend", hex=_HEX)
class Extend(NamedTuple):
    hex: int


@move_kind(key="assur", level=names(DIGNITARY_NAMES, what="higher, middle or lower"))
class Assur(NamedTuple):
    level: int


@move_kind(key="offer", camels=ints(1, 3, what="an offering from 1 to 3"))
class Offer(NamedTuple):
    camels: int


@move_kind(key="buy", kind=_CARD)
class Buy(NamedTuple):
    kind: int


Plow, PLOW = plain_move("Plow", key="plow")
Done, DONE = plain_move("Done", key="done", aliases=("pass",))


# Interned moves: legal_moves hands out these objects only.
START, DRAFT, COLUMN, HUT, USE = moves_of(Start), moves_of(Draft), moves_of(Column), moves_of(Hut), moves_of(Use)
FEED, WELL, BUILD, EXTEND, ASSUR = moves_of(Feed), moves_of(Well), moves_of(Build), moves_of(Extend), moves_of(Assur)
OFFER = moves_of(Offer)  # OFFER[i] offers i + 1 camels
BUY = moves_of(Buy)

_HINT = ("Moves: start b1, draft salt2, column 2, hut c3, use grape2 (or use plow), feed c3, well 12, no-well, "
         "build c3, extend c3, assur higher|middle|lower, offer 1-3, buy date1, plow, done.")
NOTATION = Notation("Assyria", Start, Draft, Column, Hut, Use, Feed, Well, NoWell, Build, Extend, Assur, Offer,
                    Buy, Plow, Done, hint=_HINT, separators="")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
