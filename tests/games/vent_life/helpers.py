"""Shared helpers for Vent Life tests: a hand-built field and position builders."""

from meeple.games import get
from meeple.games.vent_life.components import cell

GAME = get("vent_life")

# A field worked out by hand (q, r axial; turn t puts the tile's first lower hex in
# direction t = E NE NW W SW SE, the second in the next direction):
#   T0 BD at 0,0 t0: smoker 0,0, Basalt 1,0, Diffuse 1,-1
#   T1 MB at -1,0 t4: smoker -1,0, Mat -2,1, Basalt -1,1
#   T2 DM at 2,0 t5: smoker 2,0, Diffuse 2,1, Mat 3,0
#   T3 BB at 1,1 t4: smoker 1,1, Basalt 0,2, Basalt 1,2
#   T4 BB at 2,-1 t1: smoker 2,-1, Basalt 3,-2, Basalt 2,-2
SEAFLOOR = [
    {"at": [0, 0], "turn": 0, "tile": "BD"},
    {"at": [-1, 0], "turn": 4, "tile": "MB"},
    {"at": [2, 0], "turn": 5, "tile": "DM"},
    {"at": [1, 1], "turn": 4, "tile": "BB"},
    {"at": [2, -1], "turn": 1, "tile": "BB"},
]
# Two tiles built up to level 2, together one plateau of 6 hexes:
#   P1 MD on 0,0 t3: smoker 0,0, Mat -1,0, Diffuse -1,1
#   P2 BD on 2,-1 t3: smoker 2,-1, Basalt 1,-1, Diffuse 1,0
PLATEAU = SEAFLOOR + [
    {"at": [0, 0], "turn": 3, "tile": "MD"},
    {"at": [2, -1], "turn": 3, "tile": "BD"},
]
PLATEAU_HEXES = [(0, 0), (-1, 0), (-1, 1), (2, -1), (1, -1), (1, 0)]


def c(q, r):
    return cell(q, r)


def creature(q, r, seat, species, count=1):
    return {"at": [q, r], "seat": seat, "species": species, "count": count}


def position(tiles=(), creatures=(), players=2, species=("worms", "snails", "shrimp", "crabs"),
             stage="tile", turn=0, hands=None, **extra):
    """A position JSON; the bag is whatever the box has left."""
    if hands is None:
        hands = ["DD"] * players
        if stage in ("species", "place", "cover"):
            hands[turn] = None
    data = {"game": "vent_life", "players": players, "species": list(species), "tiles": list(tiles),
            "creatures": list(creatures), "hands": hands, "stage": stage, "turn": turn, "rng": 7}
    data.update(extra)
    return GAME.from_json(data)


def texts(moves):
    return sorted(GAME.move_text(m) for m in moves)


def play(state, *texts_):
    """Play moves given as text, each by the seat to move; returns the state and the log."""
    log = []
    for text in texts_:
        seat = min(GAME.to_move(state))
        state, lines = GAME.play(state, seat, GAME.parse_move(text))
        log += lines
    return state, log


def points(state, seat, species):
    return GAME.score_sheet(state)[seat].row(species).points
