"""Wizard's rules, worked by hand: who wins a trick, following suit, trump, scoring, the round schedule."""

import json

import pytest

from meeple.engine import IllegalMove, NotationError, OptionError, PositionError, Rng
from meeple.games.wizard.components import AMIGO, schedule

from .helpers import GAME, legal_texts, play, position

# ----- who wins a trick ----------------------------------------------------------

def test_a_led_wizard_wins_and_frees_the_suit():
    state = position([["W1", "5D"], ["13G", "2E"], ["12E", "3H"]], round=2, trump="giants", bids=[1, 0, 1])
    state, _ = play(state, "W1", "2E")
    assert legal_texts(state) == ["12E", "3H"]  # elves were not led: the Wizard freed the suit
    state, log = play(state, "3H")
    assert state.tricks == [1, 0, 0]
    assert "Seat 1 wins the trick." in [e.text for e in log]
    assert GAME.to_move(state) == {0}  # the winner leads next


def test_the_first_wizard_beats_a_later_wizard_and_any_trump():
    state = position([["5D"], ["W2"], ["W3"]], round=1, trump="dwarves", bids=[0, 1, 0])
    state, _ = play(state, "5D", "W2", "W3")
    assert state.history[-1][3] == (0, 1, 0)


def test_a_led_jester_lets_the_next_card_set_the_suit():
    state = position([["J1", "5D"], ["2E", "9G"], ["9E", "13D"]], round=2, bids=[0, 0, 2])
    state, _ = play(state, "J1")
    assert legal_texts(state) == ["2E", "9G"]  # nothing to follow yet
    state, _ = play(state, "2E")
    assert legal_texts(state) == ["9E"]  # elves now set the suit
    state, _ = play(state, "9E")
    assert state.tricks == [0, 0, 1]


def test_a_trick_of_jesters_only_goes_to_the_first_jester():
    state = position([["J1"], ["J2"], ["J3"]], round=1, leader=1, bids=[0, 1, 0])
    state, _ = play(state, "J2", "J3", "J1")
    assert state.history[-1][3] == (0, 1, 0)


def test_the_lowest_trump_beats_the_highest_card_of_the_led_suit():
    state = position([["13D"], ["1G"], ["12D"]], round=1, trump="giants", bids=[1, 0, 0])
    state, _ = play(state, "13D", "1G", "12D")
    assert state.history[-1][3] == (0, 1, 0)


def test_without_trump_the_highest_of_the_led_suit_wins():
    state = position([["3D"], ["13E"], ["4D"]], round=1, bids=[0, 0, 1])
    state, _ = play(state, "3D", "13E", "4D")
    assert state.history[-1][3] == (0, 0, 1)  # 13 of elves is off-suit and cannot win


def test_you_must_follow_suit_but_wizards_and_jesters_may_always_be_played():
    state = position([["7D", "1H", "2H"], ["3D", "10G", "W2"], ["J4", "5E", "6E"]], round=3, trump="giants",
                     bids=[1, 1, 1])
    state, _ = play(state, "7D")
    assert legal_texts(state) == ["3D", "W2"]
    with pytest.raises(IllegalMove, match="must follow suit: dwarves"):
        GAME.play(state, 1, GAME.parse_move("10G"))
    state, _ = play(state, "W2")
    assert legal_texts(state) == ["5E", "6E", "J4"]  # void in dwarves: anything


# ----- scoring ---------------------------------------------------------------------

def test_an_exact_prediction_scores_20_plus_10_a_trick_and_a_miss_loses_10_a_trick():
    state = position([["13D", "12D"], ["1D", "2D"], ["3D", "4D"]], round=2, bids=[2, 0, 1])
    state, log = play(state, "13D", "1D", "3D", "12D", "2D", "4D")
    assert state.history[-1][3] == (2, 0, 0)
    assert state.history[-1][4] == (40, 20, -10)
    assert GAME.outcome(state).scores == (40, 20, -10)
    assert "Round 2 scores: seat 1 +40, seat 2 +20, seat 3 -10." in [e.text for e in log]
    sheets = GAME.score_sheet(state)
    # rows by kind (a panel never grows a row a round): round 2 is seat 1's one exact prediction
    assert (sheets[0].row("exact").count, sheets[0].row("exact").points, sheets[0].total) == (1, 40, 40)
    assert "round 2" in sheets[0].row("exact").detail
    assert (sheets[2].row("missed").count, sheets[2].row("missed").points, sheets[2].total) == (1, -10, -10)
    assert [r.key for r in sheets[0].rows] == ["exact", "missed"]


