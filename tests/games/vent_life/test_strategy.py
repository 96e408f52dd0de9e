"""The bots' hints: what the placement still to come in a turn is worth."""

from meeple.engine import Rng
from meeple.games.vent_life.components import SPECIES
from meeple.games.vent_life.field import first_spots, placeable
from meeple.games.vent_life.moves import CHOOSES, put
from meeple.games.vent_life.strategy import best_gain, pending_gain

from .helpers import GAME, PLATEAU, SEAFLOOR, creature, play, position

SP = {name: i for i, name in enumerate(SPECIES)}


def test_best_gain_on_the_hand_worked_seafloor():
    state = position(SEAFLOOR, stage="species", species=("shrimp", "sponges", "worms", "octopus"))
    assert best_gain(state, 0, SP["shrimp"]) == 5     # 2,0 sees Mat and Diffuse
    assert best_gain(state, 0, SP["sponges"]) == 8    # 2,0 sees all four terrains
    assert best_gain(state, 0, SP["worms"]) == 2      # a pair on a seafloor smoker
    assert best_gain(state, 0, SP["octopus"]) == 0    # nobody to count yet


def test_crabs_count_the_majority_they_win_and_the_one_they_take():
    empty = position(PLATEAU, stage="species")
    assert best_gain(empty, 0, SP["crabs"]) == 6      # the first crab on the 6-hex plateau
    theirs = position(PLATEAU, [creature(0, 0, 1, "crabs")], stage="species")
    # A tie for first: seat 1 keeps 6, seat 0 gains 6.
    assert best_gain(theirs, 0, SP["crabs"]) == 6


def test_pending_gain_only_before_the_turns_creatures_are_placed():
    state = position(SEAFLOOR, stage="species", species=("shrimp", "sponges", "worms", "crabs"))
    assert pending_gain(state, 0) == 8 and pending_gain(state, 1) == 0
    state, _ = play(state, "shrimp")
    assert pending_gain(state, 0) == 5                # the species is chosen
    state, _ = play(state, "put 2,0")
    assert pending_gain(state, 0) == 0
    assert GAME.heuristic(state, 0) < GAME.heuristic(position(SEAFLOOR, stage="species"), 0)


def test_best_gain_equals_the_best_single_placement_in_random_games():
    """Against trying every hex: own change less the others' mean change (snails and worms may
    place more than one, so there the estimate is at least the best single creature)."""
    checked = 0
    for seed in range(6):
        n = 2 + seed % 3
        state = GAME.setup(n, {"setup": "random"}, seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = min(GAME.to_move(state))
            if state.stage == "species" and state.turns % 3 == 0:
                before = GAME.scores(state)
                for sp in placeable(state, seat):
                    chosen = GAME.clone(state)
                    GAME.apply(chosen, seat, CHOOSES[sp])
                    best = None
                    for c in first_spots(chosen, seat, sp):
                        after = GAME.clone(chosen)
                        GAME.apply(after, seat, put(c))
                        now = GAME.scores(after)
                        gain = (now[seat] - before[seat]) - sum(
                            now[o] - before[o] for o in range(n) if o != seat) / (n - 1)
                        best = gain if best is None else max(best, gain)
                    estimate = best_gain(state, seat, sp)
                    if SPECIES[sp] in ("snails", "worms"):
                        assert estimate >= best - 1e-9
                    else:
                        assert abs(estimate - best) < 1e-9, (seed, SPECIES[sp])
                    checked += 1
            legal = GAME.legal_moves(state, seat)
            GAME.apply(state, seat, rng.choice(legal))
    assert checked > 100
