"""The game-agnostic core: the Game contract, errors, options, RNG and helpers."""

from .errors import IllegalMove, MeepleError, NotationError, OptionError, PositionError, UnknownGame
from .game import (ALL, Game, LogEntry, Outcome, ScoreRow, SeatSheet, TieBreak, check_position,
                   parse_move_json, rank_by_keys, ranked_outcome, replay)
from .options import Option, resolve_options
from .rng import Rng

__all__ = [
    "ALL", "Game", "IllegalMove", "LogEntry", "MeepleError", "NotationError", "Option",
    "OptionError", "Outcome", "PositionError", "Rng", "ScoreRow", "SeatSheet", "UnknownGame",
    "TieBreak", "check_position", "parse_move_json", "rank_by_keys", "ranked_outcome", "replay",
    "resolve_options",
]
