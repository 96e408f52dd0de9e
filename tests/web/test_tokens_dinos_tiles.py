"""Digging for Dinos' tiles keep their marks readable (issue 34, seen in the screenshots): a paleontologist
stood over the middle of its tile and hid the picked bone (a Stegosaurus' plates, a Pteranodon's body),
and a long species name ran into the bone's disc (a Brachiosaurus' skull) or off the tile (a species new
to the components, named in full). Checked on a real position at 1280x800 and 390x844, with every tile
made one such case: the paleontologist stands clear of the disc, the name clear of the disc and inside."""

from __future__ import annotations

import copy
import random

import pytest

from .api_play import play_by_api
from .helpers import create_by_api

STEGO_PLATES = {"species": "stegosaurus", "name": "Stegosaurus", "part": "plates", "position": 2, "of": 4}
BRACHIO_SKULL = {"species": "brachiosaurus", "name": "Brachiosaurus", "part": "skull", "position": 1, "of": 6}
NEW_SPECIES = {"species": "spinosaurus", "name": "Spinosaurus", "part": "sail", "position": 2, "of": 5}

# Mounts a fresh board on `state` and measures, per tile, the picked bone's disc, the name and each
# paleontologist standing on it (boxes in page pixels).
MOUNT = """async (state) => {
  const { createBoard } = await import('/static/games/digging_for_dinos.js');
  const ctx = { play() {}, select() {}, selected: () => null, clearSelection() {}, tooltip() {},
    seatName: (s) => `Seat ${s + 1}`, you: () => '', seatColour: () => '#c8412f' };
  document.querySelector('main').replaceChildren();
  const root = document.createElement('div');
  document.querySelector('main').append(root);
  createBoard(root, ctx).update(state);
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return [...root.querySelectorAll('.dd-cell[data-cell]')].filter((c) => c.querySelector('.dd-tile')).map((c) => ({
    cell: c.dataset.cell, tile: box(c.querySelector('.dd-tile rect')), disc: box(c.querySelector('.skeleton circle')),
    name: box(c.querySelector('.dd-name')),
    pawn: c.querySelector('.dd-pawn') ? box(c.querySelector('.dd-pawn')) : null }));
}"""


def apart(a, b) -> bool:
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def inside(a, outer) -> bool:
    return a[0] >= outer[0] - 0.5 and a[2] <= outer[2] + 0.5


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_paleontologists_and_names_leave_the_bone_in_sight(new_page, guest_session, server, size):
    page = new_page(viewport={"width": size[0], "height": size[1]}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "digging_for_dinos", 2)
    state = play_by_api(server, made["table"], made["token"],
                        lambda s: any("move" in m["json"] for m in s["legal"]), random.Random(4))
    for case in (STEGO_PLATES, BRACHIO_SKULL, NEW_SPECIES):
        made_up = copy.deepcopy(state)
        for sq in made_up["view"]["board"]:
            if sq["tile"]:
                sq["tile"].update(case)
        tiles = page.evaluate(MOUNT, made_up)
        pawns = [t for t in tiles if t["pawn"]]
        assert len(pawns) == 4, tiles
        for t in pawns:
            assert apart(t["pawn"], t["disc"]), (case["part"], t)
        for t in tiles:
            assert apart(t["name"], t["disc"]) and inside(t["name"], t["tile"]), (case["name"], t)
    assert page.errors == []
