"""Invariants over many random Wizard games, in every variant and player count."""

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng
from meeple.games.wizard.components import DECK, NAMES, code, name

from .helpers import GAME, position

VARIANTS = [
    {},
    {"predictions": "hidden"},
    {"predictions": "secret", "plus_minus_one": True},
    {"predictions": "hidden", "plus_minus_one": True, "foresight": True},
    {"plus_minus_one": True, "length": "five"},
    {"length": "amigo", "predictions": "secret"},
    {"foresight": True, "length": "five"},
]


def options_for(n, variant):
    opts = dict(VARIANTS[variant])
    if opts.get("length") == "amigo" and n == 6:
        opts["length"] = "five"
    return opts


def all_cards(state):
    cards = [c for h in state.hands for c in h] + state.stock + state.trick
    cards += [c for _, trick in state.done for c in trick]
    if state.turnup >= 0:
        cards.append(state.turnup)
    return sorted(cards)


def play_random(n, options, seed, stop_after=None, check=None):
    state = GAME.setup(n, options, seed)
    rng = Rng(seed ^ 0x5EED)
    history = []
    while not GAME.is_over(state) and (stop_after is None or len(history) < stop_after):
        seat = rng.choice(sorted(GAME.to_move(state)))
        move = rng.choice(GAME.legal_moves(state, seat))
        state, _ = GAME.play(state, seat, move)
        history.append((seat, move))
        if check:
            check(state)
    return state, history


def test_thousands_of_random_rounds_conserve_the_deck_and_share_out_every_trick():
    rng = Rng(2026)
    for game in range(2000):
        n = 3 + rng.randrange(4)
        rounds = 60 // n
        opts = {**VARIANTS[game % len(VARIANTS)], "length": "full", "single_round": 1 + rng.randrange(rounds)}
        if opts.get("foresight"):
            opts["single_round"] = 1
        state = GAME.setup(n, opts, game)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_move(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert all_cards(state) == sorted(DECK)
        (cards, _, bids, tricks, points), = state.history
        assert sum(tricks) == cards == opts["single_round"]
        assert GAME.outcome(state).scores == points


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 6), variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31))
def test_whole_games_conserve_cards_replay_exactly_and_score_every_round(n, variant, seed):
    options = options_for(n, variant)
    if not options.get("length"):
        options["length"] = "five"  # keep full-length games to the round-count tests

    def check(state):
        assert all_cards(state) == sorted(DECK)
        assert sum(state.tricks) == len(state.done)

    state, history = play_random(n, options, seed, check=check)
    for rec in state.history:
        cards, _, bids, tricks, points = rec
        assert sum(tricks) == cards
        assert points == tuple(20 + 10 * t if b == t else -10 * abs(b - t) for b, t in zip(bids, tricks))
    again = GAME.setup(n, options, seed)
    for seat, move in history:
        again, _ = GAME.play(again, seat, move)
    assert GAME.dumps(again) == GAME.dumps(state)
    assert sum(GAME.scores(state)) == sum(sum(rec[4]) for rec in state.history)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 6), variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31),
       cut=st.integers(0, 60))
def test_mid_game_positions_round_trip_and_play_on_alike(n, variant, seed, cut):
    options = options_for(n, variant)
    state, _ = play_random(n, options, seed, stop_after=cut)
    data = json.loads(json.dumps(GAME.to_json(state)))
    loaded = GAME.from_json(data)
    assert GAME.to_json(loaded) == data
    for viewer in [None, ALL, *range(n)]:
        if viewer != ALL:
            assert GAME.view(loaded, viewer) == GAME.view(state, viewer)
        assert [s.to_json() for s in GAME.score_sheet(loaded, viewer)] == \
            [s.to_json() for s in GAME.score_sheet(state, viewer)]
    a, b = state, loaded
    rng_a, rng_b = Rng(seed), Rng(seed)
    for _ in range(15):
        if GAME.is_over(a):
            break
        seat = min(GAME.to_move(a))
        a, _ = GAME.play(a, seat, rng_a.choice(GAME.legal_moves(a, seat)))
        b, _ = GAME.play(b, seat, rng_b.choice(GAME.legal_moves(b, seat)))
    assert GAME.dumps(a) == GAME.dumps(b)


CODES = {code(c) for c in DECK}


def card_strings(value):
    """Every card code anywhere in a view."""
    if isinstance(value, str):
        return {value} & CODES
    if isinstance(value, dict):
        return set().union(*(card_strings(k) | card_strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_strings(v) for v in value)) if value else set()
    return set()


