"""A pure-Python floor for Draft & Write Records: the least work the engine's random playout can be done with.

The same deck and goals from the same seed, the same legal choices in the same order (the lead
singer's colour; each card of the hand onto each open place, with a multiplier where one is spare,
then its Fail; claim or pass),
the same random choice among them, seat by seat, and the same reshuffles of the private discards.
Nothing a person reads: no move objects, log, views or hidden choices kept for later; a simultaneous
step is simply each seat's choice in turn, then its resolution. The sheet (a flat list of ints), its
bonuses, the goals' tests and the score are written here from the rules; from the game it takes only
the cards' and goals' data tables.
The reference the engine is measured against (bench/engine_vs_floor.py); tests/test_bench_floors.py
checks it plays exactly the engine's games.
"""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.draft_and_write_records.components import (
    AGENDA,
    AGENDA_LINE_BONUS,
    AGENDA_LINE_MASKS,
    AGENDA_LINE_POINTS,
    AGENDA_LINES_OF,
    ALBUM,
    ALBUM_BONUS,
    ASSET_PAIRS,
    ASSET_PAIRS_OF,
    ASSET_POINTS,
    BACKSTAGE,
    CARD_BONUS,
    CARD_KIND,
    CARD_NUMBER,
    CARD_PLACES,
    CARD_ROLE,
    CARD_SCORE,
    CARD_SIDES,
    CASH,
    CREW,
    CREW_CASH,
    CREW_NEIGHBOURS,
    CREW_TO_PLACE,
    EXTRA_MISSING_LOSS,
    FAIL_CASH_AT,
    FAIL_LOSS,
    HARM_ANY,
    HARM_BONUS,
    HARM_COL_POINTS,
    HARM_LEN,
    HARM_RED,
    HARM_ROW_POINTS,
    LEAD_SINGERS,
    MAX_GOALS,
    MULT,
    MUSICIAN,
    N_CARDS,
    N_CASH,
    N_COLOURS,
    N_CREW,
    N_FAILS,
    N_MULT,
    N_PLACES,
    NONE,
    OPPOSITE,
    PLACE_AGENDA,
    PLACE_ASSET,
    PRODUCER,
    RELEASE_LEN,
    SINGER_SCORE,
    SINGER_SLOT,
    SINGLE,
    SINGLE_BONUS,
    SLOTS_OF_ROLE,
    TOUR,
    TOUR_BONUS,
    TOUR_CASH,
    TOUR_LEN,
    TOUR_POINTS,
)
from meeple.games.draft_and_write_records.goals import GOAL_BONUS, GOAL_FAIL_LIMIT, GOAL_POINTS, N_GOALS

# ----- the sheet: one flat list of ints -----------------------------------------------------------
(F_FAILS, F_EXTRA, F_AGENDA, F_ALBUM, F_SINGLE, F_TOUR, F_BANK, F_MULT, F_USED, F_ASSETS, F_CASH,
 F_CMULT) = range(12)
F_HARM = 12                      # the four colours' harmony rows
F_CREW = F_HARM + N_COLOURS      # the crew slots: card id or -1
SIDES = CARD_SIDES + tuple((c, c, c, c) for c in range(N_COLOURS))  # by card id, the lead singers last
SCORE = CARD_SCORE + (SINGER_SCORE,) * N_COLOURS


def new_sheet(singer: int) -> list[int]:
    sheet = [0] * F_CREW + [-1] * N_CREW
    sheet[F_CREW + SINGER_SLOT] = singer
    return sheet


