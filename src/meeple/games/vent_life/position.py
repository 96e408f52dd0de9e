"""Loading a Vent Life position from JSON (the format is in docs/games/vent-life.md).

Every tile is stacked with the placement rules, so a position cannot hold a field
the rules could never make; every mistake is a PositionError saying what is wrong.
"""

from __future__ import annotations

from meeple.engine import Game, check_position, read_head

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
    TILE_CODES,
    WORMS,
    cell,
    hex_text,
    tile_cells,
    tiles_for,
)
from .field import lay_tile, tile_problem, tile_turns
from .state import VentState, draft_order

POSITION_VERSION = 1
STAGES = ("draft", "tile", "turn", "cover", "species", "place", "over")


def _hex(value, where: str) -> int:
    check_position(isinstance(value, (list, tuple)) and len(value) == 2
                   and all(isinstance(x, int) and not isinstance(x, bool) for x in value),
                   f"{where}: a hex is written [q, r].")
    check_position(all(-400 < x < 400 for x in value), f"{where}: hex {list(value)} is far off the field.")
    return cell(*value)


def _species(value, where: str) -> int:
    check_position(value in SPECIES, f"{where}: unknown species {value!r} (one of {', '.join(SPECIES)}).")
    return SPECIES.index(value)


def _code(value, where: str) -> str:
    check_position(isinstance(value, str) and value.upper() in TILE_CODES,
                   f"{where}: a tile is written by its two lower hexes, e.g. 'BD' (B, D or M each).")
    return value.upper()


