"""A pure-Python floor for Picnic: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same hamper from the
same seed, the same legal moves in the same order, the same random choice among them) with nothing
a person reads: no move objects, no log, no views, the plates as lists of side ids and a few counts,
and the plates scored once, at the end. It is the reference the engine is measured against
(bench/engine_vs_floor.py), not a game of the hall; tests/test_bench_floors.py checks that it plays
exactly the engine's games. Only the tile data comes from the game (its component tables).
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.picnic.components import ANTS, COLOUR, ICE, KIND, N_TILES, PICKLES

CHEESE, CRACKER, CAKE, DRINK = range(4)
PILES, RIM, PER_PLAYER = 6, 12, 18
CAKE_GROUP = (0, 0, 1, 3, 5, 7, 10, 15, 15, 15, 15, 15, 15, 15)  # by group size


def neighbours(r: int, centre: bool) -> tuple[tuple[int, ...], ...]:
    """The spaces touching each space of a plate with `r` rim tiles (the centre is space r): a full
    rim is a ring, a partial one a row."""
    near = [[j for j in ((i - 1) % r, (i + 1) % r) if j != i and (r == RIM or abs(j - i) == 1)] for i in range(r)]
    near = [sorted(set(js)) for js in near]
    if centre:
        for js in near:
            js.append(r)
        near.append(list(range(r)))
    return tuple(tuple(js) for js in near)


NEAR = {(r, c): neighbours(r, c) for r in range(RIM + 1) for c in (False, True)}
IS_DRINK = tuple(KIND[side] == DRINK for side in range(2 * N_TILES))


def plate(rim: list[int], centre: int, drinks: list[int]) -> tuple[int, int, list[int]]:
    """(points but the majorities, visible ants, cakes of each colour) of one finished plate."""
    spaces = rim + [centre] if centre >= 0 else rim
    kinds = [KIND[s] for s in spaces]
    r = len(rim)
    near = NEAR[r, centre >= 0]
    points = 0
    for i, k in enumerate(kinds):
        if k == CHEESE:
            touching = sum(kinds[j] == CRACKER for j in near[i])
            points += 3 if touching >= 2 else touching
    points += 6 * min(kinds.count(CRACKER) // 3, len(drinks))
    ants = pickles = 0
    covered = r if r == RIM else max(0, r - 1)  # a rim tile under the next one shows one ant and pickle fewer
    for i, s in enumerate(spaces):
        a, p = ANTS[s], PICKLES[s]
        if i < covered:
            a -= a > 0
            p -= p > 0
        ants += a
        pickles += p
    points += pickles * kinds.count(CHEESE)
    cakes = [0, 0, 0]
    if CAKE in kinds:
        seen = [False] * len(kinds)
        for start, k in enumerate(kinds):
            if k == CAKE:
                cakes[COLOUR[spaces[start]]] += 1
                if not seen[start]:
                    seen[start] = True
                    stack, size = [start], 0
                    while stack:
                        i = stack.pop()
                        size += 1
                        for j in near[i]:
                            if not seen[j] and kinds[j] == CAKE:
                                seen[j] = True
                                stack.append(j)
                    points += CAKE_GROUP[size]
    for d in drinks:
        points += ICE[d]
        ants += ANTS[d]
    return points, ants, cakes


def final_scores(rims, centres, drinks) -> list[int]:
    parts = [plate(rims[s], centres[s], drinks[s]) for s in range(len(rims))]
    most = [max(p[2][c] for p in parts) for c in range(3)]
    ants = [p[1] for p in parts]
    low, high = min(ants), max(ants)
    out = []
    for points, a, cakes in parts:
        won = sum(1 for c in range(3) if cakes[c] and cakes[c] == most[c])
        bonus = 0 if low == high else 3 if a == low else -3 if a == high else 0
        out.append(points + 3 * won + bonus)
    return out


def playout(seed: int, rng: Rng, n: int) -> tuple[list[int], int]:
    """One random game for `n` players; returns (final scores, moves)."""
    pick = rng.next_u64
    setup = Rng(seed)
    tiles = list(range(N_TILES))
    setup.shuffle(tiles)
    flip = setup.next_u64
    piles: list[list[int]] = [[] for _ in range(PILES)]
    for i, tile in enumerate(tiles[:PER_PLAYER * n]):
        piles[i % PILES].append(2 * tile + flip() % 2)
    rims: list[list[int]] = [[] for _ in range(n)]
    centres = [-1] * n
    drinks: list[list[int]] = [[] for _ in range(n)]
    empty = [RIM + 1] * n  # empty plate spaces per seat
    hamper, spaces = PER_PLAYER * n, (RIM + 1) * n  # tiles in the hamper, empty spaces in all
    seat = moves = 0
    while True:
        k = pick() % len(piles)  # the piles left, in order
        pile = piles[k]
        hand = pile.pop()
        if not pile:
            del piles[k]
        hamper -= 1
        # The choices, in the engine's order, side by side (the hand's own side first): a drink
        # (while the hamper still holds a tile for every empty space), else its rim, then its centre.
        rim, centre = len(rims[seat]) < RIM, centres[seat] < 0
        options = []
        for side in (hand, hand ^ 1):
            if IS_DRINK[side]:
                if hamper >= spaces:
                    options.append(~side)
            else:
                if rim:
                    options.append(side)
                if centre:
                    options.append(side + 2 * N_TILES)
        side = options[pick() % len(options)]
        if side < 0:
            drinks[seat].append(~side)
        else:
            if side < 2 * N_TILES:
                rims[seat].append(side)
            else:
                centres[seat] = side - 2 * N_TILES
            empty[seat] -= 1
            spaces -= 1
        moves += 2
        if not spaces:
            return final_scores(rims, centres, drinks), moves
        seat = (seat + 1) % n
        while not empty[seat]:
            seat = (seat + 1) % n


GAME = "picnic"
TABLES = ((2, {}), (3, {}), (4, {}))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one whole game."""
    return playout(seed, rng, n)
