"""Wizard positions whose finished rounds disagree with themselves are refused (issue 37)."""

import json

import pytest

from meeple import games
from meeple.engine import PositionError, Rng

GAME = games.get("wizard")


def after_rounds(rounds, seed=3):
    state, rng = GAME.setup(4, None, seed), Rng(seed)
    while len(state.history) < rounds:
        seat = min(GAME.to_move(state))
        state, _ = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return GAME.to_json(state)


@pytest.mark.parametrize("change, words", [
    (lambda rec: rec["points"].append(rec["points"][0]), "for all 4 seats"),  # crashed when scored
    (lambda rec: rec["points"].__setitem__(0, rec["points"][0] + 10), "what its bids and tricks score"),
    (lambda rec: rec["tricks"].__setitem__(0, rec["tricks"][0] + 1), "add up to its cards dealt"),
])
def test_a_finished_round_must_be_scored_as_its_bids_and_tricks_say(change, words):
    data = after_rounds(2)
    assert GAME.to_json(GAME.from_json(data)) == data
    bad = json.loads(json.dumps(data))
    change(bad["history"][1])
    with pytest.raises(PositionError, match=words):
        GAME.from_json(bad)
