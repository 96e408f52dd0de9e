"""Ninety-Nine's moves and their notation.

- `SetAside(card)`: put a card aside as one of your three bid cards (its suit is
  what it bids: Diamonds 0, Spades 1, Hearts 2, Clubs 3). Text "bid 10H" (or
  "b 10H"); JSON {"bid_card": "10H"}.
- `Premium(kind)`: after bidding, in turn from the dealer's left, offer to
  declare (0), reveal (2) or neither. Text "pass", "declare", "reveal";
  JSON {"premium": "none" | "declare" | "reveal"}.
- `Play(card)`: play a card to the trick. Text the card, "AS" (a "play " in
  front is accepted); JSON {"play": "AS"}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, move_kind, moves_of, names, table_of

from .components import DECK_WITH_JOKER, NAMES

KINDS = ("none", "declare", "reveal")


def _card() -> Field:
    return Field(DECK_WITH_JOKER, dump=NAMES.text, load=NAMES.parse, read=NAMES.parse, what="a card such as AS")


@move_kind(key="bid_card", word="bid", aliases=("b",), card=_card())
class SetAside(NamedTuple):
    card: int


@move_kind(key="premium", word="", kind=names(KINDS, show=("pass", "declare", "reveal").__getitem__,
                                              words={"none": 0}))
class Premium(NamedTuple):
    kind: int  # 0 none, 1 declare, 2 reveal


@move_kind(key="play", word="", aliases=("play",), card=_card())
class Play(NamedTuple):
    card: int


SET_ASIDE = table_of(SetAside)
PREMIUM_MOVES = moves_of(Premium)
PASS, DECLARE, REVEAL = PREMIUM_MOVES
PLAYS = table_of(Play)

NOTATION = Notation("Ninety-Nine", Premium, SetAside, Play,
                    hint="Type bid 10H to set a card aside, pass / declare / reveal, or a card such as AS to play it.")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