def gain(sheet: list[int], bonus: int) -> None:
    """A bonus, taken at once, and whatever it sets off."""
    if bonus == ALBUM or bonus == SINGLE:
        field, steps = (F_ALBUM, ALBUM_BONUS) if bonus == ALBUM else (F_SINGLE, SINGLE_BONUS)
        n = sheet[field]
        if n < RELEASE_LEN:
            sheet[field] = n + 1
            if steps[n] != NONE:
                gain(sheet, steps[n])
    elif bonus == TOUR:
        sheet[F_BANK] += 1
        tour(sheet)
    elif bonus == CASH:
        if sheet[F_CASH] < N_CASH:
            sheet[F_CASH] += 1
            tour(sheet)
    elif bonus == MULT:
        if sheet[F_MULT] < N_MULT:
            sheet[F_MULT] += 1
    elif bonus == HARM_ANY:  # to the first row with the fewest checks, if any has room
        rows = sheet[F_HARM:F_HARM + N_COLOURS]
        if min(rows) < HARM_LEN:
            gain(sheet, HARM_RED + rows.index(min(rows)))
    else:
        colour = bonus - HARM_RED
        n = sheet[F_HARM + colour]
        if n < HARM_LEN:
            sheet[F_HARM + colour] = n + 1
            if HARM_BONUS[colour][n] != NONE:
                gain(sheet, HARM_BONUS[colour][n])


def tour(sheet: list[int]) -> None:
    """Banked tour steps go on while the next space's cash gate is open."""
    while sheet[F_BANK] and sheet[F_TOUR] < TOUR_LEN and sheet[F_CASH] >= TOUR_CASH[sheet[F_TOUR]]:
        space = sheet[F_TOUR]
        sheet[F_TOUR] = space + 1
        sheet[F_BANK] -= 1
        if TOUR_BONUS[space] != NONE:
            gain(sheet, TOUR_BONUS[space])
    if sheet[F_TOUR] == TOUR_LEN:
        sheet[F_BANK] = 0


def fail(sheet: list[int]) -> None:
    if sheet[F_FAILS] < N_FAILS:
        sheet[F_FAILS] += 1
        if sheet[F_FAILS] == FAIL_CASH_AT:
            gain(sheet, CASH)


def mark_agenda(sheet: list[int], space: int) -> None:
    mask = sheet[F_AGENDA] = sheet[F_AGENDA] | 1 << space
    for line in AGENDA_LINES_OF[space]:
        if mask & AGENDA_LINE_MASKS[line] == AGENDA_LINE_MASKS[line]:
            gain(sheet, AGENDA_LINE_BONUS[line])


def mark_asset(sheet: list[int], space: int) -> None:
    mask = sheet[F_ASSETS] = sheet[F_ASSETS] | 1 << space
    for k in ASSET_PAIRS_OF[space]:
        a, b, bonus = ASSET_PAIRS[k]
        if mask >> a & 1 and mask >> b & 1:
            gain(sheet, bonus)


def place_crew(sheet: list[int], slot: int, card: int, mult: bool) -> None:
    sheet[F_CREW + slot] = card
    if mult:
        sheet[F_USED] += 1
        sheet[F_CMULT] |= 1 << slot
    sides = SIDES[card]
    matched = [sides[side] for side, near in CREW_NEIGHBOURS[slot]
               if sheet[F_CREW + near] >= 0 and SIDES[sheet[F_CREW + near]][OPPOSITE[side]] == sides[side]]
    for colour in matched:  # a harmony for each neighbour whose facing side has the same colour
        gain(sheet, HARM_RED + colour)


def close_sheet(sheet: list[int]) -> None:
    """One Fail for each crew still missing; those that find no Fail space cost extra."""
    for _ in range(sheet[F_CREW:].count(-1)):
        if sheet[F_FAILS] < N_FAILS:
            fail(sheet)
        else:
            sheet[F_EXTRA] += 1


def agenda_lines(sheet: list[int]) -> int:
    return sum(1 for lm in AGENDA_LINE_MASKS if sheet[F_AGENDA] & lm == lm)


def crews(sheet: list[int]) -> int:
    return CREW_TO_PLACE - sheet[F_CREW:].count(-1)


def full(slots):
    return lambda s: all(s[F_CREW + k] >= 0 for k in slots)


