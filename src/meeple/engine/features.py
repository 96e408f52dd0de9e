"""Blocks that games' learner features (`Features.encode`, a game's features.py) build alike.

Each returns a list of floats to append to the vector; `Features.one_hot`, `scaled` and
`seat_order` are the other pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any


def many_hot(indices: Iterable[int], size: int) -> list[float]:
    """`size` zeros with a 1 at each of `indices` (a set of cards, goals, memories)."""
    out = [0.0] * size
    for i in indices:
        out[i] = 1.0
    return out


def tally(indices: Iterable[int], size: int, each: float = 1.0) -> list[float]:
    """`size` zeros with `each` added at an index for every time it comes (copies of a card)."""
    out = [0.0] * size
    for i in indices:
        out[i] += each
    return out


def slots(items: Sequence[Any], k: int, encode: Callable[[Any], list[float]]) -> list[float]:
    """A fixed number `k` of places: `encode(item)` for each item there, `encode(None)` for each empty place."""
    out: list[float] = []
    for i in range(k):
        out += encode(items[i] if i < len(items) else None)
    return out


def one_of(value: Any, options: Sequence[Any]) -> list[float]:
    """One-hot of `value`'s place among `options` (a phase among the phases); ValueError if not there."""
    out = [0.0] * len(options)
    out[options.index(value)] = 1.0
    return out
