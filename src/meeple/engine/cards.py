"""The shared core of card games: cards as small ints, dealing, following suit, trick winners.

A card is one int, `suit << 4 | rank`, so suit and rank are one shift or mask
away and a hand is a plain list of ints (fast to copy in playouts). Ranks run
0 to 15 inside a suit and a higher rank beats a lower one; a game may put its
special cards (Wizards, a Joker) in suits of their own and handle them itself.
Nothing here knows any particular game: names, decks and special cards belong
to the games, which pass a `suit_of` function where a card's suit can differ
from its printed one (Ninety-Nine's Joker takes the turn-up's suit).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .rng import Rng

NO_SUIT = -1


def card(suit: int, rank: int) -> int:
    return suit << 4 | rank


def suit_of(c: int) -> int:
    return c >> 4


def rank_of(c: int) -> int:
    return c & 15


def deal(deck: Sequence[int], sizes: Sequence[int], rng: Rng) -> tuple[list[list[int]], list[int]]:
    """Shuffle a copy of `deck` and deal hands of the given sizes; returns (hands, the rest, top first)."""
    cards = list(deck)
    rng.shuffle(cards)
    hands, at = [], 0
    for size in sizes:
        hands.append(sorted(cards[at:at + size]))
        at += size
    return hands, cards[at:]


def playable(hand: Sequence[int], led_suit: int, suit_fn: Callable[[int], int] = suit_of,
             free_suits: Iterable[int] = ()) -> list[int]:
    """The cards of `hand` that may be played to a trick whose led suit is `led_suit`.

    Follow suit if you can; with no card of the led suit (or no led suit yet)
    anything goes. Cards whose suit is in `free_suits` may be played at any time.
    """
    if led_suit == NO_SUIT:
        return list(hand)
    free = tuple(free_suits)
    if suit_fn is suit_of:  # the common case, inlined: playouts call this for every card played
        if not any(c >> 4 == led_suit for c in hand):
            return list(hand)
        return [c for c in hand if c >> 4 == led_suit or c >> 4 in free]
    if not any(suit_fn(c) == led_suit for c in hand):
        return list(hand)
    return [c for c in hand if suit_fn(c) == led_suit or suit_fn(c) in free]


def trick_winner(cards: Sequence[int], led_suit: int, trump: int,
                 suit_fn: Callable[[int], int] = suit_of) -> int:
    """Index in `cards` of the winning card: the highest trump, else the highest card of the led suit.

    Returns -1 when no card is of the trump or the led suit (a game with
    special cards decides such tricks itself).
    """
    best, best_key = -1, -1
    for i, c in enumerate(cards):
        s = suit_fn(c)
        if s == trump and trump != NO_SUIT:
            key = 32 + rank_of(c)
        elif s == led_suit and led_suit != NO_SUIT:
            key = 16 + rank_of(c)
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def suits_mask(suits: Iterable[int]) -> int:
    mask = 0
    for s in suits:
        mask |= 1 << s
    return mask


REJECTION_TRIES = 8


def deal_consistent(pool: Sequence[int], sizes: Sequence[int], void_masks: Sequence[int], rng: Rng,
                    suit_fn: Callable[[int], int] = suit_of) -> list[list[int]]:
    """Share `pool` out into hands of `sizes` at random, so that no hand gets a suit its void mask forbids.

    This is how a search bot resamples the cards it has not seen: a seat that
    failed to follow a suit is known to hold none of it. A few plain shuffles
    are tried first; failing those, cards are dealt at random, then any hand left short is filled by augmenting paths (moving a
    card from hand to hand), so a consistent deal is always found when one
    exists. Raises ValueError when none does.
    """
    if sum(sizes) != len(pool):
        raise ValueError("the hand sizes do not add up to the cards to share out")
    # Fast path, tried a few times: a plain shuffle accepted only when it already fits
    # (uniform over the fitting deals, and usually the first try: voids are rare).
    for _ in range(REJECTION_TRIES):
        cards = list(pool)
        rng.shuffle(cards)
        hands, start = [], 0
        for h, size in enumerate(sizes):
            hand = cards[start:start + size]
            start += size
            mask = void_masks[h]
            if mask and any((mask >> suit_fn(c)) & 1 for c in hand):
                break
            hands.append(sorted(hand))
        else:
            return hands
    cards = list(pool)
    rng.shuffle(cards)
    slots = [h for h, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(slots)
    fits = [[not (void_masks[slots[j]] >> suit_fn(c)) & 1 for j in range(len(slots))] for c in cards]
    owner = [-1] * len(slots)  # card index held by each slot

    def place(i: int, seen: list[bool]) -> bool:
        for j in range(len(slots)):
            if fits[i][j] and not seen[j]:
                seen[j] = True
                if owner[j] < 0 or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(cards)):
        if not place(i, [False] * len(slots)):
            raise ValueError("no deal of the unseen cards fits the suits each seat is known to lack")
    hands: list[list[int]] = [[] for _ in sizes]
    for j, i in enumerate(owner):
        hands[slots[j]].append(cards[i])
    return [sorted(h) for h in hands]


class CardNames:
    """Text codes of one game's cards, e.g. '10H' or 'W2', with a parser that explains mistakes."""

    def __init__(self, codes: dict[int, str], hint: str) -> None:
        self.codes = dict(codes)
        self.by_code = {code.upper(): c for c, code in codes.items()}
        self.hint = hint

    def text(self, c: int) -> str:
        return self.codes[c]

    def parse(self, text: str) -> int:
        """The card with this code; ValueError (with the hint) otherwise."""
        key = str(text).strip().upper()
        if key not in self.by_code:
            raise ValueError(f"'{text}' is not a card. {self.hint}")
        return self.by_code[key]

    def __contains__(self, text: str) -> bool:
        return str(text).strip().upper() in self.by_code
