"""Digging for Dinos' position object, its phases and the order of the start."""

from __future__ import annotations

from .components import COPIES, ERAS, N_SPECIES, SLOT, SPECIES_OF
from .scoring import species_total
from .strategy import species_prospect

PLACE, MOVE, BONUS, OVER = range(4)
PHASES = ("place", "move", "bonus", "over")
NOT_ENDING, LAST_TILE, FOURTH_DINO = range(3)
ENDINGS = (None, "last tile", "fourth dinosaur")

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
    (`species_total`, `species_prospect`) for those counts: None until `kept()` is first asked
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
