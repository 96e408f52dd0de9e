"""Assyria's state machine (2 to 4 players).

Three reigns of 2, 3 and 3 turns. A turn: farming (two rows of food cards are
sown, each player in turn order harvests one column of two, and the columns
chosen give the new turn order); expansion (each player in turn places the huts
of the turn's expansion card, resupplies every hut with food cards, loses the
ones left unfed, may dig wells, scores its villages and ziggurat levels and
collects camels from its river huts); actions (each player spends camels on
ziggurats, huts in Assur, offerings, a plow or one food card). A flood ends each
reign: river huts go, Assur's influence is scored with the reign's expansion
cards, the dignitaries pay out, and offerings multiply the ziggurats. The third
flood ends the game with points for ziggurat tiles, plows and pairs of camels.

Rulings where the page is silent follow the BGA implementation (see
docs/games/assyria.md).
"""

from __future__ import annotations

from operator import mul
from typing import Any, ClassVar

from meeple.engine import ALL, PERFECT, LogEntry, Rng, check_position, ranked_outcome
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import reshuffled, shuffle_as_spectator

from . import lines
from . import moves as notation
from .bits import (
    ALL_HEXES,
    BIT,
    FOOD_MASKS,
    HEXES,
    INSIDE_MASK,
    NEAR_MASK,
    OUTSIDE_MASK,
    RIVER1_MASK,
    RIVER2_MASK,
    RIVER_MASK,
    WELL_MASK,
    WELLS_UNDER,
    chunk_tables,
    reach,
    unpack,
)
from .components import (
    BONUS_CARD,
    CAMEL_CAP,
    DIGNITARY_COST,
    DIGNITARY_HEIGHT,
    DIGNITARY_INFLUENCE,
    DIGNITARY_NAMES,
    DIGNITARY_SPACES,
    EXPANSION_DECK,
    FIRST_EXPANSION,
    FOOD_DECK,
    HEX_REGION,
    HIGH,
    HIGH_POINTS,
    INSIDE,
    KIND_COST,
    KIND_FOOD,
    KIND_SYMBOLS,
    LOW,
    MIDDLE,
    N_HEXES,
    N_KINDS,
    OFFERING_MULTIPLIER,
    OFFERING_PER_TURN,
    OFFERING_TOP,
    OUTSIDE,
    PLOW_COST,
    PLOW_SYMBOLS,
    REIGN_TURNS,
    REIGNS,
    SOWING_COLUMNS,
    START_SPACES,
    WELL_STOCK,
    WILD,
    ZIGGURAT_COST,
    river_camels,
    well_points,
)
from .lines import SEAT_NAMES
from .moves import (
    ASSUR,
    BUILD,
    BUY,
    COLUMN,
    DONE,
    DRAFT,
    EXTEND,
    FEED,
    HUT,
    NO_WELL,
    OFFER,
    PLOW,
    PLOW_KIND,
    START,
    USE,
    WELL,
    Assur,
    Build,
    Buy,
    Column,
    Done,
    Draft,
    Extend,
    Feed,
    Hut,
    NoWell,
    Offer,
    Plow,
    Start,
    Use,
    Well,
)
from .scoring import score_sheet
from .state import (
    P_ACTIONS,
    P_DRAFT,
    P_FEED,
    P_HARVEST,
    P_HUTS,
    P_OVER,
    P_START,
    P_USE,
    P_WELLS,
    PHASE_NAMES,
    ROW_INDEX,
    AssyriaState,
    check,
    new_position,
)
from .view import public_view, render_text
from .words import move_words

R_VILLAGES, R_LEVELS, R_WELLS, R_ASSUR, R_HIGHER, R_OFFERINGS, R_TILES, R_PLOWS, R_CAMELS = (
    ROW_INDEX[k] for k in ("villages", "levels", "wells", "assur", "higher", "offerings", "tiles", "plows", "camels"))


TO_MOVE = tuple(frozenset((s,)) for s in range(4))
_SOW_ORDER = tuple((k == WILD, KIND_SYMBOLS[k]) for k in range(N_KINDS))  # a food row's order: symbols, wild last
_ACTION_KINDS = frozenset((Build, Extend, Assur, Offer, Buy, Plow))
# The card kinds (a bit each) that feed some hut among a set of foods (a bit per food); wild cards feed any.
_KINDS_FOR_FOODS = tuple(sum(1 << k for k in range(N_KINDS) if k == WILD or foods >> KIND_FOOD[k] & 1)
                         for foods in range(1 << len(FOOD_MASKS)))
