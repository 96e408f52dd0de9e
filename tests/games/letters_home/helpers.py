"""Build Letters Home positions by hand through the position JSON."""

from collections import Counter

from meeple import games
from meeple.games.letters_home.components import TILES
from meeple.games.letters_home.town import parse_stop

GAME = games.get("letters_home")

TOWN_NAMES = [f"{c}{r}" for r in "1234" for c in "abcd"]


def corkboard(spaces=None, sent=()):
    """A corkboard from {space number from 1: tile code}; `sent` lists space numbers flipped face down."""
    board = [None] * 12
    for number, code in (spaces or {}).items():
        board[number - 1] = {"sent": code} if number in sent else code
    return board


def position(seats, turn=0, phase="move", town=None, market=(), shared=("every person", "every place",
             "every event"), private=None, **extra):
    """seats: dicts with optional pawn ("a1-a2"), corkboard (see corkboard()), memories (texts), letters."""
    tiles = [None] * 16
    for name, code in (town or {}).items():
        tiles[TOWN_NAMES.index(name)] = code
    # Town spaces a test does not care about get tiles nobody else in the position uses.
    wanted = Counter(tiles) + Counter(c for s in seats for e in s.get("corkboard", []) if e
                                      for c in [e["sent"] if isinstance(e, dict) else e])
    spare = Counter(TILES) - wanted
    filler = [code for code in reversed(TILES) if spare[code] and not spare.subtract([code])]
    tiles = [code if code else filler.pop(0) for code in tiles]
    n = len(seats)
    data = {
        "game": "letters_home",
        "players": n,
        "town": tiles,
        "market": list(market),
        "shared": list(shared),
        "private": list(private or ["face-up food", "face-up nature", "face-up book", "face-up craft"][:n]),
        "seats": [{"pawn": s.get("pawn"), "corkboard": s.get("corkboard", [None] * 12),
                   "memories": list(s.get("memories", [])), "letters": list(s.get("letters", []))} for s in seats],
        "turn": turn,
        "phase": phase,
    }
    data.update(extra)
    return GAME.from_json(data)


def stop(name):
    return parse_stop(name)


def play(state, seat, text):
    """Play a move written in the text notation; returns the new state."""
    state, _ = GAME.play(state, seat, GAME.parse_move(text))
    return state


def legal_texts(state, seat):
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))


def rows(state, seat=0, viewer="all"):
    return {row.key: (row.count, row.points) for row in GAME.score_sheet(state, viewer)[seat].rows}
