"""Loading a Digging for Dinos position from JSON (the format is in docs/games/digging-for-dinos.md)."""

from __future__ import annotations

from meeple.engine import Game, check_position, read_head, whole
from meeple.engine.position import Pieces

from .components import (
    CELLS,
    ERA_OF,
    ERAS,
    N_TILES,
    ORTHOGONAL,
    PAWNS_PER_SEAT,
    SIDE_NAMES,
    SLOT,
    SLOTS,
    SPECIES,
    SPECIES_OF,
    cell_name,
    parse_cell,
)
from .state import BONUS, ENDINGS, LAST_TILE, NOT_ENDING, OVER, PHASES, PLACE, DinoState, placing_seat

POSITION_VERSION = 1


def load(game: Game, data: dict) -> DinoState:
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
