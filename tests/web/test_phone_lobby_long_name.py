"""The lobby's new-table form with a one-word name of 32 letters (the most a name may have): my seat's words
("Seat 1: you (name)", and a solo table's ", solo: ...") stay beside my seat's dot, and no line of them is a bracket
or comma alone. Before, the words went under the dot whole (the dot alone on its line, at 360, 390 and 1280 px)."""

from __future__ import annotations

from .conftest import shot
from .helpers import two_frames
from .test_pages_fit_phones import assert_fits, guest

LONG_NAME = "Bartholomewfitzgeraldvanderberg" + "s"
# My seat's line: the dot's box, and the words of its text as drawn, line by line (each letter's box, grouped by top).
SEAT_LINES = """() => {
  const li = document.querySelector('form.create .seat-list li');
  const dot = li.querySelector('.dot').getBoundingClientRect();
  const lines = [];
  const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getBoundingClientRect();
      const line = lines.find((l) => Math.abs(l.top - r.top) < 4);
      if (line) line.text += node.data[i];
      else lines.push({ top: r.top, bottom: r.bottom, text: node.data[i] });
    }
  }
  lines.sort((a, b) => a.top - b.top);
  return { dot: { top: dot.top, bottom: dot.bottom }, lines };
}"""


def assert_seat_words(page, where: str) -> None:
    seat = page.evaluate(SEAT_LINES)
    lines = seat["lines"]
    assert "".join(line["text"] for line in lines).replace(" ", "").find(LONG_NAME) >= 0, (where, lines)
    first = lines[0]
    assert first["top"] - 1 <= seat["dot"]["top"] and seat["dot"]["bottom"] <= first["bottom"] + 1, \
        f"{where}: the dot is not beside the first line of my seat's words: {seat}"
    alone = [line["text"] for line in lines if not any(c.isalnum() for c in line["text"])]
    assert not alone, f"{where}: a line of my seat's words with no letter: {alone} in {[x['text'] for x in lines]}"


def test_my_seats_words_stay_by_the_dot_and_never_leave_a_bracket_alone(new_page):
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    guest(page, LONG_NAME)
    for game, players in (("picnic", "2"), ("turing_machine", "1")):
        page.locator("form.create select[name=game]").select_option(game)
        page.locator("form.create select[name=players]").select_option(players)
        # The phones and a desktop, and every width between two narrow phones: a bracket or comma is left alone
        # only where a line's room ends just before it.
        for width in [1280, 390, 360, *range(320, 421, 3)]:
            page.set_viewport_size({"width": width, "height": 800})
            two_frames(page)
            assert_seat_words(page, f"{game} at {width} px")
            if width == 360:
                assert_fits(page, f"the lobby with {game} and a long name")
                shot(page.locator("form.create .seat-list"), f"phone-lobby-long-name-{game}")
    assert page.errors == []
