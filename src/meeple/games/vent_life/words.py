"""Hexes of the vent field in words for players ("2 hexes north-east of the centre"), never their
coordinates: the same words as the board's labels (web/games/vent_life.js, `where`)."""

from __future__ import annotations

import math

from .components import coords

COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def hex_words(c: int) -> str:
    """Where a hex is, seen from the first tile's hex in the middle of the field."""
    q, r = coords(c)
    distance = max(abs(q), abs(r), abs(q + r))
    if not distance:
        return "the centre hex"
    x, y = math.sqrt(3) * (q + r / 2), 1.5 * r  # as drawn: y grows downwards (south)
    eighth = round(math.atan2(y, x) / (math.pi / 4))
    return f"{'the hex' if distance == 1 else f'{distance} hexes'} {COMPASS[eighth % 8]} of the centre"
