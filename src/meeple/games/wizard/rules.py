"""Wizard's state machine: deal, trump, predictions, tricks and the score by round."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, cast

from meeple.engine import (
    ALL,
    NOBODY,
    ONE,
    LogEntry,
    Option,
    OptionError,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
    count,
    ranked_outcome,
)
from meeple.engine.cards import NO_SUIT, TrickState, deal, reshare, suit_of, trick_lines
from meeple.engine.state import (
    State,
    each_seat,
    kept,
    listed,
    named,
    options,
    per_seat,
    piece,
    players,
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

from . import moves as notation
from .components import (
    DECK,
    DECK_SIZE,
    JESTER_SUIT,
    LENGTHS,
    NAMES,
    SUITS,
    WIZARD_SUIT,
    code,
    name,
    parse_suit,
    schedule,
    the_card,
)
from .moves import BIDS, PLAY_BLIND, PLAYS, TRUMPS, Bid, Play, PlayBlind, Trump
from .scoring import round_points
from .strategy import hold_chance

PHASES = ("trump", "bid", "play", "over")
PREDICTIONS = ("open", "hidden", "secret")
FREE = -2  # `led` once a Wizard has been led: any card may follow for the rest of the trick
WILD_MASK = 1 << WIZARD_SUIT | 1 << JESTER_SUIT
WILD_LOW = WIZARD_SUIT << 4  # every card from here up is a Wizard or a Jester
_BID_LIST = list(BIDS)  # sliced for each seat's predictions (never handed out itself)
_PLAY_LINES = play_lines(6, DECK, the_card)
_BID_LINES = tuple(tuple(LogEntry(f"Seat {s + 1} predicts {count(b, 'trick')}.", s) for b in range(len(BIDS)))
                   for s in range(6))


def _rounds_words(rounds: list) -> str:
    """": rounds 1, 3 and 4" for a score row's detail (nothing when there are none)."""
    if not rounds:
        return ""
    numbers = [str(r) for r, _ in rounds]
    listed = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return f": round{'s' if len(numbers) > 1 else ''} {listed}"


CARDS = card_set(NAMES, DECK)


@cache
def _played(n: int, length: str, single: int) -> tuple[tuple[int, ...], int]:
    """The cards dealt per round of the rounds a table plays, and the number of the first of them."""
    rounds = schedule(n, length)
    return (rounds[single - 1:single], single) if single else (rounds, 1)


class WizardState(TrickState, State):
    """A Wizard position. Cards are ints (see components); seats are 0 to n-1.

    `schedule` lists the cards dealt per round for the rounds this game plays,
    `first_round` is the number of the first of them (1 unless a single round is
    played), `round` the current one. The hands and tricks are kept as
    `TrickState` keeps them; `led` is the suit to follow (NO_SUIT: none yet,
    FREE: a Wizard was led). `history` has one (cards, trump, bids, tricks,
    points) per finished round.

    A hand is always sorted (dealt sorted, sorted when a position is read,
    resampled sorted): its cards of one suit lie together, each suit's in the
    order of the suits, and its Wizards and Jesters come last (suits 4 and 5),
    so the cards that follow a suit are two slices of it.
    """

    n: int = players()
    rng: Rng = rng()
    opts: dict = options()
    round: int = whole(1, 20, default=1)
    phase: str = text(*PHASES, default="bid")
    hands: list[list[int]] = per_seat(listed(CARDS), default=[])
    turnup: int = piece(CARDS, none=-1, default=-1)
    trump: int = named(SUITS, none=NO_SUIT, parse=parse_suit, default=NO_SUIT)
    bids: list[int] = per_seat(whole(0, None, none=-1), default=-1)  # -1: no prediction yet
    tricks: list[int] = per_seat(whole(0, 20), default=0)
    leader: int = seat(default=0)
    trick: list[int] = listed(CARDS, factory=list)
    done: list[tuple[int, tuple[int, ...]]] = listed(record(leader=seat(), cards=listed(CARDS, tuple=True)),
                                                     factory=list)
    stock: list[int] = listed(CARDS, rest="shuffled", factory=list)
    history: list = listed(record(cards=whole(1, 20), trump=named(SUITS, none=NO_SUIT, parse=parse_suit),
                                  bids=listed(whole(), tuple=True), tricks=listed(whole(), tuple=True),
                                  points=listed(whole(), tuple=True)), factory=list)
    led: int = kept(NO_SUIT)
    voids: list[int] = kept(make=each_seat(0), copy="slice")
    # Worked out from the options and kept, so a position cannot contradict them.
    schedule: tuple[int, ...] = kept(make=lambda s: _played(s.n, s.opts["length"], s.opts["single_round"])[0])
    first_round: int = kept(make=lambda s: _played(s.n, s.opts["length"], s.opts["single_round"])[1])
    movers: frozenset[int] = kept(NOBODY)

    # Derived facts, kept out of the stored state so a position cannot contradict itself.
    @property
    def index(self) -> int:
        return self.round - self.first_round

    @property
    def cards(self) -> int:
        return self.schedule[self.round - self.first_round]

    @property
    def dealer(self) -> int:
        # Round 1 is dealt by the last seat, so the first seat bids and leads first.
        return (self.round - 2) % self.n

    @property
    def blind(self) -> bool:
        """A Foresight round: everyone sees the others' single card but not their own."""
        return self.opts["foresight"] and self.cards == 1 and self.phase != "over"

    def totals(self) -> list[int]:
        totals = [0] * self.n
        for rec in self.history:
            for s, pts in enumerate(rec[4]):
                totals[s] += pts
        return totals


