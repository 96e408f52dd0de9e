"""`meeple simulate`'s summary: rows that only some games have are averaged where they occur."""

import pytest

from meeple import games
from meeple.analysis.simulate import GameRecord, simulate, summarize


def _record(seed, rows):
    return GameRecord(seed, [sum(r.values()) for r in rows], [1, 2], 10, rows)


def test_row_means_cover_rows_missing_from_the_first_game():
    records = [
        _record(1, [{"letters": 4, "sponges": 10}, {"letters": 2, "sponges": 6}]),
        _record(2, [{"letters": 6, "fish": 3}, {"letters": 0, "fish": 1}]),
    ]
    figures = summarize(games.get("picnic"), 2, ["greedy", "random"], records, [])
    assert figures["mean_row_points"] == {"letters": 3.0, "sponges": 8.0, "fish": 2.0}


def test_simulate_counts_every_game_and_row():
    figures = simulate(games.get("picnic"), 2, ["greedy", "random"], 3, seed=9)
    assert figures["games"] == 3 and figures["errors"] == 0
    sheet_keys = [row.key for row in games.get("picnic").score_sheet(games.get("picnic").setup(2, None, 0))[0].rows]
    assert list(figures["mean_row_points"]) == sheet_keys
    assert sum(figures["wins_by_seat"]) == 3


def test_a_solo_simulation_reports_the_share_of_games_won_against_the_goal():
    game = games.get("twenty")
    figures = simulate(game, 1, ["search1"], 12, seed=3)
    solo = figures["solo"]
    assert figures["games"] == 12 and figures["errors"] == 0
    assert figures["score_spread"]["mean_margin"] is None  # no runner-up to lead
    won = figures["wins_by_seat"][0]
    assert solo["won"] == won and solo["win_rate"] == pytest.approx(won / 12)
    assert solo["win_rate_ci95"][0] <= solo["win_rate"] <= solo["win_rate_ci95"][1]
    assert solo["mean_score"] == figures["mean_score_by_seat"][0]
    assert sum(solo["verdicts"].values()) == 12
    reached = sum(n for verdict, n in solo["verdicts"].items() if verdict.endswith("reached."))
    assert reached == won  # a won solo game is exactly one whose verdict says the target was reached
    assert "solo" not in simulate(game, 2, ["random"], 2, seed=3)
