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

from meeple.engine import NotationError, move_kind

from .components import COLOURS, LETTERS, code_of


@move_kind
class Punch(NamedTuple):
    colour: int
    digit: int


@move_kind
class Ask(NamedTuple):
    verifier: int


@move_kind
class Done(NamedTuple):
    pass


@move_kind
class Guess(NamedTuple):
    pass


@move_kind
class Pass(NamedTuple):
    pass


# Interned: legal_moves hands out these objects and never builds new ones.
PUNCHES = tuple(tuple(Punch(c, d) for d in range(1, 6)) for c in range(3))
ASKS = tuple(Ask(v) for v in range(len(LETTERS)))
DONE = Done()
GUESS = Guess()
PASS = Pass()

_HINT = ('A Turing Machine move is {"punch": "blue", "digit": 3}, {"ask": "A"}, {"done": true}, '
         '{"guess": true} or {"pass": true}.')


def parse_code(text) -> int:
    s = str(text).strip()
    if len(s) != 3 or any(ch not in "12345" for ch in s):
        raise NotationError(f"'{text}' is not a code: three digits from 1 to 5, blue yellow purple, e.g. 344.")
    return code_of(int(s[0]), int(s[1]), int(s[2]))


def _letter(text) -> int:
    s = str(text).strip().upper()
    if len(s) != 1 or s not in LETTERS:
        raise NotationError(f"'{text}' is not a verifier: a letter from A to F.")
    return LETTERS.index(s)


def to_json(move):
    kind = move.__class__
    if kind is Punch:
        return {"punch": COLOURS[move.colour], "digit": move.digit}
    if kind is Ask:
        return {"ask": LETTERS[move.verifier]}
    if kind is Done:
        return {"done": True}
    if kind is Guess:
        return {"guess": True}
    if kind is Pass:
        return {"pass": True}
    raise NotationError(f"Not a Turing Machine move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict):
        raise NotationError(f"Unknown Turing Machine move {data!r}. {_HINT}")
    if set(data) == {"punch", "digit"} and data["punch"] in COLOURS and data["digit"] in (1, 2, 3, 4, 5) \
            and not isinstance(data["digit"], bool):
        return PUNCHES[COLOURS.index(data["punch"])][data["digit"] - 1]
    if set(data) == {"ask"} and isinstance(data["ask"], str):
        return ASKS[_letter(data["ask"])]
    if data == {"done": True}:
        return DONE
    if data == {"guess": True}:
        return GUESS
    if data == {"pass": True}:
        return PASS
    raise NotationError(f"Unknown Turing Machine move {data!r}. {_HINT}")


def to_text(move) -> str:
    kind = move.__class__
    if kind is Punch:
        return f"{COLOURS[move.colour][0]}{move.digit}"
    if kind is Ask:
        return f"ask {LETTERS[move.verifier]}"
    if kind is Guess:
        return "guess"
    return "done" if kind is Done else "pass"


def parse(text: str):
    words = str(text).strip().lower().split()
    if len(words) == 1 and len(words[0]) == 2 and words[0][0] in "byp" and words[0][1] in "12345":
        return PUNCHES["byp".index(words[0][0])][int(words[0][1]) - 1]
    if words == ["done"]:
        return DONE
    if words == ["pass"]:
        return PASS
    if words == ["guess"]:
        return GUESS
    if len(words) == 2 and words[0] == "ask":
        return ASKS[_letter(words[1])]
    if len(words) == 1 and len(words[0]) == 1 and words[0].upper() in LETTERS:
        return ASKS[LETTERS.index(words[0].upper())]
    raise NotationError(f"Cannot read '{text}'. Type b3 / y4 / p4 to punch the proposal, ask A, done, "
                        "guess or pass.")
