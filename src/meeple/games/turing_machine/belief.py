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
        self.proposals: dict[tuple, int] = {}  # the proposal chosen, by what else it depended on

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
        phase = world.phase[seat]
        solo = world.n == 1
        if phase == GUESSING:  # the likeliest code that starts with the digits punched so far
            probs = belief.code_probs(w)
            start = tuple(world.guessed[seat])
            pick = max((p, -c) for c, p in zip(belief.codes, probs) if digits_of(c)[:len(start)] == start)
            return PUNCHES[len(start)][digits_of(-pick[1])[len(start)] - 1]
        known = len(belief.codes) == 1
        race = None if solo else Race(world, seat, belief)
        if phase == DECIDE:
            if known or world.round == MAX_ROUNDS:
                return GUESS
            if race is None:
                return PASS
            return GUESS if race.guess_now(w, len(world.asked[seat])) else PASS
        if phase == COMPOSE:
            start = tuple(world.digits[seat])
            target = belief.codes[0] if known else _proposal(world, belief, start, race)
            return PUNCHES[len(start)][digits_of(target)[len(start)] - 1]
        if phase == QUESTION:
            if known:
                return DONE
            q = world.proposal(seat)
            asked = frozenset(v for v, _ in world.asked[seat])
            answers = belief.answers(q)
            if race is not None:
                _, v = race.plan(w, answers, asked, MAX_QUESTIONS - len(asked), every=True)
                return DONE if v < 0 else ASKS[v]
            value, v = belief.best_letter(w, answers, asked)
            if v < 0:
                return DONE
            if _one_a_round(world, belief):
                best = max(float(belief.letter_info(w, u).max()) for u in range(belief.letters))
                if value < KEEP_SHARE * best:
                    return DONE
            return ASKS[v]
        return None


def _one_a_round(world: TuringState, belief: Puzzles) -> bool:
    """Alone: whether the rounds left (after this one) allow one question a round until the code is known."""
    needed = belief.code_entropy(belief.w) / PLAN_RATE + 1.0
    return needed <= MAX_ROUNDS - world.round


def _proposal(world: TuringState, belief: Puzzles, start: tuple[int, ...], race: Race | None) -> int:
    """The proposal to compose (among those starting with the digits punched so far). Chosen at
    the first digit and kept for the next two, where nothing new is known."""
    signature = (world.n, world.round, None if race is None else (race.before, tuple(race.others)))
    kept = belief.proposals.get(signature)
    if kept is not None and digits_of(kept)[:len(start)] == start:
        return kept
    target = _best_proposal(world, belief, start, race)
    belief.proposals[signature] = target
    return target


def _best_proposal(world: TuringState, belief: Puzzles, start: tuple[int, ...], race: Race | None) -> int:
    w = belief.w
    firsts = np.max([belief.letter_info(w, v) for v in range(belief.letters)], axis=0)
    allowed = [q for q in range(N_CODES) if digits_of(q)[:len(start)] == start]
    if race is None and _one_a_round(world, belief):
        return max(allowed, key=lambda q: (firsts[q] - EPS * q))
    ranked = sorted(allowed, key=lambda q: (-firsts[q], q))[:CANDIDATES]
    if race is None:
        values = [(belief.round_value(w, belief.answers(q), frozenset(), MAX_QUESTIONS), -q) for q in ranked]
    else:
        values = [(race.plan(w, belief.answers(q), frozenset(), MAX_QUESTIONS, every=True)[0], -q)
                  for q in ranked]
    return -max(values)[1]


#: The others' progress, measured on greedy's 2-player games (issue 40): about 0.8 bits a question,
#: and a right guess in a round after which it has about H bits left with the chance below.
OTHERS_RATE = 0.8
SOLVE_TOP, SOLVE_MID, SOLVE_WIDTH = 0.85, 1.0, 0.6
#: How softly the chance of knowing the code next round falls as the bits left pass what three
#: questions teach (bits).
SMOOTH = 1.0


def _solve_chance(entropy: float) -> float:
    """How likely another seat left with this much uncertainty about the code (bits, by the rate
    above) is to guess it right at the end of this round: measured on greedy's 2-player games
    (classic: 0.84 at about 0 bits, 0.49 at 1, 0.10 at 2; extreme 0.60, 0.37, 0.18)."""
    return SOLVE_TOP / (1.0 + math.exp((entropy - SOLVE_MID) / SOLVE_WIDTH))


