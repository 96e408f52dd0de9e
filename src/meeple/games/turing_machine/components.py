"""Turing Machine's components: codes, checks and the 48 criteria cards.

A code is three digits 1 to 5, blue, yellow and purple, numbered 0..124 as
(blue-1)*25 + (yellow-1)*5 + (purple-1). A check is one statement about a code
(blue is even, there are two 4s, ...); each check is also kept as a bitmask of
the 125 codes it accepts, which is what the generator, the solver and the
verifiers actually use. The cards are public facts of the published game
(docs/games/turing-machine.md gives the sources and how they were compared).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

COLOURS = ("blue", "yellow", "purple")
DIGITS = (1, 2, 3, 4, 5)
N_CODES = 125
LETTERS = "ABCDEF"


def code_of(b: int, y: int, p: int) -> int:
    return (b - 1) * 25 + (y - 1) * 5 + (p - 1)


def digits_of(code: int) -> tuple[int, int, int]:
    return code // 25 + 1, code // 5 % 5 + 1, code % 5 + 1


def code_text(code: int) -> str:
    return "".join(map(str, digits_of(code)))


ALL_CODES = tuple(digits_of(c) for c in range(N_CODES))
FULL_MASK = (1 << N_CODES) - 1

Pred = Callable[[tuple[int, int, int]], bool]
_CMP: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b, "=": lambda a, b: a == b, ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}

#: check key -> (words, predicate); filled below, then turned into masks.
CHECKS: dict[str, tuple[str, Pred]] = {}


def _add(key: str, text: str, pred: Pred) -> str:
    CHECKS.setdefault(key, (text, pred))
    return key


def colour_vs(i: int, op: str, n: int) -> str:
    return _add(f"{COLOURS[i]}{op}{n}", f"{COLOURS[i]} {op} {n}", lambda c: _CMP[op](c[i], n))


def colour_parity(i: int, even: bool) -> str:
    word = "even" if even else "odd"
    return _add(f"{COLOURS[i]}_{word}", f"{COLOURS[i]} is {word}", lambda c: (c[i] % 2 == 0) == even)


def count_of(digit: int, k: int) -> str:
    plural = "" if k == 1 else "s"
    return _add(f"{k}x{digit}", f"{['no', 'one', 'two', 'three'][k]} {digit}{plural}",
                lambda c: c.count(digit) == k)


def pair_vs(i: int, op: str, j: int) -> str:
    return _add(f"{COLOURS[i]}{op}{COLOURS[j]}", f"{COLOURS[i]} {op} {COLOURS[j]}",
                lambda c: _CMP[op](c[i], c[j]))


def extreme(i: int, smallest: bool, strict: bool) -> str:
    others = [j for j in range(3) if j != i]
    cmp = _CMP[("<" if smallest else ">") + ("" if strict else "=")]
    word = "smallest" if smallest else "largest"
    key = f"{COLOURS[i]}_{word}" + ("" if strict else "_or_tied")
    text = f"{COLOURS[i]} is the {word}" + ("" if strict else " (or tied)")
    return _add(key, text, lambda c: all(cmp(c[i], c[j]) for j in others))


def evens(k: int) -> str:
    return _add(f"{k}_even", f"{['no', 'one', 'two', 'three'][k]} even digit{'' if k == 1 else 's'}",
                lambda c: sum(d % 2 == 0 for d in c) == k)


def sum_vs(op: str, n: int, pair: tuple[int, ...] = (0, 1, 2)) -> str:
    name = "+".join(COLOURS[i] for i in pair) if len(pair) < 3 else "sum"
    return _add(f"{name}{op}{n}", f"{name} {op} {n}", lambda c: _CMP[op](sum(c[i] for i in pair), n))


def sum_multiple(m: int) -> str:
    return _add(f"sum%{m}", f"sum is a multiple of {m}", lambda c: sum(c) % m == 0)


def _ups(c) -> tuple[bool, bool]:
    return c[1] == c[0] + 1, c[2] == c[1] + 1


def _downs(c) -> tuple[bool, bool]:
    return c[1] == c[0] - 1, c[2] == c[1] - 1


def _run(c) -> int:
    """Length of the longest run of consecutive digits, up or down (0 when there is none)."""
    if all(_ups(c)) or all(_downs(c)):
        return 3
    return 2 if any(_ups(c)) or any(_downs(c)) else 0


_add("sum_even", "sum is even", lambda c: sum(c) % 2 == 0)
_add("sum_odd", "sum is odd", lambda c: sum(c) % 2 == 1)
_add("more_even", "more even than odd digits", lambda c: sum(d % 2 == 0 for d in c) >= 2)
_add("more_odd", "more odd than even digits", lambda c: sum(d % 2 == 0 for d in c) <= 1)
_add("triple", "a digit three times", lambda c: len(set(c)) == 1)
_add("pair", "a digit exactly twice", lambda c: len(set(c)) == 2)
_add("no_repeat", "no digit repeated", lambda c: len(set(c)) == 3)
_add("no_pair", "no digit exactly twice", lambda c: len(set(c)) != 2)
_add("ascending", "blue < yellow < purple", lambda c: c[0] < c[1] < c[2])
_add("descending", "blue > yellow > purple", lambda c: c[0] > c[1] > c[2])
_add("no_order", "neither ascending nor descending", lambda c: not (c[0] < c[1] < c[2] or c[0] > c[1] > c[2]))
_add("up3", "three digits in a row going up (e.g. 345)", lambda c: all(_ups(c)))
_add("up2", "exactly two digits in a row going up", lambda c: sum(_ups(c)) == 1)
_add("up0", "no two digits in a row going up", lambda c: not any(_ups(c)))
_add("run0", "no consecutive digits, up or down", lambda c: _run(c) == 0)
_add("run2", "two consecutive digits, up or down", lambda c: _run(c) == 2)
_add("run3", "three consecutive digits, up or down", lambda c: _run(c) == 3)

B, Y, P = 0, 1, 2
_each = (B, Y, P)

#: card number -> its checks, in the order printed on the card.
CARDS: dict[int, tuple[str, ...]] = {
    1: (colour_vs(B, "=", 1), colour_vs(B, ">", 1)),
    2: tuple(colour_vs(B, op, 3) for op in "<=>"),
    3: tuple(colour_vs(Y, op, 3) for op in "<=>"),
    4: tuple(colour_vs(Y, op, 4) for op in "<=>"),
    5: (colour_parity(B, True), colour_parity(B, False)),
    6: (colour_parity(Y, True), colour_parity(Y, False)),
    7: (colour_parity(P, True), colour_parity(P, False)),
    8: tuple(count_of(1, k) for k in range(4)),
    9: tuple(count_of(3, k) for k in range(4)),
    10: tuple(count_of(4, k) for k in range(4)),
    11: tuple(pair_vs(B, op, Y) for op in "<=>"),
    12: tuple(pair_vs(B, op, P) for op in "<=>"),
    13: tuple(pair_vs(Y, op, P) for op in "<=>"),
    14: tuple(extreme(i, True, True) for i in _each),
    15: tuple(extreme(i, False, True) for i in _each),
    16: ("more_even", "more_odd"),
    17: tuple(evens(k) for k in range(4)),
    18: ("sum_even", "sum_odd"),
    19: tuple(sum_vs(op, 6, (B, Y)) for op in "<=>"),
    20: ("triple", "pair", "no_repeat"),
    21: ("no_pair", "pair"),
    22: ("ascending", "descending", "no_order"),
    23: tuple(sum_vs(op, 6) for op in "<=>"),
    24: ("up3", "up2", "up0"),
    25: ("run0", "run2", "run3"),
    26: tuple(colour_vs(i, "<", 3) for i in _each),
    27: tuple(colour_vs(i, "<", 4) for i in _each),
    28: tuple(colour_vs(i, "=", 1) for i in _each),
    29: tuple(colour_vs(i, "=", 3) for i in _each),
    30: tuple(colour_vs(i, "=", 4) for i in _each),
    31: tuple(colour_vs(i, ">", 1) for i in _each),
    32: tuple(colour_vs(i, ">", 3) for i in _each),
    33: tuple(colour_parity(i, even) for i in _each for even in (True, False)),
    34: tuple(extreme(i, True, False) for i in _each),
    35: tuple(extreme(i, False, False) for i in _each),
    36: tuple(sum_multiple(m) for m in (3, 4, 5)),
    37: tuple(sum_vs("=", 4, pair) for pair in ((B, Y), (B, P), (Y, P))),
    38: tuple(sum_vs("=", 6, pair) for pair in ((B, Y), (B, P), (Y, P))),
    39: tuple(colour_vs(i, op, 1) for i in _each for op in "=>"),
    40: tuple(colour_vs(i, op, 3) for i in _each for op in "<=>"),
    41: tuple(colour_vs(i, op, 4) for i in _each for op in "<=>"),
    42: tuple(extreme(i, small, True) for i in _each for small in (True, False)),
    43: tuple(pair_vs(B, op, j) for op in "<=>" for j in (Y, P)),
    44: tuple(pair_vs(Y, op, j) for op in "<=>" for j in (B, P)),
    45: tuple(count_of(d, k) for k in range(3) for d in (1, 3)),
    46: tuple(count_of(d, k) for k in range(3) for d in (3, 4)),
    47: tuple(count_of(d, k) for k in range(3) for d in (1, 4)),
    48: tuple(pair_vs(i, op, j) for i, j in ((B, Y), (B, P), (Y, P)) for op in "<=>"),
}


def mask_of(pred: Pred) -> int:
    return sum(1 << code for code, digits in enumerate(ALL_CODES) if pred(digits))


CHECK_MASKS: dict[str, int] = {key: mask_of(pred) for key, (_, pred) in CHECKS.items()}
CHECK_TEXT: dict[str, str] = {key: text for key, (text, _) in CHECKS.items()}

#: card number -> the masks of its checks, in card order.
CARD_MASKS: dict[int, tuple[int, ...]] = {n: tuple(CHECK_MASKS[k] for k in keys) for n, keys in CARDS.items()}

# A verifier holds one criteria card (classic mode) or two (extreme mode: the puzzle's check is on
# one of them); its checks are those of its cards, in order.
Verifier = tuple[int, ...]


@lru_cache(maxsize=4096)
def verifier_keys(cards: Verifier) -> tuple[str, ...]:
    return tuple(key for card in cards for key in CARDS[card])


@lru_cache(maxsize=4096)
def verifier_masks(cards: Verifier) -> tuple[int, ...]:
    return tuple(CHECK_MASKS[key] for key in verifier_keys(cards))


@lru_cache(maxsize=4096)
def verifier_passing(cards: Verifier) -> tuple[tuple[int, ...], ...]:
    """For each code, the indices of the verifier's checks it passes."""
    masks = verifier_masks(cards)
    return tuple(tuple(i for i, m in enumerate(masks) if m >> code & 1) for code in range(N_CODES))
