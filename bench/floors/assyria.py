"""A pure-Python floor for Assyria: the least work the engine's random playout can be done with.

The same decks from the same seed, the same choices in the same order (starting spaces, draft, food
columns, huts, the card to use and the huts it feeds, wells, actions: builds, extensions, Assur,
offerings, buys, a plow, Done), the same random choice among them, and the same steps taken without
a choice where the engine takes them (a single hut space, usable card, starting space or draft kind;
Done with no camels or nothing else to do). Nothing a person reads: no move objects, log, views,
score-sheet rows (one total a seat) or position bookkeeping. The map is bit masks built here from
the board's tables (components.py); the turn is straight-line code, reign by reign, instead of a state machine.
The reference the engine is measured against (bench/engine_vs_floor.py); tests/test_bench_floors.py
checks it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.assyria.components import (
    BONUS_CARD,
    CAMEL_CAP,
    CLOSED,
    DIGNITARY_COST,
    DIGNITARY_HEIGHT,
    DIGNITARY_INFLUENCE,
    DIGNITARY_SPACES,
    EXPANSION_DECK,
    FIRST_EXPANSION,
    FOOD_DECK,
    HEX_FOOD,
    HEX_REGION,
    HEX_WELLS,
    HIGH_POINTS,
    HUTS,
    INSIDE,
    KIND_COST,
    KIND_FOOD,
    KIND_SYMBOLS,
    N_HEXES,
    N_KINDS,
    NEIGHBOURS,
    OFFERING_MULTIPLIER,
    OFFERING_PER_TURN,
    OFFERING_TOP,
    ON_RIVER,
    OUTSIDE,
    PLOW_COST,
    PLOW_SYMBOLS,
    REIGN_TURNS,
    RIVER1,
    RIVER2,
    SOWING_COLUMNS,
    START_SPACES,
    WELL_HEXES,
    WELL_STOCK,
    WILD,
    ZIGGURAT_COST,
    ZIGGURAT_STOCK,
)


# The map as bit masks (bit h for hex h), built here from the board's tables.
def mask_of(hexes) -> int:
    m = 0
    for h in hexes:
        m |= 1 << h
    return m


def mask_of_union(masks) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def where(values, value) -> int:
    return mask_of(h for h in range(N_HEXES) if values[h] == value)


OUTSIDE_MASK, INSIDE_MASK = where(HEX_REGION, OUTSIDE), where(HEX_REGION, INSIDE)
RIVER1_MASK, RIVER2_MASK = where(HEX_REGION, RIVER1), where(HEX_REGION, RIVER2)
RIVER_MASK = where(ON_RIVER, True)
FOOD_MASKS = tuple(where(HEX_FOOD, f) for f in range(max(HEX_FOOD) + 1))
NEAR_MASK = {n: tuple(mask_of(near) & ~mask_of(CLOSED[n]) for near in NEIGHBOURS) for n in CLOSED}
WELL_MASK = tuple(mask_of(trio) for trio in WELL_HEXES)
WELLS_UNDER = tuple(tuple(w for w in HEX_WELLS[h] if min(WELL_HEXES[w]) == h) for h in range(N_HEXES))
# A mask's hexes in order, a byte at a time: BYTE_HEXES[i][c] the hexes 8i + b for the bits b of c.
BYTES = range(0, N_HEXES, 8)
BYTE_HEXES = tuple(tuple(tuple(i + b for b in range(8) if c >> b & 1) for c in range(256)) for i in BYTES)
# NEAR_BYTES[n][i][c]: the open neighbours of those hexes at n players, one mask.
NEAR_BYTES = {n: tuple(tuple(mask_of_union(near[i + b] for b in range(8) if c >> b & 1) for c in range(256))
                       for i in BYTES) for n, near in NEAR_MASK.items()}


def hexes(mask: int) -> list[int]:
    t0, t1, t2, t3, t4, t5, t6, t7 = BYTE_HEXES
    return [*t0[mask & 255], *t1[mask >> 8 & 255], *t2[mask >> 16 & 255], *t3[mask >> 24 & 255],
            *t4[mask >> 32 & 255], *t5[mask >> 40 & 255], *t6[mask >> 48 & 255], *t7[mask >> 56]]


def reach(mask: int, n: int) -> int:
    """The open hexes next to any hex of the mask."""
    t0, t1, t2, t3, t4, t5, t6, t7 = NEAR_BYTES[n]
    return (t0[mask & 255] | t1[mask >> 8 & 255] | t2[mask >> 16 & 255] | t3[mask >> 24 & 255]
            | t4[mask >> 32 & 255] | t5[mask >> 40 & 255] | t6[mask >> 48 & 255] | t7[mask >> 56])


PLOW_KIND = N_KINDS
HIGH, MIDDLE, LOW = 0, 1, 2
ALL_HEXES = (1 << N_HEXES) - 1
FEEDS = tuple(ALL_HEXES if k in (WILD, PLOW_KIND) else FOOD_MASKS[KIND_FOOD[k]] for k in range(N_KINDS + 1))
KINDS_FOR_FOODS = tuple(sum(1 << k for k in range(N_KINDS) if k == WILD or foods >> KIND_FOOD[k] & 1)
                        for foods in range(32))
KIND_LISTS = tuple(tuple(k for k in range(N_KINDS) if mask >> k & 1) for mask in range(1 << N_KINDS))
RIVER_CAMELS = tuple(0 if c == 0 else 3 + 2 * (c - 1) for c in range(N_HEXES + 1))  # huts on one river
BUILDABLE = ALL_HEXES & ~RIVER_MASK
SOW_KEY = tuple((k == WILD, KIND_SYMBOLS[k]) for k in range(N_KINDS)).__getitem__
# Actions, coded as kind << 6 | argument.
BUILD, EXTEND, ASSUR, OFFER, BUY, PLOW, DONE = range(7)
DONE_CODE = DONE << 6


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    pick = rng.next_u64
    chance = Rng(seed)
    deck = list(FOOD_DECK)
    chance.shuffle(deck)
    exp_deck = list(EXPANSION_DECK)
    chance.shuffle(exp_deck)
    discard = [0] * N_KINDS
    seats = range(n)
    near = NEAR_MASK[n]
    cols = SOWING_COLUMNS[n]
    mine = [0] * n       # every piece of the seat
    hutm = [0] * n       # its huts
    occm = fedm = dugm = tall2m = tall3m = 0
    level = [0] * N_HEXES
    wells = [-1] * len(WELL_MASK)
    well_stock = WELL_STOCK[n]
    huts = [HUTS] * n
    zstock = [[ZIGGURAT_STOCK] * 3 for _ in seats]
    camels = [0] * n
    offering = [0] * n
    hand = [[0] * N_KINDS for _ in seats]
    handm = [0] * n
    plows = [1] * n
    plow_supply = 0
    pts = [0] * n
    assur: list[list[int]] = [[], [], []]
    moves = 0

    def draw(count: int) -> list[int]:
        nonlocal deck, discard
        out = []
        for _ in range(count):
            if not deck:  # the discard is shuffled into a new deck
                deck = [k for k in range(N_KINDS) for _ in range(discard[k])]
                chance.shuffle(deck)
                discard = [0] * N_KINDS
            out.append(deck.pop())
        return out

    def sow() -> list[int]:
        cards = draw(2 * cols)
        return sorted(cards[:cols], key=SOW_KEY) + sorted(cards[cols:], key=SOW_KEY)

    sowing = sow()
    # Starting ziggurats, seat by seat; then the first draft, last seat first.
    for s in seats:
        starts = [h for h in START_SPACES[n] if not occm >> h & 1]
        if len(starts) > 1:
            h = starts[pick() % len(starts)]
            moves += 1
        else:
            h = starts[0]
        b = 1 << h
        mine[s] |= b
        occm |= b
        level[h] = 1
        zstock[s][0] -= 1
    draft = draw(n)
    for s in reversed(seats):
        kinds = sorted(set(draft))
        if len(kinds) > 1:
            k = kinds[pick() % len(kinds)]
            moves += 1
        else:
            k = kinds[0]
        draft.remove(k)
        hand[s][k] += 1
        handm[s] |= 1 << k
    order = list(seats)
    expansions = [FIRST_EXPANSION]
    bonus = False
    for reign in (1, 2, 3):
        for turn in range(1, REIGN_TURNS[reign - 1] + 1):
            if turn > 1 or reign > 1:
                card = exp_deck.pop()
                expansions = [card] if turn == 1 else expansions + [card]
                sowing = sow()
            # Farming: each seat in turn order takes a free column of two cards.
            taken = [-1] * cols
            for s in order:
                free = [c for c in range(cols) if taken[c] < 0]
                c = free[pick() % len(free)]
                moves += 1
                first, second = sowing[c], sowing[cols + c]
                hand[s][first] += 1
                hand[s][second] += 1
                handm[s] |= 1 << first | 1 << second
                sowing[c] = sowing[cols + c] = -1
                taken[c] = s
            order = [s for s in taken if s >= 0]
            # Expansion, seat by seat: huts, feeding, wells, income.
            for s in order:
                counter = min(expansions[turn - 1], huts[s])
                spaces = reach(mine[s], n) & ~occm if counter > 0 else 0
                while spaces:
                    if spaces & (spaces - 1):
                        found = hexes(spaces)
                        h = found[pick() % len(found)]
                        moves += 1
                    else:
                        h = spaces.bit_length() - 1
                    b = 1 << h
                    mine[s] |= b
                    hutm[s] |= b
                    occm |= b
                    huts[s] -= 1
                    counter -= 1
                    spaces = (spaces & ~b) | (near[h] & ~occm) if counter > 0 else 0
                while True:  # resupply: a usable card at a time, until none can feed an unfed hut
                    unfed = hutm[s] & ~fedm
                    if not unfed:
                        break
                    f0, f1, f2, f3, f4 = FOOD_MASKS
                    foods = ((1 if unfed & f0 else 0) | (2 if unfed & f1 else 0) | (4 if unfed & f2 else 0)
                             | (8 if unfed & f3 else 0) | (16 if unfed & f4 else 0))
                    usable = KIND_LISTS[KINDS_FOR_FOODS[foods] & handm[s]]
                    if plows[s]:
                        usable = (*usable, PLOW_KIND)
                    if not usable:
                        break
                    if len(usable) > 1:
                        k = usable[pick() % len(usable)]
                        moves += 1
                    else:
                        k = usable[0]
                    if k == PLOW_KIND:
                        plows[s] -= 1
                        plow_supply += 1
                        symbols = PLOW_SYMBOLS
                    else:
                        held = hand[s]
                        held[k] -= 1
                        if not held[k]:
                            handm[s] &= ~(1 << k)
                        discard[k] += 1
                        symbols = KIND_SYMBOLS[k]
                    feedable = unfed & FEEDS[k]
                    if feedable.bit_count() <= symbols:
                        fedm |= feedable
                        continue
                    for _ in range(symbols):  # choose the huts, one by one
                        found = hexes(feedable)
                        b = 1 << found[pick() % len(found)]
                        moves += 1
                        fedm |= b
                        feedable &= ~b
                lost = hutm[s] & ~fedm
                if lost:  # famine
                    mine[s] &= ~lost
                    hutm[s] &= ~lost
                    occm &= ~lost
                    huts[s] += lost.bit_count()
                while well_stock > 0:  # wells between three resupplied huts, or stop
                    ready = hutm[s] & fedm
                    if ready.bit_count() < 3:
                        break
                    free = []
                    for h in hexes(ready):
                        for w in WELLS_UNDER[h]:
                            trio = WELL_MASK[w]
                            if ready & trio == trio and wells[w] < 0:
                                free.append(w)
                    if not free:
                        break
                    free.sort()
                    r = pick() % (len(free) + 1)
                    moves += 1
                    if r == len(free):
                        break
                    w = free[r]
                    wells[w] = s
                    dugm |= WELL_MASK[w]
                    well_stock -= 1
                    pts[s] += (7 - reign)
                own = hutm[s]
                zigs = mine[s] & ~own
                pts[s] += ((own & OUTSIDE_MASK).bit_count() + 2 * (own & INSIDE_MASK).bit_count()
                           + zigs.bit_count() + (zigs & tall2m).bit_count() + (zigs & tall3m).bit_count())
                camels[s] = min(CAMEL_CAP, camels[s] + RIVER_CAMELS[(own & RIVER1_MASK).bit_count()]
                                + RIVER_CAMELS[(own & RIVER2_MASK).bit_count()])
            # Actions, seat by seat, until Done (taken without a choice when nothing else is left).
            for s in order:
                bought = False
                offered = 0
                fresh: list[int] = []
                stock = zstock[s]
                while camels[s] > 0:
                    have = camels[s]
                    own = hutm[s]
                    found = []
                    sites = own & BUILDABLE & ~dugm
                    if sites and have >= ZIGGURAT_COST[0] and stock[0]:
                        found += [BUILD << 6 | h for h in hexes(sites)]
                    if have >= ZIGGURAT_COST[2]:
                        for h in hexes(mine[s] & ~own):
                            lv = level[h]
                            if lv <= 2 and have >= ZIGGURAT_COST[lv] and stock[lv] > 0 and h not in fresh:
                                found.append(EXTEND << 6 | h)
                    if huts[s] > 0:
                        for lv in (HIGH, MIDDLE, LOW):
                            if have >= DIGNITARY_COST[lv] and len(assur[lv]) < DIGNITARY_SPACES[lv]:
                                found.append(ASSUR << 6 | lv)
                    room = min(have, OFFERING_PER_TURN - offered, OFFERING_TOP - offering[s])
                    if room > 0:
                        found += [OFFER << 6 | c for c in range(1, room + 1)]
                    if not bought:
                        found += [BUY << 6 | k for k in sorted(set(sowing)) if k >= 0 and have >= KIND_COST[k]]
                    if have >= PLOW_COST and plows[s] == 0 and plow_supply > 0:
                        found.append(PLOW << 6)
                    if not found:
                        break  # Done is the only move
                    r = pick() % (len(found) + 1)
                    moves += 1
                    if r == len(found):
                        break
                    code = found[r]
                    kind, arg = code >> 6, code & 63
                    if kind == OFFER:
                        camels[s] -= arg
                        offered += arg
                        offering[s] += arg
                    elif kind == ASSUR:
                        camels[s] -= DIGNITARY_COST[arg]
                        huts[s] -= 1
                        assur[arg].append(s)
                    elif kind == BUY:
                        camels[s] -= KIND_COST[arg]
                        sowing[sowing.index(arg)] = -1
                        hand[s][arg] += 1
                        handm[s] |= 1 << arg
                        bought = True
                    elif kind == PLOW:
                        camels[s] -= PLOW_COST
                        plows[s] = 1
                        plow_supply -= 1
                    elif kind == BUILD:
                        camels[s] -= ZIGGURAT_COST[0]
                        stock[0] -= 1
                        huts[s] += 1
                        level[arg] = 1
                        b = 1 << arg
                        hutm[s] &= ~b
                        fedm &= ~b
                        fresh.append(arg)
                    else:  # EXTEND
                        lv = level[arg]
                        camels[s] -= ZIGGURAT_COST[lv]
                        stock[lv] -= 1
                        level[arg] = lv + 1
                        if lv == 1:
                            tall2m |= 1 << arg
                        else:
                            tall3m |= 1 << arg
                        fresh.append(arg)
            for k in sowing:
                if k >= 0:
                    discard[k] += 1
            fedm = 0
        # The flood: river huts go, Assur scores and pays out, offerings multiply the ziggurats.
        for s in seats:
            gone = hutm[s] & RIVER_MASK
            if gone:
                mine[s] &= ~gone
                hutm[s] &= ~gone
                occm &= ~gone
                huts[s] += gone.bit_count()
        if assur[HIGH] or assur[MIDDLE] or assur[LOW]:
            keys = []
            for s in seats:
                influence = sum(DIGNITARY_INFLUENCE[lv] * assur[lv].count(s) for lv in (HIGH, MIDDLE, LOW))
                if influence:
                    there = sum(assur[lv].count(s) for lv in (HIGH, MIDDLE, LOW))
                    height = max(DIGNITARY_HEIGHT[lv][i] for lv in (HIGH, MIDDLE, LOW)
                                 for i, t in enumerate(assur[lv]) if t == s)
                    keys.append((influence, there, height, s))
            keys.sort(reverse=True)
            pool = sorted(expansions + ([BONUS_CARD] if bonus else []))
            for i, key in enumerate(keys):
                pts[key[3]] += sum(pool)
                if i == len(keys) - 1:
                    break
                pool = ([] if reign == 1 else pool[:1]) if n == 2 else pool[:-1]
            for s in seats:
                on_high, on_middle, on_low = assur[HIGH].count(s), assur[MIDDLE].count(s), assur[LOW].count(s)
                pts[s] += HIGH_POINTS[on_high]
                if on_middle and plows[s] == 0 and plow_supply > 0:
                    plows[s], plow_supply = 1, plow_supply - 1
                if on_low:
                    camels[s] = min(CAMEL_CAP, camels[s] + on_low)
                huts[s] += on_high + on_middle + on_low
            assur = [[], [], []]
        for s in seats:
            pts[s] += (mine[s] & ~hutm[s]).bit_count() * OFFERING_MULTIPLIER[offering[s]]
            offering[s] = 0
        bonus = n == 4
    for s in seats:
        zigs = mine[s] & ~hutm[s]
        pts[s] += (zigs.bit_count() + (zigs & tall2m).bit_count() + (zigs & tall3m).bit_count()
                   + plows[s] + camels[s] // 2)
    return pts, moves


GAME = "assyria"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (3, {}), (4, {}))
