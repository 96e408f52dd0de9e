"""Toy Battle's state machine (two players).

On a turn a player either draws (two troops; one with seven on the rack; the
rack holds eight) or places one troop from the rack on a node next to the
network of bases it controls from its HQ: an empty base, one of its own, one
held by a weaker enemy troop, or the enemy HQ. Then the troop's effect, then
the effects of the special bases placed on this turn, each a choice of its own
(a separate move, which may pass). Surrounding a region with one's own troops
claims its medals at once, whenever a base changes (as the published online
version does; the help page claims after the effects: see the players' page's
rulings). A troop on the enemy HQ, or the board's medal target, wins
at once; a player who can neither draw nor place ends the game, and then the
most medals win, a tie going against the player who ended it.

Rulings where the page is silent follow the site's implementation (see
docs/games/toy-battle.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    ALL,
    IMPERFECT,
    NOBODY,
    ONE,
    LogEntry,
    Option,
    Outcome,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
)
from meeple.engine.state import (
    Custom,
    DeclaredGame,
    State,
    field,
    flag,
    kept,
    listed,
    named,
    rng,
    text,
    whole,
)
from meeple.engine.unseen import redeal

from . import moves as notation
from .components import (
    ACCEPTS,
    ACTIVE_POWERS,
    BOARD_KEYS,
    BOARDS,
    BY_KEY,
    CAPN,
    COPIES,
    DRAW_ONE,
    HOOK,
    JUMBO,
    KINDS,
    MAX_NODES,
    NO_EFFECT,
    PIN,
    POWER_NAMES,
    PUSH,
    RACK_MAX,
    RETURN,
    REVIVE,
    SET_ASIDE,
    SKULLY,
    STAR,
    START_RACK,
    TROOP_NAMES,
    XB42,
    Board,
    beats,
    is_base,
)
from .moves import DRAW, HIT, PASS, PLACE, RECALL, STEAL, Draw, Hit, Pass, Pin, Place, Push, Recall, Revive, Steal
from .moves import PIN as PIN_MOVE
from .moves import PUSH as PUSH_MOVES
from .moves import REVIVE as REVIVE_MOVES

#: The score sheet's points for winning, on top of the medals, so that every tool that reads
#: totals (the result table, the bots) sees who won; the medals stay a row of their own.
VICTORY = 100
NODE_SLOTS = 43  # nodes are numbered 1, 2, 11..25, 41, 42: stacks are a list indexed by node

MAIN = 0
#: Stages after a placement: a troop's kind (its effect) or a base's power (its effect).
STAGE_NAMES = {MAIN: "turn", SKULLY: "Skully", CAPN: "Cap'N", JUMBO: "Jumbo", XB42: "XB-42", STAR: "Star",
               RETURN: "return a troop", DRAW_ONE: "draw a troop", PUSH: "push an enemy troop",
               REVIVE: "revive a troop", PIN: "lay down an enemy troop"}
SEAT_NAMES = ("Seat 1", "Seat 2")  # the hall shows players' names for "Seat N"
#: describe_move's words for the moves without fields.
_WORDS = {Steal: "Discard a random troop of the opponent's rack", Pin: "Lay down a troop of the opponent's rack",
          Pass: "Pass"}
_ANY_KIND = sum(1 << k for k in KINDS)
#: BEATEN_BY[t]: the troop kinds (a mask, bit k for kind k) that may cover an enemy troop of kind t.
BEATEN_BY = tuple(sum(1 << k for k in KINDS if beats(k, t)) for t in range(9))
#: PLACES[kind][node]: the interned Place moves, by list index (playouts make many).
PLACES = tuple(tuple(PLACE.get((k, n)) for n in range(NODE_SLOTS)) for k in range(9))


class Plan:
    """A board as tables by node number, for the rules' hot paths: neighbours, masks of nodes
    (bit n for node n), the kinds each node accepts and the bases Hook may reach. One per board
    and per beginners' flag (beginners' bases have no power)."""

    __slots__ = ("nodes", "bases", "adjacent_mask", "adjacent_bases", "hqs", "hq_mask", "accept", "hookable",
                 "region_mask")

    def __init__(self, board: Board, beginners: bool):
        self.nodes = board.nodes
        self.bases = board.bases
        self.adjacent_mask = [0] * NODE_SLOTS
        self.adjacent_bases: list[tuple[int, ...]] = [()] * NODE_SLOTS
        self.accept = [_ANY_KIND] * NODE_SLOTS  # bit k: kind k may go there (power restrictions)
        for n in board.nodes:
            around = board.adjacent[n]
            self.adjacent_mask[n] = sum(1 << m for m in around)
            self.adjacent_bases[n] = tuple(m for m in around if is_base(m))
            allowed = None if beginners else ACCEPTS.get(board.power[n])
            if allowed is not None:
                self.accept[n] = sum(1 << k for k in allowed)
        self.hqs = board.hqs
        self.hq_mask = tuple(sum(1 << h for h in hq) for hq in board.hqs)
        # Hook ignores the connection rule on bases (not on an HQ), except where troop effects are off.
        self.hookable = sum(1 << n for n in board.nodes
                            if is_base(n) and (beginners or board.power[n] != NO_EFFECT))
        self.region_mask = tuple(sum(1 << b for b in around) for around in board.regions)


PLANS = tuple((Plan(b, False), Plan(b, True)) for b in BOARDS)


def _stacks_json(stacks: list[list[int]]) -> dict:
    return {str(n): [[p // 10, p % 10] for p in stack] for n, stack in enumerate(stacks) if stack}


def _read_stacks(data: Any, where: str) -> list[list[int]]:
    stacks: list[list[int]] = [[] for _ in range(NODE_SLOTS)]
    for key, stack in data.items():
        node = int(key)
        check_position(0 < node < NODE_SLOTS, f"Node {node} is not on the board.")  # which board's: `loaded`
        pieces = [(int(o), int(k)) for o, k in stack]
        check_position(all(o in (0, 1) and k in KINDS for o, k in pieces),
                       f"Node {node}: each troop is [seat 0 or 1, kind {KINDS[0]} to {KINDS[-1]}].")
        stacks[node] = [o * 10 + k for o, k in pieces]
    return stacks


def _held(state: ToyBattleState) -> list[int]:
    held = [0, 0]
    for node, stack in enumerate(state.stacks):
        if stack:
            held[stack[-1] // 10] |= 1 << node
    return held


def _troops() -> Any:
    """A list of troop kinds per seat."""
    return listed(listed(whole(KINDS[0], KINDS[-1])), length=2, factory=lambda: [[], []])


class ToyBattleState(State):
    """A position.

    `stacks[node]` lists the troops on a node bottom to top, each `seat * 10 + kind`, and
    `held[s]` is the mask of the nodes (bit n for node n) with seat s's troop on top;
    `rack[s]` the troops seat s may place (sorted), `blocked[s]` those laid down for
    its turn (Battlefield), `reserve[s]` its draw pile (top last), `aside[s]` its
    four unseen troops, `discard[s]` its discarded troops (face up), `known[s]` those
    everyone knows are on its rack (taken back from the board or the discard). `claimed[r]` is
    the seat that took region r's medals (-1: still there). `stage` is MAIN or the
    effect being offered at node `at`; `queue` holds the bases placed on this turn
    whose effects are still to come. `turn` is -1 once the game is over; `ender` is the seat
    that could neither draw nor place, when that ended the game.
    """

    n: int = kept(2)
    rng: Rng = rng()
    board: int = named(BOARD_KEYS)
    beginners: bool = flag()
    stacks: list[list[int]] = field(Custom(_stacks_json, _read_stacks, copy=lambda st: [s[:] for s in st]),
                                    factory=lambda: [[] for _ in range(NODE_SLOTS)])
    rack: list[list[int]] = _troops()
    blocked: list[list[int]] = _troops()
    reserve: list[list[int]] = _troops()
    aside: list[list[int]] = _troops()
    discard: list[list[int]] = _troops()
    known: list[list[int]] = _troops()
    medals: list[int] = listed(whole(0, None), length=2, factory=lambda: [0, 0])
    claimed: list[int] = listed(whole(-1, 1))
    turn: int = whole(-1, 1, default=0)
    stage: int = whole(0, None, default=MAIN)
    at: int = whole(0, None, default=0)
    queue: list[int] = listed(whole(0, None), factory=list)
    winner: int = whole(-1, 1, default=-1)
    reason: str = text("", "hq", "medals", "stuck", default="")
    ender: int = whole(-1, 1, default=-1)
    geo: Board = kept(make=lambda s: BOARDS[s.board])  # the board's data, kept at hand (playouts read it often)
    held: list[int] = kept(make=_held, copy="slice")  # kept by retop whenever a stack changes

    def retop(self, node: int) -> None:
        """The node's stack changed: `held` follows its new top troop."""
        bit = 1 << node
        held = self.held
        held[0] &= ~bit
        held[1] &= ~bit
        stack = self.stacks[node]
        if stack:
            held[stack[-1] // 10] |= bit

    def owner(self, node: int) -> int:
        stack = self.stacks[node]
        return stack[-1] // 10 if stack else -1

    def rack_size(self, seat: int) -> int:
        return len(self.rack[seat]) + len(self.blocked[seat])


def _forget(known: list[int], kind: int) -> None:
    """A troop of this kind left the rack: one fewer of them is known to be there."""
    if kind in known:
        known.remove(kind)


class ToyBattle(DeclaredGame):
    id = "toy_battle"
    name = "Toy Battle"
    public_totals = True  # every total is on the table for all to see
    min_players = 2
    max_players = 2
    summary = ("Place toy troops along your bases to surround regions and take medals, or reach "
               "the enemy HQ. Eight troops with effects, eleven boards.")
    options = (
        Option("board", "castle", "The board; random picks one of the eleven.",
               choices=(*BOARD_KEYS, "random"), label="Board",
               choice_labels=(*(b.name for b in BOARDS), "Drawn at random")),
        Option("beginners", False, "Beginners: special bases have no effect.", kind="bool",
               label="Beginners' game"),
    )
    notation: ClassVar[Any] = notation
    state_class = ToyBattleState
    information = IMPERFECT  # hidden racks and reserves
    chance = True            # shuffled reserves, XB-42 and Battlefield pick at random
    # Finishing the turn before judging (a placement and its effects are one turn) doubled
    # search2's wins against greedy (docs/games/toy-battle.md).
    search_hints: ClassVar[dict[str, Any]] = {"horizon": "leaf", "finish_turn": True, "leaf_value": "learned"}

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        key = options["board"]
        board = rng.randrange(len(BOARDS)) if key == "random" else BOARD_KEYS.index(key)
        state = ToyBattleState(rng=rng, board=board, beginners=bool(options["beginners"]),
                               claimed=[-1] * len(BOARDS[board].regions))
        for seat in (0, 1):
            troops = [k for k in KINDS for _ in range(COPIES)]
            rng.shuffle(troops)
            state.aside[seat] = sorted(troops[:SET_ASIDE])
            hand = troops[SET_ASIDE:SET_ASIDE + START_RACK[seat]]
            state.rack[seat] = sorted(hand)
            state.reserve[seat] = troops[SET_ASIDE + START_RACK[seat]:]
        return state

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return NOBODY if state.turn < 0 else ONE[state.turn]

    def actor(self, state):  # the playouts' hot path: to_move's one seat, no set
        return state.turn

    def max_moves(self, n_players, options):
        key = (options or {}).get("board", "castle")
        nodes = MAX_NODES if key == "random" or key not in BY_KEY else len(BY_KEY[key].nodes)
        # Placements: at most 8 kinds on every node, plus Draw (main turn) or Pass (Cap'N).
        # Other effects offer fewer (a push: at most 7 sources with 7 destinations each).
        return 8 * nodes + 1

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        stage = state.stage
        if stage == MAIN:
            out = [DRAW] if self._can_draw(state, seat) else []
            out.extend(self._placements(state, seat))
            return out
        if stage == CAPN:
            return [*self._placements(state, seat), PASS]
        return [*self._effect_moves(state, seat), PASS]

    def _can_draw(self, state, seat) -> bool:
        return bool(state.reserve[seat]) and state.rack_size(seat) < RACK_MAX

    def frontier(self, state, seat) -> set[int]:
        """Nodes next to the seat's network: its HQs and the bases it holds that are
        connected to them through bases it holds (its own HQs left out)."""
        plan = PLANS[state.board][state.beginners]
        front = self._frontier_mask(state, seat, plan)
        return {n for n in plan.nodes if front >> n & 1}

    def _frontier_mask(self, state, seat, plan: Plan) -> int:
        """The frontier as a mask of nodes: a walk from the HQs through the nodes the seat holds."""
        adjacent_mask, mine = plan.adjacent_mask, state.held[seat]
        seen = own = plan.hq_mask[seat]
        todo = list(plan.hqs[seat])
        front = 0
        while todo:
            near = adjacent_mask[todo.pop()]
            front |= near
            new = near & mine & ~seen
            while new:  # each new node held, lowest bit first
                bit = new & -new
                new ^= bit
                seen |= bit
                todo.append(bit.bit_length() - 1)
        return front & ~own

    def _open_to(self, state, seat, plan: Plan, nodes: int) -> list[tuple[int, int]]:
        """(node, mask of the kinds that may go there) for the given nodes, in order: what the
        node accepts, less the kinds that cannot cover an enemy troop on top."""
        stacks, accept, theirs = state.stacks, plan.accept, state.held[1 - seat]
        out = []
        for n in plan.nodes:
            if nodes >> n & 1:
                if theirs >> n & 1:
                    out.append((n, accept[n] & BEATEN_BY[stacks[n][-1] % 10]))
                else:
                    out.append((n, accept[n]))
        return out

    def targets(self, state, seat, kind) -> list[int]:
        """The nodes a troop of this kind may be placed on now, sorted."""
        plan = PLANS[state.board][state.beginners]
        front = self._frontier_mask(state, seat, plan)
        if kind == HOOK:
            front |= plan.hookable
        return [n for n, a in self._open_to(state, seat, plan, front) if a >> kind & 1]

    def _placements(self, state, seat) -> list:
        plan = PLANS[state.board][state.beginners]
        front = self._frontier_mask(state, seat, plan)
        open_to = self._open_to(state, seat, plan, front)
        out: list = []
        last = -1
        for kind in state.rack[seat]:  # sorted: each kind once
            if kind == last:
                continue
            last = kind
            row = PLACES[kind]
            if kind == HOOK:
                hook = self._open_to(state, seat, plan, front | plan.hookable)
                out += [row[n] for n, a in hook if a >> HOOK & 1]
            else:
                out += [row[n] for n, a in open_to if a >> kind & 1]
        return out

    def _can_place(self, state, seat) -> bool:
        """Whether the seat has any placement (`_placements` is not empty), without listing them."""
        kinds = 0
        for k in state.rack[seat]:
            kinds |= 1 << k
        if not kinds:
            return False
        plan = PLANS[state.board][state.beginners]
        front = self._frontier_mask(state, seat, plan)
        reach = front | plan.hookable if kinds >> HOOK & 1 else front
        for n, a in self._open_to(state, seat, plan, reach):
            if front >> n & 1:
                if a & kinds:
                    return True
            elif a >> HOOK & 1:  # a base off the frontier: only Hook goes there
                return True
        return False

    def _enemy_next_to(self, state, seat, node) -> list[int]:
        stacks = state.stacks
        return [n for n in state.geo.adjacent[node] if stacks[n] and stacks[n][-1] // 10 != seat]

    def _effect_moves(self, state, seat) -> list:
        """The choices of the effect being offered (PASS comes on top of these)."""
        stage, at = state.stage, state.at
        if stage in (SKULLY, STAR, DRAW_ONE):
            return [DRAW] if self._can_draw(state, seat) else []
        if stage == JUMBO:
            return [HIT[n] for n in self._enemy_next_to(state, seat, at)]
        if stage == XB42:
            return [STEAL] if state.rack_size(1 - seat) else []
        if stage == RETURN:
            if state.rack_size(seat) >= RACK_MAX:
                return []
            stacks = state.stacks
            return [RECALL[n] for n in PLANS[state.board][0].bases
                    if n != at and stacks[n] and stacks[n][-1] // 10 == seat]
        if stage == PUSH:
            bases = PLANS[state.board][0].adjacent_bases
            return [PUSH_MOVES[src, dst] for src in self._enemy_next_to(state, seat, at) for dst in bases[src]]
        if stage == REVIVE:
            if state.rack_size(seat) >= RACK_MAX:
                return []
            return [REVIVE_MOVES[k] for k in sorted(set(state.discard[seat]))]
        if stage == PIN:
            return [PIN_MOVE] if state.rack[1 - seat] else []
        return []

    def can_act(self, state, seat) -> bool:
        """Can the seat draw or place at the start of its turn? If not, the game ends."""
        return self._can_draw(state, seat) or self._can_place(state, seat)

    def explain_illegal(self, state, seat, move):
        if state.turn < 0:
            return "The game is over."
        if seat != state.turn:
            return f"It is {SEAT_NAMES[state.turn]}'s turn."
        if state.stage != MAIN:
            return f"Resolve the {STAGE_NAMES[state.stage]} effect first (or pass)."
        cls = move.__class__
        if cls is Draw:
            return "You cannot draw: your rack is full or your reserve is empty."
        if cls is Place:
            if move.kind not in state.rack[seat]:
                return f"You have no {TROOP_NAMES.get(move.kind, '?')} you may place."
            return (f"{TROOP_NAMES[move.kind]} cannot go on node {move.node}: it must be empty, yours, "
                    "or held by a weaker enemy troop, and connected to your HQ.")
        return "Draw or place a troop."

    def reveals(self, state, seat, move):
        cls = move.__class__
        return cls is Draw or cls is Steal or cls is Pin  # the reserve, or a troop picked at random

    # ----- making moves ------------------------------------------------------

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        cls = move.__class__
        if cls is Place:
            self._place(state, seat, move.kind, move.node, log)
        elif cls is Draw:
            self._draw(state, seat, log)
            if state.stage == MAIN:
                self._end_turn(state, seat, log)
            else:
                self._resume(state, seat, log)
        elif cls is Pass:
            if log is not None:
                log.append(_PASS_LINES[seat][state.stage])
            self._resume(state, seat, log)
        elif cls is Hit:
            piece = state.stacks[move.node].pop()
            state.retop(move.node)
            state.discard[piece // 10].append(piece % 10)
            if log is not None:
                log.append(LogEntry(f"Jumbo discards {SEAT_NAMES[piece // 10]}'s {TROOP_NAMES[piece % 10]} "
                                    f"from base {move.node}.", seat))
            if not self._claim(state, move.node, log):
                self._resume(state, seat, log)
        elif cls is Steal:
            self._steal(state, seat, log)
            self._resume(state, seat, log)
        elif cls is Recall:
            piece = state.stacks[move.node].pop()
            state.retop(move.node)
            state.rack[seat].append(piece % 10)
            state.known[seat].append(piece % 10)
            state.rack[seat].sort()
            # A troop placed this turn that leaves the board takes its base's effect with it.
            state.queue = [n for n in state.queue if n != move.node]
            if log is not None:
                log.append(LogEntry(f"{SEAT_NAMES[seat]} takes {TROOP_NAMES[piece % 10]} back from base "
                                    f"{move.node}.", seat))
            if not self._claim(state, move.node, log):
                self._resume(state, seat, log)
        elif cls is Push:
            piece = state.stacks[move.src].pop()
            state.stacks[move.dst].append(piece)
            state.retop(move.src)
            state.retop(move.dst)
            if log is not None:
                log.append(LogEntry(f"{SEAT_NAMES[seat]} pushes {SEAT_NAMES[piece // 10]}'s "
                                    f"{TROOP_NAMES[piece % 10]} from base {move.src} to base {move.dst}.", seat))
            if not (self._claim(state, move.dst, log) or self._claim(state, move.src, log)):
                self._resume(state, seat, log)
        elif cls is Revive:
            state.discard[seat].remove(move.kind)
            state.rack[seat].append(move.kind)
            state.known[seat].append(move.kind)
            state.rack[seat].sort()
            if log is not None:
                log.append(LogEntry(f"{SEAT_NAMES[seat]} takes {TROOP_NAMES[move.kind]} back from the discard.", seat))
            self._resume(state, seat, log)
        elif cls is Pin:
            other = 1 - seat
            kind = state.rack[other].pop(state.rng.randrange(len(state.rack[other])))
            state.blocked[other].append(kind)
            if log is not None:
                log.append(LogEntry(f"{SEAT_NAMES[seat]} lays down one of {SEAT_NAMES[other]}'s troops for a "
                                    "turn.", seat))
                log.append(LogEntry(f"{SEAT_NAMES[other]}'s {TROOP_NAMES[kind]} is laid down until the end of "
                                    "its next turn.", seat, frozenset((other,))))
            self._resume(state, seat, log)

    def _draw(self, state, seat, log):
        room = RACK_MAX - state.rack_size(seat)
        count = 1 if state.stage in (STAR, DRAW_ONE) else 2
        count = min(count, room, len(state.reserve[seat]))
        reserve, rack = state.reserve[seat], state.rack[seat]
        drawn = [reserve.pop() for _ in range(count)]
        rack.extend(drawn)
        rack.sort()
        if log is not None:
            log.append(_DRAWS_LINES[seat][count])
            log.append(LogEntry.lazy(_drawn_text, (seat, tuple(drawn)), seat, ONE[seat]))

    def _steal(self, state, seat, log):
        other = 1 - seat
        pool = state.rack[other] + state.blocked[other]
        i = state.rng.randrange(len(pool))
        if i < len(state.rack[other]):
            kind = state.rack[other].pop(i)
        else:
            kind = state.blocked[other].pop(i - len(state.rack[other]))
        state.discard[other].append(kind)
        _forget(state.known[other], kind)
        if log is not None:
            log.append(LogEntry(f"XB-42 discards {SEAT_NAMES[other]}'s {TROOP_NAMES[kind]} from the rack.", seat))

    def _place(self, state, seat, kind, node, log):
        state.rack[seat].remove(kind)
        _forget(state.known[seat], kind)
        state.stacks[node].append(seat * 10 + kind)
        bit = 1 << node
        state.held[seat] |= bit  # retop's work, the new top being known
        state.held[1 - seat] &= ~bit
        geo = state.geo
        if log is not None:
            line = _PLACE_LINES.get((seat, kind, node))
            if line is None:
                words = f"{SEAT_NAMES[seat]} places {TROOP_NAMES[kind]} on {_place_name(node)}."
                line = _PLACE_LINES[seat, kind, node] = LogEntry(words, seat)
            log.append(line)
        if is_base(node):
            state.queue.append(node)
        if self._claim(state, node, log):
            return
        if node in geo.hqs[1 - seat]:
            self._finish(state, seat, "hq", log)
            return
        if state.beginners or geo.power[node] != NO_EFFECT:
            if self._offer(state, seat, kind, node):
                return
        self._resume(state, seat, log)

    def _offer(self, state, seat, stage, node) -> bool:
        """Enter an effect's stage when it has a choice to make; False when it has none."""
        previous = (state.stage, state.at)
        state.stage, state.at = stage, node
        if stage == CAPN:
            if self._can_place(state, seat):
                return True
        elif stage in STAGE_NAMES and stage != MAIN and self._effect_moves(state, seat):
            return True
        state.stage, state.at = previous
        return False

    def _resume(self, state, seat, log):
        """Carry on after an effect: the troop effects are over (a Cap'N's extra troop applied
        its own in `_place`), so the bases placed on this turn act next, in order."""
        if state.turn < 0:
            return
        state.stage = MAIN
        while state.queue:
            node = state.queue.pop(0)
            power = state.geo.power[node]
            if not state.beginners and power in ACTIVE_POWERS and self._offer(state, seat, power, node):
                return
        self._end_turn(state, seat, log)

    def _end_turn(self, state, seat, log):
        if state.blocked[seat]:
            state.rack[seat].extend(state.blocked[seat])
            state.rack[seat].sort()
            state.blocked[seat] = []
        state.stage, state.at, state.queue = MAIN, 0, []
        nxt = 1 - seat
        state.turn = nxt
        if not self.can_act(state, nxt):
            if log is not None:
                log.append(LogEntry(f"{SEAT_NAMES[nxt]} can neither draw nor place: the game ends.", nxt))
            medals = state.medals
            state.ender = nxt
            self._finish(state, nxt if medals[nxt] > medals[seat] else seat, "stuck", log)

    def _claim(self, state, node, log) -> bool:
        """Claim the medals of every region around `node` now surrounded by one player;
        True when that wins the game. Checked at every change of a base, as the published
        online version does (the help page's order would claim after the turn's effects)."""
        geo, held, claimed = state.geo, state.held, state.claimed
        region_mask = PLANS[state.board][0].region_mask
        for r in geo.regions_of[node]:
            if claimed[r] >= 0:
                continue
            around = region_mask[r]
            owner = 0 if held[0] & around == around else 1 if held[1] & around == around else -1
            if owner < 0:
                continue
            claimed[r] = owner
            state.medals[owner] += geo.medals[r]
            if log is not None:
                log.append(LogEntry.lazy(_region_text, (owner, r, geo.medals[r]), owner))
            if state.medals[owner] >= geo.target:
                self._finish(state, owner, "medals", log)
                return True
        return False

    def _finish(self, state, winner, reason, log):
        state.turn, state.winner, state.reason = -1, winner, reason
        state.stage, state.at, state.queue = MAIN, 0, []
        if log is not None:
            log.append(LogEntry(self._reason_text(state), winner))

    def _reason_text(self, state) -> str:
        w, loser = state.winner, 1 - state.winner
        if state.reason == "hq":
            return f"{SEAT_NAMES[w]} reaches the enemy HQ and wins."
        if state.reason == "medals":
            return f"{SEAT_NAMES[w]} reaches {state.medals[w]} medals (target {state.geo.target}) and wins."
        ender = state.ender
        if state.medals[w] == state.medals[loser]:
            return (f"{SEAT_NAMES[ender]} could neither draw nor place; medals tie at {state.medals[w]}, "
                    f"and the player who ends the game loses a tie: {SEAT_NAMES[w]} wins.")
        return (f"{SEAT_NAMES[ender]} could not draw or place: {SEAT_NAMES[w]} wins on medals, "
                f"{state.medals[w]} to {state.medals[loser]}.")

    # ----- what a seat sees --------------------------------------------------

    def view(self, state, viewer):
        geo = state.geo
        seats = []
        for s in (0, 1):
            mine = viewer == s
            seats.append({
                "name": SEAT_NAMES[s],
                "hqs": list(geo.hqs[s]),
                "rack": state.rack[s][:] if mine else None,
                "blocked": state.blocked[s][:] if mine else None,
                "rack_count": state.rack_size(s),
                "blocked_count": len(state.blocked[s]),
                "reserve": len(state.reserve[s]),
                "aside": len(state.aside[s]),
                "discard": sorted(state.discard[s]),
                "known": sorted(state.known[s]),
                "medals": state.medals[s],
            })
        return {
            "board": geo.key, "board_name": geo.name, "target": geo.target, "beginners": state.beginners,
            "nodes": [{"id": n, "x": geo.at[n][0], "y": geo.at[n][1], "links": list(geo.adjacent[n]),
                       "power": 0 if state.beginners else geo.power[n], "hq": geo.owner_of_hq(n),
                       "stack": [[p // 10, p % 10] for p in state.stacks[n]]} for n in geo.nodes],
            "regions": [{"bases": list(around), "medals": geo.medals[r], "x": geo.region_at[r][0],
                         "y": geo.region_at[r][1], "claimed": state.claimed[r]}
                        for r, around in enumerate(geo.regions)],
            "seats": seats,
            "turn": state.turn, "stage": state.stage, "stage_name": STAGE_NAMES[state.stage],
            "at": state.at, "queue": state.queue[:], "winner": state.winner, "reason": state.reason,
        }

    def render_text(self, view, viewer):
        lines = [f"{view['board_name']}: {view['target']} medals win"
                 + (" (beginners)" if view["beginners"] else "")]
        for node in view["nodes"]:
            stack = " ".join(f"{o + 1}:{k}" for o, k in node["stack"]) or "."
            hq = f" [{SEAT_NAMES[node['hq']]} HQ]" if node["hq"] >= 0 else ""
            power = f" ({POWER_NAMES[node['power']]})" if node["power"] else ""
            lines.append(f"  {node['id']:>2}{hq}{power}: {stack}   -> {' '.join(map(str, node['links']))}")
        for r, region in enumerate(view["regions"]):
            taken = "" if region["claimed"] < 0 else f" taken by {SEAT_NAMES[region['claimed']]}"
            lines.append(f"  region {r + 1} ({' '.join(map(str, region['bases']))}): "
                         f"{region['medals']} medal(s){taken}")
        for seat in view["seats"]:
            rack = (" ".join(f"{TROOP_NAMES[k]}({k})" for k in seat["rack"]) if seat["rack"] is not None
                    else f"{seat['rack_count']} hidden")
            lines.append(f"  {seat['name']}: medals {seat['medals']}, rack {rack}"
                         + (f" (+{seat['blocked_count']} laid down)" if seat["blocked_count"] else "")
                         + f", reserve {seat['reserve']}, discard {seat['discard']}")
        if view["winner"] >= 0:
            lines.append(f"  {SEAT_NAMES[view['winner']]} wins ({view['reason']}).")
        elif view["stage"]:
            lines.append(f"  {SEAT_NAMES[view['turn']]}: {view['stage_name']} effect at {view['at']}.")
        return "\n".join(lines)

    def prompt(self, state, seat):
        at = state.at
        prompts = {
            MAIN: "Draw, or place a troop.",
            SKULLY: "Skully: draw troops, or pass.",
            CAPN: "Cap'N: place one more troop, or pass.",
            JUMBO: f"Jumbo: discard an enemy troop next to base {at}, or pass.",
            XB42: "XB-42: discard a random troop of the opponent's rack, or pass.",
            STAR: "Star: draw a troop, or pass.",
            RETURN: f"Base {at}: take one of your other troops back to your rack, or pass.",
            DRAW_ONE: f"Base {at}: draw a troop, or pass.",
            PUSH: f"Base {at}: push an enemy troop next to it onto a base next to that troop, or pass.",
            REVIVE: f"Base {at}: take one of your troops back from your discard, or pass.",
            PIN: f"Base {at}: lay down a troop of the opponent's rack for a turn, or pass.",
        }
        return prompts[state.stage]

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Place:
            return f"Place {TROOP_NAMES[move.kind]} on {_place_name(move.node)}"
        if cls is Draw:
            return "Draw a troop" if state.stage in (STAR, DRAW_ONE) else "Draw troops"
        if cls is Hit:
            return f"Jumbo discards the troop on base {move.node}"
        if cls is Recall:
            return f"Take your troop on base {move.node} back to your rack"
        if cls is Push:
            return f"Push the enemy troop on base {move.src} to base {move.dst}"
        if cls is Revive:
            return f"Take {TROOP_NAMES[move.kind]} back from your discard"
        return _WORDS[cls]

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        geo = state.geo
        sheets = []
        for s in (0, 1):
            rows = [ScoreRow(f"region{r + 1}", f"Region {r + 1}", 1, geo.medals[r],
                             " ".join(map(str, geo.regions[r])))
                    for r in range(len(geo.regions)) if state.claimed[r] == s]
            total = state.medals[s]
            if state.winner == s:
                words = {"hq": "on the enemy HQ", "medals": f"{total} medals of {geo.target}",
                         "stuck": "more medals when the game ended"}
                rows.append(ScoreRow("victory", "Victory", 1, VICTORY, words[state.reason]))
                total += VICTORY
            sheets.append(SeatSheet(s, tuple(rows), total))
        return sheets

    def scores(self, state):
        return [state.medals[s] + (VICTORY if state.winner == s else 0) for s in (0, 1)]

    def outcome(self, state):
        if state.turn >= 0:
            return None
        w = state.winner
        ranks = (1, 2) if w == 0 else (2, 1)
        return Outcome(tuple(self.scores(state)), ranks, (self._reason_text(state),))

    # ----- positions ---------------------------------------------------------

    def loaded(self, state, data, at):
        geo = state.geo
        for key in data["stacks"]:
            check_position(int(key) in geo.adjacent, f"Node {key} is not on {geo.name}.")
        state.rack = [sorted(r) for r in state.rack]
        for s in (0, 1):
            troops = (state.rack[s] + state.blocked[s] + state.reserve[s] + state.aside[s]
                      + state.discard[s] + [p % 10 for st in state.stacks for p in st if p // 10 == s])
            check_position(sorted(troops) == [k for k in KINDS for _ in range(COPIES)],
                           f"{SEAT_NAMES[s]}'s troops must be three of each kind.")
            check_position(len(state.aside[s]) == SET_ASIDE, "Four troops per seat are set aside.")
            check_position(state.rack_size(s) <= RACK_MAX, "A rack holds at most eight troops.")
            held = state.rack[s] + state.blocked[s]
            check_position(all(state.known[s].count(k) <= held.count(k) for k in state.known[s]),
                           "Troops known to be on a rack must be on it.")
        check_position(len(state.claimed) == len(geo.regions), "One claim per region.")
        check_position(state.medals == [sum(geo.medals[r] for r, c in enumerate(state.claimed) if c == s)
                                        for s in (0, 1)], "Medals must match the regions claimed.")
        check_position(state.stage in STAGE_NAMES, f"Unknown stage {state.stage}.")
        check_position(all(n in geo.adjacent for n in state.queue), "Queued nodes must be on the board.")
        check_position(state.stage == MAIN or state.at in geo.adjacent, "The effect's node must be on the board.")
        check_position((state.reason == "stuck") == (state.ender >= 0), "Only a stuck ending has an ender.")
        check_position((state.turn < 0) == (state.winner >= 0),
                       "A finished game has a winner and a reason; a running one has neither.")
        if state.turn >= 0:
            check_position(max(state.medals) < geo.target,
                           f"A player with {geo.target} medals has won: the game is over.")
            check_position(state.stage != MAIN or self.can_act(state, state.turn),
                           f"{SEAT_NAMES[state.turn]} can neither draw nor place: the game is over (the help "
                           "page ends it there), so a running position cannot be this one.")

    # ----- search support ----------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """Deal again what `seat` (None: a spectator) has not seen: its own reserve and set-aside
        troops (it knows which troops they are together, not which is which), and each other
        seat's rack and laid-down troops (but for the troops everyone knows are there),
        reserve and set-aside troops. Sorted before shuffling; the world's own rng is fresh,
        so its future draws are unknown too."""
        world = state.copy()
        for s in (0, 1):
            if s == seat:
                pool = redeal(state.reserve[s] + state.aside[s], rng)
                world.aside[s], world.reserve[s] = sorted(pool[:SET_ASIDE]), pool[SET_ASIDE:]
                continue
            pool = state.rack[s] + state.blocked[s] + state.reserve[s] + state.aside[s]
            for k in state.known[s]:
                pool.remove(k)
            pool = redeal(pool, rng)
            unknown = state.rack_size(s) - len(state.known[s])
            held = redeal(state.known[s] + pool[:unknown], rng)  # which of them is laid down is not known either
            del pool[:unknown]
            cut = len(state.blocked[s])
            world.blocked[s], world.rack[s] = held[:cut], sorted(held[cut:])
            world.aside[s], world.reserve[s] = sorted(pool[:SET_ASIDE]), pool[SET_ASIDE:]
        world.rng = rng.fork()
        return world

    def shuffle_unseen(self, state, rng):
        """Each seat's reserve and set-aside troops dealt again: no seat knows their order or which
        are set aside (their owner knows only which troops they are together)."""
        world = state.copy()
        for s in (0, 1):
            pool = redeal(state.reserve[s] + state.aside[s], rng)
            world.aside[s], world.reserve[s] = sorted(pool[:SET_ASIDE]), pool[SET_ASIDE:]
        world.rng = rng.fork()
        return world

    def heuristic(self, state, seat):
        """Public facts only: progress around unclaimed regions, troops at hand, and the
        danger of an enemy next to one's HQ (it would win on its turn)."""
        if state.turn < 0:
            return 0.0
        geo = state.geo
        value = 0.0
        for r, around in enumerate(geo.regions):
            if state.claimed[r] >= 0:
                continue
            owners = [state.owner(b) for b in around]
            mine, theirs = owners.count(seat), owners.count(1 - seat)
            if theirs == 0:
                value += geo.medals[r] * (mine / len(around)) ** 2 * 0.8
            if mine == 0:
                value -= geo.medals[r] * (theirs / len(around)) ** 2 * 0.8
        value += 0.05 * (state.rack_size(seat) - state.rack_size(1 - seat))
        for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
            reach = self.frontier(state, 1 - s)
            if any(h in reach for h in geo.hqs[s]):
                value -= sign * (8.0 if state.turn != s else 2.0)
        return value

    # No bound is worked out for this game: the Return and Revive bases put troops back on the rack, so placements
    # are not bounded by the troops drawn. The adapters end a game at this cap, four to seven times the longest game
    # adversarial policies played (tests/adapters/test_lengths.py).
    length_cap_per_seat = 300


# Lines written every turn, made once (log entries are immutable); the rest are made lazily.
_PLACE_LINES: dict[tuple[int, int, int], LogEntry] = {}
_PASS_LINES = tuple({stage: LogEntry(f"{SEAT_NAMES[seat]} passes the {name} effect.", seat)
                     for stage, name in STAGE_NAMES.items()} for seat in (0, 1))
_DRAWS_LINES = tuple({count: LogEntry(f"{SEAT_NAMES[seat]} draws {count} troop{'s' if count != 1 else ''}.", seat)
                      for count in range(3)} for seat in (0, 1))


def _drawn_text(seat: int, drawn: tuple[int, ...]) -> str:
    return f"{SEAT_NAMES[seat]}'s draw: " + ", ".join(TROOP_NAMES[k] for k in drawn) + "."


def _place_name(node: int) -> str:
    """A node as the board labels it: bases carry their number, the HQs are named."""
    return f"base {node}" if is_base(node) else "the enemy HQ"


def _region_text(owner: int, region: int, medals: int) -> str:
    return (f"{SEAT_NAMES[owner]} surrounds region {region + 1} and takes "
            f"{medals} medal{'s' if medals > 1 else ''}.")


GAME = ToyBattle()
