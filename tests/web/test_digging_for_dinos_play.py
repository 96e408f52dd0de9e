"""A whole game of Digging for Dinos played by clicking in a real browser, against two bots.

At the start of each of my turns the page shows what the engine says: every tile of the dig
(species, part, era, both values), every paleontologist with its side, the era stacks' sizes,
and each player's finds. I click a lit tile; the board's preview of points must equal what
the engine adds to my score for that move; Confirm sends it. The end shows the result table.
"""

from __future__ import annotations

import re

from .axe_check import serious_violations
from .conftest import shot
from .helpers import engine_sheet, panel_sheet, sign_in_as_guest, stored_moves, table_id, wait_page_in_sync

BOARD = ".dd-board"


def board_violations(page) -> list[str]:
    """axe-core's serious or critical violations inside the board (the chrome around it has its own tests)."""
    return serious_violations(page, ".board-host")


def create_table(page, players: int) -> str:
    page.get_by_label("Game").select_option("digging_for_dinos")
    page.get_by_label("Players").select_option(str(players))
    for seat in range(2, players + 1):
        page.get_by_label(f"Seat {seat}").select_option("bot:greedy")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(BOARD)
    return table_id(page)


def wait_mine_or_end(page) -> bool:
    page.wait_for_selector(f"{BOARD}[data-mine='1'], .result", timeout=30000)
    return page.locator(".result").count() == 0


def click_and_wait(page, locator) -> None:
    before = page.locator(BOARD).get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.dd-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def confirm(page) -> None:
    click_and_wait(page, page.get_by_role("button", name="Confirm"))
    page.wait_for_function("() => !document.querySelector('[data-testid=prompt]').textContent.includes('Selected:')")


# Every cell of the dig as drawn, read in one evaluate (a read per piece cost some 200 round trips to the
# browser on each turn).
CELLS = """board => Object.fromEntries([...board.querySelectorAll('[data-cell]')].map((cell) => {
  const one = (sel) => cell.querySelector(sel);
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  const skeleton = one('.skeleton'), pawn = one('.dd-pawn'), token = pawn && pawn.querySelector('.dd-token');
  return [cell.dataset.cell, {
    classes: [...cell.classList], text: cell.textContent,
    left: one('.vals .left')?.textContent, right: one('.vals .right')?.textContent,
    of: skeleton?.dataset.of, fossils: skeleton ? skeleton.querySelectorAll("[data-icon='dd_fossil']").length : 0,
    art: skeleton?.dataset.speciesArt, name: box(one('.dd-name')), part: box(one('.dd-part')),
    pawns: cell.querySelectorAll('.dd-pawn').length,
    pawn: pawn && {id: pawn.dataset.pawn, side: pawn.dataset.side, box: box(pawn), token: box(token),
                   paleo: token ? token.querySelectorAll("[data-icon='dd_paleo']").length : 0},
  }];
}))"""


def check_page_matches_engine(page, game, state) -> None:
    view = game.view(state, 0)
    cells = page.locator(BOARD).evaluate(CELLS)
    for sq in view["board"]:
        cell = cells[sq["cell"]]
        tile = sq["tile"]
        if tile is None:
            assert "hole" in cell["classes"]
        else:
            assert f"era-{tile['era']}" in cell["classes"]
            assert f"{tile['part']} {tile['position']}/{tile['of']}" in cell["text"]
            assert cell["left"] == str(tile["left"])
            assert cell["right"] == str(tile["complete"])
            # the fossil drawn: the species' skeleton with one bone per part, this tile's picked out
            assert cell["of"] == str(tile["of"])
            assert cell["fossils"] == 1
            assert cell["art"] == tile["species"]  # its own silhouette
        pawn = sq["pawn"]
        shown = cell["pawn"]
        if pawn is None:
            assert cell["pawns"] == 0
        else:
            assert cell["pawns"] == 1
            assert shown["id"] == f"{pawn['seat']}:{pawn['pawn']}"
            assert shown["side"] == pawn["side"]
            # every paleontologist, mine too, is the same token: its picture, drawn at a size to see
            assert shown["paleo"] == 1
            assert shown["token"]["width"] >= 24
            if tile is not None:  # it stands clear of the species' name and the part (a token covered "Stego")
                pawn_box = shown["box"]
                for words in ("name", "part"):
                    text_box = cell[words]
                    assert (pawn_box["y"] >= text_box["y"] + text_box["height"] - 1
                            or pawn_box["y"] + pawn_box["height"] <= text_box["y"] + 1), (sq["cell"], words)
    # the grid's edges name the cells as the log does
    coords = page.locator(f"{BOARD} .dd-coord[data-coord]").evaluate_all("els => els.map(e => e.textContent)")
    assert coords == list("abcde") + [str(r) for r in range(1, 6)]
    first = page.locator(f"{BOARD} [data-cell='a1']").bounding_box()
    assert page.locator(f"{BOARD} [data-coord='a']").bounding_box()["y"] < first["y"]
    assert page.locator(f"{BOARD} [data-coord='1']").bounding_box()["x"] < first["x"]
    for e, n in enumerate(view["stacks"]):
        assert page.locator(f"[data-stack='{e + 1}']").inner_text().endswith(f": {n}")
    for col in view["collections"]:
        box = page.locator(f"[data-finds='{col['seat']}']")
        assert box.locator("[data-completed]").get_attribute("data-completed") == str(col["completed"])
        held = {g["species"] for g in col["species"] if g["completed"] or g["progress"]}
        assert set(box.locator("[data-species]").evaluate_all("els => els.map(e => e.dataset.species)")) == held


