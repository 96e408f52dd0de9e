"""Vent Life's state machine: the vent field, the creatures, and whose turn it is.

A turn is a chain of small moves (see moves.py): choose where the tile's smoker
goes (`tile`), turn it (`turn`, which lays it), owners move covered creatures
(`move`), choose a species, `put` creatures, and `end` (which draws a tile).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import ALL, NOBODY, ONE, LogEntry, Option, OptionError, TieBreak, count, ranked_outcome
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import redeal

from . import moves as notation
from .components import (
    CENTRE,
    CRABS,
    DELTAS,
    DIRECTION_NAMES,
    DIRECTION_WORDS,
    FIRST_GAME,
    FISH,
    SMOKER,
    SNAILS,
    SPECIES,
    SPECIES_IN_PLAY,
    SPECIES_NAMES,
    SPECIES_RULES,
    SPONGES,
    TERRAIN_LETTERS,
    TERRAIN_NAMES,
    TILE_CODES,
    TILES_FOR_PLAYERS,
    WORMS,
    hex_text,
    tile_cells,
    tile_terrains,
    tiles_for,
)
from .field import (
    destinations,
    first_puts,
    first_spots,
    free_lists,
    free_new,
    free_relay,
    free_take,
    lay_tile,
    more_spots,
    placeable,
    settle_spots,
    tile_problem,
    turn_moves,
    turns_at,
)
from .moves import CHOOSES, END, LEAVES, PICKS, Choose, End, Leave, Pick, Put, Shift, Tile, Turn, put, tile
from .position import check, draft_order, full_supply
from .scoring import score_sheets, tally
from .state import VentState
from .strategy import pending_gain
from .view import render_field, seat_view
from .words import hex_words

SETUPS = ("first_game", "random", "choose", "draft")
LONE_FISH_PROMISE = 2.5  # half of what a second fish beside it would add
PENDING_WEIGHT = 1.0  # the turn's player places before anyone else moves


# to_move runs twice per move in a playout: hand out shared (immutable) sets.
_CRABS = (CRABS,)


def _seat(s: int) -> str:
    return f"Seat {s + 1}"


class VentLife(DeclaredGame):
    id = "vent_life"
    state_class = VentState
    name = "Vent Life"
    public_totals = True  # every total is on the table for all to see
    min_players = 2
    max_players = 4
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    # Scores change rarely, so leaves are judged (sheet + heuristic, which counts the
    # turn's placement still to come); by the score margin rather than the rank, which
    # is the same for most moves; and with little exploration, so that each node's value
    # leans on its best moves instead of the average of hundreds of clicks (docs/games/vent-life.md).
    search_hints = {"horizon": "leaf", "margin_weight": 1.0, "exploration": 0.05}
    summary = "Build a deep-sea vent field from triple-hex tiles and fill it with creatures that score their own way."
    options = (
        Option("setup", "first_game", "How the four species are chosen: the first game's four (Tube Worms, "
               "Volcano Snails, Blind Vent Shrimp, Yeti Crabs), four at random, the four chosen below, or a draft "
               "at the table.",
               choices=SETUPS, label="Species setup",
               choice_labels=("First game's four", "Random", "Chosen below", "Draft at the table")),
        Option("species", [SPECIES[sp] for sp in FIRST_GAME], "The four species to play with.",
               kind="list", choices=SPECIES, length=SPECIES_IN_PLAY, label="Species",
               choice_labels=SPECIES_NAMES, when=("setup", "choose")),
    )

    # ----- setup -------------------------------------------------------------

    def check_options(self, n_players, options):
        if options["setup"] != "choose" and sorted(options["species"]) != sorted(SPECIES[sp] for sp in FIRST_GAME):
            raise OptionError("The 'species' option is only read with setup 'choose'; set setup=choose to use it.")

    def new_state(self, n_players, options, rng):
        tiles = tiles_for(n_players)
        rng.shuffle(tiles)
        hands: list[str | None] = [tiles.pop() for _ in range(n_players)]
        mode = options["setup"]
        species: tuple[int, ...]
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
        species = tuple(sorted(species))
        draft = draft_order(n_players) if mode == "draft" else []
        return VentState(n=n_players, rng=rng, species=species, supply=full_supply(n_players, species), hands=hands,
                         bag=tiles, stage="draft" if draft else "tile", turns=0, draft=draft)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        seat = self.actor(state)
        return NOBODY if seat < 0 else ONE[seat]

    def legal_moves(self, state, seat):
        # Whose move it is, as `actor` says, without building a set; the stages most asked for first
        # (every move of a playout asks).
        stage = state.stage
        if stage == "place":
            if seat != state.turn:
                return []
            placed = state.placed
            if not placed:
                return first_puts(state, seat, state.placing)
            sp = state.placing
            if sp != SNAILS and sp != WORMS:  # one creature a turn
                return [END]
            return [*map(put, more_spots(state, seat)), END]
        if stage == "tile":
            if seat != state.turn:
                return []
            if not state.field:
                return [tile(CENTRE)]
            if state.unsettled:
                settle_spots(state)
            return state.tile_moves[:]  # the same hexes as tile_spots
        if stage == "turn":
            if seat != state.turn:
                return []
            return turn_moves(state, state.at)
        if stage == "species":
            if seat != state.turn:
                return []
            return [CHOOSES[sp] for sp in placeable(state, seat)] or [END]
        if stage == "cover":
            if seat != state.pending[0][0]:
                return []
            out: list[Shift] = []
            for owner, sp, src, level in state.pending:
                if owner == seat:
                    out.extend(Shift(src, dst) for dst in destinations(state, sp, src, level))
            return out
        if stage == "draft":
            if seat != state.draft[0]:
                return []
            kinds = LEAVES if state.n == 3 else PICKS
            return [kinds[sp] for sp in range(len(SPECIES)) if sp not in state.drafted]
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

    def actor(self, state):
        stage = state.stage
        if stage == "cover":
            return state.pending[0][0]
        if stage == "draft":
            return state.draft[0]
        return state.turn  # -1 once the game is over

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        cls = move.__class__
        if cls is Tile:
            state.at = move.at
            state.stage = "turn"
        elif cls is Put:
            sp = state.placing
            self._put(state, seat, sp, move.at)
            if log is not None:
                log.append(LogEntry.lazy(_placed_text, (seat, sp, state.field[move.at]), seat))
        elif cls is Choose:
            state.placing = move.species
            state.placed = []
            state.stage = "place"
        elif cls is Turn:
            self._lay(state, seat, move.turn, log)
        elif cls is End:
            self._end_turn(state, seat, log)
        elif cls is Shift:
            p = next(p for p in state.pending if p[0] == seat and p[2] == move.src)
            self._land(state, p, move.dst)
            if log is not None:
                log.append(LogEntry.lazy(_moved_text, (seat, p[1], state.field[move.dst]), seat))
            self._settle(state, log)
        elif cls is Pick or cls is Leave:
            self._draft(state, seat, move, log)
        else:
            raise TypeError(f"not a Vent Life move: {move!r}")

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the hex, turn or species picked straight from
        the kept lists (the tile spots, the free lists) by the draw `legal_moves` and `advance` would make,
        with no move object and no list copied; a move with one choice (the end) still draws, as the three
        calls do. A turn's four usual stages are written out, the busiest (placing creatures) first; covered
        creatures, the draft and the game's end take the three calls."""
        stage = state.stage
        seat = state.turn
        if stage == "place":
            sp = state.placing
            if not state.placed:  # first_puts' hexes
                free = state.free
                kept = (free if free is not None else free_lists(state))[sp]
                if kept is not None:
                    puts = kept[1]
                    self._put(state, seat, sp, puts[draw() % len(puts)].at)
                else:  # fish and octopus are looked for
                    spots = first_spots(state, seat, sp)
                    self._put(state, seat, sp, spots[draw() % len(spots)])
                return seat
            if sp == SNAILS or sp == WORMS:  # more_spots, then the end
                more = more_spots(state, seat)
                i = draw() % (len(more) + 1)
                if i < len(more):
                    self._put(state, seat, sp, more[i])
                    return seat
            else:  # one creature a turn: only the end is left
                draw()
            self._end_turn(state, seat, None)
            return seat
        if stage == "tile":
            if state.field:
                if state.unsettled:
                    settle_spots(state)
                places = state.places  # the hexes of tile_moves
                state.at = places[draw() % len(places)]
            else:  # the first tile: its smoker in the middle
                draw()
                state.at = CENTRE
            state.stage = "turn"
            return seat
        if stage == "turn":
            turns = turns_at(state, state.at)
            self._lay(state, seat, turns[draw() % len(turns)], None)
            return seat
        if stage == "species":
            can = placeable(state, seat)
            if can:  # Choose
                state.placing = can[draw() % len(can)]
                state.placed = []
                state.stage = "place"
            else:  # only the end
                draw()
                self._end_turn(state, seat, None)
            return seat
        return super().random_step(state, draw)  # cover, draft, over

    def _put(self, state, seat, sp, at):
        """A creature of `sp` from the seat's supply onto `at` (a second worm joins the first)."""
        creatures = state.creatures
        have = creatures.get(at)
        if have is None:
            creatures[at] = (seat, sp, 1)
            free_take(state, at)
        else:  # a second worm
            creatures[at] = (seat, sp, have[2] + 1)
        state.changed((at,), (sp,))
        state.supply[seat][sp] -= 1
        state.placed.append(at)

    def _lay(self, state, seat, turn, log):
        code = state.hands[seat]
        state.hands[seat] = None
        at = state.at
        cells = tile_cells(at, turn)
        field, creatures = state.field, state.creatures
        if at not in field:  # on the seafloor: three new hexes, no creature covered
            lay_tile(state, at, turn, code)
            if log is not None:
                log.append(LogEntry.lazy(_laid_text, (seat, code, turn, 1), seat))
            state.changed(cells)
            free_new(state, cells, code)
            state.stage = "species"
            return
        before = [(field[c], c not in creatures) for c in cells]
        covered = [(c, creatures.pop(c)) for c in cells if c in creatures]
        level = lay_tile(state, at, turn, code)
        if log is not None:
            log.append(LogEntry.lazy(_laid_text, (seat, code, turn, level), seat))
        if not covered:
            state.changed(cells, _CRABS)
            free_relay(state, cells, before)
            state.stage = "species"
            return
        state.changed(cells, [sp for _, (_, sp, _) in covered] + ([CRABS] if level >= 2 else []))
        pending = []
        for c, (owner, sp, stacked) in covered:
            if sp == WORMS and c == at:
                creatures[c] = (owner, sp, stacked)
                if log is not None:
                    worms = f"tube worm{'s' if stacked > 1 else ''} climb{'' if stacked > 1 else 's'}"
                    log.append(LogEntry(f"{_seat(owner)}'s {worms} to level {level}.", owner))
            elif sp in (WORMS, SPONGES):
                state.supply[owner][sp] += stacked
                if log is not None:
                    back = f"{_one(sp)}s go" if stacked > 1 else f"{_one(sp)} goes"
                    log.append(LogEntry(f"{_seat(owner)}'s covered {back} back to supply.", owner))
            else:
                pending.append((owner, sp, c, level - 1))  # covered on the level beneath the new tile
        free_relay(state, cells, before)
        state.stage = "species"
        if pending:
            n = state.n
            pending.sort(key=lambda p: ((p[0] - seat) % n, p[2]))
            state.pending = pending
            state.cover = cells
            self._settle(state, log)

    def _settle(self, state, log):
        """Resolve covered creatures that have no choice; stop at the first owner who has one."""
        pending = state.pending
        while pending:
            owner = pending[0][0]
            mine = [p for p in pending if p[0] == owner]
            for p in mine:
                if not destinations(state, p[1], p[2], p[3]):
                    pending.remove(p)
                    state.supply[owner][p[1]] += 1
                    if log is not None:
                        log.append(LogEntry(f"{_seat(owner)}'s covered {_one(p[1])} has nowhere to go and "
                                            "returns to supply.", owner))
            mine = [p for p in pending if p[0] == owner]
            if len(mine) == 1:
                p = mine[0]
                dests = destinations(state, p[1], p[2], p[3])
                if len(dests) == 1:
                    self._land(state, p, dests[0])
                    if log is not None:
                        log.append(LogEntry(f"{_seat(owner)}'s covered {_one(p[1])} moves to "
                                            f"{_spot(state.field[dests[0]])}, its only way.", owner))
                    continue
            if mine:
                break  # this owner has a choice to make
        if pending:
            state.stage = "cover"
        else:
            state.stage = "species"
            state.cover = ()

    @staticmethod
    def _land(state, p, dst):
        """The covered creature `p` (owner, species, hex, level) moves to the empty hex `dst`."""
        state.pending.remove(p)
        state.creatures[dst] = (p[0], p[1], 1)
        free_take(state, dst)
        state.changed((dst,), (p[1],))

    def _end_turn(self, state, seat, log):
        if state.bag:
            code = state.bag.pop()
            state.hands[seat] = code
            if log is not None:
                log.append(LogEntry.lazy(_draws_text, (seat, len(state.bag)), seat))
                log.append(LogEntry.lazy(_drawn_text, (seat, code), seat, ONE[seat]))
        state.turns += 1
        state.placing, state.placed = -1, []
        nxt = (seat + 1) % state.n
        if state.hands[nxt] is None:
            state.turn, state.stage = -1, "over"
            if log is not None:
                log.append(LogEntry("Every tile is placed: the game is over."))
        else:
            state.turn, state.stage = nxt, "tile"

    def _draft(self, state, seat, move, log):
        state.draft.pop(0)
        state.drafted.append(move.species)
        verb = "leaves out" if move.__class__ is Leave else "picks"
        if log is not None:
            log.append(LogEntry(f"{_seat(seat)} {verb} {SPECIES_NAMES[move.species]}.", seat))
        if not state.draft:
            if state.n == 3:
                chosen = [sp for sp in range(len(SPECIES)) if sp not in state.drafted]
            else:
                chosen = state.drafted
            state.species = tuple(sorted(chosen))
            state.supply = full_supply(state.n, state.species)
            state.stage, state.turn = "tile", 0
            state.free = None  # made for the species in play when first asked for
            if log is not None:
                log.append(LogEntry("Species in play: " + ", ".join(SPECIES_NAMES[sp] for sp in state.species)
                                    + "."))

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
            return ("Turn your tile: choose the way its first lower hex points (east, north-east, north-west, "
                    "west, south-west or south-east).")
        if stage == "cover":
            return "Your creatures were covered: move each to a legal empty hex."
        if stage == "species":
            if self.legal_moves(state, seat) == [END]:
                return "None of your creatures can be placed: end your turn."
            return "Choose one species to place this turn."
        if not state.placed:
            return f"Place {SPECIES_NAMES[state.placing]}: choose a hex ({SPECIES_RULES[state.placing]})"
        more = more_spots(state, seat)
        if more and state.placing == SNAILS:
            return f"Place up to 3 snails on connected Basalt Ridge ({len(state.placed)} so far), or end your turn."
        if more and state.placing == WORMS:
            return "Place a second worm on the same seafloor smoker, or end your turn."
        return "End your turn" + (" and draw a tile." if state.bag else ".")

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Tile:
            f = state.field.get(move.at)
            return (f"smoker on {hex_words(move.at)}, " +
                    (f"building up to level {f[0] + 1}" if f else "on the seafloor"))
        if cls is Turn:
            code = state.hands[seat] or "??"
            return (f"turn {DIRECTION_NAMES[move.turn]}: {TERRAIN_NAMES[TERRAIN_LETTERS.index(code[0])]} and "
                    f"{TERRAIN_NAMES[TERRAIN_LETTERS.index(code[1])]} beside the smoker")
        if cls is Shift:
            return f"move the {_one(next((p[1] for p in state.pending if p[2] == move.src), WORMS))} " \
                   f"from {hex_words(move.src)} to {hex_words(move.dst)} (level {state.field[move.dst][0]})"
        if cls is Choose:
            return f"place {SPECIES_NAMES[move.species]}"
        if cls is Put:
            f = state.field[move.at]
            return f"{_one(state.placing)} on {hex_words(move.at)} ({TERRAIN_NAMES[f[1]]}, level {f[0]})"
        if cls is End:
            return "end the turn" + (" and draw a tile" if state.bag else "")
        if cls is Pick:
            return f"pick {SPECIES_NAMES[move.species]}"
        if cls is Leave:
            return f"leave out {SPECIES_NAMES[move.species]}"
        return self.move_text(move)

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        return seat_view(self.id, state, viewer, sorted(self.to_move(state)))

    def render_text(self, view, viewer):
        return render_field(view, viewer)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        return score_sheets(state.field, state.creatures, state.n, state.species)

    def scores(self, state):
        # The search bots' fast path: the sheets' totals without building rows.
        return state.totals()

    def outcome(self, state):
        if state.stage != "over":
            return None
        points, _, _ = tally(state.field, state.creatures, state.n)
        n = state.n
        scores = [sum(points[s][sp] for sp in state.species) for s in range(n)]
        best_row = [max(points[s][sp] for sp in state.species) for s in range(n)]
        worms = [points[s][WORMS] for s in range(n)]
        return ranked_outcome(scores, (
            TieBreak(tuple(best_row), "the highest single-species score ({})", "their best species"),
            TieBreak(tuple(worms), "the higher Tube Worm score ({})", "Tube Worms"),
        ))

    def heuristic(self, state, seat):
        """Hints beyond the sheet, in points: the placement still to come in this
        turn (so that a position judged between the tile and the creatures counts
        what the tile made possible), placing beats keeping creatures back, and a
        lone Fish with room beside it is the start of a shoal (a second fish there
        is worth 5), which the sheet counts as 0."""
        value = PENDING_WEIGHT * pending_gain(state, seat) - 0.1 * sum(state.supply[seat])
        if FISH in state.species and state.supply[seat][FISH]:
            field, creatures = state.field, state.creatures
            for c, (owner, sp, _) in creatures.items():
                if owner != seat or sp != FISH:
                    continue
                near = [c + d for d in DELTAS]
                if any(creatures.get(nb, (-1, -1))[:2] == (seat, FISH) for nb in near):
                    continue
                if any(nb in field and nb not in creatures and field[nb][1] != SMOKER for nb in near):
                    value += LONE_FISH_PROMISE
        return value

    # ----- positions ---------------------------------------------------------

    def loaded(self, state, data, at):
        check(state, data)

    def max_moves(self, n_players, options):
        # Every move names at most one hex of the field (a tile's spot, a put) or a covered
        # creature and one hex (at most three creatures under a tile). The field never holds
        # more than three hexes a tile, and a new tile's spot touches one of them: 6 a hex.
        hexes = 3 * TILES_FOR_PLAYERS[n_players] + 1
        return max(6 * hexes, 3 * hexes, hexes + 1, len(SPECIES))

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what `seat` has not seen: the other hands and the order of the bag.

        The unseen tiles are sorted before they are shuffled, so the resample depends on which
        tiles are unseen and never on where they really lie: two worlds a seat cannot tell apart
        resample alike under one seed."""
        out = state.copy()
        others = [s for s in range(state.n) if s != seat and out.hands[s] is not None]
        pool = redeal(out.bag + [out.hands[s] for s in others], rng)
        for s in others:
            out.hands[s] = pool.pop()
        out.bag = pool
        out.rng = rng.fork()
        return out

    # No bound is worked out for this game: covered creatures go back to supply and may be placed again, so a turn's
    # placements are not bounded by the tiles alone. The adapters end a game at this cap, four to seven times the
    # longest game adversarial policies played (tests/adapters/test_lengths.py).
    length_cap_per_seat = 400

    def drawn_bag(self) -> tuple[str, tuple[str, ...], str]:
        # The tiles are drawn from the position's "bag" (its JSON lists the next draw first), shuffled
        # at setup: the End of a turn draws the next one.
        return "bag", TILE_CODES, "End"


def _one(sp: int) -> str:
    return ("tube worm", "volcano snail", "vent shrimp", "eelpout fish", "yeti crab", "octopus", "vent sponge")[sp]


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _tile_words(code: str | None) -> str:
    """A tile in words, by its three hexes (its code, "BM", is notation, not for people)."""
    if not code:
        return "no tile"
    a, b = tile_terrains(code)
    return f"Black Smoker, {TERRAIN_NAMES[a]}, {TERRAIN_NAMES[b]}"


def _spot(hex_field: tuple[int, int, int]) -> str:
    """A hex in words, by its field entry (level, terrain, tile): players see the field, not coordinates."""
    return f"{_a(TERRAIN_NAMES[hex_field[1]])} hex (level {hex_field[0]})"


# Log lines the playouts and the bots' leaves write but rarely read: made only when read.
def _placed_text(seat: int, sp: int, hex_field: tuple[int, int, int]) -> str:
    return f"{_seat(seat)} places {_a(_one(sp))} on {_spot(hex_field)}."


def _moved_text(seat: int, sp: int, hex_field: tuple[int, int, int]) -> str:
    return f"{_seat(seat)} moves a covered {_one(sp)} to {_spot(hex_field)}."


def _laid_text(seat: int, code: str, turn: int, level: int) -> str:
    where = "on the seafloor" if level == 1 else f"up on a plateau, level {level}"
    return f"{_seat(seat)} lays a tile ({_tile_words(code)}) {where}, turned {DIRECTION_WORDS[turn]}."


def _draws_text(seat: int, left: int) -> str:
    return f"{_seat(seat)} draws a tile ({count(left, 'tile')} left in the bag)."


def _drawn_text(seat: int, code: str) -> str:
    # (in the seat's name, not "you": the whole log is shown to everyone once the game is over)
    return f"{_seat(seat)}'s draw: {_tile_words(code)}."


GAME = VentLife()
