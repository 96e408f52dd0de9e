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

from meeple.engine import NotationError, move_kind

from .components import PODS_IN_BOX, SLOT_NAMES, SLOT_OF_NAME, STASH


@move_kind
class Play(NamedTuple):
    slot: int
    pod: int


@move_kind
class Open(NamedTuple):
    slot: int


@move_kind
class Stuff(NamedTuple):
    slot: int


# Interned: legal_moves hands out these objects only, which keeps playouts fast.
PLAYS = tuple(tuple(Play(s, p) for p in range(PODS_IN_BOX + 1)) for s in range(STASH))  # PLAYS[slot][pod]
OPENS = tuple(Open(s) for s in range(STASH))
STUFFS = tuple(Stuff(s) for s in range(STASH))

_HINT = ("Type a space and a pod, such as T2>1 (space T2 onto pod 1), 'key T2' to open a pod with the "
         "Keycard in T2, or 'stuff M3' after a Last Call. Spaces: T1-T3, M1-M4, B1-B5.")


def _slot(name, where: str) -> int:
    if not isinstance(name, str) or name.strip().upper() not in SLOT_OF_NAME:
        raise NotationError(f"{where} must name a stash space: T1-T3, M1-M4 or B1-B5 (not {name!r}).")
    return SLOT_OF_NAME[name.strip().upper()]


def _pod(number) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= PODS_IN_BOX:
        raise NotationError(f'"pod" must be a pod number from 1 to {PODS_IN_BOX}.')
    return number


def to_json(move) -> dict:
    if isinstance(move, Play):
        return {"play": SLOT_NAMES[move.slot], "pod": move.pod}
    if isinstance(move, Open):
        return {"open": SLOT_NAMES[move.slot]}
    if isinstance(move, Stuff):
        return {"stuff": SLOT_NAMES[move.slot]}
    raise NotationError(f"Not a Relative Space move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict):
        raise NotationError('A Relative Space move is an object such as {"play": "T2", "pod": 1}, '
                            '{"open": "T1"} or {"stuff": "M2"}.')
    keys = set(data)
    if keys == {"play", "pod"}:
        return PLAYS[_slot(data["play"], '"play"')][_pod(data["pod"])]
    if keys == {"open"}:
        return OPENS[_slot(data["open"], '"open"')]
    if keys == {"stuff"}:
        return STUFFS[_slot(data["stuff"], '"stuff"')]
    raise NotationError(f'Unknown Relative Space move {data!r}: use "play" with "pod", "open" or "stuff".')


def to_text(move) -> str:
    if isinstance(move, Play):
        return f"{SLOT_NAMES[move.slot]}>{move.pod}"
    if isinstance(move, Open):
        return f"key {SLOT_NAMES[move.slot]}"
    if isinstance(move, Stuff):
        return f"stuff {SLOT_NAMES[move.slot]}"
    raise NotationError(f"Not a Relative Space move: {move!r}.")


def parse(text: str):
    words = str(text).strip().upper().replace(">", " ").split()
    if len(words) == 3 and words[1] == "ON":
        words = [words[0], words[2]]
    if len(words) == 2 and words[0] in ("KEY", "OPEN"):
        return OPENS[_slot(words[1], "The Keycard's space")]
    if len(words) == 2 and words[0] == "STUFF":
        return STUFFS[_slot(words[1], "The stuffed card's space")]
    if len(words) == 2 and words[0] in SLOT_OF_NAME:
        if not words[1].isdigit():
            raise NotationError(f"Cannot read '{text}': after the space comes a pod number. {_HINT}")
        pod = int(words[1])
        if not 1 <= pod <= PODS_IN_BOX:
            raise NotationError(f"Pods are numbered 1 to {PODS_IN_BOX}, not {pod}.")
        return PLAYS[SLOT_OF_NAME[words[0]]][pod]
    raise NotationError(f"Cannot read '{text}'. {_HINT}")
