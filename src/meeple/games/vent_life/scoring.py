"""Vent Life's scoring: one row per species in play, computed from the field.

`field` maps a hex to (level, top terrain, tile number); `creatures` maps a hex
to (owner, species, count). The sheet is a pure function of the two, a recount
from scratch; `Running` keeps the totals between moves for the bots.
"""

from __future__ import annotations

from meeple.engine import ScoreRow, SeatSheet

from .components import (
    CRABS,
    DELTAS,
    DIFFUSE,
    FISH,
    MAT,
    OCTOPUS,
    SNAILS,
    SPECIES,
    SPECIES_NAMES,
    SPONGES,
    WORMS,
)
from .field import other_levels

SHOAL_POINTS = (0, 0, 5, 10, 15, 20, 25)  # by shoal size; 6 is the most a player has
SHRIMP_ONE, SHRIMP_BOTH = 2, 5
OCTOPUS_PER_SPECIES = 2
SPONGE_PER_TERRAIN = 2


def shoal_points(size: int) -> int:
    return SHOAL_POINTS[min(size, len(SHOAL_POINTS) - 1)]


def groups(cells) -> list[list[int]]:
    """Connected groups of `cells` (a fish's shoals)."""
    todo = set(cells)
    out = []
    while todo:
        start = todo.pop()
        group, stack = [start], [start]
        while stack:
            c = stack.pop()
            for d in DELTAS:
                nb = c + d
                if nb in todo:
                    todo.discard(nb)
                    group.append(nb)
                    stack.append(nb)
        out.append(group)
    return out


def plateau(field, start: int) -> list[int]:
    """The plateau through `start`: connected hexes at its level (above the seafloor)."""
    level = field[start][0]
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for d in DELTAS:
            nb = c + d
            if nb not in seen:
                f = field.get(nb)
                if f is not None and f[0] == level:
                    seen.add(nb)
                    stack.append(nb)
    return sorted(seen)


def plateau_map(field) -> dict[int, tuple[int, int]]:
    """Every hex above the seafloor -> (its plateau's number, the plateau's size)."""
    out: dict[int, tuple[int, int]] = {}
    for start, f in field.items():
        level = f[0]
        if level < 2 or start in out:
            continue
        hexes = plateau(field, start)
        label = (start, len(hexes))
        for h in hexes:
            out[h] = label
    return out


def places(crabs: list[int]) -> tuple[list[int], list[int]]:
    """The seats with the most and the second most crabs on one plateau, given each seat's
    crabs there: a tie for first leaves no second, and no crabs place nobody."""
    best = max(crabs)
    if best == 0:
        return [], []
    firsts = [s for s, k in enumerate(crabs) if k == best]
    if len(firsts) > 1:
        return firsts, []
    runner = max((k for k in crabs if k != best), default=0)
    return firsts, [s for s, k in enumerate(crabs) if runner and k == runner]


def awards(crabs: list[int], size: int) -> list[int]:
    """Each seat's points from one plateau of `size` hexes, given its crabs there."""
    firsts, seconds = places(crabs)
    out = [0] * len(crabs)
    for s in firsts:
        out[s] = size
    for s in seconds:
        out[s] = size // 2
    return out


def crabs_by_plateau(field, creatures, n: int, plateaus=None) -> dict[tuple[int, int], list[int]]:
    """Crabs per seat on every plateau that has some, by its label in `plateaus` (plateau_map, made here
    when None), plateaus in the order of their first crab in `creatures`."""
    out: dict[tuple[int, int], list[int]] = {}
    for c, (owner, sp, count) in creatures.items():
        if sp == CRABS and field[c][0] >= 2:
            if plateaus is None:
                plateaus = plateau_map(field)
            crabs = out.get(plateaus[c])
            if crabs is None:
                crabs = out[plateaus[c]] = [0] * n
            crabs[owner] += count
    return out


def crab_awards(field, creatures, n: int) -> tuple[list[int], list[str]]:
    """Points per seat from the plateau majorities, and a note per seat."""
    points = [0] * n
    notes: list[list[str]] = [[] for _ in range(n)]
    # Sorted: the notes read in a fixed order.
    for (start, size), crabs in crabs_by_plateau(field, dict(sorted(creatures.items())), n).items():
        firsts, seconds = places(crabs)
        where = f"plateau of {size} at level {field[start][0]}"
        tie = " (tied)" if len(firsts) > 1 else ""
        for s in firsts:
            points[s] += size
            notes[s].append(f"{where}: most crabs{tie} ({crabs[s]}) → {size}")
        for s in seconds:
            points[s] += size // 2
            notes[s].append(f"{where}: second most ({crabs[s]} v {max(crabs)}) → {size // 2}")
    return points, ["; ".join(x) for x in notes]


def tally(field, creatures, n: int) -> tuple[list[list[int]], list[list[int]], list[list[list[str]]]]:
    """Points, creature counts and notes per seat and species (all seven, zeros for those not in play)."""
    points = [[0] * 7 for _ in range(n)]
    counts = [[0] * 7 for _ in range(n)]
    notes: list[list[list[str]]] = [[[] for _ in range(7)] for _ in range(n)]
    fish: list[list[int]] = [[] for _ in range(n)]
    for c, who in creatures.items():
        owner, sp, count = who
        counts[owner][sp] += count
        if sp == FISH:
            fish[owner].append(c)
        elif sp != CRABS:
            pts = local_points(field, creatures, c, who)
            points[owner][sp] += pts
            notes[owner][sp].append(f"{count}×{field[c][0]}" if count > 1 else str(pts))  # a pair of worms: 2×level
    for s in range(n):
        if fish[s]:
            sizes = sorted((len(g) for g in groups(fish[s])), reverse=True)
            points[s][FISH] = sum(shoal_points(k) for k in sizes)
            notes[s][FISH] = [f"shoal {k} → {shoal_points(k)}" for k in sizes]
    crab_points, crab_notes = crab_awards(field, creatures, n)
    for s in range(n):
        points[s][CRABS] = crab_points[s]
        notes[s][CRABS] = [crab_notes[s]] if crab_notes[s] else []
    return points, counts, notes


