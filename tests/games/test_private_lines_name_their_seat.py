"""A log line only its seat sees names that seat ("Seat 2's draw: ..."), never "you": once a game is over
the hall shows its whole log to everyone (Table.log_viewer), where "You set the 9 of ... aside" in another
seat's colour reads as if it were the reader's own."""

from __future__ import annotations

import random
import re

import pytest

from meeple import games
from tests.conftest import TOY_GAMES

SHIPPED = [g for g in games.ids() if g not in TOY_GAMES]
# Options under which a game writes private lines it does not write by default.
OPTIONS = {"wizard": {"predictions": "hidden"}}


@pytest.mark.parametrize("game_id", SHIPPED)
def test_private_log_lines_name_their_seat(game_id):
    game = games.get(game_id)
    rng = random.Random(game_id)
    private = []
    for seed in range(3):
        state = game.setup(game.max_players, OPTIONS.get(game_id), seed)
        while not game.is_over(state):
            seat = min(game.to_move(state))
            state, log = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
            private += [entry.text for entry in log if entry.only is not None]
    addressed = [text for text in private if re.match(r"(?i)you\b", text)]
    assert addressed == [], addressed[:3]
