"""Ninety-Nine's state machine: the deal, bidding with three cards, premiums, nine tricks, rounds."""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from typing import Any, ClassVar

from meeple.engine import (
    ALL,
    NOBODY,
    ONE,
    LogEntry,
    Option,
    OptionError,
    Outcome,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
    rank_by_keys,
)
from meeple.engine.cards import NO_SUIT, TrickState, deal, rank_of, reshare, suit_of, trick_lines
from meeple.engine.state import (
    State,
    custom,
    each_seat,
    kept,
    listed,
    named,
    options,
    per_seat,
    piece,
    record,
    rng,
    seat,
    text,
    whole,
)
from meeple.engine.tricks import (
    LOWEST,
    WIN_LINES,
    TrickGame,
    card_set,
    play_lines,
    record_line,
    scores_line,
)
from meeple.engine.unseen import redeal

from . import components
from . import moves as notation
from .components import (
    BID_CARDS,
    DECK_WITH_JOKER,
    HAND_SIZE,
    JOKER,
    NAMES,
    NINE,
    SUITED,
    SUITS,
    TRICKS,
    code,
    name,
    parse_suit,
)
from .moves import DECLARE, KINDS, PASS, PLAYS, PREMIUM_MOVES, REVEAL, SET_ASIDE, Play, Premium, SetAside
from .scoring import MADE_BONUS, PREMIUMS, ROUND_TARGET, hand_detail, hand_points, round_bonus

PLAYERS = 3
PHASES = ("bid", "premium", "play", "over")
TRUMP_RULES = ("turn_up", "junk_the_joker")
SCORING = ("three_rounds_bonus", "three_rounds", "first_to_three", "nine_hands")
ROUNDS_IN_GAME = 3
ROUNDS_TO_WIN = 3
HANDS_IN_GAME = 9
_PLAY_LINES = play_lines(PLAYERS, SUITED, name)  # the Joker's (made lazily) says what it stands for
_ASIDE_LINES = tuple(LogEntry(f"Seat {s + 1} sets a card aside.", s) for s in range(PLAYERS))
# (in the seat's name, not "you": the whole log is shown to everyone once the game is over)
_ASIDE_PRIVATE = tuple(tuple(LogEntry(f"Seat {s + 1}'s card set aside: {name(c)} (bids {c >> 4}).", s, ONE[s])
                             if c in SUITED else None for c in range(JOKER + 1))
                       for s in range(PLAYERS))  # by card; the Joker's bid depends on the turn-up: made lazily
_OVER_LINE = LogEntry("The game is over.")
_BIDS_IN_LINE = LogEntry("All bids are in. Premiums: declare (30) or reveal (60), from the dealer's left.")
_NO_PREMIUM_LINES = tuple(LogEntry(f"No premium. Seat {s + 1} leads.") for s in range(PLAYERS))
_OFFER_LINES = tuple(tuple(LogEntry(f"Seat {s + 1} {word}.", s) for word in ("passes", "offers to declare",
                                                                             "offers to reveal"))
                     for s in range(PLAYERS))
# Moves by card int (a tuple index is cheaper than a dict lookup, and map() over a hand cheaper still).
_PLAY_BY_CARD = tuple(PLAYS.get(c) for c in range(JOKER + 1))
_PLAY_OF = _PLAY_BY_CARD.__getitem__
_ASIDE_OF = tuple(SET_ASIDE.get(c) for c in range(JOKER + 1)).__getitem__
# The seats still setting bid cards aside, by a bit per seat: to_move runs twice a move.
_BIDDING = tuple(frozenset(s for s in range(PLAYERS) if mask >> s & 1) for mask in range(1 << PLAYERS))
_NEXT = tuple(ONE[(s + 1) % PLAYERS] for s in range(PLAYERS))
# Each card's suit and rank as it plays, by the turn-up (the Joker stands for it), made once: a
# playout looks them up for every card instead of asking the state where the Joker is.
_CARDS = range(JOKER + 1)
_NO_JOKER = (tuple(c >> 4 for c in _CARDS), tuple(c & 15 for c in _CARDS))
_SUIT_RANK = {up: (tuple(up >> 4 if c == JOKER else c >> 4 for c in _CARDS),
                   tuple(up & 15 if c == JOKER else c & 15 for c in _CARDS)) for up in SUITED}
_SUIT_RANK[JOKER] = _SUIT_RANK[-1] = (_NO_JOKER[0][:JOKER] + (NO_SUIT,), _NO_JOKER[1])


@cache
def _strengths(turnup: int, trump: int) -> tuple[tuple[int, ...], ...]:
    """Each card's strength in a trick, by the suit led: a trump's rank + 32, a card of the suit led its
    rank + 16, any other 0; the strongest card takes the trick (two cards are never equal)."""
    suits, ranks = _SUIT_RANK[turnup]
    return tuple(tuple(32 + ranks[c] if suits[c] == trump else 16 + ranks[c] if suits[c] == led else 0
                       for c in _CARDS) for led in range(len(SUITS)))


CARDS = card_set(NAMES, DECK_WITH_JOKER)
_HAND_SIZES = (HAND_SIZE,) * PLAYERS


def _hand_json(rec: tuple) -> dict:
    """A finished hand of `history` in the position's JSON (and the view's)."""
    return {"round": rec[0], "trump": SUITS[rec[1]] if rec[1] >= 0 else None, "bids": list(rec[2]),
            "tricks": list(rec[3]), "points": list(rec[4]), "premium": _premium_json(rec[5], rec[6])}


