"""Living Forest's position: flat lists of small ints, and the element arithmetic on it.

Piles are lists of card kinds with the top last. `known_top[s]` counts the cards on
top of seat s's draw stack that everyone saw go there (animals attracted since the
last shuffle): their order is public, the rest of the stack is not, even to its owner.
"""

from __future__ import annotations

from operator import itemgetter

from meeple.engine import Rng, check_position
from meeple.engine.state import (
    Loading,
    State,
    each_seat,
    flag,
    joint,
    kept,
    listed,
    named,
    per_seat,
    players,
    rng,
    seat,
    stored_with,
    whole,
)

from .components import (
    CARD_ELEMENTS,
    CARD_GREGARIOUS,
    CARD_KODAMA,
    CARD_SOLITARY,
    FIRE_STOCK,
    FOREST_LINES,
    FOREST_SIZE,
    KODAMA_TILES,
    MAX_FIRES,
    N_CARDS,
    N_ROCKS,
    TREES,
    VARAN_STOCK,
    VICTORY,
)

DRAW_PHASE, ACTION_PHASE, OVER = range(3)

# Flat tables for `totals`: each tree's elements and Kodama element, each line's spaces as one getter.
_TREE_ELEMENTS = tuple(t.elements for t in TREES)
_TREE_PER_KODAMA = tuple(t.per_kodama for t in TREES)
_TREE_KODAMA = tuple(t.kodama for t in TREES)
_LINES = tuple((itemgetter(*spaces), e, amount) for spaces, e, amount, _ in FOREST_LINES)
PHASES = ("draw", "action", "over")

_CARD = whole(0, N_CARDS - 1)


def _turn_json(st: LFState) -> dict:
    """The turn in progress, as the position's "turn_state" entry."""
    return {"actions_left": st.actions_left, "used": st.used[:], "spent": st.spent[:], "extra_el": st.extra_el,
            "extra_amt": st.extra_amt, "active": st.active, "bonus": [list(b) for b in st.bonus],
            "offered": list(st.offered) if st.offered is not None else None, "steal_from": st.steal_from[:],
            "bought": st.bought, "extra_types": st.extra_types[:]}


def _turn_read(t: dict, where: str, at: Loading) -> tuple:
    used, spent, extra_types = list(t["used"]), list(t["spent"]), list(t["extra_types"])
    check_position(len(used) == 5 and len(spent) == 5 and len(extra_types) == 5, "Bad turn state.")
    offered = tuple(int(v) for v in t["offered"]) if t["offered"] is not None else None
    return (int(t["actions_left"]), used, spent, int(t["extra_el"]), int(t["extra_amt"]), int(t["active"]),
            [tuple(int(v) for v in b) for b in t["bonus"]], offered, list(t["steal_from"]), bool(t["bought"]),
            extra_types)


