"""A whole game of Letters Home played by clicking in a real browser, against a greedy bot.

Each step clicks what a player would: a lit stop, a town tile and then a
corkboard space, a market memory (and a slot to let go of), a memory with its
green envelope and then a lit tile to flip, Confirm. The panels must match the
engine's score sheet at the start of each of my turns, the bot's private
Reflection stays hidden until the end, and the result table shows the outcome.
"""

from __future__ import annotations

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixtures skip (or, in CI, fail) with a message
    PlaywrightTimeout = TimeoutError

from .conftest import shot
from .helpers import (
    CONFIRM_READY,
    assert_panels_match,
    create_table,
    engine_sheet,
    engine_state,
    first_present,
    panel_sheet,
    pressed,
    settled,
    sign_in_as_guest,
    stored_moves,
    two_frames,
    wait_page_in_sync,
)

# What to click, in order of preference; the first selector present is the next step.
STEPS = [
    ("drop", ".lh-seat[data-seat='0'] .lh-memory.can-drop"),
    ("flip", ".lh-seat[data-seat='0'] .lh-space.can-flip"),
    ("place", ".lh-seat[data-seat='0'] .lh-space.can-place"),
    ("send", ".lh-seat[data-seat='0'] .lh-memory.can-send"),
    ("go", ".lh-town .stop.can-go"),
    ("take", ".lh-town .tile.can-take"),
    ("note", ".lh-market .lh-memory.can-note"),
    ("skip", "[data-action='skip']"),
    ("done", "[data-action='done']"),
]


def _next_step(page) -> str:
    """Wait until I can do something (or the game is over) and say what."""
    selectors = [sel for _, sel in STEPS] + [".result", CONFIRM_READY]
    page.wait_for_selector(", ".join(selectors), timeout=30000)
    found = first_present(page, [".result"] + [sel for _, sel in STEPS])
    return "confirm" if found == -1 else "over" if found == 0 else STEPS[found - 1][0]


def _click_and_wait(page, locator) -> bool:
    """Click, then wait until the board has been drawn again. False when the target went away
    first (a push from the server redrew the board): the caller looks again."""
    before = page.locator(".lh-board").get_attribute("data-version")
    try:
        locator.click(timeout=4000)
    except PlaywrightTimeout:
        return False
    page.wait_for_function(
        "v => { const b = document.querySelector('.lh-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)
    return True


def _selected(page) -> bool:
    return "Selected:" in page.get_by_test_id("prompt").inner_text()


def _confirm(page) -> None:
    _click_and_wait(page, page.get_by_role("button", name="Confirm"))


def test_whole_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Ann")
    page.get_by_label("Game").select_option("letters_home")
    table = create_table(page, ["greedy"])
    page.wait_for_selector(".lh-board")

    seen = {name: 0 for name, _ in STEPS}
    hidden_checked = False
    for _step in range(600):
        what = _next_step(page)
        if what == "over":
            break
        if what == "go":
            # the start of my turn: nothing pending, so the page shows the stored position
            game, state = assert_panels_match(page, server, table, range(2))
            bot = page.locator(".lh-seat[data-seat='1']")
            assert "Private Reflection: hidden" in bot.inner_text()
            hidden_checked = True
            if seen["go"] == 2:
                shot(page, "letters-home-01-my-turn")
        if what == "confirm":
            _confirm(page)
            continue
        if what == "send" and not seen["send"]:
            # hovering a memory with a green envelope lights the tiles that make it
            memory = page.locator(STEPS[3][1]).first
            assert memory.get_attribute("data-sendable") == "yes" and memory.locator(".envelope").count() == 1
            memory.hover()
            assert page.locator(".lh-seat[data-seat='0'] .lh-space.lit-make").count() >= 1
        if not _click_and_wait(page, page.locator(dict(STEPS)[what]).first):
            continue
        seen[what] += 1
        if what == "go" and seen["go"] == 3:
            # Reset restarts the turn: the pawn goes back and the stops are lit again
            page.wait_for_selector(".lh-town .tile.can-take")
            page.get_by_role("button", name="Reset").click()
            page.wait_for_selector(".lh-town .stop.can-go")
            assert page.locator(".lh-town .tile.can-take").count() == 0
        if what == "send" and seen["send"] == 1:
            shot(page, "letters-home-02-letter-picked")
        if what in ("flip", "done") or (what in ("note", "skip", "drop") and _selected(page)):
            _confirm(page)  # nothing is sent until Confirm
    else:
        raise AssertionError("the game did not end")

    # every turn walked; most took a tile (some wrote home instead), and every tile taken was pinned
    assert hidden_checked and seen["go"] >= 10 and seen["take"] >= 5 and seen["place"] == seen["take"]
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == state.n
    shown = sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(state.n))
    assert shown == sorted(outcome.scores)
    # the end shows every private Reflection, and my corkboard as the engine has it
    assert "Private Reflection: hidden" not in page.locator(".lh-board").inner_text()
    assert page.locator(".lh-seat[data-seat='0'] .lh-space.sent").count() == sum(state.sent[0])
    for seat in range(state.n):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)
    shot(page, "letters-home-03-result")
    assert page.errors == []


