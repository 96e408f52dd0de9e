"""Living Forest's position JSON (every pile with its top last, hidden orders included)."""

from __future__ import annotations

from collections import Counter

from meeple.engine import check_position, position_head, read_head, wholes

from .components import (
    CARDS,
    DISPENSER,
    FIRE_STOCK,
    FOREST_SIZE,
    FRAGMENT_STOCK,
    KODAMA_DISPENSER,
    KODAMA_LEVEL_CARDS,
    KODAMA_TILES,
    LEVEL_CARDS,
    MARKET_CARDS,
    N_ROCKS,
    ROW_SIZE,
    START_SPACE,
    TREES,
    VARAN,
    VARAN_STOCK,
    VICTORY,
)
from .state import ACTION_PHASE, PHASES, LFState

VERSION = 1
_SEAT_KEYS = ("draw", "known_top", "discard", "help", "stopped", "just_drawn", "frags", "fires_taken", "tiles",
              "rocks", "forest", "kodama_reached", "tile", "tile_pending", "extra_action")


def position_to_json(game, st) -> dict:
    return {
        **position_head(game, st, VERSION), "kodama": st.kodama,
        "phase": PHASES[st.phase], "round": st.round, "first": st.first, "turn": st.turn, "acted": st.acted,
        "seats": [{key: _copy(getattr(st, key)[s]) for key in _SEAT_KEYS} for s in range(st.n)],
        "fragment_stock": st.frag_stock, "varan_stock": st.varan_stock, "fire_stock": st.fire_stock[:],
        "circle": st.circle[:], "dispenser": st.dispenser[:], "stacks": [x[:] for x in st.stacks],
        "rows": [x[:] for x in st.rows], "market": st.market[:], "market_deck": st.market_deck[:],
        "onibi": st.onibi, "taken": st.taken[:],
        "turn_state": {"actions_left": st.actions_left, "used": st.used[:], "spent": st.spent[:],
                       "extra_el": st.extra_el, "extra_amt": st.extra_amt, "active": st.active,
                       "bonus": [list(b) for b in st.bonus],
                       "offered": list(st.offered) if st.offered is not None else None,
                       "steal_from": st.steal_from[:], "bought": st.bought, "extra_types": st.extra_types[:]},
    }


def _copy(value):
    return value[:] if isinstance(value, list) else value


