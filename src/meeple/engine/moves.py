"""Move identity, owned by the engine: a move of one kind never equals a move of another.

Games define their moves as small NamedTuples (fast to hash, interned by the
game) and mark each class with `@move_kind`. A plain NamedTuple is a tuple, so
`Trump(0) == Bid(0)` would hold and `move in legal_moves` would let a bid pass
as a trump; `move_kind` makes equality include the class. Hashing stays the
tuple's own (the search trees hash moves at every step): two kinds with the
same fields share a hash bucket but never compare equal.

`Game.play` and `Game.preview` also compare kinds themselves (`same_move`), so
even a game that forgot the decorator cannot accept a foreign move; the
contract tests fail any game whose moves of two kinds compare equal.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def _eq(self, other) -> bool:
    return self.__class__ is other.__class__ and tuple.__eq__(self, other)


def _ne(self, other) -> bool:
    return self.__class__ is not other.__class__ or tuple.__ne__(self, other)


def move_kind(cls: T) -> T:
    """Class decorator for a NamedTuple move type: equal only to moves of the same class."""
    if not issubclass(cls, tuple):
        raise TypeError(f"@move_kind is for NamedTuple move types; {cls.__name__} is not a tuple "
                        "(a frozen dataclass already compares its class).")
    cls.__eq__ = _eq  # type: ignore[method-assign]
    cls.__ne__ = _ne  # type: ignore[method-assign]
    cls.__hash__ = tuple.__hash__  # type: ignore[method-assign]
    cls.__move_kind__ = True  # type: ignore[attr-defined]
    return cls


def same_move(a: Any, b: Any) -> bool:
    """True when `a` and `b` are the same move: same class and equal fields."""
    return a.__class__ is b.__class__ and a == b


def is_among(move: Any, moves: Iterable[Any]) -> bool:
    """`move in moves`, comparing kinds too (identity first: legal moves are interned)."""
    kind = move.__class__
    for m in moves:
        if m is move or (m.__class__ is kind and m == move):
            return True
    return False
