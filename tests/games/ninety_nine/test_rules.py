"""Ninety-Nine's rules, worked by hand: bids from suits, premiums, tricks, trump, the scoring systems."""

import json

import pytest

from meeple.engine import IllegalMove, NotationError, OptionError, PositionError, Rng
from meeple.games.ninety_nine.components import JOKER, code
from meeple.games.ninety_nine.scoring import hand_points, round_bonus

from .helpers import GAME, legal_texts, play, position

BIDS = [["JC", "QD", "JD"], ["10D", "9D", "KS"], ["QS", "JS", "AD"]]  # bids 3, 1, 2


# ----- bidding with three cards ----------------------------------------------------------

def test_the_suits_of_the_three_bid_cards_add_up_to_the_bid():
    state = GAME.setup(3, None, 1)
    assert GAME.to_move(state) == {0, 1, 2}  # everyone bids at once, in secret
    hand = state.hands[0]
    picks = sorted(hand, key=lambda c: -state.suit(c))[:3]
    for c in picks:
        state, log = GAME.play(state, 0, GAME.parse_move("bid " + code(c)))
        assert [e.text for e in log if e.only is None] == ["Seat 1 sets a card aside."]
    assert state.bid(0) == sum(state.suit(c) for c in picks)
    assert GAME.view(state, 0)["bids"][0] == state.bid(0)
    assert GAME.view(state, 1)["bids"][0] == "hidden" and GAME.view(state, 1)["bid_cards"][0] is None
    assert 0 not in GAME.to_move(state)
    with pytest.raises(IllegalMove):
        GAME.play(state, 0, GAME.legal_moves(state, 1)[0])
    assert "wait for the others" in GAME.explain_illegal(state, 0, GAME.legal_moves(state, 1)[0])
    for seat in (1, 2):
        for _ in range(3):
            state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[0])
    assert state.phase == "premium" and len(state.hands[0]) == 9


def test_one_point_a_trick_and_a_bonus_shared_by_how_many_made_their_bid():
    assert hand_points((3, 1, 1), (3, 4, 2), -1, 0) == [33, 4, 2]  # one made: 30
    assert hand_points((3, 4, 1), (3, 4, 2), -1, 0) == [23, 24, 2]  # two made: 20 each
    assert hand_points((3, 4, 2), (3, 4, 2), -1, 0) == [13, 14, 12]  # all three: 10 each
    assert hand_points((0, 0, 0), (3, 4, 2), -1, 0) == [3, 4, 2]


def test_premiums_pay_the_bidder_when_made_and_the_other_two_when_failed():
    assert hand_points((3, 0, 0), (3, 4, 2), 0, 1) == [63, 4, 2]  # declared and made: +30
    assert hand_points((2, 0, 0), (3, 4, 2), 0, 1) == [3, 34, 32]  # declared and failed: 30 to each other
    assert hand_points((3, 0, 0), (3, 4, 2), 0, 2) == [93, 4, 2]  # revealed and made: +60
    assert hand_points((1, 4, 0), (3, 4, 2), 0, 2) == [3, 94, 62]  # revealed and failed; seat 2 alone made
    assert hand_points((9, 1, 1), (9, 0, 0), 0, 2)[0] == 99  # the game's name: the best possible hand


def test_a_played_hand_scores_tricks_bonus_and_premium():
    # Last trick: seat 1 (bid 3) has 2 tricks and leads the ace of clubs; seat 1 declared.
    state = position([["AC"], ["6C"], ["7H"]], BIDS, trump="hearts", tricks=[2, 5, 1],
                     offers=["declare", "none", "none"])
    state, log = play(state, "AC", "6C", "7H")  # hearts are trump: seat 3's small trump wins
    assert state.history[-1][3] == (2, 5, 2)
    assert state.history[-1][2] == (3, 1, 2)
    # seat 3 alone made its bid (+30); seat 1's declaration failed, so seats 2 and 3 get 30 each
    assert state.history[-1][4] == (2, 35, 62)
    assert any("Bids shown: seat 1 bid 3 (Jack of clubs, Queen of diamonds, Jack of diamonds), took 2;" in e.text
               for e in log)
    sheet = GAME.score_sheet(state)[2]
    assert (sheet.row("bids_made").points, sheet.row("premiums").points, sheet.row("tricks").points) == (30, 30, 2)


