"""Ninety-Nine's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0), so one policy can
play every seat. A card is one of the 37 (36 and the Joker), in deck order."""

from __future__ import annotations

from meeple.engine.game import Features
from meeple.engine.tricks import bids_hot, cards_hot, trick_hot

from .components import DECK_WITH_JOKER, HAND_SIZE, SUITS, TRICKS, code
from .moves import KINDS
from .rules import PHASES, SCORING, TRUMP_RULES

CARDS = {code(c): i for i, c in enumerate(DECK_WITH_JOKER)}
N_CARDS = len(DECK_WITH_JOKER)
HAND_POINTS = 100.0   # a round's points read as +-1 from here
TOTAL_POINTS = 300.0  # and a game's


class NinetyNineFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("phase", len(PHASES)), ("table", len(TRUMP_RULES) + len(SCORING)), ("progress", 2),
                ("trump", 5), ("turnup", N_CARDS), ("led", 5), ("hand", N_CARDS), ("bid_cards", n * N_CARDS),
                ("trick", n * N_CARDS), ("revealed_hand", N_CARDS), ("to_act", n), ("dealer", n),
                ("leader", n), ("bids", 3 * n), ("offers", n * len(KINDS)), ("premium", n * len(KINDS)),
                ("tricks", n), ("hand_sizes", n), ("round_scores", n), ("totals", n), ("rounds_won", n)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        where = {s: k for k, s in enumerate(order)}
        hot, scaled = self.one_hot, self.scaled
        out = hot(PHASES.index(view["phase"]), len(PHASES))
        out += hot(TRUMP_RULES.index(view["trump_rule"]), len(TRUMP_RULES))
        out += hot(SCORING.index(view["scoring"]), len(SCORING))
        out += [scaled(view["hand_number"], 9), scaled(view["round"], 3)]
        out += hot(_suit(view["trump"]), 5)
        out += cards_hot(view["turnup"] and [view["turnup"]], CARDS)
        out += hot(_suit(view["led"]), 5)
        out += cards_hot(view["hand"], CARDS)
        for s in order:  # the viewer's own, and the premium player's once shown
            out += cards_hot(view["bid_cards"][s], CARDS)
        out += trick_hot(view["trick"], where, CARDS)
        revealed = view["revealed_hand"]
        out += cards_hot(revealed["cards"] if revealed else None, CARDS)
        out += [float(s in view["to_move"]) for s in order]
        out += hot(where.get(view["dealer"]), n)
        out += hot(where.get(view["leader"]), n)
        out += bids_hot(view["bids"], order, TRICKS)
        offers = [0.0] * (n * len(KINDS))
        for offer in view["offers"]:
            offers[where[offer["seat"]] * len(KINDS) + KINDS.index(offer["offer"])] = 1.0
        out += offers
        premium = [0.0] * (n * len(KINDS))
        if view["premium"]:
            premium[where[view["premium"]["seat"]] * len(KINDS) + KINDS.index(view["premium"]["kind"])] = 1.0
        out += premium
        out += [scaled(view["tricks"][s], TRICKS) for s in order]
        out += [scaled(view["hand_sizes"][s], HAND_SIZE) for s in order]
        out += [scaled(view["round_scores"][s], HAND_POINTS) for s in order]
        out += [scaled(view["totals"][s], TOTAL_POINTS) for s in order]
        out += [scaled(view["rounds_won"][s], 3) for s in order]
        return out


def _suit(name) -> int:
    return SUITS.index(name) if name in SUITS else 4  # 4: no trump (or nothing led)


FEATURES = NinetyNineFeatures()
