"""Digging for Dinos' state machine: the grid, the era stacks, the paleontologists and the turn."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import ALL, Game, LogEntry, TieBreak, check_position, position_head, ranked_outcome, read_head, whole
from meeple.engine.position import Pieces
from meeple.engine.unseen import redeal, shuffle_as_spectator

from . import moves as notation
from .components import (
    CELL_NAMES,
    CELLS,
    DIAGONAL,
    ERA_OF,
    ERA_TILES,
    ERAS,
    FOURTH,
    MAX_PARTS,
    N_SPECIES,
    N_TILES,
    ORTHOGONAL,
    PAWNS_PER_SEAT,
    RAYS,
    SIDE_NAMES,
    SIZE,
    SLOT,
    SPECIES,
    SPECIES_OF,
    cell_name,
    parse_cell,
    tile_json,
    tile_name,
)
from .moves import FLIPS, KEEP, MOVES, PLACES, Flip, Keep, Move, Place
from .scoring import (
    completed,
    completed_count,
    completed_values,
    seat_sheet,
    species_points,
    species_total,
)

PLACE, MOVE, BONUS, OVER = range(4)
PHASES = ("place", "move", "bonus", "over")
NOT_ENDING, LAST_TILE, FOURTH_DINO = range(3)
ENDINGS = (None, "last tile", "fourth dinosaur")
POSITION_VERSION = 1
SLOTS = N_SPECIES * MAX_PARTS
# How many tiles of each (species, part) slot the box holds: one per era the species is in.
COPIES = [0] * SLOTS
for _t in range(N_TILES):
    COPIES[SLOT[_t]] += 1


# to_move runs twice a move in a playout: shared sets instead of a new one each time.
_NOBODY: frozenset = frozenset()
_ONLY = tuple(frozenset((s,)) for s in range(4))


def placing_seat(n: int, placed: int) -> int:
    """Snake order of the start: seats 1..N place their first token, then N..1 their second."""
    return placed if placed < n else 2 * n - 1 - placed


class DinoState:
    """A Digging for Dinos position.

    board[cell] is the tile id on that cell, -1 for a hole (only once the stacks are empty);
    stacks[e] is era e+1's stack, bottom first, top last; pawns[2 * seat + k] is the cell of the
    seat's paleontologist k (-1 before it is placed) and sides[...] the side it shows (0
    orthogonal, 1 diagonal); taken[seat] lists the seat's tiles in the order taken and
    have[seat] counts them by (species, part) slot, and gone[slot] is that count summed over the
    seats. worth[seat][species] and hope[seat][species] are the species' points and prospect
    (`species_total`, `_species_prospect`) for those counts: None until `kept()` is first asked
    (a random playout never asks, and keeping them cost it a third of its time), then kept as
    tiles are taken, in copies too: the search judges every candidate with them and only the
    taken tile's species changes.
    memo: what scores_after worked out for a move of one paleontologist, shared by every
    candidate moving it (they take the same tile); None again once a move is applied, and in a copy.
    """

    __slots__ = ("n", "rng", "board", "stacks", "pawns", "sides", "taken", "have", "phase", "turn", "placed",
                 "ending", "turns", "last", "gone", "worth", "hope", "memo")

    def __init__(self, n, rng, board, stacks, pawns, sides, taken, have, phase, turn, placed, ending, turns, last,
                 gone=None, worth=None, hope=None):
        self.n = n
        self.rng = rng
        self.board = board
        self.stacks = stacks
        self.pawns = pawns
        self.sides = sides
        self.taken = taken
        self.have = have
        self.phase = phase
        self.turn = turn
        self.placed = placed
        self.ending = ending      # why the game is ending once this round is over (NOT_ENDING while not)
        self.turns = turns        # completed turns (placements not counted)
        self.last = last          # (from cell, to cell) of the last move, or None
        self.gone = [sum(counts) for counts in zip(*have)] if gone is None else gone
        self.worth: list[list[int]] | None = worth
        self.hope: list[list[float]] | None = hope
        self.memo: dict | None = None

    def copy(self) -> DinoState:
        # Copies are made by the bots, which judge them: the figures are counted once here, not in
        # every copy.
        worth, hope = self.kept()
        return DinoState(self.n, self.rng.copy(), self.board[:], [s[:] for s in self.stacks], self.pawns[:],
                         self.sides[:], [t[:] for t in self.taken], [h[:] for h in self.have], self.phase,
                         self.turn, self.placed, self.ending, self.turns, self.last, self.gone[:],
                         [w[:] for w in worth], [h[:] for h in hope])

    def kept(self) -> tuple[list[list[int]], list[list[float]]]:
        """worth and hope, counted now if nobody asked for them before (then kept from here on)."""
        if self.worth is None or self.hope is None:
            gone = self.gone
            self.worth = [[species_total(h, s) for s in range(N_SPECIES)] for h in self.have]
            self.hope = [[_species_prospect(h, gone, s) for s in range(N_SPECIES)] for h in self.have]
        return self.worth, self.hope

    def take(self, seat: int, tile: int) -> None:
        """The seat collects a tile: its counts and the figures of the tile's species follow."""
        self.taken[seat].append(tile)
        have, gone = self.have[seat], self.gone
        slot, s = SLOT[tile], SPECIES_OF[tile]
        have[slot] += 1
        gone[slot] += 1
        if self.worth is None or self.hope is None:
            return  # not kept (yet): kept() counts them when first asked
        self.worth[seat][s] = species_total(have, s)
        self.hope[seat][s] = _species_prospect(have, gone, s)
        if gone[slot] == COPIES[slot]:
            # The last copy of that part is gone: the others' prospects read `gone` only to see
            # whether a part they lack can still be found, so only now do theirs change, and only
            # from a prospect above 0 (none held, or a part they lack gone, stays so).
            for counts, hope in zip(self.have, self.hope):
                if hope[s]:
                    hope[s] = _species_prospect(counts, gone, s)

    def open_tile(self, cell: int) -> bool:
        """A cell with a tile and no paleontologist."""
        return self.board[cell] >= 0 and cell not in self.pawns

    def era(self) -> int | None:
        """The era (1-3) refills come from now; None once every stack is empty."""
        for e in range(ERAS):
            if self.stacks[e]:
                return e + 1
        return None


