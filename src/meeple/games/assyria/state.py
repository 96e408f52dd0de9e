"""Assyria's position, declared (meeple.engine.state): flat lists of small ints, bit masks derived from them,
and the checks a position read back must pass."""

from __future__ import annotations

from meeple.engine import Rng, check_position
from meeple.engine.state import State, each_seat, flag, kept, listed, per_seat, players, rng, whole

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


_ZSTOCK = "zstock holds each seat's bases, centres and roofs left."


class AssyriaState(State):
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

    Copies share what moves replace instead of changing in place (`copy="share"`): `order`, `wells`, `deck`,
    `sowing`, `taken`, `draft`, `expansions`, `exp_deck`, `fresh`, and each row of `zstock`, `assur` and `pts`
    (`copy="slice"`: a move puts a new row in its own copy of the outer list).
    Code that edits a position in place (a test) does it on a position no copy was taken from.
    """

    n: int = players()
    rng: Rng = rng()
    phase: int = whole(0, P_OVER, default=P_START)
    reign: int = whole(1, 3, default=1)
    turn: int = whole(1, 3, default=1)
    order: list[int] = per_seat(whole(0, "n-1"), copy="share")
    cur: int = whole(0, "n-1", default=0)
    occ: list[int] = listed(whole(-1, "n-1"), length=N_HEXES, factory=lambda: [-1] * N_HEXES)
    level: list[int] = listed(whole(0, 3), length=N_HEXES, factory=lambda: [0] * N_HEXES)
    fed: list[bool] = listed(flag(), length=N_HEXES, factory=lambda: [False] * N_HEXES)
    wells: list[int] = listed(whole(-1, "n-1"), length=N_WELLS, factory=lambda: [-1] * N_WELLS, copy="share")
    well_stock: int = whole(0, default=0)
    huts: list[int] = per_seat(whole(), default=HUTS)
    zstock: list[list[int]] = per_seat(listed(whole(), length=3, says=_ZSTOCK), says=_ZSTOCK, copy="slice")
    camels: list[int] = per_seat(whole(0, CAMEL_CAP, says=f"Camels are 0 to {CAMEL_CAP}."), default=0)
    offering: list[int] = per_seat(whole(0, OFFERING_TOP, says=f"The offering track runs 0 to {OFFERING_TOP}."),
                                   default=0)
    # changed in place: a playout writes to the hands often
    hand: list[list[int]] = per_seat(listed(whole(0), length=N_KINDS))
    plows: list[int] = per_seat(whole(0, 1), default=1)
    plow_supply: int = whole(0, default=0)
    deck: list[int] = listed(whole(0, N_KINDS - 1), factory=list, copy="share")
    discard: list[int] = listed(whole(0), length=N_KINDS, factory=lambda: [0] * N_KINDS)
    sowing: list[int] = listed(whole(-1, N_KINDS - 1), length=lambda s: 2 * SOWING_COLUMNS[s.n], copy="share")
    taken: list[int] = listed(whole(-1, "n-1"), length=lambda s: SOWING_COLUMNS[s.n], copy="share")
    draft: list[int] = listed(whole(0, N_KINDS - 1), factory=list, copy="share")
    expansions: list[int] = listed(whole(), factory=list, copy="share")
    bonus: bool = flag(default=False)
    exp_deck: list[int] = listed(whole(), factory=list, copy="share")
    assur: list[list[int]] = listed(listed(whole(0, "n-1")), length=3, factory=lambda: [[], [], []], copy="slice",
                                    says="assur lists the seats on the higher, middle and lower dignitary.")
    pts: list[list[int]] = per_seat(listed(whole(0), length=len(ROWS)), copy="slice")
    counter: int = whole(default=0)
    bought: bool = flag(default=False)
    offered: int = whole(0, OFFERING_PER_TURN, default=0)
    fresh: list[int] = listed(whole(0, N_HEXES - 1), factory=list, copy="share")
    draws: int = whole(0, default=0)
    closed: frozenset[int] = kept(make=lambda s: CLOSED[s.n])
    mine: list[int] = kept(make=each_seat(0), copy="slice")
    hutm: list[int] = kept(make=each_seat(0), copy="slice")
    handm: list[int] = kept(make=each_seat(0), copy="slice")
    occm: int = kept(0)
    fedm: int = kept(0)
    dugm: int = kept(0)
    tall2m: int = kept(0)
    tall3m: int = kept(0)
    spaces: int = kept(0)
    cache: list | None = kept(None)  # the legal moves, when already worked out since the last change

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


def new_position(n: int, rng: Rng) -> AssyriaState:
    """A position before setup: every seat's pieces in its stock, the food rows empty."""
    columns = SOWING_COLUMNS[n]
    return AssyriaState(n=n, rng=rng, order=list(range(n)), zstock=[[ZIGGURAT_STOCK] * 3 for _ in range(n)],
                        hand=[[0] * N_KINDS for _ in range(n)], sowing=[-1] * (2 * columns), taken=[-1] * columns,
                        pts=[[0] * len(ROWS) for _ in range(n)])


def check(state: AssyriaState) -> None:
    """The checks of the rules on a position just read; its masks worked out (`touch`)."""
    n = state.n
    check_position(sorted(state.order) == list(range(n)), "Bad turn order.")
    check_position(all(state.occ[h] < 0 for h in state.closed), "A closed hex holds a piece.")
    cards = list(state.deck) + [k for k in state.sowing if k >= 0] + list(state.draft)
    for counts in (*state.hand, state.discard):
        cards += [k for k in range(N_KINDS) for _ in range(counts[k])]
    check_position(sorted(cards) == sorted(FOOD_DECK), "The food cards of an Assyria position must be the whole deck.")
    check_position(state.plow_supply + sum(state.plows) == n, "One plow card per player in all, at most one in a hand.")
    state.touch()
    _check_stocks(state)


def _check_stocks(state: AssyriaState) -> None:
    """Each seat's pieces add up to its box, Assur's dignitaries hold what they can, and the counts that
    play keeps (camels, offerings, wells, expansion cards, the four-player bonus) are ones it can reach."""
    n = state.n
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
    dug = sum(1 for w in state.wells if w >= 0)
    check_position(state.well_stock + dug == WELL_STOCK[n],
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
    check_position(all(state.level[h] > 0 for h in fresh)
                   and len(set(fresh)) == len(fresh), "fresh names ziggurats raised this turn, once each.")
