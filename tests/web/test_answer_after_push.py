"""The table's push of a change may reach the page before the answer to the request that made it (the
hall sends its sockets a stored change first, server/moves.py). A selection the player makes on the
board that the push drew must survive that answer when it comes (web/js/table.js, `send`)."""

from __future__ import annotations

from .helpers import choose_target, create_table, sign_in_as_guest, wait_my_turn_or_end


def test_a_selection_made_on_the_pushed_board_survives_the_late_answer(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    create_table(page, ["random"])
    assert wait_my_turn_or_end(page)
    held = []

    def hold(route):  # (the move reaches the hall; its answer waits here)
        held.append((route, route.fetch()))

    page.route("**/api/tables/*/moves", hold)
    page.locator(".pile.can-take").first.click()  # (a take shows the pile's next tile: stored at once)
    page.wait_for_selector(".hand button.flip")  # (drawn from the push: the answer is held)
    assert len(held) == 1
    target = choose_target(page)
    route, answer = held[0]
    route.fulfill(response=answer)
    page.wait_for_selector(".status-bar[aria-busy='false']")
    assert "Selected:" in page.locator(".prompt").inner_text(), target
