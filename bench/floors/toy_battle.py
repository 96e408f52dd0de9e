"""A pure-Python floor for Toy Battle: the least work the engine's random playout can be done with.

The same racks and reserves from the same seed, the same legal moves in the same order (Draw, then
each troop kind of the rack in order onto each target node in order; an effect's choices, then
Pass), the same random choice among them and the same random steals and pins from the state's Rng.
Nothing a person reads: no move objects, log, known troops or set-aside troops. Each seat's held
nodes are a bit mask, so the network's frontier is a walk over masks; the choices an effect offers
are worked out once, when it is offered, and are the next move's options.
The reference the engine is measured against (bench/engine_vs_floor.py); tests/test_bench_floors.py
checks it plays exactly the engine's games.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Rng
from meeple.games.toy_battle.components import (
    ACCEPTS,
    ACTIVE_POWERS,
    BOARD_KEYS,
    BOARDS,
    CAPN,
    COPIES,
    DRAW_ONE,
    HOOK,
    JUMBO,
    KINDS,
    KWAK,
    NO_EFFECT,
    PIN,
    PUSH,
    RACK_MAX,
    RETURN,
    REVIVE,
    SET_ASIDE,
    SKULLY,
    STAR,
    START_RACK,
    XB42,
)

MAIN = 0
TROOPS = tuple(k for k in KINDS for _ in range(COPIES))
ANY_KIND = sum(1 << k for k in KINDS)
# BEATEN_BY[t]: the kinds (a mask) that may cover an enemy troop of kind t.
# Stronger beats weaker; Kwak covers anything and anything covers Kwak.
BEATEN_BY = tuple(sum(1 << k for k in KINDS if k == KWAK or t == KWAK or t < k) for t in range(9))
DRAWS = (SKULLY, STAR, DRAW_ONE)


def _board_tables(board, beginners: bool) -> tuple:
    nodes = board.nodes
    adj = [()] * 43
    adj_mask = [0] * 43
    adj_bases = [()] * 43
    for n in nodes:
        adj[n] = board.adjacent[n]
        adj_mask[n] = sum(1 << m for m in board.adjacent[n])
        adj_bases[n] = tuple(m for m in board.adjacent[n] if 10 < m < 40)
    power = [0] * 43
    accept = [ANY_KIND] * 43
    for n in nodes:
        power[n] = 0 if beginners else board.power[n]
        allowed = ACCEPTS.get(power[n])
        if allowed is not None:
            accept[n] = sum(1 << k for k in allowed)
    hookable = sum(1 << n for n in nodes if 10 < n < 40 and (beginners or board.power[n] != NO_EFFECT))
    regions_of = [()] * 43
    for n in nodes:
        regions_of[n] = board.regions_of[n]
    return (nodes, tuple(adj), tuple(adj_mask), tuple(adj_bases), tuple(power), tuple(accept), hookable,
            tuple(regions_of), tuple(sum(1 << b for b in around) for around in board.regions), board.medals,
            board.target, board.hqs, tuple(sum(1 << h for h in hq) for hq in board.hqs), board.bases)


TABLES_BY_BOARD = {(b, beginners): _board_tables(BOARDS[b], beginners)
                   for b in range(len(BOARDS)) for beginners in (False, True)}


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    pick = rng.next_u64
    chance = Rng(seed)
    key = options.get("board", "castle")
    beginners = bool(options.get("beginners", False))
    board = chance.next_u64() % len(BOARDS) if key == "random" else BOARD_KEYS.index(key)
    (nodes, adj, adj_mask, adj_bases, power, accept, hookable, regions_of, region_mask, region_medals, target,
     hqs, hq_mask, bases) = TABLES_BY_BOARD[board, beginners]
    racks: list[list[int]] = [[], []]
    reserves: list[list[int]] = [[], []]
    for seat in (0, 1):
        troops = list(TROOPS)
        chance.shuffle(troops)
        racks[seat] = sorted(troops[SET_ASIDE:SET_ASIDE + START_RACK[seat]])
        reserves[seat] = troops[SET_ASIDE + START_RACK[seat]:]
    blocked: list[list[int]] = [[], []]
    discard: list[list[int]] = [[], []]
    stacks: list[list[int]] = [[] for _ in range(43)]
    held = [0, 0]  # per seat, the nodes whose top troop is the seat's
    medals = [0, 0]
    claimed = [False] * len(region_mask)
    queue: list[int] = []
    stage = MAIN
    at = 0
    options_now: list[Any] = []  # the choices of the stage being offered (MAIN: the placements)
    can_draw = False
    winner = -1
    turn = 0

    def placements(seat: int) -> list[int]:
        """kind << 6 | node for every placement, kinds in order, nodes in order."""
        mine = held[seat]
        net = hq_mask[seat]
        todo = list(hqs[seat])
        front = 0
        while todo:
            m = adj_mask[todo.pop()]
            front |= m
            new = m & mine & ~net
            while new:
                b = new & -new
                new ^= b
                net |= b
                todo.append(b.bit_length() - 1)
        front &= ~hq_mask[seat]
        theirs = held[1 - seat]
        targets = []
        for node in nodes:
            if front >> node & 1:
                a = accept[node]
                if theirs >> node & 1:
                    a &= BEATEN_BY[stacks[node][-1] % 10]
                targets.append((node, a))
        out: list[int] = []
        rack = racks[seat]
        last = 0
        for kind in rack:
            if kind == last:
                continue
            last = kind
            if kind == HOOK:
                reach = front | hookable
                for node in nodes:
                    if reach >> node & 1:
                        a = accept[node]
                        if theirs >> node & 1:
                            a &= BEATEN_BY[stacks[node][-1] % 10]
                        if a >> HOOK & 1:
                            out.append(HOOK << 6 | node)
            else:
                out += [kind << 6 | node for node, a in targets if a >> kind & 1]
        return out

    def rack_size(seat: int) -> int:
        return len(racks[seat]) + len(blocked[seat])

    def effect_options(seat: int, kind: int, node: int) -> list[Any]:
        if kind in DRAWS:
            return [0] if reserves[seat] and rack_size(seat) < RACK_MAX else []
        if kind == JUMBO:
            theirs = held[1 - seat]
            return [m for m in adj[node] if theirs >> m & 1]
        if kind == XB42:
            return [0] if rack_size(1 - seat) else []
        if kind == RETURN:
            if rack_size(seat) >= RACK_MAX:
                return []
            mine = held[seat]
            return [b for b in bases if b != node and mine >> b & 1]
        if kind == PUSH:
            theirs = held[1 - seat]
            return [(src, dst) for src in adj[node] if theirs >> src & 1 for dst in adj_bases[src]]
        if kind == REVIVE:
            if rack_size(seat) >= RACK_MAX:
                return []
            return sorted(set(discard[seat]))
        if kind == PIN:
            return [0] if racks[1 - seat] else []
        return []

    def offer(seat: int, kind: int, node: int) -> bool:
        nonlocal stage, at, options_now
        found = placements(seat) if kind == CAPN else effect_options(seat, kind, node)
        if found:
            stage, at, options_now = kind, node, found
            return True
        return False

    def retop(node: int) -> None:
        stack = stacks[node]
        bit = 1 << node
        held[0] &= ~bit
        held[1] &= ~bit
        if stack:
            held[stack[-1] // 10] |= bit

    def claim(node: int) -> bool:
        nonlocal winner
        for r in regions_of[node]:
            if claimed[r]:
                continue
            around = region_mask[r]
            owner = 0 if held[0] & around == around else 1 if held[1] & around == around else -1
            if owner < 0:
                continue
            claimed[r] = True
            medals[owner] += region_medals[r]
            if medals[owner] >= target:
                winner = owner
                return True
        return False

    def draw(seat: int, count: int) -> None:
        reserve, rack = reserves[seat], racks[seat]
        count = min(count, RACK_MAX - rack_size(seat), len(reserve))
        for _ in range(count):
            rack.append(reserve.pop())
        rack.sort()

    def end_turn(seat: int) -> None:
        nonlocal stage, at, options_now, can_draw, winner, turn
        if blocked[seat]:
            racks[seat] += blocked[seat]
            racks[seat].sort()
            blocked[seat] = []
        stage, at = MAIN, 0
        queue.clear()
        nxt = turn = 1 - seat
        can_draw = bool(reserves[nxt]) and rack_size(nxt) < RACK_MAX
        options_now = placements(nxt)
        if not can_draw and not options_now:  # the next seat can neither draw nor place
            winner = nxt if medals[nxt] > medals[seat] else seat

    def resume(seat: int) -> None:
        nonlocal stage
        stage = MAIN
        while queue:
            node = queue.pop(0)
            p = power[node]
            if p in ACTIVE_POWERS and offer(seat, p, node):
                return
        end_turn(seat)

    def place(seat: int, kind: int, node: int) -> None:
        nonlocal winner
        racks[seat].remove(kind)
        stacks[node].append(seat * 10 + kind)
        bit = 1 << node
        held[seat] |= bit
        held[1 - seat] &= ~bit
        if 10 < node < 40:
            queue.append(node)
        if claim(node):
            return
        if hq_mask[1 - seat] & bit:
            winner = seat
            return
        if (beginners or power[node] != NO_EFFECT) and offer(seat, kind, node):
            return
        resume(seat)

    moves = 0
    can_draw = True
    options_now = placements(0)
    while winner < 0:
        seat = turn
        moves += 1
        if stage == MAIN:
            d = 1 if can_draw else 0
            r = pick() % (d + len(options_now))
            if r < d:
                draw(seat, 2)
                end_turn(seat)
            else:
                kn = options_now[r - d]
                place(seat, kn >> 6, kn & 63)
            continue
        found: list[Any] = options_now
        r = pick() % (len(found) + 1)
        if r == len(found):  # Pass
            resume(seat)
        elif stage == CAPN:
            kn = found[r]
            stage = MAIN
            place(seat, kn >> 6, kn & 63)
        elif stage in DRAWS:
            draw(seat, 1 if stage != SKULLY else 2)
            resume(seat)
        elif stage == JUMBO:
            node = found[r]
            piece = stacks[node].pop()
            discard[piece // 10].append(piece % 10)
            retop(node)
            if not claim(node):
                resume(seat)
        elif stage == XB42:
            other = 1 - seat
            rack, lay = racks[other], blocked[other]
            i = chance.next_u64() % (len(rack) + len(lay))
            kind = rack.pop(i) if i < len(rack) else lay.pop(i - len(rack))
            discard[other].append(kind)
            resume(seat)
        elif stage == RETURN:
            node = found[r]
            piece = stacks[node].pop()
            racks[seat].append(piece % 10)
            racks[seat].sort()
            retop(node)
            queue[:] = [q for q in queue if q != node]
            if not claim(node):
                resume(seat)
        elif stage == PUSH:
            src, dst = found[r]
            stacks[dst].append(stacks[src].pop())
            retop(src)
            retop(dst)
            if not (claim(dst) or claim(src)):
                resume(seat)
        elif stage == REVIVE:
            kind = found[r]
            discard[seat].remove(kind)
            racks[seat].append(kind)
            racks[seat].sort()
            resume(seat)
        else:  # PIN
            other = 1 - seat
            rack = racks[other]
            blocked[other].append(rack.pop(chance.next_u64() % len(rack)))
            resume(seat)
    return [medals[s] + (100 if winner == s else 0) for s in (0, 1)], moves


GAME = "toy_battle"
TABLES: tuple[tuple[int, dict], ...] = ((2, {}), (2, {"board": "random"}))
