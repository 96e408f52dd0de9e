"""Assyria's observation features for learners (see docs/adapters.md): from a seat's view only.

Everything in Assyria is open but the order of the face-down decks, so every seat's features
hold the same facts, ordered from the viewer's seat (a spectator: seat 0). A food card is one of
the 16 kinds (barley, date, grape, palm, salt at 1 to 3 symbols, then wild); a hex is one of the
64 in map order, a well spot one of the 58."""

from __future__ import annotations

from meeple.engine.features import one_of, tally
from meeple.engine.game import Features

from .components import CAMEL_CAP, FOODS, KIND_NAMES, N_HEXES, N_KINDS, N_WELLS, REIGNS, WELL_STOCK
from .moves import USE_NAMES
from .state import PHASE_NAMES, ROWS
from .view import REGION_KEYS

KIND = {name: k for k, name in enumerate(KIND_NAMES)}
USE = {name: k for k, name in enumerate(USE_NAMES)}
HEX = 1 + len(FOODS) + len(REGION_KEYS) + 3   # closed, food, region, level, fed, just placed; then per seat
CARDS_SCALE = 8.0      # cards of one kind; beyond it reads as 1
POINTS_SCALE = 100.0   # points of one row; beyond it reads as 1
HUTS_SCALE = 40.0


def counts(cards: dict) -> list[float]:
    out = [0.0] * N_KINDS
    for name, count in cards.items():
        out[KIND[name]] = min(1.0, count / CARDS_SCALE)
    return out


class AssyriaFeatures(Features):
    def fields(self, n_players, options):
        n, cols = n_players, n_players + 1
        return [("phase", len(PHASE_NAMES)), ("to_act", n), ("order", n), ("progress", 11),
                ("in_use", len(USE_NAMES) + 1), ("hexes", N_HEXES * (HEX + n)), ("wells", N_WELLS * n),
                ("food_rows", 2 * cols * (N_KINDS + 1)), ("taken", cols), ("draft", N_KINDS),
                ("discard", N_KINDS), ("assur", 3 * n),
                ("seats", n * (6 + N_KINDS + len(ROWS)))]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        where = {s: k for k, s in enumerate(order)}
        one_hot, scaled = self.one_hot, self.scaled
        out = one_of(view["phase"], PHASE_NAMES)
        out += [float(view["seat"] == s) for s in order]
        play = view["order"]
        out += [(play.index(s) + 1) / n if s in play else 0.0 for s in order]
        expansion = view["expansion"]
        out += [scaled(view["reign"], REIGNS), scaled(view["turn"], 8), scaled(expansion or 0, 8),
                float(view["bonus"]), scaled(view["expansion_deck"], 12), scaled(view["deck"], 80),
                scaled(view["well_stock"], WELL_STOCK[n]), scaled(view["plow_supply"], n),
                scaled(view["huts_to_place"], 8), float(view["bought"]), scaled(view["offered"], 8)]
        in_use = view["in_use"]
        out += one_hot(USE[in_use["card"]] if in_use else None, len(USE_NAMES))
        out.append(scaled(in_use["symbols"], 8) if in_use else 0.0)
        fresh = set(view["fresh"])
        occ, level, fed = view["occ"], view["level"], view["fed"]
        for h, cell in enumerate(view["map"]["hexes"]):
            out += [float(cell["closed"]), *one_of(cell["food"], FOODS),
                    *one_of(cell["region"], REGION_KEYS),
                    scaled(level[h], 4), float(fed[h]), float(cell["label"] in fresh)]
            out += one_hot(where.get(occ[h]), n)
        for w in view["wells"]:
            out += one_hot(where.get(w), n)
        for row in view["rows"]:
            for kind in row:
                out += one_hot(KIND[kind] if kind is not None else N_KINDS, N_KINDS + 1)
        out += [scaled(t, n) for t in view["taken"]]
        out += [min(1.0, v) for v in tally((KIND[kind] for kind in view["draft"]), N_KINDS, 1.0 / n)]
        out += counts(view["discard"])
        for dignitary in view["assur"]:
            out += [scaled(dignitary.count(s), 3) for s in order]
        for s in order:
            z = view["ziggurats"][s]
            out += [scaled(view["huts"][s], HUTS_SCALE), scaled(sum(z), 12), scaled(view["camels"][s], CAMEL_CAP),
                    scaled(view["offering"][s], 10), scaled(view["plows"][s], 2), scaled(len(z), 3)]
            out += counts(view["hands"][s])
            out += [scaled(p, POINTS_SCALE) for p in view["points"][s]]
        return out


FEATURES = AssyriaFeatures()
