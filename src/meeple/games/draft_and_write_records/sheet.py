"""One player sheet: a flat list of ints, the marks each card and bonus makes, and its scores.

A sheet is a list (copied by slicing) laid out by the F_* indexes below. Bonuses are taken at
once and may chain (an agenda line gives a tour step, whose space gives a harmony...); every
choice a bonus would leave open is settled by a fixed rule written in the docs, so a turn is
one move.
"""

from __future__ import annotations

from .components import (
    AGENDA_LINE_BONUS,
    AGENDA_LINE_MASKS,
    AGENDA_LINE_POINTS,
    AGENDA_LINES_OF,
    ALBUM,
    ALBUM_BONUS,
    ASSET_PAIRS,
    ASSET_PAIRS_OF,
    ASSET_POINTS,
    CASH,
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
    MULT,
    N_CASH,
    N_COLOURS,
    N_CREW,
    N_FAILS,
    N_MULT,
    NONE,
    OPPOSITE,
    RELEASE_LEN,
    SINGER_SLOT,
    SINGLE,
    SINGLE_BONUS,
    TOUR,
    TOUR_BONUS,
    TOUR_CASH,
    TOUR_LEN,
    TOUR_POINTS,
    score_of,
    sides_of,
)

(F_FAILS, F_EXTRA, F_AGENDA, F_ALBUM, F_SINGLE, F_TOUR, F_BANK, F_MULT, F_USED, F_ASSETS, F_CASH,
 F_CMULT) = range(12)
F_HARM = 12                      # four colour rows
F_CREW = F_HARM + N_COLOURS      # twelve crew slots: card id or -1
SHEET_LEN = F_CREW + N_CREW


def new_sheet(singer: int) -> list[int]:
    sheet = [0] * SHEET_LEN
    for slot in range(N_CREW):
        sheet[F_CREW + slot] = -1
    sheet[F_CREW + SINGER_SLOT] = singer
    return sheet


# ----- bonuses -------------------------------------------------------------------------------

def gain(sheet: list[int], bonus: int) -> None:
    """Take one bonus at once, and whatever it sets off."""
    if bonus == ALBUM or bonus == SINGLE:  # one more record released, and the bonus printed beside it
        field, bonuses = (F_ALBUM, ALBUM_BONUS) if bonus == ALBUM else (F_SINGLE, SINGLE_BONUS)
        n = sheet[field]
        if n < RELEASE_LEN:
            sheet[field] = n + 1
            if bonuses[n] != NONE:
                gain(sheet, bonuses[n])
    elif bonus == TOUR:
        sheet[F_BANK] += 1
        _advance_tour(sheet)
    elif bonus == CASH:
        if sheet[F_CASH] < N_CASH:
            sheet[F_CASH] += 1
            _advance_tour(sheet)
    elif bonus == MULT:
        if sheet[F_MULT] < N_MULT:
            sheet[F_MULT] += 1
    elif bonus == HARM_ANY:
        colour = any_harmony_colour(sheet)
        if colour >= 0:
            gain(sheet, HARM_RED + colour)
    elif bonus >= HARM_RED:
        colour = bonus - HARM_RED
        n = sheet[F_HARM + colour]
        if n < HARM_LEN:
            sheet[F_HARM + colour] = n + 1
            if HARM_BONUS[colour][n] != NONE:
                gain(sheet, HARM_BONUS[colour][n])


def any_harmony_colour(sheet: list[int]) -> int:
    """A harmony of any colour goes to the row with the fewest checks (the first such): it builds
    the columns. -1 when every row is full."""
    best, colour = HARM_LEN, -1
    for c in range(N_COLOURS):
        n = sheet[F_HARM + c]
        if n < best:
            best, colour = n, c
    return colour


def _advance_tour(sheet: list[int]) -> None:
    """Banked tour steps move on while the next space is open (a cash gate keeps them waiting)."""
    while sheet[F_BANK] and sheet[F_TOUR] < TOUR_LEN and sheet[F_CASH] >= TOUR_CASH[sheet[F_TOUR]]:
        space = sheet[F_TOUR]
        sheet[F_TOUR] = space + 1
        sheet[F_BANK] -= 1
        if TOUR_BONUS[space] != NONE:
            gain(sheet, TOUR_BONUS[space])
    if sheet[F_TOUR] == TOUR_LEN:
        sheet[F_BANK] = 0


# ----- marks from play cards -----------------------------------------------------------------

def mark_agenda(sheet: list[int], space: int) -> None:
    mask = sheet[F_AGENDA] | 1 << space
    sheet[F_AGENDA] = mask
    for line in AGENDA_LINES_OF[space]:
        lm = AGENDA_LINE_MASKS[line]
        if mask & lm == lm:
            gain(sheet, AGENDA_LINE_BONUS[line])


