"""The new-table form's seat choice reads whole on a phone: a bot level's words with its measured share
("Bot: search 3 (longest search, up to 1 s a move) · won 76% against greedy ...") were cut after a dozen
letters in the seat's box ("Bot: search 3 (longest se"). Wizard at six seats, the form's longest list."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

# The chosen option's words laid out in a box as wide as the select's inside (its arrow not taken off:
# the least they need), in its font: how tall they need to be, and how tall the select's inside is (a
# select whose words cannot wrap keeps one line).
FITS = """(select) => {
  const style = getComputedStyle(select);
  const inside = (side) => parseFloat(style[`padding${side}`]) + parseFloat(style[`border${side}Width`]);
  const probe = document.createElement("div");
  probe.textContent = select.selectedOptions[0].textContent;
  probe.style.cssText = `position:absolute;visibility:hidden;white-space:normal;font:${style.font};` +
    `width:${select.getBoundingClientRect().width - inside("Left") - inside("Right")}px`;
  document.body.append(probe);
  const need = probe.getBoundingClientRect().height;
  probe.remove();
  return {need, has: select.getBoundingClientRect().height - inside("Top") - inside("Bottom")};
}"""


@pytest.mark.parametrize("size", SIZES)
def test_a_seats_chosen_level_is_not_cut_short(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    form = page.locator("form.create")
    form.locator("select[name=game]").select_option("wizard")
    form.locator("select[name=players]").select_option("6")
    seat = page.get_by_label("Seat 2")
    seat.select_option("bot:search3")
    page.get_by_label("Seat 3").select_option("human")
    form_box = form.bounding_box()
    for n in range(2, 7):
        choice = page.get_by_label(f"Seat {n}")
        fit = choice.evaluate(FITS)
        assert fit["need"] <= fit["has"] + 1, (n, fit, choice.evaluate("(s) => s.selectedOptions[0].textContent"))
        box = choice.bounding_box()
        assert box["x"] + box["width"] <= form_box["x"] + form_box["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    form.locator("fieldset").scroll_into_view_if_needed()
    shot(page, f"look-h4-seat-choice-{size}")
    assert not page.errors
