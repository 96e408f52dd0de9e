"""Digging for Dinos' position object, its phases and the order of the start."""

from __future__ import annotations

from meeple.engine import Rng, check_position
from meeple.engine.state import (
    PieceSet,
    State,
    custom,
    joint,
    kept,
    listed,
    named,
    per_seat,
    piece,
    players,
    rng,
    seat,
    stored_with,
    whole,
)

from .components import (
    CELLS,
    COPIES,
    ERAS,
    N_SPECIES,
    N_TILES,
    ORTHOGONAL,
    PAWNS_PER_SEAT,
    SIDE_NAMES,
    SLOT,
    SLOTS,
    SPECIES_OF,
    cell_name,
    parse_cell,
)
from .scoring import species_total
from .strategy import species_prospect

PLACE, MOVE, BONUS, OVER = range(4)
PHASES = ("place", "move", "bonus", "over")
NOT_ENDING, LAST_TILE, FOURTH_DINO = range(3)
ENDINGS = (None, "last tile", "fourth dinosaur")

def placing_seat(n: int, placed: int) -> int:
    """Snake order of the start: seats 1..N place their first token, then N..1 their second."""
    return placed if placed < n else 2 * n - 1 - placed


TILES = PieceSet(range(N_TILES), twice="{where}: tile {name} is used twice.")


def _pawns_json(state: DinoState) -> list:
    """Each seat's two paleontologists: null before it is placed, else its cell and the side it shows."""
    pawns, sides = state.pawns, state.sides
    return [[None if pawns[PAWNS_PER_SEAT * s + k] < 0 else
             {"cell": cell_name(pawns[PAWNS_PER_SEAT * s + k]), "side": SIDE_NAMES[sides[PAWNS_PER_SEAT * s + k]]}
             for k in range(PAWNS_PER_SEAT)] for s in range(state.n)]


def _read_pawns(rows, where: str, at) -> tuple[list[int], list[int]]:
    n = at.state.n
    pawns, sides = [-1] * (PAWNS_PER_SEAT * n), [ORTHOGONAL] * (PAWNS_PER_SEAT * n)
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
    return pawns, sides


def _read_last(last, where: str) -> tuple[int, int] | None:
    if last is None:
        return None
    check_position(isinstance(last, list) and len(last) == 2, "last is [from, to] or null.")
    try:
        return parse_cell(last[0]), parse_cell(last[1])
    except AttributeError as exc:
        raise ValueError(str(exc)) from None


def _have(state: DinoState) -> list[list[int]]:
    have = [[0] * SLOTS for _ in range(state.n)]
    for counts, tiles in zip(have, state.taken):
        for t in tiles:
            counts[SLOT[t]] += 1
    return have


def _copy_worth(state: DinoState) -> list[list[int]]:
    # Copies are made by the bots, which judge them: the figures are counted once here, not in every copy.
    return [w[:] for w in state.kept()[0]]


def _copy_hope(state: DinoState) -> list[list[float]]:
    assert state.hope is not None  # counted by _copy_worth, which the copy calls first
    return [h[:] for h in state.hope]


class DinoState(State):
    """A Digging for Dinos position.

    board[cell] is the tile id on that cell, -1 for a hole (only once the stacks are empty);
    stacks[e] is era e+1's stack, bottom first, top last; pawns[2 * seat + k] is the cell of the
    seat's paleontologist k (-1 before it is placed) and sides[...] the side it shows (0
    orthogonal, 1 diagonal), stored together; taken[seat] lists the seat's tiles in the order taken and
    have[seat] counts them by (species, part) slot, and gone[slot] is that count summed over the
    seats. worth[seat][species] and hope[seat][species] are the species' points and prospect
    (`species_total`, `species_prospect`) for those counts: None until `kept()` is first asked
    (a random playout never asks, and keeping them cost it a third of its time), then kept as
    tiles are taken, in copies too: the search judges every candidate with them and only the
    taken tile's species changes.
    memo: what scores_after worked out for a move of one paleontologist, shared by every
    candidate moving it (they take the same tile); None again once a move is applied, and in a copy.
    """

    n: int = players()
    rng: Rng = rng()
    board: list[int] = listed(piece(TILES, none=-1), length=CELLS, says=f"The board lists {CELLS} cells.")
    stacks: list[list[int]] = listed(listed(TILES), length=ERAS, says=f"There are {ERAS} era stacks.")
    pawns: list[int] = joint(_pawns_json, _read_pawns, key="pawns", like=listed(whole()))
    taken: list[list[int]] = per_seat(listed(TILES), key="collections", says="There is one collection per player.")
    phase: int = named(PHASES)
    turn: int = seat()
    # why the game is ending once this round is over (NOT_ENDING, stored as null, while not)
    ending: int = named(("not ending", *ENDINGS[1:]), none=NOT_ENDING, default=NOT_ENDING)
    turns: int = whole(0, None, default=0)  # completed turns (placements not counted)
    last: tuple[int, int] | None = custom(lambda last: None if last is None else [cell_name(c) for c in last],
                                          _read_last, default=None)  # (from cell, to cell) of the last move
    sides: list[int] = stored_with("pawns", listed(whole()))
    placed: int = kept(make=lambda s: sum(1 for c in s.pawns if c >= 0))  # paleontologists placed so far
    have: list[list[int]] = kept(make=_have, copy=listed(listed(whole())))
    gone: list[int] = kept(make=lambda s: list(map(sum, zip(*s.have))), copy="slice")
    worth: list[list[int]] | None = kept(None, copy=_copy_worth)
    hope: list[list[float]] | None = kept(None, copy=_copy_hope)
    memo: dict | None = kept(None, copy="reset")

    def kept(self) -> tuple[list[list[int]], list[list[float]]]:
        """worth and hope, counted now if nobody asked for them before (then kept from here on)."""
        if self.worth is None or self.hope is None:
            gone = self.gone
            self.worth = [[species_total(h, s) for s in range(N_SPECIES)] for h in self.have]
            self.hope = [[species_prospect(h, gone, s) for s in range(N_SPECIES)] for h in self.have]
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
        self.hope[seat][s] = species_prospect(have, gone, s)
        if gone[slot] == COPIES[slot]:
            # The last copy of that part is gone: the others' prospects read `gone` only to see
            # whether a part they lack can still be found, so only now do theirs change, and only
            # from a prospect above 0 (none held, or a part they lack gone, stays so).
            for counts, hope in zip(self.have, self.hope):
                if hope[s]:
                    hope[s] = species_prospect(counts, gone, s)

    def open_tile(self, cell: int) -> bool:
        """A cell with a tile and no paleontologist."""
        return self.board[cell] >= 0 and cell not in self.pawns

    def era(self) -> int | None:
        """The era (1-3) refills come from now; None once every stack is empty."""
        for e in range(ERAS):
            if self.stacks[e]:
                return e + 1
        return None
