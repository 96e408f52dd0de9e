"""Errors the engine raises. Every message is written for a player to read."""


class MeepleError(Exception):
    """Base of every error meeple raises on purpose."""


class IllegalMove(MeepleError):
    """A move that the rules do not allow now, or a move out of turn."""


class NotationError(MeepleError):
    """Move text or move JSON that cannot be read."""


class OptionError(MeepleError):
    """An unknown table option, a bad option value, or an unsupported player count."""


class PositionError(MeepleError):
    """A position JSON that is malformed or belongs to another game."""


class UnknownGame(MeepleError):
    """A game id that is not in the registry."""
