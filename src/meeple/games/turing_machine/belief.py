"""Turing Machine's deduction by belief, for the strongest bot (issue 40; meeple.engine.belief).

The belief of a seat is every puzzle still consistent with what it has seen (its answers and the
wrong guesses shown), each weighted by how likely the generator was to deal it: the generator draws
the code, the cards, then for each verifier one of the checks the code passes, so a puzzle's prior
weight is the product over the verifiers of 1 / (the checks of its cards that the code passes).
Only the code matters in the end, so a question is valued by the information its answer gives
about the code (bits, over the weighted puzzles), not about the checks.

- Alone. Proposal: the code whose best single question tells the most (a round costs nothing but
  a round, so every question may pick its own proposal) while the rounds left allow one question
  a round; otherwise the code whose round of up to three questions, each the best on the answers
  so far, tells the most. Questions: the verifier whose answer tells the most about the code,
  asked on this round's proposal only while it tells nearly as much as the best question on any
  proposal. Guess: once one code is left, or in the last round.
- Against others, who race by rounds and then by questions: a round is planned whole
  (`Race.round_plan`): for every proposal, every letter at every answer so far, up to three
  questions, then a guess or a pass, valued as the chance of winning (`Race.outlook`). In round
  1 the others are modelled as peers (`peer_questions`), later their progress is read from the
  questions they asked (public).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

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
        self.puzzles = puzzles
        self.peers: dict[int, np.ndarray | None] = {}  # a peer's questions by round (`Peer`), per puzzle

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

    def round_codes(self, w: np.ndarray, proposals: list[int], tree: RoundTree) -> np.ndarray:
        """The weight of each code at each node of a round's questions, for each proposal:
        (proposal, node, code)."""
        return self.round_labels(w, proposals, tree, self.cidx, len(self.codes))

    def round_labels(self, w: np.ndarray, proposals: list[int], tree: RoundTree, labels: np.ndarray,
                     n_labels: int) -> np.ndarray:
        """As `round_codes`, with each puzzle's label (0 .. n_labels - 1) in place of its code."""
        n_q, n_p = len(proposals), 1 << self.letters
        pattern = np.zeros((len(w), n_q), dtype=np.int64)
        for v in range(self.letters):
            pattern += self.bits[v][:, proposals][self.mids[v]].astype(np.int64) << v
        cell = (np.arange(n_q) * n_p + pattern) * n_labels + labels[:, None]
        by_pattern = np.bincount(cell.ravel(), np.repeat(w, n_q), minlength=n_q * n_p * n_labels)
        return np.einsum("np,qpc->qnc", tree.match, by_pattern.reshape(n_q, n_p, n_labels), optimize=True)

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


class RoundTree:
    """Every way a round's questions can go, for `letters` verifiers: the partial answers (which
    letters were asked, what each said), at most MAX_QUESTIONS letters, as nodes level by level.
    A puzzle's answers to one proposal are a pattern (bit v: letter v says yes); `match[n, pattern]`
    says whether the pattern agrees with node n, `child[n, v]` (yes, no) is node n with letter v
    asked (-1 where v is asked already or the round is full)."""

    def __init__(self, letters: int) -> None:
        nodes: list[tuple[int, int]] = []
        for k in range(MAX_QUESTIONS + 1):
            for mask in range(1 << letters):
                if bin(mask).count("1") == k:
                    values = [0]
                    for v in range(letters):
                        if mask >> v & 1:
                            values = values + [x | 1 << v for x in values]
                    nodes += [(mask, x) for x in sorted(values)]
        self.letters = letters
        self.nodes = nodes
        self.index = {node: i for i, node in enumerate(nodes)}
        self.asked = np.array([bin(m).count("1") for m, _ in nodes])
        patterns = np.arange(1 << letters)
        self.match = np.array([(patterns & m) == x for m, x in nodes], dtype=float)
        self.yes = np.full((len(nodes), letters), -1, dtype=np.int64)
        self.no = np.full((len(nodes), letters), -1, dtype=np.int64)
        for i, (m, x) in enumerate(nodes):
            if self.asked[i] == MAX_QUESTIONS:
                continue
            for v in range(letters):
                if not m >> v & 1:
                    self.yes[i, v] = self.index[(m | 1 << v, x | 1 << v)]
                    self.no[i, v] = self.index[(m | 1 << v, x)]


@lru_cache(maxsize=8)
def _round_tree(letters: int) -> RoundTree:
    return RoundTree(letters)


