"""A whole game of Toy Battle played by clicking in a real browser, against a greedy bot.

At the start of each of my turns the page shows what the engine says: my rack, the
opponent's rack as backs only, every stack's top troop and height, and the medals.
I pick a troop and a lit node (the enemy HQ when it is lit), answer every effect
offered (Jumbo's targets, Pass...), and Confirm. The end shows the result table.
"""

from __future__ import annotations

import json

from .axe_check import serious_violations
from .conftest import shot
from .helpers import (
    create_by_api,
    sign_in_as_guest,
    stored_moves,
    table_id,
    wait_page_in_sync,
)

BOARD = ".tb-board"


def medals(n: int) -> str:
    return f"{n} medal{'' if n == 1 else 's'}"


def words_sheet(game, state, seat: int) -> dict:
    """A seat's sheet as a player reads it: medals, and the Victory row (100 points for the bots and
    the ranking) said as the win, never added in: "103 to 1" was an HQ win with 3 medals to 1."""
    sheet = game.score_sheet(state, 0)[seat]
    rows = {r.key: ("won on the enemy HQ" if r.detail == "on the enemy HQ" else "won") if r.key == "victory"
            else medals(r.points) for r in sheet.rows}
    return {"total": medals(state.medals[seat]), "rows": rows}


# A panel read in one evaluate (a read per row cost a browser round trip each).
PANEL = """panel => ({total: panel.querySelector('.panel-score').innerText,
  rows: Object.fromEntries([...panel.querySelectorAll('.row-line')]
    .map((line) => [line.dataset.key, line.querySelector('.row-value').innerText]))})"""


def panel_words(page, seat: int) -> dict:
    return page.locator(f".panel[data-seat='{seat}']").evaluate(PANEL)


def board_violations(page) -> list[str]:
    """axe-core's serious or critical violations inside the board (the chrome around it has its own tests)."""
    return serious_violations(page, ".board-host")


def create_table(page, options: dict) -> str:
    page.locator("select[name='game']").select_option("toy_battle")
    page.locator("select[name='players']").select_option("2")
    for name, value in options.items():
        page.locator(f"#opt-{name}").select_option(value=json.dumps(value))  # the lobby shows names, not keys
    page.get_by_label("Seat 2").select_option("bot:greedy")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector(BOARD)
    return table_id(page)


def wait_mine_or_end(page) -> bool:
    page.wait_for_selector(f"{BOARD}[data-mine='1'], .result", timeout=30000)
    return page.locator(".result").count() == 0


def click_and_wait(page, locator) -> None:
    """Click and wait until the board has been drawn again (or the game is over)."""
    before = page.locator(BOARD).get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.tb-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def confirm(page) -> None:
    click_and_wait(page, page.get_by_role("button", name="Confirm"))


# What the board shows, read in one evaluate (two reads per node cost some eighty round trips a turn).
SHOWN = """() => ({
  mine: [...document.querySelectorAll(".tb-rack[data-rack='0'] .tb-troop")].map((e) => +e.dataset.kind),
  backs: document.querySelectorAll(".tb-rack[data-rack='1'] .tb-troop.back").length,
  known: [...document.querySelectorAll(".tb-rack[data-rack='1'] [data-kind]")].map((e) => +e.dataset.kind),
  nodes: Object.fromEntries([...document.querySelectorAll('.tb-field [data-node]')]
    .map((e) => [e.dataset.node, [e.dataset.top, e.dataset.depth]])),
  medals: [0, 1].map((s) => document.querySelector(`[data-medals-of='${s}']`).innerText),
})"""


def check_page_matches_engine(page, state) -> None:
    shown = page.evaluate(SHOWN)
    assert sorted(shown["mine"]) == sorted(state.rack[0] + state.blocked[0])
    # the opponent's troops are backs, but for those everyone saw go back to the rack
    assert shown["backs"] == state.rack_size(1) - len(state.known[1])
    assert sorted(shown["known"]) == sorted(state.known[1])
    for node in state.geo.nodes:
        stack = state.stacks[node]
        assert shown["nodes"][str(node)] == [f"{stack[-1] // 10}:{stack[-1] % 10}" if stack else "", str(len(stack))]
    for seat in (0, 1):
        assert shown["medals"][seat].startswith(f"{state.medals[seat]} of ")