# A card's Play move, by card: a tuple indexed by the card itself, mapped over a hand's slices.
_PLAY_OF = cast("tuple[Play, ...]", tuple(PLAYS.get(c) for c in range(max(DECK) + 1)))  # None only off the deck
_PLAY = _PLAY_OF.__getitem__


def led_suit(trick: Sequence[int]) -> int:
    """The suit the trick's later cards must follow: set by the first card that is not a Jester."""
    for c in trick:
        s = suit_of(c)
        if s == WIZARD_SUIT:
            return FREE
        if s != JESTER_SUIT:
            return s
    return NO_SUIT


def _card_key(c: int, trump: int, led: int) -> int:
    """How a card ranks in a trick with this trump and led suit, as one number: a Wizard above any
    trump, a trump above the led suit, the rank within each; a Jester lowest. The first of the highest
    wins, so the first Wizard does, and a trick of Jesters only goes to the first one."""
    s = c >> 4
    if s == WIZARD_SUIT:
        return 64
    if s == JESTER_SUIT:
        return 0
    if s == trump:
        return 32 + (c & 15)
    return 16 + (c & 15) if s == led else 1


# Those ranks by trump (NO_SUIT or a suit) and led suit (FREE, NO_SUIT or a suit), each a tuple indexed
# by card: _TRICK_KEYS[trump + 1][led + 2][c]. A playout ranks a finished trick by them.
_TRICK_KEYS = tuple(tuple(tuple(_card_key(c, trump, led) for c in range(max(DECK) + 1)) for led in range(FREE, 4))
                    for trump in range(NO_SUIT, 4))


def wizard_trick_winner(trick: Sequence[int], trump: int) -> int:
    """Index of the winning card of a trick (complete or not): the first of its highest by `_card_key`."""
    keys = _TRICK_KEYS[trump + 1][led_suit(trick) + 2]
    ranked = [keys[c] for c in trick]
    return ranked.index(max(ranked))


