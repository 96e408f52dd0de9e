"""The result's score rows in a player's words (issue 34/35 polish): the seat left in when every other
seat guessed wrong reads as the win it is, not "Last one left"."""

from __future__ import annotations

from meeple.engine import ALL
from meeple.games.turing_machine.components import code_text

from .test_rules import GAME, finish_round, puzzle_state


def test_the_last_seat_in_reads_as_a_win_without_guessing():
    state = puzzle_state(3)
    wrong = "111" if code_text(state.code) != "111" else "222"
    state = finish_round(state, {0: wrong, 1: None, 2: wrong})
    rows = {row.key: row for row in GAME.score_sheet(state, ALL)[1].rows}
    last = rows["last"]
    assert last.label == "Won without guessing" and last.points == 50
    assert last.detail == "Every other player guessed wrong: the last one in scores 50."
