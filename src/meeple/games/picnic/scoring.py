"""Picnic's scoring rows, computed from a plate. Pure functions of the state."""

from __future__ import annotations

from functools import cache

from meeple.engine import ScoreRow, SeatSheet

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


def visible_ants(rim: list[int], centre: int, drinks: list[int]) -> int:
    return visible_ants_pickles(rim, centre)[0] + sum(ANTS[d] for d in drinks)


def cake_counts(rim: list[int], centre: int) -> list[int]:
    counts = [0, 0, 0]
    for side in plate_spaces(rim, centre):
        if KIND[side] == CAKE:
            counts[COLOUR[side]] += 1
    return counts


def cheese_points(touching_crackers: int) -> int:
    return 3 if touching_crackers >= 2 else 1 if touching_crackers == 1 else 0


def colours_won(cakes: list[list[int]], seat: int) -> int:
    """Cake colours where `seat` has the most (ties share; none without a cake of it)."""
    return sum(1 for c in range(len(COLOURS))
               if cakes[seat][c] and cakes[seat][c] == max(counts[c] for counts in cakes))


def ant_bonus(ants: list[int], seat: int) -> int:
    """+3 for the fewest visible ants, -3 for the most, nothing when everyone ties."""
    low, high = min(ants), max(ants)
    if low == high:
        return 0
    return ANT_MAJORITY_POINTS if ants[seat] == low else -ANT_MAJORITY_POINTS if ants[seat] == high else 0


