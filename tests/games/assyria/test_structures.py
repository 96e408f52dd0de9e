"""The structures kept for speed agree with the plain position over random games: the bit masks with the
lists they are derived from, the cached and incremental legal moves with a computation from the lists
alone (written here the plain way, hex by hex), and copies, which share what moves replace, with each
other (ASSYRIA_GAMES sets the games per table size, as in test_properties: a tenth of them here)."""

import json
import os

import pytest

from meeple.engine import Rng
from meeple.games.assyria.components import (
    CLOSED,
    DIGNITARY_COST,
    DIGNITARY_SPACES,
    HEX_FOOD,
    HEX_WELLS,
    KIND_COST,
    KIND_FOOD,
    N_HEXES,
    N_KINDS,
    NEIGHBOURS,
    OFFERING_PER_TURN,
    OFFERING_TOP,
    ON_RIVER,
    PLOW_COST,
    START_SPACES,
    WELL_HEXES,
    WILD,
    ZIGGURAT_COST,
)
from meeple.games.assyria.moves import NoWell
from meeple.games.assyria.state import (
    P_ACTIONS,
    P_DRAFT,
    P_FEED,
    P_HARVEST,
    P_HUTS,
    P_OVER,
    P_START,
    P_USE,
    P_WELLS,
)

from .helpers import GAME, PLOW_KIND

GAMES = max(1, int(os.environ.get("ASSYRIA_GAMES", "400")) // 10)


def plain_moves(state, seat) -> list[str]:
    """The legal moves from occ, level, fed and the counts only, as text."""
    n, occ, level, fed = state.n, state.occ, state.level, state.fed
    own = [h for h in range(N_HEXES) if occ[h] == seat]
    unfed = [h for h in own if level[h] == 0 and not fed[h]]
    phase = state.phase
    if phase == P_START:
        return [f"start {h}" for h in START_SPACES[n] if occ[h] < 0]
    if phase == P_DRAFT:
        return [f"draft {k}" for k in sorted(set(state.draft))]
    if phase == P_HARVEST:
        return [f"column {c}" for c in range(len(state.taken)) if state.taken[c] < 0]
    if phase == P_HUTS:
        near = {g for h in own for g in NEIGHBOURS[h] if g not in CLOSED[n]}  # a closed hex takes no hut
        return [f"hut {g}" for g in sorted(near) if occ[g] < 0]
    if phase == P_USE:
        if not unfed:
            return []
        foods = {HEX_FOOD[h] for h in unfed}
        kinds = [k for k in range(N_KINDS) if state.hand[seat][k] and (k == WILD or KIND_FOOD[k] in foods)]
        return [f"use {k}" for k in kinds + ([PLOW_KIND] if state.plows[seat] else [])]
    if phase == P_FEED:
        kind = state.counter >> 4
        return [f"feed {h}" for h in unfed if kind in (WILD, PLOW_KIND) or HEX_FOOD[h] == KIND_FOOD[kind]]
    if phase == P_WELLS:
        ready = {h for h in own if level[h] == 0 and fed[h]}
        wells = [w for w in range(len(WELL_HEXES)) if state.wells[w] < 0 and set(WELL_HEXES[w]) <= ready]
        return [f"well {w}" for w in (wells if state.well_stock > 0 else [])] + ["no-well"]
    assert phase == P_ACTIONS
    camels, stock = state.camels[seat], state.zstock[seat]
    out = []
    if camels >= ZIGGURAT_COST[0] and stock[0]:
        out += [f"build {h}" for h in own if level[h] == 0 and not ON_RIVER[h]
                and not any(state.wells[w] >= 0 for w in HEX_WELLS[h])]
    out += [f"extend {h}" for h in own if 1 <= level[h] <= 2 and h not in state.fresh
            and camels >= ZIGGURAT_COST[level[h]] and stock[level[h]]]
    if state.huts[seat]:
        out += [f"assur {d}" for d in range(3)
                if camels >= DIGNITARY_COST[d] and len(state.assur[d]) < DIGNITARY_SPACES[d]]
    room = min(camels, OFFERING_PER_TURN - state.offered, OFFERING_TOP - state.offering[seat])
    out += [f"offer {c}" for c in range(1, room + 1)]
    if not state.bought:
        out += [f"buy {k}" for k in sorted({k for k in state.sowing if k >= 0}) if camels >= KIND_COST[k]]
    if camels >= PLOW_COST and state.plows[seat] == 0 and state.plow_supply > 0:
        out.append("plow")
    return (out if camels > 0 else []) + ["done"]


def as_plain(move) -> str:
    if move.__class__ is NoWell:
        return "no-well"
    name = move.__class__.__name__.lower()
    return f"{name} {move[0]}" if len(move) else name


def masks(state) -> tuple:
    return (state.mine, state.hutm, state.occm, state.fedm, state.dugm, state.tall2m, state.tall3m, state.handm)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cached_and_incremental_legal_moves_and_the_masks_agree_with_the_lists(n):
    rng = Rng(50 + n)
    for seed in range(GAMES):
        state = GAME.setup(n, None, 500 + seed)
        while state.phase != P_OVER:
            seat = state.seat
            options = GAME.legal_moves(state, seat)
            assert [as_plain(m) for m in options] == plain_moves(state, seat)
            fresh = state.copy()
            fresh.touch()  # the masks worked out again from the lists, the cached moves forgotten
            assert masks(fresh) == masks(state)
            assert GAME.legal_moves(fresh, seat) == options
            GAME.apply(state, seat, options[rng.randrange(len(options))])


def test_copies_stay_apart_though_they_share_what_moves_replace():
    rng = Rng(7)
    for n in (2, 3, 4):
        for seed in range(max(1, GAMES // 3)):
            state = GAME.setup(n, None, 900 + seed)
            copies = []
            while state.phase != P_OVER:
                if rng.randrange(6) == 0:
                    copy = GAME.clone(state)
                    copies.append((copy, json.dumps(GAME.to_json(copy))))
                seat = state.seat
                options = GAME.legal_moves(state, seat)
                GAME.apply(state, seat, options[rng.randrange(len(options))])
            for copy, saved in copies:  # the original played on: each copy is as it was taken
                assert json.dumps(GAME.to_json(copy)) == saved
            final = json.dumps(GAME.to_json(state))
            for copy, _ in copies:  # and playing each copy to its end leaves the original alone
                while copy.phase != P_OVER:
                    seat = copy.seat
                    options = GAME.legal_moves(copy, seat)
                    GAME.apply(copy, seat, options[rng.randrange(len(options))])
            assert json.dumps(GAME.to_json(state)) == final


def test_a_copy_shares_exactly_the_lists_moves_replace():
    # The declared copy takes each field as the hand-written one did (issue 39): the lists moves replace
    # shared, the per-seat tables whose rows moves replace sliced (rows shared), the rest its own.
    state = GAME.setup(3, None, 5)
    copy = state.copy()
    shared = ("order", "wells", "deck", "sowing", "taken", "draft", "expansions", "exp_deck", "fresh")
    own = ("occ", "level", "fed", "huts", "zstock", "camels", "offering", "hand", "plows", "discard", "assur",
           "pts", "mine", "hutm", "handm")
    assert all(getattr(copy, name) is getattr(state, name) for name in shared)
    assert not any(getattr(copy, name) is getattr(state, name) for name in own)
    assert all(a is b for name in ("zstock", "assur", "pts") for a, b in zip(getattr(copy, name), getattr(state, name)))
    assert not any(a is b for a, b in zip(copy.hand, state.hand))  # hands change in place
