"""Vent Life's state machine: the vent field, the creatures, and whose turn it is.

A turn is a chain of small moves (see moves.py): choose where the tile's smoker
goes (`tile`), turn it (`turn`, which lays it), owners move covered creatures
(`move`), choose a species, `put` creatures, and `end` (which draws a tile).
"""

from __future__ import annotations

from meeple.engine import (ALL, Game, LogEntry, Option, OptionError, Outcome, PositionError, Rng,
                           check_position, rank_by_keys)

from . import moves as notation
from .components import (BASALT, CENTRE, CRABS, CREATURES_PER_SPECIES, DELTAS, DIRECTION_NAMES,
                         FIRST_GAME, FISH, OCTOPUS, SHRIMP, SMOKER, SNAILS, SPECIES, SPECIES_IN_PLAY,
                         SPECIES_LETTERS, SPECIES_NAMES, SPECIES_RULES, SPONGES, TERRAIN_LETTERS,
                         TERRAIN_NAMES, TILE_CODES, WORMS, cell, coords, hex_text, tile_cells,
                         tile_terrains, tiles_for)
from .moves import (CHOOSES, END, LEAVES, PICKS, TURNS, Choose, End, Leave, Pick, Put, Shift, Tile,
                    Turn, put, tile)
from .scoring import score_sheets, tally

POSITION_VERSION = 1
SETUPS = ("first_game", "random", "choose", "draft")
STAGES = ("draft", "tile", "turn", "cover", "species", "place", "over")


class VentState:
    """A Vent Life position.

    field: hex -> (level, top terrain, number of the top tile); creatures: hex ->
    (owner, species, count); tiles: every tile laid, in order, as (smoker hex,
    turn, code); supply[seat][species]; hands[seat] the code of the tile held
    (None once placed at the end); bag: codes, the next draw last.
    """

    __slots__ = ("n", "rng", "species", "field", "creatures", "tiles", "supply", "hands", "bag", "turn",
                 "stage", "at", "placing", "placed", "pending", "cover", "draft", "drafted", "turns",
                 "near", "builds")

    def __init__(self, n, rng, species, hands, bag):
        self.n = n
        self.rng = rng
        self.species = species          # the four species in play, sorted; () while drafting
        self.field: dict[int, tuple[int, int, int]] = {}
        self.creatures: dict[int, tuple[int, int, int]] = {}
        self.tiles: list[tuple[int, int, str]] = []
        self.supply = [[CREATURES_PER_SPECIES if sp in species else 0 for sp in range(7)] for _ in range(n)]
        self.hands = hands
        self.bag = bag
        self.turn = 0                   # the seat whose turn it is; -1 once the game is over
        self.stage = "tile"
        self.at = -1                    # the smoker hex chosen, while turning the tile
        self.placing = -1               # the species being placed this turn
        self.placed: list[int] = []     # hexes given creatures this turn
        self.pending: list[tuple[int, int, int, int]] = []  # covered creatures: (owner, species, hex, level)
        self.cover: tuple[int, ...] = ()  # the hexes of the tile that covered them
        self.draft: list[int] = []      # seats still to draft, next first
        self.drafted: list[int] = []    # species picked (2 or 4 players) or left out (3 players)
        self.turns = 0                  # completed turns
        self.near: set[int] = set()     # empty hexes touching the field (kept up to date by lay_tile)
        self.builds: set[int] = set()   # smokers a tile can be built up on

    def copy(self) -> "VentState":
        out = VentState.__new__(VentState)
        out.n, out.rng, out.species = self.n, self.rng.copy(), self.species
        out.field, out.creatures, out.tiles = dict(self.field), dict(self.creatures), self.tiles[:]
        out.supply = [s[:] for s in self.supply]
        out.hands, out.bag = self.hands[:], self.bag[:]
        out.turn, out.stage, out.at, out.placing = self.turn, self.stage, self.at, self.placing
        out.placed, out.pending, out.cover = self.placed[:], self.pending[:], self.cover
        out.draft, out.drafted, out.turns = self.draft[:], self.drafted[:], self.turns
        out.near, out.builds = set(self.near), set(self.builds)
        return out


# ----- where tiles go ----------------------------------------------------------

def tile_turns(field, at: int) -> list[int]:
    """The turns (0-5) with which a tile whose smoker goes on `at` may be laid."""
    if not field:
        return list(range(6)) if at == CENTRE else []
    below = field.get(at)
    out = []
    if below is None:  # on the seafloor: three empty hexes, one of them touching the field
        touching = any(at + d in field for d in DELTAS)
        for t in range(6):
            a, b = at + DELTAS[t], at + DELTAS[(t + 1) % 6]
            if a in field or b in field:
                continue
            if touching or any(a + d in field for d in DELTAS) or any(b + d in field for d in DELTAS):
                out.append(t)
        return out
    level, terrain, number = below
    if terrain != SMOKER:
        return out
    for t in range(6):
        fa, fb = field.get(at + DELTAS[t]), field.get(at + DELTAS[(t + 1) % 6])
        if (fa is not None and fb is not None and fa[0] == level and fb[0] == level
                and not (fa[2] == number and fb[2] == number)):
            out.append(t)
    return out


