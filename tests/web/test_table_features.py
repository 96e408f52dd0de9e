"""Table features in a real browser: spectators, a friend from another browser,
a phone-sized screen, and a connection lost and recovered."""

from __future__ import annotations

import json

import pytest

from .conftest import shot
from .helpers import (
    confirm,
    create_table,
    pressed,
    sign_in_as_guest,
    take_and_choose,
    wait_my_turn_or_end,
    wait_page_in_sync,
)


@pytest.fixture(scope="module")
def server(own_server):
    """A hall of this module's own: test_lost_connection_recovers_and_catches_up stops and restarts it."""
    return own_server


def test_spectator_sees_no_hidden_side(new_page, server):
    host = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(host, "Host")
    table = create_table(host, ["random"])
    wait_my_turn_or_end(host)

    watcher = new_page(viewport={"width": 1280, "height": 900})
    received: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(str(frame))))
    watcher.on("response", lambda r: "/api/" in r.url and received.append(r.text()))
    watcher.goto(f"/t/{table}")
    game, state = wait_page_in_sync(watcher, server, table)

    # A spectator has nothing to click and is told so.
    assert watcher.get_by_test_id("prompt").inner_text() == "You are watching."
    assert watcher.get_by_role("button", name="Confirm").count() == 0
    assert watcher.locator(".pile.can-take, [data-target]").count() == 0

    # Each pile shows the side facing up, and nothing hidden reaches the spectator's browser.
    public = json.dumps(game.view(state, None))
    secrets = []
    for p, pile in enumerate(state.piles):
        top = game.view(state, None)["hamper"][p]["top"]
        assert watcher.locator(f".pile[data-pile='{p}']").get_attribute("data-top") == (top or "")
        assert watcher.locator(f".pile[data-pile='{p}'] .tile-svg").count() == (1 if pile else 0)
        for i, side in enumerate(pile):
            hidden_side = side ^ 1 if i == len(pile) - 1 else side
            code = _code(hidden_side)
            if code not in public:  # a code also shown elsewhere in public cannot tell anything
                secrets.append(code)
    assert secrets, "the deal should hide some sides"
    page_text = watcher.content()
    for code in secrets:
        assert code not in page_text
        assert not any(code in payload for payload in received), f"{code} reached the spectator"
    shot(watcher, "06-spectator")

    # Once the host takes a tile, its underside is public: the spectator sees both sides.
    host.locator(".pile.can-take").first.click()
    watcher.wait_for_selector(".hand .side >> nth=1")
    assert watcher.locator(".hand .flip").count() == 0

    # In the lobby the host finds the table under "your turn", in the hall's list as theirs to play;
    # anyone else may watch it from the hall.
    host.goto("/")
    mine = host.get_by_role("list", name="My tables").locator("li").first
    assert "your turn" in mine.inner_text()
    assert mine.get_by_role("link", name="Play").get_attribute("href") == f"/t/{table}"
    hall = host.get_by_role("list", name="Open tables")
    assert hall.get_by_role("link", name="Play").first.get_attribute("href") == f"/t/{table}"
    shot(host, "13-lobby-your-turn")
    watcher.goto("/")
    hall = watcher.get_by_role("list", name="Open tables")
    assert hall.get_by_role("link", name="Watch").first.get_attribute("href") == f"/t/{table}?watch=1"


def _code(side_id: int) -> str:
    """The side code of a side id: the test knows the truth about hidden sides; the browser must not."""
    from meeple.games.picnic.components import SIDES

    return SIDES[side_id].code()


def test_friend_joins_from_another_browser(new_page, server):
    host = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(host, "Ann")
    create_table(host, ["human"])
    invite = host.get_by_label("Invite link for seat 2").input_value()
    assert "token=" in invite
    shot(host, "07-waiting-for-a-friend")

    friend = new_page(viewport={"width": 1100, "height": 900})
    friend.goto(invite)
    friend.get_by_label("Your name").fill("Bea")
    friend.get_by_role("button", name="Take my seat").click()
    friend.wait_for_selector(".board-picnic .hamper")
    assert "token=" not in friend.url  # the secret leaves the address bar

    assert wait_my_turn_or_end(host)
    assert friend.locator(".pile.can-take").count() == 0
    assert friend.locator(".panel[data-seat='1'] .panel-name").inner_text() == "Bea (you)"
    take_and_choose(host)
    confirm(host)
    friend.wait_for_selector(".log-list li:has-text('Ann places')")
    assert wait_my_turn_or_end(friend)
    shot(friend, "08-friend-turn")