# The Use moves of a set of kinds, in kind order: the kinds 0-7 by the mask's low byte, 8-15 by its high one.
_USES_LOW = tuple(tuple(USE[k] for k in range(8) if c >> k & 1) for c in range(256))
_USES_HIGH = tuple(tuple(USE[8 + k] for k in range(8) if c >> k & 1) for c in range(256))
USE_PLOW = USE[PLOW_KIND]
_RIVER_CAMELS = tuple(river_camels(count) for count in range(N_HEXES + 1))
_MOST_A_CARD = max(KIND_COST)
_BUY_OF = BUY.__getitem__  # a kind's Buy move
_COST_BASE, _COST_ROOF = ZIGGURAT_COST[0], ZIGGURAT_COST[2]
_BUILDABLE = ALL_HEXES & ~RIVER_MASK  # a ziggurat never stands on a river
_COST_HIGH, _COST_MIDDLE, _COST_LOW = (DIGNITARY_COST[level] for level in (HIGH, MIDDLE, LOW))
_SPACES_HIGH, _SPACES_MIDDLE, _SPACES_LOW = (DIGNITARY_SPACES[level] for level in (HIGH, MIDDLE, LOW))
_INF_HIGH, _INF_MIDDLE, _INF_LOW = (DIGNITARY_INFLUENCE[level] for level in (HIGH, MIDDLE, LOW))
# The hexes a card of each kind may feed (the plow and wild cards: any).
_FEEDS = tuple(ALL_HEXES if k in (WILD, PLOW_KIND) else FOOD_MASKS[KIND_FOOD[k]] for k in range(N_KINDS + 1))
HUT_MOVES, FEED_MOVES, BUILD_MOVES = chunk_tables(HUT), chunk_tables(FEED), chunk_tables(BUILD)
OFFERS = tuple(OFFER[:room] for room in range(len(OFFER) + 1))  # the offers when `room` camels may go up
_BEFORE_ACTIONS = frozenset((P_HARVEST, P_HUTS, P_USE, P_FEED, P_WELLS))
# What the seat to move does in each phase, for the prompt and the refusal of another move.
_TASKS = ("choose a starting space for your first ziggurat",
          "take one of the food cards on offer",
          "harvest a column of food cards that is still free",
          "place a new hut on an empty hex next to your huts or ziggurats",
          "resupply your huts with a food card that matches one of them (or a wild card or plow)",
          "choose a hut that the card in use can feed",
          "dig a well between three of your huts, or stop digging",
          "spend camels on an action you can afford, or end your actions")
_AUTO_PHASES = frozenset((P_START, P_DRAFT, P_HUTS, P_USE, P_ACTIONS))  # where _advance may have a step to take


def _add(rows: list[list[int]], seat: int, i: int, amount: int) -> None:
    """rows[seat][i] += amount, in a new row: copies of a position share the rows (see AssyriaState)."""
    row = rows[seat][:]
    row[i] += amount
    rows[seat] = row


def _lose_huts(state: AssyriaState, seat: int, huts: int) -> None:
    """The seat's huts on the hexes of the mask go back to its stock (each holds level 0 and is not fed:
    only the owner changes)."""
    for h in unpack(huts, HEXES):
        state.occ[h] = -1
    state.mine[seat] &= ~huts
    state.hutm[seat] &= ~huts
    state.occm &= ~huts
    state.huts[seat] += huts.bit_count()


# ----- reading the position (pure) ------------------------------------------


def hut_space_mask(state: AssyriaState, seat: int) -> int:
    """Empty open hexes next to one of the seat's huts or ziggurats, as a mask."""
    return reach(state.mine[seat], state.n) & ~state.occm


def usable_moves(state: AssyriaState, seat: int) -> list:
    """Use moves for the card kinds (and the plow) that can feed one of the seat's unfed huts."""
    unfed = state.hutm[seat] & ~state.fedm
    if not unfed:
        return []
    f0, f1, f2, f3, f4 = FOOD_MASKS
    foods = ((1 if unfed & f0 else 0) | (2 if unfed & f1 else 0) | (4 if unfed & f2 else 0)
             | (8 if unfed & f3 else 0) | (16 if unfed & f4 else 0))  # a bit per food an unfed hut needs
    kinds = _KINDS_FOR_FOODS[foods] & state.handm[seat]  # a bit per kind held that feeds one of them
    out = [*_USES_LOW[kinds & 255], *_USES_HIGH[kinds >> 8]]
    if state.plows[seat]:
        out.append(USE_PLOW)
    return out


def feedable_mask(state: AssyriaState, seat: int, kind: int) -> int:
    """The seat's unfed huts that a card of this kind can feed, as a mask."""
    return state.hutm[seat] & ~state.fedm & _FEEDS[kind]


def well_spaces(state: AssyriaState, seat: int) -> list[int]:
    """Free well corners whose three hexes all hold the seat's resupplied huts (none between the rivers
    by the map's corners; no ziggurat can touch one, since all three hexes hold huts)."""
    if state.well_stock <= 0:
        return []
    ready = state.hutm[seat] & state.fedm
    if ready.bit_count() < 3:
        return []
    wells = state.wells
    out = []
    for h in unpack(ready, HEXES):
        for w in WELLS_UNDER[h]:
            trio = WELL_MASK[w]
            if ready & trio == trio and wells[w] < 0:
                out.append(w)
    out.sort()
    return out


def influence(state: AssyriaState, seat: int) -> int:
    high, middle, low = state.assur
    return _INF_HIGH * high.count(seat) + _INF_MIDDLE * middle.count(seat) + _INF_LOW * low.count(seat)


def assur_ranking(state: AssyriaState) -> list[int]:
    """Seats with influence, best first: most influence, then most huts in Assur, then the highest hut."""
    keys = []
    for s in range(state.n):
        inf = influence(state, s)
        if inf == 0:
            continue
        huts = sum(state.assur[level].count(s) for level in range(3))
        height = max(DIGNITARY_HEIGHT[level][i] for level in range(3) for i, t in enumerate(state.assur[level])
                     if t == s)
        keys.append((inf, huts, height, s))
    keys.sort(reverse=True)
    return [k[3] for k in keys]


