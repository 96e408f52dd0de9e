"""A pure-Python floor for one Wizard round: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same deal from the same
seed, the same legal moves in the same order, the same random choice among them) with nothing a
person reads: no move objects, no log, no views, one list of hands and a few ints. It is the
reference the engine is measured against (bench/engine_vs_openspiel.py), not a game of the hall;
tests/test_bench_floors.py checks that it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng

# Cards as the engine codes them: suit << 4 | rank; Wizards are suit 4 and Jesters suit 5.
DECK = tuple(s << 4 | r for s in range(4) for r in range(1, 14)) + tuple(4 << 4 | i for i in range(4)) \
    + tuple(5 << 4 | i for i in range(4))
WIZARD, JESTER = 4, 5
NO_SUIT, FREE = -1, -2


def round_points(bid: int, took: int) -> int:
    return 20 + 10 * took if bid == took else -10 * abs(bid - took)


def winner(trick: list[int], trump: int) -> int:
    """Index of the winning card of a complete trick."""
    led = NO_SUIT
    for i, c in enumerate(trick):
        s = c >> 4
        if s == WIZARD:
            return i
        if led == NO_SUIT and s != JESTER:
            led = s
    if led == NO_SUIT:
        return 0  # Jesters only: the first one
    best, best_key = 0, -1
    for i, c in enumerate(trick):
        s = c >> 4
        key = 32 + (c & 15) if s == trump else 16 + (c & 15) if s == led else -1
        if key > best_key:
            best, best_key = i, key
    return best


def playout(seed: int, rng: Rng, n: int = 4, cards: int = 10) -> tuple[list[int], int]:
    """One round of `cards` cards for `n` players, open predictions; returns (points, decisions)."""
    pick = rng.next_u64
    deck = list(DECK)
    Rng(seed).shuffle(deck)
    hands = [sorted(deck[i * cards:(i + 1) * cards]) for i in range(n)]
    stock = deck[n * cards:]
    dealer = (cards - 2) % n  # the round numbered `cards` is dealt by this seat
    decisions = 0
    trump = NO_SUIT
    if stock:
        s = stock[0] >> 4
        if s == WIZARD:  # the dealer names trump among the four suits
            trump = pick() % 4
            decisions += 1
        elif s != JESTER:
            trump = s
    bids = [0] * n
    for i in range(n):
        bids[(dealer + 1 + i) % n] = pick() % (cards + 1)
    decisions += n
    took = [0] * n
    leader = (dealer + 1) % n
    for _ in range(cards):
        trick: list[int] = []
        led = NO_SUIT
        for i in range(n):
            hand = hands[(leader + i) % n]
            if led >= 0 and any(c >> 4 == led for c in hand):
                legal = [c for c in hand if c >> 4 == led or c >> 4 >= WIZARD]
            else:
                legal = hand
            c = legal[pick() % len(legal)]
            hand.remove(c)
            trick.append(c)
            if led == NO_SUIT:
                s = c >> 4
                led = FREE if s == WIZARD else NO_SUIT if s == JESTER else s
        decisions += n
        leader = (leader + winner(trick, trump)) % n
        took[leader] += 1
    return [round_points(b, t) for b, t in zip(bids, took)], decisions


GAME = "wizard"
TABLES = ((4, {"single_round": 10}), (3, {"single_round": 7}), (5, {"single_round": 12}))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one single round of `options["single_round"]` cards."""
    return playout(seed, rng, n, options["single_round"])
