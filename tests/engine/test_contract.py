"""The engine contract every registered game keeps (docs/engine.md).

The generic checks live in `meeple.testing` (`check_game(game)`, `meeple check GAME`), and
tests/testing/test_conformance.py runs every one of them on every registered game, the tests'
toy games (tests/toys) included. The tests that stood here are its checks now:

- unsupported player counts and unknown options refused, the declared metadata: "setup";
- random games end, replay and round-trip through JSON, `max_moves` and `players` along them: "playouts";
- moves round-trip through text and JSON, two kinds never compare equal, a parsable move is refused
  unless legal where offered: "moves";
- bad input changes nothing: "bad_input";
- views and sheets are JSON and never stale, fast scores, `seat_scores` and `scores_after` equal the
  sheets', a PERFECT game shows everyone the same: "views";
- clones are independent: "clones"; a game-ending move is a barrier and previews no hidden row: "endings";
- determinize keeps the seat's view, a move said to hide nothing leads to one view in every world: "worlds";
- search hints name real settings: "bots".

What stays here is about the registry and the tables the checks build.
"""

import pytest

from meeple import games
from meeple.engine import UnknownGame
from tests.tables import one_at_a_time as tables
from tests.tables import playable


def test_registry_lists_and_finds_games():
    assert "picnic" in games.ids()
    assert games.get("picnic").id == "picnic"
    with pytest.raises(UnknownGame, match="Unknown game 'chess'"):
        games.get("chess")


def test_tables_reach_every_option_value():
    wizard = games.get("wizard")
    found = tables(wizard)
    assert (3, {"predictions": "secret"}) in found and (6, {"single_round": 1}) in found
    assert any("species" in options for _, options in tables(games.get("vent_life")))
    assert any(len(options) > 1 for _, options in found)
    assert all(playable(wizard, n, options) for n, options in found)
