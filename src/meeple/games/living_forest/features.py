"""Living Forest's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). A card is one of the 89 in `CARDS`
order (its id); piles of cards are counts per card, over 4. Forest spaces are a1 to e3, row by row."""

from __future__ import annotations

from meeple.engine.game import Features

from .components import (
    ACTIONS,
    ELEMENTS,
    FOREST_LINES,
    FOREST_SIZE,
    FRAGMENT_STOCK,
    MAX_FIRES,
    N_CARDS,
    TILE_KINDS,
    TREES,
)
from .state import PHASES

N_ROCKS = 12                 # spaces of the Circle of Spirits
FIRE_VALUES = (2, 3, 4)
COPIES_SCALE = 4.0           # copies of one card in a pile; beyond it reads as 1
COUNT_SCALE = 20.0           # fragments, elements, goals, tiles; beyond it reads as 1
FOREST = 2 + len(TREES)      # planted, the starting tree, which tree


def cards(ids, scale: float = COPIES_SCALE) -> list[float]:
    out = [0.0] * N_CARDS
    for k in ids:
        out[k] += 1.0 / scale
    return [min(1.0, v) for v in out]


class LivingForestFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        seat = (3 * N_CARDS + 7 + len(FIRE_VALUES) + len(TILE_KINDS) + N_ROCKS + FOREST_SIZE * FOREST
                + len(FOREST_LINES) + len(ELEMENTS) + 3 + 2 + len(ELEMENTS) + 1)
        return [("phase", len(PHASES)), ("to_act", n), ("turn", n), ("first", n), ("progress", 3),
                ("reserve", 3 * (N_CARDS + 1)), ("market", N_CARDS + 1), ("circle", N_ROCKS * len(ACTIONS)
                                                                        + len(FIRE_VALUES) + N_ROCKS + 1),
                ("stocks", 2 + len(FIRE_VALUES)), ("dispenser", len(TREES)), ("seats", n * seat)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        one_hot, scaled = self.one_hot, self.scaled
        out = one_hot(PHASES.index(view["phase"]), len(PHASES))
        to_move = view["to_move"]
        out += [float(s in to_move) for s in order]
        out += [float(view["turn"] == s) for s in order]
        out += [float(view["first"] == s) for s in order]
        out += [float(view["kodama"]), scaled(view["round"], 20), scaled(view["target"], 12)]
        for level in view["reserve"]:
            out += cards([c["id"] for c in level["row"]], 1.0) + [scaled(level["stack"], 30)]
        out += cards([c["id"] for c in view["market"]], 1.0) + [scaled(view["market_stack"], 20)]
        circle = view["circle"]
        for r in circle["rocks"]:
            out += one_hot(ACTIONS.index(r), len(ACTIONS))
        out += [scaled(circle["fires"].count(v), MAX_FIRES) for v in FIRE_VALUES]
        spirits = [0.0] * N_ROCKS
        for rock in circle["spirits"]:
            spirits[rock % N_ROCKS] += 1.0 / n
        out += spirits + [float(circle["onibi"] is not None)]
        stocks = view["stocks"]
        out += [scaled(stocks["fragments"], FRAGMENT_STOCK), scaled(stocks["varans"], 23)]
        out += [scaled(stocks["fires"][str(v)], 20) for v in FIRE_VALUES]
        left = {d["id"]: d["left"] for d in view["dispenser"]}
        out += [scaled(left.get(t, 0), 4) for t in range(len(TREES))]
        seats = view["seats"]
        for s in order:
            seat = seats[s]
            out += cards([c["id"] for c in seat["help"]]) + cards(seat["draw_contents"]) + cards(seat["discard"])
            out += [scaled(seat["solitary"], 3), float(seat["stopped"]), float(seat["can_draw"]),
                    float(seat["just_drawn"]), scaled(seat["draw_count"], 30), scaled(len(seat["known_top"]), 3),
                    scaled(seat["fragments"], COUNT_SCALE)]
            out += [scaled(seat["fires"].count(v), MAX_FIRES) for v in FIRE_VALUES]
            out += [scaled(seat["tiles"][k], 3) for k in TILE_KINDS]
            out += one_hot(seat["rock"] % N_ROCKS, N_ROCKS)
            for space in seat["forest"]:
                if space is None:
                    out += [0.0] * FOREST
                elif space == "start":
                    out += [1.0, 1.0] + [0.0] * len(TREES)
                else:
                    out += [1.0, 0.0, *one_hot(space, len(TREES))]
            out += [float(line["done"]) for line in seat["lines"]]
            out += [scaled(seat["totals"][e], COUNT_SCALE) for e in ELEMENTS]
            out += [scaled(seat["goals"][g], 12) for g in ("trees", "flowers", "fires")]
            out += [scaled(seat["kodama"], 10), float(seat["tile_pending"])]
            tile = seat["tile"]
            out += one_hot(ELEMENTS.index(tile["element"]) if tile else None, len(ELEMENTS))
            out.append(scaled(tile["amount"], 3) if tile else 0.0)
        return out


FEATURES = LivingForestFeatures()
