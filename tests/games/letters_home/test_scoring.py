"""Letters, every kind of Reflection, private Reflections kept hidden, and the tie-breaks."""

import pytest

from meeple.engine import ALL
from meeple.games.letters_home.components import REFLECTION_CODES, TILES
from meeple.games.letters_home.scoring import reflection_count

from .helpers import GAME, corkboard, position, rows

# 1 sent person food    2 place food            3 event music        4 place music
# 5 person nature       6 sent person book      7 place nature       8 place book
# 9 event craft+fireworks  10 sent place craft  11 (empty)           12 (empty)
BOARD = corkboard({1: "person food", 2: "place food", 3: "event music", 4: "place music",
                   5: "person nature", 6: "person book", 7: "place nature", 8: "place book",
                   9: "event craft+fireworks", 10: "place craft"}, sent={1, 6, 10})

EXPECTED = {
    "every person": (3, 3),          # spaces 1, 5, 6: sent or not
    "every place": (5, 5),           # 2, 4, 7, 8, 10
    "every event": (2, 2),           # 3, 9
    "sent people": (2, 4),           # 1, 6 at 2 points each
    "sent places": (1, 2),           # 10
    "sent events": (0, 0),
    "face-up food": (1, 1),          # 2; the Food on 1 was flipped away
    "face-up nature": (2, 2),        # 5, 7
    "face-up book": (1, 1),          # 8; 6 is sent
    "face-up craft": (1, 1),         # 9; 10 is sent
    "face-up music": (2, 2),         # 3, 4
    "face-up hearts and fireworks": (1, 2),   # 9
    "sets of three": (2, 6),         # 3 people, 5 places, 2 events
    "sent sets of three": (0, 0),    # no sent event
    "largest face-up group": (3, 3),  # places 4, 8, 7 touch in a line; 2 touches no other face-up place
    "largest sent group": (2, 2),    # 6 and 10 touch; 1 is alone
}


@pytest.mark.parametrize("code", REFLECTION_CODES)
def test_every_reflection_counts_the_tiles_it_says(code):
    state = position([{"corkboard": BOARD}, {}])
    assert reflection_count(REFLECTION_CODES.index(code), state.boards[0], state.sent[0]) == EXPECTED[code]


def test_every_reflection_card_is_hand_worked():
    assert set(EXPECTED) == set(REFLECTION_CODES)


def test_letters_score_two_each_and_the_sheet_adds_up():
    state = position([{"corkboard": BOARD}, {}], shared=["sent people", "face-up music", "largest sent group"],
                     private=["sets of three", "every event"])
    assert rows(state) == {"letters": (3, 6), "shared1": (2, 4), "shared2": (2, 2), "shared3": (2, 2),
                           "private": (2, 6)}
    assert GAME.score_sheet(state, ALL)[0].total == 20


def test_private_reflections_are_hidden_from_the_others_until_the_end():
    state = position([{"corkboard": BOARD}, {}], private=["sets of three", "face-up music"])
    mine, theirs = GAME.score_sheet(state, 1)[0], GAME.score_sheet(state, 1)[1]
    # seat 2 sees seat 1's letters (6) and shared rows (3 + 5 + 2), not the private 6
    assert mine.hidden and "private" not in [r.key for r in mine.rows] and mine.total == 16
    assert GAME.score_sheet(state, 0)[0].total == 22
    assert not theirs.hidden and theirs.row("private").label == "Private Reflection"
    assert GAME.view(state, 1)["seats"][0]["private_reflection"] is None
    assert GAME.view(state, None)["seats"][1]["private_reflection"] is None
    assert GAME.view(state, 0)["seats"][0]["private_reflection"]["code"] == "sets of three"
    assert "sets of three" not in str(GAME.view(state, 1))


PLAIN = [t for t in TILES if "heart" not in t and "fireworks" not in t]


def _final(counts_and_sent):
    """Boards of plain tiles: (number of tiles, number sent) per seat; the first seat's is full."""
    seats, k = [], 0
    for count, n_sent in counts_and_sent:
        codes = PLAIN[k:k + count]
        k += count
        seats.append({"corkboard": corkboard(dict(enumerate(codes, 1)), sent=set(range(1, n_sent + 1)))})
    # each tile is one category, so the three shared cards together count every tile once
    privates = ["face-up hearts and fireworks", "sent sets of three", "sent events"][:len(seats)]
    return position(seats, phase="over", private=privates)


def test_a_tie_goes_to_the_most_flipped_tiles():
    state = _final([(12, 0), (10, 1)])  # 12 points each: 12 tiles, or 10 tiles and one letter
    outcome = GAME.outcome(state)
    assert outcome.scores == (12, 12)
    assert outcome.ranks == (2, 1)
    assert "most flipped tiles" in outcome.reasons[0]


def test_still_tied_players_share_the_win():
    state = _final([(12, 0), (10, 1), (10, 1)])
    outcome = GAME.outcome(state)
    assert outcome.scores == (12, 12, 12)
    assert outcome.ranks == (3, 1, 1)
    assert outcome.winners == (1, 2)
    assert "shared win" in outcome.reasons[0]
