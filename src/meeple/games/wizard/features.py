"""Wizard's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0), so one policy can
play every seat. A card is one of the 60 of the deck, in `DECK` order."""

from __future__ import annotations

from meeple.engine.game import Features
from meeple.engine.tricks import bids_hot, cards_hot, seats_hot, trick_hot

from .components import DECK, SUITS, code
from .rules import PHASES, PREDICTIONS

CARDS = {code(c): i for i, c in enumerate(DECK)}
N_CARDS = len(DECK)
SCORE_SCALE = 200.0  # points; a total beyond it reads as +-1


class WizardFeatures(Features):
    def fields(self, n_players, options):
        n, most = n_players, N_CARDS // n_players
        return [("phase", len(PHASES)), ("table", len(PREDICTIONS) + 2), ("round", 2), ("trump", 5),
                ("turnup", N_CARDS), ("led", 6), ("hand", N_CARDS), ("foreheads", N_CARDS),
                ("trick", n * N_CARDS), ("to_act", n), ("dealer", n), ("leader", n), ("bids", 3 * n),
                ("tricks", n), ("hand_sizes", n), ("scores", n), ("forbidden_bid", most + 1)]

    def encode(self, view, viewer, n_players, options):
        n, most = n_players, N_CARDS // n_players
        me = viewer if viewer is not None else 0
        order = [(me + k) % n for k in range(n)]  # seats from the viewer's on
        where = {s: k for k, s in enumerate(order)}
        hot, scaled = self.one_hot, self.scaled
        out = hot(PHASES.index(view["phase"]), len(PHASES))
        out += hot(PREDICTIONS.index(view["predictions"]), len(PREDICTIONS))
        out += [float(view["plus_minus_one"]), float(view["foresight"])]
        out += [scaled(view["round"], view["rounds"]), scaled(view["cards_this_round"], most)]
        trump = view["trump"]
        out += hot(4 if trump is None else SUITS.index(trump), 5)
        out += hot(CARDS.get(view["turnup"]), N_CARDS)
        led = view["led"]
        out += hot(5 if led is None else 4 if led == "free" else SUITS.index(led), 6)
        out += cards_hot(view["hand"], CARDS)  # (a blind hand's "?" are no cards)
        out += cards_hot([c for cards in (view["foreheads"] or {}).values() for c in cards], CARDS)
        out += trick_hot(view["trick"], where, CARDS)
        out += seats_hot(view["to_move"], where, n)
        out += hot(where.get(view["dealer"]), n)
        out += hot(where.get(view["leader"]), n)
        out += bids_hot(view["bids"], order, most)
        out += [scaled(view["tricks"][s], most) for s in order]
        out += [scaled(view["hand_sizes"][s], most) for s in order]
        out += [scaled(view["scores"][s], SCORE_SCALE) for s in order]
        out += hot(view["forbidden_bid"], most + 1)
        return out


FEATURES = WizardFeatures()
