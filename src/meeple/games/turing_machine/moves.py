"""Turing Machine's moves and their notation.

A round, for each seat: three punches compose the proposal (blue, then yellow,
then purple), up to three questions to verifiers, then a guess or a pass; a
guess is composed with three punches too.

- `Punch(colour, digit)`: the next digit of the proposal (or of the guess). Text
  "b3", "y4", "p4"; JSON {"punch": "blue", "digit": 3}.
- `Ask(verifier)`: ask verifier A..F about the proposal. Text "ask A" (or "A");
  JSON {"ask": "A"}.
- `Done()`: no more questions this round. Text "done"; JSON {"done": true}.
- `Guess()`: announce a guess; its three digits are punched next. Text "guess";
  JSON {"guess": true}.
- `Pass()`: no guess this round. Text "pass"; JSON {"pass": true}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Notation, NotationError, ints, move_kind, moves_of, names, plain_move, table_of

from .components import COLOURS, LETTERS, code_of


def _letter(text) -> int:
    s = str(text).strip().upper()
    if len(s) != 1 or s not in LETTERS:
        raise ValueError(f"'{text}' is not a verifier: a letter from A to F")
    return LETTERS.index(s)


@move_kind(key="punch", colour=names(COLOURS), digit=ints(1, 5))
class Punch(NamedTuple):
    colour: int
    digit: int


@move_kind(key="ask", aliases=("",), verifier=names(LETTERS, load=_letter, what="a letter from A to F"))
class Ask(NamedTuple):
    verifier: int


Done, DONE = plain_move("Done", key="done")
Guess, GUESS = plain_move("Guess", key="guess")
Pass, PASS = plain_move("Pass", key="pass")


# Interned: legal_moves hands out these objects and never builds new ones.
_PUNCHES = table_of(Punch)
PUNCHES = tuple(tuple(_PUNCHES[c, d] for d in range(1, 6)) for c in range(len(COLOURS)))  # [colour][digit - 1]
ASKS = moves_of(Ask)

NOTATION = Notation("Turing Machine", Punch, Done, Pass, Guess, Ask,
                    hint="Type b3 / y4 / p4 to punch the proposal, ask A, done, guess or pass.")
to_json, from_json = NOTATION.to_json, NOTATION.from_json


def parse_code(text) -> int:
    s = str(text).strip()
    if len(s) != 3 or any(ch not in "12345" for ch in s):
        raise NotationError(f"'{text}' is not a code: three digits from 1 to 5, blue yellow purple, e.g. 344.")
    return code_of(int(s[0]), int(s[1]), int(s[2]))


def to_text(move) -> str:
    if move.__class__ is Punch:  # "b3": the colour's initial and the digit, one word
        return f"{COLOURS[move.colour][0]}{move.digit}"
    return NOTATION.to_text(move)


def parse(text: str):
    """The declared text, but a punch's own: "b3"."""
    words = str(text).strip().lower().split()
    if len(words) == 1 and len(words[0]) == 2 and words[0][0] in "byp" and words[0][1] in "12345":
        return PUNCHES["byp".index(words[0][0])][int(words[0][1]) - 1]
    return NOTATION.read(words, text)