def _premium_json(seat: int, kind: int) -> dict | None:
    return {"seat": seat, "kind": KINDS[kind]} if kind else None


def _hand_read(data: dict, where: str) -> tuple:
    prem = data.get("premium")
    return (data["round"], parse_suit(data["trump"]) if data.get("trump") else NO_SUIT, tuple(data["bids"]),
            tuple(data["tricks"]), tuple(data["points"]), prem["seat"] if prem else -1,
            KINDS.index(prem["kind"]) if prem else 0)


class NinetyNineState(TrickState, State):
    """A Ninety-Nine position; cards are ints (see components), seats 0 to 2.

    The hands and tricks are kept as `TrickState` keeps them. `hand_no` counts
    the hands dealt before this one over the whole game (it fixes the dealer),
    `round_no` is the current round (1-based). `bid_cards[s]`
    holds the cards seat s has set aside. `offers` are the premium offers made
    so far this hand, in turn from the dealer's left (0 none, 1 declare, 2
    reveal). `turnup` is the card turned up under the turn-up rule (-1 when
    junking the Joker); the Joker in a hand stands for it. `history` has one
    record per finished hand: (round, trump, bids, tricks, points, premium seat,
    premium kind); `rounds` one (points, bonus) per finished round. `suits` is
    each card's suit as it plays under this turn-up (the Joker's is the
    turn-up's), `strengths` each card's strength in a trick by the suit led
    (`_strengths`): both set with `turnup` and `trump`, by `set_trump`.
    `movers` is the seats to move (what `to_move` returns), kept up to date by
    every move: playouts ask for it before every move.
    """

    rng: Rng = rng()
    opts: dict = options()
    hand_no: int = whole(0, None, default=0, says="hand_no must be 0 or more.")
    round_no: int = whole(1, None, key="round", default=1, says="round must be 1 or more.")
    phase: str = text(*PHASES, default="bid")
    hands: list[list[int]] = per_seat(listed(CARDS), default=[])
    bid_cards: list[list[int]] = per_seat(listed(CARDS, most=BID_CARDS, says="A seat sets at most 3 cards aside."),
                                          default=[], says="bid_cards must list three piles.")
    turnup: int = piece(CARDS, none=-1, default=-1)
    trump: int = named(SUITS, none=NO_SUIT, parse=parse_suit, default=NO_SUIT)
    offers: list[int] = listed(named(KINDS), most=PLAYERS, factory=list, says="At most three premium offers.")
    tricks: list[int] = per_seat(whole(0, TRICKS), default=0)
    leader: int = seat(default=0)
    trick: list[int] = listed(CARDS, factory=list)
    done: list[tuple[int, tuple[int, ...]]] = listed(record(leader=seat(), cards=listed(CARDS, tuple=True)),
                                                     factory=list)
    history: list = listed(custom(_hand_json, _hand_read), factory=list)
    rounds: list = listed(record(points=listed(whole(), tuple=True), bonus=listed(whole(), tuple=True)), factory=list)
    led: int = kept(NO_SUIT)
    voids: list[int] = kept(make=each_seat(0), copy="slice")
    suits: tuple = kept(make=lambda s: _SUIT_RANK[s.turnup][0])
    movers: frozenset[int] = kept(_BIDDING[7])
    strengths: tuple = kept(make=lambda s: _strengths(s.turnup, s.trump))

    def set_trump(self, turnup: int, trump: int) -> None:
        """The turned-up card (-1: none) and the trump suit, with the tables they make."""
        self.turnup = turnup
        self.trump = trump
        self.suits = _SUIT_RANK[turnup][0]
        self.strengths = _strengths(turnup, trump)

    @property
    def n(self) -> int:
        return PLAYERS

    @property
    def dealer(self) -> int:
        # The first hand is dealt by the last seat, so the first seat leads it.
        return (self.hand_no + PLAYERS - 1) % PLAYERS

    @property
    def hand_dealer(self) -> int:
        """The dealer of the hand the offers, bids and tricks belong to: once the game is over,
        hand_no has already counted the last hand, so `dealer` names the next (unplayed) one."""
        return (self.hand_no - (self.phase == "over") + PLAYERS - 1) % PLAYERS

    @property
    def joker_as(self) -> int:
        """The card the Joker stands for (the turn-up), or -1 when no Joker is in play."""
        return self.turnup if self.turnup >= 0 and self.turnup != JOKER else -1

    def suit(self, c: int) -> int:
        return self.suits[c]

    def bid(self, seat: int) -> int:
        return sum(self.suit(c) for c in self.bid_cards[seat])

    def premium(self) -> tuple[int, int]:
        """(seat, kind) of the winning premium offer so far: a reveal beats a declare, then the earlier offer."""
        best_seat, best = -1, 0
        for i, kind in enumerate(self.offers):
            if kind > best:
                best_seat, best = (self.hand_dealer + 1 + i) % PLAYERS, kind
        return best_seat, best

    def round_points(self) -> list[int]:
        totals = [0] * PLAYERS
        if len(self.rounds) >= self.round_no:  # this round is over and scored
            return totals
        round_no = self.round_no
        for rec in reversed(self.history):  # this round's hands are the last ones
            if rec[0] != round_no:
                break
            points = rec[4]
            totals[0] += points[0]
            totals[1] += points[1]
            totals[2] += points[2]
        return totals

    def rounds_won(self) -> list[int]:
        return rounds_won(self.rounds)

    def totals(self) -> list[int]:
        totals = [0] * PLAYERS
        for rec in self.history:
            for s in range(PLAYERS):
                totals[s] += rec[4][s]
        for _, bonus in self.rounds:
            for s in range(PLAYERS):
                totals[s] += bonus[s]
        return totals


