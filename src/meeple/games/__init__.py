"""The game registry: the only way the server, bots, adapters and analysis reach a game.

Each entry maps a game id to "module:attribute" of its `Game` instance; modules
are imported on first use so that listing games stays cheap.
"""

from __future__ import annotations

from importlib import import_module

from meeple.engine import Game, UnknownGame

_REGISTRY: dict[str, str] = {
    "picnic": "meeple.games.picnic:GAME",
    "vent_life": "meeple.games.vent_life:GAME",
    "wizard": "meeple.games.wizard:GAME",
    "ninety_nine": "meeple.games.ninety_nine:GAME",
    "letters_home": "meeple.games.letters_home:GAME",
}

_loaded: dict[str, Game] = {}


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
