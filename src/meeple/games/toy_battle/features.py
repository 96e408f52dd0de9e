"""Toy Battle's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 1, index 0). Nodes
keep their number's slot on every board (ids 1, 2, 11.., 41, 42), so a table
with a random board keeps one size."""

from __future__ import annotations

from meeple.engine.features import one_of
from meeple.engine.game import Features

from .components import BOARD_KEYS, BOARDS, COPIES, KINDS, POWER_NAMES, RACK_MAX, SET_ASIDE
from .rules import STAGE_NAMES

NODE_IDS = sorted({n for b in BOARDS for n in b.nodes})
SLOT = {n: i for i, n in enumerate(NODE_IDS)}
MAX_REGIONS = max(len(b.regions) for b in BOARDS)
POWERS = sorted(POWER_NAMES)
STAGES = sorted(STAGE_NAMES)
STAGE_OF = {name: i for i, name in enumerate(STAGE_NAMES[k] for k in STAGES)}
NODE = 1 + 2 + len(POWERS) + 1 + 2 + len(KINDS)
REGION = 4
SEAT = 4 * len(KINDS) + 5
TALL = 4.0  # a stack's height reads as 1 from here
RESERVE = COPIES * len(KINDS)


class ToyBattleFeatures(Features):
    def fields(self, n_players, options):
        return [("stage", len(STAGES)), ("to_act", 2), ("winner", 2), ("board", len(BOARD_KEYS) + 2),
                ("nodes", len(NODE_IDS) * NODE), ("at", len(NODE_IDS) + 1), ("regions", MAX_REGIONS * REGION),
                ("seats", 2 * SEAT)]

    def encode(self, view, viewer, n_players, options):
        me = viewer if viewer is not None else 0
        rel = {me: 0, 1 - me: 1}
        hot, scaled = self.one_hot, self.scaled
        out = hot(STAGE_OF[view["stage_name"]], len(STAGES))
        out += hot(rel.get(view["turn"]), 2) + hot(rel.get(view["winner"]), 2)
        out += one_of(view["board"], BOARD_KEYS)
        out += [float(view["beginners"]), scaled(view["target"], 10)]
        nodes = [0.0] * (len(NODE_IDS) * NODE)
        for node in view["nodes"]:
            nodes[SLOT[node["id"]] * NODE:(SLOT[node["id"]] + 1) * NODE] = self.node(node, rel)
        out += nodes
        out += hot(SLOT.get(view["at"], len(NODE_IDS)) if view["at"] else len(NODE_IDS), len(NODE_IDS) + 1)
        regions = [0.0] * (MAX_REGIONS * REGION)
        for r, region in enumerate(view["regions"]):
            claimed = rel.get(region["claimed"])
            regions[r * REGION:(r + 1) * REGION] = [1.0, scaled(region["medals"], 3), float(claimed == 0),
                                                    float(claimed == 1)]
        out += regions
        for s in (me, 1 - me):
            out += self.seat(view["seats"][s], view["target"])
        return out

    def node(self, node: dict, rel: dict) -> list[float]:
        stack = node["stack"]
        owner, kind = (rel[stack[-1][0]], stack[-1][1]) if stack else (None, None)
        hq = rel.get(node["hq"])
        out = [1.0, float(hq == 0), float(hq == 1)]
        out += self.one_hot(POWERS.index(node["power"]) if node["power"] else None, len(POWERS))
        out += [self.scaled(len(stack), TALL), float(owner == 0), float(owner == 1)]
        return out + self.one_hot(None if kind is None else kind - 1, len(KINDS))

    def seat(self, seat: dict, target: int) -> list[float]:
        scaled = self.scaled
        out: list[float] = []
        for troops in (seat["rack"] or [], seat["blocked"] or [], seat["discard"], seat["known"]):
            out += [scaled(troops.count(k), COPIES) for k in KINDS]
        return out + [scaled(seat["rack_count"], RACK_MAX), scaled(seat["blocked_count"], RACK_MAX),
                      scaled(seat["reserve"], RESERVE), scaled(seat["aside"], SET_ASIDE),
                      scaled(seat["medals"], target)]


FEATURES = ToyBattleFeatures()
