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

from meeple.engine import NotationError, move_kind

from .components import DECK_WITH_JOKER, NAMES

KINDS = ("none", "declare", "reveal")


@move_kind
class SetAside(NamedTuple):
    card: int


@move_kind
class Premium(NamedTuple):
    kind: int  # 0 none, 1 declare, 2 reveal


@move_kind
class Play(NamedTuple):
    card: int


SET_ASIDE = {c: SetAside(c) for c in DECK_WITH_JOKER}
PREMIUM_MOVES = tuple(Premium(k) for k in range(3))
PASS, DECLARE, REVEAL = PREMIUM_MOVES
PLAYS = {c: Play(c) for c in DECK_WITH_JOKER}


def _card(text) -> int:
    try:
        return NAMES.parse(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def to_json(move):
    cls = move.__class__
    if cls is Play:
        return {"play": NAMES.text(move.card)}
    if cls is SetAside:
        return {"bid_card": NAMES.text(move.card)}
    if cls is Premium:
        return {"premium": KINDS[move.kind]}
    raise NotationError(f"Not a Ninety-Nine move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError('A Ninety-Nine move is an object such as {"bid_card": "10H"}, '
                            '{"premium": "declare"} or {"play": "AS"}.')
    (key, value), = data.items()
    if key == "play":
        return PLAYS[_card(value)]
    if key == "bid_card":
        return SET_ASIDE[_card(value)]
    if key == "premium":
        if value not in KINDS:
            raise NotationError('"premium" must be "none", "declare" or "reveal".')
        return PREMIUM_MOVES[KINDS.index(value)]
    raise NotationError(f'Unknown Ninety-Nine move {data!r}: use "bid_card", "premium" or "play".')


def to_text(move) -> str:
    cls = move.__class__
    if cls is Play:
        return NAMES.text(move.card)
    if cls is SetAside:
        return "bid " + NAMES.text(move.card)
    return ("pass", "declare", "reveal")[move.kind]


def parse(text: str):
    words = str(text).strip().lower().split()
    hint = "Type bid 10H to set a card aside, pass / declare / reveal, or a card such as AS to play it."
    if len(words) == 1 and words[0] in ("pass", "none", "declare", "reveal"):
        return PREMIUM_MOVES[{"pass": 0, "none": 0, "declare": 1, "reveal": 2}[words[0]]]
    if len(words) == 2 and words[0] in ("bid", "b"):
        return SET_ASIDE[_card(words[1])]
    if words and words[0] == "play":
        words = words[1:]
    if len(words) == 1 and words[0] in NAMES:
        return PLAYS[NAMES.parse(words[0])]
    raise NotationError(f"Cannot read '{text}'. {hint}")
