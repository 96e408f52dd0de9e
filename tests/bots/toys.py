"""Three tiny games with known best moves, to check what the search bots find.

Take-away: one pile of counters, take 1 to 3 in turn, whoever takes the last
counter wins; leaving a multiple of 4 wins. Sealed picks: every seat secretly
picks 1 to 3 at the same time, the highest pick wins; picking 3 is best. Bait: a three-seat game
where the best first move depends on how the others reply (below).
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


class Bait(_Toy):
    """Seat 0 plays once, then each other seat once. Seat 0 may take 3 points ("safe") or 6 ("bait");
    after the bait, seat 1 may steal 5 of them (its best move by far) among twenty moves worth 1 point.
    Against others who play their best, the safe take wins and the bait loses; against others who
    play at random, the bait is rarely stolen and looks better."""

    id = "bait"
    name = "Bait"
    max_players = 3
    FILLERS = 20

    def new_state(self, n_players, options, rng):
        return {"n": n_players, "turn": 0, "points": [0] * n_players, "baited": False}

    def to_move(self, state):
        return frozenset() if state["turn"] >= state["n"] else frozenset((state["turn"],))

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        if seat == 0:
            return ["safe", "bait"]
        fillers = [f"f{i}" for i in range(self.FILLERS)]
        return ["steal", *fillers] if seat == 1 and state["baited"] else fillers

    def apply(self, state, seat, move):
        points = state["points"] = list(state["points"])
        if move == "safe":
            points[0] += 3
        elif move == "bait":
            points[0] += 6
            state["baited"] = True
        elif move == "steal":
            points[0] -= 5
            points[seat] += 5
        else:
            points[seat] += 1
        state["turn"] += 1
        return []

    def clone(self, state):
        return dict(state, points=list(state["points"]))

    def score_sheet(self, state, viewer=ALL):
        return [SeatSheet(s, (), p) for s, p in enumerate(state["points"])]

    def outcome(self, state):
        if self.to_move(state):
            return None
        scores = tuple(state["points"])
        return Outcome(scores, rank_by_keys([(x,) for x in scores]))

    def determinize(self, state, seat, rng):
        return self.clone(state)
