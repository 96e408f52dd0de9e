"""What the research adapters share: one game at one table size, seen as numbered actions and tensors.

Both OpenSpiel and PettingZoo want a fixed number of distinct actions, a fixed
observation size and a known game length, while the engine contract offers moves
of any shape. A `Table` bridges the two, generically over every registered game:

* Actions: a game with a fixed numbering (`Game.action_space`) numbers every move a
  table can offer once and for all: action `i` is always the i-th move of that list.
  Any other game (or `dynamic_actions=True`) numbers each position's legal moves,
  sorted by their notation: action `i` is the i-th of them, and how many there can
  be is the game's own proven bound, `Game.max_moves(players, options)`.
* Length: the most decisions a game can take, a bound worked out from each game's
  rules or, where there is none here, a cap at which the adapters end the game with
  a stated result (see `meeple.adapters.lengths`). A `max_length` given by hand
  caps a game the same way.
* Simultaneous phases: the engine takes the moves of a simultaneous phase one seat
  at a time anyway, so the adapters let the lowest seat that may act go first. In
  a hidden phase `view` hides what was chosen (sequentialised with hidden
  information); in a public one (`Game.public_choices`) later seats see it.
* Observations: `view(state, seat)` is the only source, so nothing hidden leaks.
  Tensors are the game's own features of the view (`Game.features`) or, for a game
  without them, the view's JSON leaves hashed into a fixed number of buckets.
* Returns: +1 for each seat beaten, -1 for each seat that beat you, divided by
  n - 1: zero-sum in [-1, 1], a plain win/loss with two players. One seat plays
  against the game's own goal: +1 for a won solo game, -1 for a lost one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from zlib import crc32

import numpy as np

from meeple import games
from meeple.engine import PERFECT, Game, IllegalMove, MeepleError, Outcome, resolve_options

from .lengths import capped_outcome, game_length

DEFAULT_OBS_SIZE = 512


class _Texts(dict):
    """Each move's notation, worked out once: sorting the legal moves by it is on every turn."""

    def __init__(self, game: Game):
        super().__init__()
        self.move_text = game.move_text

    def __missing__(self, move) -> str:
        if len(self) > 100_000:  # a game with a vast move space: keep the cache bounded
            self.clear()
        self[move] = text = self.move_text(move)
        return text


