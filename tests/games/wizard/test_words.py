"""Log lines and prompts in words for people (issue 18): cards by name, never by code ("7G", "W1"),
counts of tricks and cards with their noun in the right number."""

import re

import pytest

from meeple.games.wizard.components import DECK, code
from tests.playouts import texts_along

from .helpers import GAME

CODES = {code(c) for c in DECK}
OPTIONS = [{"length": "five"}, {"length": "five", "predictions": "hidden"},
           {"length": "five", "predictions": "secret", "plus_minus_one": True},
           {"length": "five", "foresight": True}]




@pytest.mark.parametrize("options", OPTIONS)
def test_log_lines_and_prompts_name_cards_in_words(options):
    seen = set()
    for n, seed in ((3, 0), (4, 1), (6, 2)):
        for text in texts_along(GAME, n, seed, options):
            seen.add(text)
            shown = {w.strip(",.():;") for w in text.split()} & CODES
            assert not shown, f"card codes {shown} in {text!r}"
            assert not re.search(r"(?<![\d-])(?<!seat )(?<!Seat )(?<!Round )1 [a-z]+s\b", text), text
            assert not re.search(r"(?<![\d+-])(?<!seat )(?<!Seat )(?<!: )([02-9]|\d\d) (trick|card)\b", text), text
    assert any(re.fullmatch(r"Seat \d plays (a Wizard|a Jester|the \d+ of [a-z]+)\.", t) for t in seen)


def test_predictions_and_deals_count_with_their_nouns():
    state = GAME.setup(4, {"length": "five"}, 0)
    log = GAME.apply(state, min(GAME.to_move(state)), GAME.parse_move("bid 1"))
    assert log[0].text.endswith(" predicts 1 trick.")
    log = GAME.apply(state, min(GAME.to_move(state)), GAME.parse_move("bid 0"))
    assert log[0].text.endswith(" predicts 0 tricks.")
    while state.round == 1:
        seat = min(GAME.to_move(state))
        log = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert re.match(r"Round 2: seat \d deals 2 cards each; (a Wizard|a Jester|the \d+ of [a-z]+) is turned up",
                    log[-1].text)
