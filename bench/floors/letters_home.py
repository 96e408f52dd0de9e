"""A pure-Python floor for Letters Home: the least work the same random playout can be done with.

It makes the same decisions as `meeple bench` makes through the engine (the same town, decks and
Reflections from the same seed, the same legal moves in the same order, the same random choice
among them, the lowest seat first in the final turn) with nothing a person reads: no move objects,
no log, no views, no running totals, the corkboards scored once at the end. It is the reference the
engine is measured against (bench/engine_vs_floor.py), not a game of the hall;
tests/test_bench_floors.py checks that it plays exactly the engine's games.

It takes the game's data tables only (tiles, memories, Reflections, the town): which memories a
corkboard meets and a corkboard's total are written here from the rules.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.letters_home.components import (
    BOARD_NEIGHBOURS,
    BOARD_SPACES,
    BUILD,
    LETTER_POINTS,
    MARKET_SIZE,
    MEM_A,
    MEM_B,
    MEM_C,
    MEM_CAT,
    MEM_KIND,
    MEMORY_SLOTS,
    N_MEMORIES,
    N_REFLECTIONS,
    N_TILES,
    NOTE_ANY,
    NOTE_TIED,
    NOTE_TIED_CAT,
    R_CATEGORY,
    R_ICON,
    R_SETS,
    REFLECTIONS,
    SENT,
    SHARED_REFLECTIONS,
    THREE,
    TILE_CAT,
    TILE_ICONS,
    TOWN_TILES,
)
from meeple.games.letters_home.town import ENTRY_STOPS, IS_POSTBOX, STOP_NEIGHBOURS, STOP_TILES

MOVE, ACT, NOTE, WRITE, FINAL, OVER = range(6)
SPACES = range(BOARD_SPACES)
ICON_NEXT_TO_ICON = -2  # how a memory is met: THREE, BUILD, or an icon beside icons
# MEMORY[m]: (how, category or -1, icons a, b, c); a memory on a category's icon beside another icon
# (CAT_ICON and SPECIAL) is a BETWEEN with no third icon.
MEMORY = tuple((MEM_KIND[m] if MEM_KIND[m] in (THREE, BUILD) else ICON_NEXT_TO_ICON,
                MEM_CAT[m], MEM_A[m], MEM_B[m], MEM_C[m]) for m in range(N_MEMORIES))
# NOTABLE[m]: bit t set when memory m shows an icon that counts on tile t (a tied icon only on its category).
NOTABLE = tuple(sum(1 << t for t in range(N_TILES) if TILE_ICONS[t] & NOTE_ANY[m]
                    or (TILE_CAT[t] == NOTE_TIED_CAT[m] and TILE_ICONS[t] & NOTE_TIED[m]))
                for m in range(N_MEMORIES))


def met(memory: int, board: list[int], sent: list[int], icons: list[int]) -> int:
    """The face-up spaces that are part of the memory's pattern now (0: not met)."""
    how, cat, a, b, c = MEMORY[memory]
    out = 0
    if how == THREE:
        for i in SPACES:
            if icons[i] & a:
                out |= 1 << i
        return out if out.bit_count() >= 3 else 0
    if how == BUILD:  # a face-up icon beside a sent tile of the category
        for i in SPACES:
            if sent[i] and TILE_CAT[board[i]] == cat:
                for j in BOARD_NEIGHBOURS[i]:
                    if icons[j] & a:
                        out |= 1 << j
        return out
    for i in SPACES:
        if icons[i] & a and (cat < 0 or TILE_CAT[board[i]] == cat):
            near = BOARD_NEIGHBOURS[i]
            if c:  # between: one neighbour with b and another with c
                used = 0
                for j in near:
                    if icons[j] & b:
                        for k in near:
                            if k != j and icons[k] & c:
                                used |= (1 << j) | (1 << k)
                if used:
                    out |= used | (1 << i)
            else:
                for j in near:
                    if icons[j] & b:
                        out |= (1 << i) | (1 << j)
    return out


def face_up(board: list[int], sent: list[int]) -> list[int]:
    return [TILE_ICONS[t] if t >= 0 and not f else 0 for t, f in zip(board, sent)]


