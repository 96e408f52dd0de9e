"""Vent Life's moves and their notation.

A turn is several small moves, one per click in the browser:

    tile 2,-1      put your tile's Black Smoker on hex (q, r) = (2, -1)
    turn 3         turn it: its first lower hex points in direction 3 (0-5: E NE NW W SW SE)
    move 1,0 2,0   a covered creature (by its owner) goes from hex 1,0 to hex 2,0
    snails         choose the species you place this turn
    put 1,-1       place one creature of that species on a hex
    end            end the turn (and draw a tile while the bag has some)

Before the first turn, a species draft may run: "pick fish" (2 or 4 players)
or "leave fish" (3 players). Short forms: t, r, m, p, e.

JSON: {"tile": [2, -1]}, {"turn": 3}, {"move": [[1, 0], [2, 0]]}, {"species": "snails"},
{"put": [1, -1]}, {"end": true}, {"pick": "fish"}, {"leave": "fish"}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind

from .components import SPECIES, cell, coords, hex_text, in_range

# `move_kind`: equality includes the class, so Pick(1) is not Choose(1).

@move_kind
class Pick(NamedTuple):
    species: int


@move_kind
class Leave(NamedTuple):
    species: int


@move_kind
class Tile(NamedTuple):
    at: int


@move_kind
class Turn(NamedTuple):
    turn: int


@move_kind
class Shift(NamedTuple):
    src: int
    dst: int


@move_kind
class Choose(NamedTuple):
    species: int


@move_kind
class Put(NamedTuple):
    at: int


@move_kind
class End(NamedTuple):
    pass


# Interned moves: legal_moves hands out these objects, which keeps playouts fast.
PICKS = tuple(Pick(s) for s in range(len(SPECIES)))
LEAVES = tuple(Leave(s) for s in range(len(SPECIES)))
TURNS = tuple(Turn(d) for d in range(6))
CHOOSES = tuple(Choose(s) for s in range(len(SPECIES)))
END = End()


class _Interned(dict):
    """hex -> its interned move, made the first time a hex comes up; `TILE_MOVES[c]`
    is a plain dict lookup, so `map(TILE_MOVES.__getitem__, hexes)` is cheap."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, at):
        m = self[at] = self.make(at)
        return m


TILE_MOVES: dict[int, Tile] = _Interned(Tile)
PUT_MOVES: dict[int, Put] = _Interned(Put)
tile = TILE_MOVES.__getitem__
put = PUT_MOVES.__getitem__


_SPECIES_ALIASES = {name: i for i, name in enumerate(SPECIES)}
_SPECIES_ALIASES.update({"worm": 0, "tube": 0, "snail": 1, "shrimps": 2, "eelpout": 3, "crab": 4,
                         "octopuses": 5, "sponge": 6})


def species_from_name(name) -> int:
    if isinstance(name, str) and name.strip().lower() in _SPECIES_ALIASES:
        return _SPECIES_ALIASES[name.strip().lower()]
    raise NotationError(f"Unknown species {name!r}: use one of {', '.join(SPECIES)}.")


def _hex_json(c: int) -> list[int]:
    return list(coords(c))


def _hex_from_json(data, what: str) -> int:
    if (not isinstance(data, (list, tuple)) or len(data) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in data)):
        raise NotationError(f'{what} is a hex written [q, r], two whole numbers.')
    if not in_range(*data):
        raise NotationError(f"{what} {list(data)} is far off the field.")
    return cell(*data)


def _hex_from_text(text: str) -> int:
    parts = text.replace("(", "").replace(")", "").split(",")
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        raise NotationError(f"'{text}' is not a hex: write it as q,r, for example 2,-1.") from None
    if not in_range(q, r):
        raise NotationError(f"Hex {q},{r} is far off the field.")
    return cell(q, r)


def to_json(move):
    cls = move.__class__
    if cls is Tile:
        return {"tile": _hex_json(move.at)}
    if cls is Turn:
        return {"turn": move.turn}
    if cls is Shift:
        return {"move": [_hex_json(move.src), _hex_json(move.dst)]}
    if cls is Choose:
        return {"species": SPECIES[move.species]}
    if cls is Put:
        return {"put": _hex_json(move.at)}
    if cls is End:
        return {"end": True}
    if cls is Pick:
        return {"pick": SPECIES[move.species]}
    if cls is Leave:
        return {"leave": SPECIES[move.species]}
    raise NotationError(f"Not a Vent Life move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError('A Vent Life move is an object with one key, such as {"tile": [0, 0]}, '
                            '{"turn": 2}, {"species": "fish"}, {"put": [1, 0]} or {"end": true}.')
    (key, value), = data.items()
    if key == "tile":
        return tile(_hex_from_json(value, '"tile"'))
    if key == "turn":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 6:
            raise NotationError('"turn" is a direction number from 0 to 5.')
        return TURNS[value]
    if key == "move":
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise NotationError('"move" is [[q, r] from, [q, r] to].')
        return Shift(_hex_from_json(value[0], '"move" from'), _hex_from_json(value[1], '"move" to'))
    if key == "species":
        return CHOOSES[species_from_name(value)]
    if key == "put":
        return put(_hex_from_json(value, '"put"'))
    if key == "end":
        if value is not True:
            raise NotationError('"end" is written {"end": true}.')
        return END
    if key == "pick":
        return PICKS[species_from_name(value)]
    if key == "leave":
        return LEAVES[species_from_name(value)]
    raise NotationError(f"Unknown Vent Life move {key!r}: use tile, turn, move, species, put, end, pick or leave.")


def to_text(move) -> str:
    cls = move.__class__
    if cls is Tile:
        return f"tile {hex_text(move.at)}"
    if cls is Turn:
        return f"turn {move.turn}"
    if cls is Shift:
        return f"move {hex_text(move.src)} {hex_text(move.dst)}"
    if cls is Choose:
        return SPECIES[move.species]
    if cls is Put:
        return f"put {hex_text(move.at)}"
    if cls is End:
        return "end"
    if cls is Pick:
        return f"pick {SPECIES[move.species]}"
    if cls is Leave:
        return f"leave {SPECIES[move.species]}"
    raise NotationError(f"Not a Vent Life move: {move!r}.")


HINT = ("Type tile q,r / turn 0-5 / move q,r q,r / a species name (worms, snails, ...) / put q,r / end, "
        "or pick / leave a species during the draft.")


def parse(text: str):
    words = str(text).strip().lower().replace(", ", ",").split()
    if not words:
        raise NotationError(f"Nothing typed. {HINT}")
    head, args = words[0], words[1:]
    if head in ("tile", "t") and len(args) == 1:
        return tile(_hex_from_text(args[0]))
    if head in ("turn", "r", "rotate") and len(args) == 1:
        if not args[0].isdigit() or not 0 <= int(args[0]) < 6:
            raise NotationError("Turn the tile with a direction number from 0 to 5, e.g. 'turn 2'.")
        return TURNS[int(args[0])]
    if head in ("move", "m") and len(args) == 2:
        return Shift(_hex_from_text(args[0]), _hex_from_text(args[1]))
    if head in ("put", "p") and len(args) == 1:
        return put(_hex_from_text(args[0]))
    if head in ("end", "e") and not args:
        return END
    if head == "pick" and len(args) == 1:
        return PICKS[species_from_name(args[0])]
    if head == "leave" and len(args) == 1:
        return LEAVES[species_from_name(args[0])]
    if len(words) == 1 and head in _SPECIES_ALIASES:
        return CHOOSES[_SPECIES_ALIASES[head]]
    raise NotationError(f"Cannot read '{text}'. {HINT}")
