"""A whole solo game of Turing Machine played by clicking: the punch-card picker for the proposal,
the Ask buttons on the verifier cards, the answers shown per verifier, the notes sheet, and a guess
punched like a proposal. The moves are the solver's (tests pick them from the engine's state
through the seat's own answers only); every click is checked against the engine's position."""

from __future__ import annotations

import re
import time

import pytest

from meeple import games
from meeple.engine import replay
from meeple.games.turing_machine.components import COLOURS, LETTERS
from meeple.games.turing_machine.moves import Ask, Done, Guess, Pass, Punch
from meeple.games.turing_machine.strategy import solver_move
from meeple.store import Store

from .axe_check import serious_violations
from .conftest import shot
from .helpers import page_seq, settled, sign_in_as_guest, stored_moves, table_id


def board_violations(page) -> list[str]:
    """axe-core's serious or critical violations inside the board (the chrome around it has its own tests)."""
    return serious_violations(page, ".board-host")


def my_position(server, table: str):
    """The committed position plus seat 1's pending moves, as the server shows it to seat 1: the
    pending moves sit on whatever was committed since (the bot's moves of the same round), which
    tests/web/helpers.engine_state leaves out once the stored sequence has moved on."""
    store = Store(str(server.data_dir / "meeple.db"))
    try:
        row = store.load_table(table)
    finally:
        store.close()
    game = games.get(row["game"])
    state = replay(game, row["players"], row["options"], row["seed"],
                   [(m["seat"], game.move_from_json(m["move"])) for m in row["moves"]])
    _, pending = row["pending"].get(0, (None, []))
    for move in pending:
        state, _ = game.play(state, 0, game.move_from_json(move))
    return game, state


def position(server, table):
    game, state = my_position(server, table)
    return game, state, game.dumps(state)


def click_for(page, move) -> None:
    kind = move.__class__
    if kind is Punch:
        page.locator(f"[data-punch='{COLOURS[move.colour][0]}{move.digit}']").click()
    elif kind is Ask:
        page.locator(f"[data-ask='{LETTERS[move.verifier]}']").click()
    elif kind is Done:
        page.locator("[data-action='done']").click()
    elif kind is Guess:
        page.locator("[data-action='guess']").click()
    elif kind is Pass:
        page.locator("[data-action='pass']").click()
    # A move that would store the pending punches with it is only selected: Confirm sends it.
    if "Selected:" in page.get_by_test_id("prompt").inner_text():
        page.get_by_role("button", name="Confirm").click()
    # The answer is drawn before the next click: a click on a node that the answer's redraw replaces
    # raced it ("element was detached from the DOM", issue 39).
    settled(page)


def test_asking_after_punching_waits_for_confirm(new_page, server):
    """The punched proposal is pending; the question would store it, so it waits for Confirm."""
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Bo")
    page.get_by_label("Game").select_option("turing_machine")
    page.get_by_label("Players").select_option("1")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    table = table_id(page)
    page.wait_for_selector(".tm-card")
    game, state, before = position(server, table)
    move = solver_move(state, 0)
    while move.__class__ is Punch:
        click_for(page, move)
        game, state = wait_changed(server, table, before)
        before = game.dumps(state)
        move = solver_move(state, 0)
    assert move.__class__ is Ask and not stored_moves(server, table)
    letter = LETTERS[move.verifier]
    page.locator(f"[data-ask='{letter}']").click()
    assert "Selected:" in page.get_by_test_id("prompt").inner_text()
    # The click's preview is answered and drawn (the prompt's data-preview-state; a preview sends no
    # move), and unchanged waits for any other request of the page: only then is the store looked at.
    page.locator("[data-testid=prompt][data-preview-state=shown]").wait_for(state="attached")
    # The Ask I chose is marked on its card until Confirm sends it; no other card is.
    page.wait_for_selector(f".tm-card.chosen[data-verifier='{letter}'] [data-ask='{letter}'][aria-pressed='true']")
    assert page.locator(".tm-card.chosen").count() == 1
    assert unchanged(page, server, table, before) and not stored_moves(server, table)
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_selector(f"[data-verifier='{letter}'] .tm-answer")
    # The answer as a tick or a cross on the verifier and on the notes sheet's row of this round.
    game, state = my_position(server, table)
    passed = state.asked[0][-1][1]
    assert page.locator(f"[data-verifier='{letter}'] .tm-answer").get_attribute("data-yes") == ("1" if passed else "0")
    mark = page.locator("[data-testid='tm-grid'] tr[data-round='1'] td[data-mark]").nth(move.verifier)
    assert mark.get_attribute("data-mark") == ("yes" if passed else "no")
    assert page.get_by_test_id("tm-par").count() == 1  # solo: the par shows
    assert len(stored_moves(server, table)) == 4  # three punches and the question
    assert page.errors == []


