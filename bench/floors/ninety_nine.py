"""A pure-Python floor for a game of Ninety-Nine: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same deals from the same
seed, the same legal moves in the same order, the same random choice among them, the lowest seat
first while all three set their bid cards aside) with nothing a person reads: no move objects, no
log, no views, one list of hands, a suit table per hand (the Joker takes the turn-up's suit) and a
few ints. It plays the default table: the turned-up card sets trump, three rounds to 100 with the
round bonus. It is the reference the engine is measured against (bench/engine_vs_floor.py), not a
game of the hall; tests/test_bench_floors.py checks that it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng

PLAYERS = 3
SUITED = tuple(s << 4 | r for s in range(4) for r in range(6, 15))
JOKER = 4 << 4 | 15
DECK = SUITED + (JOKER,)
NINE = 9
MADE_BONUS = (0, 30, 20, 10)
ROUND_BONUS = (0, 30, 20, 10)
PREMIUMS = (0, 30, 60)
TARGET, ROUNDS = 100, 3
SUIT = [c >> 4 for c in range(JOKER + 1)]  # a card's printed suit and rank, by card
RANK = [c & 15 for c in range(JOKER + 1)]


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one game of three rounds, each to 100 points."""
    pick = rng.next_u64
    deal_rng = Rng(seed)
    totals = [0] * PLAYERS
    round_totals = [0] * PLAYERS
    rounds = 0
    hand_no = 0
    moves = 0
    while True:
        cards = list(DECK)
        deal_rng.shuffle(cards)
        hands = [sorted(cards[i * 12:i * 12 + 12]) for i in range(PLAYERS)]
        up = cards[36]
        suit = SUIT[:]
        rank = RANK[:]
        if up == JOKER or up & 15 == NINE:
            trump = -1
        else:
            trump = up >> 4
        if up != JOKER:  # the Joker stands for the turn-up
            suit[JOKER], rank[JOKER] = up >> 4, up & 15
        dealer = (hand_no + PLAYERS - 1) % PLAYERS
        # Bids: each seat in turn (the lowest first) sets three cards aside.
        bids = [0] * PLAYERS
        for s in range(PLAYERS):
            hand = hands[s]
            for _ in range(3):
                bids[s] += suit[hand.pop(pick() % len(hand))]
        # Premiums from the dealer's left: pass, declare, reveal (a reveal ends the offers).
        best_seat, best = -1, 0
        for i in range(PLAYERS):
            kind = pick() % 2 * 2 if best == 1 else pick() % 3
            moves += 1
            if kind > best:
                best_seat, best = (dealer + 1 + i) % PLAYERS, kind
            if kind == 2:
                break
        # Nine tricks.
        tricks = [0] * PLAYERS
        leader = (dealer + 1) % PLAYERS
        for _ in range(9):
            hand = hands[leader]
            c0 = hand.pop(pick() % len(hand))
            led = suit[c0]
            s1, s2 = (leader + 1) % PLAYERS, (leader + 2) % PLAYERS
            hand = hands[s1]
            follow = [c for c in hand if suit[c] == led] or hand
            c1 = follow[pick() % len(follow)]
            hand.remove(c1)
            hand = hands[s2]
            follow = [c for c in hand if suit[c] == led] or hand
            c2 = follow[pick() % len(follow)]
            hand.remove(c2)
            win, best_key = 0, 16 + rank[c0] if led != trump else 32 + rank[c0]
            for i, c in ((1, c1), (2, c2)):
                sc = suit[c]
                key = 32 + rank[c] if sc == trump else 16 + rank[c] if sc == led else -1
                if key > best_key:
                    win, best_key = i, key
            leader = (leader + win) % PLAYERS
            tricks[leader] += 1
        moves += 9 + 27
        # The hand's points, then the round's end.
        made = [bids[s] == tricks[s] for s in range(PLAYERS)]
        bonus = MADE_BONUS[sum(made)]
        for s in range(PLAYERS):
            pts = tricks[s] + (bonus if made[s] else 0)
            round_totals[s] += pts
            totals[s] += pts
        if best:
            if made[best_seat]:
                round_totals[best_seat] += PREMIUMS[best]
                totals[best_seat] += PREMIUMS[best]
            else:
                for s in range(PLAYERS):
                    if s != best_seat:
                        round_totals[s] += PREMIUMS[best]
                        totals[s] += PREMIUMS[best]
        hand_no += 1
        if max(round_totals) >= TARGET:
            reached = [t >= TARGET for t in round_totals]
            value = ROUND_BONUS[sum(reached)]
            for s in range(PLAYERS):
                if reached[s]:
                    totals[s] += value
            rounds += 1
            if rounds >= ROUNDS:
                return totals, moves
            round_totals = [0] * PLAYERS


GAME = "ninety_nine"
TABLES: tuple[tuple[int, dict], ...] = ((3, {}),)