def mark_asset(sheet: list[int], space: int) -> None:
    mask = sheet[F_ASSETS] | 1 << space
    sheet[F_ASSETS] = mask
    for k in ASSET_PAIRS_OF[space]:
        a, b, bonus = ASSET_PAIRS[k]
        if mask >> a & 1 and mask >> b & 1:
            gain(sheet, bonus)


#: Every crew's sides by card id (the deck's, then the lead singers'): sides_of, looked up, as a crew
#: placed asks it of each neighbour.
_SIDES = tuple(sides_of(card) for card in range(max(LEAD_SINGERS) + 1))


def crew_harmonies(sheet: list[int], slot: int, card: int) -> list[int]:
    """The colours of the harmonies a crew would make at `slot`: one per placed neighbour whose
    facing side has the same colour as the crew's side."""
    out = []
    sides = _SIDES[card]
    for side, near in CREW_NEIGHBOURS[slot]:
        other = sheet[F_CREW + near]
        if other >= 0 and _SIDES[other][OPPOSITE[side]] == sides[side]:
            out.append(sides[side])
    return out


def place_crew(sheet: list[int], slot: int, card: int, mult: bool) -> None:
    sheet[F_CREW + slot] = card
    if mult:
        sheet[F_USED] += 1
        sheet[F_CMULT] |= 1 << slot
    for colour in crew_harmonies(sheet, slot, card):
        gain(sheet, HARM_RED + colour)


def fail(sheet: list[int]) -> None:
    if sheet[F_FAILS] < N_FAILS:
        sheet[F_FAILS] += 1
        if sheet[F_FAILS] == FAIL_CASH_AT:
            gain(sheet, CASH)


def missing_crew(sheet: list[int]) -> int:
    """Crews still to place (the lead singer, chosen at set-up, is never one of them)."""
    return sheet[F_CREW:].count(-1) - (sheet[F_CREW + SINGER_SLOT] < 0)


def close_sheet(sheet: list[int]) -> None:
    """The end: one Fail for each missing crew; those that find no Fail space cost extra."""
    for _ in range(missing_crew(sheet)):
        if sheet[F_FAILS] < N_FAILS:
            fail(sheet)
        else:
            sheet[F_EXTRA] += 1


# ----- counts the goals and the heuristic read -------------------------------------------------

def crew_placed(sheet: list[int]) -> int:
    return CREW_TO_PLACE - missing_crew(sheet)


def role_full(sheet: list[int], slots: tuple) -> bool:
    return all(sheet[F_CREW + s] >= 0 for s in slots)


def agenda_lines(sheet: list[int]) -> int:
    mask = sheet[F_AGENDA]
    return sum(1 for lm in AGENDA_LINE_MASKS if mask & lm == lm)


def bits(mask: int) -> int:
    return bin(mask).count("1")


def harmony_rows(sheet: list[int]) -> int:
    return sum(1 for c in range(N_COLOURS) if sheet[F_HARM + c] == HARM_LEN)


def harmony_cols(sheet: list[int]) -> int:
    return min(sheet[F_HARM:F_HARM + N_COLOURS])


#: Every crew's score by card id (the deck's, then the lead singers').
_SCORES = tuple(score_of(card) for card in range(max(LEAD_SINGERS) + 1))


def crew_points(sheet: list[int]) -> int:
    total, doubled, slot = 0, sheet[F_CMULT], 0
    for card in sheet[F_CREW:]:
        if card >= 0:
            total += _SCORES[card] << (doubled >> slot & 1)
        slot += 1
    return total


def crew_base(sheet: list[int]) -> int:
    return sum(_SCORES[c] for c in sheet[F_CREW:F_CREW + N_CREW] if c >= 0)


# ----- section scores --------------------------------------------------------------------------

def section_points(sheet: list[int], goal_points: int) -> tuple[int, ...]:
    """Points of the nine scoring sections, in the sheet's order: Fail, Goals, Agenda, Release,
    Crew, Tour, Multiplier, Assets, Harmonies (Scores is their sum)."""
    return (-FAIL_LOSS[sheet[F_FAILS]] - EXTRA_MISSING_LOSS * sheet[F_EXTRA],
            goal_points,
            AGENDA_LINE_POINTS * agenda_lines(sheet),
            sheet[F_ALBUM] * sheet[F_SINGLE],
            crew_points(sheet),
            TOUR_POINTS[sheet[F_TOUR]],
            0,
            ASSET_POINTS * bits(sheet[F_ASSETS]),
            HARM_ROW_POINTS * harmony_rows(sheet) + HARM_COL_POINTS * harmony_cols(sheet))

