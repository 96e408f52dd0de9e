"""Hand-worked checks of every section and bonus of the sheet."""

from __future__ import annotations

from meeple.games.draft_and_write_records.components import (
    ALBUM,
    CARD_KIND,
    CARD_ROLE,
    CARD_SIDES,
    CASH,
    CREW,
    HARM_ANY,
    HARM_RED,
    LEAD_SINGERS,
    MULT,
    MUSICIAN,
    N_CARDS,
    SINGLE,
    TOUR,
)
from meeple.games.draft_and_write_records.goals import GOAL_NAME, lost_for, meets
from meeple.games.draft_and_write_records.sheet import (
    F_ALBUM,
    F_BANK,
    F_CASH,
    F_EXTRA,
    F_FAILS,
    F_HARM,
    F_MULT,
    F_SINGLE,
    F_TOUR,
    F_USED,
    close_sheet,
    crew_points,
    fail,
    gain,
    mark_agenda,
    mark_asset,
    missing_crew,
    new_sheet,
    place_crew,
    section_points,
)

RED_SINGER = LEAD_SINGERS[0]


def points(sheet, goals=0):
    keys = ("fail", "goals", "agenda", "release", "crew", "tour", "multiplier", "assets", "harmonies")
    return dict(zip(keys, section_points(sheet, goals)))


def test_a_new_sheet_holds_only_the_lead_singer():
    sheet = new_sheet(RED_SINGER)
    assert missing_crew(sheet) == 11
    assert points(sheet)["crew"] == 3  # the lead singer's score
    assert sum(section_points(sheet, 0)) == 3


def test_fail_loses_by_the_rightmost_space_and_the_second_lifts_a_cash_restriction():
    sheet = new_sheet(RED_SINGER)
    fail(sheet)
    assert points(sheet)["fail"] == 0 and sheet[F_CASH] == 0
    fail(sheet)
    assert points(sheet)["fail"] == -1 and sheet[F_CASH] == 1
    for _ in range(10):
        fail(sheet)
    assert sheet[F_FAILS] == 8 and points(sheet)["fail"] == -16


def test_goals_section_is_the_sum_of_the_claimed_goals():
    assert points(new_sheet(RED_SINGER), 11)["goals"] == 11


def test_agenda_row_gives_points_and_its_bonus():
    sheet = new_sheet(RED_SINGER)
    mark_agenda(sheet, 0)
    mark_agenda(sheet, 1)
    assert sheet[F_ALBUM] == 0
    mark_agenda(sheet, 2)  # row 1: an album
    assert sheet[F_ALBUM] == 1 and points(sheet)["agenda"] == 1


def test_agenda_centre_can_finish_four_lines_at_once():
    sheet = new_sheet(RED_SINGER)
    for space in (1, 3, 5, 7, 0, 8, 2, 6):
        mark_agenda(sheet, space)
    assert points(sheet)["agenda"] == 4  # rows 1 and 3, columns 1 and 3
    mark_agenda(sheet, 4)
    assert points(sheet)["agenda"] == 8


def test_release_scores_albums_times_singles_with_the_track_bonuses():
    sheet = new_sheet(RED_SINGER)
    gain(sheet, ALBUM)
    assert points(sheet)["release"] == 0
    gain(sheet, ALBUM)  # the second album space lifts a cash restriction
    assert sheet[F_CASH] == 1
    gain(sheet, SINGLE)
    gain(sheet, SINGLE)  # the second single space: a harmony of any colour
    assert sum(sheet[F_HARM:F_HARM + 4]) == 1
    gain(sheet, SINGLE)
    assert points(sheet)["release"] == 2 * 3
    for _ in range(9):
        gain(sheet, ALBUM)
    assert sheet[F_ALBUM] == 4 and sheet[F_MULT] == 1  # fourth album: a multiplier; the track ends at 4


def _crew(role, sides=None):
    for card in range(N_CARDS):
        if CARD_KIND[card] == CREW and CARD_ROLE[card] == role and (sides is None or CARD_SIDES[card][2] == sides):
            return card
    raise AssertionError


