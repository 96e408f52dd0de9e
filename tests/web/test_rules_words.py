"""The players' rules pages read as a player's text (each game's how_to_play.md, as the hall serves it): no
developer words, every place where the hall follows the published game's online version over its help page
says so with the reason, a worked example's numbers are what it says they are, and the sections come in the
order a newcomer reads them. Plain Python: the words, not how the page draws them (test_rules_pages_fit and
test_rules_figures look at that)."""

from __future__ import annotations

import re

import pytest

from meeple import games
from meeple.server.rules import rules_body
from tests.conftest import TOY_GAMES

GAMES = sorted(set(games.ids()) - set(TOY_GAMES))

# Words of the code and its docs, not of the game: a player never meets them.
# (null and API as the code writes them; the rest in any case.)
DEVELOPER = re.compile(r"(?i:seat index|\bjson\b|move kind|\bthe view\b|\bpayload\b|\.py\b|\.js\b)"
                       r"|\bAPI\b|\bnull\b|`|\b[a-z]+_[a-z_]+\b")


def markdown(game_id: str) -> str:
    return rules_body(game_id)["markdown"]


def sections(game_id: str) -> dict[str, str]:
    """The page's "##" sections by title, each its text."""
    parts = re.split(r"^## +(.+)$", markdown(game_id), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def paragraphs(text: str) -> list[str]:
    """Paragraphs and list items, each on one line (a figure line is left out: its caption is its own)."""
    text = re.sub(r"^!\[.*\]\(figure:[\w-]+\)$", "", text, flags=re.M)
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) )", text)
    return [" ".join(b.split()) for b in blocks if b.strip()]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_developer_words(game_id):
    """Vent Life's page once named its panning and zooming "The view" (the code's word for what a seat sees)."""
    found = [(m.group(0), p[:80]) for p in paragraphs(markdown(game_id))
             if not p.startswith("![") for m in DEVELOPER.finditer(p)]
    assert not found, f"{game_id}'s rules page: {found}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_online_version_is_said_with_its_reason(game_id):
    """Where the page says the hall follows the published game's online version, it also says what the help page
    says there and why we follow the online version ("so that" ...), in the ruling itself or in the line that
    introduces the rulings. Living Forest's trees' goal once named the online version with neither."""
    text = sections(game_id).get("Our rulings", "")
    items = paragraphs(text)
    for i, item in enumerate(items):
        if "online version" not in item:
            continue
        said = item if "help page" in item else " ".join(items[max(0, i - 3):i + 1])
        where = f"{game_id}: {item[:100]}"
        assert "help page" in said, f"{where}: what the help page says is not said"
        assert re.search(r"\bso that\b|\bbecause\b|\bsince\b", said), f"{where}: no reason"


def test_the_pages_that_follow_the_online_version_say_so():
    """The places known to follow the online version (docs/games: Assyria's offerings, farming rows and
    two-player Assur; Toy Battle's claim; Living Forest's trees' goal) each name it on the players' page."""
    for game_id, ruling in (("assyria", "Offerings are multiplied"), ("assyria", "one column more"),
                            ("assyria", "At 2 players"), ("toy_battle", "A region is claimed at once"),
                            ("living_forest", "The trees' goal")):
        text = sections(game_id)["Our rulings"]
        assert ruling in text and "online version" in text, f"{game_id}: {ruling}"
    trees = next(p for p in paragraphs(sections("living_forest")["Our rulings"]) if "The trees' goal" in p)
    assert "online version" in trees and "help page" in trees and "so that" in trees, trees


def test_worked_examples_count_what_they_add():
    """'N loose tiles add a + b + ...': one number per tile, or per species where it says so (Digging for Dinos
    once had seven tiles add five numbers, the score sheet's sums by species, without saying so)."""
    words = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
    found = 0
    for game_id in GAMES:
        text = " ".join(markdown(game_id).split())
        pattern = r"(\w+) loose tiles(?: of (\w+) species)? add ((?:\d+ \+ )+\d+) = (\d+)"
        for tiles, species, terms, total in re.findall(pattern, text, flags=re.I):
            numbers = [int(t) for t in terms.split(" + ")]
            counted = words.get((species or tiles).lower())
            found += 1
            assert counted == len(numbers), f"{game_id}: {tiles} tiles, {species or '?'} species, adds {terms}"
            assert sum(numbers) == int(total), f"{game_id}: {terms} = {total}"
    assert found, "no worked example counts loose tiles"


def test_a_solo_turn_is_told_with_the_turn():
    """Draft & Write Records: how a solo turn is played (Options A and B) is in "A turn", where a newcomer looks
    for it, and the solo end and target in "The end and tie-breaks" (the whole solo turn once sat there)."""
    page = sections("draft_and_write_records")
    assert "Option A" in page["A turn"] and "Option B" in page["A turn"]
    assert "Option A" not in page["The end and tie-breaks"]
    assert "75 points" in page["The end and tie-breaks"]


@pytest.mark.parametrize("game_id", GAMES)
def test_sections_in_a_newcomers_order(game_id):
    titles = list(sections(game_id))
    assert titles == ["The goal", "Set-up", "A turn", "Scoring", "The end and tie-breaks", "Variants",
                      "Our rulings", "Playing here"], f"{game_id}: {titles}"
