"""Invariants over many random Ninety-Nine games, under every trump rule and scoring system."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.engine import ALL, Rng
from meeple.games.ninety_nine.components import DECK_WITH_JOKER, SUITED, code
from meeple.games.ninety_nine.rules import seats_to_move

from .helpers import GAME

VARIANTS = [
    {},
    {"trump": "junk_the_joker"},
    {"trump": "junk_the_joker", "first_trump": "none", "scoring": "first_to_three"},
    {"scoring": "three_rounds"},
    {"scoring": "nine_hands"},
    {"trump": "junk_the_joker", "scoring": "nine_hands"},
]
CODES = {code(c) for c in DECK_WITH_JOKER}


def deck(state):
    return sorted(SUITED if state.opts["trump"] == "junk_the_joker" else DECK_WITH_JOKER)


def all_cards(state):
    cards = [c for h in state.hands + state.bid_cards for c in h] + state.trick
    cards += [c for _, trick in state.done for c in trick]
    if state.turnup >= 0:
        cards.append(state.turnup)
    return sorted(cards)


def play_random(options, seed, stop_after=None, check=None):
    state = GAME.setup(3, options, seed)
    rng = Rng(seed ^ 0x99)
    history = []
    while not GAME.is_over(state) and (stop_after is None or len(history) < stop_after):
        seat = rng.choice(sorted(GAME.to_move(state)))
        move = rng.choice(GAME.legal_moves(state, seat))
        state, _ = GAME.play(state, seat, move)
        history.append((seat, move))
        if check:
            check(state)
    return state, history


def test_thousands_of_random_hands_conserve_the_cards_and_share_out_nine_tricks():
    rng = Rng(99)
    hands = 0
    for game in range(250):
        state = GAME.setup(3, {**VARIANTS[game % len(VARIANTS)], "scoring": "nine_hands"}, game)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_move(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        hands += len(state.history)
        assert all_cards(state) == deck(state)
        for rec in state.history:
            assert sum(rec[3]) == 9 and all(0 <= b <= 9 for b in rec[2])
    assert hands >= 2000


@settings(max_examples=25, deadline=None)
@given(variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31))
def test_whole_games_conserve_cards_and_replay_exactly(variant, seed):
    options = VARIANTS[variant]

    def check(state):
        assert all_cards(state) == deck(state)
        assert sum(state.tricks) == len(state.done)

    state, history = play_random(options, seed, check=check)
    assert GAME.outcome(state) is not None
    again = GAME.setup(3, options, seed)
    for seat, move in history:
        again, _ = GAME.play(again, seat, move)
    assert GAME.dumps(again) == GAME.dumps(state)


@settings(max_examples=60, deadline=None)
@given(variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31), cut=st.integers(0, 120))
def test_mid_game_positions_round_trip_and_play_on_alike(variant, seed, cut):
    state, _ = play_random(VARIANTS[variant], seed, stop_after=cut)
    data = json.loads(json.dumps(GAME.to_json(state)))
    loaded = GAME.from_json(data)
    assert GAME.to_json(loaded) == data
    for viewer in [None, 0, 1, 2]:
        assert GAME.view(loaded, viewer) == GAME.view(state, viewer)
    assert [s.to_json() for s in GAME.score_sheet(loaded, ALL)] == [s.to_json() for s in GAME.score_sheet(state, ALL)]
    a, b = state, loaded
    rng_a, rng_b = Rng(seed), Rng(seed)
    for _ in range(20):
        if GAME.is_over(a):
            break
        seat = min(GAME.to_move(a))
        a, _ = GAME.play(a, seat, rng_a.choice(GAME.legal_moves(a, seat)))
        b, _ = GAME.play(b, seat, rng_b.choice(GAME.legal_moves(b, seat)))
    assert GAME.dumps(a) == GAME.dumps(b)


def card_strings(value):
    if isinstance(value, str):
        return {value} & CODES
    if isinstance(value, dict):
        return set().union(set(), *(card_strings(k) | card_strings(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(card_strings(v) for v in value))
    return set()


def hidden_from(state, viewer):
    """Other seats' hands (unless revealed) and bid cards (unless a premium showed them)."""
    seat, kind = GAME._premium_shown(state)
    hidden = set()
    for s in range(3):
        if s == viewer:
            continue
        if not (s == seat and kind == 2):
            hidden |= set(state.hands[s])
        if s != seat:
            hidden |= set(state.bid_cards[s])
    return {code(c) for c in hidden}


