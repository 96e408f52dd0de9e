"""Which memories a corkboard meets, and which of its tiles could be the letter.

A corkboard is two flat lists of BOARD_SPACES: `board` holds tile ids (-1 for
an empty space) and `sent` holds 1 where the tile is flipped face down. Only
face-up tiles show icons; a sent tile keeps its category.
"""

from __future__ import annotations

from .components import (
    BOARD_NEIGHBOURS,
    BOARD_SPACES,
    BUILD,
    CAT_ICON,
    MEM_A,
    MEM_B,
    MEM_C,
    MEM_CAT,
    MEM_KIND,
    SPECIAL,
    THREE,
    TILE_CAT,
    TILE_ICONS,
)

SPACES = range(BOARD_SPACES)


def face_up_icons(board: list[int], sent: list[int]) -> list[int]:
    """The icon mask showing on each space (0 for empty or sent spaces)."""
    return [TILE_ICONS[t] if t >= 0 and not f else 0 for t, f in zip(board, sent)]


def flippable(memory: int, board: list[int], sent: list[int], icons: list[int] | None = None) -> int:
    """Bit mask of the face-up spaces that form part of the memory's pattern right now.

    The memory is met exactly when the mask is not 0; flipping any of these
    spaces sends it. For a memory built on a letter only the icon tile counts
    (the sent tile is already face down).
    """
    if icons is None:
        icons = face_up_icons(board, sent)
    kind, a, b = MEM_KIND[memory], MEM_A[memory], MEM_B[memory]
    out = 0
    if kind == THREE:
        with_icon = [i for i in SPACES if icons[i] & a]
        if len(with_icon) >= 3:
            for i in with_icon:
                out |= 1 << i
        return out
    if kind == CAT_ICON or kind == SPECIAL:
        cat = MEM_CAT[memory]
        for i in SPACES:
            if icons[i] & a and TILE_CAT[board[i]] == cat:
                for j in BOARD_NEIGHBOURS[i]:
                    if icons[j] & b:
                        out |= (1 << i) | (1 << j)
        return out
    if kind == BUILD:
        cat = MEM_CAT[memory]
        for i in SPACES:
            if sent[i] and TILE_CAT[board[i]] == cat:
                for j in BOARD_NEIGHBOURS[i]:
                    if icons[j] & a:
                        out |= 1 << j
        return out
    # BETWEEN: a tile with `a` touching one tile with `b` and another tile with `c`.
    c = MEM_C[memory]
    for i in SPACES:
        if not icons[i] & a:
            continue
        near = BOARD_NEIGHBOURS[i]
        with_b = [j for j in near if icons[j] & b]
        with_c = [k for k in near if icons[k] & c]
        used = 0
        for j in with_b:
            for k in with_c:
                if j != k:
                    used |= (1 << j) | (1 << k)
        if used:
            out |= used | (1 << i)
    return out


def partial(memory: int, board: list[int], sent: list[int]) -> int:
    """Spaces a memory could build on: face-up tiles showing one of its icons where it
    counts (and, for a letter to build on, sent tiles of its category). For hover hints."""
    kind, cat, a, b, c = MEM_KIND[memory], MEM_CAT[memory], MEM_A[memory], MEM_B[memory], MEM_C[memory]
    out = 0
    for i in SPACES:
        t = board[i]
        if t < 0:
            continue
        if sent[i]:
            if kind == BUILD and TILE_CAT[t] == cat:
                out |= 1 << i
            continue
        icons = TILE_ICONS[t]
        if kind == CAT_ICON:
            hit = icons & b or (TILE_CAT[t] == cat and icons & a)
        elif kind == BUILD:
            hit = icons & a
        else:
            hit = icons & (a | b | c)
        if hit:
            out |= 1 << i
    return out


def spaces_of(mask: int) -> list[int]:
    return [i for i in SPACES if mask >> i & 1]


def sendable_slots(slots: list[int], board: list[int], sent: list[int]) -> list[tuple[int, int]]:
    """(slot, flippable mask) for every memory in the slots that the corkboard meets now."""
    icons = face_up_icons(board, sent)
    out = []
    for slot, memory in enumerate(slots):
        mask = flippable(memory, board, sent, icons)
        if mask:
            out.append((slot, mask))
    return out


def meets_any(slots: list[int], board: list[int], sent: list[int]) -> bool:
    """Whether the corkboard meets any memory in the slots: sendable_slots' answer, stopping at the first."""
    if not slots:
        return False
    icons = face_up_icons(board, sent)
    for memory in slots:
        if flippable(memory, board, sent, icons):
            return True
    return False