class Wizard(TrickGame):
    id = "wizard"
    name = "Wizard"
    SUITS = SUITS
    code = staticmethod(code)
    card_words = staticmethod(the_card)
    min_players = 3
    max_players = 6
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    summary = "Predict exactly how many tricks you will take, round after round, with Wizards and Jesters wild."
    options = (
        Option("predictions", "open", "Said aloud one by one from the dealer's left; or made together and shown "
               "together; or made together and kept secret until the round ends",
               choices=PREDICTIONS, label="Predictions",
               choice_labels=("Said aloud in turn", "Hidden, shown together", "Secret until the round ends")),
        Option("plus_minus_one", False, "The predictions of a round may not add up to the cards dealt "
               "(the dealer, predicting last, is barred from the one number that would)", kind="bool",
               label="Plus or minus one"),
        Option("length", "full", "The full game deals until the cards run out (20/15/12/10 rounds for 3/4/5/6 "
               "players); or five rounds; or the Amigo tournament's 10 rounds, for 3 to 5 players", choices=LENGTHS,
               label="Game length",
               choice_labels=("Full game", "Five rounds", "Amigo tournament (10 rounds)")),
        Option("foresight", False, "In the one-card round each player sees the others' card but not their own",
               kind="bool", label="Foresight (one-card round on the forehead)"),
        Option("single_round", 0, "Play only this round of the game's schedule (0 plays the whole game); "
               "for example 10 for the full game's ten-card round", kind="int", minimum=0, maximum=20,
               label="One round only (0: the whole game)"),
    )
    # The search values a move by playing the round out in its sampled deal, every seat choosing the card
    # its guide prefers, so a prediction is valued by what the hands go on to make (docs/games/wizard.md).
    search_hints = {"horizon": "scoring", "rollout": "greedy", "greedy_share": 1.0}

    # ----- setup -------------------------------------------------------------

    def check_options(self, n_players, options):
        if options["length"] == "amigo" and n_players not in (3, 4, 5):
            raise OptionError("The Amigo tournament lengths are for 3, 4 or 5 players.")
        rounds = schedule(n_players, options["length"])
        single = options["single_round"]
        if single > len(rounds):
            raise OptionError(f"This game has {len(rounds)} rounds, so single_round must be 0 to {len(rounds)}.")
        played = rounds[single - 1:single] if single else rounds
        if options["foresight"] and 1 not in played:
            raise OptionError("Foresight is played in the one-card round, and this game has none.")

    def new_state(self, n_players, options, rng):
        # `setup` hands each game a dict of its own: kept as it is, not copied again
        state = WizardState(n=n_players, rng=rng, opts=options, round=options["single_round"] or 1)
        self._deal(state)
        return state

    def _deal(self, state: WizardState) -> None:
        n = state.n
        hands, stock = deal(DECK, [state.cards] * n, state.rng)
        # The dealer's left leads: the dealer of round r is seat r - 2 (`dealer`, worked out here).
        state.start_hand(hands, (state.round - 1) % n)
        state.bids = [-1] * n
        state.stock = stock
        if stock:
            state.turnup = turnup = stock.pop(0)
            s = turnup >> 4
            state.trump = s if s < 4 else NO_SUIT
            state.phase = "trump" if s == WIZARD_SUIT else "bid"
        else:  # every card is dealt (the last round): no trump
            state.turnup = -1
            state.trump = NO_SUIT
            state.phase = "bid"
        state.movers = seats_to_move(state)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return state.movers

    def forbidden_bid(self, state, seat) -> int:
        """The prediction plus/minus 1 bars for `seat` now, or -1 when none is barred."""
        if not state.opts["plus_minus_one"] or any(b < 0 for s, b in enumerate(state.bids) if s != seat):
            return -1
        rest = state.cards - sum(b for s, b in enumerate(state.bids) if s != seat)
        return rest if rest >= 0 else -1

    def legal_moves(self, state, seat):
        if state.phase == "play":
            if seat not in state.movers:
                return []
            if state.opts["foresight"] and state.blind:
                return [PLAY_BLIND]
            hand = state.hands[seat]
            led = state.led
            if led >= 0:  # follow suit, or play a Wizard or a Jester: two slices of the sorted hand
                lo = bisect_left(hand, led << 4)
                hi = bisect_left(hand, led + 1 << 4, lo)
                if lo < hi:
                    return [*map(_PLAY, hand[lo:hi]), *map(_PLAY, hand[bisect_left(hand, WILD_LOW, hi):])]
            return list(map(_PLAY, hand))
        if seat not in state.movers:
            return []
        if state.phase == "bid":
            bids = _BID_LIST[:state.schedule[state.round - state.first_round] + 1]
            barred = self.forbidden_bid(state, seat)  # -1 unless plus/minus one bars a prediction
            return bids if barred < 0 else [bid for bid in bids if bid.tricks != barred]
        return list(TRUMPS)

    def explain_illegal(self, state, seat, move):
        if state.phase == "over":
            return "The game is over."
        if seat not in self.to_move(state):
            if state.phase == "bid" and state.bids[seat] >= 0:
                return "You have already made your prediction for this round."
            if state.phase == "bid" and state.opts["predictions"] != "open":
                return "The dealer predicts last, once everyone else has (plus/minus 1)."
            return "It is not your turn."
        cls = move.__class__
        if state.phase == "trump":
            return "A Wizard was turned up: as dealer, choose the trump suit first (e.g. trump giants)."
        if state.phase == "bid":
            if cls is not Bid:
                return "Make your prediction first (e.g. bid 1)."
            if move.tricks > state.cards:
                plural = "s" if state.cards != 1 else ""
                return f"This round deals {state.cards} card{plural}: predict 0 to {state.cards}."
            barred = self.forbidden_bid(state, seat)
            if move.tricks == barred:
                return (f"Plus/minus 1: the predictions may not add up to {state.cards}, so you may not "
                        f"predict {barred}.")
            return "That prediction is not allowed."
        if cls is Play:
            if state.blind:
                return "Foresight: you cannot see your own card. Play it blind (type play)."
            return self.explain_card(state, seat, move.card,
                                     "was led and you hold some (Wizards and Jesters may always be played).")
        if cls is PlayBlind:
            return "Only in a Foresight round is a card played blind: choose one of your cards."
        return "Play a card to the trick."

    # ----- making moves ------------------------------------------------------

    def actor(self, state):
        return LOWEST[state.movers]

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        cls = move.__class__
        if cls is Play:
            c = move.card
        elif cls is PlayBlind:
            c = state.hands[seat][0]
        else:
            self._announce(state, seat, move, log)
            return
        # A card played (TrickState.lay, inlined): one that does not follow shows a void.
        s = c >> 4
        state.hands[seat].remove(c)
        led = state.led
        if led >= 0:
            if s != led and s < WIZARD_SUIT:
                state.voids[seat] |= 1 << led
        elif led == NO_SUIT:  # the first card that is not a Jester leads
            state.led = FREE if s == WIZARD_SUIT else (NO_SUIT if s == JESTER_SUIT else s)
        trick = state.trick
        trick.append(c)
        if log is not None:
            log.append(_PLAY_LINES[seat][c])
        if len(trick) < state.n:
            state.movers = ONE[(seat + 1) % state.n]
            return
        self._take_trick(state, trick, log)

    def _take_trick(self, state, trick, log) -> None:
        """The trick is complete: the first of its highest cards wins (`wizard_trick_winner`, inlined:
        `led` is the trick's led suit, kept card by card), and its winner takes it and leads next; then the
        round ends once the hands are empty. For `advance` and `random_step` alike (its lines added to
        `log` unless None)."""
        keys = _TRICK_KEYS[state.trump + 1][state.led + 2]
        ranked = [keys[c] for c in trick]
        leader = state.leader
        winner = (leader + ranked.index(max(ranked))) % state.n
        state.tricks[winner] += 1
        state.done.append((leader, tuple(trick)))
        state.trick = []
        state.led = NO_SUIT
        state.leader = winner
        state.movers = ONE[winner]
        if log is not None:
            log.append(WIN_LINES[winner])
        if not state.hands[winner]:
            self._end_round(state, log)

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the card, the prediction or the trump picked
        by the draw `legal_moves` and `advance` would make, with no move object. The cards that follow
        are two slices of the sorted hand (the suit led, then the Wizards and Jesters), as legal_moves
        lists them. A Foresight round's card played blind is the hand's one card, which any pick finds."""
        phase = state.phase
        if phase == "play":
            seat = LOWEST[state.movers]
            hand = state.hands[seat]
            led = state.led
            if led >= 0:
                lo = bisect_left(hand, led << 4)
                hi = bisect_left(hand, led + 1 << 4, lo)
                if lo < hi:  # the suit led, hand[lo:hi], then the Wizards and Jesters, hand[wild:]
                    wild = bisect_left(hand, WILD_LOW, hi)
                    i = lo + draw() % (hi - lo + len(hand) - wild)
                    c = hand.pop(i if i < hi else i - hi + wild)
                else:
                    c = hand.pop(draw() % len(hand))
                    if c < WILD_LOW:  # not following shows a void
                        state.voids[seat] |= 1 << led
            else:  # a lead, or a Wizard led (FREE): any card
                c = hand.pop(draw() % len(hand))
                if led == NO_SUIT:  # the first card that is not a Jester leads
                    s = c >> 4
                    if s != JESTER_SUIT:
                        state.led = FREE if s == WIZARD_SUIT else s
            trick = state.trick
            trick.append(c)
            if len(trick) < state.n:
                state.movers = ONE[(seat + 1) % state.n]
            else:
                self._take_trick(state, trick, None)
            return seat
        if phase == "bid":
            seat = LOWEST[state.movers]
            cards = state.schedule[state.round - state.first_round]
            barred = self.forbidden_bid(state, seat) if state.opts["plus_minus_one"] else -1
            if barred < 0:
                bid = draw() % (cards + 1)
            else:  # 0 to cards but the barred one
                bid = draw() % cards
                bid += bid >= barred
            self._predict(state, seat, bid, None)
            return seat
        if phase == "trump":
            seat = LOWEST[state.movers]
            self._announce(state, seat, TRUMPS[draw() % len(TRUMPS)], None)
            return seat
        return -1

    def _announce(self, state, seat, move, log):
        """A prediction, or the dealer's choice of trump (its log lines added to `log` unless None)."""
        if move.__class__ is Bid:
            self._predict(state, seat, move.tricks, log)
            return
        state.trump = move.suit
        state.phase = "bid"
        state.movers = seats_to_move(state)
        if log is not None:
            log.append(LogEntry(f"Seat {seat + 1} (dealer) chooses {SUITS[move.suit]} as trump.", seat))

    def _predict(self, state, seat, tricks, log):
        """Seat's prediction of `tricks` (for `advance` and `random_step` alike; its lines added to `log`
        unless None). Who moves next is worked out here rather than by `seats_to_move`: the last
        prediction opens the play (the dealer's left leads), an open one passes to the left."""
        bids = state.bids
        bids[seat] = tricks
        mode = state.opts["predictions"]
        if log is not None:
            if mode == "open":
                log.append(_BID_LINES[seat][tricks])
            else:
                log += (LogEntry(f"Seat {seat + 1} has made a {mode} prediction.", seat),
                        LogEntry(f"Seat {seat + 1}'s prediction: {count(tricks, 'trick')}.", seat, ONE[seat]))
        if min(bids) >= 0:
            state.phase = "play"
            state.movers = ONE[state.leader]
            if mode == "hidden" and log is not None:
                log.append(LogEntry("Predictions revealed: " + self._bids_text(bids) + "."))
        elif mode == "open":
            state.movers = ONE[(seat + 1) % state.n]
        else:
            state.movers = seats_to_move(state)

    def _end_round(self, state, log):
        """The round scored, then the next one dealt or the game over (its lines added to `log` unless None)."""
        points = [round_points(b, t) for b, t in zip(state.bids, state.tricks)]
        state.history.append((state.cards, state.trump, tuple(state.bids), tuple(state.tricks), tuple(points)))
        if log is not None:
            if state.opts["predictions"] == "secret":
                log.append(LogEntry("Secret predictions revealed: " + self._bids_text(state.bids) + "."))
            log.append(LogEntry.lazy(scores_line, ("Round", state.round, tuple(points))))
        if state.index + 1 < len(state.schedule):
            state.round += 1
            self._deal(state)
            if log is not None:
                log.append(LogEntry(self._deal_text(state)))
        else:
            state.phase = "over"
            state.hands = [[] for _ in range(state.n)]
            state.movers = NOBODY

    @staticmethod
    def _bids_text(bids) -> str:
        return ", ".join(f"seat {s + 1}: {count(b, 'trick')}" for s, b in enumerate(bids))

    def _deal_text(self, state) -> str:
        text = f"Round {state.round}: seat {state.dealer + 1} deals {count(state.cards, 'card')} each"
        if state.turnup < 0:
            return text + "; every card is dealt, so there is no trump."
        text += f"; {the_card(state.turnup)} is turned up"
        if state.phase == "trump":
            return text + ": the dealer chooses trump."
        return text + (f": {SUITS[state.trump]} are trump." if state.trump >= 0 else ": no trump.")

    def reveals(self, state, seat, move):
        cls = move.__class__
        if cls is Play or cls is PlayBlind:
            return True  # a card shown; the round's last trick also deals the next round
        if cls is Bid and state.opts["predictions"] == "hidden":
            return sum(1 for b in state.bids if b < 0) == 1  # the last one reveals them all
        return False

    def hides_outcome(self, state, seat, move):
        # A card played shows only what its player held; the last card of a round also deals the next.
        cls = move.__class__
        if cls is Play or cls is PlayBlind:
            return state.blind or (len(state.trick) == state.n - 1 and len(state.hands[seat]) == 1
                                   and state.index + 1 < len(state.schedule))
        return self.reveals(state, seat, move)

    # ----- words for players --------------------------------------------------

    def turn_prompt(self, state, seat):
        if state.phase == "trump":
            return "A Wizard was turned up: choose the trump suit."
        if state.phase == "bid":
            barred = self.forbidden_bid(state, seat)
            extra = f" (not {barred}: the predictions may not add up to {state.cards})" if barred >= 0 else ""
            plural = "s" if state.cards != 1 else ""
            return f"Predict how many tricks you will take this round ({state.cards} card{plural} each){extra}."
        if state.blind:
            return "Foresight: play the card on your forehead."
        if not state.trick:
            return "Lead a card."
        if state.led >= 0:
            return f"Play a card: follow {SUITS[state.led]} if you can (Wizards and Jesters always)."
        return "Play any card."

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Play:
            return f"play {name(move.card)}"
        if cls is Bid:
            return f"predict {move.tricks} trick{'s' if move.tricks != 1 else ''}"
        if cls is Trump:
            return f"make {SUITS[move.suit]} trump"
        return "play your unseen card"

    # ----- views -------------------------------------------------------------

    def bid_visible(self, state, seat, viewer) -> bool:
        if viewer == ALL or viewer == seat or state.opts["predictions"] == "open":
            return True
        if state.opts["predictions"] == "hidden":
            return state.phase != "bid"
        return state.phase == "over"

    def view(self, state, viewer):
        n = state.n
        hand = foreheads = None
        if viewer is not None and 0 <= viewer < n:
            if state.blind:
                hand = ["?"] * len(state.hands[viewer])
                foreheads = {str(s): [code(c) for c in state.hands[s]] for s in range(n) if s != viewer}
            else:
                hand = [code(c) for c in state.hands[viewer]]
        out = self.table_view(state, viewer, hand, "free" if state.led == FREE else self.suit_or_none(state.led))
        return {
            **out,
            "round": state.round,
            "rounds": state.first_round + len(state.schedule) - 1,
            "cards_this_round": state.cards,
            "dealer": state.dealer,
            "predictions": state.opts["predictions"],
            "plus_minus_one": state.opts["plus_minus_one"],
            "foresight": state.blind,
            "foreheads": foreheads,
            "bids": [None if b < 0 else b if self.bid_visible(state, s, viewer) else "hidden"
                     for s, b in enumerate(state.bids)],
            "forbidden_bid": (self.forbidden_bid(state, viewer) if state.phase == "bid" and viewer in out["to_move"]
                              else None),
            "scores": state.totals(),
            "history": [{"round": state.first_round + r, "cards": rec[0], "trump": self.suit_or_none(rec[1]),
                         "bids": list(rec[2]), "tricks": list(rec[3]), "points": list(rec[4])}
                        for r, rec in enumerate(state.history)],
        }

    def render_text(self, view, viewer):
        lines = [f"Round {view['round']} of {view['rounds']}: {view['cards_this_round']} card"
                 f"{'s' if view['cards_this_round'] != 1 else ''} each, dealer seat {view['dealer'] + 1}."]
        turn = f"turned up {view['turnup']}" if view["turnup"] else "no card turned up"
        lines.append(f"Trump: {view['trump'] or 'none'} ({turn}).")
        if view["foreheads"]:
            lines.append("Foresight: you cannot see your card. On the others' foreheads: " + ", ".join(
                f"seat {int(s) + 1} {' '.join(cs)}" for s, cs in view["foreheads"].items()))
        lines += self.hand_lines(view)
        lines.append("seat  predicted  taken  score")
        for s in range(view["players"]):
            bid = view["bids"][s]
            bid = "-" if bid is None else bid
            mark = " <" if s in view["to_move"] else ""
            lines.append(f"{s + 1:>4}  {str(bid):>9}  {view['tricks'][s]:>5}  {view['scores'][s]:>5}{mark}")
        lines += trick_lines(view)
        if view["history"]:
            lines.append("Scores by round:")
            lines += [record_line(f"  round {rec['round']:>2}: ", rec["bids"], rec["tricks"], rec["points"])
                      for rec in view["history"]]
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        sheets = []
        for s in range(state.n):
            # Rows by kind, not by round: a row a round grew a panel to 20 rows (the board's score pad
            # shows the rounds one by one).
            made = [(state.first_round + r, rec) for r, rec in enumerate(state.history) if rec[2][s] == rec[3][s]]
            missed = [(state.first_round + r, rec) for r, rec in enumerate(state.history) if rec[2][s] != rec[3][s]]
            rows = [ScoreRow("exact", "Exact predictions", len(made), sum(rec[4][s] for _, rec in made),
                             "20 points plus 10 a trick" + _rounds_words(made)),
                    ScoreRow("missed", "Missed predictions", len(missed), sum(rec[4][s] for _, rec in missed),
                             "10 points off a trick too many or too few" + _rounds_words(missed))]
            hidden = False
            if state.phase != "over":
                bid = state.bids[s]
                row, hidden = self.in_play_row(f"Round {state.round} (in play)", state.tricks[s],
                                               f"predicted {bid}" if bid >= 0 else None,
                                               self.bid_visible(state, s, viewer), "no prediction yet",
                                               "prediction hidden")
                rows.append(row)
            sheets.append(SeatSheet(s, tuple(rows), sum(r.points for r in rows), hidden))
        return sheets

    def outcome(self, state):
        return ranked_outcome(state.totals()) if state.phase == "over" else None

    def heuristic(self, state, seat):
        """How far the seat's likely tricks are from its prediction (a bot's guide, in points)."""
        bid = state.bids[seat]
        if state.phase == "over" or bid < 0:
            return 0.0
        expected = state.tricks[seat]
        blind = state.blind
        if not blind:
            expected += sum(map(_chances(state.trump, state.n).__getitem__, state.hands[seat]))
        trick = state.trick
        mine = (seat - state.leader) % state.n
        if mine < len(trick) and wizard_trick_winner(trick, state.trump) == mine:
            # The chance that no later seat beats it (strategy.py); a Foresight seat cannot see its hand.
            expected += 0.7 if blind else hold_chance(state, seat, trick, state.hands[seat], trick[mine],
                                                      state.n - len(trick))
        return -4.0 * abs(bid - expected)

    def scores_after(self, state, seat, move):
        """`scores` and `heuristic` after `seat` plays `move`, worked out without a copy for a card or a
        prediction that does not end the round (the search's rollouts ask this of every candidate);
        anything else is played on a copy. The sums run in the same order as `heuristic`'s, so the
        answer is the copy's to the last bit."""
        cls = move.__class__
        blind = state.blind
        if cls is Play and state.phase == "play" and not blind:
            c = move.card
            hand = state.hands[seat]
            trick = state.trick
            n = state.n
            if len(trick) == n - 1 and len(hand) == 1:  # the round's last card: it scores (and may deal)
                return super().scores_after(state, seat, move)
            totals = state.totals()
            bid = state.bids[seat]
            if bid < 0:
                return totals, 0.0
            chances = _chances(state.trump, n)
            remaining = [x for x in hand if x != c]
            rest = sum([chances[x] for x in remaining])
            expected = state.tricks[seat]
            # The additions keep `heuristic`'s order (a won trick before the hand, a lead after it).
            if len(trick) == n - 1:  # the trick is complete: its winner takes it, and no trick is in play
                if (state.leader + wizard_trick_winner([*trick, c], state.trump)) % n == seat:
                    expected += 1
                expected += rest
            else:
                expected += rest
                if wizard_trick_winner(after := [*trick, c], state.trump) == len(trick):
                    expected += hold_chance(state, seat, after, remaining, c, n - len(after))
            return totals, -4.0 * abs(bid - expected)
        if cls is Bid and state.phase == "bid" and not state.trick:
            totals = state.totals()
            expected = state.tricks[seat]
            if not blind:
                expected += sum(map(_chances(state.trump, state.n).__getitem__, state.hands[seat]))
            return totals, -4.0 * abs(move.tricks - expected)
        return super().scores_after(state, seat, move)

    # ----- positions ---------------------------------------------------------

    def max_moves(self, n_players, options):
        # A whole hand (the deck shared out), a bid from 0 to the cards in hand, or one of four trumps.
        return max(len(TRUMPS), DECK_SIZE // n_players + 1)

    def action_space(self, n_players, options):
        # The adapters' fixed numbering (docs/adapters.md): the 60 cards in DECK order, playing blind, the
        # predictions 0 to the most cards a round deals, then the four trumps.
        return (*(PLAYS[c] for c in DECK), PLAY_BLIND, *BIDS[:DECK_SIZE // n_players + 1], *TRUMPS)

    state_class = WizardState

    def loaded(self, state, data, at):
        n, phase, first = state.n, state.phase, state.first_round
        if "round" not in data:
            state.round = first
        check_position(0 <= state.round - first < len(state.schedule),
                       f"round must be {first} to {first + len(state.schedule) - 1}.")
        at.complete(CARDS, "cards")
        wizard_up = state.turnup >= 0 and suit_of(state.turnup) == WIZARD_SUIT
        check_position((phase == "trump") == (wizard_up and state.trump < 0) or phase == "over",
                       "phase trump comes exactly when a Wizard is turned up and no trump is chosen yet.")
        if state.turnup >= 0 and not wizard_up:
            check_position(state.trump == (suit_of(state.turnup) if suit_of(state.turnup) < 4 else NO_SUIT),
                           f"With {name(state.turnup)} turned up, trump must be "
                           f"{SUITS[suit_of(state.turnup)] if suit_of(state.turnup) < 4 else 'none'}.")
        check_position(max(state.bids) <= state.cards,
                       f"bids lists a prediction (0 to {state.cards}) or null per seat.")
        self.loaded_tricks(state, data, (state.dealer + 1) % n, led_suit, free=WILD_MASK)
        for rec in state.history:
            check_position(all(len(part) == n for part in rec[2:]),  # bids, tricks, points
                           f"Each history record lists bids, tricks and points for all {n} seats.")
            check_position(sum(rec[3]) == rec[0], "A history record's tricks add up to its cards dealt.")
            check_position(list(rec[4]) == [round_points(b, t) for b, t in zip(rec[2], rec[3])],
                           "A history record's points are what its bids and tricks score.")
        check_position(len(state.history) == (state.index + (phase == "over")),
                       "history must hold one record per finished round.")
        if phase != "over":
            played = len(state.done) * n + len(state.trick)
            for s in range(n):
                in_trick = state.in_trick(s)
                check_position(len(state.hands[s]) + len(state.done) + in_trick == state.cards,
                               f"Seat {s + 1} should hold {state.cards - len(state.done) - in_trick} cards.")
            check_position(phase == "play" or played == 0, "Cards are played only in the play phase.")
            check_position(phase != "play" or min(state.bids) >= 0, "Everyone predicts before play starts.")
        state.movers = seats_to_move(state)

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what `seat` has not seen: the other hands (keeping the suits each seat has shown it
        lacks), the undealt cards, and predictions still hidden from it.

        Predictions on the table say something about the hands behind them, so once any are visible a
        few consistent deals are drawn and one is kept at random, weighted by how well each hand fits
        its holder's prediction (by the guide's trick chances)."""
        out = state.copy()
        n = state.n
        blind = state.blind
        unknown = [s for s in range(n) if (s == seat) == blind]  # hands `seat` cannot see
        piles = [state.hands[s] for s in unknown] + [state.stock]
        masks = [state.voids[s] for s in unknown] + [0]
        told = [] if blind else [i for i, s in enumerate(unknown)
                                 if state.bids[s] >= 0 and self.bid_visible(state, s, seat)]
        if told:
            chances = _chances(state.trump, n)
            drawn, weights = [], []
            for _ in range(BID_SAMPLES):
                hands = reshare(piles, masks, rng)
                drawn.append(hands)
                weights.append(_bid_fit(state, unknown, told, hands, chances))
            pick = rng.random() * sum(weights)
            hands = drawn[-1]  # where rounding leaves `pick` a hair above zero
            for sample, weight in zip(drawn, weights):
                pick -= weight
                if pick < 0:
                    hands = sample
                    break
        else:
            hands = reshare(piles, masks, rng)
        for s, hand in zip(unknown, hands):
            out.hands[s] = hand
        out.stock = hands[-1]
        rng.shuffle(out.stock)
        unseen = [s for s in range(n) if state.bids[s] >= 0 and not self.bid_visible(state, s, seat)]
        if state.opts["plus_minus_one"] and all(b >= 0 for s, b in enumerate(state.bids) if s != seat):
            # Plus/minus 1 told this seat the others' total: keep it, share it out afresh.
            total = sum(state.bids[s] for s in unseen)
            for s in unseen:
                out.bids[s] = 0
            for _ in range(total):
                room = [s for s in unseen if out.bids[s] < state.cards]
                out.bids[rng.choice(room)] += 1
        else:
            for s in unseen:
                out.bids[s] = rng.randrange(state.cards + 1)
        out.rng = rng.fork()
        return out

    def max_game_length(self, n_players: int, options: dict) -> int:
        # Each round: at most one trump choice (a Wizard turned up), one prediction per seat, and one
        # card played per seat per card dealt. The rounds are the schedule's (or the one single_round).
        rounds = _played(n_players, options["length"], options["single_round"])[0]
        return sum(1 + n_players + n_players * cards for cards in rounds)


def seats_to_move(state: WizardState) -> frozenset:
    """The seats to move, worked out from the whole position: what `state.movers` keeps up to date."""
    phase = state.phase
    if phase == "play":
        return ONE[(state.leader + len(state.trick)) % state.n]
    if phase == "bid":
        if state.opts["predictions"] == "open":
            # In turn from the dealer's left: once `made` predictions are made (a prediction not
            # made yet is -1), seat dealer + 1 + made, the dealer of round r being seat r - 2.
            return ONE[(state.dealer + 1 + state.n - state.bids.count(-1)) % state.n]
        waiting = [s for s in range(state.n) if state.bids[s] < 0]
        if state.opts["plus_minus_one"] and len(waiting) > 1 and state.dealer in waiting:
            waiting.remove(state.dealer)  # the dealer predicts last, once the others have
        return frozenset(waiting)
    return ONE[state.dealer] if phase == "trump" else NOBODY


# Deals drawn per sampled world once predictions are on the table, and how far (in tricks) a
# prediction is expected to stray from the guide's estimate of the hand behind it.
BID_SAMPLES = 8
BID_SPREAD = 1.0


def _bid_fit(state, unknown, told, hands, chances) -> float:
    """How likely the drawn hands make the predictions on the table (a Gaussian on each miss)."""
    miss = 0.0
    for i in told:
        s = unknown[i]
        still = min(max(state.bids[s] - state.tricks[s], 0), len(hands[i]))
        miss += (still - sum(map(chances.__getitem__, hands[i]))) ** 2
    return math.exp(-miss / (2 * BID_SPREAD * BID_SPREAD))


@cache
def _chances(trump: int, n: int) -> tuple[float, ...]:
    """`_win_chance` of every card, indexed by card, for this trump and table size (the guide's hot path)."""
    return tuple(_win_chance(c, trump, n) if c in DECK else 0.0 for c in range(max(DECK) + 1))


def _win_chance(c: int, trump: int, n: int) -> float:
    """A rough chance that a card takes a trick, for the bot's heuristic."""
    s = suit_of(c)
    if s == WIZARD_SUIT:
        return 0.9
    if s == JESTER_SUIT:
        return 0.0
    r = c & 15
    if s == trump:
        return 0.85 if r >= 10 else 0.45 if r >= 6 else 0.2
    return (0.55 if r == 13 else 0.35 if r >= 11 else 0.05) * (4 / (n + 1))


GAME = Wizard()
