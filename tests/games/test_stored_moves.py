"""Stored games of every game, written before the move notation was declared (issue 39), still replay.

tests/fixtures/make_stored_moves.py wrote them: each move as the hall stores it (JSON) and as
a player types it (text). The same JSON must load to a legal move, write back the same JSON
and text, and the games must end with the same scores, outcome and position; every legal move
met along them must round-trip through JSON and text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple import games
from meeple.engine import same_move

from ..fixtures.make_stored_moves import position_hash

STORED = Path(__file__).parent.parent / "fixtures" / "stored_moves"
FILES = sorted(STORED.glob("*.json"))


def test_every_game_has_stored_games():
    shipped = {g.id for g in games.all() if type(g).__module__.startswith("meeple.games.")}
    assert len(shipped) == 12 and {f.stem for f in FILES} == shipped


def _round_trips(game, move) -> None:
    data, text = game.move_to_json(move), game.move_text(move)
    assert same_move(game.move_from_json(json.loads(json.dumps(data))), move), data
    assert same_move(game.parse_move(text), move), text


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_stored_games_replay(path):
    stored = json.loads(path.read_text())
    game = games.get(stored["game"])
    for record in stored["games"]:
        state = game.setup(record["players"], record["options"], record["seed"])
        seen: set = set()
        for seat, data, text in record["moves"]:
            for m in game.legal_moves(state, seat):
                if m not in seen:
                    seen.add(m)
                    _round_trips(game, m)
            move = game.move_from_json(data)
            assert game.move_to_json(move) == data
            assert game.move_text(move) == text
            assert same_move(game.parse_move(text), move)
            state, _ = game.play(state, seat, move)
        assert game.is_over(state)
        outcome = game.outcome(state)
        assert game.scores(state) == record["scores"]
        assert (outcome and outcome.to_json()) == record["outcome"]
        assert position_hash(game, state) == record["position"]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_stored_legal_moves_keep_their_notation(path):
    stored = json.loads(path.read_text())
    game = games.get(stored["game"])
    for data, text in stored["legal"]:
        move = game.move_from_json(data)
        assert game.move_to_json(move) == data
        assert game.move_text(move) == text
        assert same_move(game.parse_move(text), move), text