class LFState(State):
    n: int = players()
    rng: Rng = rng()
    kodama: bool = flag()
    phase: int = named(PHASES)
    round: int = whole(1, None, says="round counts from 1.")
    first: int = seat(says="Bad Sacred Tree holder or seat to act.")
    turn: int = seat(none=True, says="Bad Sacred Tree holder or seat to act.")
    acted: int = whole(0, "n")
    # Each seat's, stored in one object per seat.
    draw: list[list[int]] = per_seat(listed(_CARD), under="seats", says="One entry per seat.")  # top last
    known_top: list[int] = per_seat(whole(0), under="seats")
    discard: list[list[int]] = per_seat(listed(_CARD), under="seats")
    help: list[list[int]] = per_seat(listed(_CARD), under="seats")
    stopped: list[bool] = per_seat(flag(), under="seats")
    just_drawn: list[bool] = per_seat(flag(), under="seats")
    frags: list[int] = per_seat(whole(0), under="seats")
    fires_taken: list[list[int]] = per_seat(listed(whole(2, 4)), under="seats")
    tiles: list[list[int]] = per_seat(listed(whole(0, lambda st: 3 * st.n), length=3, says="Three kinds of Victory "
                                             "tiles."), under="seats")  # of fire, flowers, trees
    rocks: list[int] = per_seat(whole(0, N_ROCKS - 1), under="seats")
    forest: list[list[int]] = per_seat(listed(whole(-2, len(TREES) - 1), length=FOREST_SIZE), under="seats")  # -1 none
    kodama_reached: list[int] = per_seat(whole(0, 7), under="seats")
    tile: list[int] = per_seat(whole(-1, len(KODAMA_TILES) - 1), under="seats")
    tile_pending: list[bool] = per_seat(flag(), under="seats")
    extra_action: list[bool] = per_seat(flag(), under="seats")
    # The table's.
    frag_stock: int = whole(0, None, key="fragment_stock")
    varan_stock: int = whole(0, VARAN_STOCK)
    fire_stock: list[int] = listed(whole(0, FIRE_STOCK), length=3,
                                   says="fire_stock counts the Fire tiles of values 2, 3 and 4 left.")
    circle: list[int] = listed(whole(2, 4), most=MAX_FIRES, says="At most seven fires at the centre.")
    dispenser: list[int] = listed(whole(0, 4), length=len(TREES), says="One dispenser count per tree.")
    stacks: list[list[int]] = listed(listed(_CARD), length=3, says="Three reserve levels.")
    rows: list[list[int]] = listed(listed(_CARD), length=3, says="Three reserve levels.")
    market: list[int] = listed(_CARD)
    market_deck: list[int] = listed(_CARD)
    onibi: int = whole(-1, N_ROCKS - 1)
    taken: list[int] = listed(whole(0, 99), length=3,
                              says="taken counts the animals attracted this round at levels 1, 2 and 3.")
    # The turn in progress, stored together as "turn_state".
    actions_left: int = joint(_turn_json, _turn_read, key="turn_state")
    used: list[int] = stored_with("turn_state", listed(whole()))
    spent: list[int] = stored_with("turn_state", listed(whole()))
    extra_el: int = stored_with("turn_state")
    extra_amt: int = stored_with("turn_state")
    active: int = stored_with("turn_state")
    bonus: list[tuple[int, ...]] = stored_with("turn_state", listed(whole()))
    offered: tuple[int, ...] | None = stored_with("turn_state")
    steal_from: list[int] = stored_with("turn_state", listed(whole()))
    bought: bool = stored_with("turn_state")
    extra_types: list[int] = stored_with("turn_state", listed(whole()))
    target: int = kept(make=lambda st: VICTORY[st.kodama])
    # Worked out when first needed, None (or empty) until then.
    _totals: list[list[int] | None] = kept(make=each_seat(None), copy="slice")
    _lone: list[int | None] = kept(make=each_seat(None), copy="slice")
    _frontier: list[tuple[int, ...] | None] = kept(make=each_seat(None), copy="slice")
    _grove: list[tuple | None] = kept(make=each_seat(None), copy="slice")
    _draws: list[tuple | None] = kept(make=each_seat(None), copy="slice")  # each seat's draw-phase moves
    _moves: tuple | None = kept(None)
    _seats: frozenset[int] | None = kept(None)
    # Shared by copies until one side changes what they depend on: it then starts a new dict, never edits this one.
    _attracts: dict[int, tuple] = kept(make=lambda st: {})
    _plants: dict[int, tuple] = kept(make=lambda st: {})
    _buys: dict[int, tuple] = kept(make=lambda st: {})

    # ----- elements -------------------------------------------------------------

    def kodama_count(self, s: int) -> int:
        count = (self._grove[s] or self._grove_of(s))[5]
        for k in self.help[s]:
            count += CARD_KODAMA[k]
        return count

    def _grove_of(self, s: int) -> tuple:
        """What seat s's forest gives, kept until it changes: the five elements of its trees and completed
        lines, its trees' Kodama symbols, the elements its Kodama trees give once per symbol, and its
        different Protective Trees (the starting tree counts)."""
        sun = water = leaf = wind = flower = kodama = 0
        forest = self.forest[s]
        per_kodama = []
        for t in forest:
            if t >= 0:
                a, b, c, d, f = _TREE_ELEMENTS[t]
                sun += a
                water += b
                leaf += c
                wind += d
                flower += f
                kodama += _TREE_KODAMA[t]
                if _TREE_PER_KODAMA[t] >= 0:
                    per_kodama.append(_TREE_PER_KODAMA[t])
        tot = [sun, water, leaf, wind, flower]
        for spaces_of, e, amount in _LINES:
            if -1 not in spaces_of(forest):
                tot[e] += amount
        grove = self._grove[s] = (*tot, kodama, tuple(per_kodama), len({t for t in forest if t >= 0}) + 1)
        return grove

    def totals(self, s: int) -> list[int]:
        """Seat s's five element totals now: Help Line, trees, completed lines, the Kodama tile."""
        cached = self._totals[s]
        if cached is not None:
            return cached
        grove = self._grove[s] or self._grove_of(s)
        help_ = self.help[s]
        if not help_ and not grove[6] and self.tile[s] < 0:  # (often: a spirit that stopped at once)
            tot = self._totals[s] = [*grove[:5]]  # (a forest's elements are never negative)
            return tot
        sun, water, leaf, wind, flower, kodama, per_kodama, _ = grove
        for k in help_:
            a, b, c, d, f = CARD_ELEMENTS[k]
            sun += a
            water += b
            leaf += c
            wind += d
            flower += f
        if per_kodama or self.tile[s] >= 0:
            tot = [sun, water, leaf, wind, flower]
            if per_kodama:
                for k in help_:
                    kodama += CARD_KODAMA[k]
                for e in per_kodama:
                    tot[e] += kodama
            if self.tile[s] >= 0:
                e, amount = KODAMA_TILES[self.tile[s]]
                tot[e] += amount
            tot = [v if v > 0 else 0 for v in tot]
        else:  # (the usual case, without the list made twice)
            tot = [sun if sun > 0 else 0, water if water > 0 else 0, leaf if leaf > 0 else 0,
                   wind if wind > 0 else 0, flower if flower > 0 else 0]
        self._totals[s] = tot
        return tot

    def nothing_worked_out(self) -> None:
        """Empty caches, for a position set by hand."""
        n = self.n
        self._totals, self._lone, self._frontier, self._grove = [None] * n, [None] * n, [None] * n, [None] * n
        self._draws = [None] * n
        self._moves = self._seats = None
        self._attracts, self._plants, self._buys = {}, {}, {}

    def changed(self, s: int) -> None:
        """Seat s's Help Line or forest changed: drop its cached totals, solitary count and planting spaces."""
        self.help_changed(s)
        self._frontier[s] = None
        self._grove[s] = None
        self._plants = {}  # the dispenser or a forest changed

    def help_changed(self, s: int) -> None:
        """Only seat s's Help Line (or Kodama tile) changed: its forest's figures stay."""
        self._totals[s] = None
        self._lone[s] = None
        self._draws[s] = None
        self._moves = None
        self._seats = None

    def lone(self, s: int) -> int:
        """Solitary symbols not cancelled by gregarious ones in seat s's Help Line."""
        cached = self._lone[s]
        if cached is not None:
            return cached
        count = 0
        for k in self.help[s]:
            if CARD_SOLITARY[k]:
                count += 1
            elif CARD_GREGARIOUS[k]:
                count -= 1
        self._lone[s] = count
        return count

    # ----- victory ---------------------------------------------------------------

    def trees(self, s: int) -> int:
        """Different Protective Trees (the starting tree counts) plus Victory tiles of trees."""
        return (self._grove[s] or self._grove_of(s))[7] + self.tiles[s][2]

    def flowers(self, s: int) -> int:
        return self.totals(s)[4] + self.tiles[s][1]

    def fires(self, s: int) -> int:
        return len(self.fires_taken[s]) + self.tiles[s][0]

    def goals(self, s: int) -> tuple[int, int, int]:
        return self.trees(s), self.flowers(s), self.fires(s)

    def completed(self, s: int) -> bool:
        return max(self.goals(s)) >= self.target
