"""Digging for Dinos' scoring: completed dinosaurs and incomplete tiles. Pure functions of part counts.

A seat's tiles are kept as counts per (species, part) slot: `have[species * MAX_PARTS + part]`.
Each full set of parts of a species is one completed dinosaur (a player may complete a species
more than once); every other tile is incomplete and scores its left value.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from meeple.engine import ScoreRow, SeatSheet

from .components import MAX_PARTS, PARTS, SPECIES


def completed(have: list[int], s: int) -> int:
    """How many complete skeletons of species `s` these counts make."""
    return min(have[PARTS[s]])


def species_points(counts: Sequence[int], s: int) -> tuple[int, int, int, int]:
    """(completed dinosaurs, their points, incomplete tiles, their points) for species `s`, whose part
    counts are `counts` (a seat's `have[PARTS[s]]`)."""
    sp = SPECIES[s]
    full = min(counts)
    loose = loose_points = 0
    for count, value in zip(counts, sp.left):
        loose += count - full
        loose_points += (count - full) * value
    return full, full * sp.complete, loose, loose_points


def species_total(have: list[int], s: int) -> int:
    """The points species `s` scores: its completed dinosaurs and its incomplete tiles."""
    return counts_total(tuple(have[PARTS[s]]), s)


@cache  # by the species' counts (a few thousand at most): the search asks it of every position it judges
def counts_total(counts: tuple[int, ...], s: int) -> int:
    """`species_total` from the species' part counts."""
    _, full_points, _, loose_points = species_points(counts, s)
    return full_points + loose_points


def completed_values(have: list[int]) -> tuple[int, ...]:
    """The points of each completed dinosaur, largest first: the tie-break compares these in turn."""
    values = []
    for s, sp in enumerate(SPECIES):
        values += [sp.complete] * completed(have, s)
    return tuple(sorted(values, reverse=True))


def completed_count(have: list[int]) -> int:
    return sum(completed(have, s) for s in range(len(SPECIES)))


def seat_sheet(seat: int, have: list[int]) -> SeatSheet:
    done_count = done_points = loose_count = loose_points = 0
    done_detail, loose_detail = [], []
    for s, sp in enumerate(SPECIES):
        full, full_points, loose, points = species_points(have[PARTS[s]], s)
        if full:
            done_count += full
            done_points += full_points
            done_detail.append(f"{sp.name}{f' × {full}' if full > 1 else ''} {full_points}")
        if loose:
            loose_count += loose
            loose_points += points
            base = s * MAX_PARTS
            parts = [f"{sp.parts[p]}{f' × {have[base + p] - full}' if have[base + p] - full > 1 else ''}"
                     for p in range(len(sp.parts)) if have[base + p] > full]
            loose_detail.append(f"{sp.name} {len(parts)}/{len(sp.parts)} ({', '.join(parts)}) {points}")
    rows = (
        ScoreRow("completed", "Completed", done_count, done_points,
                 "; ".join(done_detail) or "none completed yet"),
        ScoreRow("incomplete", "Incomplete", loose_count, loose_points,
                 "; ".join(loose_detail) or "no incomplete tiles"),
    )
    return SeatSheet(seat, rows, done_points + loose_points)
