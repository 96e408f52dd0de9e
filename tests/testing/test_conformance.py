"""Every registered game, the tests' toy games included, through `meeple.testing.check_game`; and each
check seen failing on a toy game broken on purpose (tests/testing/broken.py)."""

import json

import pytest

from meeple import games
from meeple.cli import main
from meeple.testing import CHECKS, Budget, check_game, load_game

from .broken import BROKEN

# What each check plays in the suite. The contract's checks look at every table (player counts, options
# one at a time); the bots', the lengths' and the adapters' checks are kept small, since tests/bots and
# tests/adapters try those parts more widely.
SUITE = Budget(playouts=2, positions=8)
SMALL = Budget(playouts=1, positions=4, search=8)
WIDER = ("bots", "lengths", "adapters")


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_every_game_passes_every_check(game):
    contract = check_game(game, [check for check in CHECKS if check not in WIDER], SUITE)
    tools = check_game(game, WIDER, SMALL)
    for report in (contract, tools):
        report.raise_if_failed()
    # Of the contract's checks only the hot path's may be skipped, by a game that has none.
    assert {name for name, _ in contract.skipped} <= {"hot_path"}
    assert len(contract.passed) + len(contract.skipped) + len(tools.passed) + len(tools.skipped) == len(CHECKS)


BUDGET = {"playouts": 1, "positions": 4, "tables": 6, "search": 8}  # for the broken toys


@pytest.mark.parametrize("game", list(BROKEN), ids=lambda g: g.id)
def test_a_broken_game_fails_its_check_with_the_position(game):
    check, words = BROKEN[game]
    report = check_game(game, **BUDGET)
    failed = {f.check: f for f in report.failures}
    assert check in failed, report.text()
    failure = failed[check]
    assert words in failure.message, failure.message
    assert failure.where.position is not None and failure.where.position["game"] == game.id
    assert words in report.text() and "position:" in report.text()
    assert game.id not in games.ids()  # registered for the run only


def test_the_unbroken_toys_pass_the_checks_their_broken_copies_fail():
    for broken, (check, _) in BROKEN.items():
        assert check_game(games.get(broken.id.split("_")[-1]), checks=[check], **BUDGET).ok


def test_unknown_checks_and_games_are_refused_in_words():
    from meeple.engine import MeepleError, UnknownGame

    with pytest.raises(MeepleError, match="Unknown check 'speed'"):
        check_game(games.get("tictactoe"), checks=["speed"])
    with pytest.raises(UnknownGame):
        load_game("chess")
    with pytest.raises(MeepleError, match="not a meeple Game"):
        load_game("json:dumps")
    assert load_game("tests.toys.tictactoe.rules:TicTacToe").id == "tictactoe"


def test_the_command_checks_a_game_by_module_and_fails_a_broken_one(capsys):
    assert main(["check", "tests.toys.tictactoe:GAME", "--only", "setup,playouts,clones"]) == 0
    assert "3 checks passed, 0 failed" in capsys.readouterr().out
    assert main(["check", "tests.testing.broken:SharedCloneTicTacToe", "--only", "clones", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["ok"] and report["failures"][0]["check"] == "clones"
    assert report["failures"][0]["position"]["game"] == "shared_tictactoe"


def test_a_report_names_where_two_views_first_differ():
    from meeple.testing.checks import first_difference

    a = {"hands": [[1, 2], [3]], "turn": 0}
    assert first_difference(a, {"hands": [[1, 2], [4]], "turn": 0}) == "hands[1][0]: 3 vs 4"
    assert first_difference(a, {"hands": [[1, 2], [3]]}) == "turn (only in one)"
    assert first_difference([1, 2], [1, 2, 3]) == "the whole value (lengths 2 and 3)"
