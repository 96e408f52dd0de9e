"""Shared steps of the browser tests: sign in, create a table, play a Picnic turn by clicking,
and the engine's own view of a table, rebuilt from the server's database."""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from meeple import games
from meeple.server.table import Table
from meeple.store import Store

from .conftest import ARTIFACTS, SHOTS

PICNIC = games.get("picnic")


# The tables read from a hall's store by this process, (data folder, table id) -> (the stored moves
# replayed so far, the table rebuilt from them): a whole-game test reads its table on every step, and
# replaying every stored move each time cost more than the step at load 16 (0.2 s a read of 400 moves).
_READ: dict[tuple[str, str], tuple[list, Table]] = {}


def _load(server, table_id: str) -> dict:
    store = Store(str(server.data_dir / "meeple.db"))
    try:
        row = store.load_table(table_id)
    finally:
        store.close()
    assert row is not None, f"no table {table_id} in the store"
    return row


def _stored(server, table_id: str) -> tuple[dict, Table]:
    """The table's stored row and the table rebuilt from it, as the server rebuilds one (Table.from_rows);
    only the moves stored since this process last read the table are played (the log only grows: a
    table whose moves differ from those read before is rebuilt whole)."""
    row = _load(server, table_id)
    key = (str(server.data_dir), table_id)
    moves = row["moves"]
    seen, table = _READ.get(key, ([], None))
    if table is None or moves[:len(seen)] != seen:
        table = Table.from_rows(row)
    else:
        table.update_header(row)
        table.add_stored(moves)
        table.set_pending_rows(row["pending"])
    _READ[key] = (moves, table)
    return row, table


def _engine_state(row: dict, table: Table, seat: int | None):
    """The committed position plus `seat`'s pending moves where they follow the newest stored move (a
    copy: the caller may keep it while the table is read on)."""
    game = table.game
    state = table.state
    base_seq, pending = row["pending"].get(seat, (None, []))
    if base_seq == len(row["moves"]):
        for move in pending:
            state, _ = game.play(state, seat, game.move_from_json(move))
    return game, game.clone(state)


def engine_state(server, table_id: str, seat: int | None = 0):
    """The table's full engine state, replayed from what the server stored (seed and moves),
    plus `seat`'s pending moves: the position that seat's page shows."""
    row, table = _stored(server, table_id)
    return _engine_state(row, table, seat)


def table_id(page) -> str:
    match = re.search(r"/t/([^/?#]+)", page.url)
    assert match, f"not on a table page: {page.url}"
    return match.group(1)


def sign_in_as_guest(page, name: str) -> None:
    page.goto("/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Play as guest").click()
    page.wait_for_selector("form.create")


def create_table(page, opponents: list[str], players: int | None = None) -> str:
    """From the lobby: a Picnic table where seat 1 is me and the others are 'human' (invite) or bot levels."""
    n = players or len(opponents) + 1
    page.get_by_label("Players").select_option(str(n))
    for i, who in enumerate(opponents):
        page.get_by_label(f"Seat {i + 2}").select_option("human" if who == "human" else f"bot:{who}")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    return table_id(page)


def wait_my_turn_or_end(page) -> bool:
    """True when it is my turn to take a tile, False when the game is over."""
    page.wait_for_selector(".pile.can-take, .result", timeout=20000)
    return page.locator(".result").count() == 0


def stored_moves(server, table_id: str) -> list[dict]:
    return _load(server, table_id)["moves"]


def seen_seq(server, table_id: str, seat: int | None = 0) -> int:
    """The seq the server shows `seat` now (other seats' sealed moves are not counted in it)."""
    return _stored(server, table_id)[1].seen_seq(seat)


# Confirm, ready to press (by its words: the status bar holds other primary buttons, hidden until they apply,
# such as "Take it back", and a wait for any primary button waited on those).
CONFIRM_READY = "button.primary:has-text('Confirm'):not([disabled])"


def first_present(page, selectors: list[str]) -> int:
    """The index of the first of `selectors` that matches something on the page now, -1 if none: one
    look at the page for a whole list (a count per selector cost a round trip to the browser each)."""
    return page.evaluate("sels => sels.findIndex((sel) => document.querySelector(sel) !== null)", selectors)


def page_seq(page) -> int:
    return int(page.locator(".table-page").get_attribute("data-seq"))


