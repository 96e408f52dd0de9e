"""Puzzles: what makes one valid, the generator, and the solver.

A puzzle is a list of verifiers, each one criteria card (classic mode) or two
(extreme mode), and for each verifier the one check that is the puzzle's. It is valid (see the page's worked example in
docs/games/turing-machine.md) when exactly one code passes every check, and no
verifier is redundant: leave any one out and more than one code passes the
others. A verifier here is just the tuple of its checks' code masks, so the
solver works as well on cards made up for an example as on the printed ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, reduce
from itertools import permutations, product
from math import log2
from operator import and_

from meeple.engine import Rng

from .components import CARD_MASKS, CARDS, FULL_MASK, N_CODES, code_text, verifier_masks, verifier_passing

Masks = Sequence[int]  # the masks of one verifier's checks


def single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def is_valid(chosen: Sequence[int]) -> bool:
    """One mask per verifier: exactly one code passes all, and every verifier is needed."""
    k = len(chosen)
    before = [FULL_MASK] * (k + 1)  # before[i]: AND of chosen[:i]
    for i, m in enumerate(chosen):
        before[i + 1] = before[i] & m
    if not single(before[k]):
        return False
    after = FULL_MASK  # AND of chosen[i+1:]
    for i in range(k - 1, -1, -1):
        if single(before[i] & after):
            return False  # verifier i adds nothing: the others already pin the code down
        after &= chosen[i]
    return True


def redundant(chosen: Sequence[int]) -> list[int]:
    """The verifiers that can each be left out with the others still pinning one code."""
    return [i for i in range(len(chosen)) if single(reduce(and_, [*chosen[:i], *chosen[i + 1:]], FULL_MASK))]


def assignments(verifiers: Sequence[Masks]) -> list[tuple[tuple[int, ...], int]]:
    """Every valid puzzle on these verifiers: (the check index of each, the solution code).

    For each code only the checks it passes are combined, so the search stays small."""
    found = []
    for code in range(N_CODES):
        bit = 1 << code
        passing = [[i for i, m in enumerate(v) if m & bit] for v in verifiers]
        for checks in product(*passing):
            if is_valid([verifiers[v][c] for v, c in enumerate(checks)]):
                found.append((checks, code))
    return found


@lru_cache(maxsize=512)
def card_assignments(cards: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The valid puzzles on these verifiers' criteria cards (public facts: every seat may work
    them out)."""
    return tuple(assignments([verifier_masks(v) for v in cards]))


def solutions(verifiers: Sequence[Masks]) -> list[int]:
    """The codes a valid puzzle on these verifiers can have, smallest first."""
    return sorted({code for _, code in assignments(verifiers)})


def why_not(verifiers: Sequence[Masks], code: int, names: str = "ABCDEF") -> str:
    """Why `code` cannot be the solution of a valid puzzle on these verifiers, in words
    (the empty string when it can)."""
    bit = 1 << code
    passing = [[i for i, m in enumerate(v) if m & bit] for v in verifiers]
    if any(not p for p in passing):
        return f"{code_text(code)} passes no check of " + ", ".join(
            names[v] for v, p in enumerate(passing) if not p) + "."
    reasons = []
    for checks in product(*passing):
        chosen = [verifiers[v][c] for v, c in enumerate(checks)]
        if is_valid(chosen):
            return ""
        count = bin(reduce(and_, chosen, FULL_MASK)).count("1")
        if count > 1:
            reasons.append(f"{count} codes pass the same checks")
        else:
            spare = redundant(chosen)
            reasons.append(" and ".join(names[v] for v in spare) + " would not be needed")
    return f"{code_text(code)}: " + "; ".join(sorted(set(reasons))) + "."


# ----- the generator -----------------------------------------------------------

_CARD_IDS = tuple(sorted(CARDS))

#: Difficulty is how much the verifier cards alone reveal: how many codes some valid puzzle on
#: them could have (the fewer, the less there is to ask). "any" takes the first valid puzzle drawn;
#: the others keep drawing until that count falls in their band.
DIFFICULTIES = ("any", "easy", "standard", "hard")
# The terciles of that count over 300 generated puzzles per verifier count (150 at 6), by cards per
# verifier (1 classic and nightmare, 2 extreme). On classic 4-verifier puzzles the count follows the
# solver's questions closely (correlation 0.83 over 150): 2.1, 3.5 and 5.1 questions by tercile.
_BANDS = {(4, 1): (6, 14), (5, 1): (6, 10), (6, 1): (4, 9),
          (4, 2): (34, 50), (5, 2): (41, 61), (6, 2): (30, 52)}


