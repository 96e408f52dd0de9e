"""Wizard's scoring: an exact prediction scores 20 plus 10 per trick, a miss loses 10 per trick off."""

from __future__ import annotations

EXACT_BONUS = 20
PER_TRICK = 10
PER_TRICK_OFF = 10


def round_points(bid: int, tricks: int) -> int:
    if bid == tricks:
        return EXACT_BONUS + PER_TRICK * tricks
    return -PER_TRICK_OFF * abs(bid - tricks)