class Running:
    """Each seat's total kept between moves, for the bots that ask for it at every node.

    A creature of a "local" species (worms, snails, shrimp, octopus, sponges) scores from its own
    hex and its six neighbours only, so its points are kept per hex and recounted only near a
    change (`touch`). Fish and crabs score from whole shoals and plateaus: their points per seat
    are recounted when a fish or a crab moves or a plateau changes (`drop_fish`, `drop_crabs`).
    The state owns one and copies it; the sheets never read it.
    """

    __slots__ = ("points", "sums", "dirty", "fish", "crabs")

    def __init__(self, creatures, n: int) -> None:
        self.points: dict[int, tuple[int, int]] = {}  # hex -> (owner, points) of a local creature
        self.sums = [0] * n                           # per seat, the sum of `points`
        self.dirty: set[int] = set(creatures)          # hexes whose points are to be recounted
        self.fish: list[int] | None = None             # per seat, shoal points; None: to recount
        self.crabs: list[int] | None = None            # per seat, plateau awards; None: to recount

    def copy(self) -> Running:
        out = Running.__new__(Running)
        out.points, out.sums, out.dirty = dict(self.points), self.sums[:], set(self.dirty)
        out.fish, out.crabs = self.fish, self.crabs  # replaced, never changed in place
        return out

    def touch(self, hexes) -> None:
        """The field or the creatures changed on `hexes`: recount them and their neighbours."""
        points, sums, dirty = self.points, self.sums, self.dirty
        for h in hexes:
            for c in (h, h + DELTAS[0], h + DELTAS[1], h + DELTAS[2], h + DELTAS[3], h + DELTAS[4], h + DELTAS[5]):
                had = points.pop(c, None)
                if had is not None:
                    sums[had[0]] -= had[1]
                dirty.add(c)

    def totals(self, field, creatures, n: int, plateaus) -> list[int]:
        self.flush(field, creatures, n, plateaus)
        sums, fish, crabs = self.sums, self.fish, self.crabs
        return [sums[s] + fish[s] + crabs[s] for s in range(n)]  # type: ignore[index]

    def flush(self, field, creatures, n: int, plateaus) -> None:
        """Recount what changed since the last count."""
        points, sums = self.points, self.sums
        if self.dirty:
            for c in self.dirty:
                who = creatures.get(c)
                if who is None or who[1] == FISH or who[1] == CRABS:
                    continue
                pts = local_points(field, creatures, c, who)
                points[c] = (who[0], pts)
                sums[who[0]] += pts
            self.dirty = set()
        if self.fish is None:
            self.fish = fish_points(creatures, n)
        if self.crabs is None:
            self.crabs = crab_points(field, creatures, n, plateaus)


def local_points(field, creatures, c: int, who: tuple[int, int, int]) -> int:
    """The points of the creature `who` on `c`, for a species that scores from its neighbours."""
    _owner, sp, count = who
    if sp == WORMS:
        return count * field[c][0]
    if sp == SNAILS:
        return other_levels(field, c)
    near = set()
    if sp == OCTOPUS:
        for d in DELTAS:
            o = creatures.get(c + d)
            if o is not None and o[1] != OCTOPUS:
                near.add(o[1])
        return OCTOPUS_PER_SPECIES * len(near)
    for d in DELTAS:
        f = field.get(c + d)
        if f is not None:
            near.add(f[1])
    if sp == SPONGES:
        return SPONGE_PER_TERRAIN * len(near)
    if DIFFUSE in near:  # shrimp
        return SHRIMP_BOTH if MAT in near else SHRIMP_ONE
    return SHRIMP_ONE if MAT in near else 0


def fish_points(creatures, n: int) -> list[int]:
    fish: list[list[int]] = [[] for _ in range(n)]
    for c, (owner, sp, _count) in creatures.items():
        if sp == FISH:
            fish[owner].append(c)
    return [sum(shoal_points(len(g)) for g in groups(f)) if len(f) > 1 else 0 for f in fish]


def crab_points(field, creatures, n: int, plateaus) -> list[int]:
    out = [0] * n
    for (_, size), crabs in crabs_by_plateau(field, creatures, n, plateaus).items():
        for s, pts in enumerate(awards(crabs, size)):
            out[s] += pts
    return out


def score_sheets(field, creatures, n: int, in_play) -> list[SeatSheet]:
    """One row per species in play, in a fixed order."""
    # The notes list creatures hex by hex, so that a position read back from its JSON (which lists
    # them sorted) shows the same detail as the position it was written from.
    points, counts, notes = tally(field, dict(sorted(creatures.items())), n)
    sheets = []
    for s in range(n):
        rows = []
        for sp in range(len(SPECIES)):
            if sp not in in_play:
                continue  # a panel shows only the species on the table
            joiner = "; " if sp in (FISH, CRABS) else " + "
            rows.append(ScoreRow(SPECIES[sp], SPECIES_NAMES[sp], counts[s][sp], points[s][sp],
                                 joiner.join(notes[s][sp]) or "none placed"))
        sheets.append(SeatSheet(s, tuple(rows), sum(r.points for r in rows)))
    return sheets