def wait_changed(server, table, before: str, timeout: float = 10.0):
    # A wait for a condition (the store holds a position other than `before`), 10 s at most: click_for has
    # waited for the page's answer to be drawn (settled), and the server stores a move before it answers,
    # so the first read finds it; the deadline is for a click that sent nothing. No page signal says
    # what the store holds.
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        game, state, now = position(server, table)
        if now != before:
            return game, state
        time.sleep(0.05)
    raise AssertionError("the click did not change the position")


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
def test_a_solo_game_of_turing_machine_by_clicking(new_page, server, mode):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ada")
    page.get_by_label("Game").select_option("turing_machine")
    page.get_by_label("Players").select_option("1")
    page.locator("#opt-mode").select_option(f'"{mode}"')  # a choice's value is its JSON, its text the label
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    table = table_id(page)
    page.wait_for_selector(".tm-card")
    game, state, before = position(server, table)
    cards = page.locator(".tm-card")
    assert cards.count() == len(state.cards)
    for v, verifier in enumerate(state.cards):
        text = cards.nth(v).inner_text()
        assert ("cards " if mode == "extreme" else "card ") + " + ".join(map(str, verifier)) in text
        assert len(verifier) == (2 if mode == "extreme" else 1)
        assert text.startswith("?") == (mode == "nightmare")  # nightmare: the letters are hidden
    # Notes: crossing a digit out is remembered, and nothing is sent.
    page.locator("[data-note='b1']").click()
    assert page.locator("[data-note='b1']").get_attribute("aria-pressed") == "true"
    assert unchanged(page, server, table, before)
    shot(page, f"turing-machine-{mode}-start-desktop")
    asked_shot = False
    for _ in range(60):
        if game.is_over(state):
            break
        move = solver_move(state, 0)
        click_for(page, move)
        game, state = wait_changed(server, table, before)
        before = game.dumps(state)
        if move.__class__ is Ask and not asked_shot:
            letter = LETTERS[move.verifier]
            page.wait_for_selector(f"[data-verifier='{letter}'] .tm-answer")
            yes = state.asked[0][-1][1] if state.asked[0] else state.history[0][-1][1][-1][1]
            badge = page.locator(f"[data-verifier='{letter}'] .tm-answer").last
            assert badge.get_attribute("data-yes") == ("1" if yes else "0")
            shot(page, f"turing-machine-{mode}-answer-desktop")
            assert board_violations(page) == []
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, f"turing-machine-{mode}-answer-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
            asked_shot = True
    assert game.is_over(state) and len(stored_moves(server, table)) > 0
    page.wait_for_selector(".result")
    outcome = game.outcome(state)
    assert outcome.ranks == (1,) and page.locator(".result h2").inner_text() == "You won!"
    assert page.get_by_test_id("verdict").inner_text() == outcome.verdict
    assert page.get_by_test_id("tm-code").inner_text() == game.view(state, 0)["code"]
    assert page.locator(".tm-check.the-one").count() == len(state.cards)  # the checks, shown at the end
    shot(page, f"turing-machine-{mode}-won-desktop")
    assert board_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"turing-machine-{mode}-won-phone")
    assert page.errors == []


def unchanged(page, server, table, before) -> bool:
    """True when the stored position is still `before` once no request of the page is out: a click that
    sends sets the status bar's aria-busy before the click returns, and it goes back to false only after
    the answer (the server stores a move before it answers) is drawn (settled). A click's preview is not
    a move: its caller waits for the prompt's data-preview-state first."""
    settled(page)
    return position(server, table)[2] == before


