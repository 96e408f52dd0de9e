"""Each game's rules page for players, for the table's Rules link.

The page is the game package's how_to_play.md, shipped as package data, so a hall installed
from a wheel serves it as well as one run from a checkout. The developers' pages in docs/games
(notation, position JSON, bots) are never served. The client renders the Markdown itself, as
text nodes only (src/meeple/web/js/rules.js), so nothing in a page can run as script.
"""

from __future__ import annotations

import sys
from importlib import resources
from importlib.resources.abc import Traversable

from meeple import games

from .errors import ApiError

PAGE_NAME = "how_to_play.md"


def page_path(game_id: str) -> Traversable:
    """Where a game's players' page lives: beside the game's code, in its own package."""
    package = sys.modules[type(games.get(game_id)).__module__].__package__ or ""
    return resources.files(package) / PAGE_NAME


def rules_body(game_id: str) -> dict:
    """{"game", "name", "markdown"} for a registered game; ApiError 404 for any other id."""
    if game_id not in games.ids():
        raise ApiError(404, "not_found", f"There is no game called {game_id!r}.")
    path = page_path(game_id)
    if not path.is_file():
        raise ApiError(404, "not_found", f"There is no rules page for {games.get(game_id).name} in this hall.")
    return {"game": game_id, "name": games.get(game_id).name, "markdown": path.read_text(encoding="utf-8")}
