"""The meeple command, run as a user would."""

import json
import subprocess
import sys

from meeple.cli import main


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_games_lists_picnic(capsys):
    assert main(["games"]) == 0
    assert "picnic" in capsys.readouterr().out


def test_simulate_json_has_the_agreed_keys(capsys):
    assert main(["simulate", "picnic", "--players", "3", "--bots", "greedy,random,random",
                 "--games", "6", "--seed", "1", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("game", "games", "errors", "wins_by_seat", "wins_by_bot", "mean_score_by_seat"):
        assert key in report
    assert report["games"] == 6 and report["errors"] == 0
    assert sum(report["wins_by_seat"]) == 6
    assert sum(report["wins_by_bot"].values()) == 6


def test_simulate_is_reproducible(capsys):
    args = ["simulate", "picnic", "--players", "2", "--bots", "greedy,random", "--games", "3", "--seed", "4",
            "--json", "--quiet"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["mean_score_by_seat"] == second["mean_score_by_seat"]


def test_bench_prints_playouts_per_second(capsys):
    assert main(["bench", "picnic", "--seconds", "0.2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["playouts_per_s"] > 0 and result["moves_per_s"] > result["playouts_per_s"]


def test_bad_input_gets_clear_errors(capsys):
    assert main(["simulate", "chess", "--players", "2"]) == 2
    assert "Unknown game 'chess'" in capsys.readouterr().err
    assert main(["simulate", "picnic", "--players", "7", "--games", "1"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["simulate", "picnic", "--players", "2", "--bots", "genius", "--games", "1"]) == 2
    assert "Unknown bot" in capsys.readouterr().err
    assert main(["bench", "picnic", "--option", "speed=fast", "--seconds", "0.1"]) == 2
    assert "Unknown option 'speed'" in capsys.readouterr().err


def test_terminal_game_reads_moves_and_explains_mistakes():
    # a human against a bot: a bad word, a move out of place, then legal moves until input ends
    out = run("play", "picnic", "--seats", "human,random", "--seed", "3",
              stdin="hello\nrim\nt1\nt2\nrim\nt1\n").stdout
    assert "Cannot read 'hello'" in out
    assert "Take a tile from the hamper first." in out
    assert "You already hold a tile" in out
    assert "Hamper:" in out and "Plate of seat 1 (you)" in out
    assert "Scores:" in out
    assert "Input ended" in out


def test_terminal_game_with_bots_only_plays_to_the_final_table():
    out = run("play", "picnic", "--seats", "greedy,random", "--seed", "5").stdout
    assert "Final scores:" in out
    assert "1. seat" in out


def test_simulate_and_tournament_take_one_player(capsys):
    assert main(["simulate", "twenty", "--players", "1", "--bots", "greedy", "--games", "6", "--seed", "2",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "6 games of twenty with 1 player (greedy)" in out
    assert "games won against the game's own goal" in out and "95% interval" in out
    assert "points: target 16" in out and "winning margin" not in out
    assert main(["simulate", "twenty", "--players", "1", "--games", "4", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 1 and sum(report["solo"]["verdicts"].values()) == 4
    # The tournament's default table is the game's smallest: one seat for Twenty.
    assert main(["tournament", "twenty", "--bots", "random,greedy", "--games", "3", "--json", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == 1 and result["solo"] and result["games"] == 6
    assert all(r["rating"] is None for r in result["results"].values())


def test_simulate_refuses_fewer_than_one_game(capsys):
    # It used to print the table's header and die in a TypeError on the empty win rates.
    for games in ("0", "-3"):
        assert main(["simulate", "picnic", "--players", "2", "--games", games, "--quiet"]) == 2
        captured = capsys.readouterr()
        assert "--games must be at least 1." in captured.err
        assert captured.out == ""


def test_simulate_prints_an_aligned_table_of_rounded_figures(capsys):
    # The table used to mix 0.87 with 0.3075 and 37.235 with 24.8, in columns that did not line up.
    import re

    assert main(["simulate", "picnic", "--players", "3", "--bots", "greedy,random,random", "--games", "4",
                 "--seed", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines[1]
    assert header.split() == ["seat", "bot", "wins", "win", "rate", "mean", "score"]
    rows = lines[2:5]
    for row in rows:
        assert len(row) == len(header)  # right-aligned under their headings
        seat, bot, wins, rate, score = row.split()
        assert re.fullmatch(r"\d+\.\d", wins) and re.fullmatch(r"\d+\.\d%", rate)
        assert re.fullmatch(r"-?\d+\.\d", score)
    text = "\n".join(lines)
    assert not re.search(r"\d\.\d{3}", text)  # no figure with three decimals or more in the words


def test_simulate_words_survive_a_run_where_every_game_crashed(capsys):
    from meeple import games
    from meeple.analysis.simulate import summarize
    from meeple.cli import _print_simulation

    report = summarize(games.get("picnic"), 2, ["random", "random"], [], ["seed 0: RuntimeError('boom')"])
    _print_simulation(report)  # used to raise TypeError on the missing figures
    out = capsys.readouterr().out
    assert "errors: 1" in out and "n/a" in out and "error: seed 0: RuntimeError('boom')" in out


def test_every_argument_of_every_command_says_what_it_is():
    # `meeple simulate --help` used to list --players, --games, --seed and --option with no word, and no
    # default: a newcomer could not tell that --games plays 100 unless asked. (strength has its own page.)
    from meeple.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    silent = []
    for name, sub in commands.items():
        if name == "strength":
            continue
        for action in sub._actions:
            if action.dest != "help" and not action.help:
                silent.append(f"{name} {action.option_strings[0] if action.option_strings else action.dest}")
    assert silent == []


def test_help_gives_the_defaults_of_the_batch_commands():
    from meeple.cli import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    text = " ".join(commands["simulate"].format_help().split())
    assert "default 100" in text and "default 0" in text
    text = " ".join(commands["report"].format_help().split())
    assert "default 200" in text
    assert "default human,greedy" in " ".join(commands["play"].format_help().split())
    assert "(default 20)" in " ".join(commands["tournament"].format_help().split())


def test_games_lines_up_its_columns_and_says_a_fixed_table_plainly(capsys):
    # digging_for_dinos and Draft & Write Records used to push their lines out of line, and Ninety-Nine
    # was "3-3 players".
    from meeple import games

    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = {line.index(game.summary) for line, game in zip(lines, games.all(), strict=True)}
    assert len(starts) == 1
    ninety_nine = next(line for line in lines if line.startswith("ninety_nine "))
    assert " 3 players " in ninety_nine and "3-3" not in ninety_nine
    assert " 2-4 players " in next(line for line in lines if line.startswith("picnic "))


def test_check_tells_how_to_name_a_game_of_ones_own(capsys, tmp_path, monkeypatch):
    # `meeple check mygame` (no :Name) only said "Unknown game", and a module out of reach only
    # "No module named": a designer following docs/engine.md did not learn what to type instead.
    monkeypatch.chdir(tmp_path)
    assert main(["check", "mygame"]) == 2
    err = capsys.readouterr().err
    assert "Unknown game 'mygame'" in err and "module:Name" in err
    assert main(["check", "mygame:GAME"]) == 2
    err = capsys.readouterr().err
    assert "No module named 'mygame'" in err and "from the folder that holds it" in err


def test_simulate_of_one_game_says_one_game(capsys):
    assert main(["simulate", "picnic", "--players", "2", "--games", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("1 game of picnic with 2 players (random, random)")


def test_bench_and_check_refuse_budgets_that_measure_nothing(capsys):
    # bench --seconds 0 printed a measure all the same; check --playouts 0 passed 'playouts' having
    # played nothing, and --positions 0 failed 'worlds' for having looked at nothing.
    cases = [(["bench", "picnic", "--seconds", "0"], "--seconds must be more than 0."),
             (["bench", "picnic", "--seconds", "-1"], "--seconds must be more than 0."),
             (["check", "picnic", "--playouts", "0", "--only", "playouts"], "--playouts must be at least 1."),
             (["check", "picnic", "--positions", "0", "--only", "worlds"], "--positions must be at least 1.")]
    for args, words in cases:
        assert main(args) == 2
        captured = capsys.readouterr()
        assert words in captured.err and captured.out == ""


def test_play_and_simulate_read_seat_lists_with_spaces_as_tournament_does(capsys):
    # tournament --bots "greedy, random" worked; simulate and play answered "Unknown bot ' random'".
    assert main(["simulate", "picnic", "--players", "2", "--bots", "greedy, random", "--games", "1", "--quiet"]) == 0
    assert "(greedy, random)" in capsys.readouterr().out
    out = run("play", "picnic", "--seats", "greedy, random", "--seed", "5").stdout
    assert "Final scores:" in out
    assert main(["play", "picnic", "--seats", " , "]) == 2
    assert "--seats needs one entry per seat" in capsys.readouterr().err


def test_an_extra_game_out_of_reach_is_told_how_to_reach_it(tmp_path):
    # A game in MEEPLE_EXTRA_GAMES whose module is not on the path stopped every command with a
    # ModuleNotFoundError traceback.
    import os

    env = {**os.environ, "MEEPLE_EXTRA_GAMES": "mine=mygame.rules:GAME"}
    done = subprocess.run([sys.executable, "-m", "meeple.cli", "simulate", "mine", "--players", "2"], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "MEEPLE_EXTRA_GAMES names a game in module 'mygame'" in done.stderr and "PYTHONPATH=" in done.stderr
