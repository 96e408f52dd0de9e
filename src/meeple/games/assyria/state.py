"""Assyria's position: flat lists of small ints, bit masks derived from them, a fast copy, and its JSON form."""

from __future__ import annotations

from meeple.engine import Game, Rng, check_position, position_head, read_head

from .bits import BIT, WELL_MASK
from .components import (
    CAMEL_CAP,
    CLOSED,
    DIGNITARY_NAMES,
    DIGNITARY_SPACES,
    EXPANSION_DECK,
    FIRST_EXPANSION,
    FOOD_DECK,
    HUTS,
    N_HEXES,
    N_KINDS,
    N_WELLS,
    OFFERING_PER_TURN,
    OFFERING_TOP,
    REIGN_TURNS,
    SOWING_COLUMNS,
    WELL_STOCK,
    ZIGGURAT_STOCK,
)

# Phases, in the order of a turn.
P_START, P_DRAFT, P_HARVEST, P_HUTS, P_USE, P_FEED, P_WELLS, P_ACTIONS, P_OVER = range(9)
PHASE_NAMES = ("start", "draft", "harvest", "huts", "use", "feed", "wells", "actions", "over")

# Score-sheet rows, in the order points are earned.
ROWS = ("villages", "levels", "wells", "assur", "higher", "offerings", "tiles", "plows", "camels")
ROW_INDEX = {key: i for i, key in enumerate(ROWS)}
POSITION_VERSION = 1


