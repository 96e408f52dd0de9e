"""A pure-Python floor for Draft & Write Records: the least work the engine's random playout can be done with.

The same deck and goals from the same seed, the same legal choices in the same order (the lead
singer's colour; each card of the hand onto each open place, with a multiplier where one is spare,
then its Fail; claim or pass),
the same random choice among them, seat by seat, and the same reshuffles of the private discards.
Nothing a person reads: no move objects, log, views or hidden choices kept for later; a simultaneous
step is simply each seat's choice in turn, then its resolution. The sheet's marks and the goals' tests
are the game's own (sheet.py and goals.py are already flat lists of ints and plain functions on them:
there is nothing leaner to write), so this floor measures everything around them.
The reference the engine is measured against (bench/engine_vs_floor.py); tests/test_bench_floors.py
checks it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.draft_and_write_records.components import (
    AGENDA,
    CARD_BONUS,
    CARD_KIND,
    CARD_PLACES,
    CARD_ROLE,
    CREW,
    CREW_CASH,
    LEAD_SINGERS,
    MAX_GOALS,
    N_COLOURS,
    N_FAILS,
    N_PLACES,
    NONE,
    PLACE_AGENDA,
    PLACE_ASSET,
    SLOTS_OF_ROLE,
    deck_for,
)
from meeple.games.draft_and_write_records.goals import GOAL_BONUS, GOAL_POINTS, N_GOALS, lost_for, meets
from meeple.games.draft_and_write_records.sheet import (
    F_AGENDA,
    F_ASSETS,
    F_CASH,
    F_CREW,
    F_FAILS,
    F_MULT,
    F_USED,
    close_sheet,
    fail,
    gain,
    mark_agenda,
    mark_asset,
    new_sheet,
    place_crew,
    section_points,
)

HAND, GOAL_SLOTS, WEEK = 5, 4, 4


def card_options(sheet: list[int], hand: list[int], cards) -> list[int]:
    """The choices for these cards of the hand: (i * N_PLACES + place) * 2 + mult, or ~i for a Fail."""
    spare = sheet[F_MULT] > sheet[F_USED]
    cash = sheet[F_CASH]
    out = []
    for i in cards:
        card = hand[i]
        kind = CARD_KIND[card]
        base = i * N_PLACES
        if kind == CREW:
            for slot in SLOTS_OF_ROLE[CARD_ROLE[card]]:
                if sheet[F_CREW + slot] < 0 and cash >= CREW_CASH[slot]:
                    out.append((base + slot) * 2)
                    if spare:
                        out.append((base + slot) * 2 + 1)
        elif kind == AGENDA:
            mask = sheet[F_AGENDA]
            for p in CARD_PLACES[card]:
                if not mask >> (p - PLACE_AGENDA) & 1:
                    out.append((base + p) * 2)
        else:
            mask = sheet[F_ASSETS]
            for p in CARD_PLACES[card]:
                if not mask >> (p - PLACE_ASSET) & 1:
                    out.append((base + p) * 2)
        out.append(~i)
    return out


def play_card(sheet: list[int], discard: list[int], hand: list[int], code: int) -> int:
    """Carry out a choice on the sheet; returns the hand index of the card used."""
    if code < 0:
        i = ~code
        fail(sheet)
        discard.append(hand[i])
        return i
    i, place = divmod(code >> 1, N_PLACES)
    card = hand[i]
    kind = CARD_KIND[card]
    if kind == CREW:
        place_crew(sheet, place, card, bool(code & 1))
    elif kind == AGENDA:
        mark_agenda(sheet, place - PLACE_AGENDA)
    else:
        mark_asset(sheet, place - PLACE_ASSET)
    if CARD_BONUS[card] != NONE:
        gain(sheet, CARD_BONUS[card])
    return i


def triggered(sheet: list[int], claimed: list[int]) -> bool:
    return sheet[F_FAILS] >= N_FAILS or -1 not in sheet[F_CREW:] or len(claimed) >= MAX_GOALS


def claim(sheet: list[int], claimed: list[int], goal: int) -> None:
    claimed.append(goal)
    if GOAL_BONUS[goal] != NONE:
        gain(sheet, GOAL_BONUS[goal])


def refill(row: list[int], goal_deck: list[int]) -> None:
    for i in range(GOAL_SLOTS):
        if row[i] < 0 and goal_deck:
            row[i] = goal_deck.pop()


def totals(sheets, claimed) -> list[int]:
    return [sum(section_points(s, sum(GOAL_POINTS[g] for g in c))) for s, c in zip(sheets, claimed)]


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    pick = rng.next_u64
    chance = Rng(seed)
    deck = deck_for(n)
    chance.shuffle(deck)
    goal_deck = list(range(N_GOALS))
    chance.shuffle(goal_deck)
    sheets = [new_sheet(LEAD_SINGERS[pick() % N_COLOURS]) for _ in range(n)]  # each seat's lead singer, in turn
    claimed: list[list[int]] = [[] for _ in range(n)]
    discards: list[list[int]] = [[] for _ in range(n)]
    row = [-1] * GOAL_SLOTS
    refill(row, goal_deck)
    if n == 1:
        scores, moves = solo(pick, deck, goal_deck, row, sheets[0], claimed[0], discards[0])
        return scores, moves + 1  # the singer
    offers = [(goal_deck.pop(), goal_deck.pop()) for _ in range(n)]
    private = [offers[s][pick() % 2] for s in range(n)]  # everyone keeps one of two, seat by seat
    moves = 2 * n  # the singers and the private goals
    seats = range(n)
    ending = False
    week = 0
    while True:
        # A week: five cards each from the deck, topped up from each seat's own shuffled discard.
        left = len(deck)
        short = False
        for s in seats:
            take = min(HAND, left)
            left -= take
            if HAND - take > len(discards[s]):
                short = True
                break
        if short:
            break
        hands = []
        for s in seats:
            take = min(HAND, len(deck))
            hand = [deck.pop() for _ in range(take)]
            if take < HAND:
                pile = discards[s]
                chance.shuffle(pile)
                hand += [pile.pop() for _ in range(HAND - take)]
            hands.append(hand)
        week += 1
        for step in range(WEEK):
            chosen = []
            for s in seats:
                hand = hands[s]
                found = card_options(sheets[s], hand, range(len(hand)))
                chosen.append(found[pick() % len(found)])
            moves += n
            for s in seats:
                del hands[s][play_card(sheets[s], discards[s], hands[s], chosen[s])]
            if any(triggered(sheets[s], claimed[s]) for s in seats):
                ending = True
            if step < WEEK - 1:
                hands = hands[-1:] + hands[:-1] if week % 2 == 1 else hands[1:] + hands[:1]
        for s in seats:
            discards[s].extend(hands[s])
        # The weekend: each public goal in turn, then the private ones; those who may, claim or pass.
        refill(row, goal_deck)
        for slot in range(GOAL_SLOTS):
            goal = row[slot]
            if goal < 0:
                continue
            if all(len(claimed[s]) >= MAX_GOALS or lost_for(goal, sheets[s]) for s in seats):
                row[slot] = -1
                continue
            deciders = [s for s in seats if len(claimed[s]) < MAX_GOALS and meets(goal, sheets[s])]
            if not deciders:
                continue
            claimers = [s for s in deciders if pick() % 2 == 0]
            moves += len(deciders)
            for s in claimers:
                claim(sheets[s], claimed[s], goal)
            if claimers:
                row[slot] = -1
            if any(triggered(sheets[s], claimed[s]) for s in seats):
                ending = True
        deciders = [s for s in seats if private[s] >= 0 and len(claimed[s]) < MAX_GOALS]
        if deciders:
            claimers = []
            for s in deciders:
                if meets(private[s], sheets[s]):
                    if pick() % 2 == 0:
                        claimers.append(s)
                else:
                    pick()  # Pass, the one choice
            moves += len(deciders)
            for s in claimers:
                goal = private[s]
                private[s] = -1
                claim(sheets[s], claimed[s], goal)
            if any(triggered(sheets[s], claimed[s]) for s in seats):
                ending = True
        if ending:
            break
    for sheet in sheets:
        close_sheet(sheet)
    return totals(sheets, claimed), moves


def solo(pick, deck: list[int], goal_deck: list[int], row: list[int], sheet: list[int], claimed: list[int],
         discard: list[int]) -> tuple[list[int], int]:
    """Solo: two cards, play one (option A) or draw a third (option B), play the one the rule allows,
    then claim a goal of the row or pass; the row slides right and draws one new goal."""
    moves = 0
    while len(deck) >= 2:
        hand = [deck.pop(), deck.pop()]
        found = card_options(sheet, hand, (0, 1))
        r = pick() % (len(found) + (1 if deck else 0))  # a third card while the deck has one
        moves += 1
        third = r == len(found)
        if third:  # option B
            hand.append(deck.pop())
            kinds = [CARD_KIND[c] for c in hand]
            allowed = (0, 1, 2) if len(set(kinds)) != 2 else [i for i in range(3) if kinds.count(kinds[i]) == 1]
            found = card_options(sheet, hand, allowed)
            r = pick() % len(found)
            moves += 1
        i = play_card(sheet, discard, hand, found[r])
        discard.extend(c for k, c in enumerate(hand) if k != i)
        if triggered(sheet, claimed):
            break
        if not third:
            continue
        slots = [k for k in range(GOAL_SLOTS) if row[k] >= 0 and len(claimed) < MAX_GOALS and meets(row[k], sheet)]
        r = pick() % (len(slots) + 1)
        moves += 1
        if r < len(slots):
            claim(sheet, claimed, row[slots[r]])
            row[slots[r]] = -1
        row[GOAL_SLOTS - 1] = -1
        kept = [g for g in row if g >= 0]
        row[:] = [-1] * (GOAL_SLOTS - len(kept)) + kept
        if goal_deck:  # one new goal on the left of the slid row
            row[GOAL_SLOTS - len(kept) - 1] = goal_deck.pop()
        if triggered(sheet, claimed):
            break
    close_sheet(sheet)
    return totals([sheet], [claimed]), moves


GAME = "draft_and_write_records"
TABLES: tuple[tuple[int, dict], ...] = tuple((n, {}) for n in range(1, 7))
