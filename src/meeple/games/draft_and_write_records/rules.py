"""Draft & Write Records' state machine: setup, the weeks' hidden picks, the weekends' claims, solo.

Phases: SINGER (everyone chooses the colour of its lead singer at once, solo too), KEEP (everyone
keeps one of two private goals at once), DRAFT (everyone picks a card and
its place at once, hidden until all have chosen; the hands then pass), WEEKEND (each public goal
in turn, then the private goals: the seats who may claim choose at once to claim or pass), OVER.
Solo: TWO (two cards: play one, option A, or draw a third, option B), THREE (the card the rule
allows), GOAL (claim one goal of the row or pass; the row slides).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    ALL,
    NOBODY,
    ONE,
    LogEntry,
    NotationError,
    Outcome,
    PositionError,
    Rng,
    ScoreRow,
    SeatSheet,
    TieBreak,
    check_position,
    ranked_outcome,
)
from meeple.engine.state import DeclaredGame, State, custom, flag, kept, listed, named, per_seat, players, rng, whole
from meeple.engine.unseen import redeal, reshuffled

from . import moves as notation
from .components import (
    AGENDA,
    AGENDA_LINE_MASKS,
    AGENDA_LINE_NAMES,
    ASSET_PAIRS,
    BONUS_NAMES,
    CARD_BONUS,
    CARD_KIND,
    CARD_PLACES,
    CARD_ROLE,
    COLOURS,
    CREW,
    CREW_CASH,
    CREW_ROLE,
    CREW_SLOT_NAMES,
    CREW_TO_PLACE,
    EXTRA_MISSING_LOSS,
    FAIL_LOSS,
    HARM_BONUS,
    HARM_LEN,
    LEAD_SINGERS,
    MAX_GOALS,
    N_AGENDA,
    N_ASSETS,
    N_CARDS,
    N_CASH,
    N_COLOURS,
    N_CREW,
    N_FAILS,
    N_MULT,
    NONE,
    PLACE_AGENDA,
    PLACE_ASSET,
    PLACE_NAMES,
    RELEASE_LEN,
    ROLE_NAMES,
    SINGER_SLOT,
    SLOTS_OF_ROLE,
    TOUR_BONUS,
    TOUR_CASH,
    TOUR_LEN,
    TOUR_POINTS,
    card_json,
    card_words,
    deck_for,
    place_words,
)
from .goals import GOAL_BONUS, GOAL_NAME, GOAL_POINTS, GOAL_TEXT, N_GOALS, lost_for, meets
from .moves import (
    CLAIMS,
    DRAW,
    FAILS,
    GOAL_SLOTS,
    HAND,
    KEEPS,
    PASS,
    PLAYS,
    PRIVATE,
    SINGERS,
    Claim,
    Draw,
    Fail,
    Keep,
    Pass,
    Play,
    Singer,
)
from .search import assets_marked
from .sheet import (
    F_AGENDA,
    F_ALBUM,
    F_ASSETS,
    F_BANK,
    F_CASH,
    F_CMULT,
    F_CREW,
    F_EXTRA,
    F_FAILS,
    F_HARM,
    F_MULT,
    F_SINGLE,
    F_TOUR,
    F_USED,
    SHEET_LEN,
    agenda_lines,
    close_sheet,
    fail,
    gain,
    mark_agenda,
    mark_asset,
    missing_crew,
    new_sheet,
    place_crew,
    section_points,
)

SINGER, KEEP, DRAFT, WEEKEND, TWO, THREE, GOAL, OVER = range(8)
PHASES = ("singer", "keep", "draft", "weekend", "solo_two", "solo_three", "solo_goal", "over")
PICKS_PER_WEEK = 4
SOLO_TARGET = 75
NO_SINGER = -1  # the lead singer's slot until its colour is chosen (an empty crew slot)
#: The heuristic's price of a Fail beyond its points: a card not played is a mark not made.
FAIL_REGRET = 3.0
SECTIONS = (("fail", "Fail"), ("goals", "Goals"), ("agenda", "Agenda"), ("release", "Release"),
            ("crew", "Crew"), ("tour", "Tour"), ("multiplier", "Multiplier"), ("assets", "Assets"),
            ("harmonies", "Harmonies"))


def _choices_json(choice: list) -> list:
    return [None if c is None else notation.to_json(c) for c in choice]


def _read_choices(data: Any, where: str) -> list:
    check_position(isinstance(data, list), f"'{where}' must be a list.")
    try:
        return [None if c is None else notation.from_json(c) for c in data]
    except NotationError as exc:
        raise PositionError(f"A choice is not a move: {exc}") from None


_CARD = whole(0, N_CARDS - 1)
_GOAL = whole(0, N_GOALS - 1)
_GOAL_OR_NONE = whole(-1, N_GOALS - 1)  # -1: none


class RecordsState(State):
    """A Draft & Write Records position, all plain ints and lists.

    deck, goal_deck: draw from the end. hands[seat]: card ids (the cards passed in a week; solo:
    the two or three drawn). discards[seat]: the private discard. sheets[seat]: see sheet.py.
    claimed[seat]: goal ids in the Goals section. private[seat]: the private goal kept (-1: none
    or claimed); offers[seat]: the two dealt at setup. row: the four public goals (-1: empty).
    choice[seat]: the hidden move chosen in this simultaneous step (None: not yet).
    slot: the weekend's goal under decision (0-3, 4 = private). week, step: picks made this week.
    ending: an end condition was met; the game ends after this weekend.
    asked: (slot, the seats asked) for the weekend step open now, kept by `_deciders` (who is asked is
    fixed while the step is open; None: work it out again). Not copied.
    waiting: a bit per seat still to choose in this simultaneous step, kept by `to_move`, `actor` and `advance`
    (None: work it out again from choice). Not copied.
    """

    n: int = players()
    rng: Rng = rng()
    phase: int = named(PHASES)
    deck: list[int] = listed(_CARD)
    goal_deck: list[int] = listed(_GOAL)
    hands: list[list[int]] = per_seat(listed(_CARD))
    discards: list[list[int]] = per_seat(listed(_CARD))
    sheets: list[list[int]] = per_seat(listed(whole(), length=SHEET_LEN, says=f"A sheet holds {SHEET_LEN} numbers."))
    claimed: list[list[int]] = per_seat(listed(_GOAL))
    private: list[int] = per_seat(_GOAL_OR_NONE)
    offers: list[list[int]] = per_seat(listed(_GOAL))
    row: list[int] = listed(_GOAL_OR_NONE, length=GOAL_SLOTS)
    choice: list[Any] = custom(_choices_json, _read_choices, copy=list.copy)
    slot: int = whole(-1, PRIVATE)
    week: int = whole(0)
    step: int = whole(0)
    ending: bool = flag()
    turns: int = whole(0)
    asked: tuple[int, tuple[int, ...]] | None = kept(None, copy="reset")
    waiting: int | None = kept(None, copy="reset")

    @property
    def solo(self) -> bool:
        return self.n == 1


def clockwise(week: int) -> bool:
    """Hands pass clockwise (to the next seat) in odd weeks, counter-clockwise in even ones."""
    return week % 2 == 1


def can_claim(state: RecordsState, seat: int, goal: int) -> bool:
    return goal >= 0 and len(state.claimed[seat]) < MAX_GOALS and meets(goal, state.sheets[seat])


def goal_lost(state: RecordsState, goal: int) -> bool:
    """No seat can ever claim this goal: each has too many Fails or a full Goals section."""
    return all(len(state.claimed[s]) >= MAX_GOALS or lost_for(goal, state.sheets[s]) for s in range(state.n))


def triggered(sheet: list[int], claimed: list[int]) -> bool:
    return sheet[F_FAILS] >= N_FAILS or -1 not in sheet[F_CREW:] or len(claimed) >= MAX_GOALS  # no crew missing


class DraftAndWriteRecords(DeclaredGame):
    id = "draft_and_write_records"
    name = "Draft & Write Records"
    min_players = 1
    max_players = 6
    notation: ClassVar[Any] = notation
    summary = ("Draft crews, agendas and assets week after week, write them on your record label's sheet, "
               "and claim goals at the weekends.")
    # Rewards by the point margin with less exploration: scores are close (about 90 each), so the rank
    # alone rarely tells two moves apart (measured in docs/journal/bots.md). Leaves judged by the trained
    # value model (docs/train.md); at 3 and 4 players the search also counts asset spaces (search.py).
    search_hints = {"horizon": "leaf", "finish_turn": True, "margin_weight": 1.0, "exploration": 0.2,
                    "leaf_value": "learned", "leaf_bonus": assets_marked, "leaf_bonus_weight": 3.0}
    # Every sheet is open and a private goal scores only once claimed, in the open.
    public_totals = True
    length_cap_per_seat = 150  # no bound is worked out for this game

    # ----- setup -------------------------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        n = n_players
        deck = deck_for(n)
        rng.shuffle(deck)
        goal_deck = list(range(N_GOALS))
        rng.shuffle(goal_deck)
        row = [goal_deck.pop() for _ in range(GOAL_SLOTS)]  # 31 goals: enough for the row and six offers
        hands: list[list[int]] = [[] for _ in range(n)]
        if n == 1:
            offers: list[list[int]] = [[]]
            hands[0] = [deck.pop(), deck.pop()]
        else:
            offers = [[goal_deck.pop(), goal_deck.pop()] for _ in range(n)]
        s = RecordsState(
            n=n, rng=rng, deck=deck, goal_deck=goal_deck, hands=hands, discards=[[] for _ in range(n)],
            sheets=[new_sheet(NO_SINGER) for _ in range(n)],  # each chooses its singer first
            claimed=[[] for _ in range(n)], private=[-1] * n, offers=offers, row=row, choice=[None] * n,
            phase=SINGER, slot=0, week=0, step=0, ending=False, turns=0)
        return s

    def max_moves(self, n_players, options):
        # A hand of five: a crew fits at most four slots of its role, each with or without a
        # multiplier (8); an agenda or asset two places; each card can also be failed.
        return HAND * (2 * 4 + 1) + 1

    # ----- turns -------------------------------------------------------------------------------

    def to_move(self, state):
        phase = state.phase
        if phase == OVER:
            return NOBODY
        if phase >= TWO:
            return _SEATS[1]
        waiting = state.waiting
        if waiting is None:
            waiting = state.waiting = self._waiting(state)
        return _SEATS[waiting]

    def _waiting(self, state) -> int:
        """A bit per seat still to choose in this simultaneous step."""
        choice = state.choice
        mask = 0
        for s in (self._deciders(state) if state.phase == WEEKEND else range(state.n)):
            if choice[s] is None:
                mask |= 1 << s
        return mask

    def _deciders(self, state) -> tuple[int, ...]:
        """The seats asked at this step of the weekend: who meets the public goal, or (private step)
        everyone still holding a private goal with room to write it, so no one learns who meets theirs.
        Kept in `state.asked` while the step is open (to_move, actor, legal_moves and advance all ask)."""
        asked = state.asked
        if asked is not None and asked[0] == state.slot:
            return asked[1]
        if state.slot == PRIVATE:
            seats = tuple(s for s in range(state.n) if state.private[s] >= 0 and len(state.claimed[s]) < MAX_GOALS)
        else:
            goal = state.row[state.slot]
            seats = tuple(s for s in range(state.n) if can_claim(state, s, goal))
        state.asked = (state.slot, seats)
        return seats

    def legal_moves(self, state, seat):
        phase = state.phase
        if phase >= TWO:  # solo: the one seat acts until the end (OVER is the last phase)
            if seat != 0 or phase == OVER:
                return []
        elif not 0 <= seat < state.n or state.choice[seat] is not None:
            return []
        elif phase == WEEKEND and seat not in self._deciders(state):
            return []
        if phase == SINGER:
            return list(SINGERS)
        if phase == KEEP:
            return list(KEEPS)
        if phase == DRAFT or phase == TWO:
            out = self._card_moves(state, seat, range(len(state.hands[seat])))
            if phase == TWO and state.deck:
                out.append(DRAW)
            return out
        if phase == THREE:
            return self._card_moves(state, 0, solo_playable(state.hands[0]))
        if phase == WEEKEND:
            if state.slot == PRIVATE:
                return [CLAIMS[PRIVATE], PASS] if can_claim(state, seat, state.private[seat]) else [PASS]
            return [CLAIMS[state.slot], PASS]
        # solo goal step
        return [CLAIMS[i] for i in range(GOAL_SLOTS) if can_claim(state, 0, state.row[i])] + [PASS]

    def _card_moves(self, state, seat, cards) -> list:
        sheet = state.sheets[seat]
        spare = sheet[F_MULT] > sheet[F_USED]
        cash, agendas, assets = sheet[F_CASH], sheet[F_AGENDA], sheet[F_ASSETS]
        out = []
        hand = state.hands[seat]
        for i in cards:
            card = hand[i]
            kind = CARD_KIND[card]
            row = PLAYS[i]
            if kind == CREW:
                for slot in SLOTS_OF_ROLE[CARD_ROLE[card]]:
                    if sheet[F_CREW + slot] < 0 and cash >= CREW_CASH[slot]:
                        out.append(row[slot][0])
                        if spare:
                            out.append(row[slot][1])
            else:  # an agenda or asset card: a place whose space is not checked yet
                mask, first = (agendas, PLACE_AGENDA) if kind == AGENDA else (assets, PLACE_ASSET)
                for p in CARD_PLACES[card]:
                    if not mask >> (p - first) & 1:
                        out.append(row[p][0])
            out.append(FAILS[i])
        return out

    def explain_illegal(self, state, seat, move):
        if state.phase == OVER:
            return "The game is over."
        if seat not in self.to_move(state):
            return f"Seat {seat + 1} has nothing to decide now."
        cls = move.__class__
        phase = state.phase
        if cls is Keep:
            return "Private goals are kept at the start only."
        if cls is Singer:
            return "The lead singer's colour is chosen at the start only."
        if phase == SINGER:
            return "First choose the colour of your lead singer."
        if cls in (Play, Fail):
            if phase not in (DRAFT, TWO, THREE):
                return "Cards are played during a week (solo: on your turn), not now."
            hand = state.hands[seat]
            if move.card >= len(hand):
                return f"There is no card {move.card + 1} in your hand of {len(hand)}."
            if phase == THREE and move.card not in solo_playable(hand):
                return "Two of the three cards are of the same section: you must play the other one."
            if cls is Play:
                return self._why_not_place(state.sheets[seat], hand[move.card], move)
        if cls is Draw:
            return "A third card is drawn only instead of playing one of two (solo, option B)."
        if cls is Claim:
            if phase == WEEKEND and move.slot != state.slot:
                return "Goals are decided one at a time: answer the goal under decision."
            if phase not in (WEEKEND, GOAL):
                return "Goals are claimed at the weekend (solo: after option B)."
            goal = state.private[seat] if move.slot == PRIVATE else state.row[move.slot]
            if goal < 0:
                return "There is no goal there."
            if len(state.claimed[seat]) >= MAX_GOALS:
                return "Your Goals section is full (six goals)."
            return f"Your sheet does not meet {GOAL_NAME[goal]}: {GOAL_TEXT[goal]}."
        if cls is Pass and phase not in (WEEKEND, GOAL):
            return "Passing is for goals at the weekend."
        return f"{self.move_text(move)} is not a legal move now."

    def _why_not_place(self, sheet, card, move) -> str:
        kind = CARD_KIND[card]
        place = move.place
        if kind == CREW:
            role = CARD_ROLE[card]
            if not place < N_CREW or CREW_ROLE[place] != role:
                return f"A {ROLE_NAMES[role]} goes on a {ROLE_NAMES[role]} slot."
            if sheet[F_CREW + place] >= 0:
                return f"The {place_words(place)} is taken."
            if sheet[F_CASH] < CREW_CASH[place]:
                return f"The {place_words(place)} needs {CREW_CASH[place]} cash restrictions lifted."
            return "You have no unused multiplier."
        if move.mult:
            return "Multipliers are used on crews only."
        if place not in CARD_PLACES[card]:
            return f"This {'agenda' if kind == AGENDA else 'asset'} card marks " \
                   f"{' or '.join(place_words(p) for p in CARD_PLACES[card])} only."
        return f"{place_words(place).capitalize()} is already checked."

    # ----- making moves ------------------------------------------------------------------------

    def reveals(self, state, seat, move):
        # A solo draw shows a card; every other move is a hidden choice or a decision on the open
        # sheet whose outcome is fixed, but a step that completes a simultaneous choice resolves it
        # (it shows the others' choices and may deal new hands).
        if move.__class__ is Draw:
            return True
        if state.phase in (SINGER, KEEP, DRAFT, WEEKEND):
            return len(self.to_move(state)) == 1
        return state.phase != THREE  # a solo play of two cards, or the goal step, draws what comes next

    def actor(self, state):
        """The lowest seat still to choose (solo: seat 0), -1 once over: to_move's lowest, no set made."""
        phase = state.phase
        if phase >= TWO:  # solo, or over (the last phase)
            return -1 if phase == OVER else 0
        waiting = state.waiting
        if waiting is None:
            waiting = state.waiting = self._waiting(state)
        return _LOWEST[waiting]

    def advance(self, state, seat, move, log: list[LogEntry] | None = None) -> None:
        """apply's body: the log's lines are made only when `log` is a list to put them in (playouts
        and the search's rollouts pass none)."""
        state.turns += 1
        phase = state.phase
        if phase >= TWO:
            self._apply_solo(state, move, log)
            return
        state.choice[seat] = move
        waiting = state.waiting
        if waiting is None:
            waiting = self._waiting(state)  # this seat's bit is clear already: it has chosen
        state.waiting = waiting = waiting & ~(1 << seat)
        if log is not None:
            cls = move.__class__
            subject = state.hands[seat][move.card] if cls is Play or cls is Fail else self._subject(state, seat, move)
            log.append(LogEntry.lazy(_choice_text, (seat, move, subject), seat, ONE[seat]))
        if waiting:  # others still to choose
            return
        if phase == DRAFT:
            self._resolve_picks(state, log)
        elif phase == WEEKEND:
            self._resolve_claims(state, log)
        elif phase == SINGER:
            self._resolve_singers(state, log)
        else:
            self._resolve_keep(state, log)

    def _resolve_singers(self, state, log: list[LogEntry] | None) -> None:
        colours = [state.choice[s].colour for s in range(state.n)]
        for s, colour in enumerate(colours):
            state.sheets[s][F_CREW + SINGER_SLOT] = LEAD_SINGERS[colour]
        state.choice = [None] * state.n
        state.waiting = None
        state.phase = TWO if state.solo else KEEP
        if log is not None:
            words = ", ".join(f"seat {s + 1} {COLOURS[c]}" for s, c in enumerate(colours))
            log.append(LogEntry(f"Lead singers: {words}."))

    def _resolve_keep(self, state, log: list[LogEntry] | None) -> None:
        for s in range(state.n):
            state.private[s] = state.offers[s][state.choice[s].goal]
            state.offers[s] = []
        state.choice = [None] * state.n
        state.waiting = None
        if log is not None:
            log.append(LogEntry("Every seat has kept a private goal."))
        self._start_week(state, log)

    def _resolve_picks(self, state, log: list[LogEntry] | None) -> None:
        n, hands, play_card = state.n, state.hands, self._play_card
        for s, move in enumerate(state.choice):
            play_card(state, s, move, log)
            del hands[s][move.card]
        state.choice = [None] * n
        state.waiting = None
        if not state.ending:
            for sheet, claimed in zip(state.sheets, state.claimed):
                if triggered(sheet, claimed):
                    state.ending = True
                    break
        state.step += 1
        if state.step == PICKS_PER_WEEK:
            for s in range(n):
                state.discards[s].extend(hands[s])
                hands[s] = []
            self._start_weekend(state, log)
            return
        way = clockwise(state.week)
        state.hands = hands[-1:] + hands[:-1] if way else hands[1:] + hands[:1]  # to the next seat, or back
        if log is not None:
            log.append(_PASS_LINES[way])

    def _play_card(self, state, seat, move, log: list[LogEntry] | None) -> None:
        """Carry out a card choice on the seat's sheet; the card leaves the hand elsewhere."""
        card = state.hands[seat][move.card]
        sheet = state.sheets[seat]
        _mark(sheet, card, move)
        if move.__class__ is Fail:
            state.discards[seat].append(card)
            if log is not None:
                log.append(LogEntry.lazy(_fail_text, (seat, sheet[F_FAILS]), seat))
        elif log is not None:
            log.append(LogEntry.lazy(_play_text, (seat, card, move.place, move.mult), seat))

    def _start_week(self, state, log: list[LogEntry] | None) -> None:
        """Deal five cards to each seat from the deck, topped up from its own shuffled private discard.
        When that cannot give everyone five, the game ends (the weekend just played was the last)."""
        n = state.n
        left = len(state.deck)
        for s in range(n):
            take = min(HAND, left)
            left -= take
            if HAND - take > len(state.discards[s]):
                self._finish(state, "The cards have run out.", log)
                return
        for s in range(n):
            take = min(HAND, len(state.deck))
            hand = [state.deck.pop() for _ in range(take)]
            if take < HAND:
                pile = state.discards[s]
                state.rng.shuffle(pile)
                hand += [pile.pop() for _ in range(HAND - take)]
            state.hands[s] = hand
        state.week += 1
        state.step = 0
        state.phase = DRAFT
        if log is not None:
            way = "clockwise" if clockwise(state.week) else "counter-clockwise"
            log.append(LogEntry(f"Week {state.week}: five cards each; hands pass {way} this week."))

    def _start_weekend(self, state, log: list[LogEntry] | None) -> None:
        for i in range(GOAL_SLOTS):  # the row refilled
            if state.row[i] < 0 and state.goal_deck:
                state.row[i] = state.goal_deck.pop()
        state.asked = None
        state.phase = WEEKEND
        state.slot = -1
        if log is not None:
            log.append(LogEntry(f"Weekend {state.week}."))
        self._next_goal(state, log)

    def _next_goal(self, state, log: list[LogEntry] | None) -> None:
        """Move to the next goal some seat must decide on; discard the impossible ones on the way."""
        state.waiting = None  # another step: other deciders
        while True:
            state.slot += 1
            if state.slot > PRIVATE:
                self._end_weekend(state, log)
                return
            if state.slot < PRIVATE:
                goal = state.row[state.slot]
                if goal < 0:
                    continue
                if goal_lost(state, goal):
                    state.row[state.slot] = -1
                    if log is not None:
                        log.append(LogEntry(f"{GOAL_NAME[goal]} can no longer be claimed: discarded."))
                    continue
            if self._deciders(state):
                return

    def _resolve_claims(self, state, log: list[LogEntry] | None) -> None:
        claimers = [s for s in self._deciders(state) if state.choice[s].__class__ is Claim]
        if state.slot == PRIVATE:
            for s in claimers:
                goal = state.private[s]
                state.private[s] = -1
                self._claim(state, s, goal, "private goal", log)
        else:
            goal = state.row[state.slot]
            for s in claimers:
                self._claim(state, s, goal, "goal", log)
            if claimers:
                state.row[state.slot] = -1
            elif log is not None:
                log.append(LogEntry(f"Everyone who could passes on {GOAL_NAME[goal]}."))
        state.choice = [None] * state.n
        state.waiting = None
        state.asked = None  # the claims changed the sheets
        if any(triggered(state.sheets[s], state.claimed[s]) for s in range(state.n)):
            state.ending = True
        self._next_goal(state, log)

    def _claim(self, state, seat, goal, what, log: list[LogEntry] | None) -> None:
        state.claimed[seat].append(goal)
        bonus = GOAL_BONUS[goal]
        if bonus != NONE:
            gain(state.sheets[seat], bonus)
        if log is not None:
            extra = f" and gains {BONUS_NAMES[bonus]}" if bonus != NONE else ""
            log.append(LogEntry(f"Seat {seat + 1} claims the {what} {GOAL_NAME[goal]} ({GOAL_POINTS[goal]} "
                                f"points){extra}.", seat))

    def _end_weekend(self, state, log: list[LogEntry] | None) -> None:
        state.slot = 0
        if state.ending:
            self._finish(state, "An end condition was met.", log)
        else:
            self._start_week(state, log)

    def _finish(self, state, why: str, log: list[LogEntry] | None) -> None:
        if log is not None:
            log.append(LogEntry(f"{why} The game ends."))
        for s in range(state.n):
            missing = missing_crew(state.sheets[s])
            close_sheet(state.sheets[s])
            if missing and log is not None:
                log.append(LogEntry(f"Seat {s + 1} checks a Fail for each of {missing} missing crews.", s))
            state.discards[s].extend(state.hands[s])
        state.phase = OVER
        state.hands = [[] for _ in range(state.n)]
        state.choice = [None] * state.n
        state.waiting = None

    # ----- solo --------------------------------------------------------------------------------

    def _apply_solo(self, state, move, log: list[LogEntry] | None) -> None:
        cls = move.__class__
        hand = state.hands[0]
        if cls is Draw:
            hand.append(state.deck.pop())
            state.phase = THREE
            if log is not None:
                log.append(LogEntry(f"Option B: a third card, {card_words(hand[-1])}.", 0))
            return
        if cls is Play or cls is Fail:
            self._play_card(state, 0, move, log)
            del hand[move.card]
            state.discards[0] += hand  # the cards not played, in hand order
            state.hands[0] = []
            if triggered(state.sheets[0], state.claimed[0]):
                self._finish(state, "An end condition was met.", log)
            elif state.phase == THREE:
                state.phase = GOAL
            else:
                self._solo_turn(state, log)
            return
        # the goal step: claim one goal of the row or pass, then the row slides right
        row = state.row
        if cls is Claim:
            goal = row[move.slot]
            self._claim(state, 0, goal, "goal", log)
            row[move.slot] = -1
        elif log is not None:
            log.append(LogEntry("Seat 1 passes on the goals.", 0))
        if row[GOAL_SLOTS - 1] >= 0:
            if log is not None:
                log.append(LogEntry(f"{GOAL_NAME[row[GOAL_SLOTS - 1]]} (the fourth goal) is discarded."))
            row[GOAL_SLOTS - 1] = -1
        kept = [g for g in row if g >= 0]
        state.row = [-1] * (GOAL_SLOTS - len(kept)) + kept
        # The page: slide the goals right, then draw one new goal (a claim leaves the row one short).
        if state.goal_deck and len(kept) < GOAL_SLOTS:
            state.row[GOAL_SLOTS - len(kept) - 1] = state.goal_deck.pop()
        if triggered(state.sheets[0], state.claimed[0]):
            self._finish(state, "An end condition was met.", log)
        else:
            self._solo_turn(state, log)

    def _solo_turn(self, state, log: list[LogEntry] | None) -> None:
        if len(state.deck) < 2:
            self._finish(state, "Fewer than two play cards are left.", log)
            return
        state.hands[0] = [state.deck.pop(), state.deck.pop()]
        state.phase = TWO

    # ----- what a seat sees --------------------------------------------------------------------

    def view(self, state, viewer):
        over = state.phase == OVER
        seats = []
        for s in range(state.n):
            mine = viewer == s
            entry = {
                "sheet": sheet_json(state.sheets[s], state.claimed[s]),
                "claimed": [goal_json(g) for g in state.claimed[s]],
                "hand_size": len(state.hands[s]),
                "discard_size": len(state.discards[s]),
                "has_private": state.private[s] >= 0,
                "private": goal_json(state.private[s]) if (mine or over) and state.private[s] >= 0 else None,
            }
            if mine or over:  # the end shows every private discard, in the order its cards went there
                entry["discard"] = [card_json(c) for c in state.discards[s]]
            seats.append(entry)
        out = {
            "phase": PHASES[state.phase],
            "solo": state.solo,
            "week": state.week,
            "step": state.step + 1,
            "direction": "clockwise" if clockwise(state.week) else "counter-clockwise",
            "deck": len(state.deck),
            "goal_deck": len(state.goal_deck),
            "row": [None if g < 0 else {**goal_json(g), "can_claim": [s for s in range(state.n)
                                                                       if can_claim(state, s, g)]}
                    for g in state.row],
            "slot": state.slot if state.phase == WEEKEND else None,
            "ending": state.ending,
            "seats": seats,
        }
        if state.solo:
            out["target"] = SOLO_TARGET
        if viewer is not None and 0 <= viewer < state.n:
            out["hand"] = self._hand_view(state, viewer)
            out["offers"] = [goal_json(g) for g in state.offers[viewer]]
            chosen = state.choice[viewer]
            out["chosen"] = None if chosen is None else self.describe_move(state, viewer, chosen)
        return out

    def _hand_view(self, state, seat) -> list[dict]:
        """Each card in the hand with the places it may go now and the points each would add."""
        hand = state.hands[seat]
        if not hand:
            return []
        moves = self._card_moves(state, seat, range(len(hand))) if state.choice[seat] is None else []
        before = seat_total(state, seat)
        out = []
        for i, card in enumerate(hand):
            places = []
            for m in moves:
                if m.__class__ is Play and m.card == i:
                    after = state.sheets[seat][:]
                    _mark(after, card, m)
                    places.append({"move": notation.to_json(m), "place": PLACE_NAMES[m.place], "mult": bool(m.mult),
                                   "gain": section_total(after, state.claimed[seat]) - before})
            out.append({**card_json(card), "index": i, "places": places,
                        "playable": state.phase != THREE or i in solo_playable(hand)})
        return out

    def render_text(self, view, viewer):
        when = f"solo, target {view['target']}" if view["solo"] else f"week {view['week']} ({view['direction']})"
        lines = [f"Draft & Write Records: {view['phase']}, {when}, deck {view['deck']}"]
        for i, g in enumerate(view["row"]):
            lines.append(f"  goal {i + 1}: " + ("-" if g is None else
                                                f"{g['name']} ({g['points']}): {g['text']}, can claim "
                                                f"{[s + 1 for s in g['can_claim']]}"))
        for s, seat in enumerate(view["seats"]):
            sh = seat["sheet"]
            crew = " ".join(c["card"]["text"].split(" [")[0] if c["card"] else c["slot"] for c in sh["crew"])
            lines.append(f"Seat {s + 1}: {sh['total']} points; fails {sh['fails']}, albums {sh['albums']} x singles "
                         f"{sh['singles']}, tour {sh['tour']}, cash {sh['cash']}, multipliers "
                         f"{sh['multipliers']}-{sh['used']}, harmonies {sh['harmonies']}, goals "
                         f"{[g['name'] for g in seat['claimed']]}")
            lines.append(f"   crew: {crew}")
            lines.append(f"   agenda {''.join('x' if a else '.' for a in sh['agenda'])}  assets "
                         f"{''.join('x' if a else '.' for a in sh['assets'])}")
            if seat["private"]:
                lines.append(f"   private goal: {seat['private']['name']} ({seat['private']['text']})")
        for card in view.get("hand", []):
            places = ", ".join(f"{p['place']}{' x2' if p['mult'] else ''} +{p['gain']}" for p in card["places"])
            lines.append(f"  card {card['index'] + 1}: {card['text']}  places {places}")
        for i, g in enumerate(view.get("offers", [])):
            lines.append(f"  private goal {i + 1}: {g['name']} ({g['points']}): {g['text']}")
        return "\n".join(lines)

    def prompt(self, state, seat):
        phase = state.phase
        if phase == DRAFT:
            return f"Week {state.week}, pick {state.step + 1} of 4: play a card on your sheet or fail it."
        if phase == WEEKEND:
            if state.slot != PRIVATE:
                return f"Weekend: claim {GOAL_NAME[state.row[state.slot]]}, or pass."
            # (every seat holding a private goal is asked, met or not, so that being asked tells the others
            # nothing; the seat itself knows whether it may claim)
            if not any(m.__class__ is Claim for m in self.legal_moves(state, seat)):
                return "Weekend: your private goal is not met yet: pass."
            return "Weekend: claim your private goal, or pass."
        return _PROMPTS[phase]

    def describe_move(self, state, seat, move):
        return _describe(move, self._subject(state, seat, move))

    def _subject(self, state, seat, move) -> int:
        """What the move is about, for its words: the card it plays or fails, or the goal it keeps
        or claims (-1: none)."""
        cls = move.__class__
        hand = state.hands[seat] if seat < state.n else []
        if cls is Play or cls is Fail:
            return hand[move.card] if move.card < len(hand) else -1
        if cls is Keep:
            return state.offers[seat][move.goal] if state.offers[seat] else -1
        if cls is Claim:
            return state.private[seat] if move.slot == PRIVATE else state.row[move.slot]
        return -1

    # ----- scores ------------------------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        out = []
        for s in range(state.n):
            sheet, claimed = state.sheets[s], state.claimed[s]
            points = section_points(sheet, sum(GOAL_POINTS[g] for g in claimed))
            rows = tuple(ScoreRow(key, label, count, pts, detail)
                         for (key, label), pts, (count, detail) in zip(SECTIONS, points, _details(sheet, claimed)))
            out.append(SeatSheet(s, rows, sum(points)))
        return out

    def scores(self, state):
        return [seat_total(state, s) for s in range(state.n)]

    def outcome(self, state):
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        if state.solo:
            score = scores[0]
            won = score >= SOLO_TARGET
            verdict = (f"{score} points: target {SOLO_TARGET} reached." if won
                       else f"{score} points: {SOLO_TARGET - score} short of the target {SOLO_TARGET}.")
            return Outcome.solo(score, won, verdict)
        fails = tuple(state.sheets[s][F_FAILS] for s in range(state.n))
        goals = tuple(len(c) for c in state.claimed)
        return ranked_outcome(scores, (TieBreak(tuple(-f for f in fails), "fewer Fails ({})", "Fails", fails),
                                       TieBreak(goals, "more goals ({})", "goals")))

    # ----- positions ---------------------------------------------------------------------------

    state_class = RecordsState

    def loaded(self, s, data, at):
        cards = sorted(s.deck + [c for h in s.hands for c in h] + [c for d in s.discards for c in d])
        placed = [c for sh in s.sheets for c in sh[F_CREW:F_CREW + N_CREW] if 0 <= c < N_CARDS]
        check_position(len(set(cards)) == len(cards) and set(cards).isdisjoint(placed),
                       "a card is in two places or unknown")
        # several seats may claim the same public goal, so only the goals still in play must be unique
        goals = s.goal_deck + [g for g in s.private + s.row if g >= 0] + [g for o in s.offers for g in o]
        check_position(len(set(goals)) == len(goals) and all(len(set(c)) == len(c) for c in s.claimed),
                       "a goal is in two places or unknown")
        for seat, sheet in enumerate(s.sheets):
            _check_sheet(sheet, seat, s.phase == SINGER)
        self._check_step(s)

    def _check_step(self, s: RecordsState) -> None:
        """The phase, week, pick and goal step are ones play reaches, and each choice made is legal."""
        n, phase = s.n, s.phase
        solo_phases = (SINGER, TWO, THREE, GOAL, OVER)
        check_position(phase in solo_phases if s.solo else phase not in (TWO, THREE, GOAL),
                       f"phase {PHASES[phase]} is not one of a {'solo' if s.solo else 'multi-player'} game.")
        if s.solo or phase in (SINGER, KEEP):
            check_position(s.week == 0, "week counts the weeks dealt: 0 before the first (and always solo).")
        else:
            check_position(s.week >= 1 or phase == OVER, "week counts the weeks dealt, from 1.")
        sizes = [len(h) for h in s.hands]
        if phase == DRAFT:
            check_position(0 <= s.step < PICKS_PER_WEEK and sizes == [HAND - s.step] * n,
                           f"Pick {s.step + 1} of a week: every hand holds {HAND - s.step} cards.")
        elif phase in (TWO, THREE, GOAL):
            need = {TWO: 2, THREE: 3, GOAL: 0}[phase]
            check_position(sizes == [need], f"Solo {PHASES[phase]}: {need} cards in hand.")
        elif not (s.solo and phase == SINGER):
            check_position(sizes == [0] * n, f"No cards in hand in the {PHASES[phase]} phase.")
        if not s.solo:
            check_position(all(len(o) == (2 if phase in (SINGER, KEEP) else 0) for o in s.offers),
                           "Two private goals are offered until one is kept.")
            if phase in (SINGER, KEEP):
                check_position(s.private == [-1] * n, "No private goal is kept before the keep step.")
        if phase == WEEKEND:
            check_position(0 <= s.slot <= PRIVATE and (s.slot == PRIVATE or s.row[s.slot] >= 0)
                           and bool(self._deciders(s)),
                           "The weekend's step names a goal that some seat is asked about.")
        simultaneous = phase in (SINGER, KEEP, DRAFT, WEEKEND)
        check_position(simultaneous or all(c is None for c in s.choice), "Choices are made in the simultaneous "
                                                                       "steps only.")
        if simultaneous:
            made = s.choice
            s.choice = [None] * n
            for seat, move in enumerate(made):
                check_position(move is None or move in self.legal_moves(s, seat),
                               f"Seat {seat + 1}'s choice {notation.to_text(move) if move else ''} is not legal here.")
            s.choice = made
            s.asked = s.waiting = None
            check_position(bool(self.to_move(s)), "Everyone has chosen: the step should have been resolved.")

    # ----- search support ----------------------------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """Deal again what `seat` has not seen: the deck, the goal deck, the other hands, the other
        private discards and private goals (each keeps its size); a seat that has already made its
        hidden choice in this step has made some legal choice of this world."""
        world = state.copy()
        if state.phase == OVER:
            return world
        others = [s for s in range(state.n) if s != seat]
        cards = redeal(state.deck + [c for s in others for c in state.hands[s] + state.discards[s]], rng)
        world.deck = [cards.pop() for _ in range(len(state.deck))]
        for s in others:
            world.hands[s] = [cards.pop() for _ in range(len(state.hands[s]))]
            world.discards[s] = [cards.pop() for _ in range(len(state.discards[s]))]
        goals = redeal(state.goal_deck + [g for s in others for g in state.offers[s]]
                       + [state.private[s] for s in others if state.private[s] >= 0], rng)
        world.goal_deck = [goals.pop() for _ in range(len(state.goal_deck))]
        for s in others:
            world.offers[s] = [goals.pop() for _ in range(len(state.offers[s]))]
            if state.private[s] >= 0:
                world.private[s] = goals.pop()
        for s in others:
            if state.choice[s] is not None:  # it has chosen (that much is public): something legal here
                world.choice[s] = None
                world.choice[s] = rng.choice(self.legal_moves(world, s))
        world.rng = rng.fork()
        world.waiting = None
        return world

    def shuffle_unseen(self, state, rng):
        """The deck and the goal deck in a new order; hands, private discards, offers and private
        goals stay, each seen by its owner."""
        return reshuffled(state, rng, "deck", "goal_deck")

    def heuristic(self, state, seat):
        """The seat's own hidden pick, valued as if it were already made (it is, for this seat), the
        crews still missing (each a Fail at the end), unused multipliers and banked tour steps."""
        if state.phase == OVER:
            return 0.0
        sheet = state.sheets[seat]
        claimed = state.claimed[seat]
        now = section_total(sheet, claimed)
        after = sheet
        chosen = state.choice[seat]
        value = 0.0
        if chosen is not None:
            if chosen.__class__ in (Play, Fail) and chosen.card < len(state.hands[seat]):
                after = sheet[:]
                _mark(after, state.hands[seat][chosen.card], chosen)
                value += section_total(after, claimed) - now
                if chosen.__class__ is Fail:
                    value -= FAIL_REGRET
            elif chosen.__class__ is Claim:
                goal = state.private[seat] if chosen.slot == PRIVATE else state.row[chosen.slot]
                if goal >= 0:
                    value += GOAL_POINTS[goal]
        # the Fails the missing crews would check at the end (their cash bonus left aside)
        fails, missing = after[F_FAILS], missing_crew(after)
        checked = min(N_FAILS, fails + missing)
        value -= 0.5 * (FAIL_LOSS[checked] - FAIL_LOSS[fails] + EXTRA_MISSING_LOSS * (fails + missing - checked))
        value += 2.0 * (after[F_MULT] - after[F_USED]) + 1.0 * after[F_BANK] + 0.5 * after[F_CASH]
        return value + progress(after)


# ----- helpers the views, the heuristic and the tests share ------------------------------------

def progress(sheet: list[int]) -> float:
    """Points on the way that the sections do not count yet: a release track grows the product, a
    line or pair half done is half a bonus, a harmony row half full half its points."""
    value = 1.0 * (sheet[F_ALBUM] + sheet[F_SINGLE]) + _AGENDA_PROGRESS[sheet[F_AGENDA]] + \
        _ASSET_PROGRESS[sheet[F_ASSETS]]
    for k in sheet[F_HARM:F_HARM + N_COLOURS]:
        if k < 4:
            value += 0.6 * k
    return value


def _agenda_progress(mask: int) -> float:
    value = 0.0
    for lm in AGENDA_LINE_MASKS:
        k = bin(mask & lm).count("1")
        if k < 3:
            value += 0.6 * k
    return value


def _asset_progress(mask: int) -> float:
    return 0.8 * sum(1 for a, b, _ in ASSET_PAIRS if (mask >> a & 1) != (mask >> b & 1))


# Looked up by mask: the heuristic is called thousands of times a decision.
_AGENDA_PROGRESS = tuple(_agenda_progress(m) for m in range(1 << N_AGENDA))
_ASSET_PROGRESS = tuple(_asset_progress(m) for m in range(1 << N_ASSETS))


_PROMPTS = {SINGER: f"Choose the colour of your lead singer ({', '.join(COLOURS)}).",
            KEEP: "Keep one of your two private goals (keep 1 / keep 2).",
            TWO: "Play one of the two cards (option A) or draw a third (option B).",
            THREE: "Play the card the three cards allow.",
            GOAL: "Claim one goal of the row, or pass.",
            OVER: "The game is over."}
#: _SEATS[mask]: the seats of the mask (bit s: seat s), shared by to_move (six seats at most).
_SEATS = tuple(frozenset(s for s in range(6) if mask >> s & 1) for mask in range(1 << 6))
#: _LOWEST[mask]: the lowest seat of the mask (-1: none), for actor.
_LOWEST = tuple((mask & -mask).bit_length() - 1 for mask in range(1 << 6))
_PASS_LINES = (LogEntry("The hands pass counter-clockwise."), LogEntry("The hands pass clockwise."))


def _describe(move, subject: int) -> str:
    """A move in words, given what it is about (`_subject`)."""
    cls = move.__class__
    if subject >= 0:
        if cls is Play:
            return f"play {card_words(subject)} on {place_words(move.place)}{' with a multiplier' if move.mult else ''}"
        if cls is Fail:
            return f"fail {card_words(subject)}"
        if cls is Keep:
            return f"keep {GOAL_NAME[subject]}"
        if cls is Claim:
            return f"claim {GOAL_NAME[subject]}"
    if cls is Singer:
        return f"a {COLOURS[move.colour]} lead singer"
    if cls is Pass:
        return "pass on this goal"
    if cls is Draw:
        return "draw a third card"
    return notation.to_text(move)


def _choice_text(seat: int, move, subject: int) -> str:
    return f"Seat {seat + 1}: {_describe(move, subject)}."


def _fail_text(seat: int, fails: int) -> str:
    return f"Seat {seat + 1} fails a card (Fail {fails})."


def _play_text(seat: int, card: int, place: int, mult: int) -> str:
    return f"Seat {seat + 1} plays {card_words(card)} on {place_words(place)}{' with a multiplier' if mult else ''}."


def _check_sheet(sheet: list[int], seat: int, choosing_singer: bool) -> None:
    """Every number of a sheet within what the sheet can hold, crews in slots of their role."""
    where = f"Seat {seat + 1}'s sheet"
    bounds = {F_FAILS: N_FAILS, F_AGENDA: (1 << N_AGENDA) - 1, F_ALBUM: RELEASE_LEN, F_SINGLE: RELEASE_LEN,
              F_TOUR: TOUR_LEN, F_MULT: N_MULT, F_USED: N_MULT, F_ASSETS: (1 << N_ASSETS) - 1, F_CASH: N_CASH,
              F_CMULT: (1 << N_CREW) - 1, F_EXTRA: N_CREW, F_BANK: TOUR_LEN}
    for field, top in bounds.items():
        check_position(0 <= sheet[field] <= top, f"{where}: field {field} must be 0 to {top}.")
    check_position(sheet[F_USED] <= sheet[F_MULT], f"{where}: more multipliers used than gained.")
    check_position(all(0 <= sheet[F_HARM + c] <= HARM_LEN for c in range(N_COLOURS)),
                   f"{where}: a harmony row holds 0 to {HARM_LEN} checks.")
    for slot in range(N_CREW):
        card = sheet[F_CREW + slot]
        if slot == SINGER_SLOT:
            check_position(card == NO_SINGER if choosing_singer else card in LEAD_SINGERS,
                           f"{where}: the lead singer's slot holds a lead singer (empty until one is chosen).")
        else:
            check_position(card == -1 or 0 <= card < N_CARDS and CARD_KIND[card] == CREW
                           and CARD_ROLE[card] == CREW_ROLE[slot],
                           f"{where}: crew slot {CREW_SLOT_NAMES[slot]} holds a crew of its role, or nothing.")


def solo_playable(hand: list[int]) -> list[int]:
    """Solo option B: with three cards of one section, or of three sections, any may be played;
    with two of one section, only the other."""
    if len(hand) < 3:
        return list(range(len(hand)))
    kinds = [CARD_KIND[c] for c in hand]
    if len(set(kinds)) != 2:
        return [0, 1, 2]
    return [i for i in range(3) if kinds.count(kinds[i]) == 1]


def _mark(sheet: list[int], card: int, move) -> None:
    """A Play or Fail of `card` on the sheet: its mark, then the card's bonus."""
    if move.__class__ is Fail:
        fail(sheet)
        return
    kind = CARD_KIND[card]
    if kind == CREW:
        place_crew(sheet, move.place, card, bool(move.mult))
    elif kind == AGENDA:
        mark_agenda(sheet, move.place - PLACE_AGENDA)
    else:
        mark_asset(sheet, move.place - PLACE_ASSET)
    if CARD_BONUS[card] != NONE:
        gain(sheet, CARD_BONUS[card])