def test_crew_harmony_when_facing_sides_match_the_lead_singer():
    sheet = new_sheet(RED_SINGER)  # slot m2 (1) sits above the singer (slot 5)
    card = _crew(MUSICIAN, sides=0)  # its bottom side is red
    place_crew(sheet, 1, card, False)
    assert sheet[F_HARM + 0] == 1
    other = _crew(MUSICIAN, sides=1)  # a blue bottom side: no harmony with the red singer
    place_crew(sheet, 0, other, False) if CARD_SIDES[other][1] != CARD_SIDES[card][3] else None
    assert sheet[F_HARM + 0] == 1


def test_multiplier_doubles_a_crew_score():
    sheet = new_sheet(RED_SINGER)
    gain(sheet, MULT)
    card = _crew(MUSICIAN)
    place_crew(sheet, 3, card, True)
    assert sheet[F_USED] == 1
    from meeple.games.draft_and_write_records.components import CARD_SCORE
    assert crew_points(sheet) == 3 + 2 * CARD_SCORE[card]


def test_missing_crews_check_fails_at_the_end_and_overflow_costs_five():
    sheet = new_sheet(RED_SINGER)
    close_sheet(sheet)  # 11 missing: 8 Fails, 3 left over
    assert sheet[F_FAILS] == 8 and sheet[F_EXTRA] == 3
    assert points(sheet)["fail"] == -16 - 15


def test_tour_waits_at_a_cash_gate_and_moves_on_when_it_opens():
    sheet = new_sheet(RED_SINGER)
    for _ in range(6):
        gain(sheet, TOUR)
    assert sheet[F_TOUR] == 4 and sheet[F_BANK] == 2  # space 5 needs two cash restrictions
    assert sum(sheet[F_HARM:F_HARM + 4]) == 1        # space 3's harmony
    gain(sheet, CASH)
    assert sheet[F_TOUR] == 4
    gain(sheet, CASH)
    assert sheet[F_TOUR] == 6 and sheet[F_BANK] == 0 and sheet[F_MULT] == 1  # space 6: a multiplier
    assert points(sheet)["tour"] == 11


def test_assets_bonus_between_two_checked_neighbours():
    sheet = new_sheet(RED_SINGER)
    mark_asset(sheet, 0)
    assert sheet[F_ALBUM] == 0
    mark_asset(sheet, 1)
    assert sheet[F_ALBUM] == 1 and points(sheet)["assets"] == 2
    mark_asset(sheet, 2)  # between a2 and a3: cash
    assert sheet[F_CASH] == 1


def test_harmonies_rows_and_columns_and_their_bonuses():
    sheet = new_sheet(RED_SINGER)
    for _ in range(4):
        gain(sheet, HARM_RED)
    assert points(sheet)["harmonies"] == 5 and sheet[F_TOUR] == 1 and sheet[F_MULT] == 1
    for colour in (1, 2, 3):
        gain(sheet, HARM_RED + colour)
    assert points(sheet)["harmonies"] == 5 + 4  # the first column is full


def test_any_colour_harmony_goes_to_the_emptiest_row():
    sheet = new_sheet(RED_SINGER)
    gain(sheet, HARM_RED)
    gain(sheet, HARM_ANY)
    assert sheet[F_HARM:F_HARM + 4] == [1, 1, 0, 0]


def test_goals_with_a_fail_limit_are_lost_for_good():
    sheet = new_sheet(RED_SINGER)
    clean = GOAL_NAME.index("Clean start")
    assert not meets(clean, sheet) and not lost_for(clean, sheet)
    fail(sheet)
    assert lost_for(clean, sheet)
    albums = GOAL_NAME.index("Two albums")
    gain(sheet, ALBUM)
    gain(sheet, ALBUM)
    assert meets(albums, sheet) and not lost_for(albums, sheet)
    assert sheet[F_SINGLE] == 0
