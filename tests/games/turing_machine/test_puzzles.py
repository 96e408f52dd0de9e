"""Generated puzzles, checked against a brute force that shares nothing with the generator but the
cards' words: every puzzle has exactly one solution and no redundant verifier.

The default budget is light (about 1,500 puzzles, a few seconds); set TURING_PUZZLES=20000 for a
heavier run.
"""

import os
from itertools import product

from meeple.engine import Rng
from meeple.games.turing_machine.components import CARD_MASKS, CHECKS, code_text, verifier_keys
from meeple.games.turing_machine.solver import (
    assignments,
    card_assignments,
    generate,
    in_band,
    is_valid,
    possible_codes,
)

BUDGET = int(os.environ.get("TURING_PUZZLES", "1500"))
CODES = list(product(range(1, 6), repeat=3))


def passing(check_keys):
    """The codes that pass every check, worked out from the checks' own predicates."""
    preds = [CHECKS[key][1] for key in check_keys]
    return [c for c in CODES if all(pred(c) for pred in preds)]


def brute_valid(check_keys) -> bool:
    if len(passing(check_keys)) != 1:
        return False
    return all(len(passing(check_keys[:i] + check_keys[i + 1:])) > 1 for i in range(len(check_keys)))


def test_generated_puzzles_are_unique_and_have_no_redundant_verifier():
    rng = Rng(2026)
    seen = set()
    for i in range(BUDGET):
        k = (4, 4, 5, 5, 6)[i % 5]
        per_verifier = 2 if i % 7 == 3 else 1  # extreme mode now and then
        cards, checks, code = generate(rng, k, per_verifier)
        keys = [verifier_keys(v)[j] for v, j in zip(cards, checks)]
        every = [c for v in cards for c in v]
        assert len(cards) == k and len(every) == len(set(every)) == k * per_verifier
        assert brute_valid(keys), (cards, checks)
        (only,) = passing(keys)
        assert (only[0] - 1) * 25 + (only[1] - 1) * 5 + only[2] - 1 == code
        if i % 10 == 0:  # the cards alone never give the code away: there is something to ask
            assert len({c for _, c in card_assignments(tuple(cards))}) > 1
        seen.add((tuple(cards), tuple(checks)))
    assert len(seen) > BUDGET * 0.95  # the seed draws puzzles, not a few of them again and again


def test_the_solver_finds_exactly_the_valid_puzzles_of_a_card_set():
    rng = Rng(11)
    for _ in range(max(6, BUDGET // 250)):
        cards, _, _ = generate(rng, 4)
        found = set(card_assignments(tuple(cards)))
        every = set()
        for checks in product(*(range(len(verifier_keys(v))) for v in cards)):
            keys = [verifier_keys(v)[j] for v, j in zip(cards, checks)]
            if brute_valid(keys):
                (only,) = passing(keys)
                every.add((checks, (only[0] - 1) * 25 + (only[1] - 1) * 5 + only[2] - 1))
        assert found == every


def test_a_redundant_or_ambiguous_set_is_refused():
    # Cards 1 and 8 and 10 and 9 with "blue = 1, three 1s, ...": three 1s alone pins 111.
    masks = [CARD_MASKS[c] for c in (1, 8, 9, 10)]
    assert all(code != 0 or checks[1] != 3 for checks, code in assignments(masks))


def brute_possible_codes(cards) -> int:
    """Codes some valid puzzle on these verifier cards could have, from the checks' own words."""
    keys = [verifier_keys(v) for v in cards]
    count = 0
    for code in CODES:
        choices = [[k for k in ks if CHECKS[k][1](code)] for ks in keys]
        count += any(brute_valid(list(pick)) for pick in product(*choices))
    return count


def test_difficulty_is_how_many_codes_the_cards_leave_possible():
    # Easy puzzles leave few codes possible before the first question, hard ones many; the bands
    # sit where the solver needs 2.2, 3.6 and 5.1 questions (docs/games/turing-machine.md).
    counts = {}
    for difficulty in ("easy", "standard", "hard"):
        rng = Rng(77)
        counts[difficulty] = []
        for _ in range(8):
            cards, checks, code = generate(rng, 4, 1, difficulty)
            keys = [verifier_keys(v)[i] for v, i in zip(cards, checks)]
            assert brute_valid(keys) and passing(keys)[0] == tuple(int(d) for d in str(code_text(code)))
            count = possible_codes(cards)
            assert count == brute_possible_codes(cards)
            assert in_band(cards, difficulty)
            counts[difficulty].append(count)
    assert max(counts["easy"]) <= 6 < min(counts["standard"])
    assert max(counts["standard"]) <= 14 < min(counts["hard"])
    # "any" draws as before: the same seed gives the same puzzle with or without the option.
    assert generate(Rng(5), 5, 1) == generate(Rng(5), 5, 1, "any")


def straightforward_generate(rng: Rng, verifiers: int, difficulty: str):
    """The generator's loop as the rules state it, one card per verifier: a code, distinct cards drawn
    from the sorted box one at a time, then a check the code passes on each, until the puzzle is valid,
    its cards leave another code possible, and it is as hard as asked."""
    box = sorted(CARD_MASKS)
    while True:
        code = rng.next_u64() % 125
        pool = list(box)
        cards = sorted(pool.pop(rng.next_u64() % len(pool)) for _ in range(verifiers))
        passed = [[i for i, m in enumerate(CARD_MASKS[c]) if m >> code & 1] for c in cards]
        if not all(passed):
            continue
        checks = [p[rng.next_u64() % len(p)] for p in passed]
        masks = [CARD_MASKS[c][i] for c, i in zip(cards, checks)]
        if not is_valid(masks):
            continue
        if any(other != code for _, other in assignments([CARD_MASKS[c] for c in cards])) \
                and in_band([(c,) for c in cards], difficulty):
            return [(c,) for c in cards], checks, code


def test_one_card_per_verifier_draws_what_the_straightforward_loop_draws():
    # The classic and nightmare generator tests masks alone and reads one table row a draw; it must
    # give the same puzzle and leave the generator where the plain loop leaves it (the same games).
    for verifiers in (4, 5, 6):
        for difficulty in ("any", "easy", "hard"):
            for seed in range(12 if difficulty == "any" else 3):
                ours, plain = Rng(seed * 31 + verifiers), Rng(seed * 31 + verifiers)
                puzzle = generate(ours, verifiers, 1, difficulty)
                assert puzzle == straightforward_generate(plain, verifiers, difficulty)
                assert ours.state == plain.state
