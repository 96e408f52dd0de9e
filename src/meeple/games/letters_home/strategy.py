"""Letters Home's bots support: what a position is likely still worth to a seat beyond its score sheet (the
heuristic), and the valuations behind scores_after.

Three things score later than the sheet shows:

* memories in the slots: a memory the corkboard meets is a letter in hand (the
  final turn sends it from anywhere; a little more when a postbox is a move
  away), one it does not meet yet is worth a letter times the chance of meeting
  it with the tiles still to come;
* free memory slots: room to note a memory that may still become a letter;
* empty corkboard spaces the seat will still fill before the year ends: each
  new tile adds to the Reflections. A turn spent writing is a tile the seat
  will not take if the year ends before its corkboard is full.

The weights are in points: estimates from how games go, checked in greedy
against greedy games (docs/games/letters-home.md, "Bots").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .components import (
    BETWEEN,
    BOARD_COLS,
    BOARD_NEIGHBOURS,
    BUILD,
    ICONS,
    LETTER_POINTS,
    MARKET_SIZE,
    MEM_A,
    MEM_B,
    MEM_C,
    MEM_CAT,
    MEM_KIND,
    MEMORY_SLOTS,
    N_TILES,
    THREE,
    TILE_CAT,
    TILE_ICONS,
)
from .moves import Note
from .patterns import sendable_slots
from .scoring import ALL_SPACES, FIRST_COLUMN, LAST_COLUMN, SPACES, parts_with_tile
from .town import IS_POSTBOX, N_STOPS, POSTBOX_STOPS, STOP_NEIGHBOURS, STOP_TILES

BOARD_NEAR = tuple(sum(1 << j for j in BOARD_NEIGHBOURS[i]) for i in SPACES)  # neighbours as a mask
# Icons by index (bit k is icon k), per tile and per memory, for the masks below.
TILE_ICON_INDICES = tuple(tuple(k for k in range(len(ICONS)) if icons >> k & 1) for icons in TILE_ICONS)
MEM_A_INDEX, MEM_B_INDEX, MEM_C_INDEX = (tuple(max(bit.bit_length() - 1, 0) for bit in bits)
                                         for bits in (MEM_A, MEM_B, MEM_C))
NO_ROOM = 99  # tiles needed when the corkboard has no room left for the pattern

# Weights, in points.
KEEP_MET = 0.9            # a met memory is nearly always sent in the end
MEET_CHANCE = (1.0, 0.7, 0.45, 0.25)  # chance of meeting a memory that needs 0..3 more tiles, with time to place them
FREE_SLOT = 0.5           # a free slot, while at least SLOT_HORIZON takes remain (scaled down below that)
SLOT_HORIZON = 4
TILE_VALUE = 1.2          # Reflection points a tile still to be taken adds on average
POSTBOX_READY = 0.3       # per met memory when the pawn can reach a postbox stop next turn


class CorkboardMasks:
    """A corkboard as bit masks (space i is bit i): empty spaces, face-up tiles of each
    category, face-up tiles showing each icon, and sent tiles of each category."""

    __slots__ = ("empty", "up_cat", "up_icon", "sent_cat")

    def __init__(self, board: Sequence[int], sent: Sequence[int]) -> None:
        empty = 0
        up_cat, sent_cat = [0, 0, 0], [0, 0, 0]
        up_icon = [0] * len(ICONS)
        for i in SPACES:
            t = board[i]
            bit = 1 << i
            if t < 0:
                empty |= bit
            elif sent[i]:
                sent_cat[TILE_CAT[t]] |= bit
            else:
                up_cat[TILE_CAT[t]] |= bit
                for k in TILE_ICON_INDICES[t]:
                    up_icon[k] |= bit
        self.empty, self.up_cat, self.up_icon, self.sent_cat = empty, up_cat, up_icon, sent_cat


def masks_with_tile(m: CorkboardMasks, space: int, tile: int) -> CorkboardMasks:
    """The masks once `tile` is pinned face up on the empty `space` (`m` is left as it is)."""
    bit = 1 << space
    out = CorkboardMasks.__new__(CorkboardMasks)
    out.empty, out.sent_cat = m.empty & ~bit, m.sent_cat
    out.up_cat = m.up_cat[:]
    out.up_cat[TILE_CAT[tile]] |= bit
    out.up_icon = m.up_icon[:]
    for k in TILE_ICON_INDICES[tile]:
        out.up_icon[k] |= bit
    return out


def needs_from_masks(memories: list[int], m: CorkboardMasks) -> tuple[int, ...]:
    """`memories_needs` from the corkboard's masks."""
    return tuple(_needed(memory, m) for memory in memories)


