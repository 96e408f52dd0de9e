"""What trick-taking games share beyond their cards (engine.cards): `TrickGame`, the parts of the
contract every such game words and stores alike, and the learner features of cards, tricks and bids.

A `TrickGame`'s state is a `TrickState` declared (engine.state) with `opts`, `rng`, `phase` (the last
"over"), `turnup` (-1: none), `trump` (NO_SUIT: none), `totals()` and `history`, a record per scored
hand whose items 2, 3 and 4 are the bids, the tricks taken and the points. The game keeps its own
rules: its bids, what leads and wins a trick, its scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from .cards import CardNames, bid_records, suit_of
from .game import MAX_SEATS, Features, LogEntry, ScoreRow, check_position
from .state import DeclaredGame, PieceSet

# `Game.actor`'s answer for every set of seats `to_move` may give, -1 for none: a game keeping its movers
# as a frozenset looks its lowest seat up (the set keeps its hash) rather than take min() at every move.
LOWEST = {frozenset(s for s in range(MAX_SEATS) if mask >> s & 1): (mask & -mask).bit_length() - 1
          for mask in range(1 << MAX_SEATS)}
# "Seat 2 wins the trick.", by seat, made once (entries are frozen, so one stands in many logs).
WIN_LINES = tuple(LogEntry(f"Seat {s + 1} wins the trick.", s) for s in range(MAX_SEATS))


def play_lines(seats: int, cards: Iterable[int], words: Callable[[int], str]) -> tuple[dict[int, LogEntry], ...]:
    """The log entry of every card played ("Seat 1 plays the 7 of giants."), by seat and card, made
    once: a playout writes one per card."""
    cards = tuple(cards)
    return tuple({c: LogEntry(f"Seat {s + 1} plays {words(c)}.", s) for c in cards} for s in range(seats))


def scores_line(what: str, number: int, points: Sequence[int]) -> str:
    """"Round 3 scores: seat 1 +30, seat 2 -10." (a log line, made lazily)."""
    return f"{what} {number} scores: " + ", ".join(f"seat {s + 1} {p:+d}" for s, p in enumerate(points)) + "."


def record_line(head: str, bids: Sequence[int], tricks: Sequence[int], points: Sequence[int]) -> str:
    """A finished hand in the terminal's table: "  round  2: s1 1/1 +30  s2 0/1 -10"."""
    return head + "  ".join(f"s{s + 1} {b}/{t} {p:+d}" for s, (b, t, p) in enumerate(zip(bids, tricks, points)))


def card_set(names: CardNames, deck: Sequence[int]) -> PieceSet:
    """A deck's cards as pieces of a declared state: each placed once, written by its code."""
    return PieceSet(deck, names.text, names.parse)