class AssyriaState:
    """A position.

    `occ[h]` is the seat on hex h (-1: empty), `level[h]` 0 for a hut, 1..3 for a
    ziggurat's height, `fed[h]` whether the hut there has been resupplied this turn.
    `wells[w]` the seat that dug well w (-1: none). Hands are counts by card kind;
    `deck` is the face-down food deck (top last), `discard` counts by kind. `sowing`
    holds the two rows, row-major, -1 where a card was taken; `taken[c]` the seat that
    harvested column c. `expansions` the expansion cards of the reign so far, `exp_deck`
    the face-down rest (top last). `assur[level]` the seats on each dignitary in the
    order they came. `pts[s][row]` the points earned so far, by score-sheet row.
    `order` is the turn order; `cur` indexes it. `counter` is the huts still to place
    or the symbols left on the card in use; `bought`, `offered` and `fresh` limit the
    actions of one turn (one food card, three camels offered, one level per ziggurat).
    `draws` counts the cards turned up from hidden decks (for `reveals`).

    Derived from those, for speed (bit h for hex h): `mine[s]` the seat's pieces, `hutm[s]` its huts,
    `occm` every piece, `fedm` the resupplied huts, `dugm` the hexes touching a dug well, `tall2m`
    and `tall3m` the ziggurats of two levels or more and of three, `handm[s]` a bit per card kind in the
    seat's hand; `spaces`
    the hexes the cached Hut or Feed moves name.

    Copies share what moves replace instead of changing in place: `order`, `wells`, `deck`, `sowing`,
    `taken`, `draft`, `expansions`, `exp_deck`, `fresh`, and each row of `zstock`, `assur` and `pts`
    (a move puts a new row in its own copy of the outer list).
    Code that edits a position in place (a test) does it on a position no copy was taken from.
    """

    __slots__ = ("n", "rng", "phase", "reign", "turn", "order", "cur", "occ", "level", "fed", "wells",
                 "well_stock", "huts", "zstock", "camels", "offering", "hand", "plows", "plow_supply", "deck",
                 "discard", "sowing", "taken", "draft", "expansions", "bonus", "exp_deck", "assur", "pts",
                 "counter", "bought", "offered", "fresh", "draws", "closed", "mine", "hutm", "occm", "fedm", "dugm",
                 "tall2m", "tall3m", "handm", "spaces",
                 "cache")

    def __init__(self, n: int, rng: Rng):
        self.n = n
        self.rng = rng
        self.phase = P_START
        self.reign = 1
        self.turn = 1
        self.order = list(range(n))
        self.cur = 0
        self.occ = [-1] * N_HEXES
        self.level = [0] * N_HEXES
        self.fed = [False] * N_HEXES
        self.wells = [-1] * N_WELLS
        self.well_stock = 0
        self.huts = [HUTS] * n
        self.zstock = [[ZIGGURAT_STOCK] * 3 for _ in range(n)]
        self.camels = [0] * n
        self.offering = [0] * n
        self.hand = [[0] * N_KINDS for _ in range(n)]
        self.plows = [1] * n
        self.plow_supply = 0
        self.deck: list[int] = []
        self.discard = [0] * N_KINDS
        self.sowing = [-1] * (2 * SOWING_COLUMNS[n])
        self.taken = [-1] * SOWING_COLUMNS[n]
        self.draft: list[int] = []
        self.expansions: list[int] = []
        self.bonus = False
        self.exp_deck: list[int] = []
        self.assur: list[list[int]] = [[], [], []]
        self.pts = [[0] * len(ROWS) for _ in range(n)]
        self.counter = 0
        self.bought = False
        self.offered = 0
        self.fresh: list[int] = []
        self.draws = 0
        self.closed = CLOSED[n]
        self.mine = [0] * n
        self.hutm = [0] * n
        self.handm = [0] * n
        self.occm = self.fedm = self.dugm = self.tall2m = self.tall3m = self.spaces = 0
        self.cache: list | None = None  # the legal moves, when already worked out since the last change

    def touch(self) -> None:
        """Forget the cached legal moves and work the masks out again from the lists (of a position just
        read, or one a test edited)."""
        self.cache = None
        occ, level, fed = self.occ, self.level, self.fed
        self.mine = [0] * self.n
        self.hutm = [0] * self.n
        self.occm = self.fedm = self.dugm = self.tall2m = self.tall3m = 0
        for h, s in enumerate(occ):
            if s >= 0:
                self.mine[s] |= BIT[h]
                self.occm |= BIT[h]
                if level[h] >= 2:
                    self.tall2m |= BIT[h]
                if level[h] == 3:
                    self.tall3m |= BIT[h]
                if not level[h]:
                    self.hutm[s] |= BIT[h]
                    if fed[h]:
                        self.fedm |= BIT[h]
        self.handm = [sum(1 << k for k, count in enumerate(hand) if count) for hand in self.hand]
        for w, s in enumerate(self.wells):
            if s >= 0:
                self.dugm |= WELL_MASK[w]

    @property
    def seat(self) -> int:
        """The seat acting now (-1 when the game is over)."""
        return -1 if self.phase == P_OVER else self.order[self.cur]

    def copy(self) -> AssyriaState:
        c = AssyriaState.__new__(AssyriaState)
        c.n, c.rng, c.phase, c.reign, c.turn = self.n, self.rng.copy(), self.phase, self.reign, self.turn
        # Shared: the lists that moves replace instead of changing, and the rows of the per-seat tables.
        c.order, c.cur = self.order, self.cur
        c.occ, c.level, c.fed, c.wells = self.occ[:], self.level[:], self.fed[:], self.wells
        c.well_stock, c.huts = self.well_stock, self.huts[:]
        c.zstock = self.zstock[:]
        c.camels, c.offering = self.camels[:], self.offering[:]
        c.hand = [h[:] for h in self.hand]  # changed in place: a playout writes to the hands often
        c.plows, c.plow_supply = self.plows[:], self.plow_supply
        c.deck, c.discard = self.deck, self.discard[:]
        c.sowing, c.taken, c.draft = self.sowing, self.taken, self.draft
        c.expansions, c.bonus, c.exp_deck = self.expansions, self.bonus, self.exp_deck
        c.assur = self.assur[:]
        c.pts = self.pts[:]
        c.counter, c.bought, c.offered, c.fresh = self.counter, self.bought, self.offered, self.fresh
        c.draws, c.closed = self.draws, self.closed
        c.mine, c.hutm, c.handm = self.mine[:], self.hutm[:], self.handm[:]
        c.occm, c.fedm, c.dugm, c.spaces = self.occm, self.fedm, self.dugm, self.spaces
        c.tall2m, c.tall3m = self.tall2m, self.tall3m
        c.cache = self.cache
        return c

    def put(self, h: int, seat: int, level: int) -> None:
        self.occ[h], self.level[h], self.fed[h] = seat, level, False
        b = BIT[h]
        self.mine[seat] |= b
        self.occm |= b
        self.fedm &= ~b
        if not level:
            self.hutm[seat] |= b
        elif level >= 2:
            self.tall2m |= b
            if level == 3:
                self.tall3m |= b

    def total(self, seat: int) -> int:
        return sum(self.pts[seat])


