"""Digging for Dinos' observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). Cells are a1 to e5, row by row; a
tile is its species one-hot (the 7, in `SPECIES` order), its part's place in the skeleton one-hot
(up to 6), its era one-hot (3), whether parts of its kind are still to come, and special."""

from __future__ import annotations

from meeple.engine.features import one_of
from meeple.engine.game import Features

from .components import (
    CELL_NAMES,
    CELLS,
    ERAS,
    FOURTH,
    MAX_PARTS,
    N_SPECIES,
    N_TILES,
    PAWNS_PER_SEAT,
    SIDE_NAMES,
    SPECIES_INDEX,
)
from .state import ENDINGS, PHASES

CELL = {name: i for i, name in enumerate(CELL_NAMES)}
TILE = 1 + N_SPECIES + MAX_PARTS + ERAS + 2
PAWN = CELLS + 1 + len(SIDE_NAMES)   # the cell (last: not on the board), its side
POINTS_SCALE = 100.0                  # points; beyond it reads as 1
COUNT_SCALE = 4.0                     # copies of one part held; beyond it reads as 1


def tile(t) -> list[float]:
    if t is None:
        return [0.0] * TILE
    out = [1.0] + [0.0] * (TILE - 1)
    out[1 + SPECIES_INDEX[t["species"]]] = 1.0
    out[1 + N_SPECIES + t["position"] - 1] = 1.0
    out[1 + N_SPECIES + MAX_PARTS + t["era"] - 1] = 1.0
    out[-2], out[-1] = float(t["left"] > 0), float(t["special"])
    return out


class DiggingForDinosFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("phase", len(PHASES)), ("ending", len(ENDINGS)), ("to_act", n), ("progress", 3 + ERAS),
                ("next_side", len(SIDE_NAMES) + 1), ("last", 2 * (CELLS + 1)),
                ("board", CELLS * (TILE + n + len(SIDE_NAMES))), ("pawns", n * PAWNS_PER_SEAT * PAWN),
                ("collections", n * (N_SPECIES * (MAX_PARTS + 3) + 2))]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        where = {s: k for k, s in enumerate(order)}
        one_hot, scaled = self.one_hot, self.scaled
        out = one_of(view["phase"], PHASES)
        out += one_of(view["ending"], ENDINGS)
        out += [float(view["turn"] == s and view["phase"] != "over") for s in order]
        out += [scaled(view["era"] or 0, ERAS), scaled(view["fourth"], FOURTH), scaled(view["turns"], 100)]
        out += [scaled(count, N_TILES // ERAS) for count in view["stacks"]]
        side = view["next_side"]
        out += one_hot(SIDE_NAMES.index(side) if side in SIDE_NAMES else len(SIDE_NAMES), len(SIDE_NAMES) + 1)
        last = view["last"] or {}
        for key in ("from", "to"):
            out += one_hot(CELL.get(last.get(key, ""), CELLS), CELLS + 1)  # none yet: the extra slot
        for cell in view["board"]:
            pawn = cell["pawn"]
            out += tile(cell["tile"])
            out += one_hot(where[pawn["seat"]] if pawn else None, n)
            out += one_hot(SIDE_NAMES.index(pawn["side"]) if pawn else None, len(SIDE_NAMES))
        for s in order:
            for pawn in view["pawns"][s]:  # a token not placed yet has no cell: the extra slot
                out += one_hot(CELL.get(pawn["cell"], CELLS), CELLS + 1)
                out += one_hot(SIDE_NAMES.index(pawn["side"]), len(SIDE_NAMES))
        collections = {c["seat"]: c for c in view["collections"]}
        for s in order:
            col = collections[s]
            for g in col["species"]:  # in SPECIES order: each part's count held, completed, progress, points
                counts = [scaled(p["count"], COUNT_SCALE) for p in g["parts"]]
                out += counts + [0.0] * (MAX_PARTS - len(counts))
                out += [scaled(g["completed"], 3), scaled(g["progress"], MAX_PARTS),
                        scaled(g["points"], POINTS_SCALE)]
            out += [scaled(col["completed"], FOURTH), scaled(len(col["tiles"]), N_TILES)]
        return out


FEATURES = DiggingForDinosFeatures()