def possible_codes(cards: Sequence[tuple[int, ...]]) -> int:
    """How many codes a valid puzzle on these verifier cards could have: what a player knows
    before asking anything."""
    masks = [verifier_masks(v) for v in cards]
    passing = [verifier_passing(v) for v in cards]
    return sum(_has_puzzle(masks, passing, code) for code in range(N_CODES))


def _has_puzzle(masks: list[tuple[int, ...]], passing: list[tuple[tuple[int, ...], ...]], code: int) -> bool:
    """Whether a valid puzzle on these verifiers (their checks' `masks`, `verifier_passing`) has this code."""
    return any(is_valid([masks[v][i] for v, i in enumerate(checks)]) for checks in product(*(p[code] for p in passing)))


def in_band(cards: Sequence[tuple[int, ...]], difficulty: str) -> bool:
    if difficulty == "any":
        return True
    low, high = _BANDS[len(cards), len(cards[0])]
    count = possible_codes(cards)
    if difficulty == "easy":
        return count <= low
    if difficulty == "hard":
        return count > high
    return low < count <= high


def generate(rng: Rng, verifiers: int, per_verifier: int = 1,
             difficulty: str = "any") -> tuple[list[tuple[int, ...]], list[int], int]:
    """A valid puzzle with this many verifiers, each of `per_verifier` cards (1 classic,
    2 extreme): (each verifier's cards, each verifier's check index among its cards' checks, code).

    Draws a code, then distinct cards, then for each verifier one of the checks the code
    passes, until the draw is valid, the cards alone leave more than one code possible, and
    as many as `difficulty` asks; every draw comes from `rng`, so a seed gives one puzzle."""
    if per_verifier == 1:
        return _generate_single(rng, verifiers, difficulty)
    # rng.randrange(n) and rng.choice(seq) draw next_u64() % n: inlined, as a setup draws ~100 times.
    pick = rng.next_u64
    while True:
        code = pick() % N_CODES
        pool = list(_CARD_IDS)
        drawn = [pool.pop(pick() % len(pool)) for _ in range(verifiers * per_verifier)]
        cards = sorted(tuple(sorted(drawn[i:i + per_verifier])) for i in range(0, len(drawn), per_verifier))
        passing = [verifier_passing(v)[code] for v in cards]
        if not all(passing):
            continue  # a card none of whose checks this code passes (111 on card 45) cannot be used
        checks = [p[pick() % len(p)] for p in passing]
        chosen = [verifier_masks(v)[i] for v, i in zip(cards, checks)]
        if is_valid(chosen) and _another_code(cards, code) and in_band(cards, difficulty):
            return cards, checks, code


#: [code][card number]: the masks of the card's checks that the code passes, in card order (() for
#: none, and at the numbers no card has). One card per verifier (classic and nightmare), a draw of
#: the generator reads one row: no call per card. No card has two checks of one mask (asserted), so
#: a mask gives back its check.
_PASSED_BY = tuple(tuple(tuple(m for m in CARD_MASKS.get(c, ()) if m >> code & 1) for c in range(max(CARDS) + 1))
                   for code in range(N_CODES))
assert all(len(set(masks)) == len(masks) for masks in CARD_MASKS.values())


def _generate_single(rng: Rng, verifiers: int, difficulty: str) -> tuple[list[tuple[int, ...]], list[int], int]:
    """`generate` with one card per verifier: the same draws in the same order (a draw of the general
    loop, card for card), its tests on masks alone. A puzzle's code passes each check drawn for it, so
    the checks pin it down exactly when their AND is that code's bit (is_valid's first test, by one
    reduce); about 60 draws in 61 stop there. Most of a setup's time is here: it draws ~85 times."""
    pick = rng.next_u64
    ids = _CARD_IDS
    sizes = range(len(ids), len(ids) - verifiers, -1)  # the pool's length at each card drawn
    while True:
        code = pick() % N_CODES
        pop = list(ids).pop
        drawn = [pop(pick() % n) for n in sizes]
        drawn.sort()
        row = _PASSED_BY[code]
        passing = [row[c] for c in drawn]
        if not all(passing):
            continue  # a card none of whose checks this code passes (111 on card 45) cannot be used
        chosen = [p[pick() % len(p)] for p in passing]
        if reduce(and_, chosen) != 1 << code or not is_valid(chosen) or not _another_single(drawn, code):
            continue
        cards: list[tuple[int, ...]] = [(c,) for c in drawn]
        if in_band(cards, difficulty):
            return cards, [CARD_MASKS[c].index(m) for c, m in zip(drawn, chosen)], code


