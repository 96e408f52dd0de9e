"""Draft & Write Records' moves and their notation.

A week's pick is one move: the card from the hand (counted from 1) and where it goes, or a
Fail. Places are named as on the sheet: crew slots m1-m4, p1-p3, b1-b4; agenda spaces g1-g9;
asset spaces a1-a10; "x2" uses a multiplier on a crew.

Text                 JSON
  "play 2 m3"        {"play": 1, "place": 2, "mult": false}
  "play 2 m3 x2"     {"play": 1, "place": 2, "mult": true}
  "play 1 g5"        {"play": 0, "place": 16, "mult": false}
  "fail 3"           {"fail": 2}
  "keep 1"           {"keep": 0}        (setup: the private goal kept)
  "claim 2"          {"claim": 1}       (a public goal, or the solo row's, counted from 1)
  "claim private"    {"claim": 4}
  "pass"             {"pass": true}
  "draw"             {"draw": true}     (solo: option B, a third card)
  "singer red"       {"singer": "red"}  (setup: the lead singer's colour: red, blue, green or gold)
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import NotationError, move_kind

from .components import COLOURS, N_PLACES, PLACE_NAMES, PLACE_OF_NAME

HAND = 5
GOAL_SLOTS = 4
PRIVATE = 4  # Claim(PRIVATE): the seat's private goal


@move_kind
class Play(NamedTuple):
    card: int   # position in the hand, from 0
    place: int  # global sheet place (components.PLACE_*)
    mult: int   # 1: a multiplier doubles this crew


@move_kind
class Fail(NamedTuple):
    card: int


@move_kind
class Keep(NamedTuple):
    goal: int  # 0 or 1: which of the two private goals dealt


@move_kind
class Singer(NamedTuple):
    colour: int  # index into COLOURS: the lead singer chosen at setup


@move_kind
class Claim(NamedTuple):
    slot: int  # 0..3 a goal of the row, 4 the private goal


@move_kind
class Pass(NamedTuple):
    pass


@move_kind
class Draw(NamedTuple):
    pass


# Interned: legal_moves hands out these objects (fast playouts, no new objects).
PLAYS = tuple(tuple(tuple(Play(c, p, m) for m in (0, 1)) for p in range(N_PLACES)) for c in range(HAND))
FAILS = tuple(Fail(c) for c in range(HAND))
KEEPS = (Keep(0), Keep(1))
SINGERS = tuple(Singer(c) for c in range(len(COLOURS)))
CLAIMS = tuple(Claim(s) for s in range(GOAL_SLOTS + 1))
PASS = Pass()
DRAW = Draw()


def _int(data, key, upper, what):
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < upper:
        raise NotationError(f'"{key}" needs {what} from 0 to {upper - 1}.')
    return value


def to_json(move) -> dict:
    cls = move.__class__
    if cls is Play:
        return {"play": move.card, "place": move.place, "mult": bool(move.mult)}
    if cls is Fail:
        return {"fail": move.card}
    if cls is Keep:
        return {"keep": move.goal}
    if cls is Singer:
        return {"singer": COLOURS[move.colour]}
    if cls is Claim:
        return {"claim": move.slot}
    if cls is Pass:
        return {"pass": True}
    if cls is Draw:
        return {"draw": True}
    raise NotationError(f"Not a Draft & Write Records move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict):
        raise NotationError('A Draft & Write Records move is an object such as {"play": 0, "place": 3, '
                            '"mult": false} or {"fail": 2}.')
    keys = set(data)
    if "play" in keys and keys <= {"play", "place", "mult"} and "place" in keys:
        mult = data.get("mult", False)
        if not isinstance(mult, bool):
            raise NotationError('"mult" is true or false.')
        return PLAYS[_int(data, "play", HAND, "a card of the hand")][_int(data, "place", N_PLACES,
                                                                            "a sheet place")][int(mult)]
    if keys == {"fail"}:
        return FAILS[_int(data, "fail", HAND, "a card of the hand")]
    if keys == {"keep"}:
        return KEEPS[_int(data, "keep", 2, "a private goal")]
    if keys == {"singer"}:
        if data["singer"] not in COLOURS:
            raise NotationError(f'"singer" is one of {", ".join(COLOURS)}.')
        return SINGERS[COLOURS.index(data["singer"])]
    if keys == {"claim"}:
        return CLAIMS[_int(data, "claim", GOAL_SLOTS + 1, "a goal slot (4: the private goal)")]
    if keys == {"pass"} and data["pass"] is True:
        return PASS
    if keys == {"draw"} and data["draw"] is True:
        return DRAW
    raise NotationError(f"Unknown Draft & Write Records move {data!r}: use play+place(+mult), fail, keep, "
                        "singer, claim, pass or draw.")


def to_text(move) -> str:
    cls = move.__class__
    if cls is Play:
        return f"play {move.card + 1} {PLACE_NAMES[move.place]}" + (" x2" if move.mult else "")
    if cls is Fail:
        return f"fail {move.card + 1}"
    if cls is Keep:
        return f"keep {move.goal + 1}"
    if cls is Singer:
        return f"singer {COLOURS[move.colour]}"
    if cls is Claim:
        return "claim private" if move.slot == PRIVATE else f"claim {move.slot + 1}"
    if cls is Pass:
        return "pass"
    if cls is Draw:
        return "draw"
    raise NotationError(f"Not a Draft & Write Records move: {move!r}.")


def _number(word: str, upper: int, what: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= upper:
        raise NotationError(f"{what} is a number from 1 to {upper}, not {word!r}.")
    return int(word) - 1


def parse(text: str):
    if not isinstance(text, str):
        raise NotationError("A move is text such as 'play 2 m3', 'fail 1', 'claim 2' or 'pass'.")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("Empty move: try 'play 2 m3', 'fail 1', 'claim 2' or 'pass'.")
    head, rest = words[0], words[1:]
    if head == "play" and len(rest) in (2, 3):
        card = _number(rest[0], HAND, "The card")
        if rest[1] not in PLACE_OF_NAME:
            raise NotationError(f"Unknown place {rest[1]!r}: crew m1-m4, p1-p3, b1-b4; agenda g1-g9; "
                                "assets a1-a10.")
        if len(rest) == 3 and rest[2] != "x2":
            raise NotationError("Only 'x2' (a multiplier) may follow the place.")
        return PLAYS[card][PLACE_OF_NAME[rest[1]]][len(rest) == 3]
    if head == "fail" and len(rest) == 1:
        return FAILS[_number(rest[0], HAND, "The card")]
    if head == "keep" and len(rest) == 1:
        return KEEPS[_number(rest[0], 2, "The private goal")]
    if head == "singer" and len(rest) == 1:
        if rest[0] not in COLOURS:
            raise NotationError(f"The lead singer is {', '.join(COLOURS)}, not {rest[0]!r}.")
        return SINGERS[COLOURS.index(rest[0])]
    if head == "claim" and len(rest) == 1:
        if rest[0] == "private":
            return CLAIMS[PRIVATE]
        return CLAIMS[_number(rest[0], GOAL_SLOTS, "The goal")]
    if words == ["pass"]:
        return PASS
    if words == ["draw"]:
        return DRAW
    raise NotationError(f"Cannot read {text!r}: try 'play 2 m3', 'play 1 g5', 'fail 1', 'keep 1', 'claim 2', "
                        "'claim private', 'pass', 'draw' or 'singer red'.")
