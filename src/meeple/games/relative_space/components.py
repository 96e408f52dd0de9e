"""Relative Space's components: the 72 cards, the 12-space stash pyramid and what covers what.

A card is a small int: 1 to 10 for the numbered items, then the four special items.
Copies are indistinguishable, so a card is just its kind.
"""

from __future__ import annotations

KEY, LAUNCH, LAST, ZERO = 11, 12, 13, 14
VALUES = tuple(range(1, 11))
COPIES = {**{v: 6 for v in VALUES}, KEY: 3, LAUNCH: 3, LAST: 3, ZERO: 3}
DECK = tuple(sorted(c for c, k in COPIES.items() for _ in range(k)))  # 72 cards

CODE = {**{v: str(v) for v in VALUES}, KEY: "KEY", LAUNCH: "LAUNCH", LAST: "LAST", ZERO: "ZERO"}
CARD_OF_CODE = {code: card for card, code in CODE.items()}
NAME = {**{v: f"item {v}" for v in VALUES}, KEY: "a Keycard", LAUNCH: "LAUNCH!", LAST: "Last Call", ZERO: "Zero-G"}
EFFECT = {
    KEY: "At the start of your turn: leaves the game, opens a new pod, and you play a card onto it. "
         "Played onto a pod it just loads.",
    LAUNCH: "Loads on any pod, then LAUNCH!: the pod and its cards leave the game.",
    LAST: "Loads on any pod; stuff one more available card onto it (any value), then LAUNCH!",
    ZERO: "Loads on any pod and drops its value to 0: the next item loads whatever its number.",
}

STASH = 12
PLAYERS_MAX = 5
MAX_PODS_OPEN = 1 + COPIES[KEY]   # the first pod and one per Keycard; jams and launches never add one
PODS_IN_BOX = 1 + COPIES[KEY] + COPIES[LAUNCH] + COPIES[LAST]  # the most a game can ever open

# The pyramid: rows of 3, 4 and 5 spaces. Slots 0-2 top, 3-6 middle, 7-11 bottom (face down).
ROWS = ((0, 1, 2), (3, 4, 5, 6), (7, 8, 9, 10, 11))
ROW_NAMES = ("top", "middle", "bottom")
SLOT_NAMES = tuple(f"{'TMB'[r]}{i + 1}" for r, row in enumerate(ROWS) for i, _ in enumerate(row))
SLOT_OF_NAME = {name: s for s, name in enumerate(SLOT_NAMES)}
BOTTOM = ROWS[2]
REFILL_ORDER = ROWS[2] + ROWS[1] + ROWS[0]   # a jam fills the bottom row first, left to right


def _covers() -> tuple[tuple[int, ...], ...]:
    """COVERED_BY[s]: the slots of the row above that overlap slot s (each card is half under
    the one or two cards next to it in the row above)."""
    out: list[tuple[int, ...]] = []
    for r, row in enumerate(ROWS):
        for i, _ in enumerate(row):
            if r == 0:
                out.append(())
                continue
            above = ROWS[r - 1]
            out.append(tuple(above[j] for j in (i - 1, i) if 0 <= j < len(above)))
    return tuple(out)


COVERED_BY = _covers()
COVERS = tuple(tuple(t for t in range(STASH) if s in COVERED_BY[t]) for s in range(STASH))

# AVAILABLE[occupied mask]: the occupied slots nothing covers, as a tuple (built once: 4096 masks).
AVAILABLE = tuple(
    tuple(s for s in range(STASH) if occ >> s & 1 and not any(occ >> c & 1 for c in COVERED_BY[s]))
    for occ in range(1 << STASH)
)
FULL = (1 << STASH) - 1
BOTTOM_MASK = sum(1 << s for s in BOTTOM)
