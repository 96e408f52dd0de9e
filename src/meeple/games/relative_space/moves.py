"""Relative Space's moves and their notation.

- `Play(slot, pod)`: load the card in stash space `slot` onto pod number `pod` (a face-down card
  is flipped as it is played). Text "T2>1" (space T2 onto pod 1; "T2 1" and "T2 on 1" work too).
  JSON {"play": "T2", "pod": 1}.
- `Open(slot)`: at the start of the turn, use the Keycard in `slot` to open a new pod; the turn's
  play then goes onto that pod. Text "key T2", JSON {"open": "T2"}.
- `Stuff(slot)`: after a Last Call, stuff the card in `slot` onto the same pod before it launches.
  Text "stuff M3", JSON {"stuff": "M3"}.

Spaces are named by row and place: top T1-T3, middle M1-M4, bottom B1-B5.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, ints, move_kind, moves_of, table_of

from .components import PODS_IN_BOX, SLOT_NAMES, SLOT_OF_NAME, STASH


def _load_slot(name) -> int:
    if not isinstance(name, str) or name.strip().upper() not in SLOT_OF_NAME:
        raise ValueError(f"a stash space: T1-T3, M1-M4 or B1-B5 (not {name!r})")
    return SLOT_OF_NAME[name.strip().upper()]


def _slot() -> Field:
    return Field(range(STASH), dump=SLOT_NAMES.__getitem__, load=_load_slot,
                 what="a stash space: T1-T3, M1-M4 or B1-B5")


@move_kind(key="play", word="", joined=">", slot=_slot(), pod=ints(1, PODS_IN_BOX))  # "T2>1": onto the pod
class Play(NamedTuple):
    slot: int
    pod: int


@move_kind(key="open", word="key", aliases=("open",), slot=_slot())
class Open(NamedTuple):
    slot: int


@move_kind(key="stuff", slot=_slot())
class Stuff(NamedTuple):
    slot: int


# Interned: legal_moves hands out these objects only, which keeps playouts fast.
_PLAYS = table_of(Play)
PLAYS = tuple({p: _PLAYS[s, p] for p in range(1, PODS_IN_BOX + 1)} for s in range(STASH))  # PLAYS[slot][pod]
OPENS = moves_of(Open)
STUFFS = moves_of(Stuff)

NOTATION = Notation("Relative Space", Play, Open, Stuff,
                    hint="Type a space and a pod, such as T2>1 (space T2 onto pod 1), 'key T2' to open a pod with "
                         "the Keycard in T2, or 'stuff M3' after a Last Call. Spaces: T1-T3, M1-M4, B1-B5.")
to_json, from_json, to_text = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text


def parse(text: str):
    words = str(text).lower().replace(">", " ").split()
    if len(words) == 3 and words[1] == "on":  # "T2 on 1"
        del words[1]
    return NOTATION.read(words, text)