@settings(max_examples=80, deadline=None)
@given(variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31), cut=st.integers(0, 150))
def test_no_seat_sees_another_hand_or_bid_unless_a_premium_shows_it(variant, seed, cut):
    state, _ = play_random(VARIANTS[variant], seed, stop_after=cut)
    if GAME.is_over(state):
        return
    rng = Rng(seed)
    for viewer in [None, 0, 1, 2]:
        view = GAME.view(state, viewer)
        assert not card_strings(view) & hidden_from(state, viewer)
        text = GAME.render_text(view, viewer)
        assert not {w.strip(",.()") for w in text.split()} & hidden_from(state, viewer)
    changed = 0
    for viewer in range(3):
        mine = GAME.view(state, viewer)
        for _ in range(3):
            world = GAME.determinize(state, viewer, rng)
            assert all_cards(world) == deck(state)
            assert GAME.view(world, viewer) == mine
            for s in range(3):
                assert not any(world.voids[s] >> world.suit(c) & 1 for c in world.hands[s])
            changed += GAME.dumps(world) != GAME.dumps(state)
    assert changed, "determinize never changed anything, so the leak check could not fail"


def test_a_revealed_hand_is_visible_to_all_and_the_leak_check_can_fail():
    state, _ = play_random({}, 1, stop_after=9)
    view = GAME.view(state, 0)
    view["hand"] = [code(state.hands[1][0])]
    assert card_strings(view) & hidden_from(state, 0)


@settings(max_examples=20, deadline=None)
@given(variant=st.integers(0, len(VARIANTS) - 1), seed=st.integers(0, 2**31))
def test_log_lines_name_no_card_a_reader_may_not_know(variant, seed):
    state = GAME.setup(3, {**VARIANTS[variant], "scoring": "nine_hands"}, seed)
    rng = Rng(seed)
    for _ in range(200):
        seat = rng.choice(sorted(GAME.to_move(state)))
        move = rng.choice(GAME.legal_moves(state, seat))
        before = state
        state, log = GAME.play(state, seat, move)
        # what this move may show: the card played, a premium's cards, every bid once the hand is over
        shown = {code(move.card)} if hasattr(move, "card") else set()
        if state.phase == "play" and before.phase == "premium":
            pseat, kind = state.premium()
            if kind:
                shown |= {code(c) for c in before.bid_cards[pseat] + (before.hands[pseat] if kind == 2 else [])}
        if len(state.history) > len(before.history):
            shown |= {code(c) for b in before.bid_cards for c in b}
        for entry in log:
            for viewer in [None, 0, 1, 2]:
                if entry.visible_to(viewer):
                    words = {w.strip(",.():") for w in entry.text.split()}
                    private = hidden_from(before, viewer) - (shown if entry.only is None or viewer == seat else set())
                    assert not words & private, (entry.text, viewer)


@pytest.mark.parametrize("scoring", ["three_rounds_bonus", "three_rounds", "first_to_three", "nine_hands"])
def test_the_fast_scores_equal_the_sheet_totals_all_game_long(scoring):
    state = GAME.setup(3, {"scoring": scoring}, 21)
    rng = Rng(8)
    while GAME.to_move(state):
        assert GAME.scores(state) == [sheet.total for sheet in GAME.score_sheet(state, ALL)]
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert GAME.scores(state) == [sheet.total for sheet in GAME.score_sheet(state, ALL)]


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_the_seats_to_move_kept_by_each_move_equal_those_worked_out_from_the_position(variant):
    # to_move returns what apply keeps in the state; check it against the whole position after every
    # move, and after a position's JSON round trip (which works it out afresh).
    state = GAME.setup(3, VARIANTS[variant], 40 + variant)
    rng = Rng(variant)
    for step in range(5000):
        assert state.movers == seats_to_move(state)
        if not state.movers:
            break
        if step % 17 == 0:
            assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))).movers == state.movers
        seat = rng.choice(sorted(GAME.to_move(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert GAME.is_over(state)
