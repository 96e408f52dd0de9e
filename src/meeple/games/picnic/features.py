"""Picnic's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0), so one policy can
play every seat. A tile side is its kind, cake colour, ants, pickles and ice."""

from __future__ import annotations

from meeple.engine.game import Features

from .components import COLOURS, KINDS, PILES, RIM_SPACES, TILES_PER_PLAYER, Side, parse_side

FOODS = (("cheese", None), ("cracker", None), ("cake", "blue"), ("cake", "pink"), ("cake", "green"))
PHASES = ("take", "place", "over")
SIDE = len(KINDS) + len(COLOURS) + 3 + 1  # ... ants, pickles, ice, and "there is a side"
PLATE = len(FOODS) + 4 + SIDE + 3 + 2
MOST = 3.0  # ants, pickles or ice cubes on one side


class PicnicFeatures(Features):
    def fields(self, n_players, options):
        return [("phase", len(PHASES)), ("to_act", n_players), ("progress", 3), ("hamper", PILES * (SIDE + 1)),
                ("hand", 2 * SIDE), ("plates", n_players * PLATE)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        hot, scaled = self.one_hot, self.scaled
        out = hot(PHASES.index(view["phase"]), len(PHASES))
        out += hot(None if view["turn"] is None else order.index(view["turn"]), n)
        out += [scaled(view["hamper_tiles"], PILES * TILES_PER_PLAYER), float(view["drinks_allowed"]),
                scaled(view["turns"], n * TILES_PER_PLAYER)]
        for pile in view["hamper"]:
            out.append(scaled(pile["height"], TILES_PER_PLAYER))
            out += self.side(pile["top"] and parse_side(pile["top"]))
        hand = view["hand"]
        out += self.side(hand and parse_side(hand["up"])) + self.side(hand and parse_side(hand["down"]))
        plates = {p["seat"]: p for p in view["plates"]}
        for s in order:
            out += self.plate(plates[s])
        return out

    def side(self, side: Side | None) -> list[float]:
        """A side read from its code in the view (components.parse_side)."""
        if side is None:
            return [0.0] * SIDE
        out = self.one_hot(KINDS.index(side.kind), len(KINDS))
        out += self.one_hot(COLOURS.index(side.colour) if side.colour else None, len(COLOURS))
        scaled = self.scaled
        return out + [scaled(side.ants, MOST), scaled(side.pickles, MOST), scaled(side.ice, MOST), 1.0]

    def plate(self, plate: dict) -> list[float]:
        scaled, rim = self.scaled, plate["rim"]
        out = [scaled(sum(1 for t in rim if (t["kind"], t["colour"]) == food), RIM_SPACES) for food in FOODS]
        out += [scaled(sum(t["visible_ants"] for t in rim), RIM_SPACES),
                scaled(sum(t["visible_pickles"] for t in rim), RIM_SPACES),
                scaled(sum(t["covered"] for t in rim), RIM_SPACES), scaled(len(rim), RIM_SPACES)]
        out += self.side(plate["centre"] and parse_side(plate["centre"]["code"]))
        drinks = plate["drinks"]
        out += [scaled(len(drinks), RIM_SPACES), scaled(sum(d["ice"] for d in drinks), 2 * RIM_SPACES),
                scaled(sum(d["ants"] for d in drinks), 2 * RIM_SPACES)]
        out += [scaled(plate["empty_spaces"], RIM_SPACES + 1), scaled(plate["visible_ants"], 2 * RIM_SPACES)]
        return out


FEATURES = PicnicFeatures()