def sendable(slots: list[int], board: list[int], sent: list[int]) -> list[tuple[int, int]]:
    """(slot, spaces mask) of each memory held that the corkboard meets."""
    icons = face_up(board, sent)
    out = []
    for slot, memory in enumerate(slots):
        mask = met(memory, board, sent, icons)
        if mask:
            out.append((slot, mask))
    return out


def any_sendable(slots: list[int], board: list[int], sent: list[int]) -> bool:
    icons = face_up(board, sent)
    for memory in slots:
        if met(memory, board, sent, icons):
            return True
    return False


def largest_group(spaces: list[int]) -> int:
    """The most spaces of the list joined edge to edge."""
    left, best = set(spaces), 0
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            i = todo.pop()
            size += 1
            for j in BOARD_NEIGHBOURS[i]:
                if j in left:
                    left.remove(j)
                    todo.append(j)
        best = max(best, size)
    return best


def total(board: list[int], sent: list[int], refs: list[int]) -> int:
    """Letters (sent tiles) and the Reflections' points."""
    tiles = [i for i in SPACES if board[i] >= 0]
    by_filter = (tiles, [i for i in tiles if not sent[i]], [i for i in tiles if sent[i]])
    points = LETTER_POINTS * len(by_filter[SENT])
    for ref in refs:
        _code, kind, filt, param, per = REFLECTIONS[ref]
        spaces = by_filter[filt]
        if kind == R_CATEGORY:
            count = sum(1 for i in spaces if TILE_CAT[board[i]] == param)
        elif kind == R_ICON:
            count = sum(1 for i in spaces if TILE_ICONS[board[i]] & param)
        else:
            cats: list[list[int]] = [[], [], []]
            for i in spaces:
                cats[TILE_CAT[board[i]]].append(i)
            if kind == R_SETS:
                count = min(len(cats[0]), len(cats[1]), len(cats[2]))
            elif filt == SENT:  # sent tiles make one group whatever their category
                count = largest_group(spaces)
            else:
                count = max(largest_group(cats[0]), largest_group(cats[1]), largest_group(cats[2]))
        points += count * per
    return points


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
        return [(slot, i) for slot, mask in sendable(self.slots[seat], self.boards[seat], self.sent[seat])
                for i in SPACES if mask >> i & 1]

    def can_act(self, seat: int) -> bool:
        here = self.pawns[seat]
        if -1 in self.boards[seat] and here >= 0 and any(self.town[t] >= 0 for t in STOP_TILES[here]):
            return True
        return IS_POSTBOX[here] and any_sendable(self.slots[seat], self.boards[seat], self.sent[seat])

    def send(self, seat: int, slot: int, space: int) -> None:
        self.slots[seat].pop(slot)
        self.sent[seat][space] = 1
        more = any_sendable(self.slots[seat], self.boards[seat], self.sent[seat])
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
            self.final = [1 if any_sendable(self.slots[s], self.boards[s], self.sent[s]) else 0
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
            tiles = [tile for tile in STOP_TILES[here] if t.town[tile] >= 0] if empty else []
            takes = len(tiles) * len(empty)  # each tile onto each empty space, tile by tile
            sends = t.sends(seat) if IS_POSTBOX[here] else []
            k = pick() % (takes + len(sends))
            if k < takes:
                at, space = tiles[k // len(empty)], empty[k % len(empty)]
                board[space] = t.town[at]
                t.town[at] = -1
                t.taken, t.gap, t.phase = space, at, NOTE
            else:
                t.send(seat, *sends[k - takes])
        elif phase == NOTE:
            tile = t.boards[seat][t.taken]
            slots = t.slots[seat]
            drops = 1 if len(slots) < MEMORY_SLOTS else MEMORY_SLOTS  # no drop, or which slot to drop
            cards = [c for c, mem in enumerate(t.market) if NOTABLE[mem] >> tile & 1]
            k = pick() % (len(cards) * drops + 1)
            if k < len(cards) * drops:
                card, drop = cards[k // drops], (k % drops if drops > 1 else -1)
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
    return [total(t.boards[s], t.sent[s], t.shared + [t.private[s]]) for s in range(n)], moves


GAME = "letters_home"
TABLES = ((2, {}), (3, {}), (4, {}))


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: one whole game."""
    return playout(seed, rng, n)
