"""Vent Life's position, declared (meeple.engine.state): each entry of its JSON (docs/games/reference/vent-life.md)
and how it is read, and what the state keeps to make moves quickly. The rules' checks are in position.py."""

from __future__ import annotations

from meeple.engine import Rng, check_position
from meeple.engine.state import (
    Custom,
    Loading,
    Maybe,
    State,
    Whole,
    field,
    joint,
    kept,
    listed,
    named,
    per_seat,
    players,
    record,
    rng,
    seat,
    stored_when,
    stored_with,
    text,
    whole,
)

from .components import CRABS, FISH, SPECIES, TILE_CODES, coords
from .position import STAGES, draft_order, read_hex, read_species
from .scoring import Running, plateau_map


def read_code(value, where: str) -> str:
    """A tile, by the letters of its two lower hexes ("BD"), read in either case."""
    check_position(isinstance(value, str) and value.upper() in TILE_CODES,
                   f"{where}: a tile is written by its two lower hexes, e.g. 'BD' (B, D or M each).")
    return value.upper()


HEX, CODE = Custom(lambda c: list(coords(c)), read_hex), Custom(str, read_code)


def as_read(value, where: str):
    return value  # read by position.check, against the field


def creatures_json(creatures: dict) -> list[dict]:
    return [{"at": list(coords(c)), "seat": o, "species": SPECIES[sp], "count": k}
            for c, (o, sp, k) in sorted(creatures.items())]


def supply_json(state: VentState) -> list[dict]:
    return [{SPECIES[sp]: state.supply[s][sp] for sp in state.species} for s in range(state.n)]


def pending_json(pending: list) -> list[dict]:
    return [{"at": list(coords(src)), "seat": o, "species": SPECIES[sp], "level": lvl} for o, sp, src, lvl in pending]


def placing_json(state: VentState) -> dict:
    return {"species": SPECIES[state.placing], "placed": [list(coords(c)) for c in state.placed]}


def draft_json(state: VentState) -> dict:
    return {"order": list(state.draft), "chosen": [SPECIES[sp] for sp in state.drafted]}


def read_placing(value, where: str, at: Loading) -> tuple:
    """The species being placed and the hexes given one this turn, in the place stage (none elsewhere)."""
    if at.state.stage != "place":
        return -1, []
    p = value or {}
    return read_species(p.get("species"), where), [read_hex(c, where) for c in p.get("placed", [])]


def read_draft(value, where: str, at: Loading) -> tuple:
    """The seats still to draft, next first, and the species drafted, in the draft stage (none elsewhere)."""
    n = at.state.n
    if at.state.stage != "draft":
        return [], []
    d = value or {}
    order = d.get("order", draft_order(n))
    chosen = [read_species(s, where) for s in d.get("chosen", [])]
    check_position(order and all(isinstance(s, int) and 0 <= s < n for s in order), "draft order lists seats.")
    check_position(len(order) + len(chosen) == len(draft_order(n)), "The draft has the wrong number of turns.")
    return list(order), chosen


def _running_for_copy(state: VentState) -> Running:
    """The copy's running totals, counted on the original first; and what else a copy shares made ready on the
    original, so that a search's many copies of one position do not each make it."""
    # The layout (field, tiles, rank, tile spots) changes only when a tile is laid, and the free lists with
    # each creature placed: far less often than a search copies a position. Copies share them, and whoever
    # changes them copies them first (own_layout, own_spots, own_free).
    state.owns_layout = state.owns_spots = state.owns_free = False
    if state.empties is None:
        state.empty_hexes()
    plateaus = state.plateau_map() if CRABS in state.species else None  # made here when crabs will ask for it
    running = state.running
    if running is None:
        running = state.running = Running(state.creatures, state.n)
    running.flush(state.field, state.creatures, state.n, plateaus)
    return running.copy()


