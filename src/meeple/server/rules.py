"""Each game's page in the hall: the text of docs/games/<game>.md, for the table's Rules link.

The pages live in the source tree beside the package (docs/games), so a hall run from a
checkout (`meeple serve`, `make run`) has them; an install without the tree answers 404
with a clear message instead of a page. The client renders the Markdown itself, as text
nodes only (src/meeple/web/js/rules.js), so nothing in a page can run as script.
"""

from __future__ import annotations

from pathlib import Path

from meeple import games

from .errors import ApiError

DOCS_DIR = Path(__file__).resolve().parents[3] / "docs" / "games"


def page_path(game_id: str) -> Path:
    return DOCS_DIR / f"{game_id.replace('_', '-')}.md"


def rules_body(game_id: str) -> dict:
    """{"game", "name", "markdown"} for a registered game; ApiError 404 for any other id."""
    if game_id not in games.ids():
        raise ApiError(404, "not_found", f"There is no game called {game_id!r}.")
    path = page_path(game_id)
    if not path.is_file():
        raise ApiError(404, "not_found", "This hall was installed without the games' rules pages.")
    return {"game": game_id, "name": games.get(game_id).name, "markdown": path.read_text(encoding="utf-8")}