def seat_rows(rim, centre, drinks, cake_majority: str, ant_majority: tuple[int, str]) -> list[ScoreRow]:
    """Every row except the majorities' points, which need all plates; those are passed in."""
    spaces = plate_spaces(rim, centre)
    kinds = [KIND[s] for s in spaces]
    adj = neighbours(len(rim), centre >= 0)
    rows = []

    cheese_total = 0
    cheese_detail = []
    for i, kind in enumerate(kinds):
        if kind == CHEESE:
            touching = sum(1 for j in adj[i] if kinds[j] == CRACKER)
            pts = cheese_points(touching)
            cheese_total += pts
            cheese_detail.append(f"{_where(i, len(rim))}: {touching} cracker{'s' if touching != 1 else ''} → {pts}")
    n_cheese = kinds.count(CHEESE)
    rows.append(ScoreRow("cheese", "Cheese", n_cheese, cheese_total, "; ".join(cheese_detail) or "no cheese"))

    n_crackers = kinds.count(CRACKER)
    sets = min(n_crackers // 3, len(drinks))
    rows.append(ScoreRow("crackers", "Crackers", n_crackers, CRACKER_SET_POINTS * sets,
                         f"{sets} set{'s' if sets != 1 else ''} of 3 crackers + 1 drink "
                         f"({n_crackers} crackers, {len(drinks)} drinks)"))

    ants_on_plate, pickles = visible_ants_pickles(rim, centre)
    rows.append(ScoreRow("pickles", "Pickles", pickles, pickles * n_cheese,
                         f"{pickles} visible pickle{'s' if pickles != 1 else ''} × {n_cheese} cheese"))

    groups = _cake_groups(kinds, adj)
    cake_points = sum(cake_group_points(g) for g in groups)
    rows.append(ScoreRow("cakes", "Cakes", kinds.count(CAKE), cake_points,
                         "groups: " + (", ".join(f"{g} → {cake_group_points(g)}" for g in sorted(groups, reverse=True))
                                       if groups else "none")))

    colours_won, most_detail = cake_majority.split("|", 1)
    rows.append(ScoreRow("most_cakes", "Most cakes", int(colours_won), MOST_CAKES_POINTS * int(colours_won),
                         most_detail))

    ice = sum(ICE[d] for d in drinks)
    cubes = f"{ice} ice cube{'s' if ice != 1 else ''}"
    rows.append(ScoreRow("drinks", "Drinks", len(drinks), ice,
                         f"{cubes} in {len(drinks)} drink{'s' if len(drinks) != 1 else ''}"))

    ants = ants_on_plate + sum(ANTS[d] for d in drinks)
    ant_points, ant_detail = ant_majority
    rows.append(ScoreRow("ants", "Ants", ants, ant_points, ant_detail))
    return rows


def _where(index: int, rim_len: int) -> str:
    return f"space {index + 1}" if index < rim_len else "centre"


def _cake_groups(kinds: list[int], adj: list[list[int]]) -> list[int]:
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


def score_sheets(rims, centres, drinks) -> list[SeatSheet]:
    n = len(rims)
    cakes = [cake_counts(rims[s], centres[s]) for s in range(n)]
    cake_notes = []
    for s in range(n):
        parts = []
        for c, colour in enumerate(COLOURS):
            best = max(cakes[o][c] for o in range(n))
            mine = cakes[s][c]
            parts.append(f"{colour} {mine} (most)" if mine and mine == best else f"{colour} {mine} (most: {best})")
        cake_notes.append(f"{colours_won(cakes, s)}|" + ", ".join(parts))

    ants = [visible_ants(rims[s], centres[s], drinks[s]) for s in range(n)]
    low, high = min(ants), max(ants)
    ant_notes = []
    for s in range(n):
        if low == high:
            note = f"all players tie on {low} visible ants: no bonus"
        elif ants[s] == low:
            note = f"fewest visible ants ({low})"
        elif ants[s] == high:
            note = f"most visible ants ({high})"
        else:
            note = f"between fewest ({low}) and most ({high})"
        ant_notes.append((ant_bonus(ants, s), note))

    sheets = []
    for s in range(n):
        rows = tuple(seat_rows(rims[s], centres[s], drinks[s], cake_notes[s], ant_notes[s]))
        sheets.append(SeatSheet(s, rows, sum(r.points for r in rows)))
    return sheets


def totals(rims, centres, drinks) -> list[int]:
    """Every seat's total, as `score_sheets` counts it but without building rows (the search's hot path)."""
    return combine([plate_parts(rims[s], centres[s], drinks[s]) for s in range(len(rims))])


def combine(parts: list[tuple[int, int, tuple[int, int, int]]]) -> list[int]:
    """Every seat's total from each plate's `plate_parts`: the majorities need all plates."""
    most0 = most1 = most2 = 0
    low = high = parts[0][1]
    for _, ants, (c0, c1, c2) in parts:  # comparisons rather than max(): this runs at every rollout move
        if c0 > most0:
            most0 = c0
        if c1 > most1:
            most1 = c1
        if c2 > most2:
            most2 = c2
        if ants < low:
            low = ants
        elif ants > high:
            high = ants
    out = []
    for base, ants, (c0, c1, c2) in parts:
        won = (0 < c0 == most0) + (0 < c1 == most1) + (0 < c2 == most2)
        bonus = (0 if low == high else ANT_MAJORITY_POINTS if ants == low
                 else -ANT_MAJORITY_POINTS if ants == high else 0)
        out.append(base + MOST_CAKES_POINTS * won + bonus)
    return out


def plate_parts(rim: list[int], centre: int, drinks: list[int]) -> tuple[int, int, tuple[int, int, int]]:
    """What one plate adds up to by itself: (its points but the majorities, its visible ants with its
    drinks', its cakes of each colour). A placement changes one plate, so a search keeps the others'.

    Remembered for the last plates asked about: a search meets the same plates again and again."""
    key = (*rim, -1, centre, *drinks)
    parts = _PARTS.get(key)
    if parts is None:
        if len(_PARTS) >= PARTS_REMEMBERED:
            _PARTS.clear()
        parts = _PARTS[key] = _plate_parts(rim, centre, drinks)
    return parts


PARTS_REMEMBERED = 50000
_PARTS: dict[tuple[int, ...], tuple[int, int, tuple[int, int, int]]] = {}


def _plate_parts(rim: list[int], centre: int, drinks: list[int]) -> tuple[int, int, tuple[int, int, int]]:
    spaces = plate_spaces(rim, centre)
    kinds = [KIND[side] for side in spaces]
    adj = neighbours(len(rim), centre >= 0)
    points = 0
    for i, kind in enumerate(kinds):
        if kind == CHEESE:
            points += cheese_points(sum(1 for j in adj[i] if kinds[j] == CRACKER))
    n_cheese = kinds.count(CHEESE)
    points += CRACKER_SET_POINTS * min(kinds.count(CRACKER) // 3, len(drinks))
    plate_ants, pickles = visible_ants_pickles(rim, centre)
    points += pickles * n_cheese
    points += sum(cake_group_points(g) for g in _cake_groups(kinds, adj))
    points += sum(ICE[d] for d in drinks)
    c = cake_counts(rim, centre)
    return points, plate_ants + sum(ANTS[d] for d in drinks), (c[0], c[1], c[2])
