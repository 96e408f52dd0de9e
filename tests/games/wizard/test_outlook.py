"""The bots' guide at Wizard: expected points of the round in play, from what the seat can see."""

import pytest

from meeple.games.wizard.outlook import round_outlook, trick_spread, win_chances

from .helpers import GAME, play, position

OTHERS = [["5D", "6D", "7D"], ["5E", "6E", "7E"]]


def spread_mean(state, seat):
    return sum(k * p for k, p in enumerate(trick_spread(state, seat)))


def test_wizards_and_top_trumps_expect_more_tricks_than_jesters_and_low_cards():
    strong = position([["W1", "W2", "13G"], *OTHERS], round=3, trump="giants", bids=[0, 0, 0])
    weak = position([["J1", "2H", "1E"], *OTHERS], round=3, trump="giants", bids=[0, 0, 0])
    assert spread_mean(strong, 0) > 2.5
    assert spread_mean(weak, 0) < 0.3


def test_a_high_card_counts_for_more_once_the_cards_above_it_are_played():
    early = position([["11D", "2E"], ["13D", "4H"], ["12D", "6H"]], round=2, bids=[0, 0, 0])
    later = position([["11D"], ["4H"], ["6H"]], round=2, bids=[0, 0, 0], tricks=[1, 0, 0],
                     done=[(0, ["2E", "13D", "12D"])])
    assert win_chances(later, 0)[0] > win_chances(early, 0)[0] + 0.1


def test_a_plain_card_is_worth_more_to_the_seat_that_leads():
    leading = position([["11D", "2E"], ["3H", "4H"], ["5H", "6H"]], round=2, bids=[0, 0, 0], leader=0)
    following = position([["11D", "2E"], ["3H", "4H"], ["5H", "6H"]], round=2, bids=[0, 0, 0], leader=1)
    assert win_chances(leading, 0)[0] > win_chances(following, 0)[0]


def test_the_trick_in_play_counts_as_won_lost_or_open():
    state = position([["2D", "5H"], ["W1", "6H"], ["9D", "4H"]], round=2, bids=[0, 0, 1])
    state, _ = play(state, "2D", "W1")
    assert trick_spread(state, 0)[0] == pytest.approx(1 - trick_spread(state, 0)[1])
    assert sum(trick_spread(state, 1)[1:]) == pytest.approx(1.0)  # a Wizard first in the trick cannot lose it
    state = position([["2D", "5H"], ["13D", "6H"], ["9D", "4H"]], round=2, bids=[0, 0, 1])
    state, _ = play(state, "2D")
    # seat 1's 2 can still be beaten by seat 2 and by seat 3; seat 2's 13 only by a Wizard or trump
    state_after, _ = play(state, "13D")
    assert trick_spread(state_after, 0)[0] > 0.5
    assert sum(trick_spread(state_after, 1)[1:]) > 0.8


def test_the_guide_is_expected_round_points_for_the_prediction():
    sure = position([["W1", "W2"], ["3D", "4D"], ["5E", "6E"]], round=2, bids=[2, 0, 0])
    assert round_outlook(sure, 0) > 30  # two Wizards for two predicted tricks: 40 points most likely
    missed = position([["W1", "W2"], ["3D", "4D"], ["5E", "6E"]], round=2, bids=[0, 0, 0])
    assert round_outlook(missed, 0) < -10


def test_before_predicting_the_guide_assumes_the_best_prediction():
    open_ = position([["W1", "J1"], ["3D", "4D"], ["5E", "6E"]], round=2, phase="bid", bids=[None] * 3)
    values = []
    for bid in range(3):
        made = position([["W1", "J1"], ["3D", "4D"], ["5E", "6E"]], round=2, phase="bid", bids=[bid, None, None])
        values.append(round_outlook(made, 0))
    assert round_outlook(open_, 0) == pytest.approx(max(values))
    assert values.index(max(values)) == 1  # a Wizard and a Jester: predict one


def test_once_the_prediction_is_passed_every_further_trick_costs():
    state = position([["W1"], ["3D"], ["5E"]], round=2, bids=[0, 0, 1], tricks=[1, 0, 0], leader=0,
                     done=[(0, ["W2", "2D", "2E"])])
    assert round_outlook(state, 0) < -15  # already one over, and a Wizard still to play


def test_the_guide_reads_no_other_hand():
    mine = ["9G", "W1", "2D"]
    a = position([mine, ["3D", "4D", "5D"], ["5E", "6E", "7E"]], round=3, trump="giants", bids=[1, 1, 0])
    b = position([mine, ["13G", "12G", "W2"], ["W3", "W4", "11G"]], round=3, trump="giants", bids=[1, 1, 0])
    for seat_values in ([round_outlook(a, 0)], [round_outlook(b, 0)]):
        assert seat_values
    assert round_outlook(a, 0) == pytest.approx(round_outlook(b, 0))


def test_the_fast_scores_equal_the_sheet_totals():
    state = GAME.setup(3, {"length": "five"}, 11)
    from meeple.engine import ALL, Rng
    rng = Rng(4)
    while GAME.to_move(state):
        seat = min(GAME.to_move(state))
        assert GAME.scores(state) == [sheet.total for sheet in GAME.score_sheet(state, ALL)]
        moves = GAME.legal_moves(state, seat)
        GAME.apply(state, seat, moves[rng.next_u64() % len(moves)])
    assert GAME.scores(state) == list(GAME.outcome(state).scores)
