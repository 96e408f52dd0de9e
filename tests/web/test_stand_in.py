"""Why a bot plays my seat, in the client's words, for every reason the server stores
(meeple.server.protocol.StandIn, shared with the client through web/js/protocol.js)."""

from __future__ import annotations

import pytest

from meeple.server.protocol import StandIn

from .helpers import create_table, sign_in_as_guest

WORDS = {StandIn.TIMEOUT: "Your time ran out", StandIn.LEFT: "You left the table"}


def test_every_reason_has_its_words():
    assert set(WORDS) == set(StandIn), "a new stand-in reason needs its words here and in seats.js"


@pytest.mark.parametrize("reason", list(StandIn))
def test_the_client_names_each_stand_in_reason(new_page, server, reason):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto("/")
    why = page.evaluate("r => import('/static/js/seats.js').then((m) => m.standInWhy(r))", str(reason))
    assert why == WORDS[reason]
    assert page.errors == []


def test_a_clock_timeout_says_the_time_ran_out(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Tim")
    page.get_by_label("Clock").select_option("realtime")
    page.get_by_label("Seconds per move").fill("5")
    page.get_by_label("Time bank (s)").fill("1")
    create_table(page, ["random"])
    # The bots may finish the game soon after, which takes the banner away: note every banner shown.
    page.evaluate("""() => { window.banners = [];
      new MutationObserver(() => document.querySelectorAll('.stand-in p').forEach((p) => {
        if (!window.banners.includes(p.textContent)) window.banners.push(p.textContent); }))
        .observe(document.body, { childList: true, subtree: true, characterData: true }); }""")
    # I do nothing: after six seconds (five and the bank) a bot stands in, and the banner says why.
    page.wait_for_function("() => window.banners.length > 0", timeout=20000)
    assert page.evaluate("() => window.banners") == [f"{WORDS[StandIn.TIMEOUT]}: a bot is playing your seat."]
    assert page.errors == []
