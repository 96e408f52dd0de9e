"""Vent Life's observation features for learners (see docs/adapters.md): from a seat's view only.

The field grows without a fixed shape, so it is summed up rather than drawn: hexes counted by
terrain and level, creatures counted by seat, species and level. Blocks about seats start at
the viewer (a spectator: seat 0); a species is one-hot over the 7 in `SPECIES` order."""

from __future__ import annotations

from meeple.engine.game import Features

from .components import CREATURES_PER_SPECIES, SPECIES, TERRAIN_NAMES, TILE_CODES, TILES_FOR_PLAYERS
from .position import STAGES

#: black smoker, basalt ridge, diffuse vents, microbial mat
TERRAINS = tuple(name.lower() for name in TERRAIN_NAMES[1:])
LEVELS = 4              # level 1 (the seafloor) to 4; higher levels count as 4
N_SPECIES = len(SPECIES)
HEX_SCALE = 60.0        # hexes of one kind; beyond it reads as 1


class VentLifeFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("stage", len(STAGES)), ("to_act", n), ("progress", 4), ("species", N_SPECIES),
                ("placing", N_SPECIES + 1), ("field", len(TERRAINS) * (LEVELS + 2)),
                ("creatures", n * N_SPECIES * (2 + LEVELS)), ("supply", n * N_SPECIES),
                ("hands", n), ("tile", len(TILE_CODES)), ("turn", 4), ("draft", N_SPECIES + 1)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        me = order[0]
        where = {s: k for k, s in enumerate(order)}
        one_hot, scaled = self.one_hot, self.scaled
        out = one_hot(STAGES.index(view["stage"]), len(STAGES))
        to_move = view["to_move"]
        out += [float(s in to_move) for s in order]
        tiles = TILES_FOR_PLAYERS.get(n, 60)
        out += [scaled(view["bag"], tiles), scaled(view["turns"], 2 * tiles), scaled(len(view["field"]), 4 * tiles),
                scaled(len(view["tiles"]), tiles)]
        out += [float(sp in view["species"]) for sp in SPECIES]
        placing = view["placing"]
        out += one_hot(SPECIES.index(placing) if placing in SPECIES else N_SPECIES, N_SPECIES + 1)
        field = [0.0] * (len(TERRAINS) * (LEVELS + 2))     # per terrain: each level, on the edge, occupied
        creatures = [0.0] * (n * N_SPECIES * (2 + LEVELS))  # per seat and species: on the field, hexes, by level
        for cell in view["field"]:
            terrain = TERRAINS.index(cell["terrain"]) if cell["terrain"] in TERRAINS else None
            level = min(LEVELS, max(1, cell["level"])) - 1
            who = cell["creature"]
            if terrain is not None:
                base = terrain * (LEVELS + 2)
                field[base + level] += 1.0 / HEX_SCALE
                field[base + LEVELS] += float(cell["edge"]) / HEX_SCALE
                field[base + LEVELS + 1] += float(who is not None) / HEX_SCALE
            if who is not None:
                base = (where[who["seat"]] * N_SPECIES + SPECIES.index(who["species"])) * (2 + LEVELS)
                creatures[base] += who["count"] / CREATURES_PER_SPECIES
                creatures[base + 1] += 1.0 / CREATURES_PER_SPECIES
                creatures[base + 2 + level] += who["count"] / CREATURES_PER_SPECIES
        out += [min(1.0, v) for v in field] + [min(1.0, v) for v in creatures]
        supply = view["supply"]
        for s in order:
            out += [scaled(supply[s].get(sp, 0), CREATURES_PER_SPECIES) for sp in SPECIES]
        hands = {h["seat"]: h for h in view["hands"]}
        out += [float(hands[s]["has_tile"]) for s in order]
        own = hands[me]["tile"] if viewer is not None else None
        out += one_hot(TILE_CODES.index(own) if own in TILE_CODES else None, len(TILE_CODES))
        out += [float(view["at"] is not None), scaled(len(view["placed"]), CREATURES_PER_SPECIES),
                scaled(len(view["pending"]), CREATURES_PER_SPECIES), scaled(len(view["cover"]), CREATURES_PER_SPECIES)]
        draft = view["draft"]
        chosen = draft["chosen"] if draft else []
        out += [float(sp in chosen) for sp in SPECIES] + [float(draft is not None)]
        return out


FEATURES = VentLifeFeatures()