# ----- trump and the turned-up card -------------------------------------------------

def _first_seed(predicate, n=3, options=None):
    for seed in range(500):
        state = GAME.setup(n, options, seed)
        if predicate(state):
            return state
    raise AssertionError("no such deal in 500 seeds")


def test_a_turned_up_wizard_lets_the_dealer_choose_trump():
    state = _first_seed(lambda s: s.turnup >= 0 and s.turnup >> 4 == 4, options={"single_round": 5})
    assert state.phase == "trump" and GAME.to_move(state) == {state.dealer}
    assert legal_texts(state) == ["trump dwarves", "trump elves", "trump giants", "trump humans"]
    state, _ = play(state, "trump elves")
    assert GAME.view(state, None)["trump"] == "elves" and state.phase == "bid"


def test_a_turned_up_jester_means_no_trump():
    state = _first_seed(lambda s: s.turnup >= 0 and s.turnup >> 4 == 5, options={"single_round": 5})
    assert state.phase == "bid" and GAME.view(state, 0)["trump"] is None


def test_a_turned_up_suit_card_sets_trump():
    state = _first_seed(lambda s: s.turnup >= 0 and s.turnup >> 4 < 4)
    view = GAME.view(state, None)
    assert view["turnup"].endswith(view["trump"][0].upper())