def test_a_game_against_a_greedy_bot_by_clicking(new_page, server):
    """Two seats, the second a greedy bot: my rounds go through pending moves and Confirm while the
    bot plays its own, and the end shows the result table."""
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ada")
    page.get_by_label("Game").select_option("turing_machine")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Seat 2").select_option("bot:greedy")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    table = table_id(page)
    page.wait_for_selector(".tm-card")
    # Multiplayer: no solo par; the other seats' questions instead.
    assert page.get_by_test_id("tm-par").count() == 0 and "par" not in page.locator(".tm-head").inner_text().lower()
    assert page.locator(".tm-seats").count() == 1
    for _ in range(80):
        page.wait_for_selector("[data-testid=tm-phase], .result", timeout=20000)
        if page.locator(".result").count():
            break
        seq = page_seq(page)  # (read before the store: a change stored after the read is drawn later)
        game, state = my_position(server, table)
        if game.is_over(state):
            break
        if 0 not in game.to_move(state):
            confirm = page.get_by_role("button", name="Confirm")
            if confirm.is_enabled():
                confirm.click()
            # My Confirm or the bot's move stored and drawn: the page shows a newer position (data-seq).
            settled(page, seq + 1)
            continue
        before = game.dumps(state)
        click_for(page, solver_move(state, 0))
        wait_changed(server, table, before)
    page.wait_for_selector(".result", timeout=20000)
    game, state = my_position(server, table)
    outcome = game.outcome(state)
    assert game.is_over(state) and page.locator(".result-table").count() == 1
    assert page.get_by_test_id("tm-code").inner_text() == game.view(state, 0)["code"]
    # Both seats' questions are in the board's list, round by round.
    for seat in (0, 1):
        line = page.locator(f".tm-seats [data-seat='{seat}']").inner_text()
        letters = ["".join(LETTERS[v] for v, _ in answers) or "-" for _, answers in state.history[seat]]
        assert all(f"R{r}: {word}" in line for r, word in enumerate(letters, 1)), line
    assert outcome.winners
    shot(page, "turing-machine-2p-end-desktop")
    assert page.errors == []


TM_BOTS = """async () => (await (await fetch("/api/tables", {method: "POST",
  headers: {"Content-Type": "application/json"},
  body: JSON.stringify({game: "turing_machine", players: 2, seats: Array(2).fill({type: "bot", level: "greedy"}),
                        clock: {mode: "none"}})})).json()).table"""
GO_TO = """(k) => { const s = document.querySelector('.replay input[type=range]'); s.value = String(k);
  s.dispatchEvent(new Event('input')); }"""


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_replay_offers_nothing_to_punch_or_note(new_page, server, size):
    """A replay shows what happened: the proposals and answers, told in words; it showed "Punch your
    proposal" with the punch card and "Your notes" with digits to cross out, inputs a watcher cannot use."""
    page = new_page(viewport=size)
    sign_in_as_guest(page, "Vi")
    table = page.evaluate(TM_BOTS)
    page.goto(f"/t/{table}?watch=1")
    page.locator(".result").wait_for(timeout=120000)
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('Move')")
    moves = stored_moves(server, table)
    # A step mid-round after seat 1's first answer: its proposal is made and a verifier asked.
    asks = [i + 1 for i, m in enumerate(moves) if m["seat"] == 0 and "ask" in m["move"]]
    assert asks, "the greedy bot asked no verifier"
    k = asks[0]
    page.evaluate(GO_TO, k)
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move {k} of')")
    replay_box = page.locator(".replay")
    replay_box.locator("[data-testid='tm-grid'] tr[data-round]").first.wait_for()
    inputs = ".tm-punch, [data-punch], [data-note], .tm-notes, [data-action], button.tm-check"
    assert replay_box.locator(inputs).count() == 0
    assert "Punch your proposal" not in replay_box.inner_text()
    assert "Your notes" not in replay_box.inner_text()
    assert replay_box.locator(".board-host button").count() == 0
    labels = replay_box.locator(".tm-answers").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    assert labels and not any(label.startswith("Your ") for label in labels), labels  # (the seat's, named)
    phase = replay_box.get_by_test_id("tm-phase")
    assert re.search(r"proposal \d{3}", phase.inner_text()), phase.inner_text()
    assert page.errors == []
