"""Bots, generic over the engine contract. `get(level)` gives a bot by name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from meeple.engine import MeepleError

from .base import Bot
from .greedy import GreedyBot
from .ismcts import TUNABLE, IsmctsBot, check_settings
from .random_bot import RandomBot

# Search levels: iteration budgets keep a seeded game reproducible; search3 also
# stops after 0.9 s of CPU time so it answers within a second on one core, and
# guides half its rollout moves greedily and keeps sampling fresh worlds as it goes, and where a
# decision has many moves (16 or more) it searches them in the order greedy values them, and where a game
# offers its own deduction (Turing Machine) it plays from the seat's belief; a game may have the other seats
# in its tree play greedy's choice (greedy_opponents in its search_hints: Relative Space at four or more).
_LEVELS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search1": partial(IsmctsBot, iterations=50, name="search1"),
    "search2": partial(IsmctsBot, iterations=300, worlds=64, name="search2"),
    "search3": partial(IsmctsBot, iterations=10000, worlds=64, world_reuse=4, seconds=0.9, rollout="greedy",
                       prior_weight=1.0, prior_min_moves=16, belief=True, name="search3"),
}


def levels() -> list[str]:
    return list(_LEVELS)


def get(level: str) -> Bot:
    """A new bot of this level; MeepleError naming the levels otherwise.

    For measurements a search level may name its own CPU limit per decision:
    "search3@0.3" is search3 stopping after 0.3 s (its iteration budget lifted), and
    change search settings after a "+": "search3@0.3+prior_weight=0" (for paired comparisons); a
    setting named so is played as named, over the game's own search hints."""
    level_and_time, *changes = level.split("+")
    name, sep, seconds = level_and_time.partition("@")
    if name not in _LEVELS:
        raise MeepleError(f"Unknown bot '{level}'. Bots: {', '.join(_LEVELS)}.")
    bot = _LEVELS[name]()
    if sep:
        try:
            limit = float(seconds)
        except ValueError:
            limit = 0.0
        if not isinstance(bot, IsmctsBot) or not 0 < limit <= 60:
            raise MeepleError(f"'{level}': only a search level takes a time limit, in seconds up to 60 "
                              "(for example search3@0.3).")
        bot.seconds, bot.iterations = limit, 10 ** 9
        bot.name = level
    if changes:
        if not isinstance(bot, IsmctsBot):
            raise MeepleError(f"'{level}': only a search level takes search settings.")
        for change in changes:
            _set(bot, level, change)
        bot.name = level
    return bot


def _set(bot: IsmctsBot, level: str, change: str) -> None:
    """One `name=value` search setting (a number where it reads as one, None for "none")."""
    key, sep, text = change.partition("=")
    if not sep or key not in TUNABLE + ("worlds", "world_reuse"):
        raise MeepleError(f"'{level}': {change!r} is not NAME=VALUE with NAME one of "
                          f"{', '.join(TUNABLE + ('worlds', 'world_reuse'))}.")
    value: object = None if text.lower() == "none" else text
    for kind in (int, float):
        try:
            value = kind(text)
            break
        except ValueError:
            pass
    setattr(bot, key, value)
    bot.pinned = bot.pinned | {key}
    try:
        check_settings(bot)
    except ValueError as error:
        raise MeepleError(f"'{level}': {error}") from None


__all__ = ["Bot", "GreedyBot", "IsmctsBot", "RandomBot", "get", "levels"]