class VentState(State):
    """A Vent Life position.

    field: hex -> (level, top terrain, number of the top tile), in the order the hexes were first
    covered (field order); creatures: hex -> (owner, species, count); tiles: every tile laid, in
    order, as (smoker hex, turn, code); supply[seat][species]; hands[seat] the code of the tile held
    (None once placed at the end); bag: codes, the next draw last. The rest is kept to make moves
    quickly and is worked out again from these where it is missing.

    A copy shares the layout (field, tiles, rank, the tile spots), the free lists and what is never changed
    in place (unsettled, empties, plateaus), and copies the rest (see _running_for_copy).
    """

    n: int = players()
    rng: Rng = rng()
    species: tuple[int, ...] = listed(named(SPECIES), tuple=True, absent=[])  # the four in play, sorted; () drafting
    tiles: list[tuple[int, int, str]] = listed(record(at=HEX, turn=whole(0, 5), tile=CODE), factory=list, absent=[],
                                              copy="share")
    creatures: dict[int, tuple[int, int, int]] = field(Custom(creatures_json, as_read, dict), factory=dict, absent=[])
    # read as the JSON has it: position.check counts the supply from the creatures and compares
    supply: list[list[int]] = joint(supply_json, lambda value, where, at: (value,), key="supply",
                                    like=listed(listed(whole())), absent=None)
    hands: list[str | None] = per_seat(Maybe(CODE, None), default=None, says="'hands' lists one tile (or null) a seat.")
    bag: list[str] = field(Custom(lambda bag: bag[::-1], lambda bag, where: [read_code(b, where) for b in bag][::-1]),
                           default=None, copy="slice")  # the next draw last (the JSON's first)
    turn: int = seat(none=True, default=0)  # the seat whose turn it is; -1 once the game is over
    stage: str = text(*STAGES, default="tile")
    turns: int = field(Whole(0), make=lambda s: len(s.tiles))  # completed turns
    at: int = stored_when(lambda s: s.stage == "turn", field(HEX, default=-1))  # the smoker hex chosen
    # the species being placed this turn, and the hexes given creatures this turn
    placing: int = stored_when(lambda s: s.stage == "place",
                               joint(placing_json, read_placing, key="placing", default=-1, absent=None))
    placed: list[int] = stored_with("placing", listed(whole()), factory=list)
    # covered creatures: (owner, species, hex, level)
    pending: list[tuple[int, int, int, int]] = stored_when(
        lambda s: bool(s.pending), field(Custom(pending_json, as_read), factory=list, absent=[], copy="slice"))
    # seats still to draft, next first; the species picked (2 or 4 players) or left out (3 players)
    draft: list[int] = stored_when(lambda s: s.stage == "draft",
                                   joint(draft_json, read_draft, key="draft", like=listed(whole()), absent=None))
    drafted: list[int] = stored_with("draft", listed(whole()), factory=list)
    cover: tuple[int, ...] = kept(())  # the hexes of the tile that covered the pending creatures
    # Worked out from the above (declared after the last use of `field()`, which this name hides in the class):
    field: dict[int, tuple[int, int, int]] = kept(make=lambda s: {})
    rank: dict[int, int] = kept(make=lambda s: {})  # hex -> its place in field order (kept by lay_tile)
    # Kept up to date by field.settle_spots:
    mask: dict[int, int] = kept(make=lambda s: {})  # hex -> which of its neighbours (bit per direction) have a tile
    builds: set[int] = kept(make=lambda s: set())  # smokers a tile can be built up on
    spots: set[int] = kept(make=lambda s: set())  # seafloor hexes a tile's smoker can go on
    places: list[int] = kept(make=lambda s: [])  # spots and builds, sorted
    tile_moves: list = kept(make=lambda s: [])  # their Tile moves, in the same order
    unsettled: list = kept(make=lambda s: [])  # tiles laid since they were (field.settle_spots); never changed in place
    # scoring.Running, made when the totals are first asked for; copied before empties and plateaus, which its copy
    # makes on the original for the copies to share
    running: Running | None = kept(None, copy=_running_for_copy)
    empties: list | None = kept(None)  # (hex, field entry) of the tiles without creatures; None: to list
    plateaus: dict[int, tuple[int, int]] | None = kept(None)  # plateau_map, made when asked for; lay_tile drops it
    free: list | None = kept(None)  # field.free_lists: the empty hexes by species; None: to make
    # Whether field, tiles and rank; mask, builds, spots, places and tile_moves; and free are this state's own, or
    # may be shared with copies (a new state's are copied once before they are changed, while still empty).
    owns_layout: bool = kept(False, copy="reset")
    owns_spots: bool = kept(False, copy="reset")
    owns_free: bool = kept(False, copy="reset")

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
