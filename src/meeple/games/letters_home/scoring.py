"""Letters Home's scoring: letters and Reflections, computed from a corkboard.

Pure functions of the corkboard (`board` tile ids, -1 when empty; `sent` 1 for
a flipped tile) and the Reflection cards; the rules call them for the live
score sheet, and tests call them for a recount.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from meeple.engine import ScoreRow, SeatSheet

from .components import (
    BOARD_COLS,
    BOARD_SPACES,
    LETTER_POINTS,
    R_CATEGORY,
    R_ICON,
    R_SETS,
    REFLECTION_TEXTS,
    REFLECTIONS,
    SENT,
    TILE_CAT,
    TILE_ICONS,
)

SPACES = range(BOARD_SPACES)
ALL_SPACES = (1 << BOARD_SPACES) - 1
# Spaces as bits (space i is bit i): masks of the first and last column, so that a
# shift by one along a row never wraps round to the next row.
FIRST_COLUMN = sum(1 << i for i in SPACES if i % BOARD_COLS == 0)
LAST_COLUMN = sum(1 << i for i in SPACES if i % BOARD_COLS == BOARD_COLS - 1)
SPACES_OF = tuple(tuple(i for i in SPACES if mask >> i & 1) for mask in range(ALL_SPACES + 1))  # mask -> spaces


def board_masks(board: Sequence[int], sent: Sequence[int]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Bit masks of a corkboard: (any tile, face-up, sent), indexed by filter, and one per category."""
    tiles = up = flipped = 0
    cats = [0, 0, 0]
    for i in SPACES:
        t = board[i]
        if t >= 0:
            bit = 1 << i
            tiles |= bit
            cats[TILE_CAT[t]] |= bit
            if sent[i]:
                flipped |= bit
            else:
                up |= bit
    return (tiles, up, flipped), (cats[0], cats[1], cats[2])


def group_of(bit: int, mask: int) -> int:
    """The edge-connected group of `mask` that holds the space `bit`, as a mask."""
    group = bit
    while True:
        grown = (group | ((group << 1) & ~FIRST_COLUMN) | ((group >> 1) & ~LAST_COLUMN)
                 | (group << BOARD_COLS) | (group >> BOARD_COLS)) & mask
        if grown == group:
            return group
        group = grown


def largest_group(mask: int) -> int:
    """Size of the largest edge-connected group of the spaces in `mask`."""
    best = 0
    while mask:
        group = group_of(mask & -mask, mask)
        best = max(best, group.bit_count())
        mask &= ~group
    return best


def _count(ref: int, board: Sequence[int], filters: tuple[int, int, int], cats: tuple[int, int, int]) -> int:
    _code, kind, filt, param, _pts = REFLECTIONS[ref]
    spaces = filters[filt]
    if kind == R_CATEGORY:
        return (spaces & cats[param]).bit_count()
    if kind == R_ICON:
        return sum(1 for i in SPACES_OF[spaces] if TILE_ICONS[board[i]] & param)
    if kind == R_SETS:
        return min((spaces & cats[0]).bit_count(), (spaces & cats[1]).bit_count(), (spaces & cats[2]).bit_count())
    if filt == SENT:  # sent tiles form one group whatever their category
        return largest_group(spaces)
    return max(largest_group(spaces & cats[0]), largest_group(spaces & cats[1]), largest_group(spaces & cats[2]))


def reflection_count(ref: int, board: list[int], sent: list[int]) -> tuple[int, int]:
    """(count, points) of one Reflection card on one corkboard."""
    filters, cats = board_masks(board, sent)
    n = _count(ref, board, filters, cats)
    return n, n * REFLECTIONS[ref][4]


def seat_parts(board: list[int], sent: list[int], shared: list[int], private: int) -> tuple[int, int]:
    """(letters plus the shared Reflections, the private Reflection's points): a seat's total in the
    two parts that the others can and cannot see, with the corkboard read once."""
    return _seat_parts(tuple(board), tuple(sent), tuple(shared), private)