def test_phone_can_play_a_turn(new_page, server):
    phone = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    sign_in_as_guest(phone, "Pat")
    phone.get_by_label("Clock").select_option("realtime")
    phone.get_by_label("Seconds per move").fill("30")
    phone.get_by_label("Time bank (s)").fill("120")
    table = create_table(phone, ["greedy"])
    assert wait_my_turn_or_end(phone)
    # My real-time clock runs down on screen while I think.
    clock = phone.get_by_test_id("clock-0")
    first = clock.inner_text()
    phone.wait_for_function("t => document.querySelector(\"[data-testid='clock-0']\").textContent !== t", arg=first)
    assert clock.inner_text() < first and first <= "2:30"
    shot(phone, "09-phone-table")
    phone.locator(".pile.can-take").first.tap()
    phone.wait_for_selector(".hand button.flip")
    target = phone.locator("[data-target]").first
    if not target.count():
        phone.get_by_role("button", name="Flip").tap()
    phone.locator("[data-target]").first.tap()
    phone.wait_for_selector(".prompt:has-text('Selected:')")
    shot(phone, "10-phone-selected")
    phone.get_by_role("button", name="Confirm").tap()
    wait_my_turn_or_end(phone)
    wait_page_in_sync(phone, server, table)
    placed = phone.locator(".plate-box[data-plate='0'] [data-space], .plate-box[data-plate='0'] .drink")
    assert placed.count() == 1
    # Nothing is wider than the phone's screen.
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390

    # A long press on a tile shows what it carries.
    tile = phone.locator(".pile[data-pile] .tile-svg").first.locator("xpath=..")
    with pressed(phone, tile):
        tooltip = phone.locator("#tooltip")
        assert tooltip.is_visible()
        assert "ant" in tooltip.inner_text()
        shot(phone, "11-phone-long-press")
    assert phone.errors == []


def test_lost_connection_recovers_and_catches_up(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, ["greedy"])
    assert wait_my_turn_or_end(page)
    seats = page.evaluate("() => JSON.parse(localStorage.getItem('meeple.seats'))")
    token = seats[table]["token"]
    seq = int(page.locator(".table-page").get_attribute("data-seq"))

    server.stop()
    page.wait_for_selector("#conn:has-text('Reconnecting')")
    shot(page, "12-reconnecting")
    server.start()
    # Meanwhile the same seat plays from another device: the page must catch up by itself.
    status, body = server.api("POST", f"/api/tables/{table}/moves", {"seq": seq, "move": {"take": 0}}, token=token)
    assert status == 200, body
    page.wait_for_selector(".hand button.flip", timeout=20000)
    page.wait_for_selector("#conn", state="hidden")
    assert page.locator(".hand .side").count() == 2

    # And play goes on from the browser, with the keyboard alone: Tab to a space, Enter, then Confirm.
    if not page.locator("[data-target]").count():
        page.get_by_role("button", name="Flip").press("Enter")
    page.locator("[data-target]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".prompt:has-text('Selected:')")
    page.get_by_role("button", name="Confirm").focus()
    page.keyboard.press("Enter")
    assert wait_my_turn_or_end(page)
    assert page.locator(".plate-box[data-plate='0'] [data-space], .plate-box[data-plate='0'] .drink").count() == 1


def test_errors_are_shown_in_plain_words(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto("/")
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Sign in").click()
    toast = page.locator(".toast-error")
    toast.wait_for()
    status, body = server.api("POST", "/api/auth/signin", {"username": "nobody", "password": "not-the-password"})
    assert status == 401 and toast.inner_text().startswith(body["error"])

    # A forged invite link: the server says no, and the page says why.
    sign_in_as_guest(page, "Ann")
    create_table(page, ["human"])
    table = page.url.rsplit("/", 1)[1]
    other = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(other, "Eve")
    other.goto(f"/t/{table}?seat=1&token=forged")
    other.locator(".toast-error").wait_for()
    assert other.locator(".toast-error").inner_text().strip() != ""
    # The table still opens, and the free seat can be joined the ordinary way.
    other.get_by_role("button", name="Join as seat 2").wait_for()
    shot(other, "14-error-forged-invite")


def test_leave_and_take_the_seat_back(new_page, server):
    host = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(host, "Ann")
    table = create_table(host, ["human"])
    invite = host.get_by_label("Invite link for seat 2").input_value()
    friend = new_page(viewport={"width": 1100, "height": 900})
    friend.goto(invite)
    friend.get_by_label("Your name").fill("Bea")
    friend.get_by_role("button", name="Take my seat").click()
    assert wait_my_turn_or_end(host)

    # Ann leaves on her turn: a bot plays her seat, and the friend's turn comes.
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_role("button", name="Leave").click()
    host.wait_for_selector("form.create")
    assert wait_my_turn_or_end(friend)

    # Back at the table, she is told a bot stands in, and takes her seat back.
    host.goto(f"/t/{table}")
    host.get_by_text("You left the table: a bot is playing your seat.").wait_for()
    shot(host, "15-bot-stands-in")
    host.get_by_role("button", name="Take my seat back").click()
    host.locator(".stand-in").wait_for(state="detached")
    take_and_choose(friend)
    confirm(friend)
    assert wait_my_turn_or_end(host)
    assert host.get_by_role("button", name="Leave").is_visible()
