"""Digging for Dinos' state machine: the grid, the era stacks, the paleontologists and the turn."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import ALL, NOBODY, ONE, LogEntry, TieBreak, ranked_outcome
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import redeal, shuffle_as_spectator

from . import moves as notation
from .components import (
    CELL_NAMES,
    CELLS,
    DIAGONAL,
    ERA_OF,
    ERA_TILES,
    FOURTH,
    MAX_PARTS,
    ORTHOGONAL,
    PARTS,
    PAWNS_PER_SEAT,
    RAYS,
    SIDE_NAMES,
    SIZE,
    SLOT,
    SPECIES,
    SPECIES_OF,
    cell_name,
    tile_json,
    tile_name,
)
from .moves import FLIPS, KEEP, MOVES, PLACES, Flip, Keep, Move, Place
from .position import check
from .scoring import (
    completed,
    completed_count,
    completed_values,
    seat_sheet,
    species_points,
    species_total,
)
from .state import (
    BONUS,
    ENDINGS,
    FOURTH_DINO,
    LAST_TILE,
    MOVE,
    NOT_ENDING,
    OVER,
    PHASES,
    PLACE,
    DinoState,
    placing_seat,
)
from .strategy import judge, species_prospect, tile_gain

# to_move runs twice a move in a playout: shared sets instead of a new one each time.
#: Whether completing each species earns a flip.
_SPECIAL = tuple(sp.special for sp in SPECIES)
#: RAYS with each ray split into its first cell and the rest: the first is open most of the time.
_RAYS = tuple(tuple(tuple((ray[0], ray[1:]) for ray in rays) for rays in side) for side in RAYS)
#: A move of paleontologist k to cell c as one number, k * CELLS + c: _MOVES[k * CELLS + c] is MOVES[k][c].
_MOVES = MOVES[0] + MOVES[1]


def _directed(state: DinoState, seat: int) -> list[int]:
    """The seat's moves along the directions its tokens show, jumping tokens and holes to the next open
    tile, as numbers (k * CELLS + cell), in legal_moves' order."""
    board, pawns, sides = state.board, state.pawns, state.sides
    out = []
    p = PAWNS_PER_SEAT * seat  # each token written out: the playouts' hottest loop (a loop over k costs 5%)
    for c, rest in _RAYS[sides[p]][pawns[p]]:
        if board[c] >= 0 and c not in pawns:
            out.append(c)
            continue
        for c in rest:
            if board[c] >= 0 and c not in pawns:
                out.append(c)
                break
    p += 1
    for c, rest in _RAYS[sides[p]][pawns[p]]:
        if board[c] >= 0 and c not in pawns:
            out.append(c + CELLS)
            continue
        for c in rest:
            if board[c] >= 0 and c not in pawns:
                out.append(c + CELLS)
                break
    return out


