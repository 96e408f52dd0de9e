"""The greedy bot: the move with the best immediate change on the score sheet.

A turn may take several moves (Picnic: take a tile, then place it), so the bot
looks ahead through its own moves until its turn ends. A move that reveals
something (a tile's underside, a card) is valued by averaging over a few
determinizations, so the bot never peeks. The value of a position is the seat's
score minus the best other score, plus the game's small `heuristic`; a finished
solo game also counts whether its goal was reached. Exact ties are broken at random.

The bot is handed the true state, but reads it only as its seat may: its own
legal moves, the score sheet as the seat sees it, the `heuristic` (which the
contract limits to the seat's view) and `determinize`. The bot tests check that
two worlds the seat cannot tell apart get the same choice under one seed.
"""

from __future__ import annotations

from .base import Bot

#: A solo game is won or lost against its own goal (a par, a target): reaching it outweighs any points.
SOLO_GOAL = 1000.0


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, samples: int = 4, depth: int = 3) -> None:
        self.samples = samples
        self.depth = depth

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        best, best_value = [], None
        for move in moves:
            value = self._move_value(game, state, seat, move, rng, self.depth)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)

    def _move_value(self, game, state, seat, move, rng, depth):
        if game.reveals(state, seat, move):
            total = 0.0
            for _ in range(self.samples):
                world = game.determinize(state, seat, rng)
                game.apply(world, seat, move)
                total += self._best(game, world, seat, rng, depth - 1)
            return total / self.samples
        after = game.clone(state)
        game.apply(after, seat, move)
        return self._best(game, after, seat, rng, depth - 1)

    def _best(self, game, state, seat, rng, depth):
        if depth <= 0 or seat not in game.to_move(state):
            return self.evaluate(game, state, seat)
        return max(self._move_value(game, state, seat, m, rng, depth) for m in game.legal_moves(state, seat))

    @staticmethod
    def evaluate(game, state, seat) -> float:
        if game.is_over(state):
            outcome = game.outcome(state)  # at the end everything is shown: no peeking
            if outcome.is_solo:
                return outcome.scores[0] + (SOLO_GOAL if outcome.ranks[0] == 1 else 0.0)
        sheets = game.score_sheet(state, seat)
        own = sheets[seat].total
        others = max((sh.total for sh in sheets if sh.seat != seat), default=0)
        return own - others + game.heuristic(state, seat)
