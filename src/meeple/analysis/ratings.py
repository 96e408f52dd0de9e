"""OpenSkill ratings (Plackett-Luce) of bots from finished games."""

from __future__ import annotations

from openskill.models import PlackettLuce


def rate_games(games: list[tuple[list[str], list[int]]], names: list[str]) -> dict[str, dict]:
    """Rate bots from (bot per seat, ranks) in the order the games were scheduled.

    A bot that holds several seats in one game (one search bot against three
    greedy ones) plays each seat as its own copy; its new rating is the mean of
    the copies' updates, so one game still counts once per seat it held.
    """
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for seats, ranks in games:
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma, name=b)] for b in seats]
        updated = model.rate(teams, ranks=list(ranks))
        for name in dict.fromkeys(seats):
            copies = [team[0] for team, b in zip(updated, seats) if b == name]
            mu = sum(c.mu for c in copies) / len(copies)
            sigma = sum(c.sigma for c in copies) / len(copies)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    return {name: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "rating": round(r.ordinal(), 3)}
            for name, r in ratings.items()}
