"""Picnic's plate figure on the rules page draws its tiles' names at 10 px or more on a desktop (they were
8 px: the whole plate, at most 320 px tall, was too small for them); the figure's size limit is
tests/web/test_rules_figures.py's."""

from __future__ import annotations

from tests.web.test_h9_toy_battle_badge import TEXTS, _open


def test_picnic_plate_names_are_readable_on_a_desktop(new_page):
    page = new_page(viewport={"width": 1280, "height": 800})
    _open(page, "picnic")
    names = [t for t in page.evaluate(TEXTS, "plate") if t["words"] != "centre"]
    assert len(names) == 4, names
    for t in names:
        assert t["px"] >= 10, f"the plate's tile name {t['words']!r} is {t['px']:.1f} px at 1280x800"
    assert not page.errors, page.errors
