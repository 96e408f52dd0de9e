"""Wizard at six seats on a small phone (360x740): while I predict, the trump is said beside the
prediction chips ("Predict your tricks (trump: elves):"), in view with them. The trump card lies above the
felt, and at six seats on a phone the page brings my chips and hand into view with the felt between, so the
trump card was out of view, above, while I chose a prediction that depends on it."""

from __future__ import annotations

import random

from .api_play import play_by_api
from .helpers import create_by_api


def test_trump_said_beside_the_prediction_chips(new_page, guest_session, server):
    page = new_page(viewport={"width": 360, "height": 740}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6)
    # My prediction, a few rounds in (four cards each: the felt and my hand are tall), with a trump.
    state = play_by_api(server, made["table"], made["token"], lambda s: s["view"]["round"] >= 4 and s["view"]["trump"]
                        and any("bid" in m["json"] for m in s["legal"]), random.Random(3))
    trump = state["view"]["trump"]
    page.goto(made["seats"][0]["invite"])
    page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached")  # acting.js's scrolling is over
    ask = page.locator(".tt-actions .tt-ask")
    assert ask.inner_text() == f"Predict your tricks (trump: {trump}):"
    box = ask.bounding_box()
    bar = page.locator(".status-bar").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (box, bar)  # in view, above the status bar
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.errors == []
