"""Living Forest's position checks: what the declared fields (state.py) cannot say alone."""

from __future__ import annotations

from collections import Counter

from meeple.engine import check_position

from .components import (
    DISPENSER,
    FIRE_STOCK,
    FRAGMENT_STOCK,
    KODAMA_DISPENSER,
    KODAMA_LEVEL_CARDS,
    LEVEL_CARDS,
    MARKET_CARDS,
    N_ROCKS,
    ROW_SIZE,
    START_SPACE,
    TREES,
    VARAN,
    VARAN_STOCK,
)
from .state import ACTION_PHASE, LFState


def check(st: LFState) -> None:
    """What the box holds adds up, and the round's bookkeeping is one play can reach."""
    n = st.n
    check_position(all(0 <= k <= len(d) for k, d in zip(st.known_top, st.draw)), "Bad known top of a draw stack.")
    check_position([sum(t[k] for t in st.tiles) for k in range(3)] == [n] * 3, "Every seat's Victory tiles, once.")
    check_position(len(set(st.rocks)) == n, "Two spirits on one rock.")
    check_position(all(f[START_SPACE] == -2 and f.count(-2) == 1 for f in st.forest),
                   "A forest is 15 spaces with the starting tree in the middle.")
    check_position(st.onibi == -1 if not st.kodama else 0 <= st.onibi < N_ROCKS,
                   "onibi is Onibi's rock (0 to 11) with Kodama, -1 without.")
    for value in (2, 3, 4):
        out = st.circle.count(value) + sum(f.count(value) for f in st.fires_taken)
        check_position(st.fire_stock[value - 2] + out == FIRE_STOCK,
                       f"The Fire tiles of {value} do not add up to {FIRE_STOCK} (stock, circle, taken).")
    check_position(st.frag_stock + sum(st.frags) == FRAGMENT_STOCK,
                   f"The Fragments do not add up to {FRAGMENT_STOCK} (stock and seats).")
    box = list(DISPENSER[n]) + (list(KODAMA_DISPENSER) if st.kodama else [0] * len(KODAMA_DISPENSER))
    for t, count in enumerate(box):
        planted = sum(f.count(t) for f in st.forest)
        check_position(st.dispenser[t] + planted == count,
                       f"Tree {TREES[t].name}: {st.dispenser[t]} in the dispenser and {planted} planted, "
                       f"not the {count} of the box.")
    # Every reserve and market card is somewhere, once; the Fire Varans add up.
    everywhere = Counter(k for piles in (st.draw, st.discard, st.help, st.stacks, st.rows) for p in piles for k in p)
    everywhere.update(st.market + st.market_deck)
    pool = list(LEVEL_CARDS[1] + LEVEL_CARDS[2] + LEVEL_CARDS[3])
    if st.kodama:
        pool += list(KODAMA_LEVEL_CARDS[2] + KODAMA_LEVEL_CARDS[3] + MARKET_CARDS)
    check_position(all(everywhere[k] == 1 for k in pool), "Every reserve card must be in exactly one place.")
    check_position(everywhere[VARAN] + st.varan_stock == VARAN_STOCK, "The Fire Varans do not add up.")
    # The round's end refills only the rows an animal was taken from, and resets the Kodama rewards only
    # in a game with Kodama: a row is short only of this round's animals or when its stack is empty, and
    # without Kodama no seat has Kodama rewards.
    check_position(all(len(row) + st.taken[lv] >= ROW_SIZE or not st.stacks[lv] for lv, row in enumerate(st.rows)),
                   "A reserve row is short only of the animals taken this round, or when its stack is empty.")
    check_position(st.kodama or not (any(st.kodama_reached) or any(t >= 0 for t in st.tile) or any(st.tile_pending)
                                     or any(st.extra_action)),
                   "Kodama symbols, tiles and extra actions come only with the Kodama expansion.")
    if st.phase == ACTION_PHASE:  # a seat acts, `acted` seats after the Sacred Tree's holder
        check_position(0 <= st.turn < n and 0 <= st.acted < n and st.turn == (st.first + st.acted) % n,
                       "In the action phase the seat to act is the Sacred Tree's holder's, `acted` seats on.")
        check_position(all(st.stopped), "The action phase starts once every spirit has stopped drawing.")
    else:
        check_position(st.turn == -1, "Only the action phase has a seat to act (turn -1 otherwise).")
