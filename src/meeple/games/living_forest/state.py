"""Living Forest's position: flat lists of small ints, and the element arithmetic on it.

Piles are lists of card kinds with the top last. `known_top[s]` counts the cards on
top of seat s's draw stack that everyone saw go there (animals attracted since the
last shuffle): their order is public, the rest of the stack is not, even to its owner.
"""

from __future__ import annotations

from operator import itemgetter

from meeple.engine import Rng

from .components import (
    CARD_ELEMENTS,
    CARD_GREGARIOUS,
    CARD_KODAMA,
    CARD_SOLITARY,
    FOREST_LINES,
    KODAMA_TILES,
    TREES,
)

DRAW_PHASE, ACTION_PHASE, OVER = range(3)

# Flat tables for `totals`: each tree's elements and Kodama element, each line's spaces as one getter.
_TREE_ELEMENTS = tuple(t.elements for t in TREES)
_TREE_PER_KODAMA = tuple(t.per_kodama for t in TREES)
_TREE_KODAMA = tuple(t.kodama for t in TREES)
_LINES = tuple((itemgetter(*spaces), e, amount) for spaces, e, amount, _ in FOREST_LINES)
PHASES = ("draw", "action", "over")

_LISTS = ("draw", "discard", "help", "fires_taken", "tiles", "forest")
_FLAT = ("known_top", "stopped", "just_drawn", "frags", "rocks", "kodama_reached", "tile", "tile_pending",
         "extra_action")


class LFState:
    __slots__ = ("n", "rng", "kodama", "target", "phase", "round", "first", "turn", "acted",
                 "draw", "known_top", "discard", "help", "stopped", "just_drawn", "frags", "fires_taken",
                 "tiles", "rocks", "forest", "kodama_reached", "tile", "tile_pending", "extra_action",
                 "frag_stock", "varan_stock", "fire_stock", "circle", "dispenser", "stacks", "rows",
                 "market", "market_deck", "onibi", "taken",
                 "actions_left", "used", "spent", "extra_el", "extra_amt", "active", "bonus", "offered",
                 "steal_from", "bought", "extra_types", "_totals", "_lone", "_frontier", "_grove",
                 "_draws", "_moves", "_seats", "_attracts", "_plants", "_buys")
    # Built field by field (rules.new_state, position.position_from_json, copy): the types, for mypy.
    n: int
    rng: Rng
    kodama: bool
    target: int
    phase: int
    round: int
    first: int
    turn: int
    acted: int
    draw: list[list[int]]  # per seat, card kinds, top last
    known_top: list[int]
    discard: list[list[int]]
    help: list[list[int]]
    stopped: list[bool]
    just_drawn: list[bool]
    frags: list[int]
    fires_taken: list[list[int]]
    tiles: list[list[int]]  # per seat: Victory tiles of fire, flowers, trees
    rocks: list[int]
    forest: list[list[int]]  # per seat, tree per space, -1 for none
    kodama_reached: list[int]
    tile: list[int]
    tile_pending: list[bool]
    extra_action: list[bool]
    frag_stock: int
    varan_stock: int
    fire_stock: list[int]
    circle: list[int]
    dispenser: list[int]
    stacks: list[list[int]]
    rows: list[list[int]]
    market: list[int]
    market_deck: list[int]
    onibi: int
    taken: list[int]
    actions_left: int
    used: list[int]
    spent: list[int]
    extra_el: int
    extra_amt: int
    active: int
    bonus: list[tuple[int, ...]]
    offered: tuple[int, ...] | None
    steal_from: list[int]
    bought: bool
    extra_types: list[int]
    # Caches, None (or empty) until worked out.
    _totals: list[list[int] | None]
    _lone: list[int | None]
    _frontier: list[tuple[int, ...] | None]
    _grove: list[tuple | None]
    _draws: list[tuple | None]  # per seat, its draw-phase moves (read in the draw phase only)
    _moves: tuple | None
    _seats: frozenset[int] | None
    _attracts: dict[int, tuple]
    _plants: dict[int, tuple]
    _buys: dict[int, tuple]

    def copy(self) -> LFState:
        out = LFState.__new__(LFState)
        out.n, out.rng, out.kodama, out.target = self.n, self.rng.copy(), self.kodama, self.target
        out.phase, out.round, out.first, out.turn, out.acted = self.phase, self.round, self.first, self.turn, self.acted
        for name in _LISTS:
            setattr(out, name, [x[:] for x in getattr(self, name)])
        for name in _FLAT:
            setattr(out, name, getattr(self, name)[:])
        out.frag_stock, out.varan_stock = self.frag_stock, self.varan_stock
        out.fire_stock, out.circle, out.dispenser = self.fire_stock[:], self.circle[:], self.dispenser[:]
        out.stacks, out.rows = [x[:] for x in self.stacks], [x[:] for x in self.rows]
        out.market, out.market_deck = self.market[:], self.market_deck[:]
        out.onibi, out.taken = self.onibi, self.taken[:]
        out.actions_left, out.used, out.spent = self.actions_left, self.used[:], self.spent[:]
        out.extra_el, out.extra_amt, out.active = self.extra_el, self.extra_amt, self.active
        out.bonus, out.offered = [b for b in self.bonus], self.offered
        out.steal_from, out.bought, out.extra_types = self.steal_from[:], self.bought, self.extra_types[:]
        out._totals = self._totals[:]
        out._lone = self._lone[:]
        out._frontier = self._frontier[:]
        out._grove = self._grove[:]
        out._draws = self._draws[:]
        out._moves = self._moves  # a tuple
        out._seats = self._seats  # a frozenset
        # Shared until one side changes what they depend on: it then starts a new dict, never edits this one.
        out._attracts, out._plants, out._buys = self._attracts, self._plants, self._buys
        return out

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
        """Empty caches, for a position just built (a new game, or one loaded)."""
        n = self.n
        self._totals, self._lone, self._frontier, self._grove = [None] * n, [None] * n, [None] * n, [None] * n
        self._draws = [None] * n
        self._moves = self._seats = None
        self._attracts, self._plants, self._buys = {}, {}, {}

    def changed(self, s: int) -> None:
        """Seat s's Help Line or forest changed: drop its cached totals, solitary count and planting spaces."""
        self._totals[s] = None
        self._lone[s] = None
        self._frontier[s] = None
        self._grove[s] = None
        self._draws[s] = None
        self._moves = None
        self._seats = None
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