def play_one_step(page) -> str:
    """One click of my turn (and Confirm when a choice was selected); returns what was done."""
    hq = page.locator(".tb-field .node.lit[data-node='41']")
    troops = page.locator(".tb-troop.can-place")
    if page.locator(".tb-field .node.lit").count() == 0 and troops.count():
        click_and_wait(page, troops.last)  # the strongest troop that can go somewhere
        return "pick"
    if page.locator(".tb-troop.picked").count() or page.locator(".tb-field .node.lit").count():
        lit = hq if hq.count() else page.locator(".tb-field .node.lit").last
        click_and_wait(page, lit)
        if page.locator(".prompt:has-text('Selected:')").count():
            if page.locator(".prompt:has-text('Selected: Place')").count():  # the troop shown on its node
                assert page.locator(".tb-field .node.selected .ghost").count() == 1
            confirm(page)
            return "place"
        return "pick-source"
    for action in ("draw", "steal", "pin", "revive", "pass"):
        button = page.locator(f".tb-actions [data-action='{action}']")
        if button.count():
            pending = page.get_by_role("button", name="Reset").is_enabled()
            seq = page.locator(".table-page").get_attribute("data-seq")
            click_and_wait(page, button.first)
            if pending and action in ("draw", "steal", "pin"):
                # It reveals, so it would store the turn's pending moves too: it waits for Confirm.
                assert page.locator(".prompt:has-text('Selected:')").count() == 1, action
                assert page.locator(".table-page").get_attribute("data-seq") == seq, action
                action += " (held)"
            if page.locator(".prompt:has-text('Selected:')").count():
                confirm(page)
            return action
    raise AssertionError("nothing to click on my turn")


def test_whole_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, {"board": "castle"})

    done, checked = [], 0
    for _step in range(400):
        if not wait_mine_or_end(page):
            break
        if page.locator(f"{BOARD}[data-stage='0'] .tb-troop.picked").count() == 0 and \
                page.locator(f"{BOARD}[data-stage='0']").count() and \
                page.locator(".prompt:has-text('Selected:')").count() == 0:
            game, state = wait_page_in_sync(page, server, table)
            if state.stage == 0 and state.turn == 0:
                check_page_matches_engine(page, state)
                checked += 1
                for seat in (0, 1):
                    assert panel_words(page, seat) == words_sheet(game, state, seat)
        done.append(play_one_step(page))
        if len(done) == 1:
            shot(page, "toy-battle-01-troop-picked")
            assert board_violations(page) == []  # mid-turn: a troop picked, its nodes lit
    else:
        raise AssertionError("the game did not end")

    assert "place" in done and checked >= 2
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == 2
    order = sorted(range(2), key=lambda s: (outcome.ranks[s], s))
    assert [rows.nth(i).locator("td").nth(2).inner_text() for i in range(2)] == [medals(state.medals[s]) for s in order]
    for seat in (0, 1):
        assert panel_words(page, seat) == words_sheet(game, state, seat)
    # Score by row: a column per seat in ranking order, a line per sheet row, the totals last.
    sheets = game.score_sheet(state, 0)
    keys = list(dict.fromkeys(row.key for s in order for row in sheets[s].rows))  # a seat may lack a row
    by_row = page.locator(".result-rows tbody tr")
    assert by_row.count() == len(keys) + 1
    for i, key in enumerate(keys):
        want = [words_sheet(game, state, s)["rows"].get(key, "\u2013") for s in order]
        assert by_row.nth(i).locator("td").all_inner_texts() == want
    assert by_row.last.locator("td").all_inner_texts() == [medals(state.medals[s]) for s in order]
    if not outcome.reasons:
        assert "tie" not in page.locator(".result").inner_text().lower()  # no tie-break talk without a tie
    end = page.locator("[data-testid='tb-prompt']").inner_text()
    assert "wins" in end and "medal" in end and str(max(outcome.scores)) not in end, end  # words, not "103 to 1"
    shot(page, "toy-battle-02-result")
    assert board_violations(page) == []

    # The replay viewer draws the same board, step by step: empty at the start, one troop after move 1.
    page.get_by_role("button", name="Watch the replay").click()
    page.get_by_role("button", name="First").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('The start')")
    assert page.locator(".replay .tb-field [data-node]").count() == len(state.geo.nodes)
    assert page.locator(".replay .tb-field [data-node][data-depth='0']").count() == len(state.geo.nodes)
    page.get_by_role("button", name="Forward").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('Move 1 of')")
    first = game.move_from_json(stored_moves(server, table)[0]["move"])
    placed = 1 if first.__class__.__name__ == "Place" else 0
    assert page.locator(".replay .tb-field [data-node][data-depth='1']").count() == placed
    assert page.errors == []


