"""The bot comparison runs end to end and reports consistent shares."""

import json

import pytest

from .optional import require

require("pyspiel")

from meeple.analysis import arena  # noqa: E402


def test_a_short_match_reports_both_sides_with_intervals(capsys):
    assert arena.main(["--game", "picnic", "--players", "2", "--seconds", "0.005", "--games", "2",
                       "--bot", "search1", "--probe-simulations", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    ours, theirs = report["sides"]["meeple"], report["sides"]["openspiel"]
    assert report["games"] == 2
    # Every game has one first place (split when shared), so the two shares add up to one.
    assert ours["first_place_share"][0] + theirs["first_place_share"][0] == pytest.approx(1.0)
    assert ours["mean_rank_return"][0] == pytest.approx(-theirs["mean_rank_return"][0])
    for side in (ours, theirs):
        low, mean, high = side["first_place_share"][1], side["first_place_share"][0], side["first_place_share"][2]
        assert low <= mean <= high
        assert side["measured_cpu_seconds_per_move"] > 0


def test_intervals_and_first_place_shares():
    assert arena.interval([1.0, 1.0, 1.0]) == [1.0, 1.0, 1.0]
    mean, low, high = arena.interval([0.0, 1.0] * 50)
    assert mean == 0.5 and low == pytest.approx(0.5 - 1.96 * 0.50252 / 10, abs=1e-3) and high > 0.59
    assert arena.first_place_share([1.0, -1.0, 0.0], {0}) == 1.0
    assert arena.first_place_share([0.5, 0.5, -1.0], {1, 2}) == 0.5
    assert arena.first_place_share([1.0], {0}) == 1.0 and arena.first_place_share([-1.0], {0}) == 0.0
    assert arena.first_place_share([1.0], set()) == 0.0


def test_a_solo_match_gives_each_side_the_same_deals_alone(capsys):
    assert arena.main(["--game", "twenty", "--players", "1", "--seconds", "0.005", "--games", "4",
                       "--bot", "search1", "--probe-simulations", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    for side, when in (("meeple", "even"), ("openspiel", "odd")):
        figures = report["sides"][side]
        assert figures["seats"] == f"alone in {when} games"
        assert 0.0 <= figures["first_place_share"][0] <= 1.0
        # +1 for a won game, -1 for a lost one: the mean return follows the share of games won.
        assert figures["mean_rank_return"][0] == pytest.approx(2 * figures["first_place_share"][0] - 1, abs=1e-3)
