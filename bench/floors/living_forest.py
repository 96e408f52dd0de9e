"""A pure-Python floor for Living Forest: the least work the engine's random playouts can be done with.

It plays exactly the games `meeple bench living_forest` plays through the engine (the same setup from
the same seed, the same legal moves in the same order, the same random choice among them, the lowest
seat first in the simultaneous draw) with nothing a person reads: no move objects, no log, no views,
no caches to keep right for other callers. Moves are small ints, one list of them per decision of the
action phase; in the draw phase only their number is needed. The card and tree data are the game's
own tables (meeple.games.living_forest.components: facts, not code). tests/test_bench_floors.py
checks that it plays the engine's games move for move.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.living_forest.components import (
    ATTRACT,
    CARD_COST,
    CARD_ELEMENTS,
    CARD_EXTRA,
    CARD_GREGARIOUS,
    CARD_KODAMA,
    CARD_LEVEL,
    CARD_SOLITARY,
    CARD_TWICE,
    CORNERS,
    DISPENSER,
    EXTINGUISH,
    FIRE_OF_LEVEL,
    FIRE_STOCK,
    FOREST_LINES,
    FOREST_NEIGHBOURS,
    FOREST_SIZE,
    FRAGMENT,
    FRAGMENT_STOCK,
    KODAMA_DISPENSER,
    KODAMA_LEVEL_CARDS,
    KODAMA_TILES,
    LEAF,
    LEVEL_CARDS,
    MARKET_CARDS,
    MARKET_SIZE,
    MAX_FIRES,
    MOVE,
    N_ROCKS,
    ONIBI_START,
    ONIBI_STEPS,
    PLANT,
    REPEAT_TREE,
    ROCKS,
    ROW_SIZE,
    SPROUT,
    START_ROCKS,
    START_SPACE,
    STARTING_DECK,
    SUN,
    TREES,
    VARAN,
    VARAN_STOCK,
    VICTORY,
    WATER,
    WIND,
)

MAX_ROUNDS = 60  # the engine's safety stop
# Moves of the action phase as ints, in the engine's order within each list.
DONE, FRAG = -1, 0
ATTRACT_AT, EXTINGUISH_AT, MOVE_AT, BUY_AT, STEAL_AT, PLANT_AT = 100, 200, 300, 400, 500, 1000

ACTION_ELEMENT = (-1, SUN, WATER, WIND, LEAF)  # what each action spends (-1: nothing)
LONE_STEP = tuple(1 if s else -1 if g else 0 for s, g in zip(CARD_SOLITARY, CARD_GREGARIOUS))
TREE_COST = tuple(t.cost for t in TREES)
TREE_ELEMENTS = tuple(t.elements for t in TREES)
TREE_KODAMA = tuple(t.kodama for t in TREES)
TREE_PER_KODAMA = tuple(t.per_kodama for t in TREES)
DEAREST_TREE = max(TREE_COST)
TREES_UP_TO = tuple(tuple(t for t in range(len(TREES)) if TREE_COST[t] <= leaves) for leaves in range(DEAREST_TREE + 1))
LINES = tuple((spaces, e, amount) for spaces, e, amount, _ in FOREST_LINES)


def grove_of(forest: list[int]) -> tuple:
    """What a forest gives (made again only when a tree is planted): the elements of its trees and
    completed lines, its trees' Kodama symbols, and the elements its Kodama trees give per symbol."""
    tot = [0, 0, 0, 0, 0]
    kodama = 0
    per_kodama = []
    for t in forest:
        if t >= 0:
            for e, v in enumerate(TREE_ELEMENTS[t]):
                tot[e] += v
            kodama += TREE_KODAMA[t]
            if TREE_PER_KODAMA[t] >= 0:
                per_kodama.append(TREE_PER_KODAMA[t])
    for spaces, e, amount in LINES:
        if all(forest[p] != -1 for p in spaces):
            tot[e] += amount
    return tuple(tot), kodama, tuple(per_kodama)


