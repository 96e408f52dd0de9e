"""The Rules link serves each game's page for players (how_to_play.md in the game's package), never
the developers' page in docs/games, and an installed hall (a wheel, not the source tree) serves it too."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

from meeple import games
from meeple.server.errors import ApiError
from meeple.server.rules import rules_body
from tests.conftest import TOY_GAMES

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(set(games.ids()) - set(TOY_GAMES))

# Every page has these sections, in this order (another helper adds rulings under "## Our rulings").
SECTIONS = ["## The goal", "## Set-up", "## A turn", "## Scoring", "## The end and tie-breaks", "## Variants",
            "## Our rulings", "## Playing here"]

# What belongs on the developers' page only: file paths, position JSON, notation, bots' tuning, our bookkeeping.
DEVELOPER_WORDS = [r"Source:", r"Position JSON", r"\.py\b", r"\.php\b", r"\.md\b", r"src/", r"shared/rules",
                   r"\bNotation\b", r"\bJSON\b", r"\bissue \d", r"\bissues?\b", r"`", r"on the site\)",
                   r"\b20\d\d\b", r"\bISMCTS\b", r"\bplayouts?\b", r"\bseed\b"]

# Colour words a page might wrongly give a seat (the published game's own colours among them).
COLOUR_WORDS = {"red", "blue", "green", "yellow", "amber", "gold", "purple", "teal", "orange", "black", "white", "pink"}

SEAT_COLOURS_JS = ROOT / "src" / "meeple" / "web" / "js" / "seats.js"


def seat_colour_names() -> list[str]:
    """The colour words the client draws seats in, read from seats.js (never typed here)."""
    found = re.search(r"SEAT_COLOUR_NAMES\s*=\s*\[([^\]]*)\]", SEAT_COLOURS_JS.read_text(encoding="utf-8"))
    assert found, "seats.js no longer names its seat colours"
    return re.findall(r'"([^"]+)"', found.group(1))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_served_page_is_the_players_page(game_id):
    body = rules_body(game_id)
    page = body["markdown"]
    assert body["game"] == game_id and body["name"] == games.get(game_id).name
    assert page.startswith(f"# {games.get(game_id).name}\n")
    developers = (ROOT / "docs" / "games" / f"{game_id.replace('_', '-')}.md")
    assert page != developers.read_text(encoding="utf-8")
    for words in DEVELOPER_WORDS:
        found = re.search(words, page)
        assert not found, f"{game_id}'s page holds developer text: {page[max(0, found.start() - 60):found.end() + 60]}"
    headings = [line for line in page.splitlines() if line.startswith("## ")]
    at = [next((i for i, h in enumerate(headings) if h == s or h.startswith(s + " ")), -1) for s in SECTIONS]
    assert -1 not in at, f"{game_id}: missing {[s for s, i in zip(SECTIONS, at) if i < 0]}"
    assert at == sorted(at), f"{game_id}: sections out of order: {headings}"
    assert "## Our rulings" in headings  # exactly this heading: other pages and helpers find the rulings by it


@pytest.mark.parametrize("game_id", GAMES)
def test_seat_colours_are_the_clients(game_id):
    """"Seat 2 blue" must be what the table draws, read from seats.js, whatever the published game used."""
    names = seat_colour_names()
    page = rules_body(game_id)["markdown"]
    said = re.findall(r"\b[Ss]eat (\d)[,:]? (?:is )?(\w+)", page)
    for number, colour in said:
        if colour in set(names) | COLOUR_WORDS:
            drawn = names[int(number) - 1]
            assert colour == drawn, f"{game_id}: the table draws seat {number} {drawn}, the page says {colour}"
    assert any(colour in names for _, colour in said), f"{game_id}'s page names no seat colour"


def test_a_game_without_a_page_is_refused_in_words():
    with pytest.raises(ApiError) as raised:
        rules_body("twenty")
    assert raised.value.status == 404 and "rules page" in str(raised.value.message)
    with pytest.raises(ApiError) as raised:
        rules_body("chess")
    assert raised.value.status == 404 and "chess" in str(raised.value.message)


# Run by the installed copy, from a directory with no source tree in sight.
INSTALLED_CHECK = textwrap.dedent("""
    import json, sys
    import meeple
    from meeple.server.rules import rules_body
    pages = {}
    for game_id in sys.argv[1:]:
        pages[game_id] = rules_body(game_id)["markdown"]
    print(json.dumps({"meeple": meeple.__file__, "pages": pages}))
""")


def _setuptools_can_build() -> bool:
    """pyproject's `license = "MIT"` needs setuptools 77; an older one in this venv means an isolated build."""
    try:
        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


def test_an_installed_wheel_serves_every_games_page(tmp_path):
    # Build from a copy of what a release holds, so the checkout gets no build/ or egg-info of ours.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    wheels = tmp_path / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), str(source)]
    if _setuptools_can_build():
        build.insert(4, "--no-build-isolation")
    done = subprocess.run(build, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}\n{done.stderr}"
    (wheel,) = wheels.glob("meeple-*.whl")
    with zipfile.ZipFile(wheel) as z:
        shipped = {n for n in z.namelist() if n.endswith("/how_to_play.md")}
    assert shipped == {f"meeple/games/{g}/how_to_play.md" for g in GAMES}
    # Install it (not editable) where nothing else is, and run the installed copy from an empty directory;
    # the dependencies (Starlette...) come from this venv, after the installed copy on the path.
    target = tmp_path / "installed"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                           "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ran = subprocess.run([sys.executable, "-c", INSTALLED_CHECK, *GAMES], capture_output=True, text=True,
                         timeout=120, cwd=elsewhere, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert ran.returncode == 0, ran.stderr
    answer = json.loads(ran.stdout)
    assert Path(answer["meeple"]).is_relative_to(target), f"the checkout's meeple was imported: {answer['meeple']}"
    for game_id in GAMES:
        assert answer["pages"][game_id] == rules_body(game_id)["markdown"], game_id
