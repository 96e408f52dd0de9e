"""Balance reports: the page a designer reads, its plots, and its option comparisons."""

from pathlib import Path

import pytest

from meeple import games
from meeple.analysis.report import option_variants, seat_verdict, write_report
from meeple.cli import main
from meeple.engine import resolve_options

GAMES = games.all()
PNG = b"\x89PNG\r\n\x1a\n"


def _sections(page: str) -> list[str]:
    return [line[3:] for line in page.splitlines() if line.startswith("## ")]


def test_picnic_report_answers_the_seat_question_first(tmp_path):
    game = games.get("picnic")
    path = Path(write_report(game, 3, 6, str(tmp_path / "out"), ["random"], seed=4))
    page = path.read_text()
    assert _sections(page)[0] == "Is there a seat advantage?"
    assert _sections(page)[1:] == ["Scores", "Mean points per score-sheet row", "Game length",
                                   "Options and variants"]
    assert "6 games, seeds 4 to 9" in page
    for seat in (1, 2, 3):
        assert f"| {seat} | " in page
    row_keys = [row.key for row in game.score_sheet(game.setup(3, None, 0))[0].rows]
    for key in row_keys:
        assert f"| {key} | " in page
    for name in ("seats.png", "scores.png", "rows.png", "length.png"):
        assert f"({name})" in page
        assert (path.parent / name).read_bytes()[:8] == PNG
    assert "Picnic has no table options." in page


def test_verdict_names_a_favoured_seat_and_clears_a_fair_game():
    def figures(rates, games_):
        from meeple.analysis.stats import equal_shares_p, wilson
        return {"p_equal": equal_shares_p([r * games_ for r in rates]),
                "seats": [{"seat": s + 1, "win_rate": r, "ci95": wilson(r * games_, games_)}
                          for s, r in enumerate(rates)]}

    assert seat_verdict(figures([0.5, 0.5], 200), 2).startswith("No clear seat advantage")
    lopsided = seat_verdict(figures([0.7, 0.3], 400), 2)
    assert lopsided.startswith("Yes") and "seat 1 (70.0%) wins more than its share" in lopsided


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_option_value_is_tried_where_the_player_count_allows(game):
    n = game.min_players
    base = resolve_options(game.options, None)
    variants, notes = option_variants(game, n, base)
    for name, value in variants:
        assert value != base[name]
        game.setup(n, dict(base, **{name: value}), 0)  # every variant offered is a legal setting
    varied = {name for name, _ in variants} | {note.split("`")[1].split("=")[0] for note in notes}
    assert varied == {opt.name for opt in game.options}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_report_runs_for_every_game(game, tmp_path):
    page = Path(write_report(game, game.max_players, 2, str(tmp_path), ["random"], seed=1)).read_text()
    assert "## Is there a seat advantage?" in page and "## Errors" not in page
    variants, _ = option_variants(game, game.max_players, resolve_options(game.options, None))
    for name, value in variants:
        assert f"| {name}={value} | 2 |" in page


def test_report_command_writes_the_page_and_refuses_bad_input(tmp_path, capsys):
    out = tmp_path / "picnic"
    assert main(["report", "picnic", "--players", "2", "--games", "3", "--bots", "random",
                 "--out", str(out), "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == str(out / "report.md")
    assert (out / "seats.png").exists()
    assert main(["report", "picnic", "--players", "5", "--games", "3", "--out", str(out), "--quiet"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert main(["report", "picnic", "--players", "2", "--games", "3", "--bots", "random,random,random",
                 "--out", str(out), "--quiet"]) == 2
    assert "3 bots for 2 players" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["report", "picnic", "--players", "2", "--games", "1", "--out", str(blocker / "x"), "--quiet"]) == 2
    assert "Cannot create the report folder" in capsys.readouterr().err


def test_error_bars_never_negative_at_the_ends_of_the_scale():
    from meeple.analysis.report import _error_bars
    from meeple.analysis.stats import wilson

    low, high = wilson(0, 6)  # the lower end comes out a hair above 0
    below, above = _error_bars([0.0, 1.0], [(low, high), wilson(6, 6)])
    assert min(below + above) >= 0.0
    assert above[0] == high and below[1] > 0


def test_a_solo_report_answers_how_often_the_goal_is_reached(tmp_path):
    game = games.get("twenty")
    path = Path(write_report(game, 1, 8, str(tmp_path / "solo"), ["search1"], seed=2))
    page = path.read_text()
    assert page.startswith("# Balance report: Twenty, solo")
    assert _sections(page) == ["How often is the goal reached?", "Scores", "Mean points per score-sheet row",
                               "Game length", "Options and variants"]
    assert "seat advantage" not in page and "fair share" not in page and "runner-up" not in page
    assert "The goal is reached in " in page and " of 8 games (" in page
    verdict_rows = [line for line in page.splitlines() if line.startswith("| ") and "target 16" in line]
    assert sum(int(line.rsplit("|", 2)[1]) for line in verdict_rows) == 8
    assert "| row | mean points |" in page
    assert "| option | games | different result |" in page and "| target=10 | 8 |" in page
    for name in ("goal.png", "scores.png", "rows.png", "length.png", "options.png"):
        assert f"({name})" in page
        assert (path.parent / name).read_bytes()[:8] == PNG
    assert not (path.parent / "seats.png").exists()


def test_report_command_takes_one_player(tmp_path, capsys):
    out = tmp_path / "twenty"
    assert main(["report", "twenty", "--players", "1", "--games", "3", "--bots", "random", "--out", str(out),
                 "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == str(out / "report.md")
    assert "## How often is the goal reached?" in (out / "report.md").read_text()


def test_a_report_of_one_game_says_one_game(tmp_path):
    # It read "1 games, seeds 0 to 0".
    page = Path(write_report(games.get("picnic"), 2, 1, str(tmp_path / "out"), ["random"], seed=5,
                             quiet=True)).read_text()
    assert "1 game, seed 5; bots by seat: random, random" in page
    assert "1 games, seeds" not in page