def needs_remembered(memories: list[int], m: CorkboardMasks, known: dict[int, int]) -> tuple[int, ...]:
    """`needs_from_masks`, each memory's need kept in `known`, which belongs to the one corkboard `m` describes."""
    out = []
    for memory in memories:
        need = known.get(memory)
        if need is None:
            need = known[memory] = _needed(memory, m)
        out.append(need)
    return tuple(out)


def _near(mask: int) -> int:
    """The spaces edge-neighbouring any space of `mask` (a space is not its own neighbour)."""
    return (((mask << 1) & ~FIRST_COLUMN) | ((mask >> 1) & ~LAST_COLUMN) | (mask << BOARD_COLS)
            | (mask >> BOARD_COLS)) & ALL_SPACES


def _distinct(x: int, y: int) -> bool:
    """Whether one space of `x` and another space of `y` can be picked."""
    return bool(x) and bool(y) and not (x == y and x & (x - 1) == 0)


def tiles_needed(memory: int, board: list[int], sent: list[int]) -> int:
    """The fewest tiles still to be placed (in empty spaces) before the corkboard meets `memory`:
    0 when it is met now, NO_ROOM when the empty spaces can no longer make it.

    It counts spaces only, not which tiles the town will offer; a letter to build on
    that is not yet sent counts one more, for the flip another memory must make.
    """
    return _needed(memory, CorkboardMasks(board, sent))


def memories_needs(memories: list[int], board: list[int], sent: list[int]) -> tuple[int, ...]:
    """tiles_needed for each memory, reading the corkboard once."""
    return _memories_needs(tuple(memories), tuple(board), tuple(sent))


# Remembered: a bot values one move in several sampled worlds, where the seat's own corkboard and
# memories come out the same.
@lru_cache(maxsize=20000)
def _memories_needs(memories: tuple[int, ...], board: tuple[int, ...], sent: tuple[int, ...]) -> tuple[int, ...]:
    masks = CorkboardMasks(board, sent)
    return tuple(_needed(m, masks) for m in memories)


def _needed(memory: int, m: CorkboardMasks) -> int:
    """The tiles the corkboard `m` still needs to meet `memory` (`tiles_needed`), from the only masks
    its pattern reads: `a` the face-up tiles showing its first icon, and two more (`_count_needed`)."""
    kind, cat, a = MEM_KIND[memory], MEM_CAT[memory], m.up_icon[MEM_A_INDEX[memory]]
    if kind == THREE:  # three of an icon: a count of two masks, not worth remembering
        short = max(0, 3 - a.bit_count())
        return short if short <= m.empty.bit_count() else NO_ROOM
    if kind == BETWEEN:
        return _count_needed(memory, m.empty, a, m.up_icon[MEM_B_INDEX[memory]], m.up_icon[MEM_C_INDEX[memory]])
    if kind == BUILD:
        return _count_needed(memory, m.empty, a, m.sent_cat[cat], m.up_cat[cat])
    return _count_needed(memory, m.empty, a, m.up_cat[cat], m.up_icon[MEM_B_INDEX[memory]])


# Remembered by the masks read: the greedy rollouts judge the same corkboard plus one tile over and over.
@lru_cache(maxsize=50000)
def _count_needed(memory: int, empty: int, a: int, b: int, c: int) -> int:
    """`_needed` of a memory other than three of an icon. `b` and `c`: for an icon between two others,
    the face-up tiles showing the other two; for building on a letter, the sent and the face-up tiles
    of its category; else the face-up tiles of its category and those showing its second icon."""
    kind = MEM_KIND[memory]
    if kind == BETWEEN:
        best = NO_ROOM
        for i in SPACES:
            bit = 1 << i
            if a & bit:
                centre = 0
            elif empty & bit:
                centre = 1
            else:
                continue
            near = BOARD_NEAR[i]
            b0, c0, e = b & near, c & near, empty & near
            if _distinct(b0, c0):
                if not centre:
                    return 0
                best = min(best, centre)
            elif _distinct(b0, e) or _distinct(e, c0):
                best = min(best, centre + 1)
            elif _distinct(e, e):
                best = min(best, centre + 2)
        return best
    near_empty = _near(empty)
    if kind == BUILD:  # a sent tile of the category (b) next to a face-up tile with the icon
        near_a = _near(a)
        if b & near_a:
            return 0
        if b & near_empty or c & near_a:
            return 1
        if c & near_empty or empty & near_a:
            return 2
        return 3 if empty & near_empty else NO_ROOM
    # a face-up tile of the category showing the first icon, next to a tile with the second (c)
    tied = a & b
    if tied & _near(c):
        return 0
    if tied & near_empty or empty & _near(c):
        return 1
    return 2 if empty & near_empty else NO_ROOM


