"""Assyria's score sheet: the points earned so far, one row per way of scoring.

Points in Assyria are earned as the game goes (villages and ziggurat levels each
turn, wells when dug, Assur, the higher dignitary and offerings at each flood,
the last three rows at the end), so the sheet shows the running totals, each
with the count a player looks at now.
"""

from __future__ import annotations

from meeple.engine import ScoreRow, SeatSheet

from .components import N_HEXES, OFFERING_MULTIPLIER
from .state import ROW_INDEX

LABELS = {
    "villages": ("Villages", "huts on the board now; each turn 1 a hut above or below the rivers, 2 between them"),
    "levels": ("Ziggurat levels", "levels on the board now; each turn 1 a level"),
    "wells": ("Wells", "wells dug; 6, 5 or 4 points by reign"),
    "assur": ("Assur", "influence now; at each flood, the expansion cards by rank"),
    "higher": ("Higher dignitary", "huts there now; 1, 4 or 8 points at the flood"),
    "offerings": ("Offerings", "track now; at the flood, ziggurats x 1/2/3/4"),
    "tiles": ("End: ziggurat tiles", "1 a tile at the end"),
    "plows": ("End: plow", "1 for a plow card held at the end"),
    "camels": ("End: camels", "1 a pair of camels left at the end"),
}


def counts(state, seat: int) -> dict[str, int]:
    from .rules import influence

    occ, level = state.occ, state.level
    own = [h for h in range(N_HEXES) if occ[h] == seat]
    return {
        "villages": sum(1 for h in own if level[h] == 0),
        "levels": sum(level[h] for h in own),
        "wells": state.wells.count(seat),
        "assur": influence(state, seat),
        "higher": state.assur[0].count(seat),
        "offerings": state.offering[seat],
        "tiles": sum(level[h] for h in own),
        "plows": state.plows[seat],
        "camels": state.camels[seat],
    }


def score_sheet(state) -> list[SeatSheet]:
    sheets = []
    for s in range(state.n):
        have = counts(state, s)
        rows = []
        for key, (label, detail) in LABELS.items():
            points = state.pts[s][ROW_INDEX[key]]
            if key == "offerings":
                detail = f"{detail} (now x{OFFERING_MULTIPLIER[state.offering[s]]})"
            rows.append(ScoreRow(key, label, have[key], points, detail))
        sheets.append(SeatSheet(s, tuple(rows), state.total(s)))
    return sheets