def assur_payout(state: AssyriaState) -> list[tuple[int, int]]:
    """(seat, points) for the flood's Assur scoring: each ranked seat scores the cards still there, then
    takes the highest (the last takes all). Two players: the first takes all but the lowest card (all of
    them in the first reign)."""
    pool = sorted(state.expansions + ([BONUS_CARD] if state.bonus else []))
    ranking = assur_ranking(state)
    out = []
    for i, s in enumerate(ranking):
        out.append((s, sum(pool)))
        if i == len(ranking) - 1:
            break
        if state.n == 2:
            pool = [] if state.reign == 1 else pool[:1]
        else:
            pool = pool[:-1]
    return out


def ziggurats(state: AssyriaState, seat: int) -> int:
    return (state.mine[seat] & ~state.hutm[seat]).bit_count()


def offering_points(state: AssyriaState, seat: int) -> int:
    return ziggurats(state, seat) * OFFERING_MULTIPLIER[state.offering[seat]]


def tiles(state: AssyriaState, seat: int) -> int:
    """The seat's ziggurat levels: a base for each ziggurat, a centre for each of two levels or more..."""
    zigs = state.mine[seat] & ~state.hutm[seat]
    return zigs.bit_count() + (zigs & state.tall2m).bit_count() + (zigs & state.tall3m).bit_count()


def action_moves(state: AssyriaState, seat: int) -> list:
    """Every action the seat may take now, Done last."""
    camels = state.camels[seat]
    if camels <= 0:
        return [DONE]  # every action costs a camel at least
    huts, stock = state.hutm[seat], state.zstock[seat]
    out = unpack(huts & _BUILDABLE & ~state.dugm, BUILD_MOVES) if camels >= _COST_BASE and stock[0] else []
    if camels >= _COST_ROOF:  # extendable(), inline: one to four ziggurats, bit by bit
        zigs, level, fresh = state.mine[seat] & ~huts, state.level, state.fresh
        while zigs:
            low = zigs & -zigs
            zigs ^= low
            h = low.bit_length() - 1
            lv = level[h]
            if lv <= 2 and camels >= ZIGGURAT_COST[lv] and stock[lv] > 0 and h not in fresh:
                out.append(EXTEND[h])
    if state.huts[seat] > 0:
        assur = state.assur
        if camels >= _COST_HIGH and len(assur[HIGH]) < _SPACES_HIGH:
            out.append(ASSUR[HIGH])
        if camels >= _COST_MIDDLE and len(assur[MIDDLE]) < _SPACES_MIDDLE:
            out.append(ASSUR[MIDDLE])
        if camels >= _COST_LOW and len(assur[LOW]) < _SPACES_LOW:
            out.append(ASSUR[LOW])
    room = min(camels, OFFERING_PER_TURN - state.offered, OFFERING_TOP - state.offering[seat])
    if room > 0:
        out += OFFERS[room]
    if not state.bought:
        kinds = sorted(set(state.sowing))
        if kinds[0] < 0:  # (-1: a card taken, sorted first)
            del kinds[0]
        if camels >= _MOST_A_CARD:
            out += map(_BUY_OF, kinds)
        else:
            out += [BUY[k] for k in kinds if camels >= KIND_COST[k]]
    if camels >= PLOW_COST and state.plows[seat] == 0 and state.plow_supply > 0:
        out.append(PLOW)
    out.append(DONE)
    return out


# ----- the game ----------------------------------------------------------------