def section_total(sheet: list[int], claimed: list[int]) -> int:
    return sum(section_points(sheet, sum(GOAL_POINTS[g] for g in claimed)))


def seat_total(state, seat: int) -> int:
    return section_total(state.sheets[seat], state.claimed[seat])


def goal_json(goal: int) -> dict:
    bonus = GOAL_BONUS[goal]
    return {"id": goal, "name": GOAL_NAME[goal], "text": GOAL_TEXT[goal], "points": GOAL_POINTS[goal],
            "bonus": None if bonus == NONE else BONUS_NAMES[bonus]}


def sheet_json(sheet: list[int], claimed: list[int]) -> dict:
    points = section_points(sheet, sum(GOAL_POINTS[g] for g in claimed))
    crew = []
    for slot in range(N_CREW):
        card = sheet[F_CREW + slot]
        crew.append({"slot": CREW_SLOT_NAMES[slot], "role": ROLE_NAMES[CREW_ROLE[slot]], "cash": CREW_CASH[slot],
                     "locked": sheet[F_CASH] < CREW_CASH[slot], "doubled": bool(sheet[F_CMULT] >> slot & 1),
                     "card": None if card < 0 else card_json(card)})
    mask_a, mask_s = sheet[F_AGENDA], sheet[F_ASSETS]
    return {
        "fails": sheet[F_FAILS], "fail_loss": list(FAIL_LOSS[1:]), "extra_missing": sheet[F_EXTRA],
        "agenda": [bool(mask_a >> i & 1) for i in range(N_AGENDA)],
        "lines": [AGENDA_LINE_NAMES[k] for k, lm in enumerate(AGENDA_LINE_MASKS) if mask_a & lm == lm],
        "albums": sheet[F_ALBUM], "singles": sheet[F_SINGLE],
        "crew": crew, "missing_crew": missing_crew(sheet),
        "tour": sheet[F_TOUR], "tour_bank": sheet[F_BANK], "tour_points": list(TOUR_POINTS),
        "tour_cash": list(TOUR_CASH), "tour_bonus": [None if b == NONE else BONUS_NAMES[b] for b in TOUR_BONUS],
        "multipliers": sheet[F_MULT], "used": sheet[F_USED],
        "assets": [bool(mask_s >> i & 1) for i in range(N_ASSETS)],
        "harmonies": list(sheet[F_HARM:F_HARM + N_COLOURS]),
        "harmony_bonus": [[None if b == NONE else BONUS_NAMES[b] for b in row] for row in HARM_BONUS],
        "cash": sheet[F_CASH],
        "sections": {key: p for (key, _), p in zip(SECTIONS, points)},
        "total": sum(points),
    }