def future_takes(state, seat: int, turn_open: bool) -> int:
    """How many more tiles `seat` can take before the year ends, if every turn from now is a take.

    The year ends after the round in which the first corkboard fills; each seat's
    boards fill at its own pace, so the round is the earliest of them. `turn_open`
    says whether the seat to move has still to act this turn.
    """
    n, first = state.n, state.first
    now = (state.turn - first) % n
    rounds_left = mine = None
    for s in range(n):
        empties = state.boards[s].count(-1)
        order = (s - first) % n
        here = 1 if order > now or (order == now and turn_open) else 0  # a turn left in this round
        fills_in = empties - here if empties > 0 else 0  # rounds after this one until full
        if rounds_left is None or fills_in < rounds_left:
            rounds_left = fills_in
        if s == seat:
            mine = (empties, here)
    assert rounds_left is not None and mine is not None
    return min(mine[0], mine[1] + rounds_left)


@lru_cache(maxsize=20000)  # a few small numbers, asked about for every candidate a rollout judges
def outlook(needs: tuple[int, ...], takes: int, postbox_steps: int, final: bool) -> float:
    """The heuristic's value, from the tiles each memory in the slots still needs, the seat's
    takes to come, and how many moves its pawn is from a postbox stop."""
    if final:  # the last letters are being written: only memories met now still count
        return LETTER_POINTS * KEEP_MET * needs.count(0)
    value = TILE_VALUE * takes
    met = 0
    for need in needs:
        if need == 0:
            met += 1
        elif need <= takes and need < len(MEET_CHANCE):
            value += LETTER_POINTS * KEEP_MET * MEET_CHANCE[need] * min(1.0, takes / (need + 2))
    value += met * (LETTER_POINTS * KEEP_MET + (POSTBOX_READY if postbox_steps <= 1 else 0.0))
    value += (MEMORY_SLOTS - len(needs)) * FREE_SLOT * min(1.0, takes / SLOT_HORIZON)
    return value


# ----- scores_after: each candidate of a decision valued from what it changes ---------------------
# Walks, takes and notes are valued with no copy: a take changes the mover's corkboard (put back
# afterwards), a walk its pawn, a note its memories and whose turn it is. What every candidate of one
# kind shares is worked out for the first one asked and kept in state.memo until the next move.


def _postbox_distance() -> tuple[int, ...]:
    """Steps from each stop to the nearest postbox stop (for the bots' heuristic)."""
    dist = [-1] * N_STOPS
    frontier = list(POSTBOX_STOPS)
    for s in frontier:
        dist[s] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for t in STOP_NEIGHBOURS[s]:
                if dist[t] < 0:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return tuple(dist)


POSTBOX_DISTANCE = _postbox_distance()


def after_walk(game, state, seat: int, move):
    """scores_after of a walk; None when the pawn would have nothing to do there (a copy plays it)."""
    scores, takes, needs, room, sendable = _walk_memo(game, state, seat)
    stop, town = move.stop, state.town
    # _can_act with the pawn at `stop`: a tile beside it to take, or a letter to send there.
    if room and any(town[t] >= 0 for t in STOP_TILES[stop]) or IS_POSTBOX[stop] and sendable():
        return scores[:], outlook_at(takes, stop, needs)
    return None


def after_note(game, state, seat: int, move):
    """scores_after of a note or the skip; None when a reshuffle, the year's end or a stuck next
    seat may follow (a copy plays it)."""
    found = _note_memo(game, state, seat)
    note = move.__class__ is Note
    if found is None or note and not found[2]:
        return None
    scores, takes, _can_note, (masks, known) = found
    if note:
        slots = state.slots[seat][:]
        if move.drop >= 0:
            del slots[move.drop]
        slots.append(state.market[move.card])
        needs = needs_remembered(slots, masks, known)
    else:
        needs = needs_of(state, seat)
    return scores[:], outlook_at(takes, state.pawns[seat], needs)