SETTLED = """s => {
  const page = document.querySelector('.table-page');
  const bar = page && page.querySelector('.status-bar');
  return !!bar && bar.getAttribute('aria-busy') === 'false' && Number(page.dataset.seq) >= s;
}"""


def two_frames(page) -> None:
    """Wait for the page to draw twice: what a resize or a state just handed to it changed is laid out."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def settled(page, seq: int = 0, timeout: float = 20000) -> None:
    """Wait for the table page's own signal that what a click asked for is drawn: a position at `seq`
    or later is on the board (the page sets data-seq as it draws one) and no request of the page is
    out (the status bar's aria-busy goes back to false only after the answer is drawn; a click that
    sends sets it true before the click returns). On a fresh page: the board has drawn its first state."""
    page.wait_for_function(SETTLED, arg=seq, timeout=timeout)


SEQ = "() => Number(document.querySelector('.table-page')?.dataset.seq)"


def _in_sync(page, server, table_id: str, tries: int):
    """(seq, game, engine state) of a position the page and the store both show."""
    for _ in range(tries):
        row, table = _stored(server, table_id)
        seq = table.seen_seq(0)
        game, state = _engine_state(row, table, 0)
        # The store's row is read in two statements (the header with the pending turns, then the moves):
        # read again, it must be the same, or a move came between.
        again = _load(server, table_id)
        if len(again["moves"]) != len(row["moves"]) or again["pending"] != row["pending"]:
            continue
        # One look when the page shows it already (each call to the browser is a round trip, on every turn)
        if page.evaluate(SEQ) == seq:
            return seq, game, state
        page.wait_for_function("s => Number(document.querySelector('.table-page')?.dataset.seq) >= s",
                               arg=seq, timeout=10000)
        if page_seq(page) == seq:
            return seq, game, state
    raise AssertionError(f"table {table_id} kept moving: no position that the page and the store both showed")


def wait_page_in_sync(page, server, table_id: str, tries: int = 20):
    """Wait until the page shows the newest stored position; returns (game, engine state).

    A bot may move between two reads (in a simultaneous phase it moves while I think), so the
    stored position is read between two equal seqs and the page must show exactly that seq."""
    _, game, state = _in_sync(page, server, table_id, tries)
    return game, state


# The page's seq and the panels of `seats`, in one look: read together, they belong to one drawn position.
PANELS = """seats => ({seq: Number(document.querySelector('.table-page')?.dataset.seq),
  panels: seats.map((seat) => {
    const panel = document.querySelector(`.panel[data-seat='${seat}']`);
    return panel && {total: panel.querySelector('.panel-score').innerText,
      rows: [...panel.querySelectorAll('.row-line')]
        .map((line) => [line.dataset.key, line.querySelector('.row-value').innerText])};
  })})"""


def assert_panels_match(page, server, table_id: str, seats, viewer=0, tries: int = 20):
    """Every seat's panel shows the engine's score sheet for the position on the page (read again
    when the page moved on while its panels were read); returns (game, engine state)."""
    seats = list(seats)
    for _ in range(tries):
        seq, game, state = _in_sync(page, server, table_id, tries)
        shown = page.evaluate(PANELS, seats)
        if not all(shown["panels"]):  # not drawn yet
            page.wait_for_function("seats => seats.every((s) => document.querySelector(`.panel[data-seat='${s}']`))",
                                   arg=seats)
            continue
        if shown["seq"] == seq:
            for seat, panel in zip(seats, shown["panels"]):
                sheet = {"total": int(panel["total"]), "rows": dict(panel["rows"])}
                assert sheet == engine_sheet(game, state, seat, viewer), f"panel {seat} at seq {seq}"
            return game, state
    raise AssertionError(f"table {table_id} kept moving while its panels were read")


def confirm(page) -> None:
    """Press Confirm and wait until the turn has gone through and its answer is drawn (the selection cleared
    and no request of the page out: without the second, the board of before the answer, still showing my
    turn, could be read as the next one)."""
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=prompt]').textContent.includes('Selected:')")
    settled(page)


def take_and_choose(page, prefer=("Rim space", "Centre", "Beside the plate")) -> str:
    """Take the first pile I may take, then click a dashed target (flipping if this side has none).
    Returns the chosen target's label."""
    page.locator(".pile.can-take").first.click()
    # A take that would store this turn's earlier moves with it (the other plates are full, so my turns
    # follow one another) is only selected, and sent by Confirm.
    page.wait_for_selector(".hand button.flip, .prompt:has-text('Selected: take')")
    if page.locator(".hand button.flip").count() == 0:
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_selector(".hand button.flip")
    return choose_target(page, prefer)


