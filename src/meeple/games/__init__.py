"""The game registry: the only way the server, bots, adapters and analysis reach a game.

Each entry maps a game id to "module:attribute" of its `Game` instance; modules
are imported on first use so that listing games stays cheap.
"""

from __future__ import annotations

import os
from importlib import import_module

from meeple.engine import Game, UnknownGame

_REGISTRY: dict[str, str] = {
    "picnic": "meeple.games.picnic:GAME",
    "vent_life": "meeple.games.vent_life:GAME",
    "wizard": "meeple.games.wizard:GAME",
    "ninety_nine": "meeple.games.ninety_nine:GAME",
    "letters_home": "meeple.games.letters_home:GAME",
    "toy_battle": "meeple.games.toy_battle:GAME",
    "turing_machine": "meeple.games.turing_machine:GAME",
    "assyria": "meeple.games.assyria:GAME",
    "digging_for_dinos": "meeple.games.digging_for_dinos:GAME",
    "living_forest": "meeple.games.living_forest:GAME",
    "relative_space": "meeple.games.relative_space:GAME",
    "draft_and_write_records": "meeple.games.draft_and_write_records:GAME",
}

_loaded: dict[str, Game] = {}

#: Extra games named outside the package, "id=module:attribute" separated by commas;
#: the tests use it to serve their toy games from a `meeple serve` subprocess.
EXTRA_GAMES_ENV = "MEEPLE_EXTRA_GAMES"


def register(game_id: str, target: str) -> None:
    """Add a game by "module:attribute" (the tests' toy games); the shipped games are listed above."""
    if ":" not in target:
        raise ValueError(f"A game is registered as 'module:attribute', not {target!r}.")
    _REGISTRY[game_id] = target
    _loaded.pop(game_id, None)


def unregister(game_id: str) -> None:
    _REGISTRY.pop(game_id, None)
    _loaded.pop(game_id, None)


for _entry in filter(None, os.environ.get(EXTRA_GAMES_ENV, "").split(",")):
    _id, _, _target = _entry.partition("=")
    register(_id.strip(), _target.strip())


def ids() -> list[str]:
    return list(_REGISTRY)


def get(game_id: str) -> Game:
    """The game with this id; UnknownGame (with the list of ids) otherwise."""
    if game_id not in _REGISTRY:
        raise UnknownGame(f"Unknown game '{game_id}'. Games: {', '.join(_REGISTRY)}.")
    if game_id not in _loaded:
        module, attr = _REGISTRY[game_id].split(":")
        _loaded[game_id] = getattr(import_module(module), attr)
    return _loaded[game_id]


def all() -> list[Game]:  # noqa: A001 - the name the design asks for
    return [get(game_id) for game_id in _REGISTRY]
