"""meeple: an open-source board-game hall."""

__version__ = "0.1.0"
