"""The rules' checks on a Vent Life position read back: VentState declares its entries and reads most of them
(the format is in docs/games/reference/vent-life.md); the creatures are read here, against the field.

Every tile is stacked with the placement rules, so a position cannot hold a field
the rules could never make; every mistake is a PositionError saying what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine import check_position

from .components import (
    CRABS,
    CREATURES_PER_SPECIES,
    FISH,
    OCTOPUS,
    SHRIMP,
    SMOKER,
    SNAILS,
    SPECIES,
    SPECIES_IN_PLAY,
    WORMS,
    cell,
    hex_text,
    tile_cells,
    tiles_for,
)
from .field import lay_tile, tile_problem, tile_turns

if TYPE_CHECKING:
    from .state import VentState

STAGES = ("draft", "tile", "turn", "cover", "species", "place", "over")


def draft_order(n: int) -> list[int]:
    """Who drafts when: from the last player backwards; with 2 players twice round."""
    order = list(range(n - 1, -1, -1))
    return order * 2 if n == 2 else order


def full_supply(n: int, species) -> list[list[int]]:
    """Each seat's supply before a creature is placed, by species (0-6): all of each species in play."""
    return [[CREATURES_PER_SPECIES if sp in species else 0 for sp in range(7)] for _ in range(n)]


def read_hex(value, where: str) -> int:
    check_position(isinstance(value, (list, tuple)) and len(value) == 2
                   and all(isinstance(x, int) and not isinstance(x, bool) for x in value),
                   f"{where}: a hex is written [q, r].")
    check_position(all(-400 < x < 400 for x in value), f"{where}: hex {list(value)} is far off the field.")
    return cell(*value)


def read_species(value, where: str) -> int:
    check_position(value in SPECIES, f"{where}: unknown species {value!r} (one of {', '.join(SPECIES)}).")
    return SPECIES.index(value)


def check(state: VentState, data: dict) -> None:
    """The rules' checks on a position just read, the creatures read, and what the state keeps worked out again:
    the field, stacked tile by tile, and the supply."""
    n, stage, turn, hands = state.n, state.stage, state.turn, state.hands
    species = state.species = tuple(sorted(state.species))
    check_position(len(set(species)) == len(species), "A species is listed twice.")
    if stage == "draft":
        check_position(not species, "While drafting, no species is in play yet: leave 'species' empty.")
    else:
        check_position(len(species) == SPECIES_IN_PLAY, f"Exactly {SPECIES_IN_PLAY} species are in play.")

    tiles, state.tiles = state.tiles, []
    for i, (at, t, code) in enumerate(tiles):
        problem = tile_problem(state.field, at, t)
        check_position(not problem, f"tile {i + 1} at {hex_text(at)} turned {t}: {problem}")
        lay_tile(state, at, t, code)

    field = state.field
    on_field = [[0] * 7 for _ in range(n)]
    listed: Any = state.creatures  # as the JSON lists them
    state.creatures = {}
    for i, cr in enumerate(listed):
        where = f"creature {i + 1}"
        c, seat, sp = read_hex(cr["at"], where), cr["seat"], read_species(cr["species"], where)
        count = cr.get("count", 1)
        check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
        check_position(sp in species, f"{where}: {SPECIES[sp]} are not in play.")
        check_position(c in field, f"{where}: there is no tile at {hex_text(c)}.")
        check_position(c not in state.creatures, f"{where}: hex {hex_text(c)} holds two creatures.")
        check_position(count == 1 or (count == 2 and sp == WORMS and field[c][1] == SMOKER),
                       f"{where}: only Tube Worms come in pairs on one smoker.")
        check_position(sp != WORMS or field[c][1] == SMOKER, f"{where}: Tube Worms live on Black Smokers.")
        check_position(sp != CRABS or field[c][0] >= 2, f"{where}: Yeti Crabs live above the seafloor.")
        state.creatures[c] = (seat, sp, count)
        on_field[seat][sp] += count

    listed, state.pending = state.pending, []
    if listed:
        check_position(stage == "cover", "Covered creatures ('pending') belong to the 'cover' stage.")
        check_position(bool(state.tiles), "Covered creatures need a tile that covered them.")
        state.cover = tile_cells(state.tiles[-1][0], state.tiles[-1][1])
        for i, p in enumerate(listed):
            where = f"pending creature {i + 1}"
            src, seat, sp = read_hex(p["at"], where), p["seat"], read_species(p["species"], where)
            check_position(src in state.cover, f"{where}: it must be under the last tile laid.")
            check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
            check_position(sp in (SNAILS, SHRIMP, FISH, CRABS, OCTOPUS), f"{where}: {SPECIES[sp]} never wait to move.")
            state.pending.append((seat, sp, src, p.get("level", field[src][0] - 1)))
            on_field[seat][sp] += 1
    if stage == "cover":
        check_position(bool(state.pending), "The 'cover' stage needs covered creatures in 'pending'.")

    given: Any = state.supply  # the JSON's, or None
    state.supply = full_supply(n, species)
    for s in range(n):
        for sp in species:
            left = CREATURES_PER_SPECIES - on_field[s][sp]
            check_position(left >= 0, f"Seat {s + 1} has more than {CREATURES_PER_SPECIES} {SPECIES[sp]}.")
            if given is not None:
                check_position(given[s].get(SPECIES[sp], left) == left,
                               f"Seat {s + 1}'s supply of {SPECIES[sp]} should be {left}: "
                               f"{CREATURES_PER_SPECIES} minus those on the field.")
            state.supply[s][sp] = left

    box = tiles_for(n)
    for code in [code for _, _, code in state.tiles] + [h for h in hands if h]:
        check_position(code in box, f"There are more {code} tiles in play than the box of {len(tiles_for(n))} holds.")
        box.remove(code)
    if state.bag is None:  # the tiles left in the box, shuffled
        state.rng.shuffle(box)
        state.bag = box
    else:
        for code in reversed(state.bag):  # as the JSON lists them, the next draw first
            check_position(code in box, f"The bag holds more {code} tiles than are left in the box.")
            box.remove(code)
        check_position(not box, f"Tiles missing from the bag: {', '.join(sorted(box))}.")

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
        check_position(bool(tile_turns(field, state.at)), f"No tile fits with its smoker on {hex_text(state.at)}.")
    if stage == "place":
        check_position(state.placing in species, "placing: that species is not in play.")
        for c in state.placed:
            who = state.creatures.get(c)
            check_position(who is not None and who[0] == turn and who[1] == state.placing,
                           f"placing: hex {hex_text(c)} should hold the creature placed this turn.")
