"""Every hidden part of a finished game, for its replay (issue 35).

The engine shows a position only as one viewer sees it (`Game.view`); once the game is over all of it
may be shown. A view seen by all is one seat's view with every seat's own parts filled in from that
seat's view: wherever a list holds one entry per seat (hands, bid cards, racks, private goals), entry
j is completed from seat j's view where the base view hides it (null, "hidden" or a key left out).
Public parts are alike in every view, so they stay as they are; the base seat keeps what only it is
shown (its top-level hand, its choices), which the board draws as "mine".
"""

from __future__ import annotations

from typing import Any


def _fuller(mine: Any, theirs: Any) -> Any:
    """`mine` (what the base view says of a seat's part) completed from `theirs` (that seat's own)."""
    if mine is None or mine == "hidden":
        return mine if theirs is None else theirs
    if isinstance(mine, dict) and isinstance(theirs, dict):
        out = dict(mine)
        for key, value in theirs.items():
            out[key] = _fuller(mine[key], value) if key in mine else value
        return out
    return mine


def seen_by_all(base: Any, views: list) -> Any:
    """`base` (a view of the position) with each seat's parts filled in from `views[seat]`."""
    players = len(views)

    def walk(node: Any, others: list) -> Any:  # others: each seat's view at the same place
        if isinstance(node, dict):
            return {k: walk(v, [o.get(k) if isinstance(o, dict) else None for o in others]) for k, v in node.items()}
        if isinstance(node, list):
            alike = [o if isinstance(o, list) and len(o) == len(node) else None for o in others]
            out = [walk(x, [o[i] if o is not None else None for o in alike]) for i, x in enumerate(node)]
            if len(node) == players:
                out = [x if (own := alike[j]) is None else _fuller(x, own[j]) for j, x in enumerate(out)]
            return out
        return node

    return walk(base, views)
