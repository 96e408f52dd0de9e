"""Wizard's cards and round schedules.

60 cards: four suits (dwarves, elves, giants, humans) numbered 1 to 13, four
Wizards and four Jesters. Cards are ints from `meeple.engine.cards`: suit << 4 |
rank, with the Wizards in suit 4 and the Jesters in suit 5 (ranks 0 to 3 tell
the four copies apart, which keeps every card distinct in positions and tests).
Text codes: rank then suit letter ('13G', '1E'), 'W1'-'W4' and 'J1'-'J4'.
"""

from __future__ import annotations

from functools import cache

from meeple.engine.cards import CardNames, card, find_suit, suit_of

SUITS = ("dwarves", "elves", "giants", "humans")
SUIT_LETTERS = "DEGH"
WIZARD_SUIT, JESTER_SUIT = 4, 5
WIZARDS = tuple(card(WIZARD_SUIT, i) for i in range(4))
JESTERS = tuple(card(JESTER_SUIT, i) for i in range(4))
DECK = tuple(card(s, r) for s in range(4) for r in range(1, 14)) + WIZARDS + JESTERS
DECK_SIZE = len(DECK)  # 60


def code(c: int) -> str:
    s = suit_of(c)
    if s == WIZARD_SUIT:
        return f"W{(c & 15) + 1}"
    if s == JESTER_SUIT:
        return f"J{(c & 15) + 1}"
    return f"{c & 15}{SUIT_LETTERS[s]}"


def name(c: int) -> str:
    """A card in words: 'Wizard', 'Jester', '7 of giants'."""
    s = suit_of(c)
    if s == WIZARD_SUIT:
        return "Wizard"
    if s == JESTER_SUIT:
        return "Jester"
    return f"{c & 15} of {SUITS[s]}"


def the_card(c: int) -> str:
    """A card as a sentence names it: 'a Wizard', 'a Jester', 'the 7 of giants' (never its code)."""
    s = suit_of(c)
    return f"a {name(c)}" if s >= WIZARD_SUIT else f"the {name(c)}"


NAMES = CardNames({c: code(c) for c in DECK},
                  "Cards are written rank then suit letter (D dwarves, E elves, G giants, H humans), "
                  "e.g. 13G or 7E; Wizards W1-W4, Jesters J1-J4.")


def parse_suit(text: str) -> int:
    """A suit by name or letter; ValueError otherwise."""
    suit = find_suit(text, SUITS, SUIT_LETTERS)
    if suit < 0:
        raise ValueError(f"'{text}' is not a suit: choose dwarves, elves, giants or humans (D, E, G, H).")
    return suit


# ----- how many cards each round deals ----------------------------------------

LENGTHS = ("full", "five", "amigo")

# Amigo tournament schedules (10 rounds), as the rules page describes them.
AMIGO = {
    3: (2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
    4: (1, 3, 5, 7, 9, 11, 12, 13, 14, 15),
    5: (2, 4, 5, 6, 7, 8, 9, 10, 11, 12),
}


@cache  # asked at every setup, and playouts set up thousands of games
def schedule(n_players: int, length: str) -> tuple[int, ...]:
    """Cards dealt to each player in each round of the game."""
    if length == "five":
        return (1, 2, 3, 4, 5)
    if length == "amigo":
        return AMIGO[n_players]
    return tuple(range(1, DECK_SIZE // n_players + 1))
