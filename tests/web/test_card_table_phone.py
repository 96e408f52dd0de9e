"""The card table of Wizard and Ninety-Nine (js/cards.js) read as a player reads it (issue 34 leftovers):

- every seat's name reads whole at the largest table, on a phone (390 and 360 wide) and a desktop: the
  names were cut to "rand..." and "Ada ..." (the dealer's button took the name's room), over the score
  pad's columns to "random b...", and under the trick's cards to "rando...";
- a nine (or the Joker) turned up in Ninety-Nine, or a Jester in Wizard, says why there is no trump: the
  9 of spades lay in the trump spot beside "Trump none", as if spades were trump (the game is right: a
  nine or the Joker turned up makes a hand without trump);
- a Wizard prediction chosen (before Confirm) shows on my own bid chip, as the bots' show on theirs;
- a hinted card (issue 36's Hint) is lit in my fanned hand, in Wizard (a card to play) and in Ninety-Nine
  (a card to set aside as a bid card), as the board lights a hinted prediction chip.
"""

from __future__ import annotations

import random

import pytest

from meeple import games

from .api_play import play_by_api
from .conftest import ARTIFACTS, shot
from .helpers import create_by_api, shoot

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}, {"width": 1280, "height": 800}]
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
# Each seat's name as drawn: its text, and whether any of it is cut off (an ellipsis, or lines clamped).
NAMES = """() => [...document.querySelectorAll('.tt-seat')].map((seat) => {
  const who = seat.querySelector('.tt-who');
  return { seat: Number(seat.dataset.seat), text: who.textContent,
           cut: who.scrollWidth > who.clientWidth + 1 || who.scrollHeight > who.clientHeight + 1 };
})"""

PAD_HEADS = """() => [...document.querySelectorAll('.tt-scores thead th[style]')].map((th) => ({
  text: th.textContent, cut: th.scrollWidth > th.clientWidth + 1 }))"""


def my_turn(state: dict) -> bool:
    """Mine alone to move: with bots still bidding (Ninety-Nine's bids are made together) the table
    redraws under the test, and a screenshot of the felt found it detached (CI of 6 December)."""
    return bool(state["legal"]) and state["to_move"] == [0]


@pytest.mark.parametrize(("game_id", "players"), [("wizard", 6), ("ninety_nine", 3)])
def test_every_seat_name_reads_whole_at_the_largest_table(new_page, guest_session, server, game_id, players):
    assert players == games.get(game_id).max_players
    page = new_page(viewport=SIZES[0], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, players)
    play_by_api(server, made["table"], made["token"], my_turn, random.Random(1))
    expected = {0: "Ada (you)", **{s: f"random bot {s + 1}" for s in range(1, players)}}
    for size in SIZES:
        page.set_viewport_size(size)
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".prompt.my-turn")
        page.wait_for_selector(".tt-seat .tt-dealer")  # a dealer's button is by one of the names
        shoot(page, ".tt-felt", ARTIFACTS / f"names-{game_id}-{size['width']}.png")
        names = page.evaluate(NAMES)
        assert {n["seat"]: n["text"] for n in names} == expected, size
        assert [n["seat"] for n in names if n["cut"]] == [], f"names cut at {size}"
        heads = page.evaluate(PAD_HEADS)  # and over the score pad's columns
        assert [h["text"] for h in heads] == ["Ada", *[f"random bot {s + 1}" for s in range(1, players)]]
        assert [h["text"] for h in heads if h["cut"]] == [], f"score pad heads cut at {size}"
        assert page.evaluate(WIDEST) <= size["width"], f"the page scrolls sideways at {size}"
    assert page.errors == []


# The name tags under the trick's cards: each one's text and whether any of it is cut off.
TAGS = """() => [...document.querySelectorAll('.tt-played')].map((p) => {
  const tag = p.querySelector('.tt-tag');
  return { seat: Number(p.dataset.seat), text: tag.textContent,
           cut: tag.scrollWidth > tag.clientWidth + 1 || tag.scrollHeight > tag.clientHeight + 1 };
})"""


@pytest.mark.parametrize(("game_id", "players"), [("ninety_nine", 3), ("wizard", 4)])
def test_the_names_under_the_trick_read_whole_on_a_phone(new_page, guest_session, server, game_id, players):
    page = new_page(viewport=SIZES[0], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, players)
    play_by_api(server, made["table"], made["token"], lambda s: my_turn(s) and s["view"]["phase"] == "play"
                and len(s["view"]["trick"]) == players - 1, random.Random(5))
    for size in SIZES[:2]:
        page.set_viewport_size(size)
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".prompt.my-turn")
        tags = page.evaluate(TAGS)
        assert sorted(t["text"] for t in tags) == [f"random bot {s + 1}" for s in range(1, players)]
        assert [t["seat"] for t in tags if t["cut"]] == [], f"names under the trick cut at {size}"
        shoot(page, ".tt-felt", ARTIFACTS / f"tags-{game_id}-{size['width']}.png")
    assert page.errors == []