def harmonies(s: list[int]) -> int:
    return sum(s[F_HARM:F_HARM + N_COLOURS])


def rows_full(s: list[int]) -> int:
    return s[F_HARM:F_HARM + N_COLOURS].count(HARM_LEN)


def columns(s: list[int]) -> int:
    return min(s[F_HARM:F_HARM + N_COLOURS])


def crew_scores(s: list[int]) -> int:
    return sum(SCORE[c] for c in s[F_CREW:] if c >= 0)


# Each goal's test, in the goal cards' order (their Fail limits are checked in `meets`).
TESTS = (
    lambda s: crews(s) >= 3, lambda s: crews(s) >= 5, lambda s: crews(s) >= 7,
    full(SLOTS_OF_ROLE[MUSICIAN]), full(SLOTS_OF_ROLE[PRODUCER]), full(SLOTS_OF_ROLE[BACKSTAGE]),
    lambda s: agenda_lines(s) >= 1, lambda s: agenda_lines(s) >= 2, lambda s: s[F_AGENDA].bit_count() >= 6,
    lambda s: s[F_ASSETS].bit_count() >= 4, lambda s: s[F_ASSETS].bit_count() >= 7,
    lambda s: s[F_ALBUM] >= 2, lambda s: s[F_SINGLE] >= 2, lambda s: s[F_ALBUM] * s[F_SINGLE] >= 6,
    lambda s: min(s[F_ALBUM], s[F_SINGLE]) >= 3,
    lambda s: s[F_TOUR] >= 3, lambda s: s[F_TOUR] >= 6,
    lambda s: harmonies(s) >= 3, lambda s: harmonies(s) >= 6, lambda s: rows_full(s) >= 1,
    lambda s: columns(s) >= 2, lambda s: columns(s) >= 1,
    lambda s: s[F_USED] >= 1, lambda s: s[F_MULT] >= 3, lambda s: s[F_CASH] >= 3, lambda s: s[F_CASH] >= 5,
    lambda s: crew_scores(s) >= 12,
    lambda s: s[F_AGENDA].bit_count() >= 2 and s[F_ASSETS].bit_count() >= 2 and crews(s) >= 2,
    lambda s: crews(s) >= 3, lambda s: crews(s) >= 5,
    lambda s: agenda_lines(s) >= 1 and s[F_ASSETS].bit_count() >= 3,
)
assert len(TESTS) == N_GOALS


def meets(goal: int, sheet: list[int]) -> bool:
    return sheet[F_FAILS] <= GOAL_FAIL_LIMIT[goal] and TESTS[goal](sheet)


def points(sheet: list[int], goals: list[int]) -> int:
    """The sheet's score: Fails, goals, agenda lines, releases, crews, tour, assets, harmonies."""
    crew, doubled = 0, sheet[F_CMULT]
    for slot in range(N_CREW):
        card = sheet[F_CREW + slot]
        if card >= 0:
            crew += SCORE[card] << (doubled >> slot & 1)
    return (-FAIL_LOSS[sheet[F_FAILS]] - EXTRA_MISSING_LOSS * sheet[F_EXTRA] + sum(GOAL_POINTS[g] for g in goals)
            + AGENDA_LINE_POINTS * agenda_lines(sheet) + sheet[F_ALBUM] * sheet[F_SINGLE] + crew
            + TOUR_POINTS[sheet[F_TOUR]] + ASSET_POINTS * sheet[F_ASSETS].bit_count()
            + HARM_ROW_POINTS * rows_full(sheet) + HARM_COL_POINTS * columns(sheet))


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
    return [points(s, c) for s, c in zip(sheets, claimed)]


def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
    pick = rng.next_u64
    chance = Rng(seed)
    deck = [c for c in range(N_CARDS) if CARD_NUMBER[c] <= n]
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
            if all(len(claimed[s]) >= MAX_GOALS or sheets[s][F_FAILS] > GOAL_FAIL_LIMIT[goal] for s in seats):
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
