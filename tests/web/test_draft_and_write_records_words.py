"""Draft & Write Records' sheet in a player's words (issue 34/35 polish): the Agenda is the sheet's 3x3
grid of spaces numbered 1 to 9, each row's, column's and diagonal's bonus drawn at its end, and the
Assets spaces numbered 1 to 10; no code ("g5", "a3") on the sheet or on a card in the hand."""

from __future__ import annotations

import random
import re

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api
from .test_wizard_play import violations

CODE = re.compile(r"\b[ga]\d+\b")


def test_agenda_and_assets_read_as_numbered_spaces(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "draft_and_write_records", 2)
    # My turn in the draft with an agenda or asset card in hand (the set-up's choices played at random).
    play_by_api(server, made["table"], made["token"], lambda s: any(
        c["kind"] != "crew" for c in (s.get("view") or {}).get("hand") or []) and bool(s["legal"]), random.Random(5))
    page.goto(made["seats"][0]["invite"])
    agenda = page.locator("[data-seat-sheet='0'] [data-section='agenda']")
    agenda.wait_for()
    spaces = agenda.locator("[data-place]")
    assert [spaces.nth(i).inner_text() for i in range(spaces.count())] == [str(n) for n in range(1, 10)]
    ends = agenda.locator("[data-line]").evaluate_all("els => els.map(e => e.dataset.line)")
    assert sorted(ends) == sorted(["row 1", "row 2", "row 3", "column 1", "column 2", "column 3",
                                   "diagonal \\", "diagonal /"])
    assets = page.locator("[data-seat-sheet='0'] [data-section='assets'] [data-place]")
    assert [assets.nth(i).inner_text() for i in range(assets.count())] == [str(n) for n in range(1, 11)]
    sheet = page.locator("[data-seat-sheet='0']").inner_text()
    hand = page.locator(".dw-hand").inner_text()
    assert not CODE.search(sheet) and not CODE.search(hand), (sheet, hand)
    assert re.search(r"space \d+ or \d+", hand), hand
    for size, viewport in {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}.items():
        page.set_viewport_size(viewport)
        shot(page.locator("[data-seat-sheet='0'] .dw-sheet"), f"dw-sheet-words-{size}")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert violations(page) == [], size
    assert page.errors == []