def hidden_from(state, viewer):
    """Cards `viewer` may not know: the stock and every hand it cannot see."""
    hidden = set(state.stock)
    for s, hand in enumerate(state.hands):
        if viewer is None or (s == viewer) == state.blind:
            hidden |= set(hand)
    return {code(c) for c in hidden}


@settings(max_examples=80, deadline=None)
@given(n=st.integers(3, 6), variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31),
       cut=st.integers(0, 80))
def test_no_seat_sees_another_hand_the_stock_or_a_hidden_prediction(n, variant, seed, cut):
    options = options_for(n, variant)
    state, _ = play_random(n, options, seed, stop_after=cut)
    if GAME.is_over(state):
        return
    rng = Rng(seed)
    for viewer in [None, *range(n)]:
        view = GAME.view(state, viewer)
        assert not card_strings(view) & hidden_from(state, viewer)
        text = GAME.render_text(view, viewer)
        assert not {w.strip(",.()") for w in text.split()} & hidden_from(state, viewer)
        for sheet in GAME.score_sheet(state, viewer):
            for row in sheet.rows:
                if row.key == "current" and sheet.seat != viewer and view["bids"][sheet.seat] == "hidden":
                    assert "hidden" in row.detail
    # a world resampled for a seat differs only in what it cannot see, so its view is unchanged
    changed = 0
    for viewer in range(n):
        mine = GAME.view(state, viewer)
        for _ in range(3):
            world = GAME.determinize(state, viewer, rng)
            assert all_cards(world) == sorted(DECK)
            assert GAME.view(world, viewer) == mine
            for s in range(n):
                assert not any(world.voids[s] >> (c >> 4) & 1 for c in world.hands[s] if c >> 4 < 4)
            changed += GAME.dumps(world) != GAME.dumps(state)
    assert changed, "determinize never changed anything, so the leak check could not fail"


def test_the_leak_check_can_fail():
    state = GAME.setup(4, None, 3)
    view = GAME.view(state, 0)
    view["hand"] = [code(state.hands[1][0])]  # a view that showed seat 2's card
    assert card_strings(view) & hidden_from(state, 0)
    assert NAMES.parse(code(state.hands[1][0])) == state.hands[1][0]


@settings(max_examples=30, deadline=None)
@given(n=st.integers(3, 6), variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31))
def test_log_lines_name_no_card_a_reader_may_not_know(n, variant, seed):
    options = {**options_for(n, variant), "length": "five"}
    state = GAME.setup(n, options, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_move(state)))
        move = rng.choice(GAME.legal_moves(state, seat))
        shown = set()
        if hasattr(move, "card"):
            shown.add(code(move.card))
        elif GAME.move_text(move) == "play":
            shown.add(code(state.hands[seat][0]))
        before = state
        state, log = GAME.play(state, seat, move)
        for entry in log:
            for viewer in [None, *range(n)]:
                if entry.visible_to(viewer):
                    words = {w.strip(",.():") for w in entry.text.split()}
                    assert not words & (hidden_from(before, viewer) - shown), (entry.text, viewer)
                    # Log lines name cards in words ("the 7 of giants"): no such name of a hidden card either,
                    # but for the card turned up when the move deals the next round.
                    for c in hidden_from(before, viewer) - shown - {code(state.turnup)}:
                        if NAMES.parse(c) >> 4 < 4:  # the numbered cards have names of their own
                            assert not re.search(rf"\b{name(NAMES.parse(c))}\b", entry.text), (entry.text, viewer)
            if before.opts["predictions"] != "open" and before.phase == "bid" and entry.only is None:
                # a hidden or secret prediction is announced, never said (until all are shown together)
                assert entry.text.endswith("prediction.") or entry.text.startswith("Predictions revealed")


def test_sampled_hands_lean_towards_the_predictions_on_the_table():
    state = position([["2D", "3E", "4H"], ["5D", "6E", "7H"], ["8D", "9E", "10H"]], round=3, trump="giants",
                     bids=[0, 3, 0])
    rng = Rng(12)
    strong = {1: 0, 2: 0}
    for _ in range(300):
        world = GAME.determinize(state, 0, rng)
        assert world.hands[0] == state.hands[0]
        for s in (1, 2):
            strong[s] += sum(1 for c in world.hands[s] if c >> 4 == 4 or (c >> 4 == 2 and c & 15 >= 10))
    assert strong[1] > 2 * strong[2]  # the seat that predicted all three tricks holds the big cards