def turned_up(game_id: str, players: int, kind: str) -> dict:
    """Seat 1's view of a first deal whose turned-up card is of `kind` (a code's first character)."""
    game = games.get(game_id)
    for seed in range(500):
        view = game.view(game.setup(players, None, seed), 0)
        if view["turnup"] and view["turnup"].startswith(kind):
            return view
    raise AssertionError(f"no {kind} turned up in 500 deals")


# The board drawn into the page from a view (as the table draws it), with the table's context stood in for.
DRAW = """async ([game, view]) => {
  const { createBoard } = await import(`/static/games/${game}.js`);
  const root = document.createElement('div');
  document.body.append(root);
  const { moveMaker } = await import('/static/js/moves.js');
  const listed = await (await fetch('/api/games')).json();
  const ctx = { tooltip() {}, seatName: (s) => `seat ${s + 1}`, you: () => '', seatColour: () => '#888',
                selected: () => null, isLegal: () => false, select() {}, play() {},
                move: moveMaker(game, listed.find((g) => g.id === game).moves) };
  createBoard(root, ctx).update({ view, my_seat: 0, legal: [] });
  return { words: root.querySelector('.tt-trump-words').textContent,
           card: root.querySelector('.tt-trump .tt-card').getAttribute('aria-label') };
}"""


@pytest.mark.parametrize(("game_id", "players", "kind", "card", "why"), [
    ("ninety_nine", 3, "9", "turned up: 9 of ", "none: a nine turned up"),
    ("ninety_nine", 3, "JK", "turned up: the Joker", "none: the Joker turned up"),
    ("wizard", 3, "J", "turned up: Jester", "none: a Jester turned up"),
])
def test_a_card_turned_up_that_makes_no_trump_says_so(new_page, server, game_id, players, kind, card, why):
    view = turned_up(game_id, players, kind)
    assert view["trump"] is None
    page = new_page(viewport=SIZES[0])
    page.goto("/")
    drawn = page.evaluate(DRAW, [game_id, view])
    assert drawn["card"].startswith(card)
    assert drawn["words"] == f"Trump {why}"  # why the card in the trump spot is no trump


def test_a_chosen_prediction_shows_on_my_bid_chip_before_confirm(new_page, guest_session, server):
    page = new_page(viewport=SIZES[0], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 3, options={"single_round": 3})
    play_by_api(server, made["table"], made["token"], my_turn, random.Random(2))
    page.goto(made["seats"][0]["invite"])
    chip = page.locator(".tt-seat[data-seat='0'] [data-bid='0']")
    assert chip.get_attribute("data-value") == "–"
    choice = page.locator("[data-bid-choice]:not([disabled])").last
    bid = choice.get_attribute("data-bid-choice")
    choice.click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    assert chip.get_attribute("data-value") == bid  # before Confirm
    assert "chosen" in chip.get_attribute("class")
    page.get_by_role("button", name="Reset").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=prompt]').textContent.includes('Selected:')")
    assert chip.get_attribute("data-value") == "–"
    assert page.errors == []


# The element wholly in the window, above the fixed status bar.
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= document.querySelector('.status-bar').getBoundingClientRect().top; }"""


def hinted_move(page) -> dict:
    with page.expect_response(lambda r: r.url.endswith("/hint") and r.request.method == "POST") as answer:
        page.get_by_test_id("hint").click()
    page.get_by_test_id("hint-line").wait_for(state="visible", timeout=60000)
    return answer.value.json()["hint"]["move"]


@pytest.mark.parametrize(("game_id", "until", "key", "lit"), [
    ("wizard", lambda s: any("play" in m["json"] for m in s["legal"]), "play", "can-play"),
    # (any bid card of mine to set aside, the bots' bids made or not: waiting for mine alone to move had my
    # random bids sent meanwhile, and the play began before the page was opened)
    ("ninety_nine", lambda s: any("bid_card" in m["json"] for m in s["legal"]), "bid_card", "can-set-aside"),
])
def test_a_hinted_card_is_lit_in_my_hand(new_page, guest_session, server, game_id, until, key, lit):
    page = new_page(viewport=SIZES[0], storage_state=guest_session)
    page.goto("/")
    options = {"single_round": 4} if game_id == "wizard" else {}
    made = create_by_api(page, game_id, 3, rated=False, options=options)
    play_by_api(server, made["table"], made["token"], until, random.Random(3))
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(f".tt-hand .tt-card.{lit}")
    assert page.locator(".tt-hand .tt-card.chosen").count() == 0
    move = hinted_move(page)
    assert key in move, move
    chosen = page.locator(".tt-hand .tt-card.chosen")
    chosen.wait_for()
    assert chosen.count() == 1
    assert chosen.get_attribute("data-card") == move[key]
    assert lit in chosen.get_attribute("class")
    # and in view, above the status bar that the hint's line made taller (it covered the card on a phone)
    page.wait_for_function(IN_VIEW, arg=".tt-hand .tt-card.chosen", timeout=5000)
    page.mouse.move(0, 0)
    shot(page, f"hint-card-{game_id}", full_page=False)
    assert page.errors == []
