"""A move whose answer is lost on the network is sent again by the page, once, with the same
idempotency key (issue 42): the server applied the first copy, so the second is answered as the first
was and nothing is played twice, and the player sees the move made, not an error."""

from __future__ import annotations

import re

from meeple.store import Store
from tests.web.helpers import create_by_api, sign_in_as_guest, wait_my_turn_or_end


def moves_of(server, table: str, seat: int) -> list:
    """The seat's moves the server holds: stored ones, then its pending turn."""
    store = Store(str(server.data_dir / "meeple.db"))
    try:
        row = store.load_table(table)
    finally:
        store.close()
    return [m["move"] for m in row["moves"] if m["seat"] == seat] + row["pending"].get(seat, (None, []))[1]


def test_a_move_whose_answer_was_lost_is_sent_again_and_applied_once(new_page, server):
    page = new_page()
    sign_in_as_guest(page, "Ann")
    made = create_by_api(page, "picnic", 2)
    table = made["table"]
    page.goto(made["seats"][0]["invite"])
    assert wait_my_turn_or_end(page)

    sent: list[dict] = []
    answers: list[int] = []

    def lose_the_first_answer(route) -> None:
        sent.append(route.request.post_data_json)
        response = route.fetch()  # the server receives the move and answers...
        answers.append(response.status)
        if len(answers) == 1:
            route.abort("connectionreset")  # ...but the first answer never reaches the page
        else:
            route.fulfill(response=response)

    page.route(re.compile(rf"/api/tables/{table}/(moves|confirm)$"), lose_the_first_answer)
    # At the start no plate is full, so taking a tile is a move of its own, sent at once.
    page.locator(".pile.can-take").first.click()  # the status bar is busy from here until the request ends
    # The request ended (the socket's push may show the tile in hand before the second try is answered).
    page.wait_for_function("() => document.querySelector('.status-bar').getAttribute('aria-busy') === 'false'")
    page.wait_for_selector(".hand button.flip")  # the page shows the tile in my hand

    assert len(sent) == 2 and sent[0] == sent[1] and "move" in sent[0], sent  # the same request, key and all
    assert answers == [200, 200]
    assert moves_of(server, table, 0) == [sent[0]["move"]]  # applied once
    assert page.get_by_text("Cannot reach the server").count() == 0
    assert page.errors == []
