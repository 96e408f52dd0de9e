"""Living Forest's rules: the simultaneous draw, the action phase in turn, the automated end of turn.

A round: every spirit draws at once, in public (`public_choices` is True then);
then, from the Sacred Tree's holder, each spirit does its actions, one move per
card taken, fire put out, rock moved or tree planted; after the last spirit the
game ends if someone reached the target, or Onibi attacks, new fires appear, the
reserve is refilled, Help Lines are discarded and the Sacred Tree passes on.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from operator import itemgetter
from typing import Any, ClassVar

from meeple.engine import ALL, NOBODY, LogEntry, Option, Outcome, Rng, ScoreRow, SeatSheet, count
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import redeal, shuffle_as_spectator

from . import moves as notation
from .components import (
    ACTION_ELEMENT,
    ACTION_LABELS,
    ACTIONS,
    ATTRACT,
    CARD_COST,
    CARD_EXTRA,
    CARD_GREGARIOUS,
    CARD_KODAMA,
    CARD_LEVEL,
    CARD_SOLITARY,
    CARD_TWICE,
    CARDS,
    CORNERS,
    DISPENSER,
    ELEMENTS,
    EXTINGUISH,
    FIRE_OF_LEVEL,
    FIRE_STOCK,
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
    TILE_KINDS,
    TREES,
    VARAN,
    VARAN_STOCK,
    WATER,
    WIND,
)
from .moves import (
    ATTRACTS,
    BUYS,
    DISCARD,
    DONE,
    DRAW,
    EXTINGUISHES,
    FRAGMENT_MOVE,
    MOVES,
    PLANTS,
    STEALS,
    STOP,
    TILES,
    Attract,
    Buy,
    Discard,
    Done,
    Draw,
    Extinguish,
    Move,
    Plant,
    Steal,
    Stop,
    TakeFragment,
    Tile,
    space_name,
)
from .position import check
from .state import ACTION_PHASE, DRAW_PHASE, OVER, LFState

MAX_ROUNDS = 60  # a safety stop no real game reaches: then the fullest goals decide
_DRAW_KINDS = frozenset((Draw, Stop, Discard, Tile))
_KIND_ACTION = {TakeFragment: FRAGMENT, Attract: ATTRACT, Extinguish: EXTINGUISH, Move: MOVE, Plant: PLANT}


def _name(k: int) -> str:
    return CARDS[k].name


# Prebuilt for speed: whose turn by who has stopped drawing, and the draw phase's log lines by seat.
_STILL_DRAWING = {stopped: frozenset(s for s in range(n) if not stopped[s])
                  for n in range(2, 5) for stopped in product((False, True), repeat=n)}
_ALONE = tuple(frozenset((s,)) for s in range(4))
_ROUND_ORDER = {n: tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(2, 5)}
_ZEROS = [0] * 5
# The draw phase's legal lists by (may draw, may spend a Fragment): Stop is always there (the help
# page: stop drawing whenever you want, before the first card too).
_DRAW_CHOICES = tuple(tuple(tuple([DRAW] * d + [DISCARD] * f + [STOP]) for f in (0, 1)) for d in (0, 1))
_ROUND_START = (_DRAW_CHOICES[0][0], _DRAW_CHOICES[1][0])  # by whether the spirit has cards to draw
# The Kodama animals that give one more action of a type, or let a type be taken twice (read as sets: most
# Help Lines hold neither).
_EXTRA_CARDS = frozenset(k for k in range(len(CARDS)) if CARD_EXTRA[k] >= 0)
_TWICE_CARDS = frozenset(k for k in range(len(CARDS)) if CARD_TWICE[k] >= 0)
_LONE_STEP = tuple(1 if CARD_SOLITARY[k] else -1 if CARD_GREGARIOUS[k] else 0 for k in range(len(CARDS)))
_TREE_COST = tuple(t.cost for t in TREES)
_DEAREST_TREE = max(_TREE_COST)
_CHEAPEST_TREE = min(_TREE_COST)
_TREES_UP_TO = tuple(tuple(t for t in range(len(TREES)) if _TREE_COST[t] <= leaves)
                     for leaves in range(_DEAREST_TREE + 1))  # the trees each number of leaves can pay for
_RESERVE_COSTS = [CARD_COST[k] for lv in (1, 2, 3) for k in LEVEL_CARDS[lv] + KODAMA_LEVEL_CARDS.get(lv, ())]
_CHEAPEST_ANIMAL, _DEAREST_ANIMAL = min(_RESERVE_COSTS), max(_RESERVE_COSTS)
_CHEAPEST_KODAMA = min(CARD_COST[k] for k in MARKET_CARDS)
_DEAREST_KODAMA = max(CARD_COST[k] for k in MARKET_CARDS)
_FREE_ROCKS = tuple(N_ROCKS - n for n in range(5))  # rocks a spirit can move to: those without a spirit
# The extinguish moves by the fire values (2, 3, 4) a spirit can put out, as bits, in rising order.
_FIRE_MOVES = tuple(tuple(EXTINGUISHES[v] for v in (2, 3, 4) if bits >> (v - 2) & 1) for bits in range(8))
# A turn's starting moves where no animal, tree or Kodama card is in reach, by (Fragment, fire bits, rocks):
# they depend on nothing else.
_FIXED_TURN_MOVES = tuple(tuple(tuple((*out, DONE) if out else () for out in (
    [FRAGMENT_MOVE] * frag + list(_FIRE_MOVES[fires] + MOVES[:wind]) for wind in range(N_ROCKS)))
    for fires in range(8)) for frag in (0, 1))
_WEAKEST_FIRE = min(FIRE_OF_LEVEL.values())
# Each forest space's neighbours read at once, and what they read with no tree there (the frontier test).
_NEAR = tuple(itemgetter(*FOREST_NEIGHBOURS[p]) for p in range(FOREST_SIZE))
_NOTHING_NEAR = tuple((-1,) * len(FOREST_NEIGHBOURS[p]) for p in range(FOREST_SIZE))
_FRAGMENT_MOVES = ((), (FRAGMENT_MOVE,))
_FRAGMENT_TWICE = frozenset(k for k in _TWICE_CARDS if CARD_TWICE[k] == FRAGMENT)
_MOVES_UP_TO = tuple(MOVES[:wind] for wind in range(N_ROCKS + 1))  # the rock moves `wind` allows
_VARANS = tuple((VARAN,) * k for k in range(VARAN_STOCK + 1))  # Onibi's attack: that many Fire Varans
_LOG_DRAWS = tuple(tuple(LogEntry(f"Seat {s + 1} draws {_name(k)}.", s) for k in range(len(CARDS))) for s in range(4))
# The words of the moves without fields (the status bar's "Selected: ...", the plain board's buttons).
_WORDS = {Draw: "Draw a card", Stop: "Stop drawing", TakeFragment: "Take a Fragment"}
_LOG_SHUFFLE = tuple(LogEntry(f"Seat {s + 1} shuffles the discard into a new draw stack.", s) for s in range(4))
_LOG_CLOSES = tuple(LogEntry(f"Seat {s + 1} closes the Help Line.", s) for s in range(4))
_LOG_MUST_STOP = tuple(tuple(LogEntry(f"Seat {s + 1} must stop drawing ({reason}).", s)
                             for reason in ("no cards left", "three solitary symbols")) for s in range(4))
_LOG_DISCARDS = tuple(tuple(LogEntry(f"Seat {s + 1} spends a Fragment: the Fire Varan goes back to its stack.", s)
                            if k == VARAN else
                            LogEntry(f"Seat {s + 1} spends a Fragment: {_name(k)} goes to the discard.", s)
                            for k in range(len(CARDS))) for s in range(4))
_LOG_SKIPS = tuple(tuple(LogEntry(f"Seat {s + 1} skips the bonus {ACTIONS[a]}.", s) for a in range(5))
                   for s in range(4))
_LOG_ACTS = tuple(tuple(LogEntry(f"Seat {s + 1} acts: {n} action{'s' if n > 1 else ''}.", s) for n in range(5))
                  for s in range(4))
_LOG_ENDS = tuple(LogEntry(f"Seat {s + 1} ends the turn.", s) for s in range(4))
_LOG_FRAGMENT = tuple(LogEntry(f"Seat {s + 1} takes a Fragment.", s) for s in range(4))
_LOG_ATTRACTS = tuple(tuple(LogEntry(f"Seat {s + 1} attracts {_name(k)} ({CARD_COST[k]} suns) onto the draw stack.", s)
                            for k in range(len(CARDS))) for s in range(4))
_LOG_EXTINGUISHES = tuple(tuple(LogEntry(f"Seat {s + 1} puts out a fire of {v}.", s) for v in range(5))
                          for s in range(4))
# A forest space in words, as a player sees the forest ("the top row, 4th from the left").
_SPACE_WORDS = tuple(f"the {('top', 'middle', 'bottom')[p // 5]} row, {('1st', '2nd', '3rd', '4th', '5th')[p % 5]} "
                     "from the left" for p in range(FOREST_SIZE))
_LOG_PLANTS = tuple(tuple(tuple(LogEntry(f"Seat {s + 1} plants the {TREES[t].name} tree in {_SPACE_WORDS[p]}.", s)
                                for p in range(FOREST_SIZE)) for t in range(len(TREES))) for s in range(4))
_LOG_GAME_OVER = LogEntry("The game is over.", None)
_LOG_KODAMA = tuple(tuple(LogEntry(f"Seat {s + 1} shows {text}.", s) for text in (
    "2 Kodama symbols and takes a Fragment", "3 Kodama symbols: an element tile to choose",
    "4 Kodama symbols: one more action this turn")) for s in range(4))
_LOG_BONUS_FRAGMENTS = tuple((None, LogEntry(f"Seat {s + 1} takes 1 Fragment (bonus).", s),
                              LogEntry(f"Seat {s + 1} takes 2 Fragments (bonus).", s)) for s in range(4))
_LOG_CORNERS = tuple(tuple(LogEntry(f"Seat {s + 1} planted a corner: a bonus {ACTIONS[a]}.", s) for a in range(5))
                     for s in range(4))


# The rarer lines with several numbers: each built once, on first use.
@cache
def _log_move(s: int, steps: int, pos: int) -> LogEntry:
    return LogEntry(f"Seat {s + 1} moves {steps} rock{'s' if steps > 1 else ''} to rock {pos + 1}.", s)


@cache
def _log_attack(s: int, got: int, strength: int) -> LogEntry:
    plural = "s" if got != 1 else ""
    return LogEntry(f"Onibi attacks seat {s + 1}: {got} Fire Varan{plural} (water below {strength}).", s)


@cache
def _log_fires(circle: tuple) -> LogEntry:
    return LogEntry(f"Fires at the centre: {', '.join(map(str, circle)) or 'none'}.", None)


@cache
def _log_round(round_: int, first: int) -> LogEntry:
    return LogEntry(f"Round {round_}: the Sacred Tree goes to seat {first + 1}.", None)


def _onibi_text(pos: int, jumped: int, added: int) -> str:
    return f"Onibi moves to rock {pos + 1}, jumping {count(jumped, 'spirit')}: {count(added, 'fire')} of 2."


class LivingForest(DeclaredGame):
    id = "living_forest"
    name = "Living Forest"
    min_players = 2
    max_players = 4
    summary = ("Spirits of Nature draw Guardian Animals at once, then plant trees, put out Onibi's fires and "
               "walk the Circle of Spirits: 12 different trees, 12 flowers or 12 fires win.")
    options = (Option("kodama", False, "The Kodama expansion: the Kodama market bought with flowers, Onibi, "
                      "Kodama symbols and trees, new animals; victory at 13.", kind="bool",
                      label="Kodama expansion"),)
    notation: ClassVar[Any] = notation
    # Each new node judged at once (score sheet plus heuristic) at two players; at three and four short
    # greedy-guided playouts, then judged, did best against greedy (measured in docs/journal/bots.md).
    search_hints: ClassVar[dict[str, Any]] = {"horizon": "leaf"}
    search_hints_by_players: ClassVar[dict[int, dict[str, Any]]] = {
        n: {"horizon": "end", "rollout_cap": 20} for n in (3, 4)}

    # ----- setup ---------------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        n, kodama = n_players, bool(options.get("kodama", False))
        deck = list(STARTING_DECK) + ([SPROUT] if kodama else [])
        draw = []
        for _ in range(n):
            own = deck[:]
            rng.shuffle(own)
            draw.append(own)
        forest = [-1] * FOREST_SIZE
        forest[START_SPACE] = -2
        stacks, rows = [], []
        for lv in (1, 2, 3):
            stack = list(LEVEL_CARDS[lv]) + (list(KODAMA_LEVEL_CARDS.get(lv, ())) if kodama else [])
            rng.shuffle(stack)
            rows.append([stack.pop() for _ in range(ROW_SIZE)])
            stacks.append(stack)
        market_deck = list(MARKET_CARDS) if kodama else []
        rng.shuffle(market_deck)
        market = [market_deck.pop() for _ in range(MARKET_SIZE)] if kodama else []
        return LFState(
            n=n, rng=rng, kodama=kodama, phase=DRAW_PHASE, round=1, first=0, turn=-1, acted=0,
            draw=draw, known_top=[0] * n, discard=[[] for _ in range(n)], help=[[] for _ in range(n)],
            stopped=[False] * n, just_drawn=[False] * n, frags=[0] * n, fires_taken=[[] for _ in range(n)],
            tiles=[[1, 1, 1] for _ in range(n)], rocks=list(START_ROCKS[n]), forest=[forest[:] for _ in range(n)],
            kodama_reached=[0] * n, tile=[-1] * n, tile_pending=[False] * n, extra_action=[False] * n,
            frag_stock=FRAGMENT_STOCK, varan_stock=VARAN_STOCK,
            fire_stock=[FIRE_STOCK - 1, FIRE_STOCK, FIRE_STOCK], circle=[2],  # values 2, 3, 4; a 2 starts lit
            dispenser=list(DISPENSER[n]) + (list(KODAMA_DISPENSER) if kodama else [0] * 4),
            stacks=stacks, rows=rows, market=market, market_deck=market_deck,
            onibi=ONIBI_START if kodama else -1, taken=[0, 0, 0], actions_left=0, used=[0, 0, 0, 0, 0],
            spent=[0, 0, 0, 0, 0], extra_el=-1, extra_amt=0, active=-1, bonus=[], offered=None, steal_from=[],
            bought=False, extra_types=[0, 0, 0, 0, 0])

    @staticmethod
    def _clear_turn(st):
        st.actions_left, st.used, st.spent = 0, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]
        st.extra_el, st.extra_amt, st.active = -1, 0, -1
        st.bonus, st.offered, st.steal_from, st.bought, st.extra_types = [], None, [], False, [0, 0, 0, 0, 0]

    def max_moves(self, n_players, options):
        # Action phase: a fragment, 12 reserve cards (+3 Kodama), 3 fires, 11 rocks, 16 trees x 14 spaces, done.
        return 1 + 12 + 3 + 3 + N_ROCKS + len(TREES) * (FOREST_SIZE - 1) + 1

    def public_choices(self, state):
        return state.phase == DRAW_PHASE

    # ----- whose turn ------------------------------------------------------------------

    def to_move(self, state):
        seats = state._seats  # kept until someone stops drawing or the turn passes
        if seats is None:
            seats = state._seats = self._seats_now(state)
        return seats

    def actor(self, state):
        if state.phase:  # the action phase (its turn), or over (turn -1)
            return state.turn
        return state.stopped.index(False)  # the draw: someone is still drawing, or the actions would have begun

    @staticmethod
    def _seats_now(state):
        if state.phase == DRAW_PHASE:
            return _STILL_DRAWING[tuple(state.stopped)]
        if state.phase == ACTION_PHASE:
            return _ALONE[state.turn]
        return NOBODY

    def can_draw(self, st, s) -> bool:
        return st.lone(s) < 3 and bool(st.draw[s] or st.discard[s])

    def legal_moves(self, state, seat):
        st = state
        if st.phase == DRAW_PHASE:
            if not 0 <= seat < st.n:
                return []
            out = st._draws[seat]  # kept by the seat's own moves, the only ones that change it
            if out is None:
                out = st._draws[seat] = self._draw_choices(st, seat)
            return [*out]
        if st.phase != ACTION_PHASE or seat != st.turn:
            return []
        out = st._moves  # kept by the last move when it left no action half done (else None)
        if out is not None:
            return [*out]
        if st.steal_from:
            tiles = st.tiles[st.steal_from[0]]
            return [STEALS[k] for k in range(3) if tiles[k]]
        if st.active == ATTRACT:
            return [*self._attracts_for(st, self.available(st, seat, SUN)), DONE]
        if st.active == EXTINGUISH:
            return self._extinguish_moves(st, seat) + [DONE]
        if st.offered is not None:
            return self._action_moves(st, seat, st.offered[0]) + [DONE]
        return list(self._turn_moves(st, seat) or (DONE,))  # a position just loaded, or set by hand

    def _draw_choices(self, st, s) -> tuple:
        """Seat s's draw-phase moves, worked out from the position."""
        if st.stopped[s]:
            return ()
        if st.tile_pending[s]:
            return TILES
        return _DRAW_CHOICES[1 if st.lone(s) < 3 and (st.draw[s] or st.discard[s]) else 0][
            1 if st.just_drawn[s] and st.frags[s] else 0]

    # ----- what each action can reach ------------------------------------------------

    def available(self, st, s, e) -> int:
        extra = st.extra_amt if st.extra_el == e else 0
        have = (st._totals[s] or st.totals(s))[e] - st.spent[e]
        return (have if have > 0 else 0) + extra

    def _may(self, st, s) -> int:
        """The actions seat s may start now, as bits (1 << action): a standard one while some are left
        (each once; twice with a Kodama twice card; as often as it likes with tree 11), or a Kodama extra."""
        used = st.used
        if st.actions_left <= 0:
            may = 0
        elif used == _ZEROS:  # nothing taken yet: any action (every limit is at least 1)
            may = 31
        elif REPEAT_TREE in st.forest[s]:
            may = (used[0] < 9) | (used[1] < 9) << 1 | (used[2] < 9) << 2 | (used[3] < 9) << 3 | (used[4] < 9) << 4
        else:  # each action once, and twice that of a Kodama twice card
            may = (not used[0]) | (not used[1]) << 1 | (not used[2]) << 2 | (not used[3]) << 3 | (not used[4]) << 4
            help_ = st.help[s]
            if st.kodama and not _TWICE_CARDS.isdisjoint(help_):
                for k in help_:
                    a = CARD_TWICE[k]
                    if a >= 0 and used[a] < 2:
                        may |= 1 << a
        extra_types = st.extra_types
        if extra_types != _ZEROS:
            for a in range(5):
                if extra_types[a]:
                    may |= 1 << a
        return may

    def _budget(self, st, s) -> list[int]:
        """`available` for the five elements at once."""
        spent = st.spent
        have = [t - u if t > u else 0 for t, u in zip(st._totals[s] or st.totals(s), spent)]
        if st.extra_el >= 0:
            have[st.extra_el] += st.extra_amt
        return have

    def _turn_moves(self, st, s):
        """The moves that start something now, an action or a Kodama purchase, DONE last; () when there
        are none (the turn then ends): a Fragment, animals, fires, rocks, trees, Kodama cards. They depend
        on the seat, whether it may take a Fragment, and what its elements reach for each action it may
        start (suns, the fires its water puts out, wind, leaves, flowers); the animals and trees are kept
        by suns and leaves until the reserve or the dispenser and forests change (`_attracts_for`,
        `_plants_for`), and the rest is a table. Put together at each call: a kept table of whole lists
        missed a third of the time (the reserve changes most rounds) and cost more than it saved."""
        if st.actions_left > 0:
            used = st.used
            if used == _ZEROS:  # a turn's first action may be any
                may = 31
            elif (st.extra_types != _ZEROS or REPEAT_TREE in st.forest[s]
                  or st.kodama and not _TWICE_CARDS.isdisjoint(st.help[s])):
                may = self._may(st, s)
            else:  # (`_may` without a Kodama extra or twice card, or tree 11: each action once)
                may = (not used[0]) | (not used[1]) << 1 | (not used[2]) << 2 | (not used[3]) << 3 | (not used[4]) << 4
        else:
            may = self._may(st, s) if st.extra_types != _ZEROS else 0
            if not may:  # every action taken (the usual end of a turn), but a Kodama card may be bought
                return () if st.bought or not st.kodama else self._buys_left(st, s)
        if st.extra_el >= 0:  # a bonus action's extra elements (offered bonuses only, in practice)
            sun, water, leaf, wind, flower = self._budget(st, s)
        else:
            tot = st._totals[s] or st.totals(s)
            spent = st.spent
            if spent == _ZEROS:  # (a turn's start)
                sun, water, leaf, wind, flower = tot
            else:
                sun, water, leaf, wind, flower = (tot[0] - spent[0], tot[1] - spent[1], tot[2] - spent[2],
                                                  tot[3] - spent[3], tot[4] - spent[4])
        frag = 1 if may & 1 and st.frag_stock else 0
        fires = 0
        if may & 4 and water >= _WEAKEST_FIRE:  # the fire values at the centre that the water puts out
            circle = st.circle
            fires = (2 in circle) | (water >= 3 and 3 in circle) << 1 | (water >= 4 and 4 in circle) << 2
        if may & 8 and wind > 0:
            free = _FREE_ROCKS[st.n]
            wind = wind if wind < free else free
        else:
            wind = 0
        sun = (sun if sun < _DEAREST_ANIMAL else _DEAREST_ANIMAL) if may & 2 and sun >= _CHEAPEST_ANIMAL else 0
        leaf = (leaf if leaf < _DEAREST_TREE else _DEAREST_TREE) if may & 16 and leaf >= _CHEAPEST_TREE else 0
        flower = ((flower if flower < _DEAREST_KODAMA else _DEAREST_KODAMA) + 1
                  if st.kodama and not st.bought and flower >= _CHEAPEST_KODAMA else 0)
        if not (sun or leaf or flower):  # no animal, tree or Kodama card in reach: a list fixed once for all
            return _FIXED_TURN_MOVES[frag][fires][wind]
        attracts = st._attracts.get(sun) if sun else ()  # (`_attracts_for` where it is kept)
        if attracts is None:
            attracts = self._attracts_for(st, sun)
        plants = self._plants_for(st, s, leaf) if leaf else ()
        buys = st._buys.get(flower) if flower else ()
        if buys is None:
            buys = self._buys_for(st, flower)
        if attracts or plants or buys:
            return (*_FRAGMENT_MOVES[frag], *attracts, *_FIRE_MOVES[fires], *_MOVES_UP_TO[wind], *plants, *buys, DONE)
        return _FIXED_TURN_MOVES[frag][fires][wind]  # (none of them affordable in the reserve, dispenser or market)

    def _buys_left(self, st, s):
        """`_turn_moves` once no action may start: the Kodama cards the flowers left pay for, and DONE."""
        flower = self.available(st, s, 4)
        if flower < _CHEAPEST_KODAMA:
            return ()
        flower = (flower if flower < _DEAREST_KODAMA else _DEAREST_KODAMA) + 1
        buys = st._buys.get(flower)
        if buys is None:
            buys = self._buys_for(st, flower)
        return (*buys, DONE) if buys else ()

    @staticmethod
    def _attracts_for(st, suns):
        """The reserve's animals that `suns` pay for, in reserve order (kept until the reserve changes:
        an animal attracted, or the refill)."""
        moves = st._attracts.get(suns)
        if moves is None:
            found = []  # (a loop: the generator expression took 1.6 times as long)
            for row in st.rows:
                for k in row:
                    if CARD_COST[k] <= suns:
                        found.append(ATTRACTS[k])
            moves = st._attracts[suns] = tuple(found)
        return moves

    @staticmethod
    def _buys_for(st, flowers):
        """The market's Kodama cards that cost less than `flowers` (kept until the market changes)."""
        moves = st._buys[flowers] = tuple([BUYS[k] for k in st.market if CARD_COST[k] < flowers])
        return moves

    def _plants_for(self, st, s, leaves):
        """The trees `leaves` pay for, each on every planting space of seat s (kept until a tree is planted
        anywhere: the dispenser is shared)."""
        key = s << 5 | (leaves if leaves < _DEAREST_TREE else _DEAREST_TREE)
        moves = st._plants.get(key)
        if moves is None:
            dispenser = st.dispenser
            trees = [t for t in _TREES_UP_TO[key & 31] if dispenser[t]]
            spaces = self.frontier(st, s) if trees else ()
            moves = st._plants[key] = tuple([PLANTS[t][p] for t in trees for p in spaces])
        return moves

    def _extinguish_moves(self, st, s):
        water = self.available(st, s, WATER)
        circle = st.circle  # (fires are of 2, 3 or 4)
        return list(_FIRE_MOVES[(water >= 2 and 2 in circle) | (water >= 3 and 3 in circle) << 1
                                | (water >= 4 and 4 in circle) << 2])

    def frontier(self, st, s) -> tuple[int, ...]:
        """The empty spaces of seat s's forest next to a tree (kept until its forest changes)."""
        spaces = st._frontier[s]
        if spaces is None:
            forest = st.forest[s]
            spaces = st._frontier[s] = tuple(p for p in range(FOREST_SIZE) if forest[p] == -1
                                             and _NEAR[p](forest) != _NOTHING_NEAR[p])
        return spaces

    def _action_moves(self, st, s, a):
        """Seat s's moves of action a now (a bonus action offered)."""
        if a == FRAGMENT:
            return [FRAGMENT_MOVE] if st.frag_stock else []
        if a == EXTINGUISH:
            return self._extinguish_moves(st, s)
        have = self.available(st, s, ACTION_ELEMENT[a])
        if a == ATTRACT:
            return list(self._attracts_for(st, have))
        if a == MOVE:
            return list(MOVES[:min(have, N_ROCKS - st.n)])
        return list(self._plants_for(st, s, have))

    # ----- making moves ----------------------------------------------------------------
    # Every step takes `log`: apply's list, which gets the move's lines, or None (advance, for playouts
    # and search), which makes none.

    def reveals(self, state, seat, move):
        if move.__class__ is Draw:
            return True  # the top of a hidden draw stack (or a shuffle)
        if state.phase != ACTION_PHASE:
            return False
        after = state.copy()
        self.advance(after, seat, move)
        return after.round != state.round  # the round ended: the reserve is refilled from hidden stacks

    def advance(self, state, seat, move, log=None):
        kind = move.__class__
        if kind is Draw:
            self._draw(state, seat, log)
        elif kind is Stop:
            state.stopped[seat] = True
            state._seats = None
            state._draws[seat] = ()
            if log is not None:
                log.append(_LOG_CLOSES[seat])
        elif kind is Discard or kind is Tile:
            self._apply_draw_phase(state, seat, move, log)
        else:
            state._moves = None  # (never kept in the draw phase)
            self._apply_action(state, seat, move, log)
            return
        if state.stopped[seat] and False not in state.stopped:  # only a seat that just stopped ends the draw
            self._start_actions(state, log)

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the move picked from the kept lists with the
        draw `legal_moves` and `advance` would make, without copying them, and a turn's usual end and
        Fragment played without `advance`'s dispatch."""
        st = state
        if st.phase:  # the action phase (the seat in turn), or over (turn -1)
            s = st.turn
            if s < 0:
                return -1
            out = st._moves
            if out is None:
                out = tuple(self.legal_moves(st, s))
            else:
                st._moves = None
            move = out[draw() % len(out)]
            if move is DONE and st.active < 0 and st.offered is None:  # the turn ends (the usual Done)
                self._end_turn(st, None)
            elif move is FRAGMENT_MOVE and st.offered is None and not st.extra_types[FRAGMENT]:
                used = st.used
                first = used == _ZEROS
                left = st.actions_left = st.actions_left - 1  # (a standard action: `_apply_action`'s Fragment)
                used[FRAGMENT] += 1
                st.frag_stock -= 1
                st.frags[s] += 1
                st.active, st.extra_el, st.extra_amt = -1, -1, 0
                if st.bonus:
                    self._advance(st, None)
                else:  # (`_advance` with no bonus pending)
                    if first and left and REPEAT_TREE not in st.forest[s] and not (
                            st.kodama and not _FRAGMENT_TWICE.isdisjoint(st.help[s])):
                        # The turn's first action, a Fragment, and another action left: the moves are those
                        # offered with it (`out`, a Fragment first), less the Fragment, which may not be taken
                        # again and spends no element; `_turn_moves` would find them again.
                        out = out[1:] if len(out) > 2 else ()  # (a Done alone: nothing else to do)
                    else:
                        out = self._turn_moves(st, s)
                    if out:
                        st._moves = out
                    else:
                        self._end_turn(st, None)
            else:
                self._apply_action(st, s, move, None)
            return s
        s = st.stopped.index(False)  # the lowest seat still drawing
        out = st._draws[s]
        if out is None:
            out = st._draws[s] = self._draw_choices(st, s)
        move = out[draw() % len(out)]
        if move is DRAW:
            self._draw(st, s, None)
        elif move is STOP:
            st.stopped[s] = True
            st._seats = None
            st._draws[s] = ()
        else:
            self._apply_draw_phase(st, s, move, None)
        if st.stopped[s] and False not in st.stopped:  # only a seat that just stopped ends the draw
            self._start_actions(st, None)
        return s

    def _draw(self, st, s, log):
        """The draw phase's busiest move: turn up the top card (shuffling the discard in first if need be)."""
        pile = st.draw[s]
        if not pile:
            pile = st.draw[s] = st.discard[s]
            st.discard[s] = []
            st.rng.shuffle(pile)
            st.known_top[s] = 0
            if log is not None:
                log.append(_LOG_SHUFFLE[s])
        card = pile.pop()
        if st.known_top[s]:
            st.known_top[s] -= 1
        help_ = st.help[s]
        help_.append(card)
        st.just_drawn[s] = True
        st._totals[s] = None
        lone = st._lone[s]
        if lone is None:
            lone = st.lone(s)
        else:  # the drawn card's symbol updates the count
            lone = st._lone[s] = lone + _LONE_STEP[card]
        if log is not None:
            log.append(_LOG_DRAWS[s][card])
        # The Kodama count only grows with a card showing symbols; the first card also counts the forest's,
        # which rewards nothing below two symbols (the first reward's).
        if st.kodama and (CARD_KODAMA[card] or len(help_) == 1 and (st._grove[s] or st._grove_of(s))[5] >= 2):
            self._kodama_symbols(st, s, log)
            if st.tile_pending[s]:
                st._draws[s] = TILES
                return
        if lone < 3 and (pile or st.discard[s]):
            st._draws[s] = _DRAW_CHOICES[1][1 if st.frags[s] else 0]
            return  # the spirit may draw again: it is not made to stop
        self._stop_if_done(st, s, log)

    def _stop_if_done(self, st, s, log):
        """A spirit that can neither draw nor use a Fragment is done drawing; else its draw-phase moves now."""
        if st.tile_pending[s]:
            st._draws[s] = TILES
            return
        lone = st._lone[s]
        if lone is None:
            lone = st.lone(s)
        may_draw = 1 if lone < 3 and (st.draw[s] or st.discard[s]) else 0
        may_spend = 1 if st.just_drawn[s] and st.frags[s] else 0
        if may_draw or may_spend:
            st._draws[s] = _DRAW_CHOICES[may_draw][may_spend]
            return
        st.stopped[s] = True
        st._seats = None
        st._draws[s] = ()
        if log is not None:
            log.append(_LOG_MUST_STOP[s][st.lone(s) >= 3])

    def _apply_draw_phase(self, st, s, move, log):
        """A Fragment spent on the card just drawn, or the Kodama element tile chosen."""
        if move.__class__ is Discard:
            card = st.help[s].pop()
            st.frags[s] -= 1
            st.frag_stock += 1
            st.just_drawn[s] = False
            st._totals[s] = None
            lone = st._lone[s]
            if lone is not None:  # the card's symbol leaves the count
                st._lone[s] = lone - _LONE_STEP[card]
            if card == VARAN:
                st.varan_stock += 1
            else:
                st.discard[s].append(card)
            if log is not None:
                log.append(_LOG_DISCARDS[s][card])
        else:  # the Kodama element tile
            e, amount = KODAMA_TILES[move.choice]
            st.tile[s] = move.choice
            st.tile_pending[s] = False
            st.help_changed(s)
            if log is not None:
                log.append(LogEntry.lazy("Seat {} takes the Kodama tile of {} {}.".format,
                                         (s + 1, amount, ELEMENTS[e]), s))
        self._stop_if_done(st, s, log)

    def _kodama_symbols(self, st, s, log):
        reached = st.kodama_reached
        if reached[s] == 7:  # every reward of the round taken
            return
        count = st.kodama_count(s)
        if count >= 2 and not reached[s] & 1:
            reached[s] |= 1
            if st.frag_stock:
                st.frag_stock -= 1
                st.frags[s] += 1
                if log is not None:
                    log.append(_LOG_KODAMA[s][0])
        if count >= 3 and not reached[s] & 2:
            reached[s] |= 2
            st.tile_pending[s] = True
            if log is not None:
                log.append(_LOG_KODAMA[s][1])
        if count >= 4 and not reached[s] & 4:
            reached[s] |= 4
            st.extra_action[s] = True
            if log is not None:
                log.append(_LOG_KODAMA[s][2])

    def _start_actions(self, st, log=None):
        st.phase = ACTION_PHASE
        st.acted = 0
        moves = self._start_turn(st, st.first, log)
        if moves:
            st._moves = moves
        else:
            self._end_turn(st, log)

    def _start_turn(self, st, s, log):
        """Seat s's turn begins; its starting moves, () when it has nothing to do (the caller ends the turn)."""
        # The turn's state cleared (`_clear_turn` inlined: this runs about 200 times a game). Between turns
        # the bonus and steal lists are empty, and extra_types too without Kodama.
        st.used, st.spent = [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]
        st.extra_el = st.active = -1
        st.extra_amt = 0
        st.offered, st.bought = None, False
        if st.bonus:
            st.bonus = []
        if st.steal_from:
            st.steal_from = []
        st.turn = s
        st._seats = _ALONE[s]
        lone = st._lone[s]
        if lone is None:
            lone = st.lone(s)
        left = st.actions_left = (1 if lone >= 3 else 2) + (1 if st.extra_action[s] else 0)
        if st.kodama and not _EXTRA_CARDS.isdisjoint(st.help[s]):  # only Kodama animals give extra actions
            extra_types = st.extra_types = [0, 0, 0, 0, 0]
            for k in st.help[s]:
                if CARD_EXTRA[k] >= 0:
                    extra_types[CARD_EXTRA[k]] += 1
        elif st.extra_types != _ZEROS:
            st.extra_types = [0, 0, 0, 0, 0]
        if log is not None:
            log.append(_LOG_ACTS[s][left] if left < 5 else
                       LogEntry.lazy("Seat {} acts: {} actions.".format, (s + 1, left), s))
        return self._turn_moves(st, s)

    def _spend(self, st, e, amount):
        from_extra = min(amount, st.extra_amt) if st.extra_el == e else 0
        st.extra_amt -= from_extra
        st.spent[e] += amount - from_extra

    def _begin(self, st, s, a):
        """Count the action that move `a` starts: an offered bonus, an extra of its type, or a standard one."""
        if st.offered is not None:
            st.offered = None
            return
        if st.extra_types[a]:  # a Kodama extra action of this type first: it is the less flexible
            st.extra_types[a] -= 1
            return
        st.actions_left -= 1
        st.used[a] += 1

    def _finish(self, st, log):
        st.active, st.extra_el, st.extra_amt = -1, -1, 0
        self._advance(st, log)

    def _advance(self, st, log):
        """Offer the next pending bonus action, or end the turn when nothing is left to do."""
        s = st.turn
        bonus = st.bonus
        while bonus:
            a, e, amount, frags = bonus.pop()
            st.extra_el, st.extra_amt = e, amount
            if a == FRAGMENT:
                taken = min(frags or 1, st.frag_stock)
                st.frag_stock -= taken
                st.frags[s] += taken
                st.extra_el, st.extra_amt = -1, 0
                if taken and log is not None:
                    log.append(_LOG_BONUS_FRAGMENTS[s][taken] if taken < 3 else
                               LogEntry.lazy("Seat {} takes {} Fragments (bonus).".format, (s + 1, taken), s))
                continue
            if self._action_moves(st, s, a):
                st.offered = (a, e, amount, frags)
                return
            st.extra_el, st.extra_amt = -1, 0
        moves = self._turn_moves(st, s)
        if moves:  # kept for legal_moves until the next move
            st._moves = moves
        else:
            self._end_turn(st, log)

    def _apply_action(self, st, s, move, log):
        kind = move.__class__
        if kind is Done:
            if st.active < 0 and st.offered is None:  # the turn ends (the usual Done)
                if log is not None:
                    log.append(_LOG_ENDS[s])
                self._end_turn(st, log)
            elif st.active >= 0:
                self._finish(st, log)
            else:
                skipped = st.offered[0]
                st.offered = None
                st.extra_el, st.extra_amt = -1, 0
                if log is not None:
                    log.append(_LOG_SKIPS[s][skipped])
                self._advance(st, log)
            return
        if kind is Steal:
            victim = st.steal_from.pop(0)
            st.tiles[victim][move.kind] -= 1
            st.tiles[s][move.kind] += 1
            if log is not None:
                log.append(LogEntry.lazy("Seat {} takes a {} Victory tile from seat {}.".format,
                                         (s + 1, TILE_KINDS[move.kind], victim + 1), s))
            self._after_steals(st, s, log)
            return
        if kind is Buy:
            self._buy(st, s, move.card, log)
            return
        if kind is TakeFragment:  # (never an action in progress: a Fragment is one move)
            if st.offered is None and not st.extra_types[FRAGMENT]:  # (`_begin` for a standard action)
                st.actions_left -= 1
                st.used[FRAGMENT] += 1
            else:
                self._begin(st, s, FRAGMENT)
            st.frag_stock -= 1
            st.frags[s] += 1
            if log is not None:
                log.append(_LOG_FRAGMENT[s])
            st.active, st.extra_el, st.extra_amt = -1, -1, 0  # (`_finish`)
            self._advance(st, log)
            return
        a = _KIND_ACTION[kind]
        if st.active != a:
            self._begin(st, s, a)
        if kind is Attract:
            k = move.card
            st.rows[CARD_LEVEL[k] - 1].remove(k)
            st._attracts = {}  # the reserve changed
            st.taken[CARD_LEVEL[k] - 1] += 1
            self._spend(st, SUN, CARD_COST[k])
            st.draw[s].append(k)
            st.known_top[s] += 1
            st.active = ATTRACT
            if log is not None:
                log.append(_LOG_ATTRACTS[s][k])
            if not self._attracts_for(st, self.available(st, s, SUN)):
                self._finish(st, log)
        elif kind is Extinguish:
            st.circle.remove(move.value)
            st.fires_taken[s].append(move.value)
            self._spend(st, WATER, move.value)
            st.active = EXTINGUISH
            if log is not None:
                log.append(_LOG_EXTINGUISHES[s][move.value])
            if not self._extinguish_moves(st, s):
                self._finish(st, log)
        elif kind is Move:
            self._move(st, s, move.steps, log)
        else:
            self._plant(st, s, move.tree, move.space, log)

    def _move(self, st, s, steps, log):
        self._spend(st, WIND, steps)
        rocks = st.rocks
        start = pos = rocks[s]
        jumped, moved = [], 0
        while moved < steps:
            pos = (pos + 1) % N_ROCKS
            if pos in rocks and pos != start:  # another spirit's rock (one spirit a rock): jumped, not counted
                jumped.append(rocks.index(pos))
            else:
                moved += 1
        rocks[s] = pos
        if log is not None:
            log.append(_log_move(s, steps, pos))
        st.steal_from = [o for o in jumped if any(st.tiles[o])] if jumped else []
        self._after_steals(st, s, log)

    def _after_steals(self, st, s, log):
        while st.steal_from and not any(st.tiles[st.steal_from[0]]):
            st.steal_from.pop(0)
        if not st.steal_from:
            st.bonus.append((ROCKS[st.rocks[s]], -1, 0, 1))  # the rock's bonus action
            self._finish(st, log)

    def _plant(self, st, s, tree, space, log):
        self._spend(st, LEAF, TREES[tree].cost)
        st.dispenser[tree] -= 1
        st.forest[s][space] = tree
        st.changed(s)  # its elements, Kodama symbols and planting spaces, and every seat's plant moves
        if log is not None:
            log.append(_LOG_PLANTS[s][tree][space])
        if space in CORNERS:
            a, e, amount, frags = CORNERS[space]
            st.bonus.append((a, e, amount, frags))
            if log is not None:
                log.append(_LOG_CORNERS[s][a])
        self._finish(st, log)

    def _buy(self, st, s, k, log):
        st.bought = True
        self._spend(st, 4, CARD_COST[k])
        st.market.remove(k)
        st._buys = {}  # the market changed
        st.draw[s].append(k)
        st.known_top[s] += 1
        if log is not None:
            log.append(LogEntry.lazy("Seat {} buys {} for {} flowers.".format, (s + 1, _name(k), CARD_COST[k]), s))
        # Onibi adds a Fire 2 for each spirit it jumps: those on the rocks it passes, not the one it lands on.
        pos = st.onibi
        fires = 0
        for _ in range(ONIBI_STEPS[st.n] - 1):
            pos = (pos + 1) % N_ROCKS
            fires += sum(1 for o in range(st.n) if st.rocks[o] == pos)
        pos = st.onibi = (pos + 1) % N_ROCKS
        added = self._add_fires(st, 2, fires)
        if log is not None:
            log.append(LogEntry.lazy(_onibi_text, (pos, fires, added), None))
        self._advance(st, log)

    def _add_fires(self, st, value, count):
        added = 0
        while added < count and len(st.circle) < MAX_FIRES and st.fire_stock[value - 2]:
            st.fire_stock[value - 2] -= 1
            st.circle.append(value)
            added += 1
        st.circle.sort()
        return added

    # ----- the end of a spirit's turn and of the round -----------------------------------

    def _end_turn(self, st, log):
        """The turn passes to the next seat (and on, past seats with nothing to do), or the round ends."""
        n = st.n
        while True:
            acted = st.acted = st.acted + 1
            if acted >= n:
                self._clear_turn(st)
                self._end_round(st, log)
                return
            moves = self._start_turn(st, (st.turn + 1) % n, log)
            if moves:
                st._moves = moves
                return

    def _end_round(self, st, log):
        # The game ends once someone has reached the target (`any(st.completed(s))`, the different trees read
        # from the kept grove). Else stage 1: Onibi attacks every spirit whose water
        # is below the fires' strength: one Fire Varan each per fire, dealt round the table from the Sacred
        # Tree while the stack lasts. One pass over the seats, in that order, does both.
        n = st.n
        target = st.target
        totals, tiles, fires_taken, groves = st._totals, st.tiles, st.fires_taken, st._grove
        circle = st.circle
        # Onibi's strength: 0 with no fire, and then no one is hit; with no Fire Varan left the attack deals
        # nothing, and only the log (its lines) needs it.
        strength = sum(circle) if st.varan_stock or log is not None else 0
        hit = []
        over = st.round >= MAX_ROUNDS
        for s in _ROUND_ORDER[n][st.first]:
            tot = totals[s] or st.totals(s)
            fire_tiles, flower_tiles, tree_tiles = tiles[s]
            if (len(fires_taken[s]) + fire_tiles >= target or tot[4] + flower_tiles >= target
                    or (groves[s] or st._grove_of(s))[7] + tree_tiles >= target):  # (`st.trees(s)`)
                over = True
                break
            if tot[WATER] < strength:
                hit.append(s)
        if over:
            st.phase, st.turn, st._seats = OVER, -1, NOBODY
            if log is not None:
                log.append(_LOG_GAME_OVER)
            return
        discard = st.discard
        if hit:
            dealt = min(st.varan_stock, len(circle) * len(hit))
            st.varan_stock -= dealt
            each, more = divmod(dealt, len(hit))
            for i, s in enumerate(hit):
                got = each + (1 if i < more else 0)
                discard[s] += _VARANS[got]
                if log is not None:
                    log.append(_log_attack(s, got, strength))
        # Stage 2: a Fire 2 if the circle is empty after stage 1 (the help page: even with no animal
        # taken), then new fires for the animals taken; never more than seven. Stage 3: the reserve is
        # refilled (a row is short only where an animal was taken, or where its stack ran out).
        if not circle:
            self._add_fires(st, 2, 1)
        taken = st.taken
        refilled = False
        for lv in range(3):
            if taken[lv]:
                self._add_fires(st, FIRE_OF_LEVEL[lv + 1], taken[lv])
                row, stack = st.rows[lv], st.stacks[lv]
                while len(row) < ROW_SIZE and stack:
                    row.append(stack.pop())
                    refilled = True
        circle.sort()  # as _add_fires leaves it
        if log is not None:
            log.append(_log_fires(tuple(circle)))
        if st.kodama:
            market, deck = st.market, st.market_deck
            if len(market) < MARKET_SIZE and deck:
                while len(market) < MARKET_SIZE and deck:
                    market.append(deck.pop())
                st._buys = {}
            # The Kodama symbols' rewards (only Kodama cards and trees show symbols).
            st.kodama_reached, st.tile, st.tile_pending, st.extra_action = [0] * n, [-1] * n, [False] * n, [False] * n
        if refilled:
            st._attracts = {}
        # Stage 4: Help Lines to the discards; stage 5: the Sacred Tree passes on.
        helps, draw, draws = st.help, st.draw, st._draws
        for s in range(n):
            if helps[s]:
                discard[s] += helps[s]
                helps[s] = []
            draws[s] = _ROUND_START[1] if draw[s] or discard[s] else _ROUND_START[0]  # as the round starts
        st.stopped, st.just_drawn = [False] * n, [False] * n
        st._totals, st._lone = [None] * n, [0] * n  # the Help Lines are gone (the forests stay)
        st.taken = [0, 0, 0]
        st.first = (st.first + 1) % n
        st.phase, st.turn, st.round, st._seats = DRAW_PHASE, -1, st.round + 1, None
        if log is not None:
            log.append(_log_round(st.round, st.first))

    # ----- refusals, prompts -------------------------------------------------------------

    def explain_illegal(self, state, seat, move):
        st = state
        if st.phase == OVER:
            return "The game is over."
        kind = move.__class__
        if st.phase == DRAW_PHASE:
            if not 0 <= seat < st.n:
                return "No such seat."
            if st.stopped[seat]:
                return "You have closed your Help Line: wait for the others."
            if st.tile_pending[seat]:
                return "First choose your Kodama element tile."
            if kind is Draw:
                return ("You have three solitary symbols: you must stop (or spend a Fragment on the last card)."
                        if st.lone(seat) >= 3 else "You have no cards left to draw.")
            if kind is Discard:
                return ("You have no Fragment tile." if not st.frags[seat]
                        else "A Fragment only sends back the card you have just drawn.")
            return "It is the draw phase: draw, stop, or spend a Fragment on the card just drawn."
        if seat != st.turn:
            return f"It is seat {st.turn + 1}'s turn."
        if kind in _DRAW_KINDS:
            return "The draw phase is over: it is the action phase."
        if st.steal_from:
            return f"Take a Victory tile from seat {st.steal_from[0] + 1} first."
        if st.offered is not None and kind is not Done and _KIND_ACTION.get(kind) != st.offered[0]:
            return f"First take your bonus action ({ACTION_LABELS[st.offered[0]]}) or skip it with done."
        if st.active >= 0 and _KIND_ACTION.get(kind) != st.active and kind is not Done:
            return f"Finish your action ({ACTION_LABELS[st.active]}) first: done ends it."
        if kind is Buy:
            if not st.kodama:
                return "There is no Kodama market in this game."
            if st.bought:
                return "You may buy only one Kodama card a turn."
            return "That Kodama card is not in the market, or costs more flowers than you have."
        a = _KIND_ACTION.get(kind)
        if a is not None and st.offered is None and st.active < 0 and not self._may(st, seat) >> a & 1:
            if st.actions_left <= 0:
                return "You have no actions left: end your turn with done."
            return f"You have already taken the action {ACTION_LABELS[a]}: your actions must differ."
        e = ACTION_ELEMENT[a] if a is not None else -1
        have = self.available(st, seat, e) if e >= 0 else 0
        if kind is TakeFragment:
            return "There are no Fragment tiles left."
        if kind is Attract:
            if not any(move.card in row for row in st.rows):
                return f"{_name(move.card)} is not in the reserve."
            return f"{_name(move.card)} costs {CARD_COST[move.card]} suns; you have {have}."
        if kind is Extinguish:
            if move.value not in st.circle:
                return f"There is no fire of {move.value} at the centre of the circle."
            return f"That fire needs {move.value} water; you have {have}."
        if kind is Move:
            return f"You have {have} wind: you may move at most that many rocks."
        if kind is Plant:
            tree = TREES[move.tree]
            if not st.dispenser[move.tree]:
                return f"No {tree.name} tree is left in the dispenser."
            if tree.cost > have:
                return f"The {tree.name} tree costs {tree.cost} leaves; you have {have}."
            return f"Space {space_name(move.space)} is taken or not next to a tree of your forest."
        return f"{self.move_text(move)} is not a legal move now."

    def describe_move(self, state, seat, move):
        kind = move.__class__
        if kind is Attract:
            return f"Attract {_name(move.card)} ({CARD_COST[move.card]} suns)"
        if kind is Buy:
            return f"Buy {_name(move.card)} ({CARD_COST[move.card]} flowers)"
        if kind is Plant:
            return f"Plant the {TREES[move.tree].name} tree in {_SPACE_WORDS[move.space]}"
        if kind is Extinguish:
            return f"Put out a fire of {move.value}"
        if kind is Move:
            return f"Move {move.steps} rock{'s' if move.steps > 1 else ''}"
        if kind is Done:
            if state.phase == ACTION_PHASE and state.active >= 0:
                return "Stop this action"
            if state.phase == ACTION_PHASE and state.offered is not None:
                return "Skip the bonus action"
            return "End my turn"
        if kind is Discard:
            return "Spend a Fragment on the card just drawn"
        if kind is Steal:
            return f"Take a {TILE_KINDS[move.kind]} Victory tile"
        return _WORDS.get(kind) or self.move_text(move)

    def prompt(self, state, seat):
        st = state
        if st.phase == DRAW_PHASE:
            if st.tile_pending[seat]:
                return "Choose your Kodama element tile."
            return f"Draw Guardian Animals or stop: {st.lone(seat)} of 3 solitary symbols in your Help Line."
        if st.phase == OVER:
            return "The game is over."
        if st.steal_from:
            return f"Take a Victory tile from seat {st.steal_from[0] + 1}."
        if st.offered is not None:
            return f"Bonus action: {ACTION_LABELS[st.offered[0]]} (or done to skip)."
        if st.active >= 0:
            return f"{ACTION_LABELS[st.active]}: take more, or done."
        return f"Choose an action ({st.actions_left} left)."

    # ----- what a seat sees --------------------------------------------------------------

    def view(self, state, viewer):
        from .view import build_view
        return build_view(self, state, viewer)

    def render_text(self, view, viewer):
        from .view import render_text
        return render_text(view, viewer)

    def score_sheet(self, state, viewer=ALL):
        st = state
        sheets = []
        for s in range(st.n):
            trees, flowers, fires = st.goals(s)
            planted = len({t for t in st.forest[s] if t >= 0})
            t = st.tiles[s]
            rows = (
                ScoreRow("trees", "Different trees", trees, trees,
                         f"{planted} kinds planted + the starting tree + {t[2]} tree Victory tile(s)"),
                ScoreRow("flowers", "Sacred Flowers", flowers, flowers,
                         f"{st.totals(s)[4]} in play + {t[1]} Victory tile(s)"),
                ScoreRow("fires", "Fires put out", fires, fires,
                         f"{len(st.fires_taken[s])} Fire tiles + {t[0]} Victory tile(s)"),
            )
            best = max(trees, flowers, fires)
            goal = ScoreRow("goal", f"Towards {st.target}", best, 0,
                            "reached" if best >= st.target else f"{st.target - best} to go on the best goal")
            sheets.append(SeatSheet(s, rows + (goal,), trees + flowers + fires))
        return sheets

    def scores(self, state):
        return [sum(state.goals(s)) for s in range(state.n)]

    def outcome(self, state):
        st = state
        if st.phase != OVER:
            return None
        totals = [sum(st.goals(s)) for s in range(st.n)]
        done = [st.completed(s) for s in range(st.n)]
        keys = [(done[s], totals[s]) for s in range(st.n)]
        ranks = tuple(1 + sum(1 for o in keys if o > k) for k in keys)
        winners = [s for s in range(st.n) if ranks[s] == 1]
        reasons = []
        finishers = [s for s in range(st.n) if done[s]]
        if len(finishers) > 1:
            names = ", ".join(f"seat {s + 1}" for s in finishers)
            reasons.append(f"{names} reached {st.target}: the sum of trees, flowers and fires decides.")
        if len(winners) > 1:
            reasons.append(", ".join(f"seat {s + 1}" for s in winners) + f" tie on {totals[winners[0]]}: a shared win.")
        if not finishers:
            reasons.append(f"No one reached {st.target} in {MAX_ROUNDS} rounds: the sums decide.")
        return Outcome(tuple(totals), ranks, tuple(reasons))

    # ----- positions -------------------------------------------------------------------

    state_class = LFState

    def loaded(self, state, data, at):
        check(state)

    # ----- search support ----------------------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """Resample every hidden order: each draw stack below its publicly known top cards (its owner
        does not know the order either), the reserve stacks and the Kodama deck. The contents are
        public (every card taken, drawn and discarded was seen), so only orders change; each pile
        is sorted before its shuffle so that the world depends on what the seat saw only."""
        out = state.copy()
        for s in range(out.n):
            pile = out.draw[s]
            cut = len(pile) - out.known_top[s]
            out.draw[s] = redeal(pile[:cut], rng) + pile[cut:]
        out.stacks = [redeal(stack, rng) for stack in out.stacks]
        out.market_deck = redeal(out.market_deck, rng)
        out.rng = rng.fork()
        return out

    shuffle_unseen = shuffle_as_spectator  # no seat holds anything of its own hidden: only the piles' orders

    def heuristic(self, state, seat):
        """A little for progress on the best goal, Fragments, and the quality of the cards owned."""
        st = state
        best = max(st.goals(seat))
        owned = st.draw[seat] + st.discard[seat] + st.help[seat]
        quality = 0.0
        for k in owned:
            quality += sum(CARDS[k].elements) + CARD_KODAMA[k]
        quality /= max(1, len(owned))
        return 0.5 * best + 0.3 * st.frags[seat] + 0.5 * quality

    # No bound is worked out for this game: it stops itself after 60 rounds, but a round's draws and actions are not
    # bounded here. The adapters end a game at this cap, four to seven times the longest game adversarial policies
    # played (tests/adapters/test_lengths.py).
    length_cap_per_seat = 3000


GAME = LivingForest()