class TrickGame(DeclaredGame):
    """The contract's parts that every trick-taking game words and stores alike (see the module)."""

    public_totals = True  # every total is on the table for all to see
    SUITS: ClassVar[tuple[str, ...]]
    code: Callable[[int], str]  # a card's text code ('10H')
    card_words: Callable[[int], str]  # a card as a sentence names it ('the 7 of giants')

    def turn_prompt(self, state, seat: int) -> str:
        """What `seat`, to move in a game not over, is asked to do."""
        raise NotImplementedError

    def suit_or_none(self, suit: int) -> str | None:
        return self.SUITS[suit] if suit >= 0 else None

    # ----- words for players --------------------------------------------------

    def prompt(self, state, seat):
        if state.phase == "over":
            return "The game is over."
        movers = self.to_move(state)
        if seat not in movers:
            return "Waiting for " + ", ".join(f"seat {s + 1}" for s in sorted(movers)) + "."
        return self.turn_prompt(state, seat)

    def explain_card(self, state, seat: int, card: int, follow: str) -> str:
        """Why a card cannot be played: not held, or not following the suit led (`follow`: the rule's words)."""
        if card not in state.hands[seat]:
            return f"You do not hold {self.card_words(card)}."
        return f"You must follow suit: {self.SUITS[state.led]} {follow}"

    # ----- scores ------------------------------------------------------------

    def scores(self, state):
        # The totals without building score rows: the search asks for them after every move it tries.
        return state.totals()

    def bid_record(self, state):
        # Bids and tricks of finished hands are public (shown at the latest when the hand ends).
        return bid_records((rec[2], rec[3]) for rec in state.history)

    @staticmethod
    def in_play_row(label: str, taken: int, said: str | None, shown: bool, unsaid: str,
                    hidden: str) -> tuple[ScoreRow, bool]:
        """The score sheet's row of the hand in play, and whether it hides a bid: `said` is the bid in words
        ("bid 2"), None while it is made (then `unsaid`); `hidden` stands for it where it is not `shown`."""
        if said is None:
            return ScoreRow("current", label, taken, 0, unsaid), False
        detail = said if shown else hidden
        return ScoreRow("current", label, taken, 0, f"{detail}, taken {taken} so far"), not shown

    # ----- positions and views -----------------------------------------------

    @staticmethod
    def loaded_tricks(state, data: dict, leader: int, led_of: Callable[[Sequence[int]], int],
                      suit_fn: Callable[[int], int] = suit_of, free: int = 0) -> None:
        """The tricks of a position just read, checked against each other, and what the state works out
        from them (the led suit, the voids: `TrickState.derive_voids`); `leader` where the JSON names none.
        The hands are sorted, as they are dealt."""
        n = len(state.hands)
        for hand in state.hands:
            hand.sort()
        check_position(all(len(cards) == n for _, cards in state.done), "a done trick has one card per seat.")
        check_position(sum(state.tricks) == len(state.done), "tricks (per seat) must add up to the done tricks.")
        if "leader" not in data:
            state.leader = leader
        state.derive_voids(led_of, suit_fn, free)

    def table_view(self, state, viewer, hand: list[str] | None, led: Any) -> dict:
        """What every trick game's view shows (`hand`: the viewer's cards as they see them; `led`: the suit
        to follow in the view's words)."""
        code = self.code
        return {
            "game": self.id,
            "players": len(state.hands),
            "viewer": viewer,
            "phase": state.phase,
            "to_move": sorted(self.to_move(state)),
            "turnup": code(state.turnup) if state.turnup >= 0 else None,
            "trump": self.suit_or_none(state.trump),
            "hand": hand,
            "hand_sizes": [len(h) for h in state.hands],
            **state.tricks_view(code, led),
            "over": state.phase == "over",
        }

    @staticmethod
    def hand_lines(view: dict) -> list[str]:
        """The viewer's hand in the terminal (nothing for a spectator)."""
        if view["hand"] is None:
            return []
        return ["Your hand: " + (" ".join(view["hand"]) or "(empty)")]


# ----- features for learners ---------------------------------------------------


def cards_hot(codes: Iterable[str] | None, index: dict[str, int]) -> list[float]:
    """One float per card of the deck (`index`: a card's code to its place), 1.0 for each card in
    `codes`; codes that name no card (a blind hand's "?") are passed over."""
    out = [0.0] * len(index)
    for c in codes or ():
        if c in index:
            out[index[c]] = 1.0
    return out


def seats_hot(seats: Iterable[int], where: dict[int, int], n: int) -> list[float]:
    """One float per seat from the viewer's on (`where`: a seat to its place), 1.0 for `seats`."""
    out = [0.0] * n
    for s in seats:
        out[where[s]] = 1.0
    return out


def trick_hot(trick: Iterable[dict], where: dict[int, int], index: dict[str, int]) -> list[float]:
    """The trick in play of a view: a block of cards (`cards_hot`) per seat from the viewer's on."""
    size = len(index)
    out = [0.0] * (len(where) * size)
    for play in trick:
        out[where[play["seat"]] * size + index[play["card"]]] = 1.0
    return out


def bids_hot(bids: Sequence[Any], order: Iterable[int], most: int) -> list[float]:
    """Each seat's bid in a view (from the viewer's on): its share of `most` when shown, then whether
    it is hidden and whether it is still to be made."""
    out = []
    for s in order:
        bid = bids[s]
        known = isinstance(bid, int) and not isinstance(bid, bool)
        out += [Features.scaled(bid, most) if known else 0.0, float(bid == "hidden"), float(bid is None)]
    return out