def test_noting_a_memory_waits_for_confirm(new_page, server):
    """Walk, take a tile, pin it, note a memory (or nothing): nothing is stored before Confirm,
    and Confirm stores the whole turn."""
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Nia")
    page.get_by_label("Game").select_option("letters_home")
    table = create_table(page, ["greedy"])
    page.wait_for_selector(".lh-town .stop.can-go")
    before = len(stored_moves(server, table))
    for what in ("go", "take", "place"):
        assert _click_and_wait(page, page.locator(dict(STEPS)[what]).first), what
    note = page.locator(dict(STEPS)["note"]).first
    if not note.count():
        note = page.locator(dict(STEPS)["skip"])
    assert _click_and_wait(page, note)
    assert _selected(page), "noting is selected, not sent"
    # Whatever the click asked of the server is answered and drawn: its preview (the prompt's data-preview-state),
    # and any other request (the status bar's aria-busy goes false only once no request is out).
    page.locator("[data-testid=prompt][data-preview-state=shown]").wait_for(state="attached")
    settled(page)
    assert len(stored_moves(server, table)) == before, "nothing may be stored before Confirm"
    assert page.locator(".lh-market .lh-memory.picked, [data-action='skip'].selected").count() == 1
    _confirm(page)
    page.wait_for_function("() => !document.querySelector('[data-testid=prompt]').textContent.includes('Selected:')")
    page.wait_for_function("n => Number(document.querySelector('.table-page').dataset.seq) >= n", arg=before + 4)
    assert len(stored_moves(server, table)) >= before + 4  # walk, take, note, and the bot's moves after
    assert page.errors == []


def test_the_first_player_badge_is_on_that_seats_panel(new_page, server):
    for size, name in (({"width": 1280, "height": 900}, "desktop"), ({"width": 390, "height": 844}, "phone")):
        page = new_page(viewport=size)
        sign_in_as_guest(page, "Fay")
        page.get_by_label("Game").select_option("letters_home")
        table = create_table(page, ["greedy", "greedy"])
        page.wait_for_selector(".panel [data-mark='first_player']")
        _, state = engine_state(server, table)
        badges = page.locator(".panel [data-mark='first_player']")
        assert badges.count() == 1 and badges.is_visible(), name
        assert badges.inner_text() == "First player"
        holder = page.locator(f".panel[data-seat='{state.first}'] [data-mark='first_player']")
        assert holder.count() == 1, f"the badge is on seat {state.first}'s panel ({name})"
        assert page.errors == []


def _play_my_turns(page, turns: int) -> None:
    """Play `turns` of my turns by clicking the first lit thing each time, Confirming each turn."""
    walked = 0
    for _ in range(200):
        what = _next_step(page)
        if what == "over" or (what == "go" and walked == turns):
            return
        if what == "confirm":
            _confirm(page)
            continue
        if _click_and_wait(page, page.locator(dict(STEPS)[what]).first):
            walked += what == "go"
            if what in ("flip", "done") or (what in ("note", "skip", "drop") and _selected(page)):
                _confirm(page)


# What each category's tile must look like (the board's colours), and the corkboard's brown.
CATEGORY_BACKGROUND = {"person": "rgb(246, 215, 195)", "place": "rgb(207, 230, 196)", "event": "rgb(217, 211, 240)"}


def _check_tiles(page, name: str) -> int:
    """Every tile on every corkboard has its category's colour, and its words stay inside it."""
    tiles = page.evaluate("""() => [...document.querySelectorAll('.lh-space')].filter((e) =>
        [...e.classList].some((c) => c.startsWith('cat-'))).map((e) => {
      const box = e.getBoundingClientRect();
      const inner = [...e.children].map((c) => c.getBoundingClientRect());
      return { cat: [...e.classList].find((c) => c.startsWith('cat-')).slice(4), sent: e.classList.contains('sent'),
        bg: getComputedStyle(e).backgroundColor, text: e.innerText,
        inside: inner.every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
          && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5)
          && e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight };
    })""")
    for t in tiles:
        if not t["sent"]:
            assert t["bg"] == CATEGORY_BACKGROUND[t["cat"]], f"{name}: {t}"
        assert t["inside"], f"{name}: the words overflow the tile: {t}"
    return len(tiles)


def test_corkboard_tiles_show_their_category_and_fit(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Cal")
    page.get_by_label("Game").select_option("letters_home")
    create_table(page, ["greedy"])
    page.wait_for_selector(".lh-town .stop.can-go")
    _play_my_turns(page, 7)
    assert _check_tiles(page, "desktop") >= 6
    shot(page, "letters-home-05-corkboard-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    two_frames(page)  # the page laid out again at the phone's width (and what fits itself to it has done so)
    assert _check_tiles(page, "phone") >= 6
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "letters-home-06-phone")
    shot(page.locator(".lh-seat[data-seat='0'] .lh-corkboard"), "letters-home-06-phone-corkboard")
    assert page.errors == []


def test_phone_walks_and_a_long_press_shows_a_memory(new_page, server):
    phone = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
    sign_in_as_guest(phone, "Pat")
    phone.get_by_label("Game").select_option("letters_home")
    create_table(phone, ["greedy"])
    phone.wait_for_selector(".lh-town .stop.can-go")
    phone.locator(".lh-town .stop.can-go").first.tap()
    phone.wait_for_selector(".lh-town .tile.can-take")
    # Nothing is wider than the phone's screen.
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390

    # Press and hold a market memory: its details show, and nothing is noted.
    card = phone.locator(".lh-market .lh-memory").first
    card.evaluate("e => e.scrollIntoView({block: 'center'})")  # clear of the sticky status bar
    with pressed(phone, card):
        tooltip = phone.locator("#tooltip")
        assert tooltip.is_visible()
        assert card.locator("span").nth(0).inner_text() in tooltip.inner_text()
        shot(phone, "letters-home-04-phone-long-press")
    assert phone.locator(".lh-town .tile.can-take").count() > 0  # still choosing a tile
    assert phone.errors == []
