"""Tic-tac-toe's state machine: two seats mark cells in turn; three in a row wins, a full board draws."""

from __future__ import annotations

from meeple.engine import (
    ALL,
    PERFECT,
    Game,
    LogEntry,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
    ranked_outcome,
)

from . import moves as notation
from .moves import MARKS

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
SYMBOLS = "XO"
POSITION_VERSION = 1


class TicTacToeState:
    """`cells[c]` is the seat that marked cell c, or -1; `turn` the seat to move, -1 once over."""

    __slots__ = ("n", "cells", "turn")

    def __init__(self, cells: list[int], turn: int):
        self.n, self.cells, self.turn = 2, cells, turn

    def copy(self) -> TicTacToeState:
        return TicTacToeState(self.cells[:], self.turn)

    def winner(self) -> int:
        """The seat with three in a row, or -1."""
        cells = self.cells
        for a, b, c in LINES:
            if cells[a] >= 0 and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return -1


class TicTacToe(Game):
    id = "tictactoe"
    name = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    information = PERFECT
    chance = False
    notation = notation
    public_totals = True
    summary = "Mark cells in turn; three in a row wins."

    def new_state(self, n_players, options, rng):
        return TicTacToeState([-1] * 9, 0)

    def to_move(self, state):
        return frozenset() if state.turn < 0 else frozenset((state.turn,))

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        return [MARKS[c] for c in range(9) if state.cells[c] < 0]

    def max_moves(self, n_players, options):
        return 9

    def max_game_length(self, n_players, options):
        """Each move fills one of the nine cells (meeple.adapters.lengths)."""
        return 9

    def explain_illegal(self, state, seat, move):
        if state.turn < 0:
            return "The game is over."
        if seat != state.turn:
            return f"It is {SYMBOLS[state.turn]}'s turn."
        if move.__class__ is not MARKS[0].__class__ or not 0 <= move.cell < 9:
            return f"{move!r} is not a tic-tac-toe move."
        return f"{notation.to_text(move)} is already marked."

    def apply(self, state, seat, move):
        state.cells[move.cell] = seat
        log = [LogEntry(f"{SYMBOLS[seat]} marks {notation.to_text(move)}.", seat)]
        if state.winner() >= 0:
            state.turn = -1
            log.append(LogEntry(f"{SYMBOLS[seat]} has three in a row and wins."))
        elif -1 not in state.cells:
            state.turn = -1
            log.append(LogEntry("The board is full: a draw."))
        else:
            state.turn = 1 - seat
        return log

    def reveals(self, state, seat, move):
        return False  # nothing is hidden and nothing is drawn: any move may be taken back

    def view(self, state, viewer):
        return {"cells": state.cells[:], "turn": state.turn, "winner": state.winner()}

    def render_text(self, view, viewer):
        marks = [SYMBOLS[c] if c >= 0 else "." for c in view["cells"]]
        return "\n".join(" ".join(marks[r * 3:r * 3 + 3]) for r in range(3))

    def prompt(self, state, seat):
        return "The game is over." if state.turn < 0 else f"Mark a free cell as {SYMBOLS[seat]}."

    def score_sheet(self, state, viewer=ALL):
        winner = state.winner()
        return [SeatSheet(s, (ScoreRow("win", "Three in a row", int(winner == s), int(winner == s)),),
                          int(winner == s)) for s in range(2)]

    def scores(self, state):
        winner = state.winner()
        return [int(winner == s) for s in range(2)]

    def outcome(self, state):
        return None if state.turn >= 0 else ranked_outcome(self.scores(state))

    def to_json(self, state):
        return {"game": self.id, "version": POSITION_VERSION, "cells": state.cells[:], "turn": state.turn}

    def load_position(self, data):
        check_position(data["version"] == POSITION_VERSION,
                       f"Unknown tic-tac-toe position version {data['version']!r}.")
        cells = data["cells"]
        check_position(isinstance(cells, list) and len(cells) == 9 and all(c in (-1, 0, 1) for c in cells),
                       "Nine cells, each -1 (free), 0 (X) or 1 (O).")
        x, o = cells.count(0), cells.count(1)
        check_position(x - o in (0, 1), "X moves first: X has as many marks as O, or one more.")
        state = TicTacToeState(list(cells), data["turn"])
        over = state.winner() >= 0 or -1 not in cells
        check_position(data["turn"] == (-1 if over else x - o), "The seat to move does not match the marks.")
        return state

    def determinize(self, state, seat, rng: Rng):
        return state.copy()  # nothing is hidden: the only world is this one


GAME = TicTacToe()
