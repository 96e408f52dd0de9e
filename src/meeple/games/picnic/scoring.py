"""Picnic's scoring rows, computed from a plate. Pure functions of the state."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from meeple.engine import ScoreRow, SeatSheet, count

from .components import ANTS, CAKE, CHEESE, COLOUR, COLOURS, CRACKER, ICE, KIND, PICKLES, RIM_SPACES

CAKE_GROUP_POINTS = (0, 0, 1, 3, 5, 7, 10)  # by group size; 7 or more scores 15
BIG_CAKE_GROUP = 15
CRACKER_SET_POINTS = 6
MOST_CAKES_POINTS = 3
ANT_MAJORITY_POINTS = 3


def cake_group_points(size: int) -> int:
    return BIG_CAKE_GROUP if size >= 7 else CAKE_GROUP_POINTS[size]


def plate_spaces(rim: list[int], centre: int) -> list[int]:
    """Side ids on the plate: rim spaces in order, then the centre if filled."""
    return rim + [centre] if centre >= 0 else list(rim)


@cache
def neighbours(rim_len: int, has_centre: bool) -> tuple[tuple[int, ...], ...]:
    """Which plate positions touch: rim neighbours (the 12th touches the first) and the centre touches all."""
    n = rim_len + (1 if has_centre else 0)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(rim_len - 1):
        adj[i].append(i + 1)
        adj[i + 1].append(i)
    if rim_len == RIM_SPACES:
        adj[0].append(rim_len - 1)
        adj[rim_len - 1].append(0)
    if has_centre:
        c = rim_len
        for i in range(rim_len):
            adj[i].append(c)
            adj[c].append(i)
    return tuple(tuple(near) for near in adj)


def covered_count(rim_len: int) -> int:
    """How many rim tiles are covered: all but the newest, or all 12 once the last is tucked."""
    if rim_len == RIM_SPACES:
        return RIM_SPACES
    return max(0, rim_len - 1)


def visible_ants_pickles(rim: list[int], centre: int) -> tuple[int, int]:
    """Visible ants and pickles on a plate (drinks not included)."""
    covered = covered_count(len(rim))
    ants = pickles = 0
    for i, side in enumerate(rim):
        a, p = ANTS[side], PICKLES[side]
        if i < covered:
            a -= a > 0
            p -= p > 0
        ants += a
        pickles += p
    if centre >= 0:
        ants += ANTS[centre]
        pickles += PICKLES[centre]
    return ants, pickles


def cake_counts(rim: list[int], centre: int) -> list[int]:
    counts = [0, 0, 0]
    for side in plate_spaces(rim, centre):
        if KIND[side] == CAKE:
            counts[COLOUR[side]] += 1
    return counts


def cheese_points(touching_crackers: int) -> int:
    return 3 if touching_crackers >= 2 else 1 if touching_crackers == 1 else 0


class PlateSheet(NamedTuple):
    """A plate's sheet by itself: the rows that need no other plate (cheese, crackers, pickles, cakes,
    drinks), its cakes of each colour and its visible ants, drinks' included (the majorities compare
    those across the plates)."""

    rows: tuple[ScoreRow, ...]
    points: int
    cakes: tuple[int, int, int]
    ants: int


def plate_sheet(rim: list[int], centre: int, drinks: list[int], parts: Parts) -> PlateSheet:
    """The plate's own rows from its `plate_parts` (the counts, the points, the ants), walking the
    plate only for what those do not keep: the crackers each cheese touches and the cake groups."""
    points, ants, cakes, n_cheese, n_crackers, pickles = parts
    kinds = [KIND[side] for side in rim]
    if centre >= 0:
        kinds.append(KIND[centre])
    adj = neighbours(len(rim), centre >= 0)
    cheese = []  # where each cheese lies (a rim space from 0, the centre -1) and the crackers it touches, flat
    if n_cheese:
        for i, kind in enumerate(kinds):
            if kind == CHEESE:
                touching = 0
                for j in adj[i]:
                    touching += kinds[j] == CRACKER
                cheese.append(i if i < len(rim) else -1)
                cheese.append(touching)
    groups = tuple(sorted(_cake_groups(kinds, adj), reverse=True)) if cakes != (0, 0, 0) else ()
    ice = 0
    for drink in drinks:
        ice += ICE[drink]
    rows = (_cheese_row(tuple(cheese)), _crackers_row(n_crackers, len(drinks)), _pickles_row(pickles, n_cheese),
            _cakes_row(groups), _drinks_row(ice, len(drinks)))
    return PlateSheet(rows, points, cakes, ants)


# The rows, made once for each set of values they show (ScoreRow is frozen): a tile placed changes few of
# a plate's rows, and plates share values. Each keeps the latest 4096 (a hand-written position may hold any counts).

@lru_cache(maxsize=4096)
def _cheese_row(cheese: tuple[int, ...]) -> ScoreRow:
    """`cheese`: where each cheese lies (a rim space from 0, the centre -1), then the crackers it touches."""
    total, notes = 0, []
    for k in range(0, len(cheese), 2):
        where, touching = cheese[k], cheese[k + 1]
        pts = cheese_points(touching)
        total += pts
        notes.append(f"{f'space {where + 1}' if where >= 0 else 'centre'}: "
                     f"{touching} cracker{'s' if touching != 1 else ''} → {pts}")
    return ScoreRow("cheese", "Cheese", len(notes), total, "; ".join(notes) or "no cheese")


@lru_cache(maxsize=4096)
def _crackers_row(crackers: int, drinks: int) -> ScoreRow:
    sets = min(crackers // 3, drinks)
    return ScoreRow("crackers", "Crackers", crackers, CRACKER_SET_POINTS * sets,
                    f"{sets} set{'s' if sets != 1 else ''} of 3 crackers + 1 drink "
                    f"({count(crackers, 'cracker')}, {count(drinks, 'drink')})")


@lru_cache(maxsize=4096)
def _pickles_row(pickles: int, cheese: int) -> ScoreRow:
    return ScoreRow("pickles", "Pickles", pickles, pickles * cheese,
                    f"{pickles} visible pickle{'s' if pickles != 1 else ''} × {cheese} cheese")


@lru_cache(maxsize=4096)
def _cakes_row(groups: tuple[int, ...]) -> ScoreRow:
    """`groups`: the sizes of the cake groups, largest first."""
    return ScoreRow("cakes", "Cakes", sum(groups), sum(cake_group_points(g) for g in groups),
                    "groups: " + (", ".join(f"{g} → {cake_group_points(g)}" for g in groups) if groups else "none"))


@lru_cache(maxsize=4096)
def _drinks_row(ice: int, drinks: int) -> ScoreRow:
    return ScoreRow("drinks", "Drinks", drinks, ice,
                    f"{ice} ice cube{'s' if ice != 1 else ''} in {drinks} drink{'s' if drinks != 1 else ''}")


@lru_cache(maxsize=4096)
def _most_cakes_row(mine: tuple[int, int, int], best: tuple[int, int, int]) -> ScoreRow:
    """The colours where the seat has the most (ties share; none without a cake of it)."""
    parts, won = [], 0
    for colour, held, most in zip(COLOURS, mine, best):
        won += 0 < held == most
        parts.append(f"{colour} {held} (most)" if held and held == most else f"{colour} {held} (most: {most})")
    return ScoreRow("most_cakes", "Most cakes", won, MOST_CAKES_POINTS * won, ", ".join(parts))


@lru_cache(maxsize=4096)
def _ants_row(ants: int, low: int, high: int) -> ScoreRow:
    """+3 for the fewest visible ants, -3 for the most, nothing when everyone ties."""
    if low == high:
        return ScoreRow("ants", "Ants", ants, 0, f"all players tie on {low} visible ants: no bonus")
    if ants == low:
        return ScoreRow("ants", "Ants", ants, ANT_MAJORITY_POINTS, f"fewest visible ants ({low})")
    if ants == high:
        return ScoreRow("ants", "Ants", ants, -ANT_MAJORITY_POINTS, f"most visible ants ({high})")
    return ScoreRow("ants", "Ants", ants, 0, f"between fewest ({low}) and most ({high})")


def _cake_groups(kinds: list[int], adj: tuple[tuple[int, ...], ...]) -> list[int]:
    seen = [False] * len(kinds)
    groups = []
    for start, kind in enumerate(kinds):
        if kind != CAKE or seen[start]:
            continue
        seen[start] = True
        stack, size = [start], 0
        while stack:
            i = stack.pop()
            size += 1
            for j in adj[i]:
                if not seen[j] and kinds[j] == CAKE:
                    seen[j] = True
                    stack.append(j)
        groups.append(size)
    return groups


def seat_sheets(plates: list[PlateSheet] | tuple[PlateSheet, ...]) -> tuple[SeatSheet, ...]:
    """Every seat's sheet: each plate's own rows with the majorities, which compare all plates."""
    best = (max(plate.cakes[0] for plate in plates), max(plate.cakes[1] for plate in plates),
            max(plate.cakes[2] for plate in plates))
    low = min(plate.ants for plate in plates)
    high = max(plate.ants for plate in plates)
    sheets = []
    for s, plate in enumerate(plates):
        cheese, crackers, pickles, cakes, drinks = plate.rows
        most, ants = _most_cakes_row(plate.cakes, best), _ants_row(plate.ants, low, high)
        sheets.append(SeatSheet(s, (cheese, crackers, pickles, cakes, most, drinks, ants),
                                plate.points + most.points + ants.points))
    return tuple(sheets)


def combine(parts: list[tuple]) -> list[int]:
    """Every seat's total from each plate's `plate_parts`: the majorities need all plates."""
    most0 = most1 = most2 = 0
    low = high = parts[0][1]
    for part in parts:  # comparisons rather than max(): this runs at every rollout move
        c0, c1, c2 = part[2]
        if c0 > most0:
            most0 = c0
        if c1 > most1:
            most1 = c1
        if c2 > most2:
            most2 = c2
        ants = part[1]
        if ants < low:
            low = ants
        elif ants > high:
            high = ants
    out = []
    for part in parts:
        c0, c1, c2 = part[2]
        ants = part[1]
        won = (0 < c0 == most0) + (0 < c1 == most1) + (0 < c2 == most2)
        bonus = (0 if low == high else ANT_MAJORITY_POINTS if ants == low
                 else -ANT_MAJORITY_POINTS if ants == high else 0)
        out.append(part[0] + MOST_CAKES_POINTS * won + bonus)
    return out


# A plate's parts: (its points but the majorities, its visible ants with its drinks', its cakes of
# each colour, its cheeses, its crackers, its visible pickles). The last three let `placed` add a
# tile from the running totals instead of recounting the plate.
Parts = tuple[int, int, tuple[int, int, int], int, int, int]


def plate_parts(rim: list[int], centre: int, drinks: list[int]) -> Parts:
    """What one plate adds up to by itself (see `Parts`). A placement changes one plate, so a
    search keeps the others'."""
    spaces = plate_spaces(rim, centre)
    kinds = [KIND[side] for side in spaces]
    adj = neighbours(len(rim), centre >= 0)
    points = 0
    for i, kind in enumerate(kinds):
        if kind == CHEESE:
            points += cheese_points(sum(1 for j in adj[i] if kinds[j] == CRACKER))
    n_cheese = kinds.count(CHEESE)
    n_crackers = kinds.count(CRACKER)
    points += CRACKER_SET_POINTS * min(n_crackers // 3, len(drinks))
    plate_ants, pickles = visible_ants_pickles(rim, centre)
    points += pickles * n_cheese
    points += sum(cake_group_points(g) for g in _cake_groups(kinds, adj))
    points += sum(ICE[d] for d in drinks)
    c = cake_counts(rim, centre)
    return points, plate_ants + sum(ANTS[d] for d in drinks), (c[0], c[1], c[2]), n_cheese, n_crackers, pickles


def placed(parts: Parts, rim: list[int], centre: int, drinks: list[int], side: int, spot: str) -> Parts:
    """The plate's parts once `side` is laid at `spot` ("rim", "centre" or "drink"), from its parts
    before and the few tiles the new one touches: the same as `plate_parts` of the new plate, with no
    recount (the search judges every candidate placement this way)."""
    points, ants, cakes, cheese, crackers, pickles = parts
    kind = KIND[side]
    if spot == "drink":
        sets = crackers // 3
        points += ICE[side] + CRACKER_SET_POINTS * (min(sets, len(drinks) + 1) - min(sets, len(drinks)))
        return points, ants + ANTS[side], cakes, cheese, crackers, pickles
    old_pickle_points = pickles * cheese
    n = len(rim)
    if spot == "centre":
        ants += ANTS[side]
        pickles += PICKLES[side]
        if kind == CHEESE:
            points += cheese_points(crackers)  # the centre touches every rim space
        elif kind == CRACKER:
            for j in range(n):
                if KIND[rim[j]] == CHEESE:
                    touching = _rim_crackers(rim, j, n)
                    points += cheese_points(touching + 1) - cheese_points(touching)
        elif kind == CAKE:
            groups = _rim_cake_runs(rim)
            points += cake_group_points(sum(groups) + 1) - sum(cake_group_points(g) for g in groups)
    else:
        # The newest rim tile covers the one before; the twelfth is tucked under the first as well.
        ant, pickle = ANTS[side], PICKLES[side]
        if n == RIM_SPACES - 1:
            ant -= ant > 0
            pickle -= pickle > 0
        if n:
            last = rim[-1]
            ant -= ANTS[last] > 0
            pickle -= PICKLES[last] > 0
        ants += ant
        pickles += pickle
        closes = n == RIM_SPACES - 1  # the twelfth space touches the first
        near = []  # the new space's neighbours: the space before, the first, the centre
        if n:
            near.append(n - 1)
        if closes:
            near.append(0)
        if kind == CHEESE:
            touching = sum(1 for j in near if KIND[rim[j]] == CRACKER) + int(centre >= 0 and KIND[centre] == CRACKER)
            points += cheese_points(touching)
        elif kind == CRACKER:
            centre_cracker = centre >= 0 and KIND[centre] == CRACKER
            for j in near:
                if KIND[rim[j]] == CHEESE:
                    touching = _rim_crackers(rim, j, n) + centre_cracker
                    points += cheese_points(touching + 1) - cheese_points(touching)
            if centre >= 0 and KIND[centre] == CHEESE:
                points += cheese_points(crackers + 1) - cheese_points(crackers)
        elif kind == CAKE:
            if centre >= 0 and KIND[centre] == CAKE:
                size = cakes[0] + cakes[1] + cakes[2]  # every cake touches the centre: one group
                points += cake_group_points(size + 1) - cake_group_points(size)
            else:
                before = _run_back(rim, n - 1)
                after = _run_on(rim, 0) if closes and before < n else 0
                points += (cake_group_points(before + after + 1) - cake_group_points(before)
                           - cake_group_points(after))
    if kind == CHEESE:
        cheese += 1
    elif kind == CRACKER:
        crackers += 1
        sets = len(drinks)
        points += CRACKER_SET_POINTS * (min(crackers // 3, sets) - min((crackers - 1) // 3, sets))
    elif kind == CAKE:
        colour = COLOUR[side]
        cakes = (cakes[0] + (colour == 0), cakes[1] + (colour == 1), cakes[2] + (colour == 2))
    points += pickles * cheese - old_pickle_points
    return points, ants, cakes, cheese, crackers, pickles


def _rim_crackers(rim: list[int], j: int, n: int) -> int:
    """Crackers beside rim space j of a rim of n tiles (the centre not counted)."""
    touching = 0
    if j > 0 and KIND[rim[j - 1]] == CRACKER:
        touching += 1
    if j + 1 < n and KIND[rim[j + 1]] == CRACKER:
        touching += 1
    if n == RIM_SPACES and (j == 0 or j == n - 1) and KIND[rim[n - 1 - j]] == CRACKER:
        touching += 1
    return touching


def _run_back(rim: list[int], j: int) -> int:
    """Cakes in a row on the rim ending at space j (going back)."""
    run = 0
    while j >= 0 and KIND[rim[j]] == CAKE:
        run += 1
        j -= 1
    return run


def _run_on(rim: list[int], j: int) -> int:
    """Cakes in a row on the rim starting at space j (going on)."""
    run = 0
    while j < len(rim) and KIND[rim[j]] == CAKE:
        run += 1
        j += 1
    return run


def _rim_cake_runs(rim: list[int]) -> list[int]:
    """The sizes of the rim's cake groups, without the centre (the rim closes at 12 tiles)."""
    kinds = [KIND[side] for side in rim]
    return _cake_groups(kinds, neighbours(len(rim), False))