_FIELDS = ("phase", "reign", "turn", "order", "cur", "occ", "level", "fed", "wells", "well_stock", "huts",
           "zstock", "camels", "offering", "hand", "plows", "plow_supply", "deck", "discard", "sowing", "taken",
           "draft", "expansions", "bonus", "exp_deck", "assur", "pts", "counter", "bought", "offered", "fresh",
           "draws")


def position_json(game: Game, state: AssyriaState) -> dict:
    out = position_head(game, state, POSITION_VERSION)
    for name in _FIELDS:
        value = getattr(state, name)
        out[name] = [v[:] if isinstance(v, list) else v for v in value] if isinstance(value, list) else value
    return out


def load_state(game: Game, data: dict) -> AssyriaState:
    n, rng = read_head(game, data, POSITION_VERSION)
    state = AssyriaState(n, rng)
    for name in _FIELDS:
        value = data[name]
        template = getattr(state, name)
        if isinstance(template, list):
            check_position(isinstance(value, list), f"'{name}' must be a list.")
            value = [list(v) if isinstance(v, list) else v for v in value]
        setattr(state, name, value)
    check_position(0 <= state.phase <= P_OVER and 1 <= state.reign <= 3 and 1 <= state.turn <= 3, "Bad phase or turn.")
    check_position(sorted(state.order) == list(range(n)) and 0 <= state.cur < n, "Bad turn order.")
    check_position(len(state.occ) == N_HEXES and len(state.level) == N_HEXES and len(state.fed) == N_HEXES,
                   "One entry per hex in occ, level and fed.")
    check_position(all(-1 <= s < n for s in state.occ) and all(0 <= v <= 3 for v in state.level), "Bad hex contents.")
    check_position(all(state.occ[h] < 0 for h in state.closed), "A closed hex holds a piece.")
    check_position(len(state.wells) == N_WELLS and all(-1 <= s < n for s in state.wells), "Bad wells.")
    check_position(all(len(h) == N_KINDS and min(h) >= 0 for h in state.hand) and len(state.hand) == n, "Bad hands.")
    check_position(len(state.discard) == N_KINDS and len(state.pts) == n and len(state.zstock) == n, "Bad stocks.")
    cards = list(state.deck) + [k for k in state.sowing if k >= 0] + list(state.draft)
    for counts in (*state.hand, state.discard):
        cards += [k for k in range(N_KINDS) for _ in range(counts[k])]
    check_position(sorted(cards) == sorted(FOOD_DECK), "The food cards of an Assyria position must be the whole deck.")
    check_position(state.plow_supply + sum(state.plows) == n and all(p in (0, 1) for p in state.plows),
                   "One plow card per player in all, at most one in a hand.")
    state.touch()
    check_position(len(state.sowing) == 2 * SOWING_COLUMNS[n] and len(state.taken) == SOWING_COLUMNS[n],
                   "Bad food rows.")
    check_position(all(-1 <= k < N_KINDS for k in state.sowing) and all(-1 <= s < n for s in state.taken),
                   "The food rows hold card kinds (-1: taken) and each column's harvester (-1: none).")
    _check_stocks(state)
    return state