def _best_questions(tree: RoundTree, value: np.ndarray, total: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Backward over a round's questions: `value[proposal, node]` (weighted) of stopping at each node
    becomes the value of asking on from there the letter that pays most; also that letter (-1: stop).
    A question must pay more than a rounding error: fewer questions are better."""
    value = value.copy()
    letter = np.full(value.shape, -1)
    for level in range(MAX_QUESTIONS - 1, -1, -1):
        at = np.flatnonzero(tree.asked == level)
        yes, no = tree.yes[at], tree.no[at]
        more = np.where(yes >= 0, value[:, yes] + value[:, no], -np.inf)
        best = more.argmax(-1)
        ask = np.take_along_axis(more, best[..., None], -1)[..., 0]
        better = ask > value[:, at] + EPS * total[:, at]
        value[:, at] = np.where(better, ask, value[:, at])
        letter[:, at] = np.where(better, best, -1)
    return value, letter


_cache: dict[tuple, Puzzles] = {}


def _puzzles(world: TuringState, answers: tuple, wrong: tuple[int, ...]) -> Puzzles:
    """The belief of one who heard `answers` and saw the `wrong` guesses, cached."""
    shuffled = world.mode == "nightmare"
    key = (world.cards, shuffled, answers, wrong)
    found = _cache.get(key)
    if found is None:
        if len(_cache) > 256:
            _cache.clear()
        found = _cache[key] = Puzzles(world.cards, consistent(world.cards, answers, wrong, shuffled))
    return found


def belief_of(state: TuringState, seat: int) -> Puzzles:
    """The seat's belief, from what it has seen only (`TuringState.knowledge`)."""
    return _puzzles(state, *state.knowledge(seat))


def belief_of_public(world: TuringState, wrong: tuple[int, ...]) -> Puzzles:
    """What every seat knows: the cards and the wrong guesses shown."""
    return _puzzles(world, (), wrong)


class TuringBelief(Belief):
    def choose(self, world: TuringState, seat: int, rng: Rng, seconds: float | None = None):
        belief = belief_of(world, seat)
        w = belief.w
        phase = world.phase[seat]
        solo = world.n == 1
        if phase == GUESSING:  # the likeliest code that starts with the digits punched so far
            probs = belief.code_probs(w)
            start = tuple(world.guessed[seat])
            pick = max(((p, -c) for c, p in zip(belief.codes, probs) if digits_of(c)[:len(start)] == start),
                       default=None)
            if pick is None:  # the digits punched rule out every code it believes in: any digit loses alike
                return PUNCHES[len(start)][0]
            return PUNCHES[len(start)][digits_of(-pick[1])[len(start)] - 1]
        known = len(belief.codes) == 1
        race = None if solo else Race(world, seat, belief)
        if phase == DECIDE:
            if known or world.round == MAX_ROUNDS:
                return GUESS
            if race is None:
                return PASS
            guess, wait = race.values(w, len(world.asked[seat]))
            return GUESS if guess > wait else PASS
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
                node = (sum(1 << v for v, _ in world.asked[seat]), sum(1 << v for v, yes in world.asked[seat] if yes))
                _, letter = race.round_plan(w, [q], node)
                return DONE if letter[0] < 0 else ASKS[int(letter[0])]
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
    allowed = [q for q in range(N_CODES) if digits_of(q)[:len(start)] == start]
    if race is not None:  # against others every proposal's round is valued whole
        value, _ = race.round_plan(w, allowed)
        return allowed[int(np.argmax(np.round(value, 12)))]  # ties: the smallest code
    firsts = np.max([belief.letter_info(w, v) for v in range(belief.letters)], axis=0)
    if _one_a_round(world, belief):
        return max(allowed, key=lambda q: (firsts[q] - EPS * q))
    ranked = sorted(allowed, key=lambda q: (-firsts[q], q))[:CANDIDATES]
    values = [(belief.round_value(w, belief.answers(q), frozenset(), MAX_QUESTIONS), -q) for q in ranked]
    return -max(values)[1]


#: A peer's questions in a round: 0 to MAX_QUESTIONS, or NOT_FOUND (it does not find the code).
NOT_FOUND = MAX_QUESTIONS + 1
#: How greedy's questions in round 1 follow a peer's on the same puzzle (rows: the peer's 0 to 3 or
#: not found; columns: greedy's), measured on 200 2-player deals (seed 20000, both seat orders): greedy
#: matches the peer where one question settles the code and falls behind it where more are needed.
PEER_SLIP = np.array([
    [1.0, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.875, 0.036, 0.0, 0.089],
    [0.0, 0.071, 0.44, 0.202, 0.287],
    [0.0, 0.01, 0.092, 0.286, 0.612],
    [0.0, 0.0, 0.037, 0.062, 0.901]])


def peer_questions(public: Puzzles) -> np.ndarray:
    """For each puzzle of the public belief (round 1: the cards alone), how many questions a peer
    needs in round 1 to know the code: a peer composes the proposal whose round is likeliest to pin
    the code down, asks the letters that make that likeliest (fewer when as likely), and stops once
    the code is known. Under this model the puzzle alone decides what the others learn this round."""
    found = public.peers.get(1)
    if found is not None:
        return found
    tree = _round_tree(public.letters)
    proposals = list(range(N_CODES))
    weights = public.round_codes(public.w, proposals, tree)
    total = weights.sum(-1)
    known = (weights > 0).sum(-1) == 1
    # Known sooner is better: a question's worth of margin, well under any change in the chance.
    value, letter = _best_questions(tree, total * known * (1.0 + EPS ** 0.5 * (MAX_QUESTIONS - tree.asked)), total)
    q = int(np.argmax(np.round(value[:, 0], 12)))
    answers = np.array(public.answers(q)).T  # (puzzle, letter)
    node = np.zeros(len(public.w), dtype=np.int64)
    asked = np.zeros(len(public.w), dtype=np.int64)
    for _ in range(MAX_QUESTIONS):
        v = letter[q, node]
        go = (v >= 0) & ~known[q, node]
        if not go.any():
            break
        ask = np.where(go, v, 0)
        yes = np.take_along_axis(answers, ask[:, None], 1)[:, 0] > 0
        node = np.where(go, np.where(yes, tree.yes[node, ask], tree.no[node, ask]), node)
        asked += go
    found = np.where(known[q, node], asked, NOT_FOUND)
    public.peers[1] = found
    return found


def _peer_labels(belief: Puzzles, public: Puzzles) -> np.ndarray:
    """`peer_questions` for the puzzles of a seat's belief (a part of the public one)."""
    found = belief.peers.get(1)
    if found is None:
        where = {x: i for i, x in enumerate(public.puzzles)}
        found = belief.peers[1] = peer_questions(public)[[where[x] for x in belief.puzzles]]
    return found


#: The others' progress, measured on greedy's 2-player games (issue 40): about 0.8 bits a question,
#: and a right guess in a round after which it has about H bits left with the chance below.
OTHERS_RATE = 0.8
SOLVE_TOP, SOLVE_MID, SOLVE_WIDTH = 0.85, 1.0, 0.6
#: How softly the chance of knowing the code next round falls as the bits left pass what three
#: questions teach (bits).
SMOOTH = 1.0


def _solve_chance(entropy: np.ndarray) -> np.ndarray:
    """How likely another seat left with this much uncertainty about the code (bits, by the rate
    above) is to guess it right at the end of this round: measured on greedy's 2-player games
    (classic: 0.84 at about 0 bits, 0.49 at 1, 0.10 at 2; extreme 0.60, 0.37, 0.18)."""
    return SOLVE_TOP / (1.0 + np.exp((entropy - SOLVE_MID) / SOLVE_WIDTH))


def _tie_share(odds: list) -> Any:
    """The share of the win a right guess takes: none of the others right with fewer questions, and
    the first place shared with those right with as many. `odds`: per other seat, (the chance it is
    right with fewer questions, with as many), each on its own (numbers or arrays alike)."""
    tied: list = [1.0]  # tied[j]: j others tie, none is ahead
    for ahead, tie in odds:
        more = [t * (1.0 - ahead - tie) for t in tied] + [0.0]
        for j, t in enumerate(tied):
            more[j + 1] = more[j + 1] + t * tie
        tied = more
    return sum(t / (j + 1) for j, t in enumerate(tied))


class Race:
    """Against others: what a belief at the end of this round's questions is worth, as the chance
    of winning by guessing now or by passing and guessing next round.

    A guess wins if right, unless another seat is right in the same round with fewer questions,
    and is shared with those right with as many. A pass wins only if no other seat finds the code
    this round, and then by guessing next round with what three more questions may teach. The
    others' progress: in round 1, what peers would learn on each puzzle the seat still thinks
    possible (`peer_questions`, with greedy's slips); later, the public prior's uncertainty about
    the code less what their questions (three more each round) taught them, right with one to
    three questions this round, each as likely, but never less unsure than this seat (the puzzle
    is as hard for them: a seat still unsure after its own questions sees the others unsure too,
    which greedy's games bear out)."""

    def __init__(self, world: TuringState, seat: int, belief: Puzzles) -> None:
        _, wrong = world.knowledge(seat)
        prior = belief_of_public(world, wrong)
        self.start = prior.code_entropy(prior.w)
        self.last = world.round == MAX_ROUNDS
        self.belief = belief
        self.before = world.questions(seat) - len(world.asked[seat])  # asked in finished rounds
        self.others = [world.questions(s, public=True) for s in range(world.n)
                       if s != seat and not world.out[s]]  # the questions each other seat asked before
        # Round 1: the others as peers (`peer_questions`), each puzzle's class of what they learn.
        self.peers = _peer_labels(belief, prior) if world.round == 1 else None
        self.odds = self._peer_odds() if self.peers is not None else None

    def _peer_odds(self) -> tuple[np.ndarray, np.ndarray]:
        """By the peers' class (rows): the share of the win a right guess takes after 0 to 3
        questions this round (columns), ties shared; and the chance that no other seat finds the
        code this round. The others slip from the peer each on its own (PEER_SLIP)."""
        share = np.zeros((NOT_FOUND + 1, MAX_QUESTIONS + 1))
        for c, slip in enumerate(PEER_SLIP):
            for m in range(MAX_QUESTIONS + 1):
                mine = self.before + m
                share[c, m] = _tie_share([(sum(slip[k] for k in range(MAX_QUESTIONS + 1) if public + k < mine),
                                           sum(slip[k] for k in range(MAX_QUESTIONS + 1) if public + k == mine))
                                          for public in self.others])
        return share, PEER_SLIP[:, NOT_FOUND] ** len(self.others)

    def values(self, w: np.ndarray, asked: int) -> tuple[float, float]:
        """(guess now, pass) for the belief `w`, with `asked` questions asked this round."""
        probs = self.belief.code_probs(w)
        nz = probs[probs > 0]
        peers = None
        if self.peers is not None:
            peers = np.bincount(self.peers, w, minlength=NOT_FOUND + 1) / w.sum()
        guess, wait = self.outlook(np.array(probs.max()), np.array(-(nz * np.log2(nz)).sum()), np.array(asked), peers)
        return float(guess), float(wait)

    def outlook(self, right: np.ndarray, left: np.ndarray, asked: np.ndarray,
                peers: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(guess now, pass), elementwise, for beliefs whose likeliest code has the chance `right`,
        with `left` bits of uncertainty about the code, after `asked` questions this round; `peers`
        (round 1): each belief's weight on the peers' classes (last axis)."""
        mine = self.before + asked
        shape = np.broadcast(right, left, asked).shape
        odds = []  # per other seat: the chance it is right this round with fewer questions; with as many
        now = np.ones(shape)  # no other seat right this round
        later = np.ones(shape)  # nor next round
        for public in self.others:
            unsure = self.start - OTHERS_RATE * (public + MAX_QUESTIONS)
            chance = _solve_chance(np.maximum(left, unsure))
            # Right with one to three questions this round, each as likely.
            odds.append((chance * sum(np.where(public + x < mine, 1.0, 0.0) for x in range(1, MAX_QUESTIONS + 1))
                         / MAX_QUESTIONS,
                         chance * sum(np.where(public + x == mine, 1.0, 0.0) for x in range(1, MAX_QUESTIONS + 1))
                         / MAX_QUESTIONS))
            now = now * (1.0 - chance)
            later = later * (1.0 - _solve_chance(np.maximum(0.0, np.maximum(left - PLAN_RATE * MAX_QUESTIONS,
                                                                            unsure - OTHERS_RATE * MAX_QUESTIONS))))
        keep = _tie_share(odds)  # what a right guess wins
        if peers is not None and self.odds is not None:
            share, none = self.odds
            by_asked = peers @ share
            keep = np.take_along_axis(by_asked, np.broadcast_to(asked, shape)[..., None], -1)[..., 0]
            now = peers @ none
        if self.last:
            return right * keep, np.zeros_like(keep)
        # Three more questions teach about PLAN_RATE bits each; smoothed, so that a question that
        # leaves less to learn next round is always worth something.
        next_right = 2.0 ** -(SMOOTH * np.log2(1.0 + 2.0 ** ((left - PLAN_RATE * MAX_QUESTIONS) / SMOOTH)))
        return right * keep, now * next_right * (1.0 + later) / 2.0

    def round_plan(self, w: np.ndarray, proposals: list[int], node: tuple[int, int] = (0, 0)
                   ) -> tuple[np.ndarray, np.ndarray]:
        """For each proposal, the best expected value of this round's questions (each chosen on the
        answers so far, over every letter) and then guessing or passing, from `node` (the letters
        asked this round, and their answers); and the letter to ask next (-1: stop asking)."""
        tree = _round_tree(self.belief.letters)
        weights = self.belief.round_codes(w, proposals, tree)
        total = weights.sum(-1)
        with np.errstate(divide="ignore", invalid="ignore"):
            probs = np.where(total[..., None] > 0, weights / total[..., None], 0.0)
            bits = -np.nan_to_num(probs * np.log2(probs)).sum(-1)
        peers = None
        if self.peers is not None:
            labelled = self.belief.round_labels(w, proposals, tree, self.peers, NOT_FOUND + 1)
            peers = labelled / np.where(total > 0, total, 1.0)[..., None]
        value = total * np.maximum(*self.outlook(probs.max(-1), bits, tree.asked[None, :], peers))
        value, letter = _best_questions(tree, value, total)
        root = tree.index[node]
        return value[:, root] / w.sum(), letter[:, root]


BELIEF = TuringBelief()
