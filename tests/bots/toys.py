"""Two tiny games with known best moves, to check what the search bots find.

Take-away: one pile of counters, take 1 to 3 in turn, whoever takes the last
counter wins; leaving a multiple of 4 wins. Sealed picks: every seat secretly
picks 1 to 3 at the same time, the highest pick wins; picking 3 is best.
"""

from meeple.engine import ALL, Game, Outcome, ScoreRow, SeatSheet, rank_by_keys


class _Toy(Game):
    min_players = 2
    max_players = 4

    def clone(self, state):
        return dict(state, picks=list(state.get("picks", [])))

    def view(self, state, viewer):
        return {}

    def move_to_json(self, move):
        return move

    def move_from_json(self, data):
        return data

    def move_text(self, move):
        return str(move)

    def parse_move(self, text):
        return int(text)

    def to_json(self, state):
        return dict(state)

    def load_position(self, data):
        return dict(data)

    def max_moves(self, n_players, options):
        return 3

    def players(self, state):
        return state["n"]


class TakeAway(_Toy):
    id = "take_away"
    name = "Take-away"
    max_players = 2

    def new_state(self, n_players, options, rng):
        return {"n": n_players, "pile": 10, "turn": 0, "winner": -1}

    def to_move(self, state):
        return frozenset() if state["winner"] >= 0 else frozenset((state["turn"],))

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [k for k in (1, 2, 3) if k <= state["pile"]]

    def apply(self, state, seat, move):
        state["pile"] -= move
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return []

    def reveals(self, state, seat, move):
        return False

    def score_sheet(self, state, viewer=ALL):
        return [SeatSheet(s, (ScoreRow("win", "Took the last counter", int(state["winner"] == s),
                                       int(state["winner"] == s)),), int(state["winner"] == s))
                for s in range(state["n"])]

    def outcome(self, state):
        if state["winner"] < 0:
            return None
        scores = tuple(int(state["winner"] == s) for s in range(state["n"]))
        return Outcome(scores, rank_by_keys([(x,) for x in scores]))

    def determinize(self, state, seat, rng):
        return self.clone(state)


class SealedPicks(_Toy):
    id = "sealed_picks"
    name = "Sealed picks"

    def new_state(self, n_players, options, rng):
        return {"n": n_players, "picks": [0] * n_players}

    def to_move(self, state):
        return frozenset(s for s, p in enumerate(state["picks"]) if p == 0)

    def legal_moves(self, state, seat):
        return [1, 2, 3] if seat in self.to_move(state) else []

    def apply(self, state, seat, move):
        state["picks"][seat] = move
        return []

    def score_sheet(self, state, viewer=ALL):
        done = not self.to_move(state)
        return [SeatSheet(s, (), p if done or viewer in (ALL, s) else 0, hidden=not done and viewer not in (ALL, s))
                for s, p in enumerate(state["picks"])]

    def outcome(self, state):
        if self.to_move(state):
            return None
        scores = tuple(state["picks"])
        return Outcome(scores, rank_by_keys([(x,) for x in scores]))

    def determinize(self, state, seat, rng):
        # Others' picks are secret until everyone has picked: resample them.
        out = self.clone(state)
        if self.to_move(state):
            for s in range(state["n"]):
                if s != seat and out["picks"][s]:
                    out["picks"][s] = 1 + rng.randrange(3)
        return out