def _check_stocks(state: AssyriaState) -> None:
    """Each seat's pieces add up to its box, Assur's dignitaries hold what they can, and the counts that
    play keeps (camels, offerings, wells, expansion cards, the four-player bonus) are ones it can reach."""
    n = state.n
    check_position(all(isinstance(x, list) and len(x) == n for x in (state.huts, state.camels, state.offering,
                                                                      state.plows)),
                   "huts, camels, offering and plows hold one count per seat.")
    check_position(all(isinstance(z, list) and len(z) == 3 for z in state.zstock),
                   "zstock holds each seat's bases, centres and roofs left.")
    check_position(isinstance(state.assur, list) and len(state.assur) == 3
                   and all(isinstance(a, list) and all(isinstance(s, int) and 0 <= s < n for s in a)
                           for a in state.assur), "assur lists the seats on the higher, middle and lower dignitary.")
    for d, seats in enumerate(state.assur):
        check_position(len(seats) <= DIGNITARY_SPACES[d], f"The {DIGNITARY_NAMES[d]} dignitary has "
                                                          f"{DIGNITARY_SPACES[d]} spaces, not {len(seats)}.")
    for s in range(n):
        on_board = sum(1 for h in range(N_HEXES) if state.occ[h] == s and state.level[h] == 0)
        in_assur = sum(a.count(s) for a in state.assur)
        check_position(state.huts[s] >= 0 and state.huts[s] + on_board + in_assur == HUTS,
                       f"Seat {s + 1}'s huts: {state.huts[s]} in stock, {on_board} on the map and {in_assur} in "
                       f"Assur make {state.huts[s] + on_board + in_assur}, not the {HUTS} of the box.")
        for piece, name in enumerate(("bases", "centres", "roofs")):
            built = sum(1 for h in range(N_HEXES) if state.occ[h] == s and state.level[h] > piece)
            check_position(0 <= state.zstock[s][piece] and state.zstock[s][piece] + built == ZIGGURAT_STOCK,
                           f"Seat {s + 1}'s ziggurat {name}: {state.zstock[s][piece]} in stock and {built} "
                           f"built, not the {ZIGGURAT_STOCK} of the box.")
        check_position(0 <= state.camels[s] <= CAMEL_CAP, f"Camels are 0 to {CAMEL_CAP}.")
        check_position(0 <= state.offering[s] <= OFFERING_TOP, f"The offering track runs 0 to {OFFERING_TOP}.")
        check_position(len(state.pts[s]) == len(ROWS) and min(state.pts[s]) >= 0,
                       f"pts holds each seat's points by score-sheet row ({len(ROWS)}, none below 0).")
    check_position(0 <= state.offered <= OFFERING_PER_TURN, f"offered is 0 to {OFFERING_PER_TURN} camels this turn.")
    dug = sum(1 for w in state.wells if w >= 0)
    check_position(state.well_stock >= 0 and state.well_stock + dug == WELL_STOCK[n],
                   f"Wells: {state.well_stock} in stock and {dug} dug, not the {WELL_STOCK[n]} of the box.")
    check_position(state.turn <= REIGN_TURNS[state.reign - 1],
                   f"Reign {state.reign} has {REIGN_TURNS[state.reign - 1]} turns.")
    check_position(state.bonus == (n == 4 and state.reign >= 2),
                   "The bonus card is in Assur exactly at four players, in the second and third reigns.")
    # Cards turned up from the expansion deck so far: the first turn of the game opens with its own 4.
    drawn = sum(REIGN_TURNS[:state.reign - 1]) + state.turn - 1
    check_position(len(state.expansions) == state.turn and len(state.exp_deck) == len(EXPANSION_DECK) - drawn,
                   f"Reign {state.reign}, turn {state.turn}: {state.turn} expansion cards turned up this reign and "
                   f"{len(EXPANSION_DECK) - drawn} left in the deck.")
    used = list(state.exp_deck) + (state.expansions[1:] if state.reign == 1 else list(state.expansions))
    check_position(all(used.count(v) <= EXPANSION_DECK.count(v) for v in set(used))
                   and (state.reign > 1 or state.expansions[0] == FIRST_EXPANSION),
                   "The expansion cards are not the box's (2, 2, 3, 3, 3, 3, 4, 4, and a 4 to open).")
    fresh = state.fresh
    check_position(all(isinstance(h, int) and 0 <= h < N_HEXES and state.level[h] > 0 for h in fresh)
                   and len(set(fresh)) == len(fresh), "fresh names ziggurats raised this turn, once each.")
