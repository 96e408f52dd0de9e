"""Ninety-Nine's scoring: a point a trick, a bonus shared by the seats that made their bid, premiums.

A hand's best is 99: nine tricks, the only successful bid (30) and a revealed hand (60).
"""

from __future__ import annotations

from operator import eq

# Bonus to each seat that made its bid, by how many seats made theirs.
MADE_BONUS = {0: 0, 1: 30, 2: 20, 3: 10}
PREMIUMS = {1: 30, 2: 60}  # declare, reveal
ROUND_TARGET = 100
# Bonus to each seat that reaches the target in a round, by how many reach it (the bonus system).
ROUND_BONUS = {0: 0, 1: 30, 2: 20, 3: 10}


def hand_points(bids, tricks, premium_seat: int, premium_kind: int) -> list[int]:
    """Points of each seat for one hand."""
    made = list(map(eq, bids, tricks))
    points = list(tricks)  # a point a trick; plain loops below: every playout scores each hand here
    if True in made:
        bonus = MADE_BONUS[made.count(True)]
        for s, m in enumerate(made):
            if m:
                points[s] += bonus
    if premium_seat >= 0 and premium_kind:
        value = PREMIUMS[premium_kind]
        if made[premium_seat]:
            points[premium_seat] += value
        else:  # a failed premium is paid to each of the others
            for s in range(len(points)):
                if s != premium_seat:
                    points[s] += value
    return points


def hand_detail(seat: int, bids, tricks, premium_seat: int, premium_kind: int) -> str:
    """One seat's hand in words, for the score table."""
    made = [b == t for b, t in zip(bids, tricks)]
    parts = [f"bid {bids[seat]}, took {tricks[seat]}"]
    if made[seat]:
        parts.append(f"made: +{MADE_BONUS[sum(made)]} ({sum(made)} made)")
    if premium_seat >= 0 and premium_kind:
        value, what = PREMIUMS[premium_kind], ("declared" if premium_kind == 1 else "revealed")
        if premium_seat == seat:
            parts.append(f"{what}: +{value}" if made[seat] else f"{what} and failed: {value} to each other seat")
        elif not made[premium_seat]:
            parts.append(f"+{value}: seat {premium_seat + 1} {what} and failed")
    return "; ".join(parts)


def round_bonus(totals: list[int]) -> list[int]:
    """The end-of-round bonus: 30, 20 or 10 each to the seats at or past the target."""
    reached = [t >= ROUND_TARGET for t in totals]
    value = ROUND_BONUS[sum(reached)]
    return [value if r else 0 for r in reached]