def test_you_must_follow_suit_and_the_highest_card_of_the_led_suit_wins_without_trump():
    state = position([["AC", "7D"], ["6C", "KD"], ["8H", "9H"]], BIDS, tricks=[3, 2, 2],
                     options={"first_trump": "none"})
    state, _ = play(state, "7D")
    assert legal_texts(state) == ["KD"]
    with pytest.raises(IllegalMove, match="must follow suit: diamonds"):
        GAME.play(state, 1, GAME.parse_move("6C"))
    state, _ = play(state, "KD", "9H")  # seat 3 cannot follow; hearts are not trump
    assert state.tricks == [3, 3, 2] and GAME.to_move(state) == {1}


# ----- premiums -------------------------------------------------------------------------

def _to_premiums(seed=3, options=None):
    state = GAME.setup(3, options, seed)
    for seat in range(3):
        for _ in range(3):
            state, _ = GAME.play(state, seat, GAME.legal_moves(state, seat)[-1])
    return state


def test_premium_offers_go_from_the_dealers_left_and_a_reveal_outbids_a_declaration():
    state = _to_premiums()
    first = (state.dealer + 1) % 3
    assert GAME.to_move(state) == {first}
    assert legal_texts(state) == ["declare", "pass", "reveal"]
    state, _ = play(state, "declare")
    assert legal_texts(state) == ["pass", "reveal"]  # only one premium: now only a reveal can overcall
    assert GAME.reveals(state, (first + 1) % 3, GAME.parse_move("reveal"))
    state, log = play(state, "reveal")
    revealer = (first + 1) % 3
    assert state.phase == "play" and state.premium() == (revealer, 2)
    assert any(f"Seat {revealer + 1} reveals: bid {state.bid(revealer)}" in e.text for e in log)
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        assert view["revealed_hand"] == {"seat": revealer, "cards": [code(c) for c in state.hands[revealer]]}
        assert view["bids"][revealer] == state.bid(revealer)
    # the declarer's offer was overcalled, so its bid stays hidden
    assert GAME.view(state, revealer)["bids"][first] == "hidden"


def test_a_declaration_shows_the_bid_cards_but_not_the_hand():
    state = _to_premiums(seed=4)
    state, _ = play(state, "pass", "declare", "pass")
    declarer = (state.dealer + 2) % 3
    view = GAME.view(state, (declarer + 1) % 3)
    assert view["premium"] == {"seat": declarer, "kind": "declare"}
    assert view["bid_cards"][declarer] == [code(c) for c in state.bid_cards[declarer]]
    assert view["revealed_hand"] is None


def test_with_no_premium_the_dealers_left_leads():
    state = _to_premiums(seed=5)
    state, log = play(state, "pass", "pass", "pass")
    assert GAME.to_move(state) == {(state.dealer + 1) % 3} and "No premium" in log[-1].text


# ----- trump ----------------------------------------------------------------------------

def _seed_where(predicate, options=None):
    for seed in range(2000):
        state = GAME.setup(3, options, seed)
        if predicate(state):
            return state
    raise AssertionError("no such deal")


def test_the_turn_up_sets_trump_unless_it_is_a_nine_or_the_joker():
    suit = _seed_where(lambda s: s.turnup != JOKER and s.turnup & 15 != 9)
    assert suit.trump == suit.turnup >> 4
    nine = _seed_where(lambda s: s.turnup != JOKER and s.turnup & 15 == 9)
    assert nine.trump == -1 and GAME.view(nine, 0)["trump"] is None
    joker = _seed_where(lambda s: s.turnup == JOKER)
    assert joker.trump == -1 and GAME.view(joker, 0)["joker_as"] is None
    assert len([c for h in suit.hands for c in h]) == 36  # 37 cards: 12 each and the turn-up


def test_the_joker_bids_follows_and_wins_as_the_turned_up_card():
    # The king of hearts is turned up: hearts are trump and the Joker plays as a second king of hearts.
    state = position([["QH", "6D"], ["JK", "7D"], ["8D", "9C"]], [["AS", "KS", "6S"], ["10D", "9D", "JD"],
                     ["7S", "8S", "9S"]], turnup="KH", trump="hearts", options={"trump": "turn_up"})
    state, _ = play(state, "QH")
    assert legal_texts(state) == ["JK"]  # the Joker is a heart, so it must follow hearts
    state, log = play(state, "JK", "8D")
    assert "plays the Joker (as King of hearts)" in log[0].text
    assert state.tricks[1] == 1 + 0 and GAME.to_move(state) == {1}
    bidding = position([["QH", "6D"], ["AS", "7D"], ["8D", "9C"]], [["JK", "KS", "6S"], ["10D", "9D", "JD"],
                       ["7S", "8S", "9S"]], turnup="KH", trump="hearts", options={"trump": "turn_up"})
    assert bidding.bid(0) == 2 + 1 + 1  # the Joker bids as a heart