class Race:
    """Against others: what a belief at the end of this round's questions is worth, as the chance
    of winning by guessing now or by passing and guessing next round.

    A guess wins if right, unless another seat is right in the same round with fewer questions
    (theirs: those asked before, public, and one to three this round, each as likely). A pass wins
    only if no other seat finds the code this round, and then by guessing next round with what
    three more questions may teach. The others' progress: the public prior's uncertainty about the
    code less what their questions (three more each round) taught them, but never less than this
    seat's own (the puzzle is as hard for them: a seat still unsure after its own questions sees
    the others unsure too, which greedy's games bear out)."""

    def __init__(self, world: TuringState, seat: int, belief: Puzzles) -> None:
        _, wrong = world.knowledge(seat)
        prior = belief_of_public(world, wrong)
        self.start = prior.code_entropy(prior.w)
        self.last = world.round == MAX_ROUNDS
        self.belief = belief
        self.before = world.questions(seat) - len(world.asked[seat])  # asked in finished rounds
        self.others = [world.questions(s, public=True) for s in range(world.n)
                       if s != seat and not world.out[s]]  # the questions each other seat asked before

    def values(self, w: np.ndarray, asked: int) -> tuple[float, float]:
        """(guess now, pass) for the belief `w`, with `asked` questions asked this round."""
        probs = self.belief.code_probs(w)
        right = float(probs.max())
        nz = probs[probs > 0]
        left = float(-(nz * np.log2(nz)).sum())
        mine = self.before + asked
        keep = 1.0  # the chance that no other seat is right this round with fewer questions
        now = later = 1.0  # the chance that no other seat is right this round; next round
        for public in self.others:
            unsure = self.start - OTHERS_RATE * (public + MAX_QUESTIONS)
            chance = _solve_chance(max(left, unsure))
            beaten = sum(1.0 if mine < public + x else 0.5 if mine == public + x else 0.0
                         for x in range(1, MAX_QUESTIONS + 1)) / MAX_QUESTIONS
            keep *= 1.0 - chance * (1.0 - beaten)
            now *= 1.0 - chance
            later *= 1.0 - _solve_chance(max(0.0, left - PLAN_RATE * MAX_QUESTIONS,
                                             unsure - OTHERS_RATE * MAX_QUESTIONS))
        if self.last:
            return right * keep, 0.0
        # Three more questions teach about PLAN_RATE bits each; smoothed, so that a question that
        # leaves less to learn next round is always worth something.
        next_right = 2.0 ** -(SMOOTH * math.log2(1.0 + 2.0 ** ((left - PLAN_RATE * MAX_QUESTIONS) / SMOOTH)))
        return right * keep, now * next_right * (1.0 + later) / 2.0

    def guess_now(self, w: np.ndarray, asked: int) -> bool:
        guess, wait = self.values(w, asked)
        return guess > wait

    def plan(self, w: np.ndarray, answers: list[np.ndarray], asked: frozenset, left: int,
             every: bool = False) -> tuple[float, int]:
        """The best expected value of asking up to `left` more questions on this proposal and then
        deciding, and the letter to ask first (-1: stop asking). `every`: try every letter first;
        below, the letter whose answer tells the most."""
        best = (max(self.values(w, len(asked))), -1)
        if left <= 0:
            return best
        belief = self.belief
        if every:
            letters = [v for v in range(belief.letters) if v not in asked]
        else:
            letters = [belief.best_letter(w, answers, asked)[1]]
        total = w.sum()
        for v in letters:
            if v < 0:
                continue
            yes = w * answers[v]
            value = 0.0
            for part in (yes, w - yes):
                share = part.sum() / total
                if share > EPS:
                    value += share * self.plan(part, answers, asked | {v}, left - 1)[0]
            if value > best[0] + EPS:
                best = (value, v)
        return best


def belief_of_public(world: TuringState, wrong: tuple[int, ...]) -> Puzzles:
    """What every seat knows: the cards and the wrong guesses shown."""
    shuffled = world.mode == "nightmare"
    key = (world.cards, shuffled, (), wrong)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = Puzzles(world.cards, consistent(world.cards, (), wrong, shuffled))
    return found


BELIEF = TuringBelief()
