"""The finished game's ranking (Rank, Player, Score) spans its card on a phone, as the score rows under it
do: it stopped at 280 px, a blank strip to its right. On a desktop it keeps to its content."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api
from tests.web.test_look_result_ratings import DESKTOP, PHONE, PLAY_TO_THE_END

# The ranking's width and the card's inside (its width less its padding and borders).
WIDTHS = """() => {
  const card = document.querySelector('.result');
  const style = getComputedStyle(card);
  const side = (s) => parseFloat(style[`padding${s}`]) + parseFloat(style[`border${s}Width`]);
  return {table: document.querySelector('.result .result-table').getBoundingClientRect().width,
          inside: card.getBoundingClientRect().width - side('Left') - side('Right')};
}"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_ranking_spans_the_result_card_on_a_phone(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 3, options={"single_round": 1}, rated=False)
    assert page.evaluate(PLAY_TO_THE_END, made["table"])
    page.goto(f"/t/{made['table']}")
    page.locator(".result .result-table").wait_for()
    widths = page.evaluate(WIDTHS)
    if phone:
        assert abs(widths["table"] - widths["inside"]) <= 1, widths
    else:
        assert widths["table"] < widths["inside"] / 2, widths
    page.locator(".result").scroll_into_view_if_needed()
    shot(page, f"look-h4-result-width-{size}")
    assert not page.errors
