"""Relative Space: what lies in a pod can be read at a glance. A card under a pod's top card showed a strip of 14 px,
so a special there read "Ze" or "Ke" (its icon and name cut). Now each covered card's strip shows its whole number,
or its special's whole icon (the name left out), and nothing of it is cut by the card over it.

Checked on the rules page's picture of a pod (drawn by the board's own podBox: items 3, a Zero-G, 2, and 6 on top),
at a desktop's and two phones' sizes."""

from __future__ import annotations

import pytest

from .conftest import shot

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "small-phone": {"width": 360, "height": 740}}

# Per covered card of each pod: its code, the parts of its face drawn (text or icon), and those the card over it cuts.
STRIPS = """() => [...document.querySelectorAll('.rs-stack')].flatMap((stack) => {
  const cards = [...stack.querySelectorAll(':scope > .rs-card')];
  return cards.slice(0, -1).map((card, i) => {
    const over = cards[i + 1].getBoundingClientRect();
    const parts = [...card.querySelectorAll(':scope > span')].map((s) => {
      const range = document.createRange();
      range.selectNodeContents(s);
      return range.getBoundingClientRect();
    }).filter((r) => r.width > 0 && r.height > 0);
    return {card: card.dataset.card, drawn: parts.length, cut: parts.filter((r) => r.right > over.left + 0.5).length};
  });
})"""


@pytest.mark.parametrize("size", SIZES)
def test_covered_pod_cards_show_whole(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/games/relative_space/rules")
    page.wait_for_selector(".rules-page details.rules-section")
    page.evaluate("document.querySelectorAll('.rules-page details').forEach((d) => { d.open = true; })")
    figure = page.locator("figure[data-figure='pod']")
    figure.scroll_into_view_if_needed()
    strips = page.evaluate(STRIPS)
    assert [s["card"] for s in strips] == ["3", "ZERO", "2"], strips
    assert all(s["drawn"] and not s["cut"] for s in strips), strips
    shot(figure, f"relative-space-pod-strips-{size}")
    assert page.errors == []
