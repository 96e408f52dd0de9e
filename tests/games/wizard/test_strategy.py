"""Wizard's trick estimate (strategy.py): a card leading the trick in play counts the chance that no later
seat beats it, from the cards the seat has not seen, so the bots play toward each seat's prediction."""

from meeple import bots
from meeple.engine import Rng
from meeple.games.wizard.components import DECK
from meeple.games.wizard.strategy import hold_chance

from .helpers import GAME, position

HANDS = [["W1", "2D", "3E"], ["13D", "12E", "4G"], ["7H", "9D", "J1"], ["11G", "5E", "1H"]]


def _lead(bids):
    return position(HANDS, round=3, trump="giants", turnup="6G", bids=bids)


def _card(text):
    return GAME.parse_move(text).card


def test_a_seat_that_predicted_no_tricks_keeps_its_wizard_back():
    # Leading its Wizard is a sure trick; the old fixed 0.7 for a leading card made it the greedy lead.
    state = _lead([0, 1, 1, 1])
    hints = {GAME.move_text(m): GAME.scores_after(state, 0, m)[1] for m in GAME.legal_moves(state, 0)}
    assert max(hints, key=hints.__getitem__) != "W1", hints
    for seed in range(4):
        assert GAME.move_text(bots.get("greedy").choose(GAME, GAME.clone(state), 0, Rng(seed))) != "W1"


def test_a_seat_that_needs_every_trick_leads_its_wizard():
    state = _lead([3, 1, 1, 1])  # the others want tricks too: a low lead would not hold
    hints = {GAME.move_text(m): GAME.scores_after(state, 0, m)[1] for m in GAME.legal_moves(state, 0)}
    assert max(hints, key=hints.__getitem__) == "W1", hints


def test_hold_chance_follows_the_cards_still_out():
    state = _lead([1, 1, 1, 1])
    hand = [_card("2D"), _card("3E")]
    wizard, low, high = _card("W1"), _card("2H"), _card("13H")
    assert hold_chance(state, 0, [wizard], hand, wizard, 3) == 1.0
    assert hold_chance(state, 0, [low], hand, low, 0) == 1.0  # nobody left to play
    assert 0.0 <= hold_chance(state, 0, [low], hand, low, 3) < hold_chance(state, 0, [high], hand, high, 3) < 1.0
    # Fewer seats behind, a better chance.
    assert hold_chance(state, 0, [high], hand, high, 1) > hold_chance(state, 0, [high], hand, high, 3)
    # Every other card seen (a hand of the whole deck but for the trick's card): nothing can beat it.
    everything = [c for c in DECK if c != high]
    assert hold_chance(state, 0, [high], everything, high, 3) == 1.0
