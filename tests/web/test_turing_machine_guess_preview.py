"""Turing Machine: the last digit of a guess is only selected (it would store the guess), and the punch
card shows it punched before Confirm, as the two digits before it (a preview with nothing drawn was a
"Selected: purple 3" under an unpunched purple column)."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api


def two_digits_guessed(state: dict) -> bool:
    you = state["view"].get("you") or {}
    return bool(state["legal"]) and you.get("phase") == "guessing" and len(you.get("guessing", "")) == 2


def test_the_last_digit_of_a_guess_is_drawn_punched_before_confirm(new_page, guest_session, server):
    page = new_page(viewport={"width": 390, "height": 844}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "turing_machine", 1)
    state = play_by_api(server, made["table"], made["token"], two_digits_guessed, random.Random(3))
    assert two_digits_guessed(state), "the random seat never got to the last digit of a guess"
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".tm-punch[aria-label='Your guess'] [data-punch^='p']:not([disabled])")
    page.locator("[data-punch='p3']").click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    page.wait_for_selector("[data-punch='p3'][aria-pressed='true']", timeout=5000)
    assert page.locator(".tm-punch [aria-pressed='true']").count() == 3