@pytest.mark.parametrize("n, last", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_the_last_round_deals_every_card_and_has_no_trump(n, last):
    state = GAME.setup(n, {"single_round": last}, 1)
    assert [len(h) for h in state.hands] == [last] * n
    view = GAME.view(state, 0)
    assert view["turnup"] is None and view["trump"] is None and state.stock == []


# ----- how many rounds -----------------------------------------------------------

def _random_game(n, options, seed=0):
    state = GAME.setup(n, options, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("n, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_a_full_game_deals_one_more_card_each_round_until_the_deck_runs_out(n, rounds):
    state = _random_game(n, None, seed=n)
    assert [rec[0] for rec in state.history] == list(range(1, rounds + 1))
    assert all(sum(rec[3]) == rec[0] for rec in state.history)  # every trick of a round is won by someone


def test_five_rounds_only():
    state = _random_game(6, {"length": "five"})
    assert [rec[0] for rec in state.history] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("n, cards", [(3, [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]),
                                      (4, [1, 3, 5, 7, 9, 11, 12, 13, 14, 15]),
                                      (5, [2, 4, 5, 6, 7, 8, 9, 10, 11, 12])])
def test_amigo_tournament_lengths(n, cards):
    assert list(AMIGO[n]) == cards
    state = _random_game(n, {"length": "amigo"})
    assert [rec[0] for rec in state.history] == cards
    assert GAME.view(state, None)["history"][-1]["round"] == 10


def test_amigo_is_not_for_six_players_and_single_round_must_exist():
    with pytest.raises(OptionError, match="Amigo"):
        GAME.setup(6, {"length": "amigo"}, 0)
    with pytest.raises(OptionError, match="single_round must be 0 to 5"):
        GAME.setup(4, {"length": "five", "single_round": 6}, 0)
    assert schedule(4, "full") == tuple(range(1, 16))


def test_a_single_round_game_for_benchmarks():
    state = GAME.setup(4, {"single_round": 10}, 3)
    assert [len(h) for h in state.hands] == [10] * 4
    view = GAME.view(state, 0)
    assert (view["round"], view["rounds"]) == (10, 10)
    state = _random_game(4, {"single_round": 10}, 3)
    assert len(state.history) == 1 and sum(state.history[0][3]) == 10


# ----- predictions: open, hidden, secret, plus/minus 1 ------------------------------

def test_open_predictions_go_round_from_the_dealers_left():
    state = GAME.setup(4, {"single_round": 3}, 2)
    dealer = state.dealer
    order = []
    for _ in range(4):
        seat = min(GAME.to_move(state))
        order.append(seat)
        state, log = GAME.play(state, seat, GAME.parse_move("bid 1"))
        assert log[0].only is None and "predicts 1" in log[0].text
    assert order == [(dealer + k) % 4 for k in range(1, 5)]
    assert state.phase == "play" and GAME.to_move(state) == {(dealer + 1) % 4}


def test_plus_minus_one_bars_the_dealer_from_making_the_total_fit():
    state = GAME.setup(3, {"single_round": 3, "plus_minus_one": True}, 4)
    state, _ = play(state, "bid 1", "bid 1")
    assert min(GAME.to_move(state)) == state.dealer
    assert legal_texts(state) == ["bid 0", "bid 2", "bid 3"]
    with pytest.raises(IllegalMove, match="may not add up to 3, so you may not predict 1"):
        GAME.play(state, state.dealer, GAME.parse_move("bid 1"))
    assert GAME.view(state, state.dealer)["forbidden_bid"] == 1


def test_hidden_predictions_are_made_together_and_revealed_together():
    state = GAME.setup(4, {"single_round": 2, "predictions": "hidden"}, 5)
    assert GAME.to_move(state) == {0, 1, 2, 3}
    state, log = GAME.play(state, 2, GAME.parse_move("bid 2"))
    assert [e.text for e in log if e.only is None] == ["Seat 3 has made a hidden prediction."]
    assert [e.text for e in log if e.only == {2}] == ["Seat 3's prediction: 2 tricks."]
    assert GAME.view(state, 0)["bids"] == [None, None, "hidden", None]
    assert GAME.view(state, 2)["bids"] == [None, None, 2, None]
    assert not GAME.reveals(state, 0, GAME.parse_move("bid 0"))
    state, _ = GAME.play(state, 0, GAME.parse_move("bid 0"))
    state, _ = GAME.play(state, 1, GAME.parse_move("bid 1"))
    assert GAME.reveals(state, 3, GAME.parse_move("bid 1"))  # the last one shows them all
    state, log = GAME.play(state, 3, GAME.parse_move("bid 1"))
    revealed = "Predictions revealed: seat 1: 0 tricks, seat 2: 1 trick, seat 3: 2 tricks, seat 4: 1 trick."
    assert revealed in [e.text for e in log]
    assert GAME.view(state, None)["bids"] == [0, 1, 2, 1]


def test_hidden_predictions_with_plus_minus_one_leave_the_dealer_for_last():
    state = GAME.setup(3, {"single_round": 2, "predictions": "hidden", "plus_minus_one": True}, 6)
    dealer = state.dealer
    assert dealer not in GAME.to_move(state)
    with pytest.raises(IllegalMove):
        GAME.play(state, dealer, GAME.parse_move("bid 0"))
    assert "dealer predicts last" in GAME.explain_illegal(state, dealer, GAME.parse_move("bid 0"))
    for seat in sorted(GAME.to_move(state)):
        state, _ = GAME.play(state, seat, GAME.parse_move("bid 1"))
    assert GAME.to_move(state) == {dealer}
    assert legal_texts(state) == ["bid 1", "bid 2"]


def test_secret_predictions_stay_hidden_until_the_round_ends():
    state = GAME.setup(3, {"single_round": 2, "predictions": "secret"}, 7)
    for seat in range(3):
        state, _ = GAME.play(state, seat, GAME.parse_move("bid 1"))
    assert state.phase == "play"
    assert GAME.view(state, 0)["bids"] == [1, "hidden", "hidden"]
    assert GAME.view(state, None)["bids"] == ["hidden"] * 3
    sheets = GAME.score_sheet(state, 0)
    assert not sheets[0].hidden and sheets[1].hidden and "hidden" in sheets[1].row("current").detail
    rng = Rng(1)
    log = []
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        state, lines = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        log += lines
    assert "Secret predictions revealed: seat 1: 1 trick, seat 2: 1 trick, seat 3: 1 trick." in [e.text for e in log]
    assert GAME.view(state, 0)["bids"] == [1, 1, 1]


# ----- Foresight -----------------------------------------------------------------

def test_foresight_shows_the_others_cards_but_not_your_own():
    state = GAME.setup(4, {"foresight": True}, 8)
    assert state.cards == 1
    mine = GAME.view(state, 0)
    assert mine["hand"] == ["?"] and mine["foresight"]
    from meeple.games.wizard.components import code
    assert mine["foreheads"] == {str(s): [code(state.hands[s][0])] for s in (1, 2, 3)}
    own = code(state.hands[0][0])
    assert own not in json.dumps(mine) and own not in GAME.render_text(mine, 0)
    assert GAME.view(state, None)["foreheads"] is None  # a spectator sees no hand
    while state.phase != "play":
        state, _ = play(state, "bid 0")
    assert legal_texts(state) == ["play"]
    with pytest.raises(IllegalMove, match="cannot see your own card"):
        GAME.play(state, min(GAME.to_move(state)), GAME.parse_move(code(state.hands[min(GAME.to_move(state))][0])))
    state, log = play(state, "play")
    assert "plays" in log[0].text  # the card is shown once played
    while state.cards == 1 and state.phase == "play":
        state, _ = play(state, "play")
    assert state.round == 2 and GAME.view(state, 0)["hand"][0] != "?"  # round 2: hands are seen again


def test_foresight_needs_a_one_card_round():
    with pytest.raises(OptionError, match="Foresight"):
        GAME.setup(3, {"length": "amigo", "foresight": True}, 0)


# ----- notation and positions ---------------------------------------------------------

def test_moves_have_text_and_json_forms():
    for text, data in [("bid 3", {"bid": 3}), ("13G", {"play": "13G"}), ("W2", {"play": "W2"}),
                       ("trump humans", {"trump": "humans"}), ("play", {"play": "blind"})]:
        move = GAME.parse_move(text)
        assert GAME.move_to_json(move) == data and GAME.move_from_json(data) == move
    assert GAME.parse_move("b2") == GAME.parse_move("bid 2") and GAME.parse_move("play 7e") == GAME.parse_move("7E")


@pytest.mark.parametrize("text", ["", "bid x", "14G", "trump hearts", "W9"])
def test_unreadable_moves_say_how_to_write_them(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


@pytest.mark.parametrize("data", [{"bid": -1}, {"bid": True}, {"play": "ZZ"}, {"trump": "clubs"}, [], {"x": 1}])
def test_malformed_move_json_is_refused(data):
    with pytest.raises(NotationError):
        GAME.move_from_json(data)


def test_a_position_with_a_card_twice_or_missing_is_refused():
    with pytest.raises(PositionError, match="appears twice"):
        position([["W1"], ["W1"], ["5D"]], round=1)
    data = GAME.to_json(GAME.setup(3, None, 0))
    data["stock"] = data["stock"][1:]
    with pytest.raises(PositionError, match="missing"):
        GAME.from_json(data)
    with pytest.raises(PositionError, match="Wizard is for 3 to 6"):
        GAME.from_json({**data, "players": 7})


def test_a_position_round_trips_through_json():
    state = GAME.setup(5, {"predictions": "hidden"}, 9)
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.to_json(GAME.from_json(data)) == data


def test_a_position_whose_trump_contradicts_the_turned_up_card_is_refused():
    with pytest.raises(PositionError, match="trump must be giants"):
        position([["5D"], ["6D"], ["7D"]], round=1, turnup="3G", trump="elves")
    with pytest.raises(PositionError, match="Wizard is turned up"):
        position([["5D"], ["6D"], ["7D"]], round=1, turnup="W1", phase="bid")
    state = position([["5D"], ["6D"], ["7D"]], round=1, turnup="W1", phase="trump", bids=[None] * 3)
    assert GAME.to_move(state) == {state.dealer}
