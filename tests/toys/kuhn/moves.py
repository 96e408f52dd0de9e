"""Kuhn poker's moves: `Pass()` (check, or fold facing a bet) and `Bet()` (bet, or call facing one).

Text "pass" (or "p") and "bet" (or "b"); JSON {"pass": true} and {"bet": true}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind


@move_kind
class Pass(NamedTuple):
    pass


@move_kind
class Bet(NamedTuple):
    pass


PASS, BET = Pass(), Bet()
_HINT = 'A Kuhn poker move is {"pass": true} or {"bet": true}.'


def to_json(move) -> dict:
    return {"bet": True} if move.__class__ is Bet else {"pass": True}


def from_json(data):
    if data == {"pass": True}:
        return PASS
    if data == {"bet": True}:
        return BET
    raise NotationError(f"Unknown Kuhn poker move {data!r}. {_HINT}")


def to_text(move) -> str:
    return "bet" if move.__class__ is Bet else "pass"


def parse(text: str):
    word = str(text).strip().lower()
    if word in ("pass", "p"):
        return PASS
    if word in ("bet", "b"):
        return BET
    raise NotationError(f"Cannot read '{text}'. Type pass (p) or bet (b).")
