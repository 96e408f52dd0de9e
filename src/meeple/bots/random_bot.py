"""The random bot: a uniformly random legal move."""

from __future__ import annotations

from .base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, game, state, seat, rng):
        return rng.choice(game.legal_moves(state, seat))
