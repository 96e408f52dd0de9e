"""The checks of the rules on a Digging for Dinos position just read (the format is in
docs/games/digging-for-dinos.md; its fields and their checks are declared in state.py)."""

from __future__ import annotations

from meeple.engine import check_position
from meeple.engine.state import Loading

from .components import ERA_OF, ERAS, PAWNS_PER_SEAT, SPECIES, SPECIES_OF
from .state import BONUS, LAST_TILE, NOT_ENDING, OVER, PLACE, TILES, DinoState, placing_seat


def check(state: DinoState, at: Loading) -> None:
    """What the declared fields cannot check alone: the stacks' eras, where the paleontologists stand, the end."""
    n, board, stacks, pawns, phase, turn, ending = (state.n, state.board, state.stacks, state.pawns, state.phase,
                                                    state.turn, state.ending)
    for e, stack in enumerate(stacks):
        check_position(all(ERA_OF[t] == e + 1 for t in stack), f"The era {e + 1} stack holds a tile of another era.")
    check_position(not at.rest(TILES), "Every tile must be somewhere: on the board, in a stack or collected.")
    placed_cells = [c for c in pawns if c >= 0]
    check_position(len(set(placed_cells)) == len(placed_cells), "Two paleontologists stand on one cell.")
    placed = len(placed_cells)
    if phase == PLACE:
        order = [placing_seat(n, i) for i in range(placed)]
        expected = [PAWNS_PER_SEAT * s + (0 if i < n else 1) for i, s in enumerate(order)]
        check_position(placed < PAWNS_PER_SEAT * n and sorted(expected) == [p for p, c in enumerate(pawns) if c >= 0],
                       "While placing, the paleontologists down must be those placed so far in snake order.")
        check_position(turn == placing_seat(n, placed), f"Seat {placing_seat(n, placed) + 1} places next.")
    else:
        check_position(placed == PAWNS_PER_SEAT * n, "Every paleontologist must be on the board after the start.")
    if phase != OVER:
        check_position(all(board[c] >= 0 for c in placed_cells), "A paleontologist stands on a cell with no tile.")
    check_position(all(t >= 0 for t in board) or not any(stacks),
                   "A cell can only be empty once every stack is empty.")
    if phase == BONUS:
        taken = state.taken[turn]
        check_position(bool(taken) and SPECIES[SPECIES_OF[taken[-1]]].special,
                       "The flip is only offered after completing a Velociraptor or Deinosuchus.")
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
