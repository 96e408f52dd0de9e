"""A solver's way of playing, from the seat's own answers only (for the docs' figures and tests).

Proposal: the code whose best question is expected to tell the most about the
puzzle, over the puzzles still possible. Questions: the verifier whose answer
is expected to tell the most, while the code is not known. Guess: only once a
single code is left. `random_questions` is the baseline it is measured against:
random proposals and questions, the same careful guess.
"""

from __future__ import annotations

from meeple.engine import Rng

from .components import digits_of
from .moves import ASKS, DONE, GUESS, PASS, PUNCHES
from .rules import COMPOSE, DECIDE, GUESSING, QUESTION, TuringState
from .solver import answer_entropy, best_proposal, codes_of, consistent


def _known(state: TuringState, seat: int):
    answers, wrong = state.knowledge(seat)
    return consistent(state.cards, answers, wrong, state.mode == "nightmare")


def _guess_when_sure(state: TuringState, seat: int, codes: list[int]):
    """The careful guess both ways of playing share: guess only once a single code is left."""
    phase = state.phase[seat]
    if phase == DECIDE:
        return GUESS if len(codes) == 1 else PASS
    if phase == GUESSING:
        colour = len(state.guessed[seat])
        return PUNCHES[colour][digits_of(codes[0])[colour] - 1]
    raise ValueError("This seat has nothing to do.")


def solver_move(state: TuringState, seat: int, rng: Rng | None = None):
    puzzles = _known(state, seat)
    codes = codes_of(puzzles)
    phase = state.phase[seat]
    if phase == COMPOSE:
        target = digits_of(codes[0] if len(codes) == 1 else best_proposal(state.cards, puzzles))
        colour = len(state.digits[seat])
        return PUNCHES[colour][target[colour] - 1]
    if phase == QUESTION:
        if len(codes) == 1:
            return DONE
        asked = {v for v, _ in state.asked[seat]}
        q = state.proposal(seat)
        gains = [(answer_entropy(state.cards, puzzles, q, v), -v) for v in range(len(state.cards)) if v not in asked]
        best = max(gains, default=(0.0, 0))
        return ASKS[-best[1]] if best[0] > 0 else DONE
    return _guess_when_sure(state, seat, codes)


def random_questions(state: TuringState, seat: int, rng: Rng):
    puzzles = _known(state, seat)
    codes = codes_of(puzzles)
    phase = state.phase[seat]
    if phase == COMPOSE:
        return PUNCHES[len(state.digits[seat])][rng.randrange(5)]
    if phase == QUESTION:
        if len(codes) == 1:
            return DONE
        asked = {v for v, _ in state.asked[seat]}
        left = [v for v in range(len(state.cards)) if v not in asked]
        return ASKS[rng.choice(left)]
    return _guess_when_sure(state, seat, codes)