def test_phone_board_lights_the_bases_a_troop_can_go_to(new_page, server):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sign_in_as_guest(page, "Bea")
    create_table(page, {"board": "pool"})
    wait_mine_or_end(page)
    shot(page, "toy-battle-03-phone-start")
    page.locator(".tb-troop.can-place").first.click()
    page.wait_for_selector(".tb-field .node.lit")
    lit = sorted(int(n) for n in page.locator(".tb-field .node.lit").evaluate_all(
        "els => els.map(e => e.dataset.node)"))
    assert lit and set(lit) <= {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
    shot(page, "toy-battle-04-phone-lit")
    assert page.errors == []


def test_board_names_numbers_and_targets_above_the_bar(new_page, server):
    """The lobby names the boards, the table head the board drawn at random; every base carries
    the number the log uses and every region its name; at 1280x800 the lit targets and my HQ
    sit above the status bar at the start, without scrolling."""
    from meeple.games.toy_battle.components import BOARDS

    page = new_page(viewport={"width": 1280, "height": 800})
    sign_in_as_guest(page, "Cy")
    page.locator("select[name='game']").select_option("toy_battle")
    shown = page.locator("#opt-board option").all_inner_texts()
    assert shown[:-1] == [b.name for b in BOARDS] and "castle" not in shown
    table = create_table(page, {"board": "random"})
    wait_mine_or_end(page)
    game, state = wait_page_in_sync(page, server, table)
    name = state.geo.name
    head = page.locator(".table-head").inner_text()
    assert f"Board: {name}" in head and "random" in head.lower().replace(f"board: {name.lower()}", "")

    numbers = sorted(page.locator(".tb-field [data-base-no]").evaluate_all("els => els.map(e => +e.textContent)"))
    assert numbers == sorted(state.geo.nodes)
    regions = page.locator(".tb-field [data-region-name]").evaluate_all("els => els.map(e => e.textContent)")
    assert regions == [f"region {r + 1}" for r in range(len(state.geo.regions))]
    # The names are drawn above the links (after them in the SVG), not crossed out by them.
    assert page.evaluate("""() => { const links = document.querySelector('.tb-field .links');
      return [...document.querySelectorAll('.tb-field [data-region-name]')]
        .every((t) => links.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }""")

    bar_top = page.locator(".status-bar").bounding_box()["y"]
    page.locator(".tb-troop.can-place").first.click()
    page.wait_for_selector(".tb-field .node.lit")
    boxes = page.locator(".tb-field .node.lit, .tb-field .node.hq").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [e.dataset.node, r.top, r.bottom]; })")
    assert boxes
    for node, top, bottom in boxes:
        assert 0 <= top and bottom <= bar_top, (node, top, bottom, bar_top)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    shot(page, "toy-battle-05-lit-above-bar")
    assert page.errors == []


def test_every_board_fits_above_the_status_bar(new_page, guest_session):
    """At 1280x800, on every one of the eleven boards, every node (both HQs included) is drawn above
    the status bar when my first turn starts: nothing to act on hides under it."""
    from meeple.games.toy_battle.components import BOARDS

    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    for board in BOARDS:
        made = create_by_api(page, "toy_battle", 2, options={"board": board.key})
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(f"{BOARD}[data-mine='1']", timeout=30000)
        bar_top = page.locator(".status-bar").bounding_box()["y"]
        nodes = page.locator(".tb-field [data-node]").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [+e.dataset.node, r.top, r.bottom]; })")
        assert len(nodes) == len(board.nodes)
        low = [(n, round(bottom)) for n, top, bottom in nodes if top < 0 or bottom > bar_top]
        assert not low, f"{board.name}: nodes under the status bar (top {bar_top}): {low}"
    assert page.errors == []


def hq_win():
    """A seeded random Toy Battle game that ends on an HQ (the first seed that does)."""
    from meeple import games
    from meeple.engine import Rng

    game = games.get("toy_battle")
    for seed in range(200):
        state, rng = game.setup(2, {}, seed), Rng(seed)
        while game.outcome(state) is None:
            seat = min(game.to_move(state))
            moves = game.legal_moves(state, seat)
            game.apply(state, seat, moves[rng.randrange(len(moves))])
        if state.reason == "hq":
            return game, state
    raise AssertionError("no HQ win in 200 seeded games")


def test_an_hq_win_reads_as_medals_and_a_win_not_103_to_1(new_page, server):
    """The board's score words on the engine's own sheets of an HQ win: the winner's total is its
    medals (the 100 of the Victory row is not added in) and the Victory row says how it was won."""
    game, state = hq_win()
    w = state.winner
    sheets = [s.to_json() for s in game.score_sheet(state, 0)]
    assert sheets[w]["total"] >= 100  # what the table used to show
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto("/")
    said = page.evaluate("""async (sheets) => {
        const { SCORE_WORDS } = await import('/static/games/toy_battle.js');
        return sheets.map((sh) => ({ total: SCORE_WORDS.total(sh), value: SCORE_WORDS.value(sh),
                                     rows: Object.fromEntries(sh.rows.map((r) => [r.key, SCORE_WORDS.row(r)])) }));
    }""", sheets)
    assert [s.pop("value") for s in said] == state.medals  # the result chart's points
    assert said == [words_sheet(game, state, s) for s in (0, 1)]
    assert said[w]["total"] == medals(state.medals[w]) and said[w]["rows"]["victory"] == "won on the enemy HQ"
    assert page.errors == []


def test_the_player_page_says_a_result_in_medals(new_page, guest_session, server):
    """A finished game on my player page: its score in medals, never the stored 100 more of a win."""
    import random

    from .api_play import play_by_api

    page = new_page(viewport={"width": 390, "height": 844}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "toy_battle", 2)
    done = play_by_api(server, made["table"], made["token"], lambda s: False, random.Random(3))
    assert done["status"] == "finished"
    me = done["seats"][0]["player"]
    stored = done["outcome"]["scores"][0]
    page.goto(f"/players/{me}")
    row = page.locator(".recent-games tbody tr").first
    row.wait_for()
    shown = row.locator("td").nth(2).inner_text()
    assert shown == medals(stored - 100 if stored >= 100 else stored), (stored, shown)
    assert page.errors == []