def after_take(game, state, seat: int, move):
    """scores_after of a take in the act phase: only the mover's corkboard changes, and its masks
    take in the one new tile."""
    memo = state.memo
    context = memo.get(("takes", seat)) if memo is not None else None
    if context is None:
        context = _take_memo(game, state, seat, move)
    scores, judged, board, filters, cats, masks, counts, takes, here = context
    space, tile = move.space, state.town[move.tile]
    key = space * N_TILES + tile
    found = judged.get(key)
    if found is None:
        private, slots = state.private[seat], state.slots[seat]
        public, own = parts_with_tile(board, filters, cats, counts, state.shared, private, space, tile)
        needs = needs_from_masks(slots, masks_with_tile(masks, space, tile))
        found = judged[key] = (public + own, outlook_at(takes, here, needs))
    scores = scores[:]
    scores[seat] = found[0]
    return scores, found[1]


def _memo(state) -> dict:
    """What the candidates of this decision share, kept until the next move is applied."""
    if state.memo is None:
        state.memo = {}
    return state.memo


def _walk_memo(game, state, seat: int):
    """(scores now, takes to come with the turn still open, the seat's needs, whether its corkboard has
    room, and a call that says whether it has a letter to send) for every walk of one decision."""
    memo = _memo(state)
    found = memo.get(("walk", seat))
    if found is None:
        sendable: list[bool] = []

        def can_send() -> bool:  # worked out only if a walk to a postbox stop asks
            if not sendable:
                sendable.append(bool(sendable_slots(state.slots[seat], state.boards[seat], state.sent[seat])))
            return sendable[0]

        found = memo[("walk", seat)] = (game.scores(state), future_takes(state, seat, True), needs_of(state, seat),
                                        -1 in state.boards[seat], can_send)
    return found


def _note_memo(game, state, seat: int):
    """For the notes and the skip of one decision: (scores now, takes to come, whether a note
    too can be valued in place, the corkboard's masks and the needs known on it); None when
    neither can (a reshuffle, the year's end or a stuck next seat may follow)."""
    memo = _memo(state)
    key = ("notes", seat)
    if key in memo:
        return memo[key]
    nxt = (seat + 1) % state.n
    draws = MARKET_SIZE - len(state.market)  # a skip's; a note draws one more
    found = None
    if (len(state.mem_deck) >= draws and not (nxt == state.first and state.year_ending())
            and game.destinations(state, nxt)):
        turn = state.turn
        state.turn = nxt  # the takes to come once the next seat's turn begins (put back below)
        try:
            takes = future_takes(state, seat, True)
        finally:
            state.turn = turn
        _filters, _cats, masks, _counts, _seen, known = state.masks_of(seat)
        found = (game.scores(state), takes, len(state.mem_deck) >= draws + 1, (masks, known))
    memo[key] = found
    return found


def _take_memo(game, state, seat: int, move):
    """What every take of one decision shares: the scores now, and the corkboard's masks with
    what each take onto it was found to come to (`judged`: points and heuristic by space and
    tile). The masks are shared by every copy until the corkboard changes, so the worlds a
    search samples judge the same takes onto it again; `judged` is kept with them for each
    private Reflection, memories, takes to come and pawn (what the values also depend on)."""
    filters, cats, masks, counts, seen, _needs = state.masks_of(seat)
    board, here = state.boards[seat], state.pawns[seat]
    board[move.space] = state.town[move.tile]  # one more tile, wherever it goes (put back below)
    try:
        takes = future_takes(state, seat, False)  # the note to come ends the turn
    finally:
        board[move.space] = -1
    key = (state.private[seat], takes, POSTBOX_DISTANCE[here] if here >= 0 else 3, *state.slots[seat])
    judged = seen.setdefault(key, {})
    context = _memo(state)[("takes", seat)] = (game.scores(state), judged, board, filters, cats, masks, counts,
                                               takes, here)
    return context


def needs_of(state, seat: int) -> tuple[int, ...]:
    """The tiles each of `seat`'s memories still needs (remembered by `memories_needs`, not in the state)."""
    return memories_needs(state.slots[seat], state.boards[seat], state.sent[seat])


def outlook_at(takes: int, here: int, needs: tuple[int, ...]) -> float:
    """The heuristic before the year's end, with the pawn at `here`."""
    return outlook(needs, takes, POSTBOX_DISTANCE[here] if here >= 0 else 3, False)
