"""The strength table's command: rows judged against issue 22's goal, the page rewritten between its markers."""

import json
from pathlib import Path

import pytest

from meeple import bots
from meeple.analysis import strength
from meeple.engine import MeepleError

ROOT = Path(__file__).resolve().parents[2]


def _row(**changes):
    row = {"opponent": "greedy", "game": "picnic", "players": 2, "seconds": 0.3, "games": 40, "share": 0.8,
           "ci95": [0.65, 0.9], "x_fair": 1.6, "cpu_per_decision": [0.3, 0.31], "options": {},
           "command": "python -m meeple.bots.strength greedy picnic --players 2 --seconds 0.3"}
    row.update(changes)
    return row


def test_rows_are_judged_by_the_goal_of_their_player_count():
    assert strength.verdict(_row()) == "met"
    assert strength.verdict(_row(games=12)) == "met on 12 games (goal asks 40)"
    assert strength.verdict(_row(share=0.7)) == "not met"
    assert strength.verdict(_row(ci95=[0.45, 0.9])) == "not met"  # the interval reaches chance
    assert strength.verdict(_row(players=4, share=0.5, ci95=[0.3, 0.7])) == "met"  # 2x of 25%
    assert strength.verdict(_row(players=3, share=0.6, ci95=[0.3, 0.8])) == "not met"  # under 2/3
    assert strength.verdict(_row(opponent="openspiel", players=4, share=0.6, ci95=[0.52, 0.7])) == "met"
    assert strength.verdict(_row(opponent="openspiel", players=4, share=0.6, ci95=[0.45, 0.7])) == "not met"


def test_report_rewrites_only_the_table_and_draws_a_plot(tmp_path):
    pytest.importorskip("matplotlib")
    results, page, images = tmp_path / "rows.jsonl", tmp_path / "strength.md", tmp_path / "img"
    results.write_text('{"opponent": "greedy", "game": "picnic", "players": 2, "seconds": 0.1, "games": 8, '
                       '"share": 0.75, "ci95": [0.41, 0.93], "x_fair": 1.5, "cpu_per_decision": [0.1, 0.11], '
                       '"options": {}, "command": "the command"}\n')
    page.write_text(f"before\n{strength.BEGIN}\nold table\n{strength.END}\nafter\n")
    strength.report(results, page, images)
    text = page.read_text()
    assert text.startswith("before\n") and text.endswith("after\n") and "old table" not in text
    assert ("| Picnic, 2 | greedy | 0.100 (0.1) | 8 | 75.0% (41.0%-93.0%) | - | 1.50 | 75% | not met | - "
            "| `the command` |") in text  # a row measured before shared first places (and dates) were kept
    results.write_text(results.read_text().replace('"games": 8,', '"games": 8, "shared_firsts": 3,'))
    strength.report(results, page, images)
    assert "| 75.0% (41.0%-93.0%) | 3 | 1.50 |" in page.read_text()
    assert (images / "strength-picnic-greedy.png").stat().st_size > 1000
    assert "](img/strength-picnic-greedy.png)" in text
    page.write_text("no markers")
    with pytest.raises(SystemExit, match="no strength-table markers"):
        strength.report(results, page, images)


def test_a_search_level_takes_a_time_limit_for_measurements():
    bot = bots.get("search3@0.3")
    assert (bot.seconds, bot.iterations, bot.name) == (0.3, 10 ** 9, "search3@0.3")
    assert bots.get("search3").seconds == 0.9  # the level itself is untouched
    for bad in ("greedy@1", "search3@soon", "search3@0", "search3@100"):
        with pytest.raises(MeepleError, match="only a search level takes a time limit"):
            bots.get(bad)
    with pytest.raises(MeepleError, match="Unknown bot 'search9@1'"):
        bots.get("search9@1")


