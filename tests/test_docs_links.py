"""Every relative link in the docs (README.md, docs/**/*.md) reaches a file, and its #anchor a heading there.

Pages move (issue 39 moved the dated history to docs/journal/), so a link is checked, not trusted.
Anchors follow GitHub's rule: the heading in lower case, punctuation dropped, spaces as hyphens.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def anchor(heading: str) -> str:
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def broken_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, fragment = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            broken.append(f"{target} (no such file)")
        elif fragment and where.suffix == ".md" and fragment not in anchors(where):
            broken.append(f"{target} (no heading #{fragment})")
    return broken


def test_the_anchor_rule_is_githubs():
    assert anchor(" Our bot against OpenSpiel's ISMCTS") == "our-bot-against-openspiels-ismcts"
    assert anchor("The strength table (issue 22)") == "the-strength-table-issue-22"


def test_a_broken_link_is_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Top\n[ok](#top) [gone](missing.md) [bad](#nowhere)\n```\n[in code](x.md)\n```\n")
    assert broken_links(page) == ["missing.md (no such file)", "#nowhere (no heading #nowhere)"]



def test_a_figure_line_is_no_file_link(tmp_path):
    """A rules page's figure line ("![Caption](figure:name)", drawn by the board module: docs/web.md, "Figures
    for the rules page") names no file; tests/games/test_rules_figures_exported.py checks its name instead."""
    page = tmp_path / "page.md"
    page.write_text("# Top\n\n![A plate with four tiles](figure:plate)\n")
    assert broken_links(page) == []


def test_every_docs_link_resolves():
    broken = {str(page.relative_to(ROOT)): found for page in pages() if (found := broken_links(page))}
    assert not broken, broken
