"""Letters Home's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). A tile is 11 values: present,
category one-hot (person, place, event), its icons (food, nature, book, craft, music, heart,
fireworks), sent home; a memory is one-hot over the 47 memory cards."""

from __future__ import annotations

from meeple.engine.features import many_hot, one_of, slots
from meeple.engine.game import Features

from .components import (
    BOARD_SPACES,
    CATEGORIES,
    ICONS,
    MARKET_SIZE,
    MEMORIES,
    MEMORY_SLOTS,
    N_MEMORIES,
    N_REFLECTIONS,
    REFLECTION_CODES,
    SHARED_REFLECTIONS,
    TILES,
    TOWN_TILES,
)
from .state import PHASES
from .town import N_STOPS

TILE = 1 + len(CATEGORIES) + len(ICONS) + 1
MEMORY = {code: i for i, code in enumerate(MEMORIES)}
REFLECTION = {code: i for i, code in enumerate(REFLECTION_CODES)}
SCORE_SCALE = 100.0  # points; a total beyond it reads as 1


def tile(t) -> list[float]:
    if t is None:
        return [0.0] * TILE
    icons = t["icons"]
    return [1.0, *(float(t["category"] == c) for c in CATEGORIES), *(float(i in icons) for i in ICONS),
            float(t["sent"])]


def memory(m, flag: str) -> list[float]:
    """A memory card one-hot, then whether it is `flag` (notable in the market, sendable in a slot)."""
    if m is None:
        return [0.0] * (N_MEMORIES + 1)
    return Features.one_hot(MEMORY[m["code"]], N_MEMORIES) + [float(m[flag])]


class LettersHomeFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("phase", len(PHASES)), ("to_act", n), ("first", n), ("progress", 4), ("town", TOWN_TILES * TILE),
                ("stops", N_STOPS * (3 + n)), ("taken", BOARD_SPACES + 1), ("gap", TOWN_TILES + 1),
                ("market", MARKET_SIZE * (N_MEMORIES + 1)), ("discard", N_MEMORIES),
                ("shared_reflections", N_REFLECTIONS), ("private_reflection", N_REFLECTIONS),
                ("corkboards", n * BOARD_SPACES * TILE), ("memories", n * MEMORY_SLOTS * (N_MEMORIES + 1)),
                ("letters", n * N_MEMORIES), ("seats", 4 * n)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        me = order[0]
        one_hot, scaled = self.one_hot, self.scaled
        out = one_of(view["phase"], PHASES)
        to_move = view["to_move"]
        out += [float(s in to_move) for s in order]
        out += [float(view["first_player"] == s) for s in order]
        out += [float(view["year_ending"]), scaled(view["turns"], 100), scaled(view["tile_deck"], len(TILES)),
                scaled(view["memory_deck"], N_MEMORIES)]
        for t in view["town"]:
            out += tile(t)
        legal = set(view["legal_stops"])
        for stop in view["stops"]:
            pawn = stop["pawn"]
            out += [float(stop["postbox"]), float(stop["entry"]), float(stop["stop"] in legal),
                    *(float(pawn == s) for s in order)]
        out += one_hot(view["taken"], BOARD_SPACES) + [float(view["taken"] is None)]
        out += one_hot(view["gap"], TOWN_TILES) + [float(view["gap"] is None)]
        out += slots(view["market"], MARKET_SIZE, lambda m: memory(m, "notable"))
        out += many_hot((MEMORY[code] for code in view["discard"]), N_MEMORIES)
        out += many_hot((REFLECTION[r["code"]] for r in view["shared_reflections"][:SHARED_REFLECTIONS]), N_REFLECTIONS)
        own = view["seats"][me]["private_reflection"] if viewer is not None else None
        out += one_hot(REFLECTION[own["code"]] if own else None, N_REFLECTIONS)
        seats = view["seats"]
        for s in order:
            for t in seats[s]["corkboard"]:
                out += tile(t)
        for s in order:
            out += slots(seats[s]["memories"], MEMORY_SLOTS, lambda m: memory(m, "sendable"))
        for s in order:
            out += many_hot((MEMORY[code] for code in seats[s]["letters"]), N_MEMORIES)
        totals = {row["seat"]: row["total"] for row in view["scores"]}
        for s in order:
            seat = seats[s]
            out += [scaled(seat["empty_spaces"], BOARD_SPACES), scaled(len(seat["letters"]), BOARD_SPACES),
                    float(seat["final_writing"]), scaled(totals.get(s, 0), SCORE_SCALE)]
        return out


FEATURES = LettersHomeFeatures()