def choose_target(page, prefer=("Rim space", "Centre", "Beside the plate")) -> str:
    """Click a dashed target for the tile in hand, flipping it if this side has none."""
    for _ in range(2):
        for name in prefer:
            target = page.locator(f"[data-target^='{name}']")
            if target.count():
                target.first.click()
                page.wait_for_selector(".prompt:has-text('Selected:')")
                return name
        page.get_by_role("button", name="Flip").click()
    raise AssertionError("no place to put the tile on either side")


# One read of the whole panel (a read per row cost a round trip to the browser each, on every turn).
PANEL = """panel => ({total: panel.querySelector('.panel-score').innerText,
  rows: [...panel.querySelectorAll('.row-line')]
    .map((line) => [line.dataset.key, line.querySelector('.row-value').innerText])})"""


def panel_sheet(page, seat: int) -> dict:
    """What the panel of `seat` shows: total and {row key: 'count (points)'}."""
    shown = page.locator(f".panel[data-seat='{seat}']").evaluate(PANEL)
    return {"total": int(shown["total"]), "rows": dict(shown["rows"])}


def engine_sheet(game, state, seat: int, viewer) -> dict:
    sheet = next(s for s in game.score_sheet(state, viewer) if s.seat == seat)
    return {"total": sheet.total, "rows": {r.key: f"{r.count} ({r.points})" for r in sheet.rows}}


def shoot(page, selector: str, path) -> None:
    """A screenshot of the element `selector` once the page has settled. The socket's first message
    after a page load may draw the board anew under the screenshot ("not attached to the DOM"):
    then the new element is taken. Into artifacts/web/ only where screenshots are asked for
    (conftest.SHOTS); elsewhere (docs/img) always."""
    if not SHOTS and ARTIFACTS in Path(path).parents:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(3):
        settled(page)
        try:
            page.locator(selector).screenshot(path=str(path))
            return
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 2:
                raise


# The tooltip shows, and the element it describes (aria-describedby) lies under the finger at {x, y}.
LONG_PRESSED = """({x, y}) => { const tip = document.getElementById('tooltip');
  const owner = document.querySelector("[aria-describedby='tooltip']");
  const r = owner && owner.getBoundingClientRect();
  return !!tip && !tip.hidden && !!r && r.left <= x && x <= r.right && r.top <= y && y <= r.bottom; }"""


@contextmanager
def pressed(page, element):
    """Hold a finger on `element` (as a phone does, long enough for a long press) until the block ends.
    `element` is a locator: a redraw that replaces its node between finding and scrolling is waited out."""
    box = None
    for _ in range(5):
        try:
            element.scroll_into_view_if_needed()  # (waits for it to be drawn and visible)
            box = element.bounding_box()
            break
        except PlaywrightError as error:  # "not attached to the DOM": the board redrew; find it again
            if "not attached" not in str(error):
                raise
    assert box is not None, "the element to press never stayed attached"
    cdp = page.context.new_cdp_session(page)
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    try:
        # Held until the page took it for a long press (tooltip.js, 500 ms): the tooltip of what is under the
        # finger shows. Not a fixed hold: on a loaded machine the page's timer may fire late.
        page.wait_for_function(LONG_PRESSED, arg=point[0], timeout=10000)
    except BaseException:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        raise
    try:
        yield
    finally:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


CREATE_BY_API = """async (body) => {
  const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body)});
  return await r.json();
}"""


def create_by_api(page, game_id: str, players: int, bot: str = "random", **body) -> dict:
    """A table made by the page's own session through the API (seat 1 is the page's player, the others
    bots of one level): the creation answer, with the invite link of seat 1."""
    seats = [{"type": "human"}] + [{"type": "bot", "level": bot}] * (players - 1)
    return page.evaluate(CREATE_BY_API, {"game": game_id, "players": players, "seats": seats, "join_seat": 0,
                                         "clock": {"mode": "none"}, **body})
