"""What only the bots read: the prospects of unfinished skeletons and what a tile under a token adds,
remembered by the species' counts (the search asks them of every position it judges)."""

from __future__ import annotations

from .components import COPIES, MAX_PARTS, N_SPECIES, PAWNS_PER_SEAT, SLOT, SPECIES, SPECIES_OF
from .scoring import species_total


def tile_gain(have: list[int], gone: list[int], worth: list[int], hope: list[float], tile: int) -> float:
    """What `tile` adds to a seat's points and prospects (whose counts and species figures are
    `have`, `gone`, `worth` and `hope`) once it takes it: only the tile's own species changes.
    The counts are left as they are."""
    s, slot = SPECIES_OF[tile], SLOT[tile]
    base = s * MAX_PARTS
    end = base + len(SPECIES[s].parts)
    key = (slot, *have[base:end], *gone[base:end])
    after = AFTER_MEMO.get(key)
    if after is None:  # remembered by the species' counts, as its figures are
        if len(AFTER_MEMO) >= 50_000:  # a bound only
            AFTER_MEMO.clear()
        have[slot] += 1
        gone[slot] += 1
        after = AFTER_MEMO[key] = species_total(have, s) + species_prospect(have, gone, s)
        have[slot] -= 1
        gone[slot] -= 1
    return after - (worth[s] + hope[s])


AFTER_MEMO: dict[tuple[int, ...], float] = {}


def judge(state, seat: int, worth: list[int], hope: list[float]) -> float:
    """The heuristic of `seat`, whose species figures for its counts now are `worth` and `hope`:
    what the unfinished skeletons promise (the prospects summed), and the tiles under its tokens."""
    have, gone, board = state.have[seat], state.gone, state.board
    under = 0.0
    for k in range(PAWNS_PER_SEAT):
        cell = state.pawns[PAWNS_PER_SEAT * seat + k]
        if cell >= 0 and board[cell] >= 0:
            under += tile_gain(have, gone, worth, hope, board[cell])
    return sum(hope) + 0.4 * under


def species_prospect(have: list[int], gone: list[int], s: int) -> float:
    """What species `s`'s unfinished skeleton promises: the completion bonus over its tiles' left
    values, by the square of the share of parts held, if its missing parts are still to be found.
    Remembered by the species' counts: the search asks it of every position it judges."""
    base = s * MAX_PARTS
    end = base + len(SPECIES[s].parts)
    key = (*have[base:end], *gone[base:end])
    memo = PROSPECT_MEMO[s]
    value = memo.get(key)
    if value is None:
        if len(memo) >= 50_000:  # a bound only
            memo.clear()
        value = memo[key] = count_prospect(have, gone, s)
    return value


PROSPECT_MEMO: tuple[dict[tuple[int, ...], float], ...] = tuple({} for _ in range(N_SPECIES))


def count_prospect(have: list[int], gone: list[int], s: int) -> float:
    """`species_prospect` counted."""
    sp = SPECIES[s]
    base = s * MAX_PARTS
    size = len(sp.parts)
    full = min(have[base:base + size])
    held = 0
    bonus = sp.complete
    for p in range(size):
        if have[base + p] > full:
            held += 1
            bonus -= sp.left[p]
        elif gone[base + p] >= COPIES[base + p]:
            return 0.0
    return 0.6 * bonus * (held / size) ** 2 if held else 0.0
