"""A table names its game and the rules it is played by, in the waiting room and at the board."""

from tests.web.helpers import CREATE_BY_API, create_by_api, sign_in_as_guest


def test_the_table_shows_the_game_and_its_changed_options(new_page):
    page = new_page()
    sign_in_as_guest(page, "Ola")
    made = page.evaluate(CREATE_BY_API, {
        "game": "wizard", "players": 3, "options": {"predictions": "hidden", "plus_minus_one": True},
        "seats": [{"type": "human"}, {"type": "human"}, {"type": "bot", "level": "random"}],
        "join_seat": 0, "clock": {"mode": "none"}})
    page.goto(made["seats"][0]["invite"])
    head = page.locator(".table-head")
    head.wait_for()
    assert head.locator("h1").inner_text() == "Wizard"
    assert page.locator(".waiting").count() == 1  # still waiting for the friend
    text = head.inner_text()
    assert "3 players" in text and "Predictions: Hidden, shown together" in text and "Plus or minus one" in text
    assert "_" not in text and "plus minus" not in text  # options as players say them, never engine names
    # Yes/no options read as words, yes or no as the table has them.
    assert head.locator("[data-option='plus_minus_one']").inner_text() == "Plus or minus one: yes"
    assert head.locator("[data-option='foresight']").inner_text().endswith(": no")
    assert "length" not in text  # options left at their default are not listed

    plain = create_by_api(page, "picnic", 2)
    page.goto(plain["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    assert "2 players · standard rules" in page.locator(".table-head").inner_text()


def test_the_head_says_whether_the_table_is_rated_and_its_clock(new_page):
    """A player who joins learns there, before the first move, whether the game counts and how long a move
    may take (before, neither was said anywhere at the table)."""
    page = new_page()
    sign_in_as_guest(page, "Ola")
    timed = create_by_api(page, "picnic", 2, rated=True, clock={"mode": "realtime", "per_move_s": 20, "bank_s": 300})
    page.goto(timed["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    assert "2 players · standard rules · rated · clock: 20 s a move + 5 min in the bank" in \
        page.locator(".table-head").inner_text()

    page.goto("/")
    slow = page.evaluate(CREATE_BY_API, {
        "game": "picnic", "players": 2, "rated": False, "join_seat": 0,
        "clock": {"mode": "turn_based", "deadline_h": 24}, "seats": [{"type": "human"}, {"type": "human"}]})
    page.goto(slow["seats"][0]["invite"])
    page.locator(".waiting").wait_for()
    head = page.locator(".table-head").inner_text()
    assert "2 players · standard rules · clock: 24 h a move" in head and "rated" not in head