def test_junk_the_joker_trump_follows_how_many_made_their_bid():
    state = GAME.setup(3, {"trump": "junk_the_joker"}, 0)
    assert state.turnup == -1 and state.trump == 0  # diamonds for the first hand of a round
    assert GAME.setup(3, {"trump": "junk_the_joker", "first_trump": "none"}, 0).trump == -1
    cases = [(BIDS, [2, 4, 3], 0, "diamonds"), (BIDS, [3, 5, 1], 1, "spades"), (BIDS, [3, 4, 2], 2, "hearts"),
             ([["JC", "QD", "JD"], ["10D", "JH", "10S"], ["KS", "QS", "JS"]], [3, 3, 3], 3, "clubs")]
    for bids, tricks, made, suit in cases:
        before = [tricks[0] - 1] + tricks[1:]  # seat 1's ace of clubs takes the last trick
        state = position([["AC"], ["6C"], ["7C"]], bids, trump="diamonds", tricks=before)
        state, _ = play(state, "AC", "6C", "7C")
        assert sum(b == t for b, t in zip(state.history[-1][2], state.history[-1][3])) == made
        assert GAME.view(state, 0)["trump"] == suit


def test_first_trump_needs_junk_the_joker():
    with pytest.raises(OptionError, match="junk_the_joker"):
        GAME.setup(3, {"first_trump": "none"}, 0)


# ----- scoring systems -----------------------------------------------------------------

