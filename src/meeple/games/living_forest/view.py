"""What a seat sees of a Living Forest position, and the terminal board.

Everything is public but the order of the draw stacks (the owner's too, below the
cards everyone saw attracted onto it), of the reserve stacks and of the Kodama
deck. A draw stack shows its size and its contents as a sorted list (every card
owned was seen); the reserve stacks and the Kodama deck show their size only.
"""

from __future__ import annotations

from .components import (
    ACTION_ELEMENT,
    ACTION_LABELS,
    ACTIONS,
    ATTRACT,
    CARD_COST,
    CARDS,
    CORNERS,
    ELEMENTS,
    EXTINGUISH,
    FOREST_LINES,
    FOREST_SIZE,
    FRAGMENT,
    KODAMA_TILES,
    MOVE,
    N_ROCKS,
    PLANT,
    ROCKS,
    TILE_KINDS,
    TREES,
)
from .moves import space_name
from .state import ACTION_PHASE, DRAW_PHASE, OVER, PHASES


def card_view(k: int) -> dict:
    c = CARDS[k]
    out = {"id": k, "name": c.name, "level": c.level, "cost": c.cost,
           "elements": {ELEMENTS[e]: v for e, v in enumerate(c.elements) if v},
           "symbol": ("none", "solitary", "gregarious")[c.symbol]}
    if c.kodama:
        out["kodama"] = c.kodama
    if c.twice >= 0:
        out["twice"] = ACTIONS[c.twice]
    if c.extra >= 0:
        out["extra"] = ACTIONS[c.extra]
    return out


def tree_view(t: int) -> dict:
    tree = TREES[t]
    out = {"id": t, "name": tree.name, "cost": tree.cost,
           "elements": {ELEMENTS[e]: v for e, v in enumerate(tree.elements) if v}}
    if tree.per_kodama >= 0:
        out["per_kodama"] = ELEMENTS[tree.per_kodama]
    if tree.kodama:
        out["kodama"] = tree.kodama
    if tree.repeat:
        out["repeat"] = True
    return out


def _reach(game, st, s) -> dict:
    """For the spirit to act: each action's element total and what it can reach now."""
    out = {}
    for a in range(5):
        e = ACTION_ELEMENT[a]
        may = (st.offered is not None and st.offered[0] == a) or st.active == a or (
            st.offered is None and st.active < 0 and not st.steal_from and game._may(st, s) >> a & 1)
        entry = {"action": ACTIONS[a], "label": ACTION_LABELS[a], "may": bool(may),
                 "element": ELEMENTS[e] if e >= 0 else None,
                 "total": st.totals(s)[e] if e >= 0 else None,
                 "available": game.available(st, s, e) if e >= 0 else None, "used": st.used[a]}
        if a == FRAGMENT:
            entry["reach"] = st.frag_stock > 0
        elif a == ATTRACT:
            entry["reach"] = [k for row in st.rows for k in row if CARD_COST[k] <= entry["available"]]
        elif a == EXTINGUISH:
            entry["reach"] = sorted(v for v in set(st.circle) if v <= entry["available"])
        elif a == MOVE:
            entry["reach"] = min(entry["available"], N_ROCKS - st.n)
        elif a == PLANT:
            entry["reach"] = [t for t in range(len(TREES)) if st.dispenser[t] and TREES[t].cost <= entry["available"]]
            entry["spaces"] = list(game.frontier(st, s))
        out[ACTIONS[a]] = entry
    return out


