"""Build Picnic positions by hand through the position JSON."""

from meeple import games

GAME = games.get("picnic")


def position(plates, turn=0, piles=None, hand=None):
    """plates: list of dicts with rim / centre / drinks as side codes such as 'cheese a1 p0'."""
    data = {
        "game": "picnic",
        "players": len(plates),
        "piles": piles if piles is not None else [[] for _ in range(6)],
        "plates": [{"rim": p.get("rim", []), "centre": p.get("centre"), "drinks": p.get("drinks", [])}
                   for p in plates],
        "turn": turn,
        "hand": hand,
    }
    return GAME.from_json(data)


def sheet(state, seat=0):
    return {row.key: (row.count, row.points) for row in GAME.score_sheet(state)[seat].rows}


EMPTY = {"rim": []}
