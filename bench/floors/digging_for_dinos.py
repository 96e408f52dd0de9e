"""A pure-Python floor for a game of Digging for Dinos: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same stacks from the
same seed, the same legal moves in the same order, the same random choice among them) with nothing
a person reads: no move objects, no log, no views; the board, the tokens and each seat's part
counts are plain lists. It is the reference the engine is measured against
(bench/engine_vs_floor.py), not a game of the hall; tests/test_bench_floors.py checks that it plays
exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.digging_for_dinos.components import CELLS, ERA_TILES, MAX_PARTS, RAYS, SLOT, SPECIES, SPECIES_OF

SLOTS = len(SPECIES) * MAX_PARTS
PARTS = tuple(range(s * MAX_PARTS, s * MAX_PARTS + len(sp.parts)) for s, sp in enumerate(SPECIES))
SPECIAL = tuple(sp.special for sp in SPECIES)
FOURTH = 4


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one game for `n` players."""
    pick = rng.next_u64
    deal = Rng(seed)
    stacks = [list(tiles) for tiles in ERA_TILES]
    for stack in stacks:
        deal.shuffle(stack)
    s1, s2, s3 = stacks
    board = [s1.pop() for _ in range(CELLS)]
    pawns = [-1] * (2 * n)
    sides = [0, 1] * n
    have = [[0] * SLOTS for _ in range(n)]
    done = [0] * n  # completed dinosaurs per seat
    # The start: seats 1..N place their first token, then N..1 their second.
    for i in range(2 * n):
        seat, k = (i, 0) if i < n else (2 * n - 1 - i, 1)
        spots = [c for c in range(CELLS) if c not in pawns]
        pawns[2 * seat + k] = spots[pick() % len(spots)]
    moves = 2 * n
    ending = False
    seat = 0
    while True:
        # Moves along the shown directions to the next open tile; failing those, any open tile.
        choices: list[tuple[int, int]] = []
        for p in (2 * seat, 2 * seat + 1):
            for ray in RAYS[sides[p]][pawns[p]]:
                for c in ray:
                    if board[c] >= 0 and c not in pawns:
                        choices.append((p, c))
                        break
        if not choices:
            choices = [(p, c) for p in (2 * seat, 2 * seat + 1) for c in range(CELLS)
                       if board[c] >= 0 and c not in pawns]
        p, c = choices[pick() % len(choices)]
        moves += 1
        src = pawns[p]
        tile = board[src]
        pawns[p] = c
        sides[p] ^= 1
        mine = have[seat]
        slot = SLOT[tile]
        mine[slot] += 1
        board[src] = s1.pop() if s1 else s2.pop() if s2 else s3.pop() if s3 else -1
        if not s3:
            ending = True  # the last era-3 tile is out (or long gone)
        sp = SPECIES_OF[tile]
        if mine[slot] == min([mine[i] for i in PARTS[sp]]):  # this tile finished a skeleton
            done[seat] += 1
            if done[seat] >= FOURTH:
                ending = True
            if SPECIAL[sp]:  # flip one of the two tokens, or keep them
                moves += 1
                k = pick() % 3
                if k < 2:
                    sides[2 * seat + k] ^= 1
        if ending and seat == n - 1:
            break
        seat = (seat + 1) % n
    # The round is over: everyone takes the tiles under their tokens.
    for p, c in enumerate(pawns):
        if board[c] >= 0:
            have[p // 2][SLOT[board[c]]] += 1
    return [total(h) for h in have], moves


def total(have: list[int]) -> int:
    points = 0
    for sp, parts in zip(SPECIES, PARTS):
        full = min([have[i] for i in parts])
        points += full * sp.complete
        for i, value in zip(parts, sp.left):
            points += (have[i] - full) * value
    return points


GAME = "digging_for_dinos"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (3, {}), (4, {}))
