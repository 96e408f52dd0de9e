"""Toy Battle and Assyria say "you" and "your" only about the viewer's own seat (as test_replay_your_words.py holds
the other boards to). A replay seen by another seat draws that seat (state.my_seat), and the boards addressed it
to whoever watched: Toy Battle's "Your rack" over that seat's rack (and "until the end of your turn" on its troops
laid down), Assyria's "My cards" over its hand and "Keep the camels you have left and end your actions." on its End
actions. Now they name the seat there; at the live table a seated player reads what they read before.

Each board is drawn from a real state of seat 0 with a stand-in context, as table.js draws it for that seat's player
(ctx.you marks seat 0) and as replay.js draws it for someone else seeing the game as seat 0 (ctx.you marks no seat,
no move is legal)."""

from __future__ import annotations

import pytest

from tests.web.api_play import deal_until
from tests.web.test_replay_your_words import MOUNT, NAMES, as_replay

# game: the moment to draw (seat 0's state), then pairs of what seat 0's player reads and what another reads instead.
CASES = {
    "toy_battle": (lambda s: bool(s["legal"]), [("Your rack", "Ada's rack")]),
    "assyria": (lambda s: bool(s["legal"]) and s["view"]["phase"] == "actions",
                [("My cards", "Ada's cards"),
                 ("Keep the camels you have left and end your actions.",
                  "Keep the camels Ada has left and end Ada's actions.")]),
}


@pytest.mark.parametrize("game", CASES)
def test_the_board_says_your_only_to_the_seats_own_player(new_page, guest_session, server, game):
    moment, pairs = CASES[game]
    page = new_page(storage_state=guest_session)
    page.goto("/")
    made, state = deal_until(page, server, game, 2, moment)
    live = page.evaluate(MOUNT, [game, state, 0, NAMES])
    seen = page.evaluate(MOUNT, [game, as_replay(state), None, NAMES])
    for yours, named in pairs:
        assert yours in live, (yours, live)
        assert named in seen and yours not in seen, (named, seen)
    assert page.errors == []
