"""Letters Home's scoring: letters and Reflections, computed from a corkboard.

Pure functions of the corkboard (`board` tile ids, -1 when empty; `sent` 1 for
a flipped tile) and the Reflection cards; the rules call them for the live
score sheet, and tests call them for a recount.
"""

from __future__ import annotations

from meeple.engine import ScoreRow, SeatSheet

from .components import (ANY, BOARD_NEIGHBOURS, BOARD_SPACES, LETTER_POINTS, R_CATEGORY, R_ICON,
                         R_SETS, REFLECTION_TEXTS, REFLECTIONS, SENT, TILE_CAT, TILE_ICONS, UP)


SPACES = range(BOARD_SPACES)


def counted(board: list[int], sent: list[int], filt: int) -> list[int]:
    """The spaces a Reflection with this filter counts: any tile, face-up only, or sent only."""
    if filt == ANY:
        return [i for i in SPACES if board[i] >= 0]
    if filt == UP:
        return [i for i in SPACES if board[i] >= 0 and not sent[i]]
    return [i for i in SPACES if sent[i]]


def largest_group(spaces: list[int], same_category: bool, board: list[int]) -> int:
    """Size of the largest edge-connected group among `spaces` (of one category if asked)."""
    inside = set(spaces)
    seen: set[int] = set()
    best = 0
    for start in spaces:
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            i = stack.pop()
            size += 1
            for j in BOARD_NEIGHBOURS[i]:
                if j in inside and j not in seen and (not same_category or TILE_CAT[board[j]] == TILE_CAT[board[i]]):
                    seen.add(j)
                    stack.append(j)
        best = max(best, size)
    return best


def reflection_count(ref: int, board: list[int], sent: list[int]) -> tuple[int, int]:
    """(count, points) of one Reflection card on one corkboard."""
    _code, kind, filt, param, pts = REFLECTIONS[ref]
    spaces = counted(board, sent, filt)
    if kind == R_CATEGORY:
        n = sum(1 for i in spaces if TILE_CAT[board[i]] == param)
    elif kind == R_ICON:
        n = sum(1 for i in spaces if TILE_ICONS[board[i]] & param)
    elif kind == R_SETS:
        per = [0, 0, 0]
        for i in spaces:
            per[TILE_CAT[board[i]]] += 1
        n = min(per)
    else:
        n = largest_group(spaces, filt != SENT, board)
    return n, n * pts


SHARED_KEYS = ("shared1", "shared2", "shared3")
SHARED_LABELS = ("Reflection 1", "Reflection 2", "Reflection 3")


def letters(sent: list[int]) -> int:
    return sum(sent)


def seat_sheet(seat: int, board: list[int], sent: list[int], shared: list[int], private: int,
               show_private: bool) -> SeatSheet:
    """One seat's panel: letters, each shared Reflection, and the private one when `show_private`."""
    n_letters = letters(sent)
    rows = [ScoreRow("letters", "Letters", n_letters, LETTER_POINTS * n_letters,
                     f"{n_letters} flipped tile{'s' if n_letters != 1 else ''} × {LETTER_POINTS}")]
    for k, ref in enumerate(shared):
        count, points = reflection_count(ref, board, sent)
        rows.append(ScoreRow(SHARED_KEYS[k], SHARED_LABELS[k], count, points, REFLECTION_TEXTS[ref]))
    if show_private and private >= 0:
        count, points = reflection_count(private, board, sent)
        rows.append(ScoreRow("private", "Private Reflection", count, points, REFLECTION_TEXTS[private]))
    total = sum(r.points for r in rows)
    return SeatSheet(seat, tuple(rows), total, hidden=not show_private)
