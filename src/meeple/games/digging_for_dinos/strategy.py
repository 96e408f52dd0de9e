"""What only the bots read: the prospects of unfinished skeletons and what a tile under a token adds,
remembered by the species' counts (the search asks them of every position it judges)."""

from __future__ import annotations

from functools import lru_cache

from .components import COPIES, PARTS, PAWNS_PER_SEAT, SLOT, SPECIES, SPECIES_OF
from .scoring import counts_total


def tile_gain(have: list[int], gone: list[int], worth: list[int], hope: list[float], tile: int) -> float:
    """What `tile` adds to a seat's points and prospects (whose counts and species figures are
    `have`, `gone`, `worth` and `hope`) once it takes it: only the tile's own species changes."""
    s, part = SPECIES_OF[tile], PARTS[SPECIES_OF[tile]]
    return _after(tuple(have[part]), tuple(gone[part]), s, SLOT[tile] - part.start) - (worth[s] + hope[s])


@lru_cache(maxsize=50_000)  # by the species' counts, as its figures are
def _after(have: tuple[int, ...], gone: tuple[int, ...], s: int, p: int) -> float:
    """Species `s`'s points and prospect (its counts `have` and `gone`) once one more of its part `p` is taken."""
    have = (*have[:p], have[p] + 1, *have[p + 1:])
    gone = (*gone[:p], gone[p] + 1, *gone[p + 1:])
    return counts_total(have, s) + counts_prospect(have, gone, s)


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
    values, by the square of the share of parts held, if its missing parts are still to be found."""
    part = PARTS[s]
    return counts_prospect(tuple(have[part]), tuple(gone[part]), s)


@lru_cache(maxsize=50_000)  # by the species' counts: the search asks it of every position it judges
def counts_prospect(have: tuple[int, ...], gone: tuple[int, ...], s: int) -> float:
    """`species_prospect` from the species' part counts."""
    sp = SPECIES[s]
    copies = COPIES[PARTS[s]]
    full = min(have)
    held = 0
    bonus = sp.complete
    for p, count in enumerate(have):
        if count > full:
            held += 1
            bonus -= sp.left[p]
        elif gone[p] >= copies[p]:
            return 0.0
    return 0.6 * bonus * (held / len(have)) ** 2 if held else 0.0