def position_from_json(game, data) -> LFState:
    n, rng = read_head(game, data, VERSION)
    st = LFState.__new__(LFState)
    st.n, st.rng, st.kodama = n, rng, bool(data["kodama"])
    st.target = VICTORY[st.kodama]
    check_position(data["phase"] in PHASES, f"Unknown phase {data['phase']!r}.")
    st.phase = PHASES.index(data["phase"])
    st.round, st.first = int(data["round"]), int(data["first"])
    st.turn, st.acted = int(data["turn"]), int(data["acted"])
    check_position(0 <= st.first < n and -1 <= st.turn < n, "Bad Sacred Tree holder or seat to act.")
    seats = data["seats"]
    check_position(isinstance(seats, list) and len(seats) == n, "One entry per seat.")
    n_cards = len(CARDS)
    st.draw = [wholes(x["draw"], 0, n_cards - 1, "draw stack") for x in seats]
    st.discard = [wholes(x["discard"], 0, n_cards - 1, "discard") for x in seats]
    st.help = [wholes(x["help"], 0, n_cards - 1, "Help Line") for x in seats]
    st.known_top = [int(x["known_top"]) for x in seats]
    check_position(all(0 <= k <= len(d) for k, d in zip(st.known_top, st.draw)), "Bad known top of a draw stack.")
    st.stopped = [bool(x["stopped"]) for x in seats]
    st.just_drawn = [bool(x["just_drawn"]) for x in seats]
    st.frags = [int(x["frags"]) for x in seats]
    st.fires_taken = [wholes(x["fires_taken"], 2, 4, "fires taken") for x in seats]
    st.tiles = [wholes(x["tiles"], 0, 3 * n, "Victory tiles") for x in seats]
    check_position(all(len(t) == 3 for t in st.tiles), "Three kinds of Victory tiles.")
    check_position([sum(t[k] for t in st.tiles) for k in range(3)] == [n] * 3, "Every seat's Victory tiles, once.")
    st.rocks = wholes([x["rocks"] for x in seats], 0, N_ROCKS - 1, "rocks")
    check_position(len(set(st.rocks)) == n, "Two spirits on one rock.")
    st.forest = [wholes(x["forest"], -2, len(TREES) - 1, "forest") for x in seats]
    check_position(all(len(f) == FOREST_SIZE and f[START_SPACE] == -2 and f.count(-2) == 1 for f in st.forest),
                   "A forest is 15 spaces with the starting tree in the middle.")
    st.kodama_reached = [int(x["kodama_reached"]) for x in seats]
    st.tile = [int(x["tile"]) for x in seats]
    st.tile_pending = [bool(x["tile_pending"]) for x in seats]
    st.extra_action = [bool(x["extra_action"]) for x in seats]
    st.frag_stock, st.varan_stock = int(data["fragment_stock"]), int(data["varan_stock"])
    check_position(st.frag_stock >= 0 and all(f >= 0 for f in st.frags), "Negative Fragments.")
    st.fire_stock = wholes(data["fire_stock"], 0, 20, "fire stock")
    st.circle = wholes(data["circle"], 2, 4, "fires of the circle")
    check_position(len(st.circle) <= 7, "At most seven fires at the centre.")
    st.dispenser = wholes(data["dispenser"], 0, 4, "dispenser")
    check_position(len(st.dispenser) == len(TREES), "One dispenser count per tree.")
    st.stacks = [wholes(x, 0, n_cards - 1, "reserve stack") for x in data["stacks"]]
    st.rows = [wholes(x, 0, n_cards - 1, "reserve row") for x in data["rows"]]
    check_position(len(st.stacks) == 3 and len(st.rows) == 3, "Three reserve levels.")
    st.market = wholes(data["market"], 0, n_cards - 1, "market")
    st.market_deck = wholes(data["market_deck"], 0, n_cards - 1, "deck")
    st.onibi, st.taken = int(data["onibi"]), wholes(data["taken"], 0, 99, "cards taken")
    check_position(len(st.taken) == 3, "taken counts the animals attracted this round at levels 1, 2 and 3.")
    check_position(st.onibi == -1 if not st.kodama else 0 <= st.onibi < N_ROCKS,
                   "onibi is Onibi's rock (0 to 11) with Kodama, -1 without.")
    _check_counts(st, n)
    # Every reserve and market card is somewhere, once; the Fire Varans add up.
    everywhere = Counter(k for piles in (st.draw, st.discard, st.help, st.stacks, st.rows) for p in piles for k in p)
    everywhere.update(st.market + st.market_deck)
    pool = list(LEVEL_CARDS[1] + LEVEL_CARDS[2] + LEVEL_CARDS[3])
    if st.kodama:
        pool += list(KODAMA_LEVEL_CARDS[2] + KODAMA_LEVEL_CARDS[3] + MARKET_CARDS)
    check_position(all(everywhere[k] == 1 for k in pool), "Every reserve card must be in exactly one place.")
    check_position(everywhere[VARAN] + st.varan_stock == VARAN_STOCK, "The Fire Varans do not add up.")
    t = data["turn_state"]
    st.actions_left, st.used, st.spent = int(t["actions_left"]), list(t["used"]), list(t["spent"])
    st.extra_el, st.extra_amt, st.active = int(t["extra_el"]), int(t["extra_amt"]), int(t["active"])
    st.bonus = [tuple(int(v) for v in b) for b in t["bonus"]]
    st.offered = tuple(int(v) for v in t["offered"]) if t["offered"] is not None else None
    st.steal_from, st.bought, st.extra_types = list(t["steal_from"]), bool(t["bought"]), list(t["extra_types"])
    check_position(len(st.used) == 5 and len(st.spent) == 5 and len(st.extra_types) == 5, "Bad turn state.")
    st.nothing_worked_out()
    return st


def _check_counts(st: LFState, n: int) -> None:
    """What the box holds adds up, and the round's bookkeeping is one play can reach."""
    check_position(len(st.fire_stock) == 3, "fire_stock counts the Fire tiles of values 2, 3 and 4 left.")
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
    check_position(st.round >= 1, "round counts from 1.")
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
    check_position(all(-1 <= t < len(KODAMA_TILES) for t in st.tile) and all(0 <= k < 8 for k in st.kodama_reached),
                   "Bad Kodama tile or symbols reached.")
