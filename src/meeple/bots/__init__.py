"""Bots, generic over the engine contract. `get(level)` gives a bot by name."""

from __future__ import annotations

from meeple.engine import MeepleError

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

_LEVELS = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def levels() -> list[str]:
    return list(_LEVELS)


def get(level: str) -> Bot:
    """A new bot of this level; MeepleError naming the levels otherwise."""
    if level not in _LEVELS:
        raise MeepleError(f"Unknown bot '{level}'. Bots: {', '.join(_LEVELS)}.")
    return _LEVELS[level]()


__all__ = ["Bot", "GreedyBot", "RandomBot", "get", "levels"]