def test_full_game_against_bots_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Mary")
    table = create_table(page, 3)
    turns = 0
    while wait_mine_or_end(page):
        game, state = wait_page_in_sync(page, server, table)
        phase = page.locator(BOARD).get_attribute("data-phase")
        if phase == "bonus":
            click_and_wait(page, page.locator(".dd-actions [data-action='flip-0']"))
            assert "Flip paleontologist 1" in page.get_by_test_id("dd-preview").inner_text()
            confirm(page)
            continue
        check_page_matches_engine(page, game, state)
        for seat in range(state.n):
            assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0), f"panel {seat}, turn {turns}"
        lit = page.locator(f"{BOARD} .dd-cell.lit")
        legal = game.legal_moves(state, 0)
        if phase == "move":
            pawns = page.locator(f"{BOARD} .dd-pawn.picked")
            assert pawns.count() == 1
            k = int(pawns.get_attribute("data-pawn").split(":")[1])
            mine = sorted(game.move_to_json(m)["to"] for m in legal if m.pawn == k)
        else:
            mine = sorted(game.move_to_json(m)["place"] for m in legal)
        assert sorted(lit.evaluate_all("els => els.map(e => e.dataset.cell)")) == mine
        # Take the lit tile that gains most (the board's own preview tells), else the last one.
        click_and_wait(page, lit.last)
        text = page.get_by_test_id("dd-preview").inner_text()
        if phase == "move":
            gain = int(page.get_by_test_id("dd-gain").get_attribute("data-gain"))
            to = page.locator(f"{BOARD} .dd-cell.chosen").get_attribute("data-cell")
            move = game.move_from_json({"move": k, "to": to})
            after = state.copy()
            game.apply(after, 0, move)
            assert gain == game.scores(after)[0] - game.scores(state)[0], text
            assert page.locator(f"{BOARD} .dd-pawn.ghost").count() == 1
            if turns == 2:
                shot(page, "dinos-01-preview")
                assert board_violations(page) == []  # a move previewed before Confirm
            if turns == 14:
                page.mouse.move(1, 1)  # no tooltip over the board
                page.locator("#tooltip").wait_for(state="hidden")  # (closed as the mouse leaves its element)
                shot(page, "dinos-04-midgame")
        confirm(page)
        turns += 1
        assert turns < 60, "the game does not end"

    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    for seat in range(state.n):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == state.n
    shown = sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(state.n))
    assert shown == sorted(outcome.scores)
    # The game is over: the head no longer says "this is the final round" (the result says what happened)
    assert state.ending and page.get_by_test_id("dd-ending").count() == 0
    assert len(stored_moves(server, table)) > 50
    shot(page, "dinos-02-result")
    assert board_violations(page) == []
    assert page.errors == []


def test_the_board_fits_a_phone(new_page, server):
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    sign_in_as_guest(page, "Pat")
    create_table(page, 2)
    for turn in range(8):
        assert wait_mine_or_end(page)
        if page.locator(BOARD).get_attribute("data-phase") == "bonus":
            click_and_wait(page, page.locator(".dd-actions [data-action='keep']"))
        else:
            click_and_wait(page, page.locator(f"{BOARD} .dd-cell.lit").first)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px)"
        box = page.locator(f"{BOARD} .dd-grid").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        if turn == 7:
            page.mouse.move(1, 1)  # no tooltip over the board
            page.locator("#tooltip").wait_for(state="hidden")  # (closed as the mouse leaves its element)
            shot(page, "dinos-03-phone")
        confirm(page)
    assert page.errors == []
