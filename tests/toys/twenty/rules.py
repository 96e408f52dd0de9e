"""Twenty's state machine.

The deck holds two cards of each value 1 to 10. Every seat is dealt one card
face down (only its owner sees it). In turn, a seat draws cards face up or
stops; a seat whose cards add up to more than 20 busts and scores 0. The game
ends when every seat has stopped or bust; the highest total wins. Solo, the
game is won by reaching the target (the `target` option) without busting.
"""

from __future__ import annotations

from meeple.engine import (
    ALL,
    Game,
    LogEntry,
    Option,
    Outcome,
    Rng,
    ScoreRow,
    SeatSheet,
    TieBreak,
    check_position,
    position_head,
    ranked_outcome,
    read_head,
)

from . import moves as notation
from .moves import DRAW, STOP, Draw

DECK = tuple(v for v in range(1, 11) for _ in range(2))
LIMIT = 20
POSITION_VERSION = 1


class TwentyState:
    """A position: `hidden[s]` is seat s's face-down card, `drawn[s]` its face-up cards in
    order, `deck` the cards still to draw (top last), `out[s]` true once s stopped or bust."""

    __slots__ = ("n", "rng", "target", "deck", "hidden", "drawn", "out", "turn")

    def __init__(self, n, rng, target, deck, hidden, drawn, out, turn):
        self.n, self.rng, self.target = n, rng, target
        self.deck, self.hidden, self.drawn, self.out, self.turn = deck, hidden, drawn, out, turn

    def copy(self) -> TwentyState:
        return TwentyState(self.n, self.rng.copy(), self.target, self.deck[:], self.hidden[:],
                           [d[:] for d in self.drawn], self.out[:], self.turn)

    def total(self, seat: int) -> int:
        return self.hidden[seat] + sum(self.drawn[seat])


def points(state: TwentyState, seat: int) -> int:
    total = state.total(seat)
    return 0 if total > LIMIT else total


class Twenty(Game):
    id = "twenty"
    name = "Twenty"
    min_players = 1
    max_players = 3
    options = (Option("target", 16, "Solo: the total to reach without going over 20.",
                      kind="int", minimum=10, maximum=20),)
    notation = notation
    summary = "Draw cards face up; stop before your total goes over 20."

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        deck = list(DECK)
        rng.shuffle(deck)
        hidden = [deck.pop() for _ in range(n_players)]
        return TwentyState(n_players, rng, options["target"], deck, hidden,
                           [[] for _ in range(n_players)], [False] * n_players, 0)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return frozenset() if state.turn < 0 else frozenset((state.turn,))

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        return [DRAW, STOP] if state.deck else [STOP]

    def max_moves(self, n_players, options):
        return 2

    def max_game_length(self, n_players, options):
        """The most moves a game can take (meeple.adapters.lengths): each is a draw, at most the cards
        left after the deal, or a stop that retires its seat, at most one per seat."""
        return len(DECK) - n_players + n_players

    def explain_illegal(self, state, seat, move):
        if state.turn < 0:
            return "The game is over."
        if seat != state.turn:
            return f"It is seat {state.turn + 1}'s turn."
        return "The deck is empty: you can only stop."

    def reveals(self, state, seat, move):
        return move.__class__ is Draw  # a drawn card comes from the hidden deck

    def apply(self, state, seat, move):
        if move.__class__ is Draw:
            card = state.deck.pop()
            state.drawn[seat].append(card)
            log = [LogEntry(f"Seat {seat + 1} draws a {card}.", seat)]
            if state.total(seat) > LIMIT:
                log.append(LogEntry(f"Seat {seat + 1} goes over {LIMIT}.", seat))
                self._retire(state, seat)
            return log
        self._retire(state, seat)
        return [LogEntry(f"Seat {seat + 1} stops.", seat)]

    def _retire(self, state, seat):
        state.out[seat] = True
        following = [(seat + k) % state.n for k in range(1, state.n + 1)]
        state.turn = next((s for s in following if not state.out[s]), -1)

    # ----- what a seat sees --------------------------------------------------

    def view(self, state, viewer):
        over = state.turn < 0
        return {
            "turn": state.turn,
            "deck": len(state.deck),
            "target": state.target,
            "drawn": [d[:] for d in state.drawn],
            "out": state.out[:],
            # Face-down cards: each seat sees its own; everyone sees all once the game is over.
            "hidden": [c if over or viewer == s else None for s, c in enumerate(state.hidden)],
        }

    def score_sheet(self, state, viewer=ALL):
        over = state.turn < 0
        sheets = []
        for s in range(state.n):
            shown = sum(state.drawn[s])
            rows = [ScoreRow("drawn", "Face-up cards", len(state.drawn[s]), shown)]
            if viewer == ALL or viewer == s or over:
                total = points(state, s)
                rows.append(ScoreRow("hidden", "Face-down card", 1, state.hidden[s]))
                if state.total(s) > LIMIT:
                    rows.append(ScoreRow("bust", "Over 20", 1, -state.total(s)))
                sheets.append(SeatSheet(s, tuple(rows), total))
            else:
                sheets.append(SeatSheet(s, tuple(rows), shown, hidden=True))
        return sheets

    def outcome(self, state):
        if state.turn >= 0:
            return None
        scores = [points(state, s) for s in range(state.n)]
        if state.n == 1:
            score, target = scores[0], state.target
            if state.total(0) > LIMIT:
                return Outcome.solo(0, False, f"Went over {LIMIT} with {state.total(0)}: target {target} missed.")
            won = score >= target
            return Outcome.solo(score, won, f"{score} points: target {target} {'reached' if won else 'missed'}.")
        fewer = tuple(-len(d) for d in state.drawn)
        return ranked_outcome(scores, (TieBreak(fewer, "fewer cards drawn ({})", "cards drawn",
                                                tuple(len(d) for d in state.drawn)),))

    # ----- positions ---------------------------------------------------------

    def to_json(self, state):
        return {**position_head(self, state, POSITION_VERSION),
                "target": state.target, "deck": state.deck[:], "hidden": state.hidden[:],
                "drawn": [d[:] for d in state.drawn], "out": state.out[:], "turn": state.turn}

    def load_position(self, data):
        n, rng = read_head(self, data, POSITION_VERSION)
        cards = sorted(data["deck"] + data["hidden"] + [c for d in data["drawn"] for c in d])
        check_position(cards == sorted(DECK), "The cards of a Twenty position must be the whole deck.")
        check_position(len(data["hidden"]) == n and len(data["drawn"]) == n and len(data["out"]) == n,
                       "One face-down card, one row and one out flag per seat.")
        check_position(-1 <= data["turn"] < n, "Bad seat to move.")
        return TwentyState(n, rng, data["target"], list(data["deck"]), list(data["hidden"]),
                           [list(d) for d in data["drawn"]], [bool(o) for o in data["out"]], data["turn"])

    # ----- search support ----------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """Everything `seat` has not seen (the deck, the others' face-down cards) dealt again; sorted
        first, so that two worlds the seat cannot tell apart resample alike under one seed."""
        world = state.copy()
        others = [s for s in range(state.n) if s != seat]
        unseen = sorted(world.deck + [world.hidden[s] for s in others])
        rng.shuffle(unseen)
        for s in others:
            world.hidden[s] = unseen.pop()
        world.deck = unseen
        return world


GAME = Twenty()