@lru_cache(maxsize=20000)  # a bot values one move in several sampled worlds, where the corkboards come out the same
def _seat_parts(board: tuple[int, ...], sent: tuple[int, ...], shared: tuple[int, ...],
                private: int) -> tuple[int, int]:
    filters, cats = board_masks(board, sent)
    public = LETTER_POINTS * filters[SENT].bit_count()
    for ref in shared:
        public += _count(ref, board, filters, cats) * REFLECTIONS[ref][4]
    own = _count(private, board, filters, cats) * REFLECTIONS[private][4] if private >= 0 else 0
    return public, own


def count_with_tile(ref: int, board: list[int], filters: tuple[int, int, int], cats: tuple[int, int, int],
                    counts: dict[int, int], space: int, tile: int) -> int:
    """`_count` of `ref` once `tile` is pinned face up on the empty `space`, from its count without
    it (`counts`, filled in here for the corkboard the masks describe): a new face-up tile adds at
    most one to a category or icon, and can only grow the group it joins."""
    n = counts.get(ref)
    if n is None:
        n = counts[ref] = _count(ref, board, filters, cats)
    _code, kind, filt, param, _pts = REFLECTIONS[ref]
    if filt == SENT:
        return n
    cat = TILE_CAT[tile]
    if kind == R_CATEGORY:
        return n + 1 if cat == param else n
    if kind == R_ICON:
        return n + 1 if TILE_ICONS[tile] & param else n
    spaces = filters[filt]
    if kind == R_SETS:
        sizes = [(spaces & cats[0]).bit_count(), (spaces & cats[1]).bit_count(), (spaces & cats[2]).bit_count()]
        sizes[cat] += 1
        return min(sizes)
    bit = 1 << space
    return max(n, group_of(bit, (spaces & cats[cat]) | bit).bit_count())


def parts_with_tile(board: list[int], filters: tuple[int, int, int], cats: tuple[int, int, int],
                    counts: dict[int, int], shared: list[int], private: int, space: int,
                    tile: int) -> tuple[int, int]:
    """`seat_parts` once `tile` is pinned face up on the empty `space` of the corkboard that
    `filters`, `cats` and `counts` describe (see count_with_tile); `board` is not changed."""
    public = LETTER_POINTS * filters[SENT].bit_count()
    for ref in shared:
        public += count_with_tile(ref, board, filters, cats, counts, space, tile) * REFLECTIONS[ref][4]
    own = (count_with_tile(private, board, filters, cats, counts, space, tile) * REFLECTIONS[private][4]
           if private >= 0 else 0)
    return public, own


SHARED_KEYS = ("shared1", "shared2", "shared3")
SHARED_LABELS = ("Reflection 1", "Reflection 2", "Reflection 3")


def seat_sheet(seat: int, board: list[int], sent: list[int], shared: list[int], private: int,
               show_private: bool) -> SeatSheet:
    """One seat's panel: letters, each shared Reflection, and the private one when `show_private`."""
    filters, cats = board_masks(board, sent)
    n_letters = filters[SENT].bit_count()
    rows = [ScoreRow("letters", "Letters", n_letters, LETTER_POINTS * n_letters,
                     f"{n_letters} flipped tile{'s' if n_letters != 1 else ''} × {LETTER_POINTS}")]
    for k, ref in enumerate(shared):
        count = _count(ref, board, filters, cats)
        rows.append(ScoreRow(SHARED_KEYS[k], SHARED_LABELS[k], count, count * REFLECTIONS[ref][4],
                             REFLECTION_TEXTS[ref]))
    if show_private and private >= 0:
        count = _count(private, board, filters, cats)
        rows.append(ScoreRow("private", "Private Reflection", count, count * REFLECTIONS[private][4],
                             REFLECTION_TEXTS[private]))
    total = sum(r.points for r in rows)
    return SeatSheet(seat, tuple(rows), total, hidden=not show_private)
