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

from meeple.engine import Field, Notation, ints, move_kind, moves_of, names, plain_move, table_of

from .components import COLOURS, N_PLACES, PLACE_NAMES

HAND = 5
GOAL_SLOTS = 4
PRIVATE = 4  # Claim(PRIVATE): the seat's private goal

_CARD = ints(0, HAND - 1, text_from=1, what=f"a card of the hand: 0 to {HAND - 1} in JSON, 1 to {HAND} in text")


@move_kind(key="play", card=_CARD,
           place=Field(range(N_PLACES), show=PLACE_NAMES.__getitem__,
                       what=f"a sheet place: 0 to {N_PLACES - 1} in JSON; in text crew m1-m4, p1-p3, b1-b4, "
                            "agenda g1-g9, assets a1-a10"),
           mult=Field((0, 1), dump=bool, show=lambda m: "x2" if m else "", default=0, omit=True,
                      what="a multiplier: true or false in JSON, 'x2' after the place in text"))
class Play(NamedTuple):
    card: int   # position in the hand, from 0
    place: int  # global sheet place (components.PLACE_*)
    mult: int   # 1: a multiplier doubles this crew


@move_kind(key="fail", card=_CARD)
class Fail(NamedTuple):
    card: int


@move_kind(key="keep", goal=ints(0, 1, text_from=1, what="a private goal: 0 or 1 in JSON, 1 or 2 in text"))
class Keep(NamedTuple):
    goal: int  # 0 or 1: which of the two private goals dealt


@move_kind(key="singer", colour=names(COLOURS, what="one of " + ", ".join(COLOURS)))
class Singer(NamedTuple):
    colour: int  # index into COLOURS: the lead singer chosen at setup


@move_kind(key="claim", slot=Field(range(GOAL_SLOTS + 1), show=lambda s: "private" if s == PRIVATE else str(s + 1),
                                   what=f"a goal: 0 to {GOAL_SLOTS} in JSON ({PRIVATE}: the private goal); "
                                        f"1 to {GOAL_SLOTS} or private in text"))
class Claim(NamedTuple):
    slot: int  # 0..3 a goal of the row, 4 the private goal


Pass, PASS = plain_move("Pass", key="pass")
Draw, DRAW = plain_move("Draw", key="draw")


# Interned: legal_moves hands out these objects (fast playouts, no new objects).
_PLAYS = table_of(Play)
PLAYS = tuple(tuple(tuple(_PLAYS[c, p, m] for m in (0, 1)) for p in range(N_PLACES)) for c in range(HAND))
FAILS, KEEPS, SINGERS, CLAIMS = moves_of(Fail), moves_of(Keep), moves_of(Singer), moves_of(Claim)

HINT = "Try 'play 2 m3' (or 'play 2 m3 x2'), 'play 1 g5', 'fail 1', 'keep 1', 'claim 2', 'claim private', " \
       "'pass', 'draw' or 'singer red'."
NOTATION = Notation("Draft & Write Records", Play, Fail, Keep, Singer, Claim, Pass, Draw, hint=HINT, separators="")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
