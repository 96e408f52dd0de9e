"""Turing Machine's result in a player's words (issue 34/35 polish): the seat still in when every other
seat guessed wrong wins 50 points without guessing, and the result's score rows say so ("Won without
guessing"), not "Last one left". I never guess; the random bot guesses wrong sooner or later (a table
where it guesses right is set aside and another dealt)."""

from __future__ import annotations

import random

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api
from .screens import RESULT


class NeverGuess(random.Random):
    """My seat's random moves, never a guess."""

    def choice(self, seq):
        return super().choice([m for m in seq if "guess" not in m["json"]] or list(seq))


def test_the_last_one_in_reads_won_without_guessing(new_page, guest_session, server):
    page = new_page(viewport={"width": 390, "height": 844}, storage_state=guest_session)
    page.goto("/")
    for attempt in range(4):
        made = create_by_api(page, "turing_machine", 2)
        state = play_by_api(server, made["table"], made["token"], lambda s: False, NeverGuess(attempt))
        assert state["status"] == "finished"
        if state["outcome"]["scores"][0] == 50:
            break
    else:
        raise AssertionError("the bot never guessed wrong while I waited")
    page.goto(made["seats"][0]["invite"])
    page.wait_for_function(RESULT, timeout=60000)
    rows = page.locator(".result details").inner_text()
    assert "Won without guessing" in rows and "Last one left" not in rows, rows
    page.locator(".result details").scroll_into_view_if_needed()
    shot(page, "turing_machine-won-without-guessing-phone")
    assert page.errors == []
