"""What a seat sees of an Assyria position (the view JSON) and the terminal board."""

from __future__ import annotations

from .components import (
    DIGNITARY_NAMES,
    FOOD_WORDS,
    FOODS,
    HEX_FOOD,
    HEX_LABEL,
    HEX_QR,
    HEX_REGION,
    KIND_COST,
    KIND_FOOD,
    KIND_NAMES,
    KIND_SYMBOLS,
    N_HEXES,
    N_KINDS,
    PLOW_COST,
    PLOW_SYMBOLS,
    WELL_HEXES,
)
from .moves import USE_NAMES
from .state import P_FEED, P_HUTS, P_OVER, PHASE_NAMES

REGION_KEYS = ("outside", "river1", "inside", "river2")


def _hand(counts: list[int]) -> dict[str, int]:
    return {KIND_NAMES[k]: counts[k] for k in range(N_KINDS) if counts[k]}


# What the board draws the cards and hexes from (the same at every position): each food with its words,
# and each card a view names (rows, hands, draft, in use) with its food (None: any), count and price in
# camels. A food kind added to the components draws without a change to the board.
FOOD_TABLE: list[dict[str, str]] = [{"key": key, "one": one, "many": many}
                                    for key, (one, many) in zip(FOODS, FOOD_WORDS)]
CARD_TABLE: dict[str, dict[str, object]] = {
    **{KIND_NAMES[k]: {"food": FOODS[KIND_FOOD[k]] if KIND_FOOD[k] >= 0 else None, "count": KIND_SYMBOLS[k],
                       "cost": KIND_COST[k]} for k in range(N_KINDS)},
    "plow": {"food": None, "count": PLOW_SYMBOLS, "cost": PLOW_COST, "plow": True},
}


def public_view(game, state, viewer) -> dict:
    """Everything is open but the order of the two face-down decks (their sizes are shown)."""
    cols = len(state.taken)
    in_use = None
    if state.phase == P_FEED:
        in_use = {"card": USE_NAMES[state.counter >> 4], "symbols": state.counter & 15}
    return {
        "players": state.n,
        "phase": PHASE_NAMES[state.phase],
        "reign": state.reign,
        "turn": state.turn,
        "seat": -1 if state.phase == P_OVER else state.order[state.cur],
        "order": state.order[:],
        "expansions": state.expansions[:],
        "expansion": state.expansions[state.turn - 1] if state.turn - 1 < len(state.expansions) else None,
        "bonus": state.bonus,
        "expansion_deck": len(state.exp_deck),
        "occ": state.occ[:],
        "level": state.level[:],
        "fed": state.fed[:],
        "wells": state.wells[:],
        "well_stock": state.well_stock,
        "huts": state.huts[:],
        "ziggurats": [z[:] for z in state.zstock],
        "camels": state.camels[:],
        "offering": state.offering[:],
        "hands": [_hand(h) for h in state.hand],
        "plows": state.plows[:],
        "plow_supply": state.plow_supply,
        "deck": len(state.deck),
        "discard": _hand(state.discard),
        "rows": [[KIND_NAMES[k] if k >= 0 else None for k in state.sowing[r * cols:(r + 1) * cols]]
                 for r in range(2)],
        "taken": state.taken[:],
        "draft": [KIND_NAMES[k] for k in state.draft],
        "assur": [a[:] for a in state.assur],
        "huts_to_place": state.counter if state.phase == P_HUTS else 0,
        "in_use": in_use,
        "bought": state.bought,
        "offered": state.offered,
        "fresh": [HEX_LABEL[h] for h in state.fresh],
        "points": [p[:] for p in state.pts],
        "foods": [dict(f) for f in FOOD_TABLE],
        "cards": {name: dict(card) for name, card in CARD_TABLE.items()},
        "map": {
            "hexes": [{"label": HEX_LABEL[h], "q": HEX_QR[h][0], "r": HEX_QR[h][1], "food": FOODS[HEX_FOOD[h]],
                       "region": REGION_KEYS[HEX_REGION[h]], "closed": h in state.closed} for h in range(N_HEXES)],
            "wells": [list(t) for t in WELL_HEXES],
        },
    }


def render_text(view: dict, viewer) -> str:
    lines = [f"Assyria: reign {view['reign']}, turn {view['turn']}, {view['phase']}"
             f" (expansion {view['expansion']}, wells left {view['well_stock']})"]
    hexes = view["map"]["hexes"]
    by_col: dict[int, list[str]] = {}
    for h, cell in enumerate(hexes):
        occ = view["occ"][h]
        if cell["closed"]:
            mark = "  --  "
        elif occ < 0:
            mark = f"{cell['label']:>3}{cell['food'][0].upper()}{'~' if cell['region'].startswith('river') else ' '} "
        elif view["level"][h]:
            mark = f"{cell['label']:>3}Z{occ + 1}{view['level'][h]}"
        else:
            mark = f"{cell['label']:>3}h{occ + 1}{'*' if view['fed'][h] else ' '}"
        by_col.setdefault(cell["q"], []).append(mark)
    depth = max(len(c) for c in by_col.values())
    for i in range(depth):
        lines.append(" ".join((c[i] if i < len(c) else "      ") for _, c in sorted(by_col.items())))
    dug = [str(w + 1) for w, s in enumerate(view["wells"]) if s >= 0]
    lines.append("Wells dug: " + (", ".join(dug) if dug else "none"))
    rows = view["rows"]
    lines.append("Food rows: " + " | ".join(f"{c + 1}: {rows[0][c] or '-'} {rows[1][c] or '-'}"
                                            for c in range(len(rows[0]))))
    if view["draft"]:
        lines.append("On offer: " + ", ".join(view["draft"]))
    lines.append("Assur: " + "; ".join(f"{DIGNITARY_NAMES[i]} " + (" ".join(str(s + 1) for s in a) or "-")
                                       for i, a in enumerate(view["assur"])))
    for s in range(view["players"]):
        hand = ", ".join(f"{k} x{v}" if v > 1 else k for k, v in view["hands"][s].items()) or "no cards"
        lines.append(f"Seat {s + 1}: {sum(view['points'][s])} pts, {view['camels'][s]} camels, "
                     f"{view['huts'][s]} huts in stock, offering {view['offering'][s]}, "
                     f"{'plow, ' if view['plows'][s] else ''}{hand}")
    if view["in_use"]:
        lines.append(f"In use: {view['in_use']['card']} ({view['in_use']['symbols']} symbols left)")
    return "\n".join(lines)
