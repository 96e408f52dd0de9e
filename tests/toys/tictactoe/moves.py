"""Tic-tac-toe's one move: `Mark(cell)`, cells 0 to 8 row by row from the top left.

Text "a1" to "c3" (column letter, row number from the top); JSON {"mark": cell}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind


@move_kind
class Mark(NamedTuple):
    cell: int


MARKS = tuple(Mark(c) for c in range(9))  # interned: legal_moves builds no new moves
_HINT = 'A tic-tac-toe move is a cell "a1" to "c3" (column, then row), or {"mark": 0} to {"mark": 8}.'


def to_json(move) -> dict:
    return {"mark": move.cell}


def from_json(data):
    if isinstance(data, dict) and len(data) == 1 and type(data.get("mark")) is int and 0 <= data["mark"] < 9:
        return MARKS[data["mark"]]
    raise NotationError(f"Unknown tic-tac-toe move {data!r}. {_HINT}")


def to_text(move) -> str:
    return "abc"[move.cell % 3] + str(move.cell // 3 + 1)


def parse(text: str):
    word = str(text).strip().lower()
    if len(word) == 2 and word[0] in "abc" and word[1] in "123":
        return MARKS[(int(word[1]) - 1) * 3 + "abc".index(word[0])]
    raise NotationError(f"Cannot read '{text}'. {_HINT}")
