"""engine/tricks.py: what Wizard and Ninety-Nine word and store alike, worked by hand on both."""

import json

import pytest

from meeple import games
from meeple.engine import ALL, PositionError, Rng
from meeple.engine.tricks import (
    WIN_LINES,
    TrickGame,
    bids_hot,
    cards_hot,
    play_lines,
    record_line,
    scores_line,
    seats_hot,
    trick_hot,
)

GAMES = ["wizard", "ninety_nine"]
BIG = {"wizard": {"single_round": 10}, "ninety_nine": {}}  # hands of ten and twelve cards


def play_until(game, state, rng, stop):
    """Random moves, the lowest seat first, until `stop(state)` (or the game ends)."""
    while not game.is_over(state) and not stop(state):
        seat = min(game.to_move(state))
        moves = game.legal_moves(state, seat)
        game.apply(state, seat, moves[rng.next_u64() % len(moves)])
    return state


def test_log_lines_of_a_trick_and_of_scores():
    lines = play_lines(3, [0x17, 0x21], lambda c: f"card {c}")
    assert lines[2][0x21].text == "Seat 3 plays card 33." and lines[2][0x21].seat == 2
    assert lines[0][0x17] is lines[0][0x17]  # made once, handed out again
    assert WIN_LINES[1].text == "Seat 2 wins the trick." and WIN_LINES[1].seat == 1
    assert scores_line("Hand", 4, (12, -10, 0)) == "Hand 4 scores: seat 1 +12, seat 2 -10, seat 3 +0."
    assert record_line("  round  2: ", [1, 0], [1, 1], [30, -10]) == "  round  2: s1 1/1 +30  s2 0/1 -10"


def test_the_score_row_of_the_hand_in_play_shows_a_bid_only_to_whom_it_is_shown():
    row, hidden = TrickGame.in_play_row("Round 3 (in play)", 1, None, True, "bidding", "bid hidden")
    assert (row.key, row.label, row.count, row.points, row.detail, hidden) == \
        ("current", "Round 3 (in play)", 1, 0, "bidding", False)
    row, hidden = TrickGame.in_play_row("Hand 1 (in play)", 2, "bid 3", True, "bidding", "bid hidden")
    assert (row.detail, hidden) == ("bid 3, taken 2 so far", False)
    row, hidden = TrickGame.in_play_row("Hand 1 (in play)", 2, "bid 3", False, "bidding", "bid hidden")
    assert (row.detail, hidden) == ("bid hidden, taken 2 so far", True)


