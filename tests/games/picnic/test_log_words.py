"""Picnic's log and move texts speak to players: ice cubes counted with their noun, no side codes."""

from __future__ import annotations

import random
import re

from meeple import games
from meeple.engine import Rng, resolve_options


def texts_of_a_random_game(seed: int) -> list[str]:
    game = games.get("picnic")
    state = game.new_state(2, resolve_options(game.options, {}), Rng(seed))
    pick = random.Random(seed)
    texts = []
    while game.to_move(state):
        seat = min(game.to_move(state))
        moves = game.legal_moves(state, seat)
        texts += [game.describe_move(state, seat, m) for m in moves]
        state, log = game.play(state, seat, pick.choice(moves))
        texts += [e.text for e in log]
    return texts


def test_ice_is_counted_in_cubes_and_no_code_shows():
    texts = [t for seed in range(3) for t in texts_of_a_random_game(seed)]
    assert any("ice cube" in t for t in texts)
    assert [t for t in texts if re.search(r"\d ice\b(?! cube)", t)] == []
    assert [t for t in texts if re.search(r"\b[ai]\d\b|\bp\d\b", t)] == []  # side codes like "cheese a1 p0"
    assert [t for t in texts if re.search(r"\b1 ice cubes\b|\b[02-9] ice cube\b", t)] == []
