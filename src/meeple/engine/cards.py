"""The shared core of trick-taking card games: cards as small ints, dealing, the known voids,
consistent re-deals, and a hand of tricks in positions and views (what the games' rules share
beyond that is engine/tricks.py).

A card is one int, `suit << 4 | rank`, so suit and rank are one shift or mask
away and a hand is a plain list of ints (fast to copy in playouts). Ranks run
0 to 15 inside a suit and a higher rank beats a lower one; a game may put its
special cards (Wizards, a Joker) in suits of their own and handle them itself.
Nothing here knows any particular game: names, decks and special cards belong
to the games, which pass what differs: a `suit_fn` where a card's suit can
differ from its printed one (a Joker taking the turn-up's suit), the suits that
may always be played (a bit mask, `free`), and how a trick's led suit is found
(`led_of`). Following suit and winning a trick are each game's own hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

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


REJECTION_TRIES = 8


def deal_consistent(pool: Sequence[int], sizes: Sequence[int], void_masks: Sequence[int], rng: Rng,
                    suit_fn: Callable[[int], int] = suit_of) -> list[list[int]]:
    """Share `pool` out into hands of `sizes` at random, so that no hand gets a suit its void mask forbids.

    This is how a search bot resamples the cards it has not seen: a seat that
    failed to follow a suit is known to hold none of it. A few plain shuffles
    are tried first; failing those, each card is matched to a place in a hand
    its holder may have, by augmenting paths (moving a card from hand to hand),
    so a consistent deal is always found when one exists. Raises ValueError
    when none does.
    """
    if sum(sizes) != len(pool):
        raise ValueError("the hand sizes do not add up to the cards to share out")
    # Fast path, tried a few times: a plain shuffle accepted only when it already fits
    # (uniform over the fitting deals, and usually the first try: voids are rare).
    for _ in range(REJECTION_TRIES):
        cards = list(pool)
        rng.shuffle(cards)
        hands: list[list[int]] = []
        start = 0
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
    shared: list[list[int]] = [[] for _ in sizes]
    for j, i in enumerate(owner):
        shared[slots[j]].append(cards[i])
    return [sorted(h) for h in shared]



def reshare(piles: Sequence[Sequence[int]], void_masks: Sequence[int], rng: Rng,
            suit_fn: Callable[[int], int] = suit_of) -> list[list[int]]:
    """The cards of `piles` (hands a seat has not seen, a stock) shared out afresh into piles of the
    same sizes, each pile keeping clear of the suits its void mask forbids: `deal_consistent` for
    the piles a determinization resamples.

    The cards are sorted first, so that the new deal depends on which cards are unseen and never on
    where they really lie: two worlds a seat cannot tell apart resample alike under one seed.
    """
    return deal_consistent(sorted(c for pile in piles for c in pile), [len(pile) for pile in piles], void_masks,
                           rng, suit_fn)


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


class TrickState:
    """The part of a trick-taking game's state that plays a hand of tricks; game states subclass it.

    `hands[s]` holds seat s's cards (one list a seat, so the number of seats is
    `len(hands)`), `trick` the cards of the trick in play in order from `leader`,
    `led` the suit its later cards must follow (NO_SUIT before the lead; a game
    may use other negative marks), `done` this hand's finished tricks as
    (leader, cards), `tricks[s]` the tricks seat s has taken, and `voids[s]` a
    bit mask of the suits seat s has shown it lacks. The game lays cards and takes
    tricks itself (in its `apply`, where playouts spend their time).
    """

    __slots__ = ("hands", "tricks", "trick", "leader", "led", "done", "voids")

    hands: list[list[int]]
    tricks: list[int]
    trick: list[int]
    leader: int
    led: int
    done: list[tuple[int, tuple[int, ...]]]
    voids: list[int]

    def start_hand(self, hands: list[list[int]], leader: int) -> None:
        """A new hand dealt: no tricks played, none taken, nothing known of anyone's voids."""
        n = len(hands)
        self.hands = hands
        self.tricks = [0] * n
        self.trick, self.done, self.voids = [], [], [0] * n
        self.leader = leader
        self.led = NO_SUIT

    def in_trick(self, seat: int) -> int:
        """How many cards of the trick in play `seat` has played."""
        n = len(self.hands)
        return sum(1 for i in range(len(self.trick)) if (self.leader + i) % n == seat)

    # ----- positions and views ----------------------------------------------------

    def derive_voids(self, led_of: Callable[[Sequence[int]], int], suit_fn: Callable[[int], int] = suit_of,
                     free: int = 0) -> None:
        """Work out what a position does not store, from its tricks: the led suit and the known voids.

        `led_of(cards)` is the suit a trick's cards had to follow (negative: none).
        """
        n = len(self.hands)
        self.led = led_of(self.trick) if self.trick else NO_SUIT
        self.voids = [0] * n
        for lead, cards in self.done + [(self.leader, tuple(self.trick))]:
            follow = led_of(cards) if cards else NO_SUIT
            if follow < 0:
                continue
            for i, c in enumerate(cards):
                s = suit_fn(c)
                if s != follow and not free >> s & 1:
                    self.voids[(lead + i) % n] |= 1 << follow

    def tricks_view(self, code: Callable[[int], str], led: Any) -> dict:
        """What everyone sees of the tricks (`led`: the led suit as the view words it)."""
        n = len(self.hands)

        def shown(leader: int, cards: Sequence[int]) -> list[dict]:
            return [{"seat": (leader + i) % n, "card": code(c)} for i, c in enumerate(cards)]

        return {
            "tricks": list(self.tricks),
            "leader": self.leader,
            "trick": shown(self.leader, self.trick),
            "led": led,
            "last_trick": shown(*self.done[-1]) if self.done else None,
            "last_trick_winner": self.leader if self.done else None,  # the winner leads the next trick
        }


def trick_lines(view: dict) -> list[str]:
    """The trick in play (or else the last one) of a `tricks_view`, as text lines."""
    if view["trick"]:
        return ["Trick: " + ", ".join(f"seat {p['seat'] + 1} {p['card']}" for p in view["trick"])]
    if view["last_trick"]:
        return ["Last trick: " + ", ".join(f"seat {p['seat'] + 1} {p['card']}" for p in view["last_trick"])]
    return []


def bid_records(rounds: Iterable[tuple[Sequence[int], Sequence[int]]]) -> list[tuple[int, int, int]]:
    """`Game.bid_record` from each finished round's (bids, tricks taken): (seat, bid, tricks) a seat a round."""
    return [(seat, bids[seat], taken[seat]) for bids, taken in rounds for seat in range(len(bids))]


def find_suit(text: str, suits: Sequence[str], letters: str) -> int:
    """The suit named by `text`: its name, the name without its last letter, or its letter; -1 when none."""
    key = str(text).strip().lower()
    for i, suit in enumerate(suits):
        if key in (suit, suit[:-1], letters[i].lower()):
            return i
    return -1