@dataclass
class Table:
    """A game at a fixed player count and options, with the sizes the adapters declare."""

    game_id: str
    players: int = 0             # 0: the game's smallest table
    options: dict = field(default_factory=dict)
    max_actions: int = 0         # 0: the game's own bound, Game.max_moves
    max_length: int = 0          # 0: the game's bound or cap (meeple.adapters.lengths); else a cap
    obs_size: int = DEFAULT_OBS_SIZE
    hashed: bool = False         # True: the hashed view even for a game with its own features
    dynamic_actions: bool = False  # True: legal moves numbered by notation even for a game with a fixed numbering
    #: The explicit chance model's draws (meeple.adapters.chance), set by the OpenSpiel adapter for
    #: chance_model="draws"; None: the game's chance is the seed alone.
    draws: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.game: Game = games.get(self.game_id)  # a plain attribute: read on every move
        game = self.game
        self._bind()
        if not self.players:
            self.players = game.min_players
        game.setup(self.players, self.options, 0)  # bad options or player counts fail here, clearly
        if self.obs_size < 8:
            raise MeepleError("obs_size must be at least 8.")
        resolved = resolve_options(game.options, self.options)
        #: The game's fixed numbering (action i is space[i]), or None: each position's moves by notation.
        self.space = None if self.dynamic_actions else game.action_space(self.players, resolved)
        self.action_index = {} if self.space is None else {move: i for i, move in enumerate(self.space)}
        self.index_of = self.action_index.__getitem__  # a move's action number, bound once (every turn)
        if self.space is not None:
            if len(self.action_index) != len(self.space):
                raise MeepleError(f"{game.name}'s action_space lists a move twice.")
            if self.max_actions and self.max_actions < len(self.space):
                raise MeepleError(f"{game.name} numbers {len(self.space)} actions once and for all "
                                  f"(its action_space): max_actions must be 0 or at least that, not "
                                  f"{self.max_actions} (or load it with dynamic_actions=True).")
            self.max_actions = self.max_actions or len(self.space)
        self.declared_actions = not self.max_actions
        if not self.max_actions:
            self.max_actions = game.max_moves(self.players, resolved)
            if self.max_actions < 1:
                raise MeepleError(f"{game.name}.max_moves({self.players}, ...) must be at least 1, "
                                  f"not {self.max_actions}.")
        bound, proven = game_length(game, self.players, resolved)
        if self.max_length < 0:
            raise MeepleError(f"max_length must be 0 (the game's own length) or a number of decisions, "
                              f"not {self.max_length}.")
        #: True when max_length is a proven bound on the game's length: no game is ever stopped. Else
        #: a game that reaches max_length decisions is ended there (`capped_outcome`).
        self.length_proven = proven and (not self.max_length or self.max_length >= bound)
        self.max_length = self.max_length or bound
        self.resolved = resolved
        self.features = None if self.hashed else game.features()
        #: The length of a view's tensor: the game's own features, or obs_size hash buckets.
        self.view_size = self.features.size(self.players, resolved) if self.features else self.obs_size

    @property
    def solo(self) -> bool:
        return self.players == 1

    def _bind(self) -> None:
        self.move_texts = _Texts(self.game)
        self.text_key = self.move_texts.__getitem__  # the sort key of legal moves, bound once
        self.legal_moves = self.game.legal_moves  # read on every turn: bound once

    def __getstate__(self) -> dict:
        # Pickled positions name their game; the game object itself comes from the registry.
        bound = ("game", "move_texts", "text_key", "features", "index_of", "legal_moves")
        return {k: v for k, v in self.__dict__.items() if k not in bound}

    def __setstate__(self, data: dict) -> None:
        self.__dict__.update(data)
        self.game = games.get(self.game_id)
        self.features = None if self.hashed else self.game.features()
        self.index_of = self.action_index.__getitem__
        self._bind()

    def new_state(self, seed: int):
        return self.game.setup(self.players, self.options, seed)

    # ----- turns and actions -------------------------------------------------

    def seat_to_move(self, state) -> int | None:
        """The seat the adapters ask next: the lowest of those that may act, None when over."""
        game = self.game
        seats = game.to_move(state)
        if len(seats) == 1:
            for seat in seats:
                return seat
        if len(seats) > 1 and game.information == PERFECT and not game.public_choices(state):
            # Sequentialised, a hidden simultaneous phase is imperfect information: the
            # declared type would be false.
            raise MeepleError(f"{game.name} declares perfect information but is in a simultaneous phase "
                              "whose choices are hidden (public_choices is False).")
        return min(seats) if seats else None

    @property
    def fixed(self) -> bool:
        """True when action numbers are the game's fixed numbering (`Game.action_space`)."""
        return self.space is not None

    def legal_actions(self, state, seat: int) -> list[int]:
        """The seat's legal action numbers, ascending, in the game's fixed numbering."""
        try:
            return sorted(map(self.index_of, self.legal_moves(state, seat)))
        except KeyError as exc:
            raise MeepleError(f"{self.game.name} offers {self.game.move_text(exc.args[0])} here, a move its "
                              f"action_space({self.players}, ...) does not list: the game's numbering is "
                              "incomplete.") from None

    def numbered(self, state, seat: int) -> tuple[list[int], list]:
        """The seat's legal action numbers, ascending, and their moves in the same order."""
        if self.space is not None:
            actions = self.legal_actions(state, seat)
            return actions, [self.space[a] for a in actions]
        moves = self.legal(state, seat)
        return list(range(len(moves))), moves

    def action_text(self, action: int) -> str:
        """An action number of the fixed numbering in words (the move's notation)."""
        assert self.space is not None
        return self.move_texts[self.space[action]]

    def refuse(self, action: int, actions) -> IllegalMove:
        """The error for an action number that is not among `actions`, the legal ones now."""
        space = self.space
        what = f" ({self.move_texts[space[action]]})" if space is not None and 0 <= action < len(space) else ""
        return IllegalMove(f"Action {action}{what} is not legal now: the legal actions are {list(actions)}.")

    def legal(self, state, seat: int) -> list:
        """The seat's legal moves sorted by notation (the dynamic numbering: action i is the i-th)."""
        game = self.game
        moves = sorted(game.legal_moves(state, seat), key=self.text_key)
        if len(moves) > self.max_actions:
            if self.declared_actions:
                raise MeepleError(
                    f"{game.name} offers {len(moves)} moves here, more than its own bound "
                    f"max_moves({self.players}, ...) = {self.max_actions}: the game's bound is wrong.")
            raise MeepleError(
                f"{game.name} offers {len(moves)} moves here, more than the {self.max_actions} actions declared; "
                f"load the adapter with a larger max_actions.")
        return moves

    # ----- what a seat sees ----------------------------------------------------

    def view_tensor(self, view: dict, seat: int | None, out) -> None:
        """Write a view (of `seat`, None: a spectator's) into `out`, a zeroed float array of view_size:
        the game's own features (`Game.features`), else the view hashed into obs_size buckets."""
        if self.features is None:
            hash_features(view, out, self.obs_size)
            return
        values = self.features.encode(view, seat, self.players, self.resolved)
        if len(values) != self.view_size:
            raise MeepleError(f"{self.game.name}'s features gave {len(values)} values, not the "
                              f"{self.view_size} its fields declare.")
        out[:] = values

    def observation_tensor(self, state, seat: int | None, out) -> None:
        """The seat's view (None: a spectator's) as a tensor into `out` (a zeroed float array of view_size)."""
        self.view_tensor(self.game.view(state, seat), seat, out)

    def observation(self, state, seat: int | None) -> tuple[str, np.ndarray]:
        """The seat's view as a JSON string and as a float32 tensor, from one call to `view`."""
        view = self.game.view(state, seat)
        out = np.zeros(self.view_size, np.float32)
        self.view_tensor(view, seat, out)
        return json.dumps(view, sort_keys=True, separators=(",", ":")), out

    def private_observation(self, state, seat: int) -> tuple[str, np.ndarray]:
        """What the seat sees beyond a spectator (`private_part`): a JSON list of [path, value] pairs,
        and those values hashed by path."""
        out = np.zeros(self.obs_size, np.float32)
        if self.game.information == PERFECT:
            # A seat's view differs from a spectator's only in who is looking ("you"), which hides
            # nothing: OpenSpiel's api_test holds a perfect-information game to an empty private part.
            return "", out
        parts = private_part(self.game.view(state, seat), self.game.view(state, None))
        # Each path also adds a flag, so that a hidden empty list (a hand of none) still shows.
        hash_features({"/".join(map(str, path)): [True, value] for path, value in parts}, out, self.obs_size)
        return json.dumps([[list(path), value] for path, value in parts], sort_keys=True, separators=(",", ":")), out

    # ----- results -------------------------------------------------------------

    def returns(self, state, decisions: int = 0) -> list[float]:
        """Each seat's return: rank returns at the end (or at the cap), zero while the game runs."""
        outcome = self.outcome(state, decisions)
        if outcome is None:
            return [0.0] * self.players
        return rank_returns(outcome.ranks)

    def capped(self, state, decisions: int) -> bool:
        """True when a game still running has taken `max_length` decisions: the adapters end it there."""
        return decisions >= self.max_length and not self.game.is_over(state)

    def outcome(self, state, decisions: int = 0) -> Outcome | None:
        """The game's outcome, or at the cap the stated one (`capped_outcome`); None while it runs."""
        if self.capped(state, decisions):
            return capped_outcome(self.game, state)
        return self.game.outcome(state)

    def debug_string(self, state) -> str:
        """The whole position (hidden parts included), as OpenSpiel's state string is meant to be."""
        return self.game.dumps(state)

    def key(self) -> tuple:
        return (self.game_id, self.players, json.dumps(self.options, sort_keys=True))


