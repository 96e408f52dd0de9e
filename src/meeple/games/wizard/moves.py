"""Wizard's moves and their notation.

- `Trump(suit)`: the dealer names trump after turning up a Wizard.
  Text "trump giants" (or "trump g"); JSON {"trump": "giants"}.
- `Bid(n)`: a prediction of n tricks. Text "bid 2" (or "b2"); JSON {"bid": 2}.
- `Play(card)`: play a card to the trick. Text the card's code, "13G", "W1" (a
  "play " in front is accepted); JSON {"play": "13G"}.
- `PLAY_BLIND`: in a Foresight round a player plays the one card they cannot
  see. Text "play"; JSON {"play": "blind"}.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import Field, Notation, ints, move_kind, moves_of, names, table_of

from .components import DECK, NAMES, SUITS, parse_suit

MAX_BID = 20


@move_kind(key="trump", suit=names(SUITS, load=lambda v: parse_suit(str(v)), read=parse_suit))
class Trump(NamedTuple):
    suit: int


@move_kind(key="bid", aliases=("b",), glued=True, tricks=ints(0, MAX_BID))
class Bid(NamedTuple):
    tricks: int


@move_kind(key="play", word="", aliases=("play",),
           card=Field(DECK, dump=NAMES.text, load=NAMES.parse, read=NAMES.parse, what="a card such as 13G"))
class Play(NamedTuple):
    card: int


@move_kind(key="play", const="blind")
class PlayBlind(NamedTuple):
    pass


# Interned moves: legal_moves hands these out, so playouts allocate nothing.
TRUMPS = moves_of(Trump)
BIDS = moves_of(Bid)
PLAYS = table_of(Play)
PLAY_BLIND, = moves_of(PlayBlind)

NOTATION = Notation("Wizard", Play, Bid, Trump, PlayBlind,
                    hint="Type bid 2 (or b2), a card such as 13G or W1, or trump elves.")
to_json, from_json, to_text, parse = NOTATION.to_json, NOTATION.from_json, NOTATION.to_text, NOTATION.parse
