"""Turing Machine against others: the strongest search level guesses a code it knows (issue 22).

Before the race hints and heuristic it passed on known codes at every seat that was not last to
finish the round, and lost to greedy 16% of the time."""

from meeple import bots, games
from meeple.engine import Rng
from meeple.games.turing_machine.belief import BELIEF, belief_of
from meeple.games.turing_machine.components import digits_of
from meeple.games.turing_machine.moves import ASKS, DONE, GUESS, PUNCHES
from meeple.games.turing_machine.rules import DECIDE
from meeple.games.turing_machine.solver import codes_of, consistent

GAME = games.get("turing_machine")


def sure_at_decide(seat, count):
    """Positions of 2-player games played by greedy where `seat` is about to guess or pass with one
    code left, the other seat's round still to come or over."""
    found = []
    for seed in range(4000, 4100):
        state, greedy, rng = GAME.setup(2, None, seed=seed), bots.get("greedy"), Rng(seed)
        while GAME.to_move(state) and len(found) < count:
            mover = seat if seat in GAME.to_move(state) else min(GAME.to_move(state))
            if mover == seat and state.phase[seat] == DECIDE:
                answers, wrong = state.knowledge(seat)
                if len(codes_of(consistent(state.cards, answers, wrong))) == 1:
                    found.append(state)
                    break
            GAME.apply(state, mover, greedy.choose(GAME, state, mover, rng.fork()))
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


def test_search3_guesses_a_code_it_knows_at_either_seat():
    for seat in (0, 1):
        for i, state in enumerate(sure_at_decide(seat, 3)):
            bot = bots.get("search3")
            bot.seconds, bot.iterations = None, 400  # a fixed budget: the same decision on any machine
            assert bot.choose(GAME, state, seat, Rng(i)) == GUESS, (seat, i)


def test_the_race_offset_leaves_greedy_and_solo_values_alone():
    state = GAME.setup(2, None, seed=4000)
    solo = GAME.setup(1, None, seed=4000)
    values = [GAME.heuristic(state, s) for s in (0, 1)]
    assert values[0] == values[1] > 200  # the same offset for every seat
    assert GAME.heuristic(solo, 0) < 1100  # alone, on the old scale (a solo goal of 1000 at most)


def test_the_belief_finishes_a_guess_whose_first_digits_no_code_it_believes_in_has():
    """A guess half punched (by another policy, or a random playout) that the seat's belief already rules
    out is finished with a legal digit rather than failing on an empty choice."""
    state = GAME.setup(1, {"verifiers": 4}, 7)
    for colour, digit in enumerate(digits_of(state.code)):
        state, _ = GAME.play(state, 0, PUNCHES[colour][digit - 1])
    for verifier in range(3):
        state, _ = GAME.play(state, 0, ASKS[verifier])
    if DONE in GAME.legal_moves(state, 0):
        state, _ = GAME.play(state, 0, DONE)
    state, _ = GAME.play(state, 0, GUESS)
    believed = {digits_of(c)[0] for c in belief_of(state, 0).codes}
    ruled_out = min(set(range(1, 6)) - believed)
    state, _ = GAME.play(state, 0, PUNCHES[0][ruled_out - 1])
    move = BELIEF.choose(state, 0, Rng(1))
    assert move in GAME.legal_moves(state, 0)