@pytest.mark.parametrize("game_id", GAMES)
def test_prompts_wait_for_the_seats_to_move_and_end_with_the_game(game_id):
    game = games.get(game_id)
    state = play_until(game, game.setup(3, None, 5), Rng(5), lambda s: s.phase == "play")
    mover = min(game.to_move(state))
    others = [s for s in range(3) if s not in game.to_move(state)]
    assert game.prompt(state, others[0]) == f"Waiting for seat {mover + 1}."
    assert game.prompt(state, mover) == game.turn_prompt(state, mover)
    state.phase = "over"
    assert game.prompt(state, mover) == "The game is over."


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_not_held_or_not_following_is_explained(game_id):
    game = games.get(game_id)
    rng = Rng(2)
    for seed in range(40):  # a position where the seat to move holds the led suit and something else
        state = play_until(game, game.setup(3, BIG[game_id], seed), rng,
                           lambda s: s.phase == "play" and len(s.trick) == 1)
        if game.is_over(state):
            continue
        seat = min(game.to_move(state))
        hand = state.hands[seat]
        off = [c for c in hand if c >> 4 != state.led and c >> 4 < 4]
        if state.led >= 0 and off and any(c >> 4 == state.led for c in hand):
            break
    else:
        pytest.fail("no position to try")
    words = game.explain_card(state, seat, off[0], "led")
    assert words == f"You must follow suit: {game.SUITS[state.led]} led"
    elsewhere = next(c for c in state.hands[(seat + 1) % 3])
    assert game.explain_card(state, seat, elsewhere, "led") == f"You do not hold {game.card_words(elsewhere)}."


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shared_parts_of_a_position_and_a_view(game_id):
    game = games.get(game_id)
    state = play_until(game, game.setup(3, None, 9), Rng(9), lambda s: s.phase == "play" and len(s.trick) == 2)
    stored = game.to_json(state)
    assert {k: stored[k] for k in ("game", "version", "phase", "rng")} == \
        {"game": game_id, "version": 1, "phase": "play", "rng": state.rng.state}
    assert stored["hands"] == [[game.code(c) for c in h] for h in state.hands]
    assert stored["trick"] == [game.code(c) for c in state.trick]
    assert stored["trump"] == (game.SUITS[state.trump] if state.trump >= 0 else None)
    again = game.from_json(json.loads(json.dumps(game.to_json(state))))
    assert (again.hands, again.trump, again.phase, again.trick) == (state.hands, state.trump, "play", state.trick)
    view = game.table_view(state, 1, ["my", "cards"], "led words")
    assert (view["players"], view["viewer"], view["hand"], view["led"]) == (3, 1, ["my", "cards"], "led words")
    assert view["to_move"] == sorted(game.to_move(state)) and view["over"] is False
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    assert game.hand_lines(view) == ["Your hand: my cards"] and game.hand_lines({"hand": None}) == []
    assert game.scores(state) == state.totals()
    assert game.seat_scores(state, 0) == game.scores(state) == [s.total for s in game.score_sheet(state, ALL)]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_loaded_position_with_bad_options_or_version_is_refused(game_id):
    game = games.get(game_id)
    data = game.to_json(game.setup(3, None, 1))
    with pytest.raises(Exception, match="Unsupported .* position version 7"):
        game.from_json({**data, "version": 7})
    with pytest.raises(Exception, match="Bad options in the position"):
        game.from_json({**data, "options": {"no_such_option": 1}})
    with pytest.raises(Exception, match="phase must be one of"):
        game.from_json({**data, "phase": "dancing"})


def test_learner_features_of_cards_seats_tricks_and_bids():
    index = {"AS": 0, "KS": 1, "QS": 2}
    assert cards_hot(["QS", "?", "AS"], index) == [1.0, 0.0, 1.0]
    assert cards_hot(None, index) == [0.0, 0.0, 0.0]
    where = {2: 0, 0: 1, 1: 2}  # seat 2 views: its own block first
    assert seats_hot([0], where, 3) == [0.0, 1.0, 0.0]
    assert trick_hot([{"seat": 0, "card": "KS"}], where, index) == [0.0] * 3 + [0.0, 1.0, 0.0] + [0.0] * 3
    assert bids_hot([3, "hidden", None], [2, 0, 1], 6) == [0.0, 0.0, 1.0, 0.5, 0.0, 0.0, 0.0, 1.0, 0.0]
    assert bids_hot([True], [0], 6) == [0.0, 0.0, 0.0]  # a flag is no bid


@pytest.mark.parametrize("game_id", GAMES)
def test_a_position_whose_tricks_do_not_agree_is_refused_in_words(game_id):
    game = games.get(game_id)
    state = play_until(game, game.setup(3, None, 4), Rng(4), lambda s: s.phase == "play" and len(s.done) == 1)
    good = game.to_json(state)
    assert game.from_json(json.loads(json.dumps(good))).done == state.done
    short = json.loads(json.dumps(good))
    short["trick"] = [short["done"][0]["cards"].pop()]  # a done trick of two cards at three seats
    with pytest.raises(PositionError, match="a done trick has one card per seat"):
        game.from_json(short)
    counts = json.loads(json.dumps(good))
    counts["tricks"] = [1, 1, 0]  # two taken, one played
    with pytest.raises(PositionError, match="must add up to the done tricks"):
        game.from_json(counts)
