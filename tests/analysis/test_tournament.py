"""Tournaments: a fair schedule, honest statistics, ratings, and the command line."""

import json
import math
from collections import Counter

import pytest

from meeple import games
from meeple.analysis.ratings import rate_games
from meeple.analysis.stats import chi2_sf, equal_shares_p, mean_ci, wilson
from meeple.analysis.tournament import format_table, lineups, run_tournament, schedule
from meeple.cli import main
from meeple.engine import Game

GAMES = games.all()


def test_two_player_round_robin_meets_every_pair_from_both_seats_on_the_same_deals():
    matches = schedule(["random", "greedy", "search1"], 2, deals=3, seed=10)
    assert len(matches) == 3 * 2 * 3
    pairs = Counter(frozenset(m.seats) for m in matches)
    assert set(pairs.values()) == {6}
    for pair in pairs:
        seeds_by_order = {}
        for m in matches:
            if frozenset(m.seats) == pair:
                seeds_by_order.setdefault(m.seats, []).append(m.seed)
        assert len(seeds_by_order) == 2
        assert all(sorted(s) == [10, 11, 12] for s in seeds_by_order.values())


def test_fewer_bots_than_seats_is_one_against_a_table_of_the_other():
    assert lineups(["search3", "greedy"], 4) == [("search3", "greedy", "greedy", "greedy"),
                                                  ("greedy", "search3", "search3", "search3")]
    matches = schedule(["search3", "greedy"], 4, deals=2)
    seats_of_search = Counter(m.seats.index("search3") for m in matches if m.lineup[0] == "search3")
    assert seats_of_search == {0: 2, 1: 2, 2: 2, 3: 2}  # every seat, every deal
    assert lineups(["greedy"], 3) == [("greedy", "greedy", "greedy")]
    assert lineups(["search3", "search1", "greedy"], 3, field="greedy") == [
        ("search3", "greedy", "greedy"), ("search1", "greedy", "greedy")]
    assert len(schedule(["greedy"], 3, deals=5)) == 5  # rotations of one bot are the same game


def test_wilson_interval_and_chi_squared_against_closed_forms():
    low, high = wilson(30, 40)
    assert low < 30 / 40 < high and 0 <= low and high <= 1
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    narrower = wilson(300, 400)
    assert narrower[1] - narrower[0] < high - low
    for x in (0.5, 2.0, 7.3, 25.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-7)
    assert equal_shares_p([50, 50, 50]) == pytest.approx(1.0)
    assert equal_shares_p([90, 10]) < 1e-6
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo < 2.5 < hi


def test_ratings_rise_for_the_winner_and_rank_consistent_winners_first():
    results = [(["a", "b", "c"], [1, 2, 3])] * 10
    ratings = rate_games(results, ["a", "b", "c"])
    assert ratings["a"]["rating"] > ratings["b"]["rating"] > ratings["c"]["rating"]
    assert ratings["a"]["rating"] == pytest.approx(ratings["a"]["mu"] - 3 * ratings["a"]["sigma"], abs=1e-2)
    one_vs_table = rate_games([(["a", "b", "b", "b"], [1, 2, 2, 2])] * 5, ["a", "b"])
    assert one_vs_table["a"]["mu"] > one_vs_table["b"]["mu"]


def test_greedy_beats_random_at_picnic_in_a_small_tournament():
    game = games.get("picnic")
    result = run_tournament(game, 2, ["random", "greedy"], deals=3, seed=5)
    assert result["games"] == 6 and result["errors"] == 0
    greedy, rand = result["results"]["greedy"], result["results"]["random"]
    assert greedy["seat_games"] == rand["seat_games"] == 6
    assert greedy["win_rate"] + rand["win_rate"] == pytest.approx(1.0)
    assert greedy["win_rate"] > rand["win_rate"]
    assert greedy["rating"] > rand["rating"]
    for r in (greedy, rand):
        assert r["win_rate_ci95"][0] <= r["win_rate"] <= r["win_rate_ci95"][1]
        assert r["mean_score_ci95"][0] <= r["mean_score"] <= r["mean_score_ci95"][1]
        assert r["decision_seconds_max"] >= r["decision_seconds_mean"] >= 0
        assert r["bid_accuracy"] is None  # Picnic has no bids
    table = format_table(result)
    assert table.index("greedy") < table.index("random")  # strongest rating first


def test_parallel_games_give_the_same_figures():
    game = games.get("picnic")
    serial = run_tournament(game, 3, ["random", "greedy"], deals=1, seed=2)
    parallel = run_tournament(game, 3, ["random", "greedy"], deals=1, seed=2, jobs=2)
    for name in ("random", "greedy"):
        for key in ("win_rate", "mean_score", "rating"):
            assert serial["results"][name][key] == parallel["results"][name][key]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_tournament_runs_for_every_game(game):
    n = game.max_players
    result = run_tournament(game, n, ["random"], deals=2, seed=1)
    assert result["errors"] == 0, result["error_messages"]
    assert result["games"] == 2
    figures = result["results"]["random"]
    assert figures["seat_games"] == 2 * n and figures["wins"] == pytest.approx(2.0)
    if type(game).bid_record is not Game.bid_record:  # a game with bids reports how often they were exact
        assert figures["bids"] > 0 and 0 <= figures["bid_accuracy"] <= 1