def perfect_information(game: Game) -> bool:
    """True when every seat sees the whole position at every step, as OpenSpiel means it.

    The game must say so (`Game.information`), and leave nothing to chance: the
    adapters draw a game's whole chance at once (the seed, see
    meeple.adapters.openspiel), and no seat sees the later draws it fixes.
    """
    return game.information == PERFECT and not game.chance


def rank_returns(ranks) -> list[float]:
    """Seats beaten minus seats that beat you, over n - 1: zero-sum, in [-1, 1].

    One seat has no one to beat: rank 1 (a won solo game) is +1, anything else -1."""
    n = len(ranks)
    if n == 1:
        return [1.0 if ranks[0] == 1 else -1.0]
    return [sum((r < other) - (r > other) for other in ranks) / (n - 1) for r in ranks]


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


def private_part(seen, public, path: tuple = ()) -> list[tuple[tuple, object]]:
    """What a seat's view shows that the spectator's view does not show alike: (path, value) pairs.

    Dicts are compared key by key and lists of equal length item by item; anything
    else (a value, or lists of different lengths such as a hand the spectator sees
    as a count) is one leaf, kept with the seat's value when the two differ. A key
    only the spectator has is no information the seat has, and is left out."""
    if type(seen) is dict and type(public) is dict:
        out: list[tuple[tuple, object]] = []
        for key, value in seen.items():
            if key in public:
                out += private_part(value, public[key], (*path, key))
            else:
                out.append(((*path, key), value))
        return out
    if type(seen) in (list, tuple) and type(public) in (list, tuple) and len(seen) == len(public):
        out = []
        for i, (a, b) in enumerate(zip(seen, public)):
            out += private_part(a, b, (*path, i))
        return out
    if type(seen) is type(public) and seen == public:
        return []
    return [(path, seen)]


def line_bucket(index: int, text: str) -> int:
    """The hash bucket (before the modulo) of the index-th log line a seat has read."""
    return crc32(b"/log/%d=" % index + text.encode())


__all__ = ["DEFAULT_OBS_SIZE", "Table", "hash_features", "line_bucket", "perfect_information",
           "private_part", "rank_returns"]