class NinetyNine(TrickGame):
    id = "ninety_nine"
    name = "Ninety-Nine"
    SUITS = SUITS
    code = staticmethod(code)
    card_words = staticmethod(components.name)  # (`name` in here is the game's)
    min_players = 3
    max_players = 3
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    summary = "Bid by setting three cards aside, then take exactly that many of the nine tricks."
    options = (
        Option("trump", "turn_up", "Turned up: 37 cards with a Joker, the last card turned up sets trump "
               "(a nine or the Joker: no trump). Junk the Joker: 36 cards, trump set by how many made "
               "their bid in the hand before", choices=TRUMP_RULES, label="Trump",
               choice_labels=("Turned-up card (with a Joker)", "Junk the Joker (by bids made)")),
        Option("first_trump", "diamonds", "With Junk the Joker only: the trump of each round's first hand",
               choices=("diamonds", "none"), label="First hand's trump",
               choice_labels=("Diamonds", "No trump")),
        Option("scoring", "three_rounds_bonus", "Three rounds, each to 100 points, with 30/20/10 to whoever "
               "reaches 100; or the same without that bonus; or rounds to 100, the first to win three rounds "
               "winning; or nine hands, the highest score winning",
               choices=SCORING, label="Scoring",
               choice_labels=("Three rounds to 100, with bonus", "Three rounds to 100", "First to win three rounds",
                              "Nine hands")),
    )

    # ----- setup -------------------------------------------------------------

    def check_options(self, n_players, options):
        if options["first_trump"] != "diamonds" and options["trump"] != "junk_the_joker":
            raise OptionError("first_trump only applies with trump=junk_the_joker.")

    def new_state(self, n_players, options, rng):
        state = NinetyNineState(rng=rng, opts=dict(options))
        self._deal(state)
        return state

    def _deal(self, state) -> None:
        junk = state.opts["trump"] == "junk_the_joker"
        hands, rest = deal(SUITED if junk else DECK_WITH_JOKER, _HAND_SIZES, state.rng)
        state.start_hand(hands, state.hand_no % PLAYERS)  # the dealer's left leads
        state.bid_cards = [[], [], []]
        state.offers = []
        state.phase = "bid"
        state.movers = _BIDDING[7]
        if junk:
            previous = state.history[-1] if state.history and state.history[-1][0] == state.round_no else None
            if previous is None:
                state.set_trump(-1, 0 if state.opts["first_trump"] == "diamonds" else NO_SUIT)
            else:  # as many seats made their bid as the trump suit bids
                state.set_trump(-1, sum(b == t for b, t in zip(previous[2], previous[3])))
        else:
            up = rest[0]
            state.set_trump(up, NO_SUIT if up == JOKER or up & 15 == NINE else up >> 4)  # rank_of, suit_of

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return state.movers

    def legal_moves(self, state, seat):
        if seat not in state.movers:
            return []
        phase = state.phase
        if phase == "play":  # most moves
            hand = state.hands[seat]
            led = state.led
            if led >= 0:
                suits = state.suits
                follow = []  # a plain loop: cheaper than a comprehension for a hand this small
                for c in hand:
                    if suits[c] == led:
                        follow.append(_PLAY_BY_CARD[c])
                if follow:
                    return follow
            return list(map(_PLAY_OF, hand))
        if phase == "bid":  # anyone with bid cards still to set aside
            return list(map(_ASIDE_OF, state.hands[seat]))
        best = max(state.offers, default=0)
        return [PASS, REVEAL] if best == 1 else [PASS, DECLARE, REVEAL]

    def explain_illegal(self, state, seat, move):
        if state.phase == "over":
            return "The game is over."
        if seat not in self.to_move(state):
            if state.phase == "bid":
                return "You have set your three bid cards aside; wait for the others."
            return "It is not your turn."
        cls = move.__class__
        if state.phase == "bid":
            if cls is not SetAside:
                return "First set three cards aside as your bid (e.g. bid 10H)."
            return f"You do not hold {name(move.card)}."
        if state.phase == "premium":
            if cls is not Premium:
                return "First say whether you declare, reveal or pass."
            return "Only one premium per hand: a declaration has been offered, so you may only reveal or pass."
        if cls is not Play:
            return "Play a card to the trick."
        return self.explain_card(state, seat, move.card, "were led and you hold some.")

    # ----- making moves ------------------------------------------------------

    def actor(self, state):
        return LOWEST[state.movers]

    def _take_trick(self, state, led, log) -> None:
        """The full trick goes to its winner (state.take_trick inlined, once a trick, for `advance` and
        `random_step` alike): the strongest card, looked up in a table made once for the trump and the
        suit led (the highest trump, else the highest card of the suit led). Unrolled for three cards."""
        strength = state.strengths[led]
        c0, c1, c2 = state.trick
        k0, k1, k2 = strength[c0], strength[c1], strength[c2]
        win = (0 if k0 > k2 else 2) if k0 > k1 else (1 if k1 > k2 else 2)
        leader = state.leader
        winner = (leader + win) % PLAYERS
        state.tricks[winner] += 1
        state.done.append((leader, (c0, c1, c2)))
        state.trick = []
        state.led = NO_SUIT
        state.leader = winner
        state.movers = ONE[winner]
        if log is not None:
            log.append(WIN_LINES[winner])
        if not state.hands[winner]:
            self._end_hand(state, log)

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        cls = move.__class__
        if cls is Play:  # most moves: the card goes to the trick, and a full trick is taken, here
            c = move.card
            suits = state.suits
            s = suits[c]
            state.hands[seat].remove(c)
            trick = state.trick
            trick.append(c)
            led = state.led
            if led == NO_SUIT:  # the card led sets the suit
                state.led = led = s
            elif s != led:  # not following shows a void (state.lay, inlined)
                state.voids[seat] |= 1 << led
            if log is not None:
                log.append(_PLAY_LINES[seat][c] if c != JOKER
                           else LogEntry.lazy(_joker_text, (seat, state.joker_as), seat))
            if len(trick) < PLAYERS:
                state.movers = _NEXT[seat]
                return
            self._take_trick(state, led, log)
            return
        if cls is SetAside:
            c = move.card
            state.hands[seat].remove(c)
            mine = state.bid_cards[seat]
            mine.append(c)
            if log is not None:
                private = (_ASIDE_PRIVATE[seat][c]
                           or LogEntry.lazy(_aside_text, (seat, c, state.suit(c)), seat, ONE[seat]))
                log += (_ASIDE_LINES[seat], private)
            if len(mine) == BID_CARDS:
                self._bid_in(state, log)
            return
        self._offer(state, seat, move.kind, log)

    def _offer(self, state, seat: int, kind: int, log) -> None:
        """The seat's premium offer (0 pass, 1 declare, 2 reveal): a reveal, or the last seat's offer, ends
        the offers and play starts; else the next seat offers."""
        state.offers.append(kind)
        if log is not None:
            log.append(_OFFER_LINES[seat][kind])
        if kind == 2 or len(state.offers) == PLAYERS:
            self._start_play(state, log)
        else:
            state.movers = _NEXT[seat]

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the card or offer picked straight from the
        hand or the offers, by the draw `legal_moves` and `advance` would make, with no move object."""
        phase = state.phase
        if phase == "play":
            seat = LOWEST[state.movers]
            hand = state.hands[seat]
            suits = state.suits
            led = state.led
            if led < 0:  # a lead: any card, and its suit is led
                c = hand.pop(draw() % len(hand))
                state.led = suits[c]
                state.trick.append(c)
                state.movers = _NEXT[seat]
                return seat
            # The follow list without building it: a hand is always sorted (dealt sorted, sorted on load,
            # resampled sorted), so the cards of the suit led lie together and the Joker, which follows as
            # the turn-up's suit, comes last of all.
            lo = bisect_left(hand, led << 4)
            hi = bisect_left(hand, (led + 1) << 4, lo)
            n = hi - lo + (hand[-1] == JOKER and suits[JOKER] == led)
            if n:
                i = draw() % n
                c = hand.pop(lo + i if i < hi - lo else -1)
            else:  # not following shows a void
                c = hand.pop(draw() % len(hand))
                state.voids[seat] |= 1 << led
            trick = state.trick
            trick.append(c)
            if len(trick) < PLAYERS:
                state.movers = _NEXT[seat]
                return seat
            self._take_trick(state, led, None)
            return seat
        if phase == "bid":  # the lowest seat still bidding sets a card aside
            seat = LOWEST[state.movers]
            hand = state.hands[seat]
            mine = state.bid_cards[seat]
            mine.append(hand.pop(draw() % len(hand)))
            if len(mine) == BID_CARDS:
                self._bid_in(state, None)
            return seat
        if phase == "premium":  # pass, declare, reveal; only pass or reveal once a declaration is offered
            # (no move object; `1 in offers` is max(offers) == 1, as a reveal ends the offers)
            seat = LOWEST[state.movers]
            self._offer(state, seat, draw() % 2 * 2 if 1 in state.offers else draw() % 3, None)
            return seat
        return -1

    def _bid_in(self, state, log) -> None:
        """A seat's bid is in: the premiums begin once everyone's is (its line added to `log` unless None)."""
        b0, b1, b2 = state.bid_cards
        waiting = (len(b0) < BID_CARDS) | (len(b1) < BID_CARDS) << 1 | (len(b2) < BID_CARDS) << 2
        if waiting:
            state.movers = _BIDDING[waiting]
            return
        state.phase = "premium"
        state.movers = ONE[state.hand_no % PLAYERS]  # the dealer's left: dealer + 1 is hand_no, mod 3
        if log is not None:
            log.append(_BIDS_IN_LINE)

    def _start_play(self, state, log):
        """Play begins once the premiums are settled (its line added to `log` unless None)."""
        state.phase = "play"
        state.movers = ONE[state.leader]
        if log is None:
            return
        seat, kind = state.premium()
        if kind == 0:
            log.append(_NO_PREMIUM_LINES[state.leader])
            return
        shown = tuple(state.hands[seat]) if kind == 2 else ()
        log.append(LogEntry.lazy(_premium_text, (seat, kind, state.bid(seat), tuple(state.bid_cards[seat]), shown),
                                 seat))

    def _end_hand(self, state, log):
        """The hand scored, then the next one dealt or the game over (its lines added to `log` unless None)."""
        suits = state.suits
        b0, b1, b2 = state.bid_cards
        bids = (suits[b0[0]] + suits[b0[1]] + suits[b0[2]], suits[b1[0]] + suits[b1[1]] + suits[b1[2]],
                suits[b2[0]] + suits[b2[1]] + suits[b2[2]])
        pseat, pkind = state.premium()
        points = hand_points(bids, state.tricks, pseat, pkind)
        tricks = tuple(state.tricks)
        state.history.append((state.round_no, state.trump, bids, tricks, tuple(points), pseat, pkind))
        if log is not None:
            log += (LogEntry.lazy(_bids_text, (bids, (tuple(b0), tuple(b1), tuple(b2)), tricks)),
                    LogEntry.lazy(scores_line, ("Hand", len(state.history), tuple(points))))
        state.hand_no += 1
        scoring = state.opts["scoring"]
        if scoring == "nine_hands":
            if len(state.history) >= HANDS_IN_GAME:
                self._finish(state, log)
                return
        else:
            totals = state.round_points()
            if max(totals) >= ROUND_TARGET:
                bonus = round_bonus(totals) if scoring == "three_rounds_bonus" else [0] * PLAYERS
                state.rounds.append((tuple(totals), tuple(bonus)))
                if log is not None:
                    log.append(LogEntry.lazy(_round_text, (state.round_no, tuple(totals), tuple(bonus))))
                if (scoring == "first_to_three" and max(state.rounds_won()) >= ROUNDS_TO_WIN
                        or scoring != "first_to_three" and len(state.rounds) >= ROUNDS_IN_GAME):
                    self._finish(state, log)
                    return
                state.round_no += 1
        self._deal(state)
        if log is not None:
            log.append(LogEntry.lazy(_deal_text, (state.hand_no, state.round_no, state.dealer, state.turnup,
                                                  state.trump)))

    def _finish(self, state, log):
        state.phase = "over"
        state.movers = NOBODY
        if log is not None:
            log.append(_OVER_LINE)


    def reveals(self, state, seat, move):
        cls = move.__class__
        if cls is Play:
            return True
        if cls is Premium:  # the last offer settles the premium and shows its cards
            last = move.kind == 2 or len(state.offers) == PLAYERS - 1
            return last and max(state.offers + [move.kind]) > 0
        return False

    # ----- words for players --------------------------------------------------

    def turn_prompt(self, state, seat):
        if state.phase == "bid":
            left = BID_CARDS - len(state.bid_cards[seat])
            return (f"Set {left} more card{'s' if left != 1 else ''} aside as your bid "
                    "(diamonds 0, spades 1, hearts 2, clubs 3).")
        if state.phase == "premium":
            return (f"You bid {state.bid(seat)}. Declare it (30), reveal your hand too (60), or pass. "
                    "A failed premium is paid to the others.")
        if not state.trick:
            return "Lead a card."
        return f"Play a card: follow {SUITS[state.led]} if you can."

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Play:
            return f"play {name(move.card)}"
        if cls is SetAside:
            return f"set {name(move.card)} aside (bids {state.suit(move.card)})"
        return ("no premium", "declare your bid for 30", "reveal your hand and bid for 60")[move.kind]

    # ----- views -------------------------------------------------------------

    def _premium_shown(self, state) -> tuple[int, int]:
        """The premium whose cards are on the table (play has started), else (-1, 0)."""
        return state.premium() if state.phase in ("play", "over") else (-1, 0)

    def bid_visible(self, state, seat, viewer) -> bool:
        return (viewer == ALL or viewer == seat or state.phase == "over"
                or self._premium_shown(state)[0] == seat)

    def view(self, state, viewer):
        pseat, pkind = self._premium_shown(state)
        me = viewer if viewer is not None and 0 <= viewer < PLAYERS else -1
        over = state.phase == "over"
        first = state.hand_dealer + 1
        offers = [{"seat": (first + i) % PLAYERS, "offer": KINDS[k]} for i, k in enumerate(state.offers)]
        hand = [code(c) for c in state.hands[me]] if me >= 0 else None
        return {
            **self.table_view(state, viewer, hand, self.suit_or_none(state.led)),
            "hand_number": state.hand_no + (0 if over else 1),
            "round": state.round_no,
            "dealer": state.hand_dealer,
            "trump_rule": state.opts["trump"],
            "scoring": state.opts["scoring"],
            "joker_as": code(state.joker_as) if state.joker_as >= 0 else None,
            "bid_cards": [[code(c) for c in state.bid_cards[s]] if s in (me, pseat) or over else None
                          for s in range(PLAYERS)],
            "bid_card_counts": [len(b) for b in state.bid_cards],
            "bids": [state.bid(s) if len(state.bid_cards[s]) == BID_CARDS and self.bid_visible(state, s, viewer)
                     else ("hidden" if len(state.bid_cards[s]) == BID_CARDS else None) for s in range(PLAYERS)],
            "offers": offers,
            "premium": _premium_json(pseat, pkind),
            "revealed_hand": ({"seat": pseat, "cards": [code(c) for c in state.hands[pseat]]}
                              if pkind == 2 and not over else None),
            "round_scores": state.round_points() if len(state.rounds) < state.round_no else [0] * PLAYERS,
            "totals": state.totals(),
            "rounds": [{"round": r + 1, "points": list(p), "bonus": list(b)} for r, (p, b) in enumerate(state.rounds)],
            "rounds_won": state.rounds_won(),
            "history": [{"hand": h + 1, **_hand_json(rec),
                         "details": [hand_detail(s, rec[2], rec[3], rec[5], rec[6]) for s in range(PLAYERS)]}
                        for h, rec in enumerate(state.history)],
        }

    def render_text(self, view, viewer):
        lines = [f"Hand {view['hand_number']}, round {view['round']}; dealer seat {view['dealer'] + 1}."]
        trump = view["trump"] or "none"
        if view["turnup"]:
            trump += f" (turned up {view['turnup']}" + (f"; the Joker counts as {view['joker_as']})"
                                                        if view["joker_as"] else ")")
        lines.append(f"Trump: {trump}.")
        lines += self.hand_lines(view)
        if view["hand"] is not None and view["bid_cards"][viewer]:
            lines.append("Your bid cards: " + " ".join(view["bid_cards"][viewer]))
        if view["premium"]:
            p = view["premium"]
            lines.append(f"Premium: seat {p['seat'] + 1} {p['kind']}s"
                         f" (bid cards {' '.join(view['bid_cards'][p['seat']] or [])}).")
        if view["revealed_hand"]:
            r = view["revealed_hand"]
            lines.append(f"Seat {r['seat'] + 1}'s hand on the table: " + " ".join(r["cards"]))
        lines.append("seat  bid     taken  round  total")
        for s in range(view["players"]):
            bid = view["bids"][s]
            bid = f"{view['bid_card_counts'][s]}/3 set" if bid is None else bid
            mark = " <" if s in view["to_move"] else ""
            lines.append(f"{s + 1:>4}  {str(bid):<6}  {view['tricks'][s]:>5}  {view['round_scores'][s]:>5}"
                         f"  {view['totals'][s]:>5}{mark}")
        lines += trick_lines(view)
        if view["history"]:
            lines.append("Scores by hand (bid/taken points):")
            lines += [record_line(f"  hand {rec['hand']:>2} (round {rec['round']}): ", rec["bids"], rec["tricks"],
                                  rec["points"]) for rec in view["history"][-9:]]
        for r in view["rounds"]:
            lines.append(f"  round {r['round']}: " + "  ".join(
                f"s{s + 1} {p}" + (f"+{b}" if b else "") for s, (p, b) in enumerate(zip(r["points"], r["bonus"]))))
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        """Rows by kind of points (tricks, bid bonuses, premiums, round bonuses); the hand-by-hand
        table is in the view's history."""
        sheets = []
        for s in range(PLAYERS):
            tricks = made = made_pts = prem_n = prem_pts = 0
            for rec in state.history:
                bids, took, points = rec[2], rec[3], rec[4]
                tricks += took[s]
                bonus = MADE_BONUS[sum(b == t for b, t in zip(bids, took))] if bids[s] == took[s] else 0
                made += bids[s] == took[s]
                made_pts += bonus
                extra = points[s] - took[s] - bonus
                prem_n += extra > 0
                prem_pts += extra
            rows = [ScoreRow("tricks", "Tricks", tricks, tricks, "1 point a trick"),
                    ScoreRow("bids_made", "Bids made", made, made_pts, "30 / 20 / 10 when 1 / 2 / 3 seats make theirs"),
                    ScoreRow("premiums", "Premiums", prem_n, prem_pts,
                             "declared (30) or revealed (60) and made, or paid by another's failed premium")]
            if state.opts["scoring"] == "three_rounds_bonus":
                reached = sum(1 for _, bonus in state.rounds if bonus[s])
                rows.append(ScoreRow("round_bonus", "Reaching 100", reached, sum(b[s] for _, b in state.rounds),
                                     "30 / 20 / 10 to whoever reaches 100 in a round"))
            if state.opts["scoring"] == "first_to_three":
                won = state.rounds_won()[s]
                rows.append(ScoreRow("rounds_won", "Rounds won", won, 0, f"{won} of {ROUNDS_TO_WIN} needed"))
            hidden = False
            if state.phase != "over":
                row, hidden = self.in_play_row(f"Hand {state.hand_no + 1} (in play)", state.tricks[s],
                                               f"bid {state.bid(s)}" if len(state.bid_cards[s]) == BID_CARDS else None,
                                               self.bid_visible(state, s, viewer), "bidding", "bid hidden")
                rows.append(row)
            sheets.append(SeatSheet(s, tuple(rows), sum(r.points for r in rows), hidden))
        return sheets

    def outcome(self, state):
        if state.phase != "over":
            return None
        totals = state.totals()
        if state.opts["scoring"] == "first_to_three":
            won = state.rounds_won()
            ranks = rank_by_keys([(won[s], totals[s]) for s in range(PLAYERS)])
        else:
            ranks = rank_by_keys([(t,) for t in totals])
        top = [s for s in range(PLAYERS) if ranks[s] == 1]
        reasons = []
        if len(top) > 1:
            reasons.append(", ".join(f"seat {s + 1}" for s in top) + " tie: a shared win.")
        elif state.opts["scoring"] == "first_to_three":
            reasons.append(f"Seat {top[0] + 1} wins {state.rounds_won()[top[0]]} rounds.")
        return Outcome(tuple(totals), ranks, tuple(reasons))

    def heuristic(self, state, seat):
        """How far the seat's likely tricks are from its bid, once the bid is complete (a bot's guide)."""
        if state.phase == "over" or len(state.bid_cards[seat]) < BID_CARDS:
            return 0.0
        joker_as = state.joker_as
        expected = state.tricks[seat] + sum(_win_chance(joker_as if c == JOKER else c, state.trump)
                                            for c in state.hands[seat])
        off = abs(state.bid(seat) - expected)
        value = -4.0 * off
        pseat, pkind = state.premium()
        if pseat == seat and pkind:
            # A premium wins its value if made and pays it to both others if not.
            chance = 0.6 * max(0.0, 1.0 - off) ** 2  # the estimate is rough: bet only on a sure hand
            value += PREMIUMS[pkind] * (2.0 * chance - 1.0)
        return value

    # ----- positions ---------------------------------------------------------

    def max_moves(self, n_players, options):
        # A card of the hand (set aside or played; the Joker makes one more) or one of three premiums.
        return max(len(PREMIUM_MOVES), HAND_SIZE + 1)

    def action_space(self, n_players, options):
        # The adapters' fixed numbering (docs/adapters.md): each of the 37 cards played, then set aside as a
        # bid card, then the three premiums (pass, declare, reveal).
        return (*(PLAYS[c] for c in DECK_WITH_JOKER), *(SET_ASIDE[c] for c in DECK_WITH_JOKER), *PREMIUM_MOVES)

    state_class = NinetyNineState

    def loaded(self, state, data, at):
        junk = state.opts["trump"] == "junk_the_joker"
        check_position(not junk or JOKER in at.rest(CARDS), "There is no Joker when junking the Joker.")
        at.complete(CARDS, "cards", SUITED if junk else DECK_WITH_JOKER)
        check_position((state.turnup < 0) == junk, "A turn-up card is there exactly when trump=turn_up.")
        state.set_trump(state.turnup, state.trump)
        phase = state.phase
        check_position(phase != "bid" or not state.offers, "Premiums are offered only once every bid is in.")
        self.loaded_tricks(state, data, (state.dealer + 1) % PLAYERS, lambda cards: state.suit(cards[0]), state.suit)
        check_record(state)
        if phase != "over":
            for s in range(PLAYERS):
                held = len(state.hands[s]) + len(state.bid_cards[s]) + len(state.done) + state.in_trick(s)
                check_position(held == HAND_SIZE, f"Seat {s + 1} should have 12 cards in all, not {held}.")
            check_position(phase == "bid" or all(len(b) == BID_CARDS for b in state.bid_cards),
                           "Everyone sets three cards aside before the premiums and play.")
            check_position(phase == "play" or not state.done and not state.trick, "Cards are played only in play.")
        state.movers = seats_to_move(state)

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what `seat` has not seen: the other hands (keeping the suits each has shown it lacks)
        and their bid cards, except what a premium has put on the table."""
        out = state.copy()
        pseat, pkind = self._premium_shown(state)
        piles, masks, slots = [], [], []
        for s in range(PLAYERS):
            if s == seat:
                continue
            if not (s == pseat and pkind == 2):
                piles.append(state.hands[s])
                masks.append(state.voids[s])
                slots.append(("hand", s))
            if s != pseat:
                piles.append(state.bid_cards[s])
                masks.append(0)
                slots.append(("bid", s))
        dealt = reshare(piles, masks, rng, state.suit)
        for (where, s), cards in zip(slots, dealt):
            if where == "hand":
                out.hands[s] = cards
            else:
                out.bid_cards[s] = redeal(cards, rng)
        out.rng = rng.fork()
        return out

    def max_game_length(self, n_players: int, options: dict) -> int:
        # A hand: three bid cards set aside by each seat (9), at most one premium offer each (3), and nine
        # tricks of three cards (27). Every trick scores a point and no score goes down, so a hand adds at
        # least 9 to the round's three totals: after 34 hands the highest is at least 102, and a round
        # (to ROUND_TARGET) has at most 34 hands. The game: 3 rounds, or with first_to_three at most 7
        # (every round gives at least one seat a win, so after 7 rounds some seat has 3), or 9 hands.
        hand = PLAYERS * BID_CARDS + PLAYERS + PLAYERS * TRICKS
        if options["scoring"] == "nine_hands":
            return HANDS_IN_GAME * hand
        hands_per_round = -(-ROUND_TARGET // (TRICKS // PLAYERS))  # the highest total gains >= 3 a hand
        rounds = PLAYERS * (ROUNDS_TO_WIN - 1) + 1 if options["scoring"] == "first_to_three" else ROUNDS_IN_GAME
        return rounds * hands_per_round * hand


def seats_to_move(state: NinetyNineState) -> frozenset:
    """The seats to move, worked out from the whole position: what `state.movers` keeps up to date."""
    phase = state.phase
    if phase == "play":
        return ONE[(state.leader + len(state.trick)) % PLAYERS]
    if phase == "bid":
        b0, b1, b2 = state.bid_cards
        return _BIDDING[(len(b0) < BID_CARDS) | (len(b1) < BID_CARDS) << 1 | (len(b2) < BID_CARDS) << 2]
    if phase == "premium":
        return ONE[(state.dealer + 1 + len(state.offers)) % PLAYERS]
    return NOBODY


# Log lines a playout writes but never reads: made only when read.
def _aside_text(seat: int, c: int, bids: int) -> str:
    return f"Seat {seat + 1}'s card set aside: {name(c)} (bids {bids})."


def _joker_text(seat: int, joker_as: int) -> str:
    return f"Seat {seat + 1} plays {name(JOKER)} (as {name(joker_as)})."


def _premium_text(seat: int, kind: int, bid: int, bid_cards: tuple, shown: tuple) -> str:
    cards = ", ".join(name(c) for c in bid_cards)
    text = f"Seat {seat + 1} {'declares' if kind == 1 else 'reveals'}: bid {bid} ({cards})"
    if kind == 2:
        text += "; hand on the table: " + ", ".join(name(c) for c in shown)
    return text + "."


def _bids_text(bids: tuple, bid_cards: tuple, tricks: tuple) -> str:
    return "Bids shown: " + "; ".join(
        f"seat {s + 1} bid {bids[s]} ({', '.join(name(c) for c in bid_cards[s])}), took {tricks[s]}"
        for s in range(PLAYERS)) + "."


def _round_text(number: int, totals: tuple, bonus: tuple) -> str:
    return f"Round {number} ends: " + ", ".join(
        f"seat {s + 1} {totals[s]}" + (f" +{bonus[s]} bonus" if bonus[s] else "") for s in range(PLAYERS)) + "."


def check_record(state: NinetyNineState) -> None:
    """The finished hands and rounds are the ones a game plays: each hand scored by its bids and tricks,
    each round closed by the hand that took a seat to 100, and the game over exactly when it should be."""
    over = state.phase == "over"
    check_position(state.hand_no == len(state.history),
                   f"hand_no counts the finished hands ({len(state.history)} in history), not {state.hand_no}.")
    previous = 1
    for number, (rnd, _, bids, tricks, points, pseat, pkind) in enumerate(state.history, 1):
        check_position(all(len(x) == PLAYERS for x in (bids, tricks, points)),
                       f"Hand {number} of the history lists bids, tricks and points for the three seats.")
        check_position(all(isinstance(b, int) and 0 <= b <= HAND_SIZE - BID_CARDS for b in bids)
                       and sum(tricks) == HAND_SIZE - BID_CARDS and min(tricks) >= 0,
                       f"Hand {number} of the history: bids are 0 to 9 and the nine tricks are all taken.")
        check_position(-1 <= pseat < PLAYERS and (pseat >= 0) == (pkind > 0),
                       f"Hand {number} of the history names a premium's seat 1 to 3, or none.")
        check_position(list(points) == hand_points(bids, tricks, pseat, pkind),
                       f"Hand {number} of the history: its points are what its bids and tricks score.")
        check_position(isinstance(rnd, int) and previous <= rnd <= state.round_no,
                       f"Hand {number} of the history belongs to a round from {previous} to {state.round_no}.")
        previous = rnd
    scoring = state.opts["scoring"]
    if scoring == "nine_hands":
        check_position(state.round_no == 1 and not state.rounds, "Nine hands are played as one round.")
        check_position(len(state.history) == HANDS_IN_GAME if over else len(state.history) < HANDS_IN_GAME,
                       f"A game of nine hands is over exactly when {HANDS_IN_GAME} hands are played.")
        return
    closed = state.round_no if over else state.round_no - 1
    check_position(len(state.rounds) == closed,
                   f"rounds lists the {closed} finished rounds before round {state.round_no}.")
    for number, (points, bonus) in enumerate(state.rounds, 1):
        totals = [sum(rec[4][s] for rec in state.history if rec[0] == number) for s in range(PLAYERS)]
        check_position(list(points) == totals and max(totals) >= ROUND_TARGET,
                       f"Round {number}'s points are its hands' points, and a seat reached {ROUND_TARGET}.")
        expected = round_bonus(totals) if scoring == "three_rounds_bonus" else [0] * PLAYERS
        check_position(list(bonus) == expected, f"Round {number}'s bonus is {expected}.")
        previous_rounds = state.rounds[:number - 1]
        check_position(not (scoring == "first_to_three" and max(rounds_won(previous_rounds)) >= ROUNDS_TO_WIN
                            or scoring != "first_to_three" and len(previous_rounds) >= ROUNDS_IN_GAME),
                       f"The game was over before round {number}.")
    if not over:
        current = [sum(rec[4][s] for rec in state.history if rec[0] == state.round_no) for s in range(PLAYERS)]
        check_position(max(current) < ROUND_TARGET, f"Round {state.round_no} is over: a seat has {max(current)}.")
    else:
        check_position(scoring == "first_to_three" and max(rounds_won(state.rounds)) >= ROUNDS_TO_WIN
                       or scoring != "first_to_three" and len(state.rounds) >= ROUNDS_IN_GAME,
                       "The game is over only when its rounds are played.")


def rounds_won(rounds) -> list[int]:
    """Rounds won by each seat (a tie for the best score counts for each tied seat)."""
    won = [0] * PLAYERS
    for points, bonus in rounds:
        scores = [p + b for p, b in zip(points, bonus)]
        for s in range(PLAYERS):
            won[s] += scores[s] == max(scores)
    return won


def _deal_text(hand_no: int, round_no: int, dealer: int, turnup: int, trump: int) -> str:
    text = f"Hand {hand_no + 1} (round {round_no}): seat {dealer + 1} deals"
    if turnup >= 0:
        text += f", turning up {name(turnup)}"
    return text + (f"; {SUITS[trump]} are trump." if trump >= 0 else "; no trump.")


def _win_chance(c: int, trump: int) -> float:
    """A rough chance that a card takes a trick, for the bot's heuristic."""
    r = rank_of(c)
    if suit_of(c) == trump:
        return 0.9 if r >= 12 else 0.55 if r >= 9 else 0.3
    return 0.75 if r == 14 else 0.45 if r == 13 else 0.2 if r == 12 else 0.03


GAME = NinetyNine()