def load(game: Game, data: dict) -> VentState:
    n, rng = read_head(game, data, POSITION_VERSION)
    stage = data.get("stage", "tile")
    check_position(stage in STAGES, f"stage must be one of {', '.join(STAGES)}.")
    names = data.get("species", [])
    species = tuple(sorted(_species(s, "species") for s in names))
    check_position(len(set(species)) == len(species), "A species is listed twice.")
    if stage == "draft":
        check_position(not species, "While drafting, no species is in play yet: leave 'species' empty.")
    else:
        check_position(len(species) == SPECIES_IN_PLAY, f"Exactly {SPECIES_IN_PLAY} species are in play.")

    hands = data.get("hands", [None] * n)
    check_position(isinstance(hands, list) and len(hands) == n, "'hands' lists one tile (or null) per seat.")
    hands = [None if h is None else _code(h, f"hand of seat {s + 1}") for s, h in enumerate(hands)]
    state = VentState(n, rng, species, hands, [])

    for i, t in enumerate(data.get("tiles", [])):
        where = f"tile {i + 1}"
        at, turn, code = _hex(t["at"], where), t.get("turn", 0), _code(t["tile"], where)
        check_position(isinstance(turn, int) and 0 <= turn < 6, f"{where}: turn is 0 to 5.")
        problem = tile_problem(state.field, at, turn)
        check_position(not problem, f"{where} at {hex_text(at)} turned {turn}: {problem}")
        lay_tile(state, at, turn, code)

    on_field = [[0] * 7 for _ in range(n)]
    for i, cr in enumerate(data.get("creatures", [])):
        where = f"creature {i + 1}"
        c, seat, sp, count = _hex(cr["at"], where), cr["seat"], _species(cr["species"], where), cr.get("count", 1)
        check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
        check_position(sp in species, f"{where}: {SPECIES[sp]} are not in play.")
        check_position(c in state.field, f"{where}: there is no tile at {hex_text(c)}.")
        check_position(c not in state.creatures, f"{where}: hex {hex_text(c)} holds two creatures.")
        check_position(count == 1 or (count == 2 and sp == WORMS and state.field[c][1] == SMOKER),
                       f"{where}: only Tube Worms come in pairs on one smoker.")
        check_position(sp != WORMS or state.field[c][1] == SMOKER, f"{where}: Tube Worms live on Black Smokers.")
        check_position(sp != CRABS or state.field[c][0] >= 2, f"{where}: Yeti Crabs live above the seafloor.")
        state.creatures[c] = (seat, sp, count)
        on_field[seat][sp] += count

    pending = []
    if data.get("pending"):
        check_position(stage == "cover", "Covered creatures ('pending') belong to the 'cover' stage.")
        check_position(bool(state.tiles), "Covered creatures need a tile that covered them.")
        state.cover = tile_cells(state.tiles[-1][0], state.tiles[-1][1])
        for i, p in enumerate(data["pending"]):
            where = f"pending creature {i + 1}"
            src, seat, sp = _hex(p["at"], where), p["seat"], _species(p["species"], where)
            check_position(src in state.cover, f"{where}: it must be under the last tile laid.")
            check_position(isinstance(seat, int) and 0 <= seat < n, f"{where}: seat is 0 to {n - 1}.")
            check_position(sp in (SNAILS, SHRIMP, FISH, CRABS, OCTOPUS), f"{where}: {SPECIES[sp]} never wait to move.")
            level = p.get("level", state.field[src][0] - 1)
            pending.append((seat, sp, src, level))
            on_field[seat][sp] += 1
    state.pending = pending
    if stage == "cover":
        check_position(bool(pending), "The 'cover' stage needs covered creatures in 'pending'.")

    supply = data.get("supply")
    for s in range(n):
        for sp in species:
            left = CREATURES_PER_SPECIES - on_field[s][sp]
            check_position(left >= 0, f"Seat {s + 1} has more than {CREATURES_PER_SPECIES} {SPECIES[sp]}.")
            if supply is not None:
                given = supply[s].get(SPECIES[sp], left)
                check_position(given == left, f"Seat {s + 1}'s supply of {SPECIES[sp]} should be {left}: "
                                              f"{CREATURES_PER_SPECIES} minus those on the field.")
            state.supply[s][sp] = left

    box = tiles_for(n)
    used = [code for _, _, code in state.tiles] + [h for h in hands if h]
    for code in used:
        check_position(code in box, f"There are more {code} tiles in play than the box of {len(tiles_for(n))} holds.")
        box.remove(code)
    if "bag" in data:
        bag = [_code(b, "bag") for b in data["bag"]]
        for code in bag:
            check_position(code in box, f"The bag holds more {code} tiles than are left in the box.")
            box.remove(code)
        check_position(not box, f"Tiles missing from the bag: {', '.join(sorted(box))}.")
        state.bag = list(reversed(bag))
    else:
        state.rng.shuffle(box)
        state.bag = box

    turn = data.get("turn", 0)
    check_position(isinstance(turn, int) and -1 <= turn < n, "turn is a seat number, or -1 once the game is over.")
    state.turn, state.stage, state.turns = turn, stage, data.get("turns", len(state.tiles))
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
        state.at = _hex(data["at"], "at")
        check_position(bool(tile_turns(state.field, state.at)),
                       f"No tile fits with its smoker on {hex_text(state.at)}.")
    if stage == "place":
        p = data.get("placing") or {}
        state.placing = _species(p.get("species"), "placing")
        check_position(state.placing in species, "placing: that species is not in play.")
        state.placed = [_hex(c, "placing") for c in p.get("placed", [])]
        for c in state.placed:
            who = state.creatures.get(c)
            check_position(who is not None and who[0] == turn and who[1] == state.placing,
                           f"placing: hex {hex_text(c)} should hold the creature placed this turn.")
    if stage == "draft":
        d = data.get("draft") or {}
        order = d.get("order", draft_order(n))
        chosen = [_species(s, "draft") for s in d.get("chosen", [])]
        check_position(order and all(isinstance(s, int) and 0 <= s < n for s in order), "draft order lists seats.")
        check_position(len(order) + len(chosen) == len(draft_order(n)), "The draft has the wrong number of turns.")
        state.draft, state.drafted = list(order), chosen
    return state
