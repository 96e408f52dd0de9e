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

from meeple.engine import NotationError, move_kind

from .components import DECK, NAMES, SUITS, parse_suit

MAX_BID = 20


@move_kind
class Trump(NamedTuple):
    suit: int


@move_kind
class Bid(NamedTuple):
    tricks: int


@move_kind
class Play(NamedTuple):
    card: int


@move_kind
class PlayBlind(NamedTuple):
    pass


# Interned moves: legal_moves hands these out, so playouts allocate nothing.
TRUMPS = tuple(Trump(s) for s in range(4))
BIDS = tuple(Bid(n) for n in range(MAX_BID + 1))
PLAYS = {c: Play(c) for c in DECK}
PLAY_BLIND = PlayBlind()


def to_json(move):
    cls = move.__class__
    if cls is Play:
        return {"play": NAMES.text(move.card)}
    if cls is Bid:
        return {"bid": move.tricks}
    if cls is Trump:
        return {"trump": SUITS[move.suit]}
    if cls is PlayBlind:
        return {"play": "blind"}
    raise NotationError(f"Not a Wizard move: {move!r}.")


def from_json(data):
    if not isinstance(data, dict) or len(data) != 1:
        raise NotationError('A Wizard move is an object such as {"bid": 2}, {"play": "13G"} or {"trump": "elves"}.')
    (key, value), = data.items()
    if key == "bid":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_BID:
            raise NotationError(f'"bid" needs a number of tricks from 0 to {MAX_BID}.')
        return BIDS[value]
    if key == "play":
        if value == "blind":
            return PLAY_BLIND
        try:
            return PLAYS[NAMES.parse(value)]
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if key == "trump":
        try:
            return TRUMPS[parse_suit(value)]
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    raise NotationError(f'Unknown Wizard move {data!r}: use "bid", "play" or "trump".')


def to_text(move) -> str:
    cls = move.__class__
    if cls is Play:
        return NAMES.text(move.card)
    if cls is Bid:
        return f"bid {move.tricks}"
    if cls is Trump:
        return f"trump {SUITS[move.suit]}"
    return "play"


def parse(text: str):
    words = str(text).strip().lower().replace("-", " ").split()
    hint = "Type bid 2 (or b2), a card such as 13G or W1, or trump elves."
    if not words:
        raise NotationError(f"Empty move. {hint}")
    short_bid = len(words) == 1 and words[0][:1] == "b" and words[0][1:].isdigit()  # "b2"
    if words[0] in ("bid", "b") and len(words) == 2 or short_bid:
        number = words[1] if len(words) == 2 else words[0][1:]
        if not number.isdigit() or int(number) > MAX_BID:
            raise NotationError(f"A bid is a number of tricks, 0 to {MAX_BID}: '{text}'.")
        return BIDS[int(number)]
    if words[0] == "trump" and len(words) == 2:
        try:
            return TRUMPS[parse_suit(words[1])]
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    if words[0] == "play":
        words = words[1:]
        if not words:
            return PLAY_BLIND
    if len(words) == 1:
        try:
            return PLAYS[NAMES.parse(words[0])]
        except ValueError:
            pass
    raise NotationError(f"Cannot read '{text}'. {hint}")
