"""The greedy bot: the move with the best immediate change on the score sheet.

A turn may take several moves (Picnic: take a tile, then place it), so the bot
looks ahead through its own moves until its turn ends. A move whose outcome the
seat cannot see (`hides_outcome`: a tile's underside, a draw) is valued by
averaging over a few determinizations, drawn once per decision and shared by
every such move, so the bot never peeks. The value of a position is the seat's
score minus the best other score, plus the game's small `heuristic`; a finished
solo game also counts whether its goal was reached. Exact ties are broken at random.

The bot is handed the true state, but reads it only as its seat may: its own
legal moves, the totals as the seat sees them (`seat_scores`), the `heuristic` (which the
contract limits to the seat's view) and `determinize`. The bot tests check that
two worlds the seat cannot tell apart get the same choice under one seed.
"""

from __future__ import annotations

from meeple.engine import IMPERFECT
from meeple.engine.game import hot_calls

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
        decision = Decision(game, state, seat, rng, self.samples)
        best, best_value = [], None
        for move in moves:
            value = decision.move_value(state, (), move, self.depth)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)

    @staticmethod
    def evaluate(game, state, seat) -> float:
        if game.is_over(state):
            outcome = game.outcome(state)  # at the end everything is shown: no peeking
            if outcome.is_solo:
                return outcome.scores[0] + (SOLO_GOAL if outcome.ranks[0] == 1 else 0.0)
        totals = game.seat_scores(state, seat)
        others = max((t for s, t in enumerate(totals) if s != seat), default=0)
        return totals[seat] - others + game.heuristic(state, seat)


class Decision:
    """One choice of the greedy bot. The sampled worlds are drawn once, the first time a move needs
    them, and every such move is valued in the same worlds: fewer determinizations, and moves
    compared on the same luck."""

    def __init__(self, game, root, seat, rng, samples: int) -> None:
        self.game, self.root, self.seat, self.rng, self.samples = game, root, seat, rng, samples
        self._worlds: list | None = None
        self.advance = hot_calls(game)[2]  # the moves tried are never logged: no log lines where the game allows

    def worlds(self) -> list:
        if self._worlds is None:
            self._worlds = [self.game.determinize(self.root, self.seat, self.rng) for _ in range(self.samples)]
        return self._worlds

    def move_value(self, state, path: tuple, move, depth: int) -> float:
        """The value of `move` at `state`, reached from the root by the seat's own moves `path`."""
        game, seat = self.game, self.seat
        if game.hides_outcome(state, seat, move):
            return self._over_worlds(path, move, depth)
        after = game.clone(state)
        self.advance(after, seat, move)
        if game.information == IMPERFECT and game.is_over(after):
            return self._over_worlds(path, move, depth)  # the end shows every hidden part: no peeking
        return self.best(after, path + (move,), depth - 1)

    def _over_worlds(self, path: tuple, move, depth: int) -> float:
        game, seat = self.game, self.seat
        total = 0.0
        worlds = self.worlds()
        for world in worlds:
            after = game.clone(world)
            for earlier in path:  # the seat's own moves so far: legal in every world it cannot tell apart
                self.advance(after, seat, earlier)
            self.advance(after, seat, move)
            total += self.best(after, None, depth - 1)
        return total / len(worlds)

    def best(self, state, path: tuple | None, depth: int) -> float:
        """The best the seat can make of `state` within `depth` of its own moves. `path` is None inside
        a sampled world, where nothing more is sampled."""
        game, seat = self.game, self.seat
        if depth <= 0 or seat not in game.to_move(state):
            return GreedyBot.evaluate(game, state, seat)
        if path is None:
            return max(self._in_world(state, move, depth) for move in game.legal_moves(state, seat))
        return max(self.move_value(state, path, move, depth) for move in game.legal_moves(state, seat))

    def _in_world(self, world, move, depth: int) -> float:
        after = self.game.clone(world)
        self.advance(after, self.seat, move)
        return self.best(after, None, depth - 1)
