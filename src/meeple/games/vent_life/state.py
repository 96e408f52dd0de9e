"""Vent Life's position object and the order of the species draft."""

from __future__ import annotations

from .components import CRABS, CREATURES_PER_SPECIES, FISH
from .scoring import Running, plateau_map


class VentState:
    """A Vent Life position.

    field: hex -> (level, top terrain, number of the top tile), in the order the hexes were first
    covered (field order); creatures: hex -> (owner, species, count); tiles: every tile laid, in
    order, as (smoker hex, turn, code); supply[seat][species]; hands[seat] the code of the tile held
    (None once placed at the end); bag: codes, the next draw last. The rest is kept to make moves
    quickly and is worked out again from these where it is missing.
    """

    __slots__ = ("n", "rng", "species", "field", "creatures", "tiles", "supply", "hands", "bag", "turn",
                 "stage", "at", "placing", "placed", "pending", "cover", "draft", "drafted", "turns",
                 "mask", "builds", "spots", "places", "tile_moves", "plateaus", "running", "owns_layout",
                 "owns_spots", "unsettled", "empties", "rank", "free", "owns_free")

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
        # Kept up to date by field.settle_spots:
        self.mask: dict[int, int] = {}  # hex -> which of its neighbours (bit per direction) have a tile
        self.builds: set[int] = set()   # smokers a tile can be built up on
        self.spots: set[int] = set()    # seafloor hexes a tile's smoker can go on
        self.places: list[int] = []     # spots and builds, sorted
        self.tile_moves: list = []      # their Tile moves, in the same order
        self.plateaus = None            # plateau_map of the field, made when first asked for; lay_tile drops it
        self.running = None             # scoring.Running, made when the totals are first asked for
        self.owns_layout = True         # False while field and tiles are shared with copies
        self.owns_spots = True          # False while near, builds, spots, tile_moves are shared with copies
        self.unsettled: list = []       # tiles laid since near, spots, builds, tile_moves were (field.settle_spots)
        self.empties: list | None = None  # (hex, field entry) of the tiles without creatures; None: to list
        self.rank: dict[int, int] = {}  # hex -> its place in field order (kept by lay_tile, with the field)
        self.free: list | None = None   # field.free_lists: the empty hexes by species; None: to make
        self.owns_free = True           # False while free is shared with copies

    def copy(self) -> VentState:
        out = VentState.__new__(VentState)
        out.n, out.rng, out.species = self.n, self.rng.copy(), self.species
        # The layout (field, tiles, tile spots) changes only when a tile is laid, far less often than a
        # search copies a position: copies share it, and lay_tile copies it first (own_layout).
        out.field, out.creatures, out.tiles, out.rank = self.field, dict(self.creatures), self.tiles, self.rank
        out.mask, out.builds, out.spots = self.mask, self.builds, self.spots
        out.places, out.tile_moves = self.places, self.tile_moves
        # The free lists change with every creature placed: shared too, and copied before a change (own_free).
        out.free = self.free
        self.owns_free = out.owns_free = False
        out.unsettled = self.unsettled  # never changed in place
        out.empties = self.empty_hexes()  # listed on the original, for its copies to share (never changed in place)
        self.owns_layout = out.owns_layout = self.owns_spots = out.owns_spots = False
        out.supply = [s[:] for s in self.supply]
        out.hands, out.bag = self.hands[:], self.bag[:]
        out.turn, out.stage, out.at, out.placing = self.turn, self.stage, self.at, self.placing
        out.placed, out.pending, out.cover = self.placed[:], self.pending[:], self.cover
        out.draft, out.drafted, out.turns = self.draft[:], self.drafted[:], self.turns
        # Never changed once made, so copies share it; made here on the original when crabs
        # will ask for it, so that a search's many copies of one world do not each make it.
        out.plateaus = self.plateau_map() if CRABS in self.species else None
        # Counted here on the original too, so that a search's copies of one position share the count.
        if self.running is None:
            self.running = Running(self.creatures, self.n)
        self.running.flush(self.field, self.creatures, self.n, out.plateaus)
        out.running = self.running.copy()
        return out

    def own_layout(self) -> None:
        """Copy the field and tiles shared with other positions, before changing them."""
        if not self.owns_layout:
            self.field, self.tiles, self.rank = dict(self.field), self.tiles[:], dict(self.rank)
            self.owns_layout = True

    def own_spots(self) -> None:
        """Copy the tile spots shared with other positions, before changing them."""
        if not self.owns_spots:
            self.mask, self.builds, self.spots = dict(self.mask), set(self.builds), set(self.spots)
            self.places, self.tile_moves = self.places[:], self.tile_moves[:]
            self.owns_spots = True

    def own_free(self) -> list:
        """Copy the free lists shared with other positions, before changing them; returns them."""
        free = self.free = [None if kept is None else (kept[0][:], kept[1][:]) for kept in self.free]  # type: ignore[union-attr]
        self.owns_free = True
        return free

    def totals(self) -> list[int]:
        """Each seat's total, kept up to date between moves (see scoring.Running)."""
        if self.running is None:
            self.running = Running(self.creatures, self.n)
        plateaus = self.plateau_map() if CRABS in self.species else None
        return self.running.totals(self.field, self.creatures, self.n, plateaus)

    def empty_hexes(self) -> list:
        """(hex, field entry) of every tile hex without creatures, in field order."""
        if self.empties is None:
            creatures = self.creatures
            self.empties = [(c, f) for c, f in self.field.items() if c not in creatures]
        return self.empties

    def changed(self, hexes, species=()) -> None:
        """Creatures or tiles changed on `hexes`; `species`: those that came or went there."""
        self.empties = None
        running = self.running
        if running is None:
            return
        running.touch(hexes)
        if FISH in species:
            running.fish = None
        if CRABS in species:
            running.crabs = None

    def plateau_map(self) -> dict[int, tuple[int, int]]:
        if self.plateaus is None:
            self.plateaus = plateau_map(self.field)
        return self.plateaus


def draft_order(n: int) -> list[int]:
    """Who drafts when: from the last player backwards; with 2 players twice round."""
    order = list(range(n - 1, -1, -1))
    return order * 2 if n == 2 else order
