"""Relative Space's score sheet: what each stash still holds, row by row (a card left costs a point).

Everything here is public: the face-down cards are counted, never named."""

from __future__ import annotations

from meeple.engine import ScoreRow, SeatSheet

from .components import CODE, ROW_NAMES, ROWS


def sheet(seat: int, stash: list[int], down: int, won: bool) -> SeatSheet:
    rows = []
    total = 0
    for r, row in enumerate(ROWS):
        up = [CODE[stash[s]] for s in row if stash[s] and not down >> s & 1]
        hidden = sum(1 for s in row if stash[s] and down >> s & 1)
        count = len(up) + hidden
        bits = []
        if up:
            bits.append("face up: " + ", ".join(up))
        if hidden:
            bits.append(f"{hidden} face down")
        detail = "; ".join(bits) if bits else "empty"
        rows.append(ScoreRow(ROW_NAMES[r], f"{ROW_NAMES[r].capitalize()} row", count, -count,
                             f"{detail} (a card left costs 1 point)"))
        total -= count
    if won:
        rows.append(ScoreRow("escaped", "Escaped", 1, 0, "the first empty stash: wins at once"))
    return SeatSheet(seat, tuple(rows), total)