class DiggingForDinos(Game):
    id = "digging_for_dinos"
    name = "Digging for Dinos"
    min_players = 2
    max_players = 4
    notation: ClassVar[Any] = notation
    summary = "Move your two paleontologists across the dig, take the fossils they leave and complete dinosaurs."

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        stacks = [list(tiles) for tiles in ERA_TILES]
        for stack in stacks:
            rng.shuffle(stack)
        board = [stacks[0].pop() for _ in range(CELLS)]
        pawns = [-1] * (PAWNS_PER_SEAT * n_players)
        return DinoState(n_players, rng, board, stacks, pawns, [ORTHOGONAL] * len(pawns),
                         [[] for _ in range(n_players)], [[0] * SLOTS for _ in range(n_players)],
                         PLACE, 0, 0, NOT_ENDING, 0, None)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return _NOBODY if state.phase == OVER else _ONLY[state.turn]

    def actor(self, state):  # the playouts' hot path: to_move's one seat, no set
        return -1 if state.phase == OVER else state.turn

    def legal_moves(self, state, seat):
        if seat != state.turn or state.phase == OVER:
            return []
        if state.phase == PLACE:
            board, taken = state.board, set(state.pawns)
            return [PLACES[c] for c in range(CELLS) if board[c] >= 0 and c not in taken]
        if state.phase == BONUS:
            return [FLIPS[0], FLIPS[1], KEEP]
        out = self.directed_moves(state, seat)
        if not out:  # no move along a shown direction: any open tile will do
            out = [MOVES[k][c] for k in range(PAWNS_PER_SEAT) for c in range(CELLS) if state.open_tile(c)]
        return out

    def directed_moves(self, state, seat):
        """Moves along the directions the tokens show, jumping tokens and holes to the next open tile."""
        board, pawns = state.board, state.pawns
        taken = set(pawns)
        out = []
        for k in range(PAWNS_PER_SEAT):
            p = PAWNS_PER_SEAT * seat + k
            for ray in RAYS[state.sides[p]][pawns[p]]:
                for c in ray:
                    if board[c] >= 0 and c not in taken:
                        out.append(MOVES[k][c])
                        break
        return out

    def explain_illegal(self, state, seat, move):
        if state.phase == OVER:
            return "The game is over."
        if seat != state.turn:
            return "It is not your turn."
        cls = move.__class__
        if state.phase == PLACE:
            if cls is not Place:
                return "First place your paleontologist on an open tile."
            if state.board[move.cell] < 0:
                return f"There is no tile on {cell_name(move.cell)}."
            return f"A paleontologist already stands on {cell_name(move.cell)}."
        if state.phase == BONUS:
            return "You completed a dinosaur with a special ability: flip one of your paleontologists, or keep them."
        if cls is not Move:
            return "Move one of your paleontologists."
        p = PAWNS_PER_SEAT * seat + move.pawn
        where = cell_name(move.cell)
        if not state.open_tile(move.cell):
            return (f"{where} has no tile." if state.board[move.cell] < 0
                    else f"A paleontologist already stands on {where}.")
        if self.directed_moves(state, seat):
            side = SIDE_NAMES[state.sides[p]]
            return (f"Paleontologist {move.pawn + 1} shows its {side} side: it moves {side}ly from "
                    f"{cell_name(state.pawns[p])} to the next open tile in a direction, and {where} is not one.")
        return "That move is not possible."

    def apply(self, state, seat, move):
        state.memo = None
        cls = move.__class__
        if cls is Move:
            return self._move(state, seat, move)
        name = f"Seat {seat + 1}"
        if cls is Place:
            k = 0 if state.placed < state.n else 1
            p = PAWNS_PER_SEAT * seat + k
            state.pawns[p] = move.cell
            state.sides[p] = ORTHOGONAL if k == 0 else DIAGONAL
            state.placed += 1
            if state.placed == PAWNS_PER_SEAT * state.n:
                state.phase, state.turn = MOVE, 0
            else:
                state.turn = placing_seat(state.n, state.placed)
            return [LogEntry.lazy(_placed_text, (seat, k, state.sides[p], move.cell), seat)]
        if cls is Flip:
            p = PAWNS_PER_SEAT * seat + move.pawn
            state.sides[p] ^= 1
            log = [LogEntry(f"{name} flips paleontologist {move.pawn + 1} to its {SIDE_NAMES[state.sides[p]]} side.",
                            seat)]
        else:
            log = [LogEntry(f"{name} keeps both paleontologists as they are.", seat)]
        return log + self._end_turn(state, seat)

    def _move(self, state, seat, move):
        p = PAWNS_PER_SEAT * seat + move.pawn
        src = state.pawns[p]
        tile = state.board[src]
        state.pawns[p] = move.cell
        state.sides[p] ^= 1
        state.last = (src, move.cell)
        state.take(seat, tile)
        have = state.have[seat]
        slot = SLOT[tile]
        new = -1
        stacks = state.stacks
        for stack in stacks:
            if stack:
                new = stack.pop()
                break
        state.board[src] = new
        last = False
        if new >= 0 and not stacks[2] and state.ending == NOT_ENDING:
            state.ending = LAST_TILE
            last = True
        log = [LogEntry.lazy(_moved_text, (seat, move.pawn, src, move.cell, tile, new, last), seat)]
        s = SPECIES_OF[tile]
        if have[slot] == completed(have, s):  # this tile finished a skeleton
            sp = SPECIES[s]
            done = completed_count(have)
            fourth = done >= FOURTH and state.ending == NOT_ENDING
            if fourth:
                state.ending = FOURTH_DINO
            log.append(LogEntry.lazy(_completes_text, (seat, s, done, fourth), seat))
            if sp.special:
                state.phase = BONUS
                return log
        return log + self._end_turn(state, seat)

    def _end_turn(self, state, seat):
        state.turns += 1
        state.phase = MOVE
        if state.ending == NOT_ENDING or seat != state.n - 1:
            state.turn = (seat + 1) % state.n
            return []
        # The round is over: everyone takes the tiles under their paleontologists.
        state.phase = OVER
        log = []
        for s in range(state.n):
            got = []
            for k in range(PAWNS_PER_SEAT):
                cell = state.pawns[PAWNS_PER_SEAT * s + k]
                tile = state.board[cell]
                if tile >= 0:
                    state.board[cell] = -1
                    state.take(s, tile)
                    got.append(_name(tile))
            log.append(LogEntry(f"Seat {s + 1} collects the tiles under their paleontologists: "
                                f"{' and '.join(got) or 'none'}.", s))
        return log

    def reveals(self, state, seat, move):
        # A move refills the tile it left from a face-down era stack.
        return move.__class__ is Move and any(state.stacks)

    def prompt(self, state, seat):
        if state.phase == OVER:
            return "The dig is over."
        if seat != state.turn:
            return f"Waiting for seat {state.turn + 1}."
        if state.phase == PLACE:
            k = 0 if state.placed < state.n else 1
            return (f"Place your paleontologist {k + 1} ({SIDE_NAMES[ORTHOGONAL if k == 0 else DIAGONAL]} side up) "
                    "on an open tile.")
        if state.phase == BONUS:
            return "You completed a dinosaur with a special ability: flip a paleontologist, or keep them as they are."
        return "Move a paleontologist along a direction its side shows; you take the tile it leaves."

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Place:
            return f"place on {cell_name(move.cell)}"
        if cls is Move:
            src = state.pawns[PAWNS_PER_SEAT * seat + move.pawn] if seat is not None and seat >= 0 else -1
            if src >= 0 and state.board[src] >= 0:
                return f"paleontologist {move.pawn + 1} to {cell_name(move.cell)}, taking {_name(state.board[src])}"
            return f"paleontologist {move.pawn + 1} to {cell_name(move.cell)}"
        if cls is Flip:
            return f"flip paleontologist {move.pawn + 1}"
        return "keep both paleontologists as they are"

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        owner = {cell: i for i, cell in enumerate(state.pawns) if cell >= 0}
        board = []
        for cell in range(CELLS):
            tile = state.board[cell]
            p = owner.get(cell)
            board.append({
                "cell": cell_name(cell),
                "tile": tile_json(tile) if tile >= 0 else None,
                "pawn": None if p is None else {"seat": p // PAWNS_PER_SEAT, "pawn": p % PAWNS_PER_SEAT,
                                                "side": SIDE_NAMES[state.sides[p]]},
            })
        collections = []
        for s in range(state.n):
            have = state.have[s]
            groups = []
            for i, sp in enumerate(SPECIES):
                full, full_points, loose, loose_points = species_points(have, i)
                base = i * MAX_PARTS
                groups.append({
                    "species": sp.key, "name": sp.name, "of": len(sp.parts), "complete": sp.complete,
                    "special": sp.special, "completed": full, "points": full_points + loose_points,
                    "progress": sum(1 for p in range(len(sp.parts)) if have[base + p] > full),
                    "parts": [{"part": part, "count": have[base + p], "left": sp.left[p]}
                              for p, part in enumerate(sp.parts)],
                })
            collections.append({"seat": s, "tiles": [tile_json(t) for t in state.taken[s]], "species": groups,
                                "completed": completed_count(have)})
        pawns = [[{"cell": cell_name(state.pawns[PAWNS_PER_SEAT * s + k]) if state.pawns[PAWNS_PER_SEAT * s + k] >= 0
                   else None, "side": SIDE_NAMES[state.sides[PAWNS_PER_SEAT * s + k]]}
                  for k in range(PAWNS_PER_SEAT)] for s in range(state.n)]
        return {
            "game": self.id,
            "players": state.n,
            "viewer": viewer,
            "size": SIZE,
            "phase": PHASES[state.phase],
            "turn": None if state.phase == OVER else state.turn,
            "board": board,
            "stacks": [len(s) for s in state.stacks],
            "era": state.era(),
            "pawns": pawns,
            "collections": collections,
            "ending": ENDINGS[state.ending],
            "fourth": FOURTH,
            "next_side": (SIDE_NAMES[ORTHOGONAL if state.placed < state.n else DIAGONAL]
                          if state.phase == PLACE else None),
            "last": None if state.last is None else {"from": cell_name(state.last[0]), "to": cell_name(state.last[1])},
            "turns": state.turns,
        }

    def render_text(self, view, viewer):
        lines = ["     " + " ".join(f"{c:^18}" for c in "abcde"[:view["size"]])]
        for r in range(view["size"]):
            row = []
            for c in range(view["size"]):
                sq = view["board"][r * view["size"] + c]
                tile, pawn = sq["tile"], sq["pawn"]
                text = (f"{tile['name'][:5]} {tile['position']}/{tile['of']} {tile['left']}|{tile['complete']}"
                        if tile else "(hole)")
                if pawn:
                    text = f"[{pawn['seat'] + 1}{'+' if pawn['side'] == 'orthogonal' else 'x'}]" + text
                row.append(f"{text:<18.18}")
            lines.append(f"  {r + 1}  " + " ".join(row))
        era = view["era"]
        lines.append(f"Stacks: era 1 {view['stacks'][0]}, era 2 {view['stacks'][1]}, era 3 {view['stacks'][2]}"
                     + (f" (drawing from era {era})" if era else " (empty)"))
        if view["ending"]:
            lines.append(f"The game ends after this round ({view['ending']}).")
        for col in view["collections"]:
            who = " (you)" if col["seat"] == viewer else ""
            held = [f"{g['name']} {g['progress']}/{g['of']}" + (f" +{g['completed']} done" if g["completed"] else "")
                    for g in col["species"] if g["completed"] or g["progress"]]
            lines.append(f"Seat {col['seat'] + 1}{who}: {col['completed']} completed; "
                         + (", ".join(held) or "no tiles"))
        lines.append("Tokens: [seat+] orthogonal side up, [seatx] diagonal side up.")
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        return [seat_sheet(s, state.have[s]) for s in range(state.n)]

    def scores(self, state):
        worth = state.worth
        if worth is None:
            worth = state.kept()[0]
        return [sum(w) for w in worth]

    def outcome(self, state):
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        best = tuple(completed_values(h) for h in state.have)
        shown = tuple(", ".join(map(str, b)) or "none" for b in best)
        return ranked_outcome(scores, (TieBreak(best, "larger completed dinosaurs ({})", "completed dinosaurs",
                                                shown),))

    def heuristic(self, state, seat):
        """Progress towards completions that can still be made, and the tiles under my tokens
        (they come to me when the token moves on, or at the end)."""
        worth, hope = state.kept()
        return _judge(state, seat, worth[seat], hope[seat])

    def scores_after(self, state, seat, move):
        # The search's rollouts judge every candidate this way. A move changes only what the scores
        # and the heuristic read here: the mover's counts, its token's cell and the refilled cell.
        # Every move of one paleontologist takes the same tile, so the scores and all of the
        # heuristic but the tile under the token's new cell are worked out once for them all
        # (state.memo); placements and flips are judged in place too; a move that may end the game
        # (the round's collection changes every seat) is played on a copy as by default.
        cls = move.__class__
        if cls is Place and state.phase == PLACE and seat == state.turn:
            # A placement takes nothing: only the tile under the new token joins the heuristic.
            p = PAWNS_PER_SEAT * seat + (0 if state.placed < state.n else 1)
            have, gone, board = state.have[seat], state.gone, state.board
            kept_worth, kept_hope = state.kept()
            worth, hope = kept_worth[seat], kept_hope[seat]
            under = 0.0
            other = state.pawns[p ^ 1]  # placed before this one, when this is the second (as _judge adds them)
            if other >= 0 and board[other] >= 0:
                under += _under(have, gone, worth, hope, board[other])
            under += _under(have, gone, worth, hope, board[move.cell])
            return self.scores(state), sum(hope) + 0.4 * under
        if (cls is Flip or cls is Keep) and state.phase == BONUS and seat == state.turn and (
                state.ending == NOT_ENDING or seat != state.n - 1):
            return self.scores(state), self.heuristic(state, seat)  # a side turned: nothing judged changes
        if cls is not Move or state.ending != NOT_ENDING:
            return super().scores_after(state, seat, move)
        memo = state.memo
        if memo is None:
            memo = state.memo = {}
        p = PAWNS_PER_SEAT * seat + move.pawn
        found = memo.get(p)
        if found is None:
            found = memo[p] = self._after_taking(state, seat, p)
        if found is _ON_A_COPY:
            return super().scores_after(state, seat, move)
        scores, hope_sum, under_other, have_after, gone_after, worth_after, hope_after = found
        under = under_other
        tile = state.board[move.cell]
        if tile >= 0:
            under += _under(have_after, gone_after, worth_after, hope_after, tile)
        return scores[:], hope_sum + 0.4 * under

    def _after_taking(self, state, seat, p):
        """What every move of paleontologist `p` shares: the scores once it takes the tile it stands
        on, the heuristic's prospects then and the tile under the seat's other token, and the counts
        and species figures then (copies) for the tile under its new cell; or _ON_A_COPY when the
        move may end the game."""
        stacks = state.stacks
        refill = None
        for stack in stacks:
            if stack:
                refill = stack
                break
        if refill is None or (refill is stacks[2] and len(refill) == 1):
            return _ON_A_COPY
        tile = state.board[state.pawns[p]]
        have = state.have[seat][:]
        slot, s = SLOT[tile], SPECIES_OF[tile]
        have[slot] += 1
        if have[slot] == completed(have, s) and completed_count(have) >= FOURTH:
            return _ON_A_COPY  # a fourth dinosaur: the game may end
        gone = state.gone[:]
        gone[slot] += 1
        kept_worth, kept_hope = state.kept()
        worth, hope = kept_worth[seat][:], kept_hope[seat][:]
        worth[s] = species_total(have, s)
        hope[s] = _species_prospect(have, gone, s)
        scores = [sum(w) for w in kept_worth]
        scores[seat] = sum(worth)
        # The seat's other token stays where it is (the refilled cell is the one this token leaves).
        other = state.pawns[p ^ 1]
        under = 0.0
        if other >= 0 and state.board[other] >= 0:
            under += _under(have, gone, worth, hope, state.board[other])
        return scores, sum(hope), under, have, gone, worth, hope

    # ----- positions ---------------------------------------------------------

    def to_json(self, state):
        return {
            **position_head(self, state, POSITION_VERSION),
            "board": [t if t >= 0 else None for t in state.board],
            "stacks": [s[:] for s in state.stacks],
            "pawns": [[None if state.pawns[PAWNS_PER_SEAT * s + k] < 0 else
                       {"cell": cell_name(state.pawns[PAWNS_PER_SEAT * s + k]),
                        "side": SIDE_NAMES[state.sides[PAWNS_PER_SEAT * s + k]]}
                       for k in range(PAWNS_PER_SEAT)] for s in range(state.n)],
            "collections": [t[:] for t in state.taken],
            "phase": PHASES[state.phase],
            "turn": state.turn,
            "ending": ENDINGS[state.ending],
            "turns": state.turns,
            "last": None if state.last is None else [cell_name(c) for c in state.last],
        }

    def load_position(self, data):
        return _load(self, data)

    def max_moves(self, n_players, options):
        # With no directed move a token may go to any open tile: 2 tokens x 25 cells at most.
        return PAWNS_PER_SEAT * CELLS

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Reshuffle each era stack. Everyone knows what each stack still holds (its era's tiles
        less those seen), only not the order; the tiles are sorted before the shuffle so the
        result never depends on the true order."""
        out = state.copy()
        out.stacks = [redeal(stack, rng) for stack in out.stacks]
        out.rng = rng.fork()
        return out

    shuffle_unseen = shuffle_as_spectator  # only the era stacks' order is unseen, by every seat alike

    def max_game_length(self, n_players: int, options: dict) -> int:
        # Each seat places its paleontologists (PAWNS_PER_SEAT decisions each). Then a turn is a move,
        # plus at most one flip-or-keep when it completes a dinosaur with a special ability. Every move
        # refills its tile from the era stacks while they last, and the move that takes the last tile
        # ends the game at the end of that round: at most (tiles in the stacks) + n - 1 turns.
        stacked = sum(len(era) for era in ERA_TILES) - CELLS
        return PAWNS_PER_SEAT * n_players + 2 * (stacked + n_players - 1)


# scores_after's memo for a move that may end the game: then it plays the move on a copy.
_ON_A_COPY = object()


def _under(have: list[int], gone: list[int], worth: list[int], hope: list[float], tile: int) -> float:
    """What `tile` adds to a seat's points and prospects (whose counts and species figures are
    `have`, `gone`, `worth` and `hope`) once it takes it: only the tile's own species changes.
    The counts are left as they are."""
    s, slot = SPECIES_OF[tile], SLOT[tile]
    base = s * MAX_PARTS
    end = base + len(SPECIES[s].parts)
    key = (slot, *have[base:end], *gone[base:end])
    after = _AFTER_MEMO.get(key)
    if after is None:  # remembered by the species' counts, as its figures are
        if len(_AFTER_MEMO) >= 50_000:  # a bound only
            _AFTER_MEMO.clear()
        have[slot] += 1
        gone[slot] += 1
        after = _AFTER_MEMO[key] = species_total(have, s) + _species_prospect(have, gone, s)
        have[slot] -= 1
        gone[slot] -= 1
    return after - (worth[s] + hope[s])


_AFTER_MEMO: dict[tuple[int, ...], float] = {}


def _judge(state: DinoState, seat: int, worth: list[int], hope: list[float]) -> float:
    """The heuristic of `seat`, whose species figures for its counts now are `worth` and `hope`:
    what the unfinished skeletons promise (the prospects summed), and the tiles under its tokens."""
    have, gone, board = state.have[seat], state.gone, state.board
    under = 0.0
    for k in range(PAWNS_PER_SEAT):
        cell = state.pawns[PAWNS_PER_SEAT * seat + k]
        if cell >= 0 and board[cell] >= 0:
            under += _under(have, gone, worth, hope, board[cell])
    return sum(hope) + 0.4 * under


def _species_prospect(have: list[int], gone: list[int], s: int) -> float:
    """What species `s`'s unfinished skeleton promises: the completion bonus over its tiles' left
    values, by the square of the share of parts held, if its missing parts are still to be found.
    Remembered by the species' counts: the search asks it of every position it judges."""
    base = s * MAX_PARTS
    end = base + len(SPECIES[s].parts)
    key = (*have[base:end], *gone[base:end])
    memo = _PROSPECT_MEMO[s]
    value = memo.get(key)
    if value is None:
        if len(memo) >= 50_000:  # a bound only
            memo.clear()
        value = memo[key] = _count_prospect(have, gone, s)
    return value


