"""The game-agnostic core: the Game contract, errors, options, RNG and helpers."""

from .errors import IllegalMove, MeepleError, NotationError, OptionError, PositionError, UnknownGame
from .game import (
                   ALL,
                   IMPERFECT,
                   NOBODY,
                   ONE,
                   PERFECT,
                   Game,
                   LogEntry,
                   Outcome,
                   ScoreRow,
                   SeatSheet,
                   TieBreak,
                   check_position,
                   parse_move_json,
                   rank_by_keys,
                   ranked_outcome,
                   replay,
)
from .moves import Field, Notation, ints, is_among, move_kind, moves_of, names, plain_move, same_move, table_of
from .options import Option, resolve_options
from .position import position_head, read_head, whole, wholes
from .rng import Rng
from .words import count

__all__ = [
    "ALL", "IMPERFECT", "NOBODY", "ONE", "PERFECT", "Game", "IllegalMove", "LogEntry", "MeepleError", "NotationError",
    "Option",
    "OptionError", "Outcome", "PositionError", "Rng", "ScoreRow", "SeatSheet", "UnknownGame",
    "TieBreak", "check_position", "parse_move_json", "rank_by_keys", "ranked_outcome", "replay",
    "resolve_options", "is_among", "move_kind", "same_move", "count",
    "Field", "Notation", "ints", "moves_of", "names", "plain_move", "table_of",
    "position_head", "read_head", "whole", "wholes",
]