def test_a_search_level_takes_search_settings_for_paired_comparisons():
    bot = bots.get("search3@0.1+prior_weight=0+horizon=none+rollout=random")
    assert (bot.seconds, bot.prior_weight, bot.horizon, bot.rollout) == (0.1, 0, None, "random")
    assert bot.name == "search3@0.1+prior_weight=0+horizon=none+rollout=random"
    assert bots.get("search3").prior_weight > 0  # the level itself is untouched
    with pytest.raises(MeepleError, match="'iterations=5' is not NAME=VALUE"):
        bots.get("search3+iterations=5")
    with pytest.raises(MeepleError, match="unknown rollout policy"):
        bots.get("search3+rollout=clever")
    with pytest.raises(MeepleError, match="only a search level takes search settings"):
        bots.get("greedy+prior_weight=1")


def test_the_arena_takes_our_search_settings_by_name():
    pytest.importorskip("pyspiel")
    from meeple.analysis import arena

    bot = arena.make_our_bot("search3", ["world_reuse=4", "exploration=0.5", "horizon=none", "rollout=greedy"])
    assert (bot.world_reuse, bot.exploration, bot.horizon, bot.rollout) == (4, 0.5, None, "greedy")
    with pytest.raises(SystemExit, match="'iterations=5' is not NAME=VALUE"):
        arena.make_our_bot("search3", ["iterations=5"])  # the budget is the arena's own: --seconds
    with pytest.raises(SystemExit, match="'world_reuse' is not NAME=VALUE"):
        arena.make_our_bot("search3", ["world_reuse"])
    with pytest.raises(SystemExit, match="must be a search level"):
        arena.make_our_bot("greedy", [])


def test_the_lobby_figures_are_per_player_count_with_the_fewest_players_at_the_top(tmp_path):
    rows = [_row(seconds=0.1, games=40, share=0.8, ci95=[0.65, 0.9]), _row(seconds=0.3, games=16, share=0.9),
            _row(players=3, seconds=0.1, games=42, share=0.5, ci95=[0.35, 0.65]),
            _row(game="letters_home", seconds=0.1, games=8, share=0.25, ci95=[0.07, 0.59]),
            _row(game="letters_home", seconds=1.0, games=8, share=0.6, ci95=[0.3, 0.86]),
            _row(opponent="openspiel", game="wizard", players=4, share=0.6, ci95=[0.52, 0.7])]
    figures = strength.lobby_figures(rows)
    two = {"against": "greedy", "players": 2, "seconds": 0.1, "games": 40, "share": 0.8, "ci95": [0.65, 0.9],
           "goal_met": True}
    three = {"against": "greedy", "players": 3, "seconds": 0.1, "games": 42, "share": 0.5, "ci95": [0.35, 0.65],
             "goal_met": False}
    # equal games: the longer time per decision
    letters = {"against": "greedy", "players": 2, "seconds": 1.0, "games": 8, "share": 0.6, "ci95": [0.3, 0.86],
               "goal_met": False}
    assert figures == {
        # a 42-game 3-player row does not stand for the 2-player tables: each count has its own figure
        "picnic": {"search3": {**two, "by_players": {"2": two, "3": three}}},
        # OpenSpiel rows are not against greedy: no figure for Wizard
        "letters_home": {"search3": {**letters, "by_players": {"2": letters}}}}
    # The package data `report` ships reads back as the same figures.
    shipped = tmp_path / "measured.json"
    strength.write_shipped(rows, shipped)
    assert json.loads(shipped.read_text()) == figures


def test_the_shipped_figures_are_those_of_the_strength_table():
    from meeple.bots import measured

    # If this fails, run `meeple strength report` after measuring rows.
    assert measured.STRENGTH == strength.lobby_figures(strength.load(ROOT / strength.RESULTS))


def test_a_row_against_greedy_may_play_its_games_in_several_processes(tmp_path):
    results = tmp_path / "rows.jsonl"
    assert strength.main(["greedy", "picnic", "--seconds", "0.005", "--deals", "2", "--jobs", "2",
                          "--results", str(results)]) == 0
    (row,) = [strength.json.loads(line) for line in results.read_text().splitlines()]
    assert row["games"] == 4 and row["seconds"] == 0.005  # every deal in both rotations, all counted
    assert row["command"].endswith("--deals 2 --seed 1000")  # the command names what decides the games