def test_tournament_command_prints_json_and_refuses_bad_input(capsys):
    assert main(["tournament", "picnic", "--bots", "random,greedy", "--games", "1", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and set(out["results"]) == {"random", "greedy"}
    assert main(["tournament", "picnic", "--bots", "random,grandmaster", "--games", "1", "--quiet"]) == 2
    assert "Unknown bot 'grandmaster'" in capsys.readouterr().err
    assert main(["tournament", "picnic", "--bots", "random", "--games", "0", "--quiet"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert main(["tournament", "picnic", "--bots", "random", "--players", "7", "--quiet"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_field_bot_must_take_part(capsys):
    assert main(["tournament", "picnic", "--bots", "random,search1", "--field", "greedy", "--games", "1",
                 "--quiet"]) == 2
    assert "The field bot 'greedy' must be one of --bots" in capsys.readouterr().err


def test_a_solo_tournament_ranks_bots_by_games_won_and_has_no_ratings():
    game = games.get("twenty")
    result = run_tournament(game, 1, ["random", "search1"], deals=8, seed=2)
    assert result["solo"] and result["games"] == 16 and result["errors"] == 0
    assert result["lineups"] == [{"lineup": ["random"], "games": 8, "bots": result["lineups"][0]["bots"]},
                                 {"lineup": ["search1"], "games": 8, "bots": result["lineups"][1]["bots"]}]
    assert "none for solo games" in result["ratings"]
    for figures in result["results"].values():
        assert figures["seat_games"] == 8
        assert figures["rating"] is None and figures["fair_share"] is None and figures["times_fair_share"] is None
        assert figures["win_rate_ci95"][0] <= figures["win_rate"] <= figures["win_rate_ci95"][1]
        assert sum(figures["verdicts"].values()) == 8
        won = sum(n for v, n in figures["verdicts"].items() if v.endswith("reached."))
        assert figures["wins"] == won
    # The search aims at the target; random play rarely stops there.
    assert result["results"]["search1"]["win_rate"] > result["results"]["random"]["win_rate"]
    table = format_table(result)
    assert "1 player, alone against the game's goal" in table and "no rating" in table
    assert table.index("search1") < table.index("random")  # most games won first
    assert "points: target 16" in table


def test_a_solo_tournament_refuses_a_field(capsys):
    assert main(["tournament", "twenty", "--bots", "random,greedy", "--field", "greedy", "--games", "1",
                 "--quiet"]) == 2
    assert "--field needs at least two seats" in capsys.readouterr().err


def test_shared_first_places_are_counted_apart_from_outright_wins():
    from meeple.analysis.simulate import GameRecord
    from meeple.analysis.tournament import _bot_figures

    outright = GameRecord(seed=1, scores=[9, 5], ranks=[1, 2], moves=10)
    shared = GameRecord(seed=2, scores=[7, 7], ranks=[1, 1], moves=10)
    lost = GameRecord(seed=3, scores=[3, 8], ranks=[2, 1], moves=10)
    figures = _bot_figures(2, [(outright, 0), (shared, 0), (lost, 0)])
    assert figures["wins"] == pytest.approx(1.5)
    assert figures["shared_firsts"] == 1


def test_deals_where_one_seat_won_every_rotation_are_counted():
    from meeple.analysis.simulate import GameRecord
    from meeple.analysis.tournament import Match, deals_won_by_one_seat

    def game(seed, seats, ranks):
        return Match(0, ("a", "b"), seats, seed), GameRecord(seed=seed, scores=[0, 0], ranks=ranks, moves=1)

    played = [game(1, ("a", "b"), [1, 2]), game(1, ("b", "a"), [1, 2]),  # seat 0 won both: the deal decided
              game(2, ("a", "b"), [1, 2]), game(2, ("b", "a"), [2, 1]),  # "a" won from both seats
              game(3, ("a", "b"), [1, 1]), game(3, ("b", "a"), [1, 2]),  # a tie: nobody won outright
              game(4, ("a", "b"), [2, 1])]                               # one rotation only
    assert deals_won_by_one_seat(played) == 1
    result = run_tournament(games.get("picnic"), 2, ["random", "greedy"], deals=3, seed=4, field="greedy")
    assert 0 <= result["lineups"][0]["deals_won_by_one_seat"] <= 3


def test_the_table_writes_both_intervals_alike_and_keeps_its_columns():
    # The win rate's interval read "(72.2%-100.0%)" beside the score's "(38.4 to 41.6)", and every
    # figure under "x fair" ended one place right of its heading.
    import re

    result = run_tournament(games.get("picnic"), 2, ["random", "greedy"], deals=2, seed=5)
    lines = format_table(result).splitlines()
    header = lines[1]
    end = header.index("x fair") + len("x fair")
    for line in lines[2:4]:
        assert re.search(r"\(\d+\.\d% to \d+\.\d%\)", line)
        assert re.fullmatch(r"\d+\.\d\d", line[end - 4:end]) and line[end] == " ", line


def test_one_deal_is_said_in_the_singular():
    # A one-deal tournament of one bot read "1 games (1 deals per line-up ...)".
    result = run_tournament(games.get("picnic"), 2, ["random"], deals=1, seed=0)
    first = format_table(result).splitlines()[0]
    assert "1 game (1 deal per line-up" in first
