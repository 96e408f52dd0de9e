"""Bid records of the trick-taking games: one (seat, bid, tricks) per seat and finished round."""

import pytest

from meeple import games
from meeple.engine import Rng


@pytest.mark.parametrize("game_id, options, tricks_per_round", [
    ("wizard", {"length": "five"}, [1, 2, 3, 4, 5]),
    ("ninety_nine", {}, None),
])
def test_bid_record_matches_the_rounds_played(game_id, options, tricks_per_round):
    game = games.get(game_id)
    state = game.setup(3, options, 8)
    rng = Rng(8)
    assert game.bid_record(state) == []
    while not game.is_over(state):
        seat = min(game.to_move(state))
        state, _ = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
    record = game.bid_record(state)
    rounds = [record[i:i + 3] for i in range(0, len(record), 3)]
    assert rounds and all([seat for seat, _, _ in r] == [0, 1, 2] for r in rounds)
    taken = [sum(tricks for _, _, tricks in r) for r in rounds]
    if tricks_per_round:
        assert taken == tricks_per_round
    else:
        assert set(taken) == {9}  # 36 cards, 3 set aside per seat: 9 tricks a hand