def tile_spots(state) -> list[int]:
    """Every hex where the tile's smoker can go with at least one turn, in a fixed order.

    On the seafloor a tile turns six ways, so any hex of an empty triangle with a
    hex touching the field can hold the smoker. That is every empty hex two steps
    from the field (it shares an empty triangle with a touching neighbour), and a
    touching hex that has two neighbouring empty hexes next to each other.
    """
    field = state.field
    if not field:
        return [CENTRE]
    d0, d1, d2, d3, d4, d5 = DELTAS
    near = state.near
    spots = {c + d for c in near for d in DELTAS}
    spots.difference_update(field)
    for c in near:
        e0, e1, e2, e3, e4, e5 = (c + d0 not in field, c + d1 not in field, c + d2 not in field,
                                  c + d3 not in field, c + d4 not in field, c + d5 not in field)
        if not ((e0 and e1) or (e1 and e2) or (e2 and e3) or (e3 and e4) or (e4 and e5) or (e5 and e0)):
            spots.discard(c)
    spots.update(state.builds)
    return sorted(spots)


def tile_problem(field, at: int, turn: int) -> str:
    """Why a tile cannot go there, in words (empty when it can)."""
    if not field:
        return "" if at == CENTRE else "The first tile goes in the middle: its smoker on hex 0,0."
    cells = tile_cells(at, turn)
    below = [field.get(c) for c in cells]
    if below[0] is None:
        if any(below):
            return "On the seafloor all three hexes must be free; part of that spot is already built."
        if not any(c + d in field for c in cells for d in DELTAS):
            return "A tile on the seafloor must touch the field along at least one edge."
        return ""
    if below[0][1] != SMOKER:
        return "Building up, the tile's Black Smoker must sit on a Black Smoker."
    if any(b is None for b in below):
        return "That would overhang the edge of the field: all three hexes beneath must be built."
    if len({b[0] for b in below}) > 1:
        return "The hexes beneath are at different levels: a tile needs one level under all three hexes."
    if len({b[2] for b in below}) == 1:
        return "A tile built up must cover at least two different tiles, not just one."
    return ""


# ----- where creatures go ------------------------------------------------------

def is_edge(field, c: int) -> bool:
    return any(c + d not in field for d in DELTAS)


def fits(state, seat: int, sp: int, c: int) -> bool:
    """Whether a creature of `sp` may be placed on field hex `c` (empty is checked by the caller)."""
    level, terrain, _ = state.field[c]
    if sp == WORMS:
        return terrain == SMOKER
    if sp == SNAILS:
        return terrain == BASALT
    if sp == SHRIMP:
        return terrain != BASALT
    if sp == FISH:
        if terrain == SMOKER:
            return False
        if level == 1:
            return True
        creatures = state.creatures
        for d in DELTAS:
            o = creatures.get(c + d)
            if o is not None and o[0] == seat and o[1] == FISH:
                return True
        return False
    if sp == CRABS:
        return level >= 2
    if sp == OCTOPUS:
        return is_edge(state.field, c)
    return True  # sponges


def first_spots(state, seat: int, sp: int, stop_at_one: bool = False) -> list[int]:
    """Empty hexes where the first creature of `sp` may go this turn."""
    creatures = state.creatures
    out = []
    for c in state.field:
        if c not in creatures and fits(state, seat, sp, c):
            out.append(c)
            if stop_at_one:
                break
    return out


def more_spots(state, seat: int) -> list[int]:
    """Hexes for a further creature of the species being placed (worms: the second on a
    seafloor smoker; snails: up to 3, connected), in a fixed order."""
    sp, placed = state.placing, state.placed
    if not placed or state.supply[seat][sp] == 0:
        return []
    if sp == WORMS:
        c = placed[0]
        return [c] if len(placed) == 1 and state.field[c][0] == 1 else []
    if sp == SNAILS and len(placed) < 3:
        out = set()
        for p in placed:
            for d in DELTAS:
                nb = p + d
                f = state.field.get(nb)
                if f is not None and f[1] == BASALT and nb not in state.creatures:
                    out.add(nb)
        return sorted(out)
    return []


def placeable(state, seat: int) -> list[int]:
    """The species `seat` could place now (supply left and a legal hex)."""
    return [sp for sp in state.species
            if state.supply[seat][sp] and first_spots(state, seat, sp, stop_at_one=True)]


def destinations(state, sp: int, src: int, level: int) -> list[int]:
    """Where a covered creature may go, following its species' rule; never onto the covering tile."""
    field, creatures, cover = state.field, state.creatures, state.cover
    out = set()
    if sp == OCTOPUS:
        for d in DELTAS:
            c = src
            while c + d in field:
                c += d
            if c not in cover and c not in creatures:
                out.add(c)
        return sorted(out)
    for d in DELTAS:
        nb = src + d
        f = field.get(nb)
        if f is None or nb in cover or nb in creatures:
            continue
        lvl, terrain = f[0], f[1]
        if sp == SNAILS:
            ok = lvl < level
        elif sp == SHRIMP:
            ok = terrain != BASALT
        elif sp == FISH:
            ok = lvl <= level and terrain != SMOKER
        elif sp == CRABS:
            ok = lvl == level
        else:
            ok = False
        if ok:
            out.add(nb)
    return sorted(out)


def lay_tile(state, at: int, turn: int, code: str) -> int:
    """Put a tile on the field (no checks, no creatures); returns its level.

    Also keeps `near` and `builds` up to date: only hexes next to the new tile
    can change whether a tile may go there.
    """
    field = state.field
    cells = tile_cells(at, turn)
    below = field.get(at)
    level = below[0] + 1 if below else 1
    number = len(state.tiles)
    a, b = tile_terrains(code)
    field[cells[0]] = (level, SMOKER, number)
    field[cells[1]] = (level, a, number)
    field[cells[2]] = (level, b, number)
    state.tiles.append((at, turn, code))
    touched = set(cells)
    for c in cells:
        touched.update(c + d for d in DELTAS)
    near, builds = state.near, state.builds
    if level == 1:
        near.difference_update(cells)
        near.update(c for c in touched if c not in field)
    for c in touched:
        f = field.get(c)
        if f is not None and f[1] == SMOKER and tile_turns(field, c):
            builds.add(c)
        else:
            builds.discard(c)
    return level


