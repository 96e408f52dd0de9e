"""The terminal shows the sheet, the goals and my hand with its places and points."""

from meeple.games.draft_and_write_records import GAME
from meeple.games.draft_and_write_records.moves import KEEPS

from .helpers import setup


def test_render_text_shows_goals_sheet_and_hand():
    state = setup(2, 4)
    text = GAME.render_text(GAME.view(state, 0), 0)
    assert "private goal 1:" in text and "goal 1:" in text
    for s in range(2):
        state, _ = GAME.play(state, s, KEEPS[0])
    text = GAME.render_text(GAME.view(state, 0), 0)
    assert "card 1:" in text and "crew:" in text and "Seat 2" in text
    assert "private goal:" in text
    assert GAME.prompt(state, 0).startswith("Week 1")