def _another_single(drawn: list[int], code: int) -> bool:
    """`_another_code` for one card per verifier (`drawn`: the card numbers), on `_PASSED_BY`'s rows."""
    for other in range(N_CODES):
        if other == code:
            continue
        row = _PASSED_BY[other]
        passing = [row[c] for c in drawn]
        if not all(passing):
            continue
        bit = 1 << other
        for chosen in product(*passing):
            if reduce(and_, chosen) == bit and is_valid(chosen):
                return True
    return False


def _another_code(cards: list[tuple[int, ...]], code: int) -> bool:
    """Whether a valid puzzle on these cards has another code: otherwise the cards alone give the
    code away (the rules page's example is such a riddle) and there is nothing to ask."""
    masks = [verifier_masks(v) for v in cards]
    passing = [verifier_passing(v) for v in cards]
    return any(_has_puzzle(masks, passing, other) for other in range(N_CODES) if other != code)


# ----- deduction from answers ------------------------------------------------

#: (cards, shuffled, answers, not_codes) -> the puzzles still possible
_known: dict[tuple, tuple] = {}

#: A puzzle as a seat may imagine it: (each card's check index, the code, which card each verifier
#: letter tests). The last is the identity except in nightmare mode, where it is hidden too.
Puzzle = tuple[tuple[int, ...], int, tuple[int, ...]]


def _roots(cards: tuple[tuple[int, ...], ...], shuffled: bool) -> tuple[Puzzle, ...]:
    letters = range(len(cards))
    perms = list(permutations(letters)) if shuffled else [tuple(letters)]
    return tuple((checks, code, perm) for checks, code in card_assignments(cards) for perm in perms)


def consistent(cards: tuple[tuple[int, ...], ...], answers: tuple[tuple[int, int, bool], ...],
               not_codes: tuple[int, ...] = (), shuffled: bool = False) -> tuple[Puzzle, ...]:
    """The puzzles on `cards` that agree with every (proposal, verifier letter, answer) and
    whose code is none of `not_codes` (wrong guesses made public); `shuffled`: nightmare mode,
    where which card each verifier letter tests is unknown too."""
    key = (cards, shuffled, answers, not_codes)
    found = _known.get(key)
    if found is None:
        if answers:
            q, v, yes = answers[-1]
            parent = consistent(cards, answers[:-1], not_codes, shuffled)
            masks = [verifier_masks(c) for c in cards]
            found = tuple(a for a in parent if (masks[a[2][v]][a[0][a[2][v]]] >> q & 1) == yes)
        elif not_codes:
            found = tuple(a for a in _roots(cards, shuffled) if a[1] not in not_codes)
        else:
            found = _roots(cards, shuffled)
        if len(_known) > 20000:
            _known.clear()
        _known[key] = found
    return found


def codes_of(puzzles) -> list[int]:
    return sorted({a[1] for a in puzzles})


def answer_entropy(cards: tuple[tuple[int, ...], ...], puzzles, proposal: int, verifier: int) -> float:
    """The information (bits) that asking `verifier` about `proposal` is expected to give
    about the puzzle, over the puzzles still possible, each counted once."""
    if not puzzles:
        return 0.0
    masks = [verifier_masks(c) for c in cards]
    yes = 0
    for checks, _, perm in puzzles:
        card = perm[verifier]
        yes += masks[card][checks[card]] >> proposal & 1
    p = yes / len(puzzles)
    return 0.0 if p in (0.0, 1.0) else -(p * log2(p) + (1 - p) * log2(1 - p))


def code_spread(puzzles) -> float:
    """log2 of the number of codes still possible (0 when the code is known)."""
    n = len({a[1] for a in puzzles})
    return log2(n) if n > 1 else 0.0


def best_proposal(cards: tuple[tuple[int, ...], ...], puzzles) -> int:
    """The proposal whose best question is expected to tell the most (ties: the smallest code)."""
    best, best_value = 0, -1.0
    for q in range(N_CODES):
        value = max(answer_entropy(cards, puzzles, q, v) for v in range(len(cards)))
        if value > best_value + 1e-12:
            best, best_value = q, value
    return best
