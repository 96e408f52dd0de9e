"""`meeple simulate` in a simultaneous phase: no seat is always the first to act.

The toy is a race: every seat may act at once, each has a single move (claim),
and the earlier a seat claims, the more it scores. Its bots have no choice to
make, so the winner is whoever `simulate` lets act first.
"""

from typing import NamedTuple

from meeple.analysis.simulate import play_one, simulate
from meeple.engine import ALL, Game, LogEntry, Outcome, ScoreRow, SeatSheet, move_kind


@move_kind
class Claim(NamedTuple):
    pass


CLAIM = Claim()


class _Notation:
    @staticmethod
    def to_json(move):
        return {"claim": True}

    @staticmethod
    def from_json(data):
        return CLAIM

    @staticmethod
    def to_text(move):
        return "claim"

    @staticmethod
    def parse(text):
        return CLAIM


class RaceState:
    __slots__ = ("n", "order")

    def __init__(self, n, order):
        self.n, self.order = n, order

    def copy(self):
        return RaceState(self.n, self.order[:])


class Race(Game):
    id = "race"
    name = "Race"
    min_players = 2
    max_players = 4
    notation = _Notation

    def new_state(self, n_players, options, rng):
        return RaceState(n_players, [])

    def to_move(self, state):
        return frozenset(s for s in range(state.n) if s not in state.order)

    def legal_moves(self, state, seat):
        return [CLAIM] if seat in self.to_move(state) else []

    def max_moves(self, n_players, options):
        return 1

    def public_choices(self, state):
        return True

    def apply(self, state, seat, move):
        state.order.append(seat)
        return [LogEntry(f"Seat {seat + 1} claims.", seat)]

    def points(self, state, seat):
        return state.n - state.order.index(seat) if seat in state.order else 0

    def view(self, state, viewer):
        return {"order": state.order[:]}

    def score_sheet(self, state, viewer=ALL):
        return [SeatSheet(s, (ScoreRow("claim", "Claimed early", 1, self.points(state, s)),), self.points(state, s))
                for s in range(state.n)]

    def outcome(self, state):
        if self.to_move(state):
            return None
        scores = tuple(self.points(state, s) for s in range(state.n))
        return Outcome(scores, tuple(1 + sum(o > p for o in scores) for p in scores))

    def to_json(self, state):
        return {"game": self.id, "players": state.n, "order": state.order[:]}

    def load_position(self, data):
        return RaceState(data["players"], list(data["order"]))

    def determinize(self, state, seat, rng):
        return state.copy()  # nothing is hidden


def test_every_seat_acts_first_in_a_fair_share_of_simultaneous_phases():
    for n in (2, 3, 4):
        figures = simulate(Race(), n, ["random"] * n, 600, seed=5)
        assert figures["errors"] == 0
        share = 1 / n
        for rate in figures["win_rate_by_seat"]:
            assert abs(rate - share) < 0.07, (n, figures["win_rate_by_seat"])


def test_the_order_is_seeded():
    first = [play_one(Race(), 4, None, seed, ["random"] * 4).ranks for seed in range(20)]
    again = [play_one(Race(), 4, None, seed, ["random"] * 4).ranks for seed in range(20)]
    assert first == again
    assert len({tuple(r) for r in first}) > 1  # and it does change from one seed to the next