_PROSPECT_MEMO: tuple[dict[tuple[int, ...], float], ...] = tuple({} for _ in range(N_SPECIES))


def _count_prospect(have: list[int], gone: list[int], s: int) -> float:
    """`_species_prospect` counted."""
    sp = SPECIES[s]
    base = s * MAX_PARTS
    size = len(sp.parts)
    full = min(have[base:base + size])
    held = 0
    bonus = sp.complete
    for p in range(size):
        if have[base + p] > full:
            held += 1
            bonus -= sp.left[p]
        elif gone[base + p] >= COPIES[base + p]:
            return 0.0
    return 0.6 * bonus * (held / size) ** 2 if held else 0.0


# Log lines a playout writes but never reads: made only when read.
def _placed_text(seat: int, k: int, side: int, cell: int) -> str:
    return f"Seat {seat + 1} places paleontologist {k + 1} ({SIDE_NAMES[side]} side up) on {cell_name(cell)}."


def _moved_text(seat: int, pawn: int, src: int, dst: int, tile: int, new: int, last: bool) -> str:
    where = CELL_NAMES[src]
    text = f"Seat {seat + 1} moves paleontologist {pawn + 1} from {where} to {CELL_NAMES[dst]} and takes {_name(tile)}"
    if new < 0:
        return text + "."
    text += f"; {where} gets {_name(new)} (era {ERA_OF[new]})."
    return text + (" That was the last era-3 tile: the game ends after this round." if last else "")


