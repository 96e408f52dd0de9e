"""The shared card core: dealing, following suit, trick winners and consistent resampling."""

import pytest

from meeple.engine import Rng
from meeple.engine.cards import (NO_SUIT, CardNames, card, deal, deal_consistent, playable, rank_of, suit_of,
                                 trick_winner)

DECK = [card(s, r) for s in range(4) for r in range(2, 15)]


def test_a_card_keeps_its_suit_and_rank():
    c = card(3, 12)
    assert (suit_of(c), rank_of(c)) == (3, 12)


def test_deal_gives_each_hand_its_size_and_keeps_every_card():
    hands, rest = deal(DECK, [5, 5, 5], Rng(1))
    assert [len(h) for h in hands] == [5, 5, 5]
    assert sorted([c for h in hands for c in h] + rest) == sorted(DECK)
    assert deal(DECK, [5, 5, 5], Rng(1)) == (hands, rest)  # the same seed deals the same cards
    assert deal(DECK, [5, 5, 5], Rng(2)) != (hands, rest)


def test_you_must_follow_suit_when_you_can():
    hand = [card(0, 5), card(1, 9), card(1, 3), card(2, 14)]
    assert playable(hand, 1) == [card(1, 9), card(1, 3)]
    assert playable(hand, 3) == hand  # void in the led suit: anything goes
    assert playable(hand, NO_SUIT) == hand  # leading: anything goes


def test_free_suits_may_always_be_played():
    wild = card(4, 0)
    hand = [card(0, 5), card(1, 9), wild]
    assert playable(hand, 1, free_suits=(4,)) == [card(1, 9), wild]
    # holding only a free card and none of the led suit does not oblige you to play it
    assert playable([card(0, 5), wild], 1, free_suits=(4,)) == [card(0, 5), wild]


def test_highest_trump_beats_the_led_suit_and_off_suits_never_win():
    trick = [card(0, 10), card(0, 14), card(2, 2), card(1, 14)]
    assert trick_winner(trick, 0, NO_SUIT) == 1  # highest of the led suit
    assert trick_winner(trick, 0, 2) == 2  # the lowest trump beats the led ace
    assert trick_winner([card(3, 2)], 0, 1) == -1  # nothing of the led or trump suit


def test_a_suit_function_can_recast_a_card():
    joker = card(4, 15)
    as_hearts = lambda c: 2 if c == joker else suit_of(c)  # noqa: E731
    assert playable([joker, card(0, 6)], 2, as_hearts) == [joker]


def test_consistent_deals_respect_known_voids():
    pool = [card(s, r) for s in range(2) for r in range(2, 8)]  # six of suit 0, six of suit 1
    for seed in range(30):
        a, b = deal_consistent(pool, [6, 6], [1 << 0, 0], Rng(seed))
        assert all(suit_of(c) == 1 for c in a)  # seat a showed it has no suit 0
        assert sorted(a + b) == sorted(pool)
    seen = {tuple(deal_consistent(pool, [6, 6], [0, 0], Rng(seed))[0]) for seed in range(10)}
    assert len(seen) > 1  # without constraints the deal really varies


def test_an_impossible_deal_is_an_error():
    pool = [card(0, r) for r in range(2, 8)]
    with pytest.raises(ValueError, match="no deal"):
        deal_consistent(pool, [3, 3], [1, 0], Rng(0))


def test_card_names_parse_and_explain():
    names = CardNames({card(0, 14): "AS"}, "Cards look like AS.")
    assert names.parse(" as ") == card(0, 14)
    with pytest.raises(ValueError, match="Cards look like AS"):
        names.parse("ZZ")
