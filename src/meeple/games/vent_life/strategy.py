"""Hints for the bots: what the placement still to come this turn is worth.

A turn lays a tile first and places creatures after, so a position judged in
the middle of a turn (after the tile, before the creatures) would miss the
placement that its tile made possible. `pending_gain` estimates it: the most
points one placement of the turn's player could add now, worked out hex by
hex from the neighbours, without copying the state or recounting the sheet.

For one creature it is exact (tests try every hex); snails count a connected
group grown greedily from their best hex, which may miss a better group; and
with more than two players the harm to the others is their mean change.
"""

from __future__ import annotations

from .components import BASALT, DELTAS, FISH, OCTOPUS, SHRIMP, SMOKER, SNAILS, SPONGES, WORMS
from .field import is_edge, more_spots, other_levels
from .scoring import OCTOPUS_PER_SPECIES, awards, crabs_by_plateau, groups, local_points, shoal_points

#: Stages of a turn before its creatures are placed.
_BEFORE_PLACING = frozenset(("tile", "turn", "cover", "species"))


def pending_gain(state, seat: int) -> float:
    """Points `seat` can still add this turn by placing creatures (0 when it is not
    `seat`'s turn or the placing is done), against the other players' totals."""
    if state.turn != seat:
        return 0.0
    stage = state.stage
    supply = state.supply[seat]
    if stage in _BEFORE_PLACING:
        species = [sp for sp in state.species if supply[sp]]
    elif stage == "place":
        if state.placed:
            return _more_gain(state, seat)
        species = [state.placing]
    else:
        return 0.0
    best = None
    for sp in species:
        gain = best_gain(state, seat, sp)
        if gain is not None and (best is None or gain > best):
            best = gain
    return best or 0.0


def _more_gain(state, seat: int) -> float:
    """A second worm on a seafloor smoker, or the best further snail."""
    spots = more_spots(state, seat)
    if not spots:
        return 0.0
    if state.placing == WORMS:
        return 1.0
    return max(other_levels(state.field, c) for c in spots)


def best_gain(state, seat: int, sp: int) -> float | None:
    """The most one placement of `sp` by `seat` adds now (own points less the
    others' share), or None when it cannot be placed anywhere."""
    field, creatures = state.field, state.creatures
    harm_share = 1.0 / (state.n - 1)
    empty = state.empty_hexes()
    if sp == WORMS:
        first = 2.0 if state.supply[seat][WORMS] >= 2 else 1.0  # two worms may share a seafloor smoker
        gains = [(c, first if f[0] == 1 else float(f[0])) for c, f in empty if f[1] == SMOKER]
    elif sp == SNAILS:
        most = min(3, state.supply[seat][SNAILS])
        gains = [(c, float(_snail_group(field, creatures, c, most))) for c, f in empty if f[1] == BASALT]
    elif sp == SHRIMP:
        gains = [(c, local_points(field, creatures, c, (seat, sp, 1))) for c, f in empty if f[1] != BASALT]
    elif sp == SPONGES:
        gains = [(c, local_points(field, creatures, c, (seat, sp, 1))) for c, _ in empty]
    elif sp == OCTOPUS:
        gains = [(c, local_points(field, creatures, c, (seat, sp, 1))) for c, _ in empty if is_edge(field, c)]
    elif sp == FISH:
        shoal_of, shoal_sizes = _shoals(creatures, seat)
        gains = []
        for c, (level, terrain, _number) in empty:
            if terrain == SMOKER:
                continue
            joined = {shoal_of[c + d] for d in DELTAS if c + d in shoal_of}
            if level != 1 and not joined:
                continue
            sizes = [shoal_sizes[k] for k in joined]
            gains.append((c, shoal_points(1 + sum(sizes)) - sum(shoal_points(k) for k in sizes)))
    else:  # crabs: the gain is the same on every hex of one plateau
        plateaus = state.plateau_map()
        crabs_on = crabs_by_plateau(field, creatures, state.n, plateaus)
        by_plateau: dict = {}
        gains = []
        for c, f in empty:
            if f[0] < 2:
                continue
            label = plateaus[c]
            gain = by_plateau.get(label)
            if gain is None:
                gain = by_plateau[label] = _crab_gain(state, seat, label, crabs_on, harm_share)
            gains.append((c, gain))
    if not gains:
        return None
    if OCTOPUS in state.species and sp != OCTOPUS:
        return max(gain + _octopus_bonus(field, creatures, seat, sp, c, harm_share) for c, gain in gains)
    return max(gain for _, gain in gains)


def _snail_group(field, creatures, c: int, most: int) -> int:
    """Points of up to `most` snails grown from `c` over connected empty Basalt, best hex first."""
    total = other_levels(field, c)
    group = [c]
    while len(group) < most:
        options = {c2 + d for c2 in group for d in DELTAS} - set(group)
        scored = [(other_levels(field, o), o) for o in options
                  if o not in creatures and o in field and field[o][1] == BASALT]
        if not scored:
            break
        pts, o = max(scored)
        total += pts
        group.append(o)
    return total


def _shoals(creatures, seat: int) -> tuple[dict[int, int], list[int]]:
    """hex -> shoal number for `seat`'s fish, and the size of each shoal."""
    mine = [c for c, (owner, sp, _) in creatures.items() if owner == seat and sp == FISH]
    shoal_of: dict[int, int] = {}
    sizes = []
    for k, group in enumerate(groups(mine)):
        sizes.append(len(group))
        for c in group:
            shoal_of[c] = k
    return shoal_of, sizes


def _crab_gain(state, seat, label, crabs_on, harm_share) -> float:
    """A crab on the plateau `label`: the change of the seat's award less the others' share of theirs."""
    crabs = crabs_on.get(label)
    if crabs is None:
        return float(label[1])  # the first crab there: most crabs, the whole plateau
    before = awards(crabs, label[1])
    more = crabs[:]
    more[seat] += 1
    after = awards(more, label[1])
    others = sum(after[s] - before[s] for s in range(state.n) if s != seat)
    return (after[seat] - before[seat]) - harm_share * others


def _octopus_bonus(field, creatures, seat, sp, c, harm_share) -> float:
    """A creature on `c` gives each octopus next to it a new species to count (+2 to its owner)."""
    out = 0.0
    for d in DELTAS:
        o = creatures.get(c + d)
        if o is None or o[1] != OCTOPUS:
            continue
        at = c + d
        kinds = {creatures[at + e][1] for e in DELTAS if at + e in creatures}
        if sp not in kinds:
            out += OCTOPUS_PER_SPECIES if o[0] == seat else -harm_share * OCTOPUS_PER_SPECIES
    return out
