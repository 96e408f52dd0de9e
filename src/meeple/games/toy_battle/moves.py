"""Toy Battle's moves and their notation.

A turn is one main move (draw, or place a troop), then one move per effect
that asks for a choice (the troop's, then the bases'), each of which may pass:

| move | text | JSON |
| --- | --- | --- |
| `Draw()`: draw troops (the main draw, Skully, Star, City of Clouds) | `draw` | `{"draw": true}` |
| `Place(kind, node)`: a troop from the rack onto a node | `4@13` | `{"place": [4, 13]}` |
| `Hit(node)`: Jumbo discards the enemy troop on top of `node` | `hit 13` | `{"hit": 13}` |
| `Steal()`: XB-42 discards a random troop of the opponent's rack | `steal` | `{"steal": true}` |
| `Recall(node)`: Castle Field puts your troop on `node` back on your rack | `recall 13` | `{"recall": 13}` |
| `Push(src, dst)`: Volcanic Jungle moves the enemy troop on `src` to `dst` | `push 13>14` | `{"push": [13, 14]}` |
| `Revive(kind)`: Cursed Cemetery takes your `kind` back from the discard | `revive 4` | `{"revive": 4}` |
| `Pin()`: Battlefield lays down a random troop of the opponent's rack | `pin` | `{"pin": true}` |
| `Pass()`: decline the effect being offered | `pass` | `{"pass": true}` |

Troop kinds are their strengths, 1 (Skully) to 8 (Kwak, the joker).
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind


@move_kind
class Draw(NamedTuple):
    pass


@move_kind
class Place(NamedTuple):
    kind: int
    node: int


@move_kind
class Hit(NamedTuple):
    node: int


@move_kind
class Steal(NamedTuple):
    pass


@move_kind
class Recall(NamedTuple):
    node: int


@move_kind
class Push(NamedTuple):
    src: int
    dst: int


@move_kind
class Revive(NamedTuple):
    kind: int


@move_kind
class Pin(NamedTuple):
    pass


@move_kind
class Pass(NamedTuple):
    pass


DRAW, STEAL, PIN, PASS = Draw(), Steal(), Pin(), Pass()

# Interned moves: legal_moves hands these out and builds no new objects.
_NODES = range(100)
PLACE = {(k, n): Place(k, n) for k in range(1, 9) for n in _NODES}
HIT = {n: Hit(n) for n in _NODES}
RECALL = {n: Recall(n) for n in _NODES}
PUSH = {(a, b): Push(a, b) for a in _NODES for b in _NODES}
REVIVE = {k: Revive(k) for k in range(1, 9)}

_HINT = ('A Toy Battle move is draw, 4@13 (place a troop of strength 4 on node 13), hit 13, steal, '
         'recall 13, push 13>14, revive 4, pin or pass.')
_FLAGS = {"draw": DRAW, "steal": STEAL, "pin": PIN, "pass": PASS}


def _int(value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"{value!r} is not a number from {low} to {high}. {_HINT}")
    return value


def _kind(value) -> int:
    return _int(value, 1, 8)


def _node(value) -> int:
    return _int(value, 1, 99)


def to_json(move) -> dict:
    cls = move.__class__
    if cls is Place:
        return {"place": [move.kind, move.node]}
    if cls is Hit:
        return {"hit": move.node}
    if cls is Recall:
        return {"recall": move.node}
    if cls is Push:
        return {"push": [move.src, move.dst]}
    if cls is Revive:
        return {"revive": move.kind}
    for word, flag in _FLAGS.items():
        if cls is flag.__class__:
            return {word: True}
    raise NotationError(f"Not a Toy Battle move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError(f"Unknown Toy Battle move {data!r}. {_HINT}")
    (key, value), = data.items()
    if key in _FLAGS and value is True:
        return _FLAGS[key]
    if key in ("place", "push") and isinstance(value, list) and len(value) == 2:
        if key == "place":
            return PLACE[_kind(value[0]), _node(value[1])]
        return PUSH[_node(value[0]), _node(value[1])]
    if key == "hit":
        return HIT[_node(value)]
    if key == "recall":
        return RECALL[_node(value)]
    if key == "revive":
        return REVIVE[_kind(value)]
    raise NotationError(f"Unknown Toy Battle move {data!r}. {_HINT}")


def to_text(move) -> str:
    cls = move.__class__
    if cls is Place:
        return f"{move.kind}@{move.node}"
    if cls is Hit:
        return f"hit {move.node}"
    if cls is Recall:
        return f"recall {move.node}"
    if cls is Push:
        return f"push {move.src}>{move.dst}"
    if cls is Revive:
        return f"revive {move.kind}"
    return next(word for word, flag in _FLAGS.items() if cls is flag.__class__)


def _number(text: str) -> int:
    if not text.strip().isdigit():
        raise NotationError(f"Cannot read '{text}' as a number. {_HINT}")
    return int(text)


def parse(text: str):
    words = str(text).strip().lower().split(None, 1)
    if not words:
        raise NotationError(f"An empty move. {_HINT}")
    head, rest = words[0], (words[1] if len(words) > 1 else "")
    if head in _FLAGS and not rest:
        return _FLAGS[head]
    if "@" in head and not rest:
        kind, _, node = head.partition("@")
        return PLACE[_kind(_number(kind)), _node(_number(node))]
    if head == "hit":
        return HIT[_node(_number(rest))]
    if head == "recall":
        return RECALL[_node(_number(rest))]
    if head == "revive":
        return REVIVE[_kind(_number(rest))]
    if head == "push" and ">" in rest:
        src, _, dst = rest.partition(">")
        return PUSH[_node(_number(src)), _node(_number(dst))]
    raise NotationError(f"Cannot read '{text}'. {_HINT}")
