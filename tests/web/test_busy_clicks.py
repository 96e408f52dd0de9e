"""A click made while the table waits on the server is never lost (js/table.js).

Answers are held back in the page (Playwright's page.route keeps a request until the test lets it
go), so the click lands while a request is still out: a preview whose answer redraws the table
between the press and the release of Confirm, and a second pile taken while the first take is out."""

from __future__ import annotations

from .helpers import (
    create_table,
    page_seq,
    sign_in_as_guest,
    stored_moves,
    take_and_choose,
    two_frames,
    wait_my_turn_or_end,
)


class Held:
    """Requests whose URL matches `pattern`, held in the page until `release` (later ones go through)."""

    def __init__(self, page, pattern: str):
        self.page = page
        self.routes: list = []
        self.holding = True
        page.route(pattern, self.hold)

    def hold(self, route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def wait(self, count: int = 1) -> None:
        # A wait for a condition (this process's route handler has run), 10 s at most: the handler runs only
        # while Playwright dispatches the page's events, which wait_for_timeout does; no page signal says it.
        for _ in range(200):
            if len(self.routes) >= count:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{count} request(s) expected, {len(self.routes)} held")

    def release(self) -> None:
        self.holding = False
        while self.routes:
            self.routes.pop(0).continue_()


def _my_turn_with_a_selection(page, server):
    sign_in_as_guest(page, "Bea")
    table = create_table(page, ["random"])
    assert wait_my_turn_or_end(page)
    return table


def test_confirm_pressed_while_a_slow_preview_comes_back(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    table = _my_turn_with_a_selection(page, server)
    previews = Held(page, "**/preview")
    take_and_choose(page)
    previews.wait()
    moves = len(stored_moves(server, table))
    seq = page_seq(page)

    # The press lands while the preview is out; its answer redraws the table; then the release.
    box = page.get_by_role("button", name="Confirm").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    previews.release()
    # The preview's answer is drawn (the prompt's data-preview-state goes "shown" in that redraw of the
    # chrome), and laid out: only then is the button released.
    page.locator("[data-testid=prompt][data-preview-state=shown]").wait_for(state="attached")
    two_frames(page)
    page.mouse.up()

    page.wait_for_function("s => Number(document.querySelector('.table-page').dataset.seq) > s", arg=seq,
                           timeout=5000)
    assert len(stored_moves(server, table)) > moves
    assert "Selected:" not in page.get_by_test_id("prompt").inner_text()
    assert page.errors == []


def test_a_board_click_while_a_move_is_out_waits_its_turn(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    table = _my_turn_with_a_selection(page, server)
    mine = len([m for m in stored_moves(server, table) if m["seat"] == 0])
    sent = Held(page, "**/moves")
    piles = page.locator(".pile.can-take")
    assert piles.count() >= 2
    piles.nth(0).click()
    sent.wait()

    # The bar says the take is being sent, and Confirm and Reset are off meanwhile.
    assert page.locator(".status-bar").get_attribute("aria-busy") == "true"
    assert "Sending" in page.get_by_test_id("prompt").inner_text()
    assert page.get_by_role("button", name="Confirm").is_disabled()
    # A second pile clicked now is not dropped: it goes after the first take, and is refused in words.
    piles.nth(1).click()
    sent.release()
    page.wait_for_selector(".toast:has-text('no longer possible')")
    page.wait_for_function("() => document.querySelector('.status-bar').getAttribute('aria-busy') === 'false'")
    assert len([m for m in stored_moves(server, table) if m["seat"] == 0]) == mine + 1
    assert page.locator(".hand button.flip").count() == 1
    assert page.errors == []