class AssyriaGame(DeclaredGame):
    id = "assyria"
    name = "Assyria"
    min_players = 2
    max_players = 4
    summary = ("Feed your huts along the Tigris and the Euphrates, dig wells, raise ziggurats and win "
               "favour in Assur before each reign's flood. Three reigns, eight turns.")
    options = ()
    notation: ClassVar[Any] = notation
    information = PERFECT  # every seat sees the same; the face-down decks are chance, unknown to all
    chance = True
    public_totals = True  # every point is scored in the open
    length_cap_per_seat = 300  # no bound is worked out for this game
    # Search: every root (not only those of 16 moves or more) is searched in the order greedy values
    # its moves, so the search starts from greedy's whole-turn look ahead; new leaves are judged at once
    # by the trained value model (`meeple train assyria`, docs/train.md); see docs/games/assyria.md.
    search_hints: ClassVar[dict] = {"prior_min_moves": 2, "horizon": "leaf", "leaf_value": "learned"}

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        state = new_position(n_players, rng)
        state.well_stock = WELL_STOCK[n_players]
        deck = list(FOOD_DECK)
        rng.shuffle(deck)
        state.deck = deck
        exp = list(EXPANSION_DECK)
        rng.shuffle(exp)
        state.exp_deck = exp
        state.expansions = [FIRST_EXPANSION]
        self._sow(state)
        self._advance(state, None)
        return state

    def _draw(self, state: AssyriaState, count: int) -> list[int]:
        """The next `count` cards of the food deck (copies share the deck list: it is replaced, not changed)."""
        deck = state.deck[:]
        cards = []
        for _ in range(count):
            if not deck:  # the discard is shuffled into a new deck
                deck = [k for k in range(N_KINDS) for _ in range(state.discard[k])]
                state.rng.shuffle(deck)
                state.discard = [0] * N_KINDS
            cards.append(deck.pop())
        state.deck = deck
        state.draws += count
        return cards

    def _sow(self, state: AssyriaState) -> None:
        """Two rows of cards: each sorted by symbols, wild cards right, ties in drawing order."""
        cols = SOWING_COLUMNS[state.n]
        cards = self._draw(state, 2 * cols)
        key = _SOW_ORDER.__getitem__
        state.sowing = sorted(cards[:cols], key=key) + sorted(cards[cols:], key=key)  # stable: drawing order on ties
        state.taken = [-1] * cols

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return frozenset() if state.phase == P_OVER else TO_MOVE[state.order[state.cur]]

    def actor(self, state):  # the playouts' hot path: to_move's one seat, no set
        return -1 if state.phase == P_OVER else state.order[state.cur]

    def legal_moves(self, state, seat):
        cache = state.cache  # never kept once the game is over
        if cache is not None and seat == state.order[state.cur]:
            return cache[:]
        phase = state.phase
        if phase == P_OVER or seat != state.order[state.cur]:
            return []
        if phase == P_ACTIONS:
            return action_moves(state, seat)
        if phase == P_HUTS:
            return unpack(hut_space_mask(state, seat), HUT_MOVES)
        if phase == P_USE:
            return usable_moves(state, seat)
        if phase == P_FEED:
            return unpack(feedable_mask(state, seat, state.counter >> 4), FEED_MOVES)
        if phase == P_WELLS:
            return [WELL[w] for w in well_spaces(state, seat)] + [NO_WELL]
        if phase == P_HARVEST:
            return [COLUMN[c] for c, s in enumerate(state.taken) if s < 0]
        if phase == P_DRAFT:
            return [DRAFT[k] for k in sorted(set(state.draft))]
        occm = state.occm
        return [START[h] for h in START_SPACES[state.n] if not occm & BIT[h]]

    def max_moves(self, n_players, options):
        # Hut placement or feeding offers at most one move per hex; wells at most 58 + 1.
        return N_HEXES

    def explain_illegal(self, state, seat, move):
        if state.phase == P_OVER:
            return "The game is over."
        if seat != state.seat:
            return f"It is {SEAT_NAMES[state.seat]}'s turn."
        cls = move.__class__
        if state.phase == P_ACTIONS:
            camels = state.camels[seat]
            if cls is Build:
                return "A ziggurat costs 6 camels and replaces one of your huts away from the rivers and the wells."
            if cls is Extend:
                return "Extend one of your ziggurats by one level a turn: 3 camels a centre, 2 a roof."
            if cls is Assur:
                return (f"The {DIGNITARY_NAMES[move.level]} dignitary costs {DIGNITARY_COST[move.level]} camels "
                        f"and a hut from your stock, on a free space (you have {camels} camels).")
            if cls is Offer:
                return "Offer at most 3 camels a turn, up to the top of the track (7)."
            if cls is Buy:
                if state.bought:
                    return "You may buy only one food card a turn."
                return "Buy a card left in the food rows: 1 camel for 1 symbol, 2 for more or wild."
            if cls is Plow:
                return "You may never hold more than one plow card; a plow costs 2 camels, if one is in the supply."
        return f"Now you {_TASKS[state.phase]}."

    def reveals(self, state, seat, move):
        # A move that leads (through automatic steps) to a draw from a face-down deck. Actions other
        # than Done and the opening cards never do; the rest is played out on a copy.
        cls = move.__class__
        if cls is Draft:
            return False
        if state.phase == P_ACTIONS and cls is not Done and self._still_acting(state, seat, move):
            return False  # the seat can still make an offering afterwards: its actions go on
        if state.phase in _BEFORE_ACTIONS:
            for c, o in zip(state.camels, state.offering):  # (a loop: bots ask for every move they weigh)
                if c >= 1 and o < OFFERING_TOP:
                    return False  # camels only grow before the actions: that seat will have an offering to make
        trial = state.copy()
        self.advance(trial, seat, move)
        return trial.draws != state.draws

    @staticmethod
    def _still_acting(state, seat, move) -> bool:
        """After this action the seat has a camel and room on the offerings track, so it is not
        made to end its actions (which could end the turn and turn up cards)."""
        cls = move.__class__
        camels, offered, track = state.camels[seat], state.offered, state.offering[seat]
        if cls is Offer:
            camels, offered, track = camels - move.camels, offered + move.camels, track + move.camels
        elif cls is Build:
            camels -= ZIGGURAT_COST[0]
        elif cls is Extend:
            camels -= ZIGGURAT_COST[state.level[move.hex]]
        elif cls is Assur:
            camels -= DIGNITARY_COST[move.level]
        elif cls is Buy:
            camels -= KIND_COST[move.kind]
        elif cls is Plow:
            camels -= PLOW_COST
        return camels >= 1 and offered < OFFERING_PER_TURN and track < OFFERING_TOP

    # ----- making moves ------------------------------------------------------

    def advance(self, state, seat, move, log: list[LogEntry] | None = None) -> None:
        """apply's body: the log's lines are put in `log` only when it is a list (playouts and the
        search's rollouts pass none)."""
        while True:  # the move, then each step after it that leaves no choice (see _forced)
            before = state.cache
            state.cache = None
            cls = move.__class__
            if cls is Hut:
                self._hut(state, seat, move.hex, before, log)
            elif cls is Use:
                self._use(state, seat, move.kind, log)
            elif cls is Feed:
                self._feed(state, seat, move, before, log)
            elif cls is Column:
                self._harvest(state, seat, move.col, before, log)
            elif cls is Done:
                if log is not None:
                    log.append(lines.DONE[seat])
                self._next_actions(state, log)
            elif cls in _ACTION_KINDS:
                self._action(state, seat, move, log)
            elif cls is Well:
                self._dig(state, seat, move.well, log)
            elif cls is NoWell:
                self._income(state, seat, log)
            elif cls is Draft:
                draft = state.draft[:]
                draft.remove(move.kind)
                state.draft = draft
                state.hand[seat][move.kind] += 1
                state.handm[seat] |= 1 << move.kind
                if log is not None:
                    log.append(lines.draft(seat, move.kind))
                state.cur -= 1
                if state.cur < 0:
                    state.cur, state.phase = 0, P_HARVEST
                    state.cache = list(COLUMN[:len(state.taken)])
            elif cls is Start:
                state.put(move.hex, seat, 1)
                _add(state.zstock, seat, 0, -1)
                if log is not None:
                    log.append(lines.start(seat, move.hex))
                state.cur += 1
                if state.cur == state.n:
                    state.draft = self._draw(state, state.n)
                    state.cur, state.phase = state.n - 1, P_DRAFT
                    if log is not None:
                        offer = ", ".join(lines.KIND_WORDS[k] for k in state.draft)
                        log.append(LogEntry(f"Food cards on offer: {offer}."))
            options = state.cache  # several moves worked out already: a choice waits
            if (options is not None and len(options) != 1) or state.phase not in _AUTO_PHASES:
                return
            move = self._forced(state, log)
            if move is None:
                return
            seat = state.order[state.cur]

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the move drawn from the kept list of moves
        (`legal_moves` without its copy), played by `advance`."""
        if state.phase == P_OVER:
            return -1
        seat = state.order[state.cur]
        options = state.cache if state.cache is not None else self.legal_moves(state, seat)
        self.advance(state, seat, options[draw() % len(options)])
        return seat

    def _advance(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        """Take the steps that leave no choice, one after another, until a choice."""
        move = self._forced(state, log)
        if move is not None:
            self.advance(state, state.order[state.cur], move, log)

    def _forced(self, state: AssyriaState, log: list[LogEntry] | None):
        """The only move now (a single starting space, hut space or usable card, the last draft card),
        or None when there is a choice; actions without camels end here, as Done would end them."""
        while True:
            phase = state.phase
            seat = state.order[state.cur]
            if phase == P_USE:
                options = state.cache if state.cache is not None else usable_moves(state, seat)
            elif phase == P_ACTIONS:
                if state.camels[seat] <= 0:  # nothing to pay with: Done, as apply plays it
                    state.cache = None
                    if log is not None:
                        log.append(lines.DONE[seat])
                    self._next_actions(state, log)
                    continue
                options = action_moves(state, seat)
            elif phase == P_HUTS:
                if state.cache is not None:
                    options = state.cache
                else:
                    state.spaces = hut_space_mask(state, seat)
                    options = unpack(state.spaces, HUT_MOVES)
            elif phase == P_START:
                options = self.legal_moves(state, seat)
                if len(options) != 1:
                    return None
            elif phase == P_DRAFT:
                if len(set(state.draft)) != 1:
                    return None
                options = [DRAFT[state.draft[0]]]
            else:
                return None
            if len(options) != 1:
                state.cache = options
                return None
            return options[0]

    # expansion ---------------------------------------------------------------

    def _begin_expansion(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        seat = state.order[state.cur]
        state.counter = min(state.expansions[state.turn - 1], state.huts[seat])
        state.phase = P_HUTS
        spaces = hut_space_mask(state, seat) if state.counter > 0 else 0
        if spaces:
            state.spaces = spaces
            state.cache = unpack(spaces, HUT_MOVES)
        else:
            self._begin_feeding(state, seat, log)

    def _hut(self, state: AssyriaState, seat: int, h: int, before: list | None, log: list[LogEntry] | None) -> None:
        """A new hut on hex h; `before`: the hut moves kept before it, if any (then `spaces` is up to date)."""
        b = BIT[h]
        state.occ[h] = seat  # an empty hex holds level 0 and is not fed: only the owner changes
        state.mine[seat] |= b
        state.hutm[seat] |= b
        state.occm |= b
        state.huts[seat] -= 1
        state.counter -= 1
        if log is not None:
            log.append(lines.HUT[seat][h])
        if state.counter <= 0:
            spaces = 0
        elif before is not None:  # the spaces before, less this hex, plus its empty neighbours
            spaces = (state.spaces & ~b) | (NEAR_MASK[state.n][h] & ~state.occm)
        else:
            spaces = hut_space_mask(state, seat)
        if spaces:
            state.spaces = spaces
            state.cache = unpack(spaces, HUT_MOVES)  # worked out once: legal_moves reads it
        else:
            self._begin_feeding(state, seat, log)

    def _feed(self, state: AssyriaState, seat: int, move: Feed, before: list | None,
              log: list[LogEntry] | None) -> None:
        """The card in use feeds the hut the move names; `before`: the feed moves kept before it, if any."""
        h = move.hex
        state.fed[h] = True
        state.fedm |= BIT[h]
        state.counter -= 1
        if log is not None:
            log.append(lines.RESUPPLY[seat][h])
        if state.counter & 15 == 0:
            self._begin_feeding(state, seat, log)
        elif before is not None:  # the huts before, less this one (found by identity: kept moves are
            state.spaces &= ~BIT[h]  # FEED's own, and `is` calls no __eq__ on the moves before it)
            gone = FEED[h]
            state.cache = [m for m in before if m is not gone]
        else:
            state.spaces = feedable_mask(state, seat, state.counter >> 4)
            state.cache = unpack(state.spaces, FEED_MOVES)

    def _begin_feeding(self, state: AssyriaState, seat: int, log: list[LogEntry] | None) -> None:
        state.counter = 0
        options = usable_moves(state, seat)
        if options:
            state.phase = P_USE
            state.cache = options
            return
        state.cache = None
        lost = state.hutm[seat] & ~state.fedm
        if lost:  # famine: the unfed huts go
            _lose_huts(state, seat, lost)
            if log is not None:
                log.append(lines.famine(seat, lost))
        self._begin_wells(state, log)

    def _use(self, state: AssyriaState, seat: int, kind: int, log: list[LogEntry] | None) -> None:
        if kind == PLOW_KIND:
            state.plows[seat] -= 1
            state.plow_supply += 1
            symbols = PLOW_SYMBOLS
        else:
            hand = state.hand[seat]
            hand[kind] -= 1
            if not hand[kind]:
                state.handm[seat] &= ~(1 << kind)
            state.discard[kind] += 1
            symbols = KIND_SYMBOLS[kind]
        huts = state.hutm[seat] & ~state.fedm & _FEEDS[kind]
        if huts.bit_count() <= symbols:
            fed = state.fed
            state.fedm |= huts
            left = huts
            while left:  # one to three huts: bit by bit
                low = left & -left
                fed[low.bit_length() - 1] = True
                left ^= low
            if log is not None:
                log.append(lines.uses_on(seat, kind, huts))
            self._begin_feeding(state, seat, log)
            return
        if log is not None:
            log.append(lines.USES[seat][kind])
        state.counter = kind << 4 | symbols  # the card in use and its symbols left
        state.phase = P_FEED
        state.spaces = huts
        state.cache = unpack(huts, FEED_MOVES)

    def _begin_wells(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        seat = state.order[state.cur]
        spaces = well_spaces(state, seat)
        if spaces:
            state.phase = P_WELLS
            state.cache = [WELL[w] for w in spaces] + [NO_WELL]
        else:
            self._income(state, seat, log)

    def _dig(self, state: AssyriaState, seat: int, w: int, log: list[LogEntry] | None) -> None:
        state.wells = wells = state.wells[:]
        wells[w] = seat
        state.dugm |= WELL_MASK[w]
        state.well_stock -= 1
        points = well_points(state.reign)
        _add(state.pts, seat, R_WELLS, points)
        if log is not None:
            log.append(lines.well(seat, w, points))
        self._begin_wells(state, log)

    def _income(self, state: AssyriaState, seat: int, log: list[LogEntry] | None) -> None:
        huts = state.hutm[seat]
        villages = (huts & OUTSIDE_MASK).bit_count() + 2 * (huts & INSIDE_MASK).bit_count()
        levels = tiles(state, seat)
        camels = _RIVER_CAMELS[(huts & RIVER1_MASK).bit_count()] + _RIVER_CAMELS[(huts & RIVER2_MASK).bit_count()]
        state.pts[seat] = pts = state.pts[seat][:]
        pts[R_VILLAGES] += villages
        pts[R_LEVELS] += levels
        before = state.camels[seat]
        state.camels[seat] = after = min(CAMEL_CAP, before + camels)
        if log is not None:
            log.append(lines.income(seat, villages, levels, after - before))
        state.cur += 1
        if state.cur < state.n:
            self._begin_expansion(state, log)
        else:
            state.cur = 0
            self._begin_actions(state)

    # actions -----------------------------------------------------------------

    def _begin_actions(self, state: AssyriaState) -> None:
        state.phase = P_ACTIONS
        state.cache = None
        state.bought, state.offered, state.fresh = False, 0, []

    def _action(self, state: AssyriaState, seat: int, move, log: list[LogEntry] | None) -> None:
        cls = move.__class__
        if cls is Offer:
            camels = move.camels
            state.camels[seat] -= camels
            state.offered += camels
            state.offering[seat] = track = state.offering[seat] + camels
            if log is not None:
                log.append(lines.OFFER[seat][camels][track])
        elif cls is Assur:
            state.camels[seat] -= DIGNITARY_COST[move.level]
            state.huts[seat] -= 1
            state.assur[move.level] = state.assur[move.level] + [seat]
            if log is not None:
                log.append(lines.ASSUR[seat][move.level])
        elif cls is Buy:
            state.camels[seat] -= KIND_COST[move.kind]
            state.sowing = sowing = state.sowing[:]
            sowing[sowing.index(move.kind)] = -1
            state.hand[seat][move.kind] += 1
            state.handm[seat] |= 1 << move.kind
            state.bought = True
            if log is not None:
                log.append(lines.BUY[seat][move.kind])
        elif cls is Plow:
            state.camels[seat] -= PLOW_COST
            state.plows[seat] = 1
            state.plow_supply -= 1
            if log is not None:
                log.append(lines.PLOW[seat])
        elif cls is Build:
            h = move.hex
            state.camels[seat] -= ZIGGURAT_COST[0]
            _add(state.zstock, seat, 0, -1)
            state.huts[seat] += 1
            state.level[h], state.fed[h] = 1, False
            state.hutm[seat] &= ~BIT[h]
            state.fedm &= ~BIT[h]
            state.fresh = state.fresh + [h]
            if log is not None:
                log.append(lines.BUILD[seat][h])
        elif cls is Extend:
            h = move.hex
            lvl = state.level[h]
            state.camels[seat] -= ZIGGURAT_COST[lvl]
            _add(state.zstock, seat, lvl, -1)
            state.level[h] = lvl + 1
            if lvl == 1:
                state.tall2m |= BIT[h]
            else:
                state.tall3m |= BIT[h]
            state.fresh = state.fresh + [h]
            if log is not None:
                log.append(lines.extend(seat, h, lvl))

    def _next_actions(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        state.cur += 1
        if state.cur < state.n:
            self._begin_actions(state)
            return
        self._end_turn(state, log)

    # farming -----------------------------------------------------------------

    def _harvest(self, state: AssyriaState, seat: int, col: int, before: list | None,
                 log: list[LogEntry] | None) -> None:
        """The seat harvests column `col`; `before`: the column moves kept before it, if any."""
        state.sowing = sowing = state.sowing[:]
        cols = len(state.taken)
        first, second = sowing[col], sowing[cols + col]
        hand = state.hand[seat]
        hand[first] += 1
        hand[second] += 1
        state.handm[seat] |= 1 << first | 1 << second
        sowing[col] = sowing[cols + col] = -1
        state.taken = taken = state.taken[:]
        taken[col] = seat
        if log is not None:
            log.append(lines.harvest(seat, col, first, second))
        state.cur += 1
        if state.cur < state.n:
            if before is not None:  # the columns before, less this one
                gone = COLUMN[col]  # (by identity, as in _feed)
                state.cache = [m for m in before if m is not gone]
            return
        state.order = [s for s in state.taken if s >= 0]
        if log is not None:
            log.append(lines.order(tuple(state.order)))
        state.cur = 0
        self._begin_expansion(state, log)

    def _end_turn(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        discard = state.discard
        for k in state.sowing:
            if k >= 0:
                discard[k] += 1
        state.fed = [False] * N_HEXES
        state.fedm = 0
        state.cur = 0
        if state.turn == REIGN_TURNS[state.reign - 1]:
            self._flood(state, log)
            if state.reign == REIGNS:
                self._final(state, log)
                state.sowing = [-1] * len(state.sowing)
                state.phase = P_OVER
                state.cache = None
                return
            state.reign += 1
            state.turn = 1
            state.expansions = [state.exp_deck[-1]]
            state.bonus = state.n == 4
        else:
            state.turn += 1
            state.expansions = state.expansions + [state.exp_deck[-1]]
        state.exp_deck = state.exp_deck[:-1]
        state.draws += 1
        if log is not None:
            log.append(lines.new_turn(state.reign, state.turn, state.expansions[-1]))
        self._sow(state)
        state.phase = P_HARVEST
        state.cache = list(COLUMN[:len(state.taken)])

    def _flood(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        if log is not None:
            log.append(lines.flood(state.reign))
        assur = state.assur
        for s in range(state.n):
            gone = state.hutm[s] & RIVER_MASK
            if gone:  # (no hut is fed after the turn)
                _lose_huts(state, s, gone)
                if log is not None:
                    log.append(lines.river_huts(s, gone.bit_count()))
        if assur[HIGH] or assur[MIDDLE] or assur[LOW]:
            for s, points in assur_payout(state):
                _add(state.pts, s, R_ASSUR, points)
                if log is not None:
                    log.append(lines.assur_scores(s, points))
            for s in range(state.n):
                on_high = assur[HIGH].count(s)
                if on_high:
                    _add(state.pts, s, R_HIGHER, HIGH_POINTS[on_high])
                    if log is not None:
                        log.append(lines.higher(s, HIGH_POINTS[on_high]))
                on_middle = assur[MIDDLE].count(s)
                if on_middle and state.plows[s] == 0 and state.plow_supply > 0:
                    state.plows[s], state.plow_supply = 1, state.plow_supply - 1
                    if log is not None:
                        log.append(lines.middle_plow(s))
                on_low = assur[LOW].count(s)
                if on_low:
                    state.camels[s] = min(CAMEL_CAP, state.camels[s] + on_low)
                state.huts[s] += on_high + on_middle + on_low
            state.assur = [[], [], []]
        for s in range(state.n):
            points = offering_points(state, s)
            if points:
                _add(state.pts, s, R_OFFERINGS, points)
                if log is not None:
                    log.append(lines.offerings(s, points))
            state.offering[s] = 0

    def _final(self, state: AssyriaState, log: list[LogEntry] | None) -> None:
        for s in range(state.n):
            state.pts[s] = pts = state.pts[s][:]
            pts[R_TILES] += tiles(state, s)
            pts[R_PLOWS] += state.plows[s]
            pts[R_CAMELS] += state.camels[s] // 2
        if log is not None:
            scores = ", ".join(f"{SEAT_NAMES[s]} {state.total(s)}" for s in range(state.n))
            log.append(LogEntry(f"Final scores: {scores}."))

    # ----- what a seat sees --------------------------------------------------

    view = public_view  # view.py: every seat sees the same, less the decks' order
    render_text = staticmethod(render_text)

    def describe_move(self, state, seat, move):
        return move_words(self.move_text(move))

    def prompt(self, state, seat):
        phase = state.phase
        if phase == P_OVER:
            return "The game is over."
        if seat != state.seat:
            return f"Waiting for {SEAT_NAMES[state.seat]}."
        if phase == P_HUTS:
            what = f"place {state.counter} more hut{'s' if state.counter > 1 else ''} next to your huts or ziggurats"
        elif phase == P_FEED:
            left = state.counter & 15
            what = f"choose {left} hut{'s' if left > 1 else ''} to feed with {lines.KIND_WORDS[state.counter >> 4]}"
        elif phase == P_ACTIONS:
            camels = state.camels[seat]
            what = f"spend your {camels} camel{'s' if camels != 1 else ''}, or end your actions"
        else:
            what = _TASKS[phase]
        return f"{SEAT_NAMES[seat]}: {what}."

    def score_sheet(self, state, viewer=ALL):
        return score_sheet(state)

    def scores(self, state):
        return [sum(points) for points in state.pts]

    def outcome(self, state):
        if state.phase != P_OVER:
            return None
        return ranked_outcome([state.total(s) for s in range(state.n)])  # ties share the win

    # ----- positions ---------------------------------------------------------

    state_class = AssyriaState

    def loaded(self, state, data, at):
        check(state)
        if state.phase == P_OVER:
            return
        seat, counter = state.seat, state.counter
        if state.phase == P_HUTS:
            most = min(state.expansions[state.turn - 1], state.huts[seat])
            check_position(1 <= counter <= most, f"counter: seat {seat + 1} has 1 to {most} huts still to place.")
        elif state.phase == P_FEED:
            kind, left = counter >> 4, counter & 15
            check_position(0 <= kind <= PLOW_KIND and 1 <= left <= 3,
                           "counter: the card in use (kind * 16) and its symbols left (1 to 3).")
        else:
            check_position(counter == 0, f"counter is 0 outside the huts and feeding steps, not {counter}.")
        check_position(bool(self.legal_moves(state, seat)),
                       f"Seat {seat + 1} is to move ({PHASE_NAMES[state.phase]}) with no legal move: play never "
                       "stops there.")

    # ----- search support ----------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """The face-down decks in a new order (their contents are known: every other card is in view);
        sorted before shuffling, and the world's own rng fresh, so later reshuffles are unknown too."""
        return reshuffled(state, rng, "deck", "exp_deck")

    shuffle_unseen = shuffle_as_spectator  # no seat holds anything of its own hidden: only the decks' order

    def heuristic(self, state, seat):
        """What the seat's pieces and supplies are likely to bring later, in points (public facts only):
        huts and ziggurat levels score each turn left, camels buy points, offerings and Assur pay at the
        flood, food cards keep huts alive, a plow is a point at the end."""
        if state.phase == P_OVER:
            return 0.0
        left = _TURNS_LEFT[state.reign][state.turn]  # whole turns after this one
        level, hut_value, level_value = state.level, _HUT_VALUE[left], _LEVEL_VALUE[left]
        value = 0.5 * state.camels[seat] + 1.0 * state.plows[seat]
        mine, huts = state.mine[seat], state.hutm[seat]
        for h in unpack(mine, HEXES):  # in hex order, as ever: the same sums to the last bit
            if huts & BIT[h]:
                value += hut_value[h]
            else:
                value += level[h] * level_value
        zigs = (mine & ~huts).bit_count()
        value += 0.9 * zigs * OFFERING_MULTIPLIER[state.offering[seat]] + influence(state, seat)
        value += 0.3 * sum(map(mul, state.hand[seat], KIND_SYMBOLS))
        return value


# The heuristic's terms by the whole turns left after this one: a hut's worth on each hex, a level's.
_TURNS_LEFT = {reign: {turn: sum(REIGN_TURNS) - sum(REIGN_TURNS[:reign - 1]) - turn for turn in (1, 2, 3)}
               for reign in (1, 2, 3)}
_HUT_VALUE = tuple(tuple(0.6 + 0.3 * left * (2 if HEX_REGION[h] == INSIDE else 1 if HEX_REGION[h] == OUTSIDE else 0.8)
                         for h in range(N_HEXES)) for left in range(sum(REIGN_TURNS)))
_LEVEL_VALUE = tuple(1 + 0.5 * left for left in range(sum(REIGN_TURNS)))
