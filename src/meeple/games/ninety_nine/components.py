"""Ninety-Nine's cards.

36 cards, A K Q J 10 9 8 7 6 in four suits, and a Joker for the classic
turn-up rule (37 cards; "Junk the Joker" plays without it). Cards are ints
from `meeple.engine.cards`: suit << 4 | rank, rank 6 to 14 (Ace). The suits are
numbered by what they bid: Diamonds 0, Spades 1, Hearts 2, Clubs 3, so a bid
card's suit is its value. The Joker is suit 4. Text codes: rank then suit,
'AS', '10H' (or 'TH'), '6D'; the Joker is 'JK'.
"""

from __future__ import annotations

from meeple.engine.cards import CardNames, card, find_suit, rank_of, suit_of

SUITS = ("diamonds", "spades", "hearts", "clubs")  # index = tricks bid by a card of the suit
SUIT_LETTERS = "DSHC"
RANK_NAMES = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
NINE = 9
JOKER = card(4, 15)
SUITED = tuple(card(s, r) for s in range(4) for r in range(6, 15))
DECK_WITH_JOKER = SUITED + (JOKER,)
HAND_SIZE = 12
BID_CARDS = 3
TRICKS = HAND_SIZE - BID_CARDS  # 9


def code(c: int) -> str:
    if c == JOKER:
        return "JK"
    return RANK_NAMES[rank_of(c)] + SUIT_LETTERS[suit_of(c)]


def name(c: int) -> str:
    if c == JOKER:
        return "the Joker"
    rank = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(rank_of(c), str(rank_of(c)))
    return f"{rank} of {SUITS[suit_of(c)]}"


_codes = {c: code(c) for c in DECK_WITH_JOKER}
_codes_alt = {c: code(c).replace("10", "T") for c in SUITED if rank_of(c) == 10}
NAMES = CardNames(_codes, "Cards are rank then suit: AS, KH, 10D (or TD), 6C; the Joker is JK.")
NAMES.by_code.update({text: c for c, text in _codes_alt.items()})


def parse_suit(text: str) -> int:
    suit = find_suit(text, SUITS, SUIT_LETTERS)
    if suit < 0:
        raise ValueError(f"'{text}' is not a suit: diamonds, spades, hearts or clubs (D, S, H, C).")
    return suit
