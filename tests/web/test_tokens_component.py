"""The token component the boards share (web/js/tokens.js, issue 34): Living Forest, Assyria and Digging for
Dinos drew their own tokens and chips. A token that can be tapped is a button named for what it does, lit or
chosen, pressed by the keyboard too; one that cannot is a picture a keyboard still reaches for its tooltip;
a chip is a picture with a count read as words; `pressable` makes a piece of a board's SVG a button."""

from __future__ import annotations

from .test_wizard_play import violations

MOUNT = """async () => {
  const { token, chip, pressable } = await import('/static/js/tokens.js');
  const { attach } = await import('/static/js/tooltip.js');
  const { icon } = await import('/static/js/icons.js');
  const ctx = { tooltip: attach };
  window.pressed = [];
  const box = document.createElement('div');
  box.id = 'tokens';
  box.className = 'board-host';
  box.append(
    token(ctx, { pictures: [icon('as_camel')], name: 'Offer 1', label: 'Offer 1 camel', lit: true,
      tip: 'Up the track by 1', data: { move: 'offer' }, onClick: () => window.pressed.push('offer') }),
    token(ctx, { pictures: [icon('lf_pass')], name: 'End', label: 'End actions', control: true, chosen: true,
      onClick: () => window.pressed.push('end') }),
    token(ctx, { pictures: [icon('as_camel')], name: 'Offer 3', label: 'Offer 3 camels', disabled: true,
      onClick: () => window.pressed.push('never') }),
    token(ctx, { pictures: [icon('lf_plant')], name: 'Plant', label: 'Plant a tree (not now)', off: true,
      tip: 'Not now' }),
    chip(ctx, { pictures: icon('as_camel', { size: 16 }), count: 3, label: '3 camels', data: { camels: '0' } }),
    chip(ctx, { pictures: icon('lf_fire', { size: 15 }), count: 2, shape: 'hex', label: '2 fire Victory tiles' }),
  );
  const svgNs = 'http://www.w3.org/2000/svg';
  const s = document.createElementNS(svgNs, 'svg');
  s.setAttribute('viewBox', '0 0 40 40');
  s.setAttribute('width', '40');
  const g = document.createElementNS(svgNs, 'g');
  g.append(document.createElementNS(svgNs, 'circle'));
  s.append(pressable(g, 'Dig well 3', () => window.pressed.push('well')));
  box.append(s);
  document.querySelector('main').prepend(box);
}"""


def test_tokens_and_chips_are_named_pressable_and_explained(new_page):
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("/")
    page.wait_for_selector("main")
    page.evaluate(MOUNT)
    tokens = page.locator("#tokens .tk")
    assert tokens.count() == 4

    offer = page.get_by_role("button", name="Offer 1 camel")
    assert offer.get_attribute("class").split()[:2] == ["tk", "lit"] and offer.get_attribute("data-move") == "offer"
    assert offer.locator(".tk-name").inner_text() == "Offer 1"
    end = page.get_by_role("button", name="End actions")
    assert {"tk-control", "chosen"} <= set(end.get_attribute("class").split())
    assert page.get_by_role("button", name="Offer 3 camels").is_disabled()

    # The keyboard presses tokens and SVG pieces alike; a disabled token never acts.
    page.keyboard.press("Tab")
    while page.evaluate("document.activeElement.getAttribute('aria-label')") != "Offer 1 camel":
        page.keyboard.press("Tab")
    page.wait_for_selector("#tooltip:not([hidden])")
    assert page.locator("#tooltip").inner_text() == "Up the track by 1"  # keyboard focus explains it
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    well = page.get_by_role("button", name="Dig well 3")
    well.focus()
    page.keyboard.press("Enter")
    well.focus()
    page.keyboard.press(" ")
    page.get_by_role("button", name="Offer 3 camels").click(force=True)
    assert page.evaluate("window.pressed") == ["offer", "end", "well", "well"]

    # What cannot be tapped is a picture with its words, still reached by the keyboard for its tooltip.
    plant = page.get_by_role("img", name="Plant a tree (not now)")
    assert "off" in plant.get_attribute("class").split() and plant.get_attribute("tabindex") == "0"
    camels = page.get_by_role("img", name="3 camels")
    assert camels.inner_text() == "3" and camels.get_attribute("data-camels") == "0"
    camels.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.querySelector('#tooltip')?.textContent === '3 camels'")
    assert "tk-hex" in page.get_by_role("img", name="2 fire Victory tiles").get_attribute("class").split()
    assert violations(page, "#tokens") == []
    assert page.errors == []
