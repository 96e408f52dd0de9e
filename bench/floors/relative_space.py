"""A pure-Python floor for Relative Space: the least work the engine's random playout can be done with.

The same deal from the same seed, the same legal moves in the same order (every available space onto
every open pod, then the usable Keycards), the same random choice among them and the same jam
shuffles from the state's Rng, with nothing a person reads: no move objects, log, events, discard or
undealt deck (no rule reads those). The reference the engine is measured against
(bench/engine_vs_floor.py); tests/test_bench_floors.py checks it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.relative_space.components import (
    AVAILABLE,
    BOTTOM_MASK,
    DECK,
    FULL,
    KEY,
    LAST,
    LAUNCH,
    MAX_PODS_OPEN,
    PODS_IN_BOX,
    REFILL_ORDER,
    STASH,
    ZERO,
)
from meeple.games.relative_space.rules import MAX_TURNS

# REFILL[start_empty mask]: the spaces a jam refills, in order (built once).
REFILL = tuple(tuple(s for s in REFILL_ORDER if m >> s & 1) for m in range(1 << STASH))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    pick = rng.next_u64
    chance = Rng(seed)
    cards = list(DECK)
    left = len(cards)
    for i in range(STASH * n):  # the engine's deal: a Fisher-Yates shuffle stopped once dealt
        j = i + chance.next_u64() % (left - i)
        cards[i], cards[j] = cards[j], cards[i]
    shuffle = chance.shuffle
    stash = [cards[STASH * s:STASH * (s + 1)] for s in range(n)]
    occ = [FULL] * n
    down = [BOTTOM_MASK] * n
    ids, values = [1], [0]
    piles: list[list[int]] = [[]]
    next_pod = 2
    seat = turns = moves = start_empty = 0
    while True:
        st = stash[seat]
        o = occ[seat]
        avail = AVAILABLE[o]
        pods = len(ids)
        plays = len(avail) * pods
        keys: list[int] = []
        if next_pod <= PODS_IN_BOX and pods < MAX_PODS_OPEN and o & (o - 1) and KEY in st:
            d = down[seat]
            keys = [s for s in avail if st[s] == KEY and not d >> s & 1]
        r = pick() % (plays + len(keys))
        slot: int
        moves += 1
        if r >= plays:  # a Keycard opens a pod; the turn's card goes onto it
            slot = keys[r - plays]
            st[slot] = 0
            o &= ~(1 << slot)
            ids.append(next_pod)
            next_pod += 1
            values.append(0)
            piles.append([])
            i = pods
            avail = AVAILABLE[o]
            slot = avail[pick() % len(avail)]
            moves += 1
        else:
            slot = avail[r // pods]
            i = r % pods
        card = st[slot]
        st[slot] = 0
        bit = 1 << slot
        o &= ~bit
        down[seat] &= ~bit
        launch = False
        if card <= 10:
            if card < values[i]:  # a jam: the pile is shuffled back into the spaces empty at the turn's start
                pile = piles[i]
                pile.append(card)
                shuffle(pile)
                for s, c in zip(REFILL[start_empty], pile):
                    st[s] = c
                    o |= 1 << s
                if len(ids) > 1:
                    del ids[i], values[i], piles[i]
                else:
                    piles[i] = []
                    values[i] = 0
            else:
                piles[i].append(card)
                values[i] = card
        else:
            piles[i].append(card)
            if card == ZERO:
                values[i] = 0
            elif card == LAUNCH:
                launch = True
            elif card == LAST:
                if o:  # stuff one more available card, then launch
                    avail = AVAILABLE[o]
                    slot = avail[pick() % len(avail)]
                    moves += 1
                    bit = 1 << slot
                    st[slot] = 0
                    o &= ~bit
                    down[seat] &= ~bit
                launch = True
        if launch:
            del ids[i], values[i], piles[i]
            if not ids:
                ids.append(next_pod)
                next_pod += 1
                values.append(0)
                piles.append([])
        occ[seat] = o
        turns += 1
        if not o or turns >= MAX_TURNS:
            return [-x.bit_count() for x in occ], moves
        seat = seat + 1 if seat + 1 < n else 0
        start_empty = FULL & ~occ[seat]


GAME = "relative_space"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (3, {}), (4, {}), (5, {}))