def _details(sheet: list[int], claimed: list[int]) -> list[tuple[int, str]]:
    missing = missing_crew(sheet)
    return [
        (sheet[F_FAILS], f"{sheet[F_FAILS]} of {N_FAILS} Fails checked" +
         (f"; {missing} crews missing, each a Fail at the end" if missing else "")),
        (len(claimed), ", ".join(f"{GOAL_NAME[g]} {GOAL_POINTS[g]}" for g in claimed) or "no goal claimed"),
        (agenda_lines(sheet), f"{bin(sheet[F_AGENDA]).count('1')} spaces, {agenda_lines(sheet)} lines"),
        (sheet[F_ALBUM] + sheet[F_SINGLE], f"{sheet[F_ALBUM]} albums x {sheet[F_SINGLE]} singles"),
        (CREW_TO_PLACE - missing, f"{CREW_TO_PLACE - missing} of {CREW_TO_PLACE} crews placed, "
                                  f"{bin(sheet[F_CMULT]).count('1')} doubled"),
        (sheet[F_TOUR], f"{sheet[F_TOUR]} of {TOUR_LEN} spaces" +
         (f", {sheet[F_BANK]} steps waiting at a cash gate" if sheet[F_BANK] else "")),
        (sheet[F_MULT], f"{sheet[F_MULT]} gained, {sheet[F_USED]} used"),
        (bin(sheet[F_ASSETS]).count("1"), f"{bin(sheet[F_ASSETS]).count('1')} of {N_ASSETS} spaces"),
        (sum(sheet[F_HARM:F_HARM + N_COLOURS]),
         ", ".join(f"{COLOURS[c]} {sheet[F_HARM + c]}" for c in range(N_COLOURS))),
    ]


GAME = DraftAndWriteRecords()