def totals(grove: tuple, help_: list[int], tile: int) -> list[int]:
    """A spirit's five element totals: its forest, its Help Line, Kodama trees and tile."""
    sun, water, leaf, wind, flower = grove[0]
    for k in help_:
        a, b, c, d, f = CARD_ELEMENTS[k]
        sun += a
        water += b
        leaf += c
        wind += d
        flower += f
    tot = [sun, water, leaf, wind, flower]
    if grove[2]:
        kodama = grove[1] + sum(CARD_KODAMA[k] for k in help_)
        for e in grove[2]:
            tot[e] += kodama
    if tile >= 0:
        e, amount = KODAMA_TILES[tile]
        tot[e] += amount
    return [v if v > 0 else 0 for v in tot]


def frontier(forest: list[int]) -> list[int]:
    """The empty spaces next to a tree (made again only when a tree is planted)."""
    return [p for p in range(FOREST_SIZE) if forest[p] == -1 and any(forest[q] != -1 for q in FOREST_NEIGHBOURS[p])]


def attracts(rows: list[list[int]], suns: int) -> list[int]:
    return [ATTRACT_AT + k for row in rows for k in row if CARD_COST[k] <= suns]


def extinguishes(circle: list[int], water: int) -> list[int]:
    """One move per fire value up to the water, in rising order (the circle is kept sorted)."""
    out = []
    last = 0
    for v in circle:
        if v > water:
            break
        if v != last:
            out.append(EXTINGUISH_AT + v)
            last = v
    return out


def plants(dispenser: list[int], leaves: int, spaces: list[int]) -> list[int]:
    trees = [t for t in TREES_UP_TO[min(leaves, DEAREST_TREE)] if dispenser[t]]
    if not trees:
        return []
    return [PLANT_AT + 16 * t + p for t in trees for p in spaces]


