"""Ninety-Nine's log speaks to players: cards by name ("Queen of hearts"), never by code ("QH")."""

from __future__ import annotations

import random
import re

from meeple import games
from meeple.engine import Rng, resolve_options

CODE = re.compile(r"\b(?:10|[2-9AKQJ])[DSHC]\b|\bJK\b")


def logs_of_random_games(n_games: int = 3) -> list[str]:
    game = games.get("ninety_nine")
    texts = []
    for seed in range(n_games):
        state = game.new_state(3, resolve_options(game.options, {"scoring": "nine_hands"}), Rng(seed))
        pick = random.Random(seed)
        while game.to_move(state):
            seat = min(game.to_move(state))
            state, log = game.play(state, seat, pick.choice(game.legal_moves(state, seat)))
            texts += [e.text for e in log]
    return texts


def test_no_log_line_names_a_card_by_its_code():
    texts = logs_of_random_games()
    assert any(t.startswith("Bids shown:") for t in texts)
    coded = [t for t in texts if CODE.search(t)]
    assert coded == []


def test_bid_cards_are_named_in_words():
    shown = next(t for t in logs_of_random_games(1) if t.startswith("Bids shown:"))
    card = r"(?:[^(),]+ of [a-z]+|the Joker)"
    assert re.search(rf"seat 1 bid \d+ \({card}(?:, {card}){{2}}\), took \d+;", shown)
