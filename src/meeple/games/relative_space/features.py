"""Relative Space's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). A card kind is one-hot over the
14: the items 1 to 10, then Keycard, LAUNCH!, Last Call, Zero-G."""

from __future__ import annotations

from meeple.engine.features import one_of, slots, tally
from meeple.engine.game import Features

from .components import CODE, COPIES, DECK, MAX_PODS_OPEN, PODS_IN_BOX, STASH
from .state import MAX_TURNS, PHASES

KINDS = tuple(CODE.values())          # card codes in card order
KIND = {code: i for i, code in enumerate(KINDS)}
N_KINDS = len(KINDS)
STAGES = (*PHASES, "over")
SLOT = 3 + N_KINDS                    # present, face down, available, the card's kind
POD = 1 + PODS_IN_BOX + 3 + N_KINDS   # present, its number, value, cards, the turn's pod, top card
VALUE_SCALE = 60.0                    # a pod's value; beyond it reads as 1


class RelativeSpaceFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("phase", len(STAGES)), ("to_act", n), ("winner", n), ("progress", 4),
                ("pods", MAX_PODS_OPEN * POD), ("discard", N_KINDS), ("stashes", n * (2 + STASH * SLOT))]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        one_hot, scaled = self.one_hot, self.scaled
        out = one_of(view["phase"], STAGES)
        out += [float(view["turn"] == s and view["phase"] != "over") for s in order]
        out += [float(view["winner"] == s) for s in order]
        out += [scaled(view["turns"], MAX_TURNS), scaled(view["undealt"], len(DECK)),
                scaled(view["pods_in_box"], PODS_IN_BOX), float(view["pod_for"] is not None)]
        out += slots(view["pods"], MAX_PODS_OPEN, lambda pod: [0.0] * POD if pod is None else [
            1.0, *one_hot(pod["id"] - 1, PODS_IN_BOX), scaled(pod["value"], VALUE_SCALE), scaled(len(pod["cards"]), 20),
            float(pod["id"] == view["pod_for"]), *one_hot(KIND[pod["top"]] if pod["top"] else None, N_KINDS)])
        discard = tally((KIND[code] for code in view["discard"]), N_KINDS)
        out += [count / COPIES[list(CODE)[k]] for k, count in enumerate(discard)]
        stashes = view["stashes"]
        for s in order:
            stash = stashes[s]
            out += [scaled(stash["cards_left"], STASH), scaled(stash["face_down"], STASH)]
            for slot in stash["slots"]:
                if slot is None:
                    out += [0.0] * SLOT
                else:
                    card = slot.get("card")
                    out += [1.0, float(slot.get("down", False)), float(slot["available"]),
                            *one_hot(KIND[card] if card is not None else None, N_KINDS)]
        return out


FEATURES = RelativeSpaceFeatures()
