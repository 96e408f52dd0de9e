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

from meeple.engine import Notation, ints, move_kind, plain_move, table_of

_KIND = ints(1, 8, what="a troop strength from 1 to 8")
_NODE = ints(1, 99, what="a node number from 1 to 99")


Draw, DRAW = plain_move("Draw", key="draw")


@move_kind(key="place", word="", packed=True, joined="@", kind=_KIND, node=_NODE)
class Place(NamedTuple):
    kind: int
    node: int


@move_kind(key="hit", node=_NODE)
class Hit(NamedTuple):
    node: int


Steal, STEAL = plain_move("Steal", key="steal")


@move_kind(key="recall", node=_NODE)
class Recall(NamedTuple):
    node: int


@move_kind(key="push", packed=True, joined=">", src=_NODE, dst=_NODE)
class Push(NamedTuple):
    src: int
    dst: int


@move_kind(key="revive", kind=_KIND)
class Revive(NamedTuple):
    kind: int


Pin, PIN = plain_move("Pin", key="pin")
Pass, PASS = plain_move("Pass", key="pass")


# Interned moves: legal_moves hands these out and builds no new objects.
PLACE = table_of(Place)
HIT = table_of(Hit)
RECALL = table_of(Recall)
PUSH = table_of(Push)
REVIVE = table_of(Revive)

NOTATION = Notation("Toy Battle", Draw, Place, Hit, Steal, Recall, Push, Revive, Pin, Pass,
                    hint="A Toy Battle move is draw, 4@13 (place a troop of strength 4 on node 13), hit 13, "
                         "steal, recall 13, push 13>14, revive 4, pin or pass.", separators="@>")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse

