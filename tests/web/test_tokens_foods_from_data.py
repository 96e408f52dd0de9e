"""Assyria's board draws food cards and hexes from the view (issue 34): a food kind it has never heard of
("fig", as if added to games/assyria/components.py) draws with its count, its words from the view, a colour
of its own and the generic food picture, and its tooltip reads; the board had its own table of the five
foods, so a new one drew as a wild card and its tooltip failed."""

from __future__ import annotations

from .helpers import create_by_api

# Mounts a fresh Assyria board on `state` with a table's ctx whose tooltips are recorded, and reads back
# every card and hex of the kind asked for: pictures, count, accessible name, colour and tooltip.
MOUNT = """async ([state, card, hex]) => {
  const { createBoard } = await import('/static/games/assyria.js');
  const tips = new Map();
  const { moveMaker } = await import('/static/js/moves.js');
  const listed = await (await fetch('/api/games')).json();
  const ctx = { play() {}, select() {}, selected: () => null, isLegal: () => false, clearSelection() {},
    move: moveMaker('assyria', listed.find((g) => g.id === 'assyria').moves),
    tooltip: (el, fn) => tips.set(el, fn), seatName: (s) => `Seat ${s + 1}`, you: () => '',
    seatColour: () => '#c8412f' };
  const root = document.createElement('div');
  document.body.append(root);
  createBoard(root, ctx).update(state);
  const cards = [...root.querySelectorAll(`.as-card[data-card=${card}]`)].map((e) => ({
    icons: [...e.querySelectorAll('svg[data-icon]')].map((i) => i.dataset.icon),
    count: e.querySelector('.as-count').textContent, label: e.getAttribute('aria-label'),
    colour: e.style.getPropertyValue('--food'), tip: tips.get(e)() }));
  const g = root.querySelector(`.as-hex[data-hex=${hex}]`);
  const hexIcons = [...g.querySelectorAll('use[data-icon]')].map((u) => u.dataset.icon);
  return { cards, hexIcons, hexTip: tips.get(g)() };
}"""


def test_a_new_food_kind_draws_from_the_view(new_page, guest_session, server):
    page = new_page(viewport={"width": 390, "height": 844}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "assyria", 2)
    status, state = server.api("GET", f"/api/tables/{made['table']}/state", token=made["token"])
    assert status == 200
    view = state["view"]
    view["foods"].append({"key": "fig", "one": "fig", "many": "figs"})
    view["cards"]["fig2"] = {"food": "fig", "count": 2, "cost": 2}
    view["rows"][0][0] = "fig2"
    view["hands"][0] = {**view["hands"][0], "fig2": 1}
    view["map"]["hexes"][0]["food"] = "fig"
    hex_label = view["map"]["hexes"][0]["label"]

    found = page.evaluate(MOUNT, [state, "fig2", hex_label])
    assert len(found["cards"]) >= 2  # in the food row and in my hand (and my supplies)
    for card in found["cards"]:
        assert card["icons"] == ["food", "food"]  # two figs, drawn as the generic food
        assert card["count"] == "2"
        assert card["label"] == "2 figs"
        assert card["colour"] and card["colour"] not in ("#444", "rgb(68, 68, 68)")  # not the wild card's
        assert card["tip"] == "Figs, 2 symbols: feeds up to 2 huts on fig hexes."
    assert found["hexIcons"] == ["food"]
    assert found["hexTip"].startswith(f"{hex_label}: figs, ")

    # The known foods still draw as their own pictures, with their words from the view.
    view["rows"][0][0] = "date3"
    known = page.evaluate(MOUNT, [state, "date3", hex_label])
    assert known["cards"][0]["icons"] == ["as_date"] * 3 and known["cards"][0]["label"] == "3 dates"
    assert page.errors == []
