"""The shared card core: dealing, consistent resampling and a hand of tricks."""

import pytest

from meeple.engine import Rng
from meeple.engine.cards import (
    NO_SUIT,
    CardNames,
    TrickState,
    bid_records,
    card,
    deal,
    deal_consistent,
    find_suit,
    rank_of,
    reshare,
    suit_of,
    trick_lines,
)

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


# ----- what Wizard and Ninety-Nine share: a hand of tricks ---------------------------------

NAMES = CardNames({c: "SHDC"[suit_of(c)] + str(rank_of(c)) for c in DECK}, "Cards look like S12.")
WILD = card(4, 0)  # a card of a suit of its own that may always be played (a game's special card)


class Hand(TrickState):
    __slots__ = ()


def a_hand(hands, leader=0) -> Hand:
    state = Hand()
    state.start_hand([list(h) for h in hands], leader)
    return state


def test_the_seats_in_the_trick_in_play():
    state = a_hand([[card(0, 5)], [card(0, 2)], [card(2, 4)]], leader=2)
    state.trick = [card(2, 8), card(0, 9)]  # laid by seats 2 and 0
    assert [state.in_trick(s) for s in range(3)] == [1, 0, 1]


def test_the_led_suit_can_be_the_games_own_rule():
    # A game whose free cards never lead: the first card that is not free sets the suit to follow.
    led_of = lambda cards: next((suit_of(c) for c in cards if c != WILD), NO_SUIT)  # noqa: E731
    state = a_hand([[WILD], [card(1, 3)], [card(0, 2)]])
    state.trick, state.leader = [WILD, card(1, 3), card(0, 2)], 0
    state.derive_voids(led_of, free=1 << 4)
    assert state.led == 1 and state.voids == [0, 0, 1 << 1]


def test_the_view_shows_the_trick_in_play_then_the_last_one():
    state = a_hand([[card(0, 5)], [card(0, 9)]], leader=1)
    assert state.tricks_view(NAMES.text, None)["trick"] == []
    assert trick_lines(state.tricks_view(NAMES.text, None)) == []
    state.trick = [card(0, 9)]
    view = state.tricks_view(NAMES.text, "spades")
    assert view["trick"] == [{"seat": 1, "card": "S9"}] and view["led"] == "spades"
    assert trick_lines(view) == ["Trick: seat 2 S9"]
    state.done, state.trick, state.tricks = [(1, (card(0, 9), card(0, 5)))], [], [0, 1]  # seat 2's S9 took it
    view = state.tricks_view(NAMES.text, None)
    assert view["last_trick"] == [{"seat": 1, "card": "S9"}, {"seat": 0, "card": "S5"}]
    assert view["last_trick_winner"] == 1 and view["tricks"] == [0, 1]
    assert trick_lines(view) == ["Last trick: seat 2 S9, seat 1 S5"]


def test_reshare_keeps_the_pile_sizes_and_the_voids():
    piles = [[card(0, r) for r in range(2, 6)], [card(1, r) for r in range(2, 5)], [card(0, 9), card(1, 9)]]
    for seed in range(20):
        out = reshare(piles, [1 << 1, 0, 0], Rng(seed))
        assert [len(p) for p in out] == [4, 3, 2]
        assert not any(suit_of(c) == 1 for c in out[0])
        assert sorted(c for p in out for c in p) == sorted(c for p in piles for c in p)
    # The same unseen cards lying elsewhere deal the same under one seed: only which cards are unseen counts.
    elsewhere = [[card(1, 2), card(0, 9), card(0, 2), card(1, 3)], [card(0, 5), card(1, 9), card(0, 4)],
                 [card(0, 3), card(1, 4)]]
    assert reshare(elsewhere, [0, 0, 0], Rng(3)) == reshare(piles, [0, 0, 0], Rng(3))
    assert reshare(piles, [0, 0, 0], Rng(3)) != reshare(piles, [0, 0, 0], Rng(4))


def test_bid_records_list_each_seat_of_each_round():
    assert bid_records([((1, 0), (1, 1)), ((2, 2), (0, 4))]) == [(0, 1, 1), (1, 0, 1), (0, 2, 0), (1, 2, 4)]


def test_a_suit_is_found_by_name_by_name_less_its_last_letter_or_by_letter():
    suits, letters = ("hearts", "spades"), "HS"
    assert [find_suit(t, suits, letters) for t in ("Hearts", " spade ", "s", "h")] == [0, 1, 1, 0]
    assert find_suit("clubs", suits, letters) == -1
