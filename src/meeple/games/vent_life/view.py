"""What a seat sees of Vent Life (the view JSON), and the board as text for the terminal (drawn from a view,
never from the state)."""

from __future__ import annotations

from meeple.engine import ALL

from .components import SPECIES, SPECIES_LETTERS, SPECIES_RULES, TERRAIN_LETTERS, TERRAIN_NAMES, coords, tile_cells
from .field import is_edge


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


def seat_view(game_id: str, state, viewer, to_move: list[int]) -> dict:
    """What `viewer` (a seat, None for a spectator, ALL for everything) sees of the position."""
    creatures = state.creatures
    field = []
    for c in sorted(state.field):
        level, terrain, number = state.field[c]
        who = creatures.get(c)
        field.append({
            "at": list(coords(c)), "level": level, "terrain": TERRAIN_NAMES[terrain].lower(),
            "tile": number, "edge": is_edge(state.field, c),
            "creature": ({"seat": who[0], "species": SPECIES[who[1]], "count": who[2]} if who else None),
        })
    hands = [{"seat": s, "has_tile": tile is not None, "tile": tile if viewer == ALL or s == viewer else None}
             for s, tile in enumerate(state.hands)]
    return {
        "game": game_id,
        "players": state.n,
        "viewer": viewer,
        "turn": state.turn if state.turn >= 0 else None,
        "stage": state.stage,
        "to_move": to_move,
        "species": [SPECIES[sp] for sp in state.species],
        "species_rules": {SPECIES[sp]: SPECIES_RULES[sp] for sp in range(len(SPECIES))},
        "field": field,
        "tiles": _tile_list(state.tiles),
        "hands": hands,
        "bag": len(state.bag),
        "supply": [{SPECIES[sp]: state.supply[s][sp] for sp in state.species} for s in range(state.n)],
        "at": list(coords(state.at)) if state.stage == "turn" else None,
        "placing": SPECIES[state.placing] if state.stage == "place" else None,
        "placed": [list(coords(c)) for c in state.placed],
        "pending": [{"at": list(coords(src)), "seat": o, "species": SPECIES[sp], "level": lvl}
                    for o, sp, src, lvl in state.pending],
        "cover": [list(coords(c)) for c in state.cover],
        "draft": ({"order": state.draft, "mode": "leave" if state.n == 3 else "pick",
                   "chosen": [SPECIES[sp] for sp in state.drafted]} if state.stage == "draft" else None),
        "turns": state.turns,
    }


def _tile_list(tiles) -> list[dict]:
    """The tiles laid, in order, with the level each was laid at."""
    levels: dict[int, int] = {}
    out = []
    for at, turn, code in tiles:
        level = levels.get(at, 0) + 1
        for c in tile_cells(at, turn):
            levels[c] = level
        out.append({"at": list(coords(at)), "turn": turn, "tile": code, "level": level})
    return out
