"""Turing Machine's deduction by belief, for the strongest bot (issue 40; meeple.engine.belief).

The belief of a seat is every puzzle still consistent with what it has seen (its answers and the
wrong guesses shown), each weighted by how likely the generator was to deal it: the generator draws
the code, the cards, then for each verifier one of the checks the code passes, so a puzzle's prior
weight is the product over the verifiers of 1 / (the checks of its cards that the code passes).
Only the code matters in the end, so a question is valued by the information its answer gives
about the code (bits, over the weighted puzzles), not about the checks.

- Proposal: alone, the code whose best single question tells the most (a round costs nothing but a
  round, so every question may pick its own proposal) while the rounds left allow one question a
  round; otherwise, and against others (who race by rounds), the code whose round of up to three
  questions, each the best on the answers so far, tells the most.
- Questions: the verifier whose answer tells the most about the code; alone, asked on this
  round's proposal only while it tells nearly as much as the best question on any proposal.
- Guess: once one code is left, or in the last round; against others also when guessing now is
  worth its risk against the race (`_guess_value`): the others' progress is read from the
  questions they asked (public), at the rate this seat's own questions taught it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from meeple.engine import Rng
from meeple.engine.belief import Belief

from .components import N_CODES, digits_of, verifier_masks, verifier_passing
from .moves import ASKS, DONE, GUESS, PASS, PUNCHES
from .rules import COMPOSE, DECIDE, GUESSING, MAX_QUESTIONS, MAX_ROUNDS, QUESTION, TuringState
from .solver import consistent

EPS = 1e-9
#: Bits a question is expected to teach about the code, for planning (measured by the solver: a
#: little under one).
PLAN_RATE = 0.8
#: Alone, a question on this round's proposal is asked while it tells at least this share of the
#: best question on any proposal; below it the round ends and the next proposal asks that one.
KEEP_SHARE = 0.9
#: Against others a question is asked while it tells at least this much (each one asked costs a
#: point, and points decide between seats right in the same round).
RACE_MIN_BITS = 0.05
#: Proposals whose whole round is valued exactly, the best by their first question.
CANDIDATES = 10


@lru_cache(maxsize=8192)
def _bits(mask: int) -> np.ndarray:
    return np.array([mask >> q & 1 for q in range(N_CODES)], dtype=float)


def _h2(p: np.ndarray) -> np.ndarray:
    """Binary entropy in bits, elementwise (0 at 0 and 1)."""
    p = np.clip(p, 0.0, 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = -(p * np.log2(p) + (1 - p) * np.log2(1 - p))
    return np.nan_to_num(out, nan=0.0)


class Puzzles:
    """A weighted belief: the puzzles a seat still thinks possible, as arrays.

    `codes` (the codes still possible), `cidx` (each puzzle's code, an index into `codes`), `w` (each
    puzzle's prior weight), and per verifier letter `mids` (each puzzle's check for that letter, an
    index into the letter's distinct check masks) and `bits` (those masks as rows of 125 0/1)."""

    def __init__(self, cards: tuple[tuple[int, ...], ...], puzzles) -> None:
        passing = [verifier_passing(c) for c in cards]
        masks = [verifier_masks(c) for c in cards]
        self.letters = len(cards)
        code_weight: dict[int, float] = {}
        for _, code, _ in puzzles:
            if code not in code_weight:
                code_weight[code] = 1.0 / math.prod(len(p[code]) for p in passing)
        self.codes = sorted(code_weight)
        where = {c: i for i, c in enumerate(self.codes)}
        self.cidx = np.array([where[p[1]] for p in puzzles], dtype=np.int64)
        self.w = np.array([code_weight[p[1]] for p in puzzles])
        self.mids, self.bits = [], []
        for v in range(self.letters):
            seen: dict[int, int] = {}
            ids = []
            for checks, _, perm in puzzles:
                card = perm[v]
                ids.append(seen.setdefault(masks[card][checks[card]], len(seen)))
            self.mids.append(np.array(ids, dtype=np.int64))
            self.bits.append(np.array([_bits(m) for m in seen]))

    # ----- what a belief (a weight per puzzle) says ---------------------------

    def code_probs(self, w: np.ndarray) -> np.ndarray:
        p = np.bincount(self.cidx, w, minlength=len(self.codes))
        return p / p.sum()

    def code_entropy(self, w: np.ndarray) -> float:
        p = self.code_probs(w)
        p = p[p > 0]
        return float(-(p * np.log2(p)).sum())

    def letter_info(self, w: np.ndarray, v: int) -> np.ndarray:
        """For every proposal, the bits about the code that asking letter `v` is expected to give."""
        n_m, n_c = len(self.bits[v]), len(self.codes)
        m = np.bincount(self.mids[v] * n_c + self.cidx, w, minlength=n_m * n_c).reshape(n_m, n_c)
        yes = self.bits[v].T @ m  # (proposal, code): the weight that answers yes
        pc = m.sum(0)
        total = pc.sum()
        with np.errstate(divide="ignore", invalid="ignore"):
            split = np.where(pc > 0, yes / pc, 0.0)
        return _h2(yes.sum(1) / total) - (_h2(split) @ pc) / total

    def answers(self, q: int) -> list[np.ndarray]:
        """Per letter, each puzzle's answer (0/1) to proposal `q`."""
        return [self.bits[v][:, q][self.mids[v]] for v in range(self.letters)]

    def info(self, w: np.ndarray, yes: np.ndarray) -> float:
        """Bits about the code of an answer that is yes on the puzzles `yes` (0/1 per puzzle)."""
        pc = np.bincount(self.cidx, w, minlength=len(self.codes))
        yc = np.bincount(self.cidx, w * yes, minlength=len(self.codes))
        total = pc.sum()
        if total <= 0:
            return 0.0
        with np.errstate(divide="ignore", invalid="ignore"):
            split = np.where(pc > 0, yc / pc, 0.0)
        return float(_h2(np.array([yc.sum() / total]))[0] - (_h2(split) @ pc) / total)

    def best_letter(self, w: np.ndarray, answers: list[np.ndarray], asked) -> tuple[float, int]:
        """The best letter not yet asked on this proposal: (bits, letter); (0, -1) when none tells anything."""
        best, best_v = 0.0, -1
        for v in range(self.letters):
            if v in asked:
                continue
            value = self.info(w, answers[v])
            if value > best + EPS:
                best, best_v = value, v
        return best, best_v

    def round_value(self, w: np.ndarray, answers: list[np.ndarray], asked: frozenset, left: int) -> float:
        """Bits about the code from up to `left` more questions on one proposal, each the best on the
        answers so far (expected over the answers)."""
        if left <= 0:
            return 0.0
        value, v = self.best_letter(w, answers, asked)
        if v < 0:
            return 0.0
        total = w.sum()
        yes = w * answers[v]
        no = w - yes
        more = asked | {v}
        for part in (yes, no):
            share = part.sum() / total
            if share > EPS:
                value += share * self.round_value(part, answers, more, left - 1)
        return value


_cache: dict[tuple, Puzzles] = {}


def belief_of(state: TuringState, seat: int) -> Puzzles:
    """The seat's belief, from what it has seen only (`TuringState.knowledge`)."""
    answers, wrong = state.knowledge(seat)
    shuffled = state.mode == "nightmare"
    key = (state.cards, shuffled, answers, wrong)
    found = _cache.get(key)
    if found is None:
        if len(_cache) > 256:
            _cache.clear()
        found = _cache[key] = Puzzles(state.cards, consistent(state.cards, answers, wrong, shuffled))
    return found


class TuringBelief(Belief):
    def choose(self, world: TuringState, seat: int, rng: Rng, seconds: float | None = None):
        belief = belief_of(world, seat)
        w = belief.w
        probs = belief.code_probs(w)
        phase = world.phase[seat]
        solo = world.n == 1
        if phase == GUESSING:  # the likeliest code that starts with the digits punched so far
            start = tuple(world.guessed[seat])
            pick = max((p, -c) for c, p in zip(belief.codes, probs) if digits_of(c)[:len(start)] == start)
            return PUNCHES[len(start)][digits_of(-pick[1])[len(start)] - 1]
        known = len(belief.codes) == 1
        if phase == DECIDE:
            if known or world.round == MAX_ROUNDS:
                return GUESS
            if solo:
                return PASS
            return GUESS if _guess_value(world, seat, belief) else PASS
        if phase == COMPOSE:
            start = tuple(world.digits[seat])
            target = belief.codes[0] if known else _proposal(world, seat, belief, start)
            return PUNCHES[len(start)][digits_of(target)[len(start)] - 1]
        if phase == QUESTION:
            if known:
                return DONE
            q = world.proposal(seat)
            asked = {v for v, _ in world.asked[seat]}
            value, v = belief.best_letter(w, belief.answers(q), asked)
            if v < 0:
                return DONE
            if solo and _one_a_round(world, belief):
                best = max(float(belief.letter_info(w, u).max()) for u in range(belief.letters))
                if value < KEEP_SHARE * best:
                    return DONE
            elif not solo and value < RACE_MIN_BITS:
                return DONE
            return ASKS[v]
        return None


def _one_a_round(world: TuringState, belief: Puzzles) -> bool:
    """Alone: whether the rounds left (after this one) allow one question a round until the code is known."""
    needed = belief.code_entropy(belief.w) / PLAN_RATE + 1.0
    return needed <= MAX_ROUNDS - world.round


def _proposal(world: TuringState, seat: int, belief: Puzzles, start: tuple[int, ...]) -> int:
    """The proposal to compose (among those starting with the digits punched so far)."""
    w = belief.w
    firsts = np.max([belief.letter_info(w, v) for v in range(belief.letters)], axis=0)
    allowed = [q for q in range(N_CODES) if digits_of(q)[:len(start)] == start]
    if world.n == 1 and _one_a_round(world, belief):
        return max(allowed, key=lambda q: (firsts[q] - EPS * q))
    ranked = sorted(allowed, key=lambda q: (-firsts[q], q))[:CANDIDATES]
    values = [(belief.round_value(w, belief.answers(q), frozenset(), MAX_QUESTIONS), -q) for q in ranked]
    return -max(values)[1]


def _solve_chance(entropy: float) -> float:
    """How likely a seat with this much uncertainty about the code (bits) is to guess it this round:
    a seat guesses from about a 60% chance on, that is below about one bit."""
    return 1.0 / (1.0 + math.exp((entropy - 1.0) / 0.3))


def _guess_value(world: TuringState, seat: int, belief: Puzzles) -> bool:
    """Against others: whether guessing the likeliest code now is worth more than passing.

    A guess wins if right, unless another seat is right in the same round with fewer questions
    (counted as even odds). A pass wins only if no other seat finds the code this round, and then
    by guessing next round with what three more questions may teach. The others' progress: the
    public prior's uncertainty less what their questions (three more this round) taught them, at
    the rate this seat's own questions taught it."""
    probs = belief.code_probs(belief.w)
    right = float(probs.max())
    mine = belief.code_entropy(belief.w)
    answers, wrong = world.knowledge(seat)
    prior = belief_of_public(world, wrong)
    start = prior.code_entropy(prior.w)
    asked = world.questions(seat)
    rate = min(1.0, max(0.3, (start - mine) / asked)) if asked else PLAN_RATE
    now, later = 1.0, 1.0
    for s in range(world.n):
        if s == seat or world.out[s]:
            continue
        taught = rate * world.questions(s, public=True)
        now *= 1.0 - _solve_chance(max(0.0, start - taught - rate * MAX_QUESTIONS))
        later *= 1.0 - _solve_chance(max(0.0, start - taught - 2 * rate * MAX_QUESTIONS))
    guess = right * (1.0 + now) / 2.0  # the others' right guesses this round: even odds on questions
    next_right = 2.0 ** -max(0.0, mine - rate * MAX_QUESTIONS)
    wait = now * next_right * (1.0 + later) / 2.0
    return guess > wait


def belief_of_public(world: TuringState, wrong: tuple[int, ...]) -> Puzzles:
    """What every seat knows: the cards and the wrong guesses shown."""
    shuffled = world.mode == "nightmare"
    key = (world.cards, shuffled, (), wrong)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = Puzzles(world.cards, consistent(world.cards, (), wrong, shuffled))
    return found


BELIEF = TuringBelief()
