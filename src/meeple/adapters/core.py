"""What the research adapters share: one game at one table size, seen as numbered actions and tensors.

Both OpenSpiel and PettingZoo want a fixed number of distinct actions, a fixed
observation size and a known game length, while the engine contract offers moves
of any shape. A `Table` bridges the two, generically over every registered game:

* Actions: the seat to act's legal moves, sorted by their notation; action `i` is
  the i-th of them. The bound on how many there can be is measured with random
  playouts (twice the most seen) unless given.
* Simultaneous phases: the engine takes the moves of a simultaneous phase one seat
  at a time anyway, and `view` hides what was chosen, so the adapters let the
  lowest seat that may act go first (sequentialised with hidden information).
* Observations: `view(state, seat)` is the only source, so nothing hidden leaks.
  Tensors are the view's JSON leaves hashed into a fixed number of buckets.
* Returns: +1 for each seat beaten, -1 for each seat that beat you, divided by
  n - 1: zero-sum in [-1, 1], a plain win/loss with two players.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from zlib import crc32

import numpy as np

from meeple import games
from meeple.engine import Game, MeepleError, Rng

DEFAULT_OBS_SIZE = 512
BOUND_PLAYOUTS = 24

_measured: dict[tuple, tuple[int, int]] = {}


@dataclass
class Table:
    """A game at a fixed player count and options, with the sizes the adapters declare."""

    game_id: str
    players: int = 0             # 0: the game's smallest table
    options: dict = field(default_factory=dict)
    max_actions: int = 0         # 0: measured
    max_length: int = 0          # 0: measured
    obs_size: int = DEFAULT_OBS_SIZE

    def __post_init__(self) -> None:
        self._game = game = games.get(self.game_id)
        if not self.players:
            self.players = max(game.min_players, 2)
        if self.players < 2:
            raise MeepleError("The research adapters need at least two players (returns are rank against rank).")
        game.setup(self.players, self.options, 0)  # bad options or player counts fail here, clearly
        if self.obs_size < 8:
            raise MeepleError("obs_size must be at least 8.")
        if not self.max_actions or not self.max_length:
            branching, length = measure_bounds(game, self.players, self.options)
            self.max_actions = self.max_actions or max(2 * branching, branching + 8)
            self.max_length = self.max_length or 2 * length + 16

    @property
    def game(self) -> Game:
        return self._game

    def __getstate__(self) -> dict:
        # Pickled positions name their game; the game object itself comes from the registry.
        return {k: v for k, v in self.__dict__.items() if k != "_game"}

    def __setstate__(self, data: dict) -> None:
        self.__dict__.update(data)
        self._game = games.get(self.game_id)

    def new_state(self, seed: int):
        return self.game.setup(self.players, self.options, seed)

    # ----- turns and actions -------------------------------------------------

    def seat_to_move(self, state) -> int | None:
        """The seat the adapters ask next: the lowest of those that may act, None when over."""
        seats = self.game.to_move(state)
        return min(seats) if seats else None

    def legal(self, state, seat: int) -> list:
        """The seat's legal moves in adapter order (sorted by notation); action i is the i-th."""
        game = self.game
        moves = sorted(game.legal_moves(state, seat), key=game.move_text)
        if len(moves) > self.max_actions:
            raise MeepleError(
                f"{game.name} offers {len(moves)} moves here, more than the {self.max_actions} actions declared; "
                f"load the adapter with a larger max_actions.")
        return moves

    # ----- what a seat sees ----------------------------------------------------

    def observation_tensor(self, state, seat: int, out) -> None:
        """Add the seat's view, hashed, into `out` (a zeroed float array of obs_size)."""
        hash_features(self.game.view(state, seat), out, self.obs_size)

    def observation(self, state, seat: int) -> tuple[str, np.ndarray]:
        """The seat's view as a JSON string and as a hashed float32 vector, from one call to `view`."""
        view = self.game.view(state, seat)
        out = np.zeros(self.obs_size, np.float32)
        hash_features(view, out, self.obs_size)
        return json.dumps(view, sort_keys=True, separators=(",", ":")), out

    # ----- results -------------------------------------------------------------

    def returns(self, state) -> list[float]:
        outcome = self.game.outcome(state)
        if outcome is None:
            return [0.0] * self.players
        return rank_returns(outcome.ranks)

    def debug_string(self, state) -> str:
        """The whole position (hidden parts included), as OpenSpiel's state string is meant to be."""
        return self.game.dumps(state)

    def key(self) -> tuple:
        return (self.game_id, self.players, json.dumps(self.options, sort_keys=True))


def rank_returns(ranks) -> list[float]:
    """Seats beaten minus seats that beat you, over n - 1: zero-sum, in [-1, 1]."""
    n = len(ranks)
    return [sum((r < other) - (r > other) for other in ranks) / (n - 1) for r in ranks]


def measure_bounds(game: Game, players: int, options: dict, playouts: int = BOUND_PLAYOUTS) -> tuple[int, int]:
    """The most legal moves and the longest game seen in random playouts (cached per table)."""
    key = (game.id, players, json.dumps(options, sort_keys=True))
    if key not in _measured:
        rng = Rng(0x5EED)
        branching = length = 1
        for seed in range(playouts):
            state = game.setup(players, options, seed)
            moves = 0
            while True:
                seats = game.to_move(state)
                if not seats:
                    break
                legal = game.legal_moves(state, min(seats))
                branching = max(branching, len(legal))
                game.apply(state, min(seats), legal[rng.randrange(len(legal))])
                moves += 1
            length = max(length, moves)
        _measured[key] = (branching, length)
    return _measured[key]


def hash_features(data, out, size: int) -> None:
    """Feature hashing of JSON into `out`: a number adds its value at its path's bucket, a string or
    a true flag adds 1 at the bucket of path=value. Paths are hashed incrementally with crc32."""
    buckets: list[int] = []
    values: list[float] = []
    _walk(data, 0, buckets, values)
    if buckets:
        np.add.at(out, np.array(buckets, np.int64) % size, values)


def _walk(data, crc: int, buckets: list, values: list) -> None:
    kind = type(data)
    if kind is dict:
        for k, v in data.items():
            _walk(v, crc32(b"/" + str(k).encode(), crc), buckets, values)
    elif kind is list or kind is tuple:
        for i, v in enumerate(data):
            _walk(v, crc32(b"/%d" % i, crc), buckets, values)
    elif kind is str:
        buckets.append(crc32(b"=" + data.encode(), crc))
        values.append(1.0)
    elif kind is bool:
        if data:
            buckets.append(crc)
            values.append(1.0)
    elif kind is int or kind is float:
        buckets.append(crc)
        values.append(float(data))


def line_bucket(index: int, text: str) -> int:
    """The hash bucket (before the modulo) of the index-th log line a seat has read."""
    return crc32(b"/log/%d=" % index + text.encode())


__all__ = ["DEFAULT_OBS_SIZE", "Table", "hash_features", "line_bucket", "measure_bounds", "rank_returns"]
