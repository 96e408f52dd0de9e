"""A pure-Python floor for Letters Home: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same town, decks and
Reflections from the same seed, the same legal moves in the same order, the same random choice
among them, the lowest seat first in the final turn) with nothing a person reads: no move objects,
no log, no views, no running totals, the corkboards scored once at the end. It is the reference the
engine is measured against (bench/engine_vs_floor.py), not a game of the hall;
tests/test_bench_floors.py checks that it plays exactly the engine's games.

It takes the game's data tables, and two pure helpers that are already bit work on flat lists:
which memories a corkboard meets (patterns.sendable_slots) and a corkboard's total
(scoring.seat_total), so what it measures is the engine's bookkeeping around them.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.letters_home.components import (
    BOARD_SPACES,
    MARKET_SIZE,
    MEMORY_SLOTS,
    N_MEMORIES,
    N_REFLECTIONS,
    N_TILES,
    SHARED_REFLECTIONS,
    TOWN_TILES,
    can_note,
)
from meeple.games.letters_home.patterns import sendable_slots
from meeple.games.letters_home.scoring import seat_total
from meeple.games.letters_home.town import ENTRY_STOPS, IS_POSTBOX, STOP_NEIGHBOURS, STOP_TILES

MOVE, ACT, NOTE, WRITE, FINAL, OVER = range(6)
SPACES = range(BOARD_SPACES)


class Table:
    """The whole position as plain lists and ints."""

    def __init__(self, seed: int, n: int) -> None:
        rng = self.rng = Rng(seed)
        tiles, mems, refs = list(range(N_TILES)), list(range(N_MEMORIES)), list(range(N_REFLECTIONS))
        rng.shuffle(tiles)
        rng.shuffle(mems)
        rng.shuffle(refs)
        self.n = n
        self.town, self.tile_deck = tiles[:TOWN_TILES], tiles[TOWN_TILES:]
        self.market, self.mem_deck, self.discard = mems[-MARKET_SIZE:][::-1], mems[:-MARKET_SIZE], []
        self.pawns = [-1] * n
        self.boards = [[-1] * BOARD_SPACES for _ in range(n)]
        self.sent = [[0] * BOARD_SPACES for _ in range(n)]
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.shared = refs[:SHARED_REFLECTIONS]
        self.private = refs[SHARED_REFLECTIONS:SHARED_REFLECTIONS + n]
        self.turn, self.phase, self.taken, self.gap = 0, MOVE, -1, -1
        self.final = [0] * n

    def destinations(self, seat: int) -> list[int]:
        pawns = self.pawns
        here = pawns[seat]
        if here < 0:
            return [s for s in ENTRY_STOPS if s not in pawns]
        out = []
        for t in STOP_NEIGHBOURS[here]:
            if t not in pawns:
                if t not in out:
                    out.append(t)
            else:
                for u in STOP_NEIGHBOURS[t]:
                    if u != here and u not in pawns and u not in out:
                        out.append(u)
        return out

    def sends(self, seat: int) -> list[tuple[int, int]]:
        """(slot, space) of every letter the seat may send, in the engine's order."""
        return [(slot, i) for slot, mask in sendable_slots(self.slots[seat], self.boards[seat], self.sent[seat])
                for i in SPACES if mask >> i & 1]

    def can_act(self, seat: int) -> bool:
        here = self.pawns[seat]
        if -1 in self.boards[seat] and here >= 0 and any(self.town[t] >= 0 for t in STOP_TILES[here]):
            return True
        return IS_POSTBOX[here] and bool(sendable_slots(self.slots[seat], self.boards[seat], self.sent[seat]))

    def send(self, seat: int, slot: int, space: int) -> None:
        self.slots[seat].pop(slot)
        self.sent[seat][space] = 1
        more = sendable_slots(self.slots[seat], self.boards[seat], self.sent[seat])
        if self.phase == FINAL:
            if not more:
                self.finish_final(seat)
        else:
            self.phase = WRITE
            if not more:
                self.end_turn(seat)

    def refill(self) -> None:
        if self.gap >= 0:
            if self.tile_deck:
                self.town[self.gap] = self.tile_deck.pop()
            self.gap = -1
        self.taken = -1
        market = self.market
        while len(market) < MARKET_SIZE:
            if not self.mem_deck:
                if not self.discard:
                    break
                self.mem_deck, self.discard = self.discard, []
                self.rng.shuffle(self.mem_deck)
            market.append(self.mem_deck.pop())

    def end_turn(self, seat: int) -> None:
        self.taken = self.gap = -1
        nxt = (seat + 1) % self.n
        if nxt == 0 and any(-1 not in b for b in self.boards):
            self.turn, self.phase = -1, FINAL
            self.final = [1 if sendable_slots(self.slots[s], self.boards[s], self.sent[s]) else 0
                          for s in range(self.n)]
            if not any(self.final):
                self.phase = OVER
            return
        self.turn, self.phase = nxt, MOVE
        if not self.destinations(nxt):
            self.phase = ACT  # a pawn with nowhere to go stays put
            if not self.can_act(nxt):
                self.end_turn(nxt)

    def finish_final(self, seat: int) -> None:
        self.final[seat] = 0
        if not any(self.final):
            self.phase = OVER


def playout(seed: int, rng: Rng, n: int) -> tuple[list[int], int]:
    """One random game for `n` players; returns (final scores, moves)."""
    pick = rng.next_u64
    t = Table(seed, n)
    moves = 0
    while True:
        phase = t.phase
        if phase == OVER:
            break
        moves += 1
        if phase == FINAL:
            seat = t.final.index(1)
            options = t.sends(seat)
            k = pick() % (len(options) + 1)
            if k < len(options):
                t.send(seat, *options[k])
            else:
                t.finish_final(seat)
            continue
        seat = t.turn
        if phase == MOVE:
            stops = t.destinations(seat)
            t.pawns[seat] = stops[pick() % len(stops)]
            t.phase = ACT
            if not t.can_act(seat):
                t.end_turn(seat)
        elif phase == ACT:
            board = t.boards[seat]
            here = t.pawns[seat]
            empty = [i for i in SPACES if board[i] < 0]
            takes = [(tile, i) for tile in STOP_TILES[here] if t.town[tile] >= 0 for i in empty]
            sends = t.sends(seat) if IS_POSTBOX[here] else []
            k = pick() % (len(takes) + len(sends))
            if k < len(takes):
                at, space = takes[k]
                board[space] = t.town[at]
                t.town[at] = -1
                t.taken, t.gap, t.phase = space, at, NOTE
            else:
                t.send(seat, *sends[k - len(takes)])
        elif phase == NOTE:
            tile = t.boards[seat][t.taken]
            slots = t.slots[seat]
            drops = (-1,) if len(slots) < MEMORY_SLOTS else range(MEMORY_SLOTS)
            notes = [(c, d) for c, mem in enumerate(t.market) if can_note(mem, tile) for d in drops]
            k = pick() % (len(notes) + 1)
            if k < len(notes):
                card, drop = notes[k]
                mem = t.market.pop(card)
                if drop >= 0:
                    t.discard.append(slots.pop(drop))
                slots.append(mem)
            t.refill()
            t.end_turn(seat)
        else:  # WRITE
            options = t.sends(seat)
            k = pick() % (len(options) + 1)
            if k < len(options):
                t.send(seat, *options[k])
            else:
                t.end_turn(seat)
    return [seat_total(t.boards[s], t.sent[s], t.shared + [t.private[s]]) for s in range(n)], moves


GAME = "letters_home"
TABLES = ((2, {}), (3, {}), (4, {}))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one whole game."""
    return playout(seed, rng, n)
