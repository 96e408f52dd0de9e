"""Draft & Write Records' observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). A card is one of the 115 in `CARDS`
order (its id), a goal one of the 31 in `GOALS` order; sets of them are multi-hot."""

from __future__ import annotations

from meeple.engine.features import many_hot
from meeple.engine.game import Features

from .components import N_AGENDA, N_ASSETS, N_CARDS, N_COLOURS, N_CREW, N_FAILS, TOUR_LEN
from .goals import N_GOALS
from .rules import PHASES

#: The phases the one-hot block names: the set-up's singer choice shares the keep step's place, so the
#: block keeps the length the trained value model (bots/models) was fitted with.
FEATURE_PHASES = tuple(p for p in PHASES if p != "singer")
_PHASE_INDEX = {p: FEATURE_PHASES.index("keep" if p == "singer" else p) for p in PHASES}

SECTIONS = ("fail", "goals", "agenda", "release", "crew", "tour", "multiplier", "assets", "harmonies")
CREW = 5                # filled, locked, doubled, cash, the card's score
SHEET = 9 + N_AGENDA + N_CREW * CREW + N_ASSETS + N_COLOURS + len(SECTIONS)
POINTS_SCALE = 100.0    # a total; beyond it reads as 1
SECTION_SCALE = 40.0


def ids(items, size: int) -> list[float]:
    return many_hot((item["id"] for item in items), size)


class DraftAndWriteRecordsFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("phase", len(FEATURE_PHASES)), ("progress", 7), ("row", N_GOALS), ("claimable", n * N_GOALS),
                ("sheets", n * SHEET), ("claimed", n * N_GOALS), ("seats", 3 * n), ("discards", n * N_CARDS),
                ("private", N_GOALS), ("hand", 2 * N_CARDS), ("offers", N_GOALS), ("chosen", 1)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        me = order[0]
        one_hot, scaled = self.one_hot, self.scaled
        out = one_hot(_PHASE_INDEX[view["phase"]], len(FEATURE_PHASES))
        out += [float(view["solo"]), scaled(view["week"], 4), scaled(view["step"], 12),
                float(view["direction"] == "clockwise"), scaled(view["deck"], N_CARDS),
                scaled(view["goal_deck"], N_GOALS), float(view["ending"])]
        row = [g for g in view["row"] if g is not None]
        out += ids(row, N_GOALS)
        for s in order:
            out += ids([g for g in row if s in g["can_claim"]], N_GOALS)
        seats = view["seats"]
        for s in order:
            sheet = seats[s]["sheet"]
            out += [scaled(sheet["fails"], N_FAILS), scaled(sheet["extra_missing"], 4), scaled(sheet["albums"], 6),
                    scaled(sheet["singles"], 6), scaled(sheet["missing_crew"], N_CREW), scaled(sheet["tour"], TOUR_LEN),
                    scaled(sheet["multipliers"], 4), scaled(sheet["cash"], 10), scaled(sheet["total"], POINTS_SCALE)]
            out += [float(a) for a in sheet["agenda"]]
            for c in sheet["crew"]:
                card = c["card"]
                out += [float(card is not None), float(c["locked"]), float(c["doubled"]), scaled(c["cash"], 3),
                        scaled(card.get("score", 0), 5) if card else 0.0]
            out += [float(a) for a in sheet["assets"]]
            out += [scaled(h, 4) for h in sheet["harmonies"]]
            out += [scaled(sheet["sections"][k], SECTION_SCALE) for k in SECTIONS]
        for s in order:
            out += ids(seats[s]["claimed"], N_GOALS)
        for s in order:
            seat = seats[s]
            out += [scaled(seat["hand_size"], 10), scaled(seat["discard_size"], 20), float(seat["has_private"])]
        for s in order:  # the viewer's own discard (everyone's at the end)
            out += ids(seats[s].get("discard", []), N_CARDS)
        private = seats[me]["private"] if viewer is not None else None
        out += one_hot(private["id"] if private else None, N_GOALS)
        hand = view.get("hand", [])
        out += ids(hand, N_CARDS) + ids([c for c in hand if c.get("playable")], N_CARDS)
        out += ids(view.get("offers", []), N_GOALS)
        out.append(float(view.get("chosen") is not None))
        return out


FEATURES = DraftAndWriteRecordsFeatures()
