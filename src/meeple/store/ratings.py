"""Ratings of the hall's players: OpenSkill's Plackett-Luce model, one rating per player per game.

Pure arithmetic, no I/O: the store calls `rate` inside the transaction that stores the move which
ended a rated table, so each finished table changes the ratings exactly once.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU = MODEL.mu          # a new player's rating (25, with sigma 25/3)
SIGMA = MODEL.sigma


def shown(mu: float, sigma: float) -> float:
    """The number the hall shows and ranks by: mu - 3 sigma (OpenSkill's ordinal), rounded."""
    return round(mu - 3 * sigma, 2)


Rating = tuple[float, float]  # (mu, sigma)


def rate(players: list[str], ranks: list[int], before: dict[str, Rating]) -> dict[str, Rating]:
    """New (mu, sigma) of each player from one finished table.

    `players[seat]` holds the seat; `ranks[seat]` is its place (1 the best, tied seats share one).
    A player that held several seats (two greedy bots, a hot-seat game) plays each seat as its own
    copy and takes the mean of the copies' updates, as `meeple tournament` does."""
    teams = [[MODEL.rating(mu=before[p][0], sigma=before[p][1])] for p in players]
    updated = MODEL.rate(teams, ranks=list(ranks))
    out: dict[str, Rating] = {}
    for player in dict.fromkeys(players):
        copies = [team[0] for team, p in zip(updated, players) if p == player]
        out[player] = (sum(c.mu for c in copies) / len(copies), sum(c.sigma for c in copies) / len(copies))
    return out
