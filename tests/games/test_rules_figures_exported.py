"""Every figure a how_to_play.md names ("![Caption](figure:name)") is exported by that game's board module
(src/meeple/web/games/<id>.js, `export const figures = { name: () => ..., ... }`), and every figure line
has a caption: a page never names a picture the rules page would leave out."""

from __future__ import annotations

import re
from pathlib import Path

from meeple import games
from meeple.server.rules import page_path

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "src" / "meeple" / "web" / "games"
FIGURE = re.compile(r"!\[([^\]]*)\]\(figure:([^)\s]*)\)")


def exported_figures(source: str) -> set[str]:
    """The keys of `export const figures = {...}`: each entry's name at the object's first level, written
    `name: () => ...`, `"name": ...` or `name() {...}` (what is nested inside an entry is not read)."""
    start = re.search(r"export\s+const\s+figures\s*=\s*\{", source)
    if not start:
        return set()
    depth, top = 1, []
    body = re.sub(r"/\*.*?\*/|//[^\n]*", " ", source[start.end():], flags=re.S)  # (comments out)
    for ch in body:
        top.append(ch if depth == 1 or ch == "\n" else " ")  # an opener at the first level is kept, its inside not
        depth += (ch in "{([") - (ch in "})]")
        if depth == 0:
            break
    entries = re.compile(r"""(?:^|,)\s*(?:async\s+)?["']?([A-Za-z_$][\w$]*)["']?\s*[:(]""")
    return set(entries.findall("".join(top)))


def test_the_export_reader():
    js = ('export const figures = {\n  tile: () => draw({a: 1}, b),\n  "the_plate": () => plate([1, 2]),\n'
          '  // a note: not a key\n  chip() { return x({y: 1}); },\n  ...more,\n};\nconst other = {no: 1};')
    assert exported_figures(js) == {"tile", "the_plate", "chip"}
    assert exported_figures("export function createBoard() {}") == set()


def test_every_named_figure_is_exported():
    missing = {}
    for game_id in games.ids():
        page = page_path(game_id)
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        named = FIGURE.findall(text)
        if not named:
            continue
        board = BOARDS / f"{game_id}.js"
        have = exported_figures(board.read_text(encoding="utf-8")) if board.is_file() else set()
        lost = [name for caption, name in named if name not in have or not caption.strip()]
        # A figure is a line of its own: one inside a line of text is never drawn.
        inline = [line for line in text.splitlines() if FIGURE.search(line) and not FIGURE.fullmatch(line.strip())]
        if lost or inline:
            missing[game_id] = {"not exported or no caption": lost, "not on a line of its own": inline}
    assert not missing, missing