class DiggingForDinos(DeclaredGame):
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
        first = stacks[0]
        board = first[-CELLS:][::-1]  # dealt from the top of era 1's stack, one cell after another
        del first[-CELLS:]
        pawns = [-1] * (PAWNS_PER_SEAT * n_players)
        return DinoState(n=n_players, rng=rng, board=board, stacks=stacks, pawns=pawns,
                         sides=[ORTHOGONAL] * len(pawns), taken=[[] for _ in range(n_players)], phase=PLACE, turn=0)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return NOBODY if state.phase == OVER else ONE[state.turn]

    def actor(self, state):  # the playouts' hot path: to_move's one seat, no set
        return -1 if state.phase == OVER else state.turn

    def legal_moves(self, state, seat):
        phase = state.phase
        if seat != state.turn or phase == OVER:
            return []
        board, pawns = state.board, state.pawns
        if phase == MOVE:
            out = _directed(state, seat)
            if out:
                return [_MOVES[m] for m in out]
            # no move along a shown direction: any open tile will do
            return [MOVES[k][c] for k in range(PAWNS_PER_SEAT) for c in range(CELLS) if state.open_tile(c)]
        if phase == PLACE:
            if -1 in board:  # a hole (a position loaded so): cell by cell
                return [PLACES[c] for c in range(CELLS) if board[c] >= 0 and c not in pawns]
            out, start = [], 0
            for c in sorted(pawns):  # every tile but those under a paleontologist (-1: not placed yet)
                if c >= start:
                    out += PLACES[start:c]
                    start = c + 1
            out += PLACES[start:]
            return out
        return [FLIPS[0], FLIPS[1], KEEP]

    def directed_moves(self, state, seat):
        """Moves along the directions the tokens show, jumping tokens and holes to the next open tile."""
        return [_MOVES[m] for m in _directed(state, seat)]

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

    def advance(self, state, seat, move, log=None):
        """`apply`: its lines made only when given `log` to fill (a playout passes none)."""
        state.memo = None
        cls = move.__class__
        if cls is Move:
            self._dig(state, seat, move.pawn, move.cell, log)
            return
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
            if log is not None:
                log.append(LogEntry.lazy(_placed_text, (seat, k, state.sides[p], move.cell), seat))
            return
        if cls is Flip:
            p = PAWNS_PER_SEAT * seat + move.pawn
            state.sides[p] ^= 1
            if log is not None:
                log.append(LogEntry(f"Seat {seat + 1} flips paleontologist {move.pawn + 1} to its "
                                    f"{SIDE_NAMES[state.sides[p]]} side.", seat))
        elif log is not None:
            log.append(LogEntry(f"Seat {seat + 1} keeps both paleontologists as they are.", seat))
        self._end_turn(state, seat, log)

    def _dig(self, state, seat, k, cell, log):
        """Paleontologist k of the seat moves to `cell`: the seat takes the tile it leaves, which is refilled."""
        p = PAWNS_PER_SEAT * seat + k
        pawns, board = state.pawns, state.board
        src = pawns[p]
        tile = board[src]
        pawns[p] = cell
        state.sides[p] ^= 1
        state.last = (src, cell)
        have = state.have[seat]
        slot = SLOT[tile]
        if state.worth is None:  # take(), written out where no figures are kept (a playout's case)
            state.taken[seat].append(tile)
            have[slot] += 1
            state.gone[slot] += 1
        else:
            state.take(seat, tile)
        s1, s2, s3 = state.stacks
        new = s1.pop() if s1 else s2.pop() if s2 else s3.pop() if s3 else -1
        board[src] = new
        last = False
        if new >= 0 and not s3 and state.ending == NOT_ENDING:
            state.ending = LAST_TILE
            last = True
        if log is not None:
            log.append(LogEntry.lazy(_moved_text, (seat, k, src, cell, tile, new, last), seat))
        s = SPECIES_OF[tile]
        if have[slot] == min(have[PARTS[s]]):  # this tile finished a skeleton
            done = completed_count(have)
            fourth = done >= FOURTH and state.ending == NOT_ENDING
            if fourth:
                state.ending = FOURTH_DINO
            if log is not None:
                log.append(LogEntry.lazy(_completes_text, (seat, s, done, fourth), seat))
            if _SPECIAL[s]:
                state.phase = BONUS
                return
        if state.ending == NOT_ENDING or seat != state.n - 1:  # _end_turn's usual case, written out
            state.turns += 1
            state.turn = (seat + 1) % state.n
            return
        self._end_turn(state, seat, log)

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): a move along a shown direction picked by the
        draw `legal_moves` and `advance` would make, as a cell number (the second paleontologist's plus
        CELLS), with no move object; the start and the bonus go through the three calls."""
        if state.phase != MOVE:
            return DeclaredGame.random_step(self, state, draw)
        seat = state.turn
        out = _directed(state, seat)
        if not out:  # no move along a shown direction: any open tile will do
            out = [k * CELLS + c for k in range(PAWNS_PER_SEAT) for c in range(CELLS) if state.open_tile(c)]
        c = out[draw() % len(out)]
        state.memo = None
        if c < CELLS:
            self._dig(state, seat, 0, c, None)
        else:
            self._dig(state, seat, 1, c - CELLS, None)
        return seat

    def _end_turn(self, state, seat, log):
        state.turns += 1
        state.phase = MOVE
        if state.ending == NOT_ENDING or seat != state.n - 1:
            state.turn = (seat + 1) % state.n
            return
        # The round is over: everyone takes the tiles under their paleontologists.
        state.phase = OVER
        for s in range(state.n):
            got = []
            for k in range(PAWNS_PER_SEAT):
                cell = state.pawns[PAWNS_PER_SEAT * s + k]
                tile = state.board[cell]
                if tile >= 0:
                    state.board[cell] = -1
                    state.take(s, tile)
                    got.append(tile_name(tile))
            if log is not None:
                log.append(LogEntry(f"Seat {s + 1} collects the tiles under their paleontologists: "
                                    f"{' and '.join(got) or 'none'}.", s))

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
                return f"paleontologist {move.pawn + 1} to {cell_name(move.cell)}, taking {tile_name(state.board[src])}"
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
                full, full_points, loose, loose_points = species_points(have[PARTS[i]], i)
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
        return judge(state, seat, worth[seat], hope[seat])

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
            worth, hope = state.kept()
            state.pawns[p] = move.cell  # judged with the token down (taken up again below)
            try:
                return self.scores(state), judge(state, seat, worth[seat], hope[seat])
            finally:
                state.pawns[p] = -1
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
            under += tile_gain(have_after, gone_after, worth_after, hope_after, tile)
        return scores[:], hope_sum + 0.4 * under

    def _after_taking(self, state, seat, p):
        """What every move of paleontologist `p` shares: the scores once it takes the tile it stands
        on, the heuristic's prospects then and the tile under the seat's other token, and the counts
        and species figures then (copies) for the tile under its new cell; or _ON_A_COPY when the
        move may end the game."""
        s1, s2, s3 = state.stacks
        if not s1 and not s2 and len(s3) <= 1:  # the refill is the last tile, or there is none
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
        hope[s] = species_prospect(have, gone, s)
        scores = [sum(w) for w in kept_worth]
        scores[seat] = sum(worth)
        # The seat's other token stays where it is (the refilled cell is the one this token leaves).
        other = state.pawns[p ^ 1]
        under = 0.0
        if other >= 0 and state.board[other] >= 0:
            under += tile_gain(have, gone, worth, hope, state.board[other])
        return scores, sum(hope), under, have, gone, worth, hope

    # ----- positions ---------------------------------------------------------

    state_class = DinoState

    def loaded(self, state, data, at):
        check(state, at)

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


# Log lines a playout writes but never reads: made only when read.
def _placed_text(seat: int, k: int, side: int, cell: int) -> str:
    return f"Seat {seat + 1} places paleontologist {k + 1} ({SIDE_NAMES[side]} side up) on {cell_name(cell)}."


def _moved_text(seat: int, pawn: int, src: int, dst: int, tile: int, new: int, last: bool) -> str:
    where = CELL_NAMES[src]
    text = (f"Seat {seat + 1} moves paleontologist {pawn + 1} from {where} to {CELL_NAMES[dst]} "
            f"and takes {tile_name(tile)}")
    if new < 0:
        return text + "."
    text += f"; {where} gets {tile_name(new)} (era {ERA_OF[new]})."
    return text + (" That was the last era-3 tile: the game ends after this round." if last else "")


def _completes_text(seat: int, s: int, done: int, fourth: bool) -> str:
    sp = SPECIES[s]
    note = f"Seat {seat + 1} completes a {sp.name} ({sp.complete} points; {done} completed)."
    return note + (" A fourth dinosaur: the game ends after this round." if fourth else "")


GAME = DiggingForDinos()