def add_fires(circle: list[int], fire_stock: list[int], value: int, count: int) -> int:
    added = 0
    while added < count and len(circle) < MAX_FIRES and fire_stock[value - 2]:
        fire_stock[value - 2] -= 1
        circle.append(value)
        added += 1
    circle.sort()
    return added


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    """The floor contract of bench/engine_vs_floor.py: game.setup(n, options, seed), random moves from rng."""
    kodama = bool(options.get("kodama", False))
    target = VICTORY[kodama]
    pick = rng.next_u64
    shuffle = Rng(seed).shuffle  # the state's generator: the setup's shuffles, then every reshuffle
    # ----- setup, in the engine's order of shuffles
    deck = list(STARTING_DECK) + ([SPROUT] if kodama else [])
    draw = []
    for _ in range(n):
        own = deck[:]
        shuffle(own)
        draw.append(own)
    discard: list[list[int]] = [[] for _ in range(n)]
    frags = [0] * n
    fires = [0] * n
    tiles = [[1, 1, 1] for _ in range(n)]
    rocks = list(START_ROCKS[n])
    forest = []
    for _ in range(n):
        f = [-1] * FOREST_SIZE
        f[START_SPACE] = -2
        forest.append(f)
    groves = [grove_of(f) for f in forest]
    spaces = [frontier(f) for f in forest]
    planted = [0] * n  # different trees planted
    frag_stock, varan_stock = FRAGMENT_STOCK, VARAN_STOCK
    fire_stock = [FIRE_STOCK - 1, FIRE_STOCK, FIRE_STOCK]
    circle = [2]
    dispenser = list(DISPENSER[n]) + (list(KODAMA_DISPENSER) if kodama else [0] * 4)
    rows, stacks = [], []
    for lv in (1, 2, 3):
        stack = list(LEVEL_CARDS[lv]) + (list(KODAMA_LEVEL_CARDS.get(lv, ())) if kodama else [])
        shuffle(stack)
        rows.append([stack.pop() for _ in range(ROW_SIZE)])
        stacks.append(stack)
    market_deck = list(MARKET_CARDS) if kodama else []
    shuffle(market_deck)
    market = [market_deck.pop() for _ in range(MARKET_SIZE)] if kodama else []
    onibi = ONIBI_START
    free_rocks = N_ROCKS - n
    first = 0
    moves = 0
    for round_ in range(1, MAX_ROUNDS + 1):
        helps, lones, tots = [], [], []
        tile = [-1] * n
        more_action = [False] * n
        # ----- the draw phase: the lowest seat still drawing acts, so each seat draws to the end in turn
        for s in range(n):
            pile, dis = draw[s], discard[s]
            help_: list[int] = []
            lone, just, pending, reached, fr = 0, False, False, 0, frags[s]
            symbols = groves[s][1]
            while True:
                if pending:  # the Kodama element tile: five choices
                    tile[s] = pick() % 5
                    moves += 1
                    pending = False
                else:
                    may_draw = lone < 3 and bool(pile or dis)
                    may_frag = just and fr > 0
                    count = may_draw + may_frag
                    r = pick() % (count + 1)  # Stop is always a choice, before the first card too
                    moves += 1
                    if may_draw and r == 0:
                        if not pile:
                            pile = draw[s] = dis
                            dis = discard[s] = []
                            shuffle(pile)
                        card = pile.pop()
                        help_.append(card)
                        just = True
                        lone += LONE_STEP[card]
                        if kodama and reached != 7:
                            symbols += CARD_KODAMA[card]
                            if symbols >= 2 and not reached & 1:
                                reached |= 1
                                if frag_stock:
                                    frag_stock -= 1
                                    fr += 1
                            if symbols >= 3 and not reached & 2:
                                reached |= 2
                                pending = True
                            if symbols >= 4 and not reached & 4:
                                reached |= 4
                                more_action[s] = True
                    elif r < count:  # a Fragment spent on the card just drawn
                        card = help_.pop()
                        fr -= 1
                        frag_stock += 1
                        just = False
                        lone -= LONE_STEP[card]
                        if kodama:
                            symbols -= CARD_KODAMA[card]
                        if card == VARAN:
                            varan_stock += 1
                        else:
                            dis.append(card)
                    else:  # stop
                        break
                if not pending and not (lone < 3 and (pile or dis)) and not (just and fr):
                    break  # made to stop
            frags[s] = fr
            helps.append(help_)
            lones.append(lone)
            tots.append(totals(groves[s], help_, tile[s]))
        # ----- the action phase, from the Sacred Tree
        taken = [0, 0, 0]
        for i in range(n):
            s = (first + i) % n
            help_, own_forest, own_tiles = helps[s], forest[s], tiles[s]
            tot = tots[s]
            left = (1 if lones[s] >= 3 else 2) + (1 if more_action[s] else 0)
            used, spent, extra = [0] * 5, [0] * 5, [0] * 5
            limit = [1] * 5
            if kodama:
                for k in help_:
                    if CARD_EXTRA[k] >= 0:
                        extra[CARD_EXTRA[k]] += 1
                    if CARD_TWICE[k] >= 0:
                        limit[CARD_TWICE[k]] = 2
            repeat = REPEAT_TREE in own_forest
            extra_el, extra_amt, active, offered = -1, 0, -1, -1
            bonus: list[tuple] = []
            steal_from: list[int] = []
            bought = False
            advance = True
            legal: list[int] = []
            while True:
                if advance:  # offer the next bonus, or the turn's starting moves, or end the turn
                    advance = False
                    offer = None
                    while bonus:
                        a, extra_el, extra_amt, frag_count = bonus.pop()
                        if a == FRAGMENT:
                            got = min(frag_count or 1, frag_stock)
                            frag_stock -= got
                            frags[s] += got
                            extra_el, extra_amt = -1, 0
                            continue
                        have = tot[ACTION_ELEMENT[a]] - spent[ACTION_ELEMENT[a]]
                        have = (have if have > 0 else 0) + (extra_amt if extra_el == ACTION_ELEMENT[a] else 0)
                        offer = (attracts(rows, have) if a == ATTRACT else extinguishes(circle, have) if a == EXTINGUISH
                                 else plants(dispenser, have, spaces[s]) if a == PLANT
                                 else [MOVE_AT + k for k in range(1, min(have, free_rocks) + 1)])
                        if offer:
                            offered = a
                            break
                        extra_el, extra_amt = -1, 0
                    if offer:
                        legal = offer
                    else:
                        legal = []
                        if left > 0 or any(extra):
                            if left <= 0:
                                may = [x > 0 for x in extra]
                            elif repeat:
                                may = [x > 0 or u < 9 for x, u in zip(extra, used)]
                            else:
                                may = [x > 0 or u < m for x, u, m in zip(extra, used, limit)]
                            sun, water = tot[SUN] - spent[SUN], tot[WATER] - spent[WATER]
                            leaf, wind = tot[LEAF] - spent[LEAF], tot[WIND] - spent[WIND]
                            if may[FRAGMENT] and frag_stock:
                                legal.append(FRAG)
                            if may[ATTRACT]:
                                legal += attracts(rows, sun)
                            if may[EXTINGUISH]:
                                legal += extinguishes(circle, water)
                            if may[MOVE]:
                                legal += [MOVE_AT + k for k in range(1, min(wind, free_rocks) + 1)]
                            if may[PLANT] and leaf >= 3:
                                legal += plants(dispenser, leaf, spaces[s])
                        if kodama and not bought:
                            flowers = tot[4] - spent[4]
                            legal += [BUY_AT + k for k in market if CARD_COST[k] <= flowers]
                        if not legal:
                            break  # nothing left to do: the turn ends
                    legal.append(DONE)
                m = legal[pick() % len(legal)]
                moves += 1
                if m == DONE:
                    if active < 0 and offered < 0:
                        break  # the spirit ends its turn
                    active = offered = extra_el = -1
                    extra_amt = 0
                    advance = True
                    continue
                if m >= STEAL_AT:
                    if m >= PLANT_AT:
                        a = PLANT
                    else:  # a Victory tile from the spirit jumped
                        k = m - STEAL_AT
                        tiles[steal_from.pop(0)][k] -= 1
                        own_tiles[k] += 1
                        a = -1
                elif m >= BUY_AT:  # a Kodama card: Onibi moves and brings fires for each spirit jumped
                    k = m - BUY_AT
                    bought = True
                    spent[4] += CARD_COST[k]
                    market.remove(k)
                    draw[s].append(k)
                    jumped = 0
                    for _ in range(ONIBI_STEPS[n] - 1):  # the rocks passed, not the one landed on
                        onibi = (onibi + 1) % N_ROCKS
                        jumped += rocks.count(onibi)
                    onibi = (onibi + 1) % N_ROCKS
                    add_fires(circle, fire_stock, 2, jumped)
                    advance = True
                    continue
                else:
                    a = FRAGMENT if m == FRAG else ATTRACT if m < EXTINGUISH_AT else EXTINGUISH if m < MOVE_AT else MOVE
                if a >= 0 and active != a:  # the action starts: an offered bonus, a Kodama extra, or a standard one
                    if offered >= 0:
                        offered = -1
                    elif extra[a]:
                        extra[a] -= 1
                    else:
                        left -= 1
                        used[a] += 1
                if a == FRAGMENT:
                    frag_stock -= 1
                    frags[s] += 1
                elif a == ATTRACT:
                    k = m - ATTRACT_AT
                    rows[CARD_LEVEL[k] - 1].remove(k)
                    taken[CARD_LEVEL[k] - 1] += 1
                    cost = CARD_COST[k]
                    if extra_el == SUN:
                        part = min(cost, extra_amt)
                        extra_amt -= part
                        cost -= part
                    spent[SUN] += cost
                    draw[s].append(k)
                    active = ATTRACT
                    have = tot[SUN] - spent[SUN]
                    legal = attracts(rows, (have if have > 0 else 0) + (extra_amt if extra_el == SUN else 0))
                    if legal:
                        legal.append(DONE)
                        continue
                elif a == EXTINGUISH:
                    v = m - EXTINGUISH_AT
                    circle.remove(v)
                    fires[s] += 1
                    if extra_el == WATER:
                        part = min(v, extra_amt)
                        extra_amt -= part
                        v -= part
                    spent[WATER] += v
                    active = EXTINGUISH
                    have = tot[WATER] - spent[WATER]
                    legal = extinguishes(circle, (have if have > 0 else 0) + (extra_amt if extra_el == WATER else 0))
                    if legal:
                        legal.append(DONE)
                        continue
                elif a == PLANT:
                    t, p = divmod(m - PLANT_AT, 16)
                    cost = TREE_COST[t]
                    if extra_el == LEAF:
                        part = min(cost, extra_amt)
                        extra_amt -= part
                        cost -= part
                    spent[LEAF] += cost
                    dispenser[t] -= 1
                    if t not in own_forest:
                        planted[s] += 1
                    own_forest[p] = t
                    groves[s] = grove_of(own_forest)
                    spaces[s] = frontier(own_forest)
                    tot = tots[s] = totals(groves[s], help_, tile[s])
                    repeat = repeat or t == REPEAT_TREE
                    if p in CORNERS:
                        bonus.append(CORNERS[p])
                if a == MOVE or a < 0:
                    if a == MOVE:  # walk the circle, jumping the other spirits
                        steps = m - MOVE_AT
                        spent[WIND] += steps
                        pos, moved, jumped_seats = rocks[s], 0, []
                        while moved < steps:
                            pos = (pos + 1) % N_ROCKS
                            here = [o for o in range(n) if o != s and rocks[o] == pos]
                            if here:
                                jumped_seats += here
                            else:
                                moved += 1
                        rocks[s] = pos
                        steal_from = [o for o in jumped_seats if any(tiles[o])]
                    while steal_from and not any(tiles[steal_from[0]]):
                        steal_from.pop(0)
                    if steal_from:
                        victim = tiles[steal_from[0]]
                        legal = [STEAL_AT + k for k in range(3) if victim[k]]
                        continue
                    bonus.append((ROCKS[rocks[s]], -1, 0, 1))
                active = extra_el = -1
                extra_amt = 0
                advance = True
        # ----- the end of the round
        done = round_ >= MAX_ROUNDS
        for s in range(n):
            own_tiles = tiles[s]
            if (fires[s] + own_tiles[0] >= target or tots[s][4] + own_tiles[1] >= target
                    or planted[s] + 1 + own_tiles[2] >= target):
                done = True
        if done:
            return [planted[s] + 1 + tots[s][4] + fires[s] + sum(tiles[s]) for s in range(n)], moves
        order = [(first + i) % n for i in range(n)]
        if circle:
            strength = sum(circle)
            hit = [s for s in order if tots[s][WATER] < strength]
            if hit:
                dealt = min(varan_stock, len(circle) * len(hit))
                varan_stock -= dealt
                each, more = divmod(dealt, len(hit))
                for i, s in enumerate(hit):
                    discard[s] += [VARAN] * (each + (1 if i < more else 0))
        if not circle:  # a Fire 2 into an empty circle, then the animals' fires on top
            add_fires(circle, fire_stock, 2, 1)
        for lv in range(3):
            if taken[lv]:
                add_fires(circle, fire_stock, FIRE_OF_LEVEL[lv + 1], taken[lv])
        for lv in range(3):
            row, stack = rows[lv], stacks[lv]
            while len(row) < ROW_SIZE and stack:
                row.append(stack.pop())
        while kodama and len(market) < MARKET_SIZE and market_deck:
            market.append(market_deck.pop())
        for s in range(n):
            discard[s] += helps[s]
        first = (first + 1) % n
    raise AssertionError("unreachable: the engine stops at round 60")


GAME = "living_forest"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (3, {}), (4, {}),
                                       (2, {"kodama": True}), (3, {"kodama": True}), (4, {"kodama": True}))