def _random_game(options, seed=0):
    state = GAME.setup(3, options, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


def _round_totals(state, r):
    running, marks = [0, 0, 0], []
    for rec in state.history:
        if rec[0] == r:
            running = [a + b for a, b in zip(running, rec[4])]
            marks.append(max(running))
    return running, marks


@pytest.mark.parametrize("scoring", ["three_rounds_bonus", "three_rounds"])
def test_three_rounds_each_ending_when_someone_reaches_100(scoring):
    state = _random_game({"scoring": scoring}, seed=2)
    assert len(state.rounds) == 3
    for r, (points, bonus) in enumerate(state.rounds, start=1):
        totals, marks = _round_totals(state, r)
        assert list(points) == totals and marks[-1] >= 100 and all(m < 100 for m in marks[:-1])
        assert list(bonus) == (round_bonus(totals) if scoring == "three_rounds_bonus" else [0, 0, 0])
    assert list(GAME.outcome(state).scores) == state.totals()


def test_the_round_bonus_is_30_20_or_10_by_how_many_reach_100():
    assert round_bonus([100, 50, 99]) == [30, 0, 0]
    assert round_bonus([120, 105, 20]) == [20, 20, 0]
    assert round_bonus([100, 101, 102]) == [10, 10, 10]


def test_first_to_win_three_rounds_wins():
    state = _random_game({"scoring": "first_to_three"}, seed=3)
    won = state.rounds_won()
    assert max(won) >= 3
    outcome = GAME.outcome(state)
    assert won[outcome.winners[0]] == max(won)
    assert "rounds" in outcome.reasons[0] or len(outcome.winners) > 1


def test_nine_hands_then_the_highest_score_wins():
    state = _random_game({"scoring": "nine_hands"}, seed=4)
    assert len(state.history) == 9 and state.rounds == []
    outcome = GAME.outcome(state)
    assert outcome.scores == tuple(sum(rec[4][s] for rec in state.history) for s in range(3))


def test_the_dealer_passes_to_the_left_each_hand():
    state = GAME.setup(3, {"scoring": "nine_hands"}, 5)
    rng = Rng(5)
    dealers = []
    while not GAME.is_over(state):
        if state.phase == "premium" and not state.offers:
            dealers.append(state.dealer)
            assert GAME.to_move(state) == {(state.dealer + 1) % 3}  # offers start at the dealer's left
        if state.phase == "play" and not state.done and not state.trick:
            assert GAME.to_move(state) == {(state.dealer + 1) % 3}  # and the dealer's left leads
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert dealers == [2, 0, 1, 2, 0, 1, 2, 0, 1]
    assert [h["hand"] for h in GAME.view(state, None)["history"]] == list(range(1, 10))


# ----- notation and positions ---------------------------------------------------------

def test_moves_have_text_and_json_forms():
    for text, data in [("bid 10H", {"bid_card": "10H"}), ("AS", {"play": "AS"}), ("JK", {"play": "JK"}),
                       ("declare", {"premium": "declare"}), ("pass", {"premium": "none"}),
                       ("reveal", {"premium": "reveal"})]:
        move = GAME.parse_move(text)
        assert GAME.move_to_json(move) == data and GAME.move_from_json(data) == move
    assert GAME.parse_move("bid th") == GAME.parse_move("bid 10H")


@pytest.mark.parametrize("text", ["", "bid", "5H", "bid 1X", "double"])
def test_unreadable_moves_say_how_to_write_them(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


def test_bad_positions_are_refused():
    with pytest.raises(PositionError, match="appears twice"):
        position([["AC"], ["AC"], ["7C"]], BIDS)
    data = GAME.to_json(GAME.setup(3, None, 0))
    with pytest.raises(PositionError, match="missing"):
        GAME.from_json({**data, "hands": [data["hands"][0][1:]] + data["hands"][1:]})
    with pytest.raises(PositionError, match="no Joker"):
        GAME.from_json({**data, "options": {"trump": "junk_the_joker"}})
    loaded = GAME.from_json(json.loads(json.dumps(data)))
    assert GAME.to_json(loaded) == data


def test_when_the_game_is_over_every_bid_is_shown():
    state = _random_game({"scoring": "nine_hands"}, seed=6)
    view = GAME.view(state, None)
    assert view["bids"] == list(state.history[-1][2])
    assert view["bid_cards"] == [[code(c) for c in b] for b in state.bid_cards]


def test_the_last_hands_premium_is_named_after_the_game_ends():
    # The ninth and last hand (nine_hands): seat 2 deals, so seat 3 offers first and declares.
    earlier = [{"round": 1, "trump": None, "bids": [3, 1, 2], "tricks": [3, 3, 3], "points": [33, 3, 3],
                "premium": None}] * 8
    state = position([["AC"], ["6C"], ["7H"]], BIDS, trump="hearts", tricks=[2, 5, 1], hand_no=8,
                     offers=["declare", "none", "none"], options={"scoring": "nine_hands"}, history=earlier)
    assert state.dealer == 1 and state.premium() == (2, 1)
    state, _ = play(state, "AC", "6C", "7H")
    assert GAME.is_over(state) and state.history[-1][5:] == (2, 1)
    # The dealer has moved on with the hand count: the offers must still be read from the last hand's.
    view = GAME.view(state, None)
    assert view["premium"] == {"seat": 2, "kind": "declare"}
    assert [o["seat"] for o in view["offers"]] == [2, 0, 1]
    assert view["dealer"] == 1 and view["history"][-1]["premium"] == {"seat": 2, "kind": "declare"}
    assert view["revealed_hand"] is None


def test_a_position_whose_record_disagrees_with_its_hands_is_refused():
    # Found by mutating positions (issue 37): a lowered round never ended, short lists crashed later.
    state = GAME.setup(3, None, 5)
    rng = Rng(5)
    while state.round_no < 3:
        seat = min(GAME.to_move(state))
        state, _ = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    data = GAME.to_json(state)
    for field, value, words in [("round", 2, "rounds lists the 1 finished rounds"),
                                ("round", 0, "round must be 1 or more"),
                                ("hand_no", data["hand_no"] + 1, "hand_no counts the finished hands")]:
        with pytest.raises(PositionError, match=words):
            GAME.from_json({**data, field: value})
    short = json.loads(json.dumps(data))
    short["history"][0]["bids"].pop()
    with pytest.raises(PositionError, match="for the three seats"):
        GAME.from_json(short)
    wrong = json.loads(json.dumps(data))
    wrong["rounds"][0]["points"][0] += 1
    with pytest.raises(PositionError, match="Round 1's points"):
        GAME.from_json(wrong)
