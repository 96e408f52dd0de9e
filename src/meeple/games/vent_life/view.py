"""Vent Life's board as text, for the terminal (drawn from a view, never from the state)."""

from __future__ import annotations

from .components import SPECIES, SPECIES_LETTERS, TERRAIN_LETTERS, TERRAIN_NAMES


def render_field(view: dict, viewer) -> str:
    """The field as rows of hexes: each hex is terrain letter + level, then the creature
    (species letter + seat number, '*' for two worms) or '..'."""
    lines = []
    if view["stage"] == "draft":
        d = view["draft"]
        lines.append(f"Species draft ({d['mode']}): chosen so far {', '.join(d['chosen']) or 'none'}; "
                     f"next: seat {d['order'][0] + 1}.")
    else:
        lines.append("Species: " + ", ".join(view["species"]) + f".  Bag: {view['bag']} tiles.")
    cells = {tuple(f["at"]): f for f in view["field"]}
    if cells:
        rs = [r for _, r in cells]
        xs = [2 * q + r for q, r in cells]
        xmin = min(xs)
        for r in range(min(rs), max(rs) + 1):
            row = sorted(q for q, rr in cells if rr == r)
            if not row:
                continue
            line = [" "] * ((max(xs) - xmin) * 4 + 8)
            for q in row:
                f = cells[(q, r)]
                token = f"{TERRAIN_LETTERS[[n.lower() for n in TERRAIN_NAMES].index(f['terrain'])]}{f['level']}"
                cr = f["creature"]
                token += (f"{SPECIES_LETTERS[SPECIES.index(cr['species'])]}{cr['seat'] + 1}"
                          + ("*" if cr["count"] > 1 else "")) if cr else ".."
                x = (2 * q + r - xmin) * 4
                line[x:x + len(token)] = token
            lines.append(f"r={r:>3} q={row[0]:>3}..{row[-1]:<3}| " + "".join(line).rstrip())
        lines.append("Hexes: S smoker, B basalt, D diffuse vents, M microbial mat, then the level; creatures: "
                     "W worms, V snails, S shrimp, F fish, C crabs, O octopus, G sponges + seat.")
    else:
        lines.append("The field is empty: the first tile's smoker goes on 0,0.")
    for h in view["hands"]:
        who = "you" if h["seat"] == viewer else f"seat {h['seat'] + 1}"
        tile = h["tile"] or ("a hidden tile" if h["has_tile"] else "no tile")
        supply = ", ".join(f"{k} {v}" for k, v in view["supply"][h["seat"]].items())
        lines.append(f"Seat {h['seat'] + 1} ({who}): holds {tile}; supply: {supply}")
    if view["pending"]:
        lines.append("Covered creatures to move: " + ", ".join(
            f"seat {p['seat'] + 1}'s {p['species']} from {p['at'][0]},{p['at'][1]} (level {p['level']})"
            for p in view["pending"]))
    return "\n".join(lines)