def build_view(game, st, viewer) -> dict:
    seats = []
    for s in range(st.n):
        forest = st.forest[s]
        pile = st.draw[s]
        known = st.known_top[s]
        seats.append({
            "seat": s,
            "help": [card_view(k) for k in st.help[s]],
            "solitary": st.lone(s),
            "stopped": bool(st.stopped[s]) if st.phase == DRAW_PHASE else True,
            "can_draw": st.phase == DRAW_PHASE and not st.stopped[s] and game.can_draw(st, s),
            "just_drawn": bool(st.just_drawn[s]) and st.phase == DRAW_PHASE,
            "draw_count": len(pile),
            "draw_contents": sorted(pile),
            "known_top": [card_view(k) for k in reversed(pile[len(pile) - known:])] if known else [],
            "discard": sorted(st.discard[s]),
            "fragments": st.frags[s],
            "fires": st.fires_taken[s][:],
            "tiles": {TILE_KINDS[k]: st.tiles[s][k] for k in range(3)},
            "rock": st.rocks[s],
            "forest": [None if t == -1 else ("start" if t == -2 else t) for t in forest],
            "lines": [{"label": label, "spaces": list(spaces), "element": ELEMENTS[e], "amount": amount,
                       "done": all(forest[p] != -1 for p in spaces)} for spaces, e, amount, label in FOREST_LINES],
            "totals": {ELEMENTS[e]: v for e, v in enumerate(st.totals(s))},
            "goals": dict(zip(("trees", "flowers", "fires"), st.goals(s))),
            "kodama": st.kodama_count(s) if st.kodama else 0,
            "tile": ({"element": ELEMENTS[KODAMA_TILES[st.tile[s]][0]], "amount": KODAMA_TILES[st.tile[s]][1]}
                     if st.tile[s] >= 0 else None),
            "tile_pending": bool(st.tile_pending[s]),
            "extra_action": bool(st.extra_action[s]),
        })
    turn = st.turn if st.phase == ACTION_PHASE else None
    action = None
    if turn is not None:
        action = {
            "seat": turn, "actions_left": st.actions_left,
            "used": {ACTIONS[a]: st.used[a] for a in range(5)},
            "spent": {ELEMENTS[e]: st.spent[e] for e in range(5)},
            "bonus": ACTIONS[st.offered[0]] if st.offered is not None else None,
            "bonus_extra": ({"element": ELEMENTS[st.extra_el], "amount": st.extra_amt} if st.extra_el >= 0 else None),
            "active": ACTIONS[st.active] if st.active >= 0 else None,
            "steal_from": st.steal_from[0] if st.steal_from else None,
            "bought": st.bought,
            "extra_types": {ACTIONS[a]: st.extra_types[a] for a in range(5) if st.extra_types[a]},
            "reach": _reach(game, st, turn),
        }
    return {
        "game": game.id, "players": st.n, "viewer": viewer, "phase": PHASES[st.phase], "round": st.round,
        "kodama": st.kodama, "target": st.target, "first": st.first, "turn": turn,
        "to_move": sorted(game.to_move(st)),
        "reserve": [{"level": lv + 1, "row": [card_view(k) for k in st.rows[lv]], "stack": len(st.stacks[lv])}
                    for lv in range(3)],
        "market": [card_view(k) for k in st.market], "market_stack": len(st.market_deck),
        "circle": {"rocks": [ACTIONS[r] for r in ROCKS], "spirits": st.rocks[:], "fires": st.circle[:],
                   "onibi": st.onibi if st.onibi >= 0 else None},
        "stocks": {"fragments": st.frag_stock, "varans": st.varan_stock,
                   "fires": {str(v): st.fire_stock[v - 2] for v in (2, 3, 4)}},
        "dispenser": [{**tree_view(t), "left": st.dispenser[t]} for t in range(len(TREES))
                      if st.kodama or t < 12],
        "corners": {str(p): ACTIONS[c[0]] for p, c in CORNERS.items()},
        # What a corner's bonus action comes with (as printed on the forest board): elements or Fragments.
        "corner_extras": {str(p): ({"element": ELEMENTS[e], "amount": amount} if e >= 0 else {"fragments": frags})
                          for p, (_, e, amount, frags) in CORNERS.items()},
        "kodama_tiles": ([{"element": ELEMENTS[e], "amount": amount} for e, amount in KODAMA_TILES]
                         if st.kodama else []),
        "seats": seats,
        "action": action,
        "over": st.phase == OVER,
    }


def render_text(view: dict, viewer) -> str:
    lines = [f"Living Forest, round {view['round']}, {view['phase']} phase; "
             f"Sacred Tree: seat {view['first'] + 1}; goal {view['target']}"]
    circle = view["circle"]
    lines.append("Fires at the centre: " + (", ".join(map(str, circle["fires"])) or "none"))
    for r in view["reserve"]:
        row = ", ".join(f"{c['name']} ({c['cost']}: {_els(c['elements'])})" for c in r["row"])
        lines.append(f"Level {r['level']} ({r['stack']} in stack): {row}")
    if view["kodama"]:
        row = ", ".join(f"{c['name']} ({c['cost']} fl: {_els(c['elements'])}, K{c.get('kodama', 0)})"
                        for c in view["market"])
        lines.append(f"Kodama market: {row}; Onibi on rock {circle['onibi'] + 1}")
    trees = ", ".join(f"{t['name']} x{t['left']}" for t in view["dispenser"] if t["left"])
    lines.append(f"Trees: {trees}")
    for seat in view["seats"]:
        s = seat["seat"]
        g = seat["goals"]
        lines.append(f"Seat {s + 1}{' (you)' if viewer == s else ''}: rock {seat['rock'] + 1}, "
                     f"trees {g['trees']}, flowers {g['flowers']}, fires {g['fires']}, "
                     f"{seat['fragments']} fragments, draw {seat['draw_count']}, discard {len(seat['discard'])}")
        help_line = ", ".join(c["name"] for c in seat["help"]) or "empty"
        lines.append(f"  Help Line ({seat['solitary']} solitary): {help_line}; elements {_els(seat['totals'])}")
        forest = seat["forest"]
        for y in range(3):
            cells = []
            for x in range(5):
                t = forest[y * 5 + x]
                cells.append("  .  " if t is None else (" [*] " if t == "start" else f"{TREES[t].name:>5}"[:5]))
            lines.append("  " + " ".join(cells))
    if view["action"]:
        a = view["action"]
        lines.append(f"Seat {a['seat'] + 1} acts: {a['actions_left']} action(s) left"
                     + (f", bonus {a['bonus']}" if a["bonus"] else ""))
    return "\n".join(lines)


def _els(elements: dict) -> str:
    return " ".join(f"{v}{k}" for k, v in elements.items() if v) or "-"


__all__ = ["build_view", "card_view", "render_text", "space_name", "tree_view", "FOREST_SIZE", "OVER"]