def _completes_text(seat: int, s: int, done: int, fourth: bool) -> str:
    sp = SPECIES[s]
    note = f"Seat {seat + 1} completes a {sp.name} ({sp.complete} points; {done} completed)."
    return note + (" A fourth dinosaur: the game ends after this round." if fourth else "")


_NAMES: dict[int, str] = {}


def _name(tile: int) -> str:
    """A tile in words, remembered: log lines are written on every move, playouts included."""
    text = _NAMES.get(tile)
    if text is None:
        text = _NAMES[tile] = tile_name(tile)
    return text


def _load(game: DiggingForDinos, data: dict) -> DinoState:
    n, rng = read_head(game, data, POSITION_VERSION)
    box = Pieces("tile", N_TILES, f"a tile is a number from 0 to {N_TILES - 1}")
    board = data["board"]
    check_position(isinstance(board, list) and len(board) == CELLS, f"The board lists {CELLS} cells.")
    board = [-1 if t is None else box.take(t, f"board {cell_name(c)}") for c, t in enumerate(board)]
    stacks = data["stacks"]
    check_position(isinstance(stacks, list) and len(stacks) == ERAS, f"There are {ERAS} era stacks.")
    stacks = [[box.take(t, f"era {e + 1} stack") for t in stack] for e, stack in enumerate(stacks)]
    for e, stack in enumerate(stacks):
        check_position(all(ERA_OF[t] == e + 1 for t in stack), f"The era {e + 1} stack holds a tile of another era.")
    collections = data["collections"]
    check_position(isinstance(collections, list) and len(collections) == n, "There is one collection per player.")
    taken = [[box.take(t, f"seat {s + 1}'s collection") for t in col] for s, col in enumerate(collections)]
    check_position(not box.rest(), "Every tile must be somewhere: on the board, in a stack or collected.")
    have = [[0] * SLOTS for _ in range(n)]
    for s, tiles in enumerate(taken):
        for t in tiles:
            have[s][SLOT[t]] += 1

    phase = data["phase"]
    check_position(phase in PHASES, f"phase must be one of {', '.join(PHASES)}.")
    phase = PHASES.index(phase)
    pawns = [-1] * (PAWNS_PER_SEAT * n)
    sides = [ORTHOGONAL] * (PAWNS_PER_SEAT * n)
    rows = data["pawns"]
    check_position(isinstance(rows, list) and len(rows) == n and all(isinstance(r, list) and len(r) == 2 for r in rows),
                   "pawns lists two paleontologists (or null) per player.")
    for s, row in enumerate(rows):
        for k, pawn in enumerate(row):
            if pawn is None:
                continue
            p = PAWNS_PER_SEAT * s + k
            try:
                pawns[p] = parse_cell(pawn["cell"])
            except ValueError as exc:
                check_position(False, f"seat {s + 1}'s paleontologist {k + 1}: {exc}.")
            check_position(pawn["side"] in SIDE_NAMES, "A paleontologist's side is orthogonal or diagonal.")
            sides[p] = SIDE_NAMES.index(pawn["side"])
    placed_cells = [c for c in pawns if c >= 0]
    check_position(len(set(placed_cells)) == len(placed_cells), "Two paleontologists stand on one cell.")
    placed = len(placed_cells)
    turn = whole(data["turn"], 0, n - 1, "turn")
    if phase == PLACE:
        order = [placing_seat(n, i) for i in range(placed)]
        expected = [PAWNS_PER_SEAT * s + (0 if i < n else 1) for i, s in enumerate(order)]
        check_position(placed < PAWNS_PER_SEAT * n and sorted(expected) == [p for p, c in enumerate(pawns) if c >= 0],
                       "While placing, the paleontologists down must be those placed so far in snake order.")
        check_position(turn == placing_seat(n, placed), f"Seat {placing_seat(n, placed) + 1} places next.")
    else:
        check_position(placed == PAWNS_PER_SEAT * n, "Every paleontologist must be on the board after the start.")
        placed = PAWNS_PER_SEAT * n
    if phase != OVER:
        check_position(all(board[c] >= 0 for c in placed_cells), "A paleontologist stands on a cell with no tile.")
    check_position(all(t >= 0 for t in board) or not any(stacks),
                   "A cell can only be empty once every stack is empty.")
    if phase == BONUS:
        check_position(bool(taken[turn]) and SPECIES[SPECIES_OF[taken[turn][-1]]].special,
                       "The flip is only offered after completing a Velociraptor or Deinosuchus.")
    ending = data.get("ending")
    check_position(ending in ENDINGS, "ending must be null, 'last tile' or 'fourth dinosaur'.")
    ending = ENDINGS.index(ending)
    if not any(stacks) and phase != PLACE:
        check_position(ending != NOT_ENDING, "Every stack is empty, so the game must be ending.")
    # Refills draw era 1 first, then era 2, then era 3: the stacks run out in that order.
    for e in range(ERAS - 1):
        check_position(not stacks[e] or all(stacks[e + 1:]),
                       f"The era {e + 1} stack still holds tiles, so the later eras' stacks cannot be empty "
                       "(refills draw era 1 first, then era 2, then era 3).")
    check_position(bool(stacks[ERAS - 1]) or ending != NOT_ENDING,
                   f"The era {ERAS} stack is empty, so the last tile was drawn: the game must be ending.")
    check_position(ending != LAST_TILE or not stacks[ERAS - 1],
                   f"The game ends on the last tile only once the era {ERAS} stack is empty.")
    turns = data.get("turns", 0)
    check_position(isinstance(turns, int) and turns >= 0, "turns must be a whole number.")
    last = data.get("last")
    if last is not None:
        check_position(isinstance(last, list) and len(last) == 2, "last is [from, to] or null.")
        try:
            last = (parse_cell(last[0]), parse_cell(last[1]))
        except (ValueError, AttributeError) as exc:
            check_position(False, f"last: {exc}.")
    return DinoState(n, rng, board, stacks, pawns, sides, taken, have, phase, turn, placed, ending, turns, last)


GAME = DiggingForDinos()
