"""`meeple strength`: the strength table's command, an analysis tool with its files found from the package."""

import json
from pathlib import Path

import pytest

from meeple import cli
from meeple.analysis import strength
from meeple.engine import MeepleError

ROOT = Path(__file__).resolve().parents[2]

ROW = {"opponent": "greedy", "game": "picnic", "players": 2, "seconds": 0.1, "games": 8, "share": 0.75,
       "ci95": [0.41, 0.93], "x_fair": 1.5, "cpu_per_decision": [0.1, 0.11], "options": {},
       "command": "python -m meeple.bots.strength greedy picnic --players 2 --seconds 0.1"}


def test_the_files_default_to_the_source_checkout_not_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert strength.checkout_root() == ROOT
    assert strength.in_checkout(None, strength.RESULTS, "--results") == ROOT / "docs" / "strength.jsonl"
    assert strength.in_checkout(tmp_path / "rows.jsonl", strength.RESULTS, "--results") == tmp_path / "rows.jsonl"


def test_an_installed_package_without_a_checkout_needs_the_files_named(monkeypatch):
    monkeypatch.setattr(strength, "checkout_root", lambda: None)
    with pytest.raises(MeepleError, match="name the file with --page"):
        strength.in_checkout(None, strength.PAGE, "--page")
    assert cli.main(["strength", "report"]) == 2


def test_report_through_the_meeple_command_writes_only_the_files_it_names(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    work, out = tmp_path / "cwd", tmp_path / "out"
    work.mkdir()
    (out / "docs").mkdir(parents=True)
    monkeypatch.chdir(work)
    results, page, images, shipped = (out / "rows.jsonl", out / "docs" / "strength.md", out / "img",
                                      out / "measured.json")
    results.write_text(json.dumps(ROW) + "\n")
    # A page written by the command's old name keeps its table: the opening marker is found by its prefix.
    page.write_text("before\n<!-- strength table: made by python -m meeple.bots.strength report -->\nold\n"
                    f"{strength.END}\nafter\n")
    assert cli.main(["strength", "report", "--results", str(results), "--page", str(page),
                     "--images", str(images), "--shipped", str(shipped)]) == 0
    text = page.read_text()
    assert text.startswith(f"before\n{strength.BEGIN}\n") and text.endswith(f"{strength.END}\nafter\n")
    assert "old" not in text
    # The row's command is shown as it is typed today; the plot is linked relative to the page.
    assert "| `meeple strength greedy picnic --players 2 --seconds 0.1` |" in text
    assert "](../img/strength-picnic-greedy.png)" in text
    assert (images / "strength-picnic-greedy.png").is_file() and shipped.is_file()
    assert list(work.iterdir()) == []  # nothing written where the command ran


def test_a_row_names_the_command_that_measures_it_today(tmp_path):
    results = tmp_path / "rows.jsonl"
    assert cli.main(["strength", "greedy", "picnic", "--seconds", "0.005", "--deals", "1",
                     "--results", str(results)]) == 0
    (row,) = [json.loads(line) for line in results.read_text().splitlines()]
    assert row["command"] == "meeple strength greedy picnic --players 2 --seconds 0.005 --deals 1 --seed 1000"
    assert row["games"] == 2


def test_the_openspiel_row_plays_its_games_in_processes_and_counts_each_game_once(tmp_path, capfd):
    pytest.importorskip("open_spiel")
    results = tmp_path / "rows.jsonl"
    assert cli.main(["strength", "openspiel", "--seconds", "0.01", "--games", "4", "--jobs", "2",
                     "--results", str(results)]) == 0
    (row,) = [json.loads(line) for line in results.read_text().splitlines()]
    # the processes change the wall time, not the row: the command is the one-process one
    assert row["command"] == "meeple strength openspiel --seconds 0.01 --games 4"
    assert row["games"] == 4 and row["opponent"] == "openspiel" and row["seconds"] == 0.01
    share, (low, high) = row["share"], row["ci95"]
    assert low <= share <= high and row["x_fair"] == round(share / 0.5, 3)
    assert len(row["mean_rank_return"]) == 3
    assert row["cpu_per_decision"][0] > 0 and row["iterations"] > 0 and row["openspiel_simulations"] >= 2
    # each game played once, by one of the two processes (both seatings of deal 0 in one, of deal 1 in the other)
    played = [line for line in capfd.readouterr().err.splitlines() if line.startswith("game ")]
    assert sorted(line.split(":")[0] for line in played) == [f"game {g}/4" for g in range(1, 5)]
