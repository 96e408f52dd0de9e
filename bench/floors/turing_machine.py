"""A pure-Python floor for a game of Turing Machine: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same puzzle drawn from
the same seed, the same legal moves in the same order, the same random choice among them, the
lowest seat first while several are playing their round) with nothing a person reads: no move
objects, no log, no views. A random playout never looks at an answer, so none is worked out, and a
proposal is only its three draws; what is left is the puzzle's draw (most of the work), each seat's
count of questions and its guesses. It plays the default table: classic mode, four verifiers, any
difficulty. It is the reference the engine is measured against (bench/engine_vs_floor.py), not a
game of the hall; tests/test_bench_floors.py checks that it plays exactly the engine's games.
"""

from __future__ import annotations

from itertools import product

from meeple.engine import Rng
from meeple.games.turing_machine.components import CARDS, CHECK_MASKS, FULL_MASK, N_CODES

VERIFIERS = 4
MAX_ROUNDS = 10
CARD_IDS = tuple(sorted(CARDS))
MASKS = {c: tuple(CHECK_MASKS[key] for key in CARDS[c]) for c in CARD_IDS}  # card -> its checks' code masks
PASSING = {c: tuple(tuple(i for i, m in enumerate(MASKS[c]) if m >> code & 1) for code in range(N_CODES))
           for c in CARD_IDS}  # card -> code -> the checks it passes


def is_valid(chosen: list[int]) -> bool:
    """Exactly one code passes every check, and no check can be left out."""
    together = FULL_MASK
    for m in chosen:
        together &= m
    if not together or together & (together - 1):
        return False
    for i in range(len(chosen)):
        rest = FULL_MASK
        for j, m in enumerate(chosen):
            if j != i:
                rest &= m
        if rest & (rest - 1) == 0:
            return False
    return True


def puzzle(rng: Rng) -> int:
    """The engine's generator, classic and any difficulty: draws until the puzzle is valid and its cards
    alone leave another code possible; returns the code."""
    pick = rng.next_u64
    while True:
        code = pick() % N_CODES
        pool = list(CARD_IDS)
        cards = sorted([pool.pop(pick() % len(pool)) for _ in range(VERIFIERS)])
        passing = [PASSING[c][code] for c in cards]
        if not all(passing):
            continue
        chosen = [MASKS[c][p[pick() % len(p)]] for c, p in zip(cards, passing)]
        if is_valid(chosen) and another_code(cards, code):
            return code


def another_code(cards: list[int], code: int) -> bool:
    masks = [MASKS[c] for c in cards]
    passing = [PASSING[c] for c in cards]
    for other in range(N_CODES):
        if other != code:
            for checks in product(*(p[other] for p in passing)):
                if is_valid([m[i] for m, i in zip(masks, checks)]):
                    return True
    return False


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one game for `n` seats."""
    pick = rng.next_u64
    code = puzzle(Rng(seed))
    questions = [0] * n
    out = [False] * n
    moves = 0
    for rnd in range(1, MAX_ROUNDS + 1):
        guesses = []
        for s in range(n):  # each seat plays its whole round, the lowest first
            if out[s]:
                continue
            pick(), pick(), pick()  # the proposal
            asked = 0
            while True:  # ask a verifier not asked yet, or done (the last choice); three at most
                moves += 1
                if pick() % (VERIFIERS - asked + 1) == VERIFIERS - asked:
                    break
                asked += 1
                if asked == 3:
                    break
            questions[s] += asked
            moves += 4  # the proposal's three punches, then guess or pass
            if pick() % 2:  # guess (else pass)
                guess = (pick() % 5) * 25 + (pick() % 5) * 5 + pick() % 5
                guesses.append((s, guess))
                moves += 3
        right = [s for s, g in guesses if g == code]
        for s, g in guesses:
            if g != code:
                out[s] = True
        left = out.count(False)
        if right or left == 0 or (n > 1 and left == 1) or rnd == MAX_ROUNDS:
            break
    scores = [100 - questions[s] if s in right else 0 for s in range(n)]
    if n > 1 and not right and left == 1:
        scores[out.index(False)] = 50
    return scores, moves


GAME = "turing_machine"
TABLES: tuple[tuple[int, dict], ...] = ((1, {}), (2, {}), (3, {}), (4, {}))
