"""Kuhn poker's state machine.

The deck is a Jack, a Queen and a King (0, 1, 2). Both seats ante one chip and are
dealt one card face down. Seat 1 passes or bets one chip; facing a pass, seat 2
passes (showdown) or bets; facing a bet, a seat folds (pass) or calls (bet). At a
showdown the higher card takes the pot; a fold gives it to the other seat. A seat's
score is the chips it won or lost.
"""

from __future__ import annotations

from meeple.engine import (
    ALL,
    Game,
    LogEntry,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
    ranked_outcome,
)

from . import moves as notation
from .moves import BET, PASS, Bet

CARDS = ("Jack", "Queen", "King")
POSITION_VERSION = 1


class KuhnState:
    """`cards[s]` is seat s's card, `left` the card no one holds, `history` the moves as "p" and "b",
    `rng` the generator it was dealt with."""

    __slots__ = ("n", "rng", "cards", "left", "history")

    def __init__(self, rng: Rng, cards: list[int], left: int, history: str):
        self.n, self.rng, self.cards, self.left, self.history = 2, rng, cards, left, history

    def copy(self) -> KuhnState:
        return KuhnState(self.rng.copy(), self.cards[:], self.left, self.history)

    @property
    def over(self) -> bool:
        return self.history in ("pp", "bp", "bb", "pbp", "pbb")

    def chips(self) -> list[int]:
        """What each seat won or lost; zeros while the hand runs."""
        h = self.history
        if not self.over:
            return [0, 0]
        if h.endswith("p") and "b" in h:  # a fold: the bettor takes the antes
            winner, stake = len(h) % 2, 1
        else:
            winner, stake = int(self.cards[1] > self.cards[0]), 2 if "b" in h else 1
        return [stake if s == winner else -stake for s in range(2)]


class Kuhn(Game):
    id = "kuhn"
    name = "Kuhn poker"
    min_players = 2
    max_players = 2
    notation = notation
    summary = "Three cards, one each, one round of betting."

    def new_state(self, n_players, options, rng):
        deck = [0, 1, 2]
        rng.shuffle(deck)
        return KuhnState(rng, deck[:2], deck[2], "")

    def to_move(self, state):
        return frozenset() if state.over else frozenset((len(state.history) % 2,))

    def legal_moves(self, state, seat):
        return [PASS, BET] if not state.over and seat == len(state.history) % 2 else []

    def max_moves(self, n_players, options):
        return 2

    def max_game_length(self, n_players, options):
        """Pass, bet, then a fold or a call (meeple.adapters.lengths)."""
        return 3

    def explain_illegal(self, state, seat, move):
        if state.over:
            return "The hand is over."
        return f"It is seat {len(state.history) % 2 + 1}'s turn."

    def apply(self, state, seat, move):
        facing = state.history.endswith("b")
        state.history += "b" if move.__class__ is Bet else "p"
        word = ("calls" if facing else "bets") if move.__class__ is Bet else ("folds" if facing else "checks")
        log = [LogEntry(f"Seat {seat + 1} {word}.", seat)]
        if state.over:
            chips = state.chips()
            winner = chips.index(max(chips))
            how = "takes the pot" if state.history[-1] == "p" and "b" in state.history else "wins the showdown"
            log.append(LogEntry(f"Seat 1 has the {CARDS[state.cards[0]]}, seat 2 the {CARDS[state.cards[1]]}: "
                                f"seat {winner + 1} {how} ({chips[winner]:+d})."))
        return log

    def reveals(self, state, seat, move):
        # A move that ends the hand shows the cards; any other shows only what its mover chose.
        after = state.history + ("b" if move.__class__ is Bet else "p")
        return after in ("pp", "bp", "bb", "pbp", "pbb")

    def hides_outcome(self, state, seat, move):
        return False  # a move ending the hand shows everything; the bots see to that themselves

    def view(self, state, viewer):
        over = state.over
        return {"history": state.history, "to_move": -1 if over else len(state.history) % 2,
                "cards": [c if over or viewer == s else None for s, c in enumerate(state.cards)],
                "chips": state.chips()}

    def prompt(self, state, seat):
        if state.over:
            return "The hand is over."
        facing = state.history.endswith("b")
        return "Call (bet) or fold (pass)." if facing else "Bet or check (pass)."

    def score_sheet(self, state, viewer=ALL):
        chips = state.chips()
        return [SeatSheet(s, (ScoreRow("chips", "Chips won", 1, chips[s]),), chips[s]) for s in range(2)]

    def outcome(self, state):
        return ranked_outcome(state.chips()) if state.over else None

    def to_json(self, state):
        return {"game": self.id, "version": POSITION_VERSION, "rng": state.rng.state, "cards": state.cards[:],
                "left": state.left, "history": state.history}

    def load_position(self, data):
        check_position(data["version"] == POSITION_VERSION, f"Unknown Kuhn poker position version {data['version']!r}.")
        cards, left, history = data["cards"], data["left"], data["history"]
        check_position(isinstance(cards, list) and sorted([*cards, left]) == [0, 1, 2],
                       "The two hands and the card left must be the Jack, the Queen and the King.")
        check_position(history in ("", "p", "b", "pb", "pp", "bp", "bb", "pbp", "pbb"),
                       "The betting must be a sequence of passes (p) and bets (b) Kuhn poker allows.")
        return KuhnState(Rng(data["rng"]), list(cards), left, history)

    def determinize(self, state, seat, rng: Rng):
        """The cards `seat` has not seen dealt again (a spectator, None, has seen none), sorted first so
        that worlds the seat cannot tell apart resample alike."""
        world = state.copy()
        if state.over:
            return world
        hidden = [s for s in range(2) if s != seat]
        unseen = sorted([state.left, *(state.cards[s] for s in hidden)])
        rng.shuffle(unseen)
        for s in hidden:
            world.cards[s] = unseen.pop()
        world.left = unseen.pop()
        return world


GAME = Kuhn()