def _seat(s: int) -> str:
    return f"Seat {s + 1}"


class VentLife(Game):
    id = "vent_life"
    name = "Vent Life"
    min_players = 2
    max_players = 4
    summary = "Build a deep-sea vent field from triple-hex tiles and fill it with creatures that score their own way."
    options = (
        Option("setup", "first_game", "How the four species are chosen: first_game (Tube Worms, Volcano Snails, "
               "Blind Vent Shrimp, Yeti Crabs), random, choose (the 'species' option), or draft.",
               choices=SETUPS),
        Option("species", [SPECIES[sp] for sp in FIRST_GAME], "With setup 'choose': the four species to play with.",
               kind="list", choices=SPECIES, length=SPECIES_IN_PLAY),
    )

    # ----- setup -------------------------------------------------------------

    def check_options(self, n_players, options):
        if options["setup"] != "choose" and sorted(options["species"]) != sorted(SPECIES[sp] for sp in FIRST_GAME):
            raise OptionError("The 'species' option is only read with setup 'choose'; set setup=choose to use it.")

    def new_state(self, n_players, options, rng):
        tiles = tiles_for(n_players)
        rng.shuffle(tiles)
        hands = [tiles.pop() for _ in range(n_players)]
        mode = options["setup"]
        if mode == "first_game":
            species = FIRST_GAME
        elif mode == "choose":
            species = tuple(SPECIES.index(name) for name in options["species"])
        elif mode == "random":
            pool = list(range(len(SPECIES)))
            rng.shuffle(pool)
            species = tuple(pool[:SPECIES_IN_PLAY])
        else:
            species = ()
        state = VentState(n_players, rng, tuple(sorted(species)), hands, tiles)
        if mode == "draft":
            state.stage = "draft"
            state.draft = draft_order(n_players)
        return state

    def clone(self, state):
        return state.copy()

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        stage = state.stage
        if stage == "over":
            return frozenset()
        if stage == "draft":
            return frozenset((state.draft[0],))
        if stage == "cover":
            return frozenset((state.pending[0][0],))
        return frozenset((state.turn,))

    def legal_moves(self, state, seat):
        stage = state.stage
        if seat not in self.to_move(state):
            return []
        if stage == "tile":
            known = notation.TILE_MOVES
            return [known.get(c) or tile(c) for c in tile_spots(state)]
        if stage == "turn":
            return [TURNS[t] for t in tile_turns(state.field, state.at)]
        if stage == "cover":
            out = []
            for owner, sp, src, level in state.pending:
                if owner == seat:
                    out.extend(Shift(src, dst) for dst in destinations(state, sp, src, level))
            return out
        if stage == "species":
            return [CHOOSES[sp] for sp in placeable(state, seat)] or [END]
        if stage == "place":
            if not state.placed:
                known = notation.PUT_MOVES
                return [known.get(c) or put(c) for c in first_spots(state, seat, state.placing)]
            return [put(c) for c in more_spots(state, seat)] + [END]
        if stage == "draft":
            if state.n == 3:
                return [LEAVES[sp] for sp in range(len(SPECIES)) if sp not in state.drafted]
            return [PICKS[sp] for sp in range(len(SPECIES)) if sp not in state.drafted]
        return []

    def explain_illegal(self, state, seat, move):
        if state.stage == "over":
            return "The game is over."
        if seat not in self.to_move(state):
            return f"It is not your turn: waiting for seat {min(self.to_move(state)) + 1}."
        stage, cls = state.stage, move.__class__
        wanted = {"draft": "draft a species", "tile": "choose where your tile's Black Smoker goes",
                  "turn": "turn your tile (turn 0-5)", "cover": "move your covered creature",
                  "species": "choose a species to place", "place": "place creatures or end your turn"}[stage]
        if stage == "draft":
            if cls not in (Pick, Leave):
                return f"First the species draft: {'leave one species out' if state.n == 3 else 'pick a species'}."
            if state.n == 3 and cls is Pick:
                return "With 3 players each player leaves one species out: use 'leave <species>'."
            if state.n != 3 and cls is Leave:
                return "With 2 or 4 players you pick the species used: use 'pick <species>'."
            return f"{SPECIES_NAMES[move.species]} is already {'left out' if state.n == 3 else 'picked'}."
        if cls is Tile and stage == "tile":
            if move.at in state.field and state.field[move.at][1] != SMOKER:
                return (f"Hex {hex_text(move.at)} is {TERRAIN_NAMES[state.field[move.at][1]]}: building up, "
                        "the tile's smoker must go on a Black Smoker.")
            problems = {tile_problem(state.field, move.at, t) for t in range(6)} - {""}
            return (f"Your tile's smoker cannot go on {hex_text(move.at)} in any turn: "
                    + " / ".join(sorted(problems)))
        if cls is Turn and stage == "turn":
            return tile_problem(state.field, state.at, move.turn) or "That turn is not possible here."
        if cls is Shift and stage == "cover":
            mine = [p for p in state.pending if p[0] == seat and p[2] == move.src]
            if not mine:
                return f"None of your covered creatures was on {hex_text(move.src)}."
            owner, sp, src, level = mine[0]
            if move.dst in state.cover:
                return "A covered creature may not move onto the tile that covered it."
            if move.dst in state.creatures:
                return f"Hex {hex_text(move.dst)} is taken: covered creatures move to an empty hex."
            return f"{SPECIES_NAMES[sp]} from level {level} cannot go to {hex_text(move.dst)}: {SPECIES_RULES[sp]}"
        if cls is Choose and stage == "species":
            sp = move.species
            if sp not in state.species:
                return f"{SPECIES_NAMES[sp]} are not in this game."
            if not state.supply[seat][sp]:
                return f"You have no {SPECIES_NAMES[sp]} left in your supply."
            return f"There is no hex where {SPECIES_NAMES[sp]} may go now."
        if cls is End and stage == "species":
            return "You must place creatures when you can: choose a species first."
        if cls is End and stage == "place":
            return "You chose a species that can be placed: place at least one."
        if cls is Put and stage == "place":
            sp = state.placing
            if not state.supply[seat][sp]:
                return f"You have no {SPECIES_NAMES[sp]} left."
            if move.at not in state.field:
                return f"There is no tile at {hex_text(move.at)}."
            if sp == WORMS and state.placed:
                return "Only a second worm on the same seafloor smoker may join the first."
            if sp == SNAILS:
                if len(state.placed) >= 3:
                    return "At most 3 snails per turn."
                return "Further snails go on empty Basalt Ridge hexes connected to the snails placed this turn."
            if move.at in state.creatures:
                return f"Hex {hex_text(move.at)} is taken: creatures go on empty hexes."
            if state.placed:
                return f"{SPECIES_NAMES[sp]}: one per turn. {SPECIES_RULES[sp]}"
            f = state.field[move.at]
            return (f"{SPECIES_NAMES[sp]} cannot go on {hex_text(move.at)} ({TERRAIN_NAMES[f[1]]}, level {f[0]}). "
                    f"{SPECIES_RULES[sp]}")
        return f"Not now: {wanted}."

    # ----- making moves ------------------------------------------------------

    def apply(self, state, seat, move):
        cls = move.__class__
        if cls is Tile:
            state.at = move.at
            state.stage = "turn"
            return []
        if cls is Turn:
            return self._lay(state, seat, move.turn)
        if cls is Shift:
            for i, (owner, sp, src, level) in enumerate(state.pending):
                if owner == seat and src == move.src:
                    del state.pending[i]
                    state.creatures[move.dst] = (owner, sp, 1)
                    break
            log = [LogEntry(f"{_seat(seat)} moves a covered {_one(sp)} from {hex_text(move.src)} to "
                            f"{hex_text(move.dst)}.", seat)]
            return log + self._settle(state)
        if cls is Choose:
            state.placing = move.species
            state.placed = []
            state.stage = "place"
            return []
        if cls is Put:
            sp = state.placing
            have = state.creatures.get(move.at)
            state.creatures[move.at] = (seat, sp, have[2] + 1 if have else 1)
            state.supply[seat][sp] -= 1
            state.placed.append(move.at)
            level = state.field[move.at][0]
            return [LogEntry(f"{_seat(seat)} places {_one(sp)} on {hex_text(move.at)} (level {level}).", seat)]
        if cls is End:
            return self._end_turn(state, seat)
        if cls is Pick or cls is Leave:
            return self._draft(state, seat, move)
        raise TypeError(f"not a Vent Life move: {move!r}")

    def _lay(self, state, seat, turn):
        code = state.hands[seat]
        state.hands[seat] = None
        at = state.at
        cells = tile_cells(at, turn)
        creatures = state.creatures
        covered = [(c, creatures.pop(c)) for c in cells if c in creatures]
        levels = {c: state.field[c][0] for c, _ in covered}
        level = lay_tile(state, at, turn, code)
        a, b = tile_terrains(code)
        where = "on the seafloor" if level == 1 else f"up on a plateau, level {level}"
        log = [LogEntry(f"{_seat(seat)} lays a tile (smoker, {TERRAIN_NAMES[a]}, {TERRAIN_NAMES[b]}) at "
                        f"{hex_text(at)}, turned {DIRECTION_NAMES[turn]}, {where}.", seat)]
        pending = []
        for c, (owner, sp, count) in covered:
            if sp == WORMS and c == at:
                creatures[c] = (owner, sp, count)
                log.append(LogEntry(f"{_seat(owner)}'s tube worm{'s' if count > 1 else ''} climb{'' if count > 1 else 's'} "
                                    f"to level {level}.", owner))
            elif sp in (WORMS, SPONGES):
                state.supply[owner][sp] += count
                log.append(LogEntry(f"{_seat(owner)}'s covered {_one(sp)} goes back to supply.", owner))
            else:
                pending.append((owner, sp, c, levels[c]))
        state.stage = "species"
        if pending:
            n = state.n
            pending.sort(key=lambda p: ((p[0] - seat) % n, p[2]))
            state.pending = pending
            state.cover = cells
            log += self._settle(state)
        return log

    def _settle(self, state):
        """Resolve covered creatures that have no choice; stop at the first owner who has one."""
        log = []
        pending = state.pending
        while pending:
            owner = pending[0][0]
            mine = [p for p in pending if p[0] == owner]
            for p in mine:
                if not destinations(state, p[1], p[2], p[3]):
                    pending.remove(p)
                    state.supply[owner][p[1]] += 1
                    log.append(LogEntry(f"{_seat(owner)}'s covered {_one(p[1])} from {hex_text(p[2])} has nowhere "
                                        "to go and returns to supply.", owner))
            mine = [p for p in pending if p[0] == owner]
            if len(mine) == 1:
                p = mine[0]
                dests = destinations(state, p[1], p[2], p[3])
                if len(dests) == 1:
                    pending.remove(p)
                    state.creatures[dests[0]] = (owner, p[1], 1)
                    log.append(LogEntry(f"{_seat(owner)}'s covered {_one(p[1])} moves from {hex_text(p[2])} to "
                                        f"{hex_text(dests[0])}, its only way.", owner))
                    continue
            if mine:
                break  # this owner has a choice to make
        if pending:
            state.stage = "cover"
        else:
            state.stage = "species"
            state.cover = ()
        return log

    def _end_turn(self, state, seat):
        log = []
        if state.bag:
            code = state.bag.pop()
            state.hands[seat] = code
            log.append(LogEntry(f"{_seat(seat)} draws a tile ({len(state.bag)} left in the bag).", seat))
            log.append(LogEntry(f"You draw {_tile_words(code)}.", seat, frozenset((seat,))))
        state.turns += 1
        state.placing, state.placed = -1, []
        nxt = (seat + 1) % state.n
        if state.hands[nxt] is None:
            state.turn, state.stage = -1, "over"
            log.append(LogEntry("Every tile is placed: the game is over."))
        else:
            state.turn, state.stage = nxt, "tile"
        return log

    def _draft(self, state, seat, move):
        state.draft.pop(0)
        state.drafted.append(move.species)
        verb = "leaves out" if move.__class__ is Leave else "picks"
        log = [LogEntry(f"{_seat(seat)} {verb} {SPECIES_NAMES[move.species]}.", seat)]
        if not state.draft:
            if state.n == 3:
                chosen = [sp for sp in range(len(SPECIES)) if sp not in state.drafted]
            else:
                chosen = state.drafted
            state.species = tuple(sorted(chosen))
            for s in range(state.n):
                state.supply[s] = [CREATURES_PER_SPECIES if sp in state.species else 0 for sp in range(7)]
            state.stage, state.turn = "tile", 0
            log.append(LogEntry("Species in play: " + ", ".join(SPECIES_NAMES[sp] for sp in state.species) + "."))
        return log

    def reveals(self, state, seat, move):
        # Only a draw shows something new (to the drawer) and resolves chance.
        return move.__class__ is End and bool(state.bag)

    def prompt(self, state, seat):
        stage = state.stage
        if stage == "over":
            return "The vent field is complete."
        movers = self.to_move(state)
        if seat not in movers:
            return f"Waiting for seat {min(movers) + 1}."
        if stage == "draft":
            if state.n == 3:
                return "Species draft: leave one species out (the four nobody leaves out are played)."
            return "Species draft: pick a species to play with."
        if stage == "tile":
            return (f"Place your tile ({_tile_words(state.hands[seat])}): choose the hex for its Black Smoker, on the "
                    "seafloor touching the field or on a Black Smoker to build up.")
        if stage == "turn":
            return "Turn your tile: choose a direction 0-5 for its first lower hex (E NE NW W SW SE)."
        if stage == "cover":
            return "Your creatures were covered: move each to a legal empty hex."
        if stage == "species":
            if self.legal_moves(state, seat) == [END]:
                return "None of your creatures can be placed: end your turn."
            return "Choose one species to place this turn."
        if state.placing == SNAILS:
            return f"Place up to 3 snails on connected Basalt Ridge ({len(state.placed)} so far), or end your turn."
        if state.placing == WORMS:
            return "Place a second worm on the same seafloor smoker, or end your turn."
        return "End your turn" + (" and draw a tile." if state.bag else ".")

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Tile:
            f = state.field.get(move.at)
            return (f"smoker on {hex_text(move.at)}, " +
                    (f"building up to level {f[0] + 1}" if f else "on the seafloor"))
        if cls is Turn:
            cells = tile_cells(state.at, move.turn)
            code = state.hands[seat] or "??"
            return (f"turn {DIRECTION_NAMES[move.turn]}: {TERRAIN_NAMES[TERRAIN_LETTERS.index(code[0])]} on "
                    f"{hex_text(cells[1])}, {TERRAIN_NAMES[TERRAIN_LETTERS.index(code[1])]} on {hex_text(cells[2])}")
        if cls is Shift:
            return f"move the {_one(next((p[1] for p in state.pending if p[2] == move.src), WORMS))} " \
                   f"from {hex_text(move.src)} to {hex_text(move.dst)} (level {state.field[move.dst][0]})"
        if cls is Choose:
            return f"place {SPECIES_NAMES[move.species]}"
        if cls is Put:
            f = state.field[move.at]
            return f"{_one(state.placing)} on {hex_text(move.at)} ({TERRAIN_NAMES[f[1]]}, level {f[0]})"
        if cls is End:
            return "end the turn" + (" and draw a tile" if state.bag else "")
        if cls is Pick:
            return f"pick {SPECIES_NAMES[move.species]}"
        if cls is Leave:
            return f"leave out {SPECIES_NAMES[move.species]}"
        return self.move_text(move)

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        creatures = state.creatures
        field = []
        for c in sorted(state.field):
            level, terrain, number = state.field[c]
            who = creatures.get(c)
            field.append({
                "at": list(coords(c)), "level": level, "terrain": TERRAIN_NAMES[terrain].lower(),
                "tile": number, "edge": is_edge(state.field, c),
                "creature": ({"seat": who[0], "species": SPECIES[who[1]], "count": who[2]} if who else None),
            })
        see_all = viewer == ALL
        hands = []
        for s in range(state.n):
            mine = see_all or s == viewer
            hands.append({"seat": s, "has_tile": state.hands[s] is not None,
                          "tile": state.hands[s] if mine else None})
        return {
            "game": self.id,
            "players": state.n,
            "viewer": viewer,
            "turn": state.turn if state.turn >= 0 else None,
            "stage": state.stage,
            "to_move": sorted(self.to_move(state)),
            "species": [SPECIES[sp] for sp in state.species],
            "species_rules": {SPECIES[sp]: SPECIES_RULES[sp] for sp in range(len(SPECIES))},
            "field": field,
            "tiles": _tile_list(state.tiles),
            "hands": hands,
            "bag": len(state.bag),
            "supply": [{SPECIES[sp]: state.supply[s][sp] for sp in state.species} for s in range(state.n)],
            "at": list(coords(state.at)) if state.stage == "turn" else None,
            "placing": SPECIES[state.placing] if state.stage == "place" else None,
            "placed": [list(coords(c)) for c in state.placed],
            "pending": [{"at": list(coords(src)), "seat": o, "species": SPECIES[sp], "level": lvl}
                        for o, sp, src, lvl in state.pending],
            "cover": [list(coords(c)) for c in state.cover],
            "draft": ({"order": state.draft, "mode": "leave" if state.n == 3 else "pick",
                       "chosen": [SPECIES[sp] for sp in state.drafted]} if state.stage == "draft" else None),
            "turns": state.turns,
        }

    def render_text(self, view, viewer):
        return render_field(view, viewer)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        return score_sheets(state.field, state.creatures, state.n, state.species)

    def outcome(self, state):
        if state.stage != "over":
            return None
        points, _, _ = tally(state.field, state.creatures, state.n)
        n = state.n
        scores = [sum(points[s][sp] for sp in state.species) for s in range(n)]
        best_row = [max(points[s][sp] for sp in state.species) for s in range(n)]
        worms = [points[s][WORMS] for s in range(n)]
        ranks = rank_by_keys([(scores[s], best_row[s], worms[s]) for s in range(n)])
        reasons = []
        top = max(scores)
        tied = [s for s in range(n) if scores[s] == top]
        if len(tied) > 1:
            seats = ", ".join(f"seat {s + 1}" for s in tied)
            winners = [s for s in tied if ranks[s] == 1]
            if len(winners) == 1:
                w = winners[0]
                if best_row[w] > max(best_row[s] for s in tied if s != w):
                    reasons.append(f"{seats} tie on {top} points; seat {w + 1} wins with the highest single-species "
                                   f"score ({best_row[w]}).")
                else:
                    reasons.append(f"{seats} tie on {top} points and on their best species ({best_row[w]}); "
                                   f"seat {w + 1} wins with the higher Tube Worm score ({worms[w]}).")
            else:
                reasons.append(f"{seats} tie on {top} points, best species and Tube Worms: a shared win.")
        return Outcome(tuple(scores), ranks, tuple(reasons))

    def heuristic(self, state, seat):
        # A creature still in supply is worth a little less than a placed one: prefer placing.
        return -0.1 * sum(state.supply[seat])

    # ----- notation ----------------------------------------------------------

    def move_to_json(self, move):
        return notation.to_json(move)

    def move_from_json(self, data):
        return notation.from_json(data)

    def move_text(self, move):
        return notation.to_text(move)

    def parse_move(self, text):
        return notation.parse(text)

    # ----- positions ---------------------------------------------------------

    def to_json(self, state):
        out = {
            "game": self.id,
            "version": POSITION_VERSION,
            "players": state.n,
            "rng": state.rng.state,
            "species": [SPECIES[sp] for sp in state.species],
            "tiles": [{"at": list(coords(at)), "turn": t, "tile": code} for at, t, code in state.tiles],
            "creatures": [{"at": list(coords(c)), "seat": o, "species": SPECIES[sp], "count": k}
                          for c, (o, sp, k) in sorted(state.creatures.items())],
            "supply": [{SPECIES[sp]: state.supply[s][sp] for sp in state.species} for s in range(state.n)],
            "hands": list(state.hands),
            "bag": list(reversed(state.bag)),
            "turn": state.turn,
            "stage": state.stage,
            "turns": state.turns,
        }
        if state.stage == "turn":
            out["at"] = list(coords(state.at))
        if state.stage == "place":
            out["placing"] = {"species": SPECIES[state.placing], "placed": [list(coords(c)) for c in state.placed]}
        if state.pending:
            out["pending"] = [{"at": list(coords(src)), "seat": o, "species": SPECIES[sp], "level": lvl}
                              for o, sp, src, lvl in state.pending]
        if state.stage == "draft":
            out["draft"] = {"order": list(state.draft), "chosen": [SPECIES[sp] for sp in state.drafted]}
        return out

    def from_json(self, data):
        try:
            return _load(data)
        except PositionError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise PositionError(f"Malformed Vent Life position: {exc!r}.") from None

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what `seat` has not seen: the other hands and the order of the bag."""
        out = state.copy()
        others = [s for s in range(state.n) if s != seat and out.hands[s] is not None]
        pool = out.bag + [out.hands[s] for s in others]
        rng.shuffle(pool)
        for s in others:
            out.hands[s] = pool.pop()
        out.bag = pool
        out.rng = rng.fork()
        return out


def draft_order(n: int) -> list[int]:
    """Who drafts when: from the last player backwards; with 2 players twice round."""
    order = list(range(n - 1, -1, -1))
    return order * 2 if n == 2 else order


def _tile_list(tiles) -> list[dict]:
    """The tiles laid, in order, with the level each was laid at."""
    levels: dict[int, int] = {}
    out = []
    for at, turn, code in tiles:
        level = levels.get(at, 0) + 1
        for c in tile_cells(at, turn):
            levels[c] = level
        out.append({"at": list(coords(at)), "turn": turn, "tile": code, "level": level})
    return out


def _one(sp: int) -> str:
    return ("tube worm", "volcano snail", "vent shrimp", "eelpout fish", "yeti crab", "octopus", "vent sponge")[sp]


def _tile_words(code: str | None) -> str:
    if not code:
        return "no tile"
    a, b = tile_terrains(code)
    return f"{code}: Black Smoker, {TERRAIN_NAMES[a]}, {TERRAIN_NAMES[b]}"


# ----- the terminal board --------------------------------------------------------

def render_field(view: dict, viewer) -> str:
    """The field as rows of hexes: each hex is terrain letter + level, then the creature
    (species letter + seat number, '*' for two worms) or '..'."""
    lines = []
    if view["stage"] == "draft":
        d = view["draft"]
        lines.append(f"Species draft ({d['mode']}): chosen so far {', '.join(d['chosen']) or 'none'}; "
                     f"next: seat {d['order'][0] + 1}.")
    else:
        lines.append("Species: " + ", ".join(view["species"]) + f".  Bag: {view['bag']} tiles.")
    cells = {tuple(f["at"]): f for f in view["field"]}
    if cells:
        rs = [r for _, r in cells]
        xs = [2 * q + r for q, r in cells]
        xmin = min(xs)
        for r in range(min(rs), max(rs) + 1):
            row = sorted(q for q, rr in cells if rr == r)
            if not row:
                continue
            line = [" "] * ((max(xs) - xmin) * 4 + 8)
            for q in row:
                f = cells[(q, r)]
                token = f"{TERRAIN_LETTERS[[n.lower() for n in TERRAIN_NAMES].index(f['terrain'])]}{f['level']}"
                cr = f["creature"]
                token += (f"{SPECIES_LETTERS[SPECIES.index(cr['species'])]}{cr['seat'] + 1}"
                          + ("*" if cr["count"] > 1 else "")) if cr else ".."
                x = (2 * q + r - xmin) * 4
                line[x:x + len(token)] = token
            lines.append(f"r={r:>3} q={row[0]:>3}..{row[-1]:<3}| " + "".join(line).rstrip())
        lines.append("Hexes: S smoker, B basalt, D diffuse vents, M microbial mat, then the level; creatures: "
                     "W worms, V snails, S shrimp, F fish, C crabs, O octopus, G sponges + seat.")
    else:
        lines.append("The field is empty: the first tile's smoker goes on 0,0.")
    for h in view["hands"]:
        who = "you" if h["seat"] == viewer else f"seat {h['seat'] + 1}"
        tile = h["tile"] or ("a hidden tile" if h["has_tile"] else "no tile")
        supply = ", ".join(f"{k} {v}" for k, v in view["supply"][h["seat"]].items())
        lines.append(f"Seat {h['seat'] + 1} ({who}): holds {tile}; supply: {supply}")
    if view["pending"]:
        lines.append("Covered creatures to move: " + ", ".join(
            f"seat {p['seat'] + 1}'s {p['species']} from {p['at'][0]},{p['at'][1]} (level {p['level']})"
            for p in view["pending"]))
    return "\n".join(lines)


# ----- loading positions ---------------------------------------------------------

def _hex(value, where: str) -> int:
    check_position(isinstance(value, (list, tuple)) and len(value) == 2
                   and all(isinstance(x, int) and not isinstance(x, bool) for x in value),
                   f"{where}: a hex is written [q, r].")
    check_position(all(-400 < x < 400 for x in value), f"{where}: hex {list(value)} is far off the field.")
    return cell(*value)


def _species(value, where: str) -> int:
    check_position(value in SPECIES, f"{where}: unknown species {value!r} (one of {', '.join(SPECIES)}).")
    return SPECIES.index(value)


def _code(value, where: str) -> str:
    check_position(isinstance(value, str) and value.upper() in TILE_CODES,
                   f"{where}: a tile is written by its two lower hexes, e.g. 'BD' (B, D or M each).")
    return value.upper()


def _load(data) -> VentState:
    check_position(isinstance(data, dict), "A Vent Life position is a JSON object.")
    check_position(data.get("game") == "vent_life", "This position is not a Vent Life position.")
    check_position(data.get("version", POSITION_VERSION) == POSITION_VERSION,
                   f"Unsupported Vent Life position version {data.get('version')}.")
    n = data["players"]
    check_position(isinstance(n, int) and 2 <= n <= 4, "Vent Life is for 2 to 4 players.")
    stage = data.get("stage", "tile")
    check_position(stage in STAGES, f"stage must be one of {', '.join(STAGES)}.")
    names = data.get("species", [])
    species = tuple(sorted(_species(s, "species") for s in names))
    check_position(len(set(species)) == len(species), "A species is listed twice.")
    if stage == "draft":
        check_position(not species, "While drafting, no species is in play yet: leave 'species' empty.")
    else:
        check_position(len(species) == SPECIES_IN_PLAY, f"Exactly {SPECIES_IN_PLAY} species are in play.")

    hands = data.get("hands", [None] * n)
    check_position(isinstance(hands, list) and len(hands) == n, "'hands' lists one tile (or null) per seat.")
    hands = [None if h is None else _code(h, f"hand of seat {s + 1}") for s, h in enumerate(hands)]
    state = VentState(n, Rng(0), species, hands, [])
    state.rng.state = int(data.get("rng", 0))

    for i, t in enumerate(data.get("tiles", [])):
        where = f"tile {i + 1}"
        at, turn, code = _hex(t["at"], where), t.get("turn", 0), _code(t["tile"], where)
        check_position(isinstance(turn, int) and 0 <= turn < 6, f"{where}: turn is 0 to 5.")
        problem = tile_problem(state.field, at, turn)
        check_position(not problem, f"{where} at {hex_text(at)} turned {turn}: {problem}")
        lay_tile(state, at, turn, code)

    on_field = [[0] * 7 for _ in range(n)]
    for i, cr in enumerate(data.get("creatures", [])):
        where = f"creature {i + 1}"
        c, seat, sp, count = _hex(cr["at"], where), cr["seat"], _species(cr["species"], where), cr.get("count", 1)
        check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
        check_position(sp in species, f"{where}: {SPECIES[sp]} are not in play.")
        check_position(c in state.field, f"{where}: there is no tile at {hex_text(c)}.")
        check_position(c not in state.creatures, f"{where}: hex {hex_text(c)} holds two creatures.")
        check_position(count == 1 or (count == 2 and sp == WORMS and state.field[c][1] == SMOKER),
                       f"{where}: only Tube Worms come in pairs on one smoker.")
        check_position(sp != WORMS or state.field[c][1] == SMOKER, f"{where}: Tube Worms live on Black Smokers.")
        check_position(sp != CRABS or state.field[c][0] >= 2, f"{where}: Yeti Crabs live above the seafloor.")
        state.creatures[c] = (seat, sp, count)
        on_field[seat][sp] += count

    pending = []
    if data.get("pending"):
        check_position(stage == "cover", "Covered creatures ('pending') belong to the 'cover' stage.")
        check_position(state.tiles, "Covered creatures need a tile that covered them.")
        state.cover = tile_cells(state.tiles[-1][0], state.tiles[-1][1])
        for i, p in enumerate(data["pending"]):
            where = f"pending creature {i + 1}"
            src, seat, sp = _hex(p["at"], where), p["seat"], _species(p["species"], where)
            check_position(src in state.cover, f"{where}: it must be under the last tile laid.")
            check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
            check_position(sp in (SNAILS, SHRIMP, FISH, CRABS, OCTOPUS), f"{where}: {SPECIES[sp]} never wait to move.")
            level = p.get("level", state.field[src][0] - 1)
            pending.append((seat, sp, src, level))
            on_field[seat][sp] += 1
    state.pending = pending
    if stage == "cover":
        check_position(pending, "The 'cover' stage needs covered creatures in 'pending'.")

    supply = data.get("supply")
    for s in range(n):
        for sp in species:
            left = CREATURES_PER_SPECIES - on_field[s][sp]
            check_position(left >= 0, f"Seat {s + 1} has more than {CREATURES_PER_SPECIES} {SPECIES[sp]}.")
            if supply is not None:
                given = supply[s].get(SPECIES[sp], left)
                check_position(given == left, f"Seat {s + 1}'s supply of {SPECIES[sp]} should be {left}: "
                                              f"{CREATURES_PER_SPECIES} minus those on the field.")
            state.supply[s][sp] = left

    box = tiles_for(n)
    used = [code for _, _, code in state.tiles] + [h for h in hands if h]
    for code in used:
        check_position(code in box, f"There are more {code} tiles in play than the box of {len(tiles_for(n))} holds.")
        box.remove(code)
    if "bag" in data:
        bag = [_code(b, "bag") for b in data["bag"]]
        for code in bag:
            check_position(code in box, f"The bag holds more {code} tiles than are left in the box.")
            box.remove(code)
        check_position(not box, f"Tiles missing from the bag: {', '.join(sorted(box))}.")
        state.bag = list(reversed(bag))
    else:
        state.rng.shuffle(box)
        state.bag = box

    turn = data.get("turn", 0)
    check_position(isinstance(turn, int) and -1 <= turn < n, "turn is a seat number, or -1 once the game is over.")
    state.turn, state.stage, state.turns = turn, stage, data.get("turns", len(state.tiles))
    if stage == "over":
        check_position(turn == -1 and all(h is None for h in hands) and not state.bag,
                       "A finished game has no tiles left in hands or bag, and turn -1.")
    else:
        check_position(turn >= 0, "turn -1 is only for a finished game.")
    if stage in ("tile", "turn"):
        check_position(hands[turn] is not None, f"Seat {turn + 1} has no tile to place.")
    if stage in ("cover", "species", "place"):
        check_position(hands[turn] is None, f"Seat {turn + 1} has laid their tile this turn, so holds none.")
    if stage == "turn":
        check_position("at" in data, "The 'turn' stage needs 'at': the hex chosen for the smoker.")
        state.at = _hex(data["at"], "at")
        check_position(tile_turns(state.field, state.at), f"No tile fits with its smoker on {hex_text(state.at)}.")
    if stage == "place":
        p = data.get("placing") or {}
        state.placing = _species(p.get("species"), "placing")
        check_position(state.placing in species, "placing: that species is not in play.")
        state.placed = [_hex(c, "placing") for c in p.get("placed", [])]
        for c in state.placed:
            who = state.creatures.get(c)
            check_position(who is not None and who[0] == turn and who[1] == state.placing,
                           f"placing: hex {hex_text(c)} should hold the creature placed this turn.")
    if stage == "draft":
        d = data.get("draft") or {}
        order = d.get("order", draft_order(n))
        chosen = [_species(s, "draft") for s in d.get("chosen", [])]
        check_position(order and all(isinstance(s, int) and 0 <= s < n for s in order), "draft order lists seats.")
        check_position(len(order) + len(chosen) == len(draft_order(n)), "The draft has the wrong number of turns.")
        state.draft, state.drafted = list(order), chosen
    return state


GAME = VentLife()
