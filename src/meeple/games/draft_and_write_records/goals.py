"""The goals: 31 cards, each a test of one sheet, its points and the bonus it gives.

A goal with a Fail limit ("at most one Fail") can become impossible for a seat for good; the
others only ask for more of something, which never goes away.
"""

from __future__ import annotations

from .components import (
    ALBUM,
    BACKSTAGE,
    CASH,
    HARM_ANY,
    MULT,
    MUSICIAN,
    N_COLOURS,
    NONE,
    PRODUCER,
    SINGLE,
    SLOTS_OF_ROLE,
    TOUR,
)
from .sheet import (
    F_AGENDA,
    F_ALBUM,
    F_ASSETS,
    F_CASH,
    F_FAILS,
    F_HARM,
    F_MULT,
    F_SINGLE,
    F_TOUR,
    F_USED,
    agenda_lines,
    bits,
    crew_base,
    crew_placed,
    harmony_cols,
    harmony_rows,
    role_full,
)

NO_LIMIT = 99


def _harmonies(s):
    return sum(s[F_HARM:F_HARM + N_COLOURS])


#: (name, text, points, bonus, Fail limit, test)
GOALS = (
    ("Three crews", "3 crews placed", 3, NONE, NO_LIMIT, lambda s: crew_placed(s) >= 3),
    ("Five crews", "5 crews placed", 5, MULT, NO_LIMIT, lambda s: crew_placed(s) >= 5),
    ("Seven crews", "7 crews placed", 8, NONE, NO_LIMIT, lambda s: crew_placed(s) >= 7),
    ("Full band", "all 4 musicians placed", 6, SINGLE, NO_LIMIT, lambda s: role_full(s, SLOTS_OF_ROLE[MUSICIAN])),
    ("Studio team", "all 3 producers placed", 6, ALBUM, NO_LIMIT, lambda s: role_full(s, SLOTS_OF_ROLE[PRODUCER])),
    ("Road crew", "all 4 backstage placed", 6, TOUR, NO_LIMIT, lambda s: role_full(s, SLOTS_OF_ROLE[BACKSTAGE])),
    ("Agenda line", "1 agenda line", 3, CASH, NO_LIMIT, lambda s: agenda_lines(s) >= 1),
    ("Busy agenda", "2 agenda lines", 5, NONE, NO_LIMIT, lambda s: agenda_lines(s) >= 2),
    ("Packed agenda", "6 agenda spaces", 5, TOUR, NO_LIMIT, lambda s: bits(s[F_AGENDA]) >= 6),
    ("Four assets", "4 assets", 3, ALBUM, NO_LIMIT, lambda s: bits(s[F_ASSETS]) >= 4),
    ("Seven assets", "7 assets", 6, NONE, NO_LIMIT, lambda s: bits(s[F_ASSETS]) >= 7),
    ("Two albums", "2 albums", 3, SINGLE, NO_LIMIT, lambda s: s[F_ALBUM] >= 2),
    ("Two singles", "2 singles", 3, ALBUM, NO_LIMIT, lambda s: s[F_SINGLE] >= 2),
    ("Hit record", "albums x singles at least 6", 6, NONE, NO_LIMIT, lambda s: s[F_ALBUM] * s[F_SINGLE] >= 6),
    ("Discography", "3 albums and 3 singles", 8, NONE, NO_LIMIT, lambda s: min(s[F_ALBUM], s[F_SINGLE]) >= 3),
    ("On the road", "3 tour spaces", 3, CASH, NO_LIMIT, lambda s: s[F_TOUR] >= 3),
    ("World tour", "6 tour spaces", 7, NONE, NO_LIMIT, lambda s: s[F_TOUR] >= 6),
    ("Harmony trio", "3 harmonies", 3, TOUR, NO_LIMIT, lambda s: _harmonies(s) >= 3),
    ("In tune", "6 harmonies", 6, NONE, NO_LIMIT, lambda s: _harmonies(s) >= 6),
    ("Perfect pitch", "a full harmony row", 6, NONE, NO_LIMIT, lambda s: harmony_rows(s) >= 1),
    ("Chord", "2 full harmony columns", 7, MULT, NO_LIMIT, lambda s: harmony_cols(s) >= 2),
    ("Rainbow", "a harmony in each colour", 5, NONE, NO_LIMIT, lambda s: harmony_cols(s) >= 1),
    ("Double up", "1 multiplier used", 3, CASH, NO_LIMIT, lambda s: s[F_USED] >= 1),
    ("Multiplied", "3 multipliers gained", 4, ALBUM, NO_LIMIT, lambda s: s[F_MULT] >= 3),
    ("Big spender", "3 cash restrictions lifted", 4, TOUR, NO_LIMIT, lambda s: s[F_CASH] >= 3),
    ("Deep pockets", "5 cash restrictions lifted", 7, NONE, NO_LIMIT, lambda s: s[F_CASH] >= 5),
    ("Headliners", "crew scores (before multipliers) of 12", 5, SINGLE, NO_LIMIT, lambda s: crew_base(s) >= 12),
    ("Balanced sheet", "2 agenda spaces, 2 assets and 2 crews", 3, HARM_ANY, NO_LIMIT,
     lambda s: bits(s[F_AGENDA]) >= 2 and bits(s[F_ASSETS]) >= 2 and crew_placed(s) >= 2),
    ("Clean start", "3 crews and no Fail", 5, NONE, 0, lambda s: crew_placed(s) >= 3),
    ("Steady hands", "5 crews and at most 1 Fail", 6, NONE, 1, lambda s: crew_placed(s) >= 5),
    ("Tight schedule", "an agenda line, 3 assets, at most 2 Fails", 5, NONE, 2,
     lambda s: agenda_lines(s) >= 1 and bits(s[F_ASSETS]) >= 3),
)
N_GOALS = len(GOALS)
GOAL_NAME, GOAL_TEXT, GOAL_POINTS, GOAL_BONUS, GOAL_FAIL_LIMIT, _TESTS = zip(*GOALS)  # columns


def meets(goal: int, sheet: list[int]) -> bool:
    """The sheet meets the goal's condition now (room in the Goals section is checked elsewhere)."""
    return sheet[F_FAILS] <= GOAL_FAIL_LIMIT[goal] and _TESTS[goal](sheet)


def lost_for(goal: int, sheet: list[int]) -> bool:
    """The sheet can never meet the goal: too many Fails already (Fails are never erased)."""
    return sheet[F_FAILS] > GOAL_FAIL_LIMIT[goal]
