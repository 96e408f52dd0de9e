"""What Wizard keeps beside the position for playouts agrees with the position worked out afresh.

`led` and `movers` are kept move by move, the legal cards are read as slices of the sorted hand, and a
finished trick is ranked by a table; after every move of many random games (every option set, some
positions reloaded from JSON, some sampled worlds played on) each must equal a count from scratch.
"""

import pytest

from meeple.engine import Rng
from meeple.games.wizard.components import DECK
from meeple.games.wizard.moves import PLAY_BLIND, PLAYS
from meeple.games.wizard.rules import (
    _TRICK_KEYS,
    NO_SUIT,
    WILD_LOW,
    led_suit,
    seats_to_move,
    wizard_trick_winner,
)

from .helpers import GAME

VARIANTS = [
    {"single_round": 10},
    {"length": "five"},
    {"predictions": "hidden", "plus_minus_one": True, "length": "five"},
    {"predictions": "secret", "foresight": True, "length": "five"},
    {"length": "amigo"},
]


def fresh_legal_cards(state, seat):
    """The playable cards as the rules say: follow the led suit if you can; Wizards and Jesters always."""
    hand = state.hands[seat]
    led = led_suit(state.trick)
    if led >= 0 and any(c >> 4 == led for c in hand):
        return [c for c in hand if c >> 4 == led or c >= WILD_LOW]
    return list(hand)


def check_kept(state):
    assert state.led == led_suit(state.trick)
    assert state.movers == seats_to_move(state)
    assert all(hand == sorted(hand) for hand in state.hands)  # what legal_moves and random_step slice
    if state.phase == "play":
        seat = min(GAME.to_move(state))
        moves = GAME.legal_moves(state, seat)
        if moves != [PLAY_BLIND]:  # (a card played blind is the one card held)
            assert moves == [PLAYS[c] for c in fresh_legal_cards(state, seat)]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_legal_cards_and_led_suit_equal_a_count_from_scratch_after_every_move(n, variant):
    if variant.get("length") == "amigo" and n == 6:
        pytest.skip("the Amigo schedules are for 3 to 5 players")
    rng = Rng(n)
    for seed in range(12):
        state = GAME.setup(n, variant, seed)
        step = 0
        while not GAME.is_over(state):
            check_kept(state)
            seat = min(GAME.to_move(state))
            moves = GAME.legal_moves(state, seat)
            move = moves[rng.next_u64() % len(moves)]
            if step % 17 == 5:  # a reloaded position and a sampled world keep nothing stale either
                world = GAME.determinize(state, seat, Rng(step))
                check_kept(world)
                GAME.apply(world, seat, move)
                check_kept(world)
                state = GAME.from_json(GAME.to_json(state))
                check_kept(state)
            if step % 11 == 3:
                state = GAME.clone(state)
            before = GAME.clone(state)
            GAME.apply(state, seat, move)
            if len(before.trick) == n - 1 and move != PLAY_BLIND:  # the trick is complete: its winner leads
                trick = [*before.trick, move.card]
                winner = (before.leader + wizard_trick_winner(trick, before.trump)) % n
                if before.hands[seat] != [move.card]:  # the round goes on
                    assert state.done[-1] == (before.leader, tuple(trick)) and state.leader == winner
                taken = state.tricks if before.hands[seat] != [move.card] else state.history[-1][3]
                assert taken[winner] == before.tricks[winner] + 1
            step += 1
        check_kept(state)


def reference_winner(trick, trump):
    """The winning card as the rules say it, without the table: the first Wizard, else the highest
    trump, else the highest of the led suit; a trick of Jesters only goes to the first Jester."""
    led = NO_SUIT
    for i, c in enumerate(trick):
        if c >> 4 == 4:
            return i
        if led == NO_SUIT and c >> 4 != 5:
            led = c >> 4
    if led == NO_SUIT:
        return 0
    keys = [32 + (c & 15) if c >> 4 == trump else 16 + (c & 15) if c >> 4 == led else -1 for c in trick]
    return keys.index(max(keys))


def test_a_finished_trick_ranks_by_the_table_as_the_rules_say():
    rng = Rng(11)
    deck = list(DECK)
    for _ in range(4000):
        rng.shuffle(deck)
        trick = deck[:3 + rng.randrange(4)]
        if rng.randrange(4) == 0:  # Wizards and Jesters are rare in a random deal: lead with more
            trick[rng.randrange(len(trick))] = 4 << 4 | rng.randrange(4) if rng.randrange(2) else 5 << 4 | 0
            if len(set(trick)) < len(trick):
                continue
        trump = rng.randrange(5) - 1
        keys = _TRICK_KEYS[trump + 1][led_suit(trick) + 2]
        ranked = [keys[c] for c in trick]
        assert ranked.index(max(ranked)) == wizard_trick_winner(trick, trump) == reference_winner(trick, trump), \
            (trick, trump)


def test_jesters_only_go_to_the_first_and_a_led_wizard_wins():
    jesters = [5 << 4 | i for i in range(4)]
    keys = _TRICK_KEYS[0 + 1][NO_SUIT + 2]
    assert [keys[c] for c in jesters] == [0, 0, 0, 0]
    assert wizard_trick_winner(jesters, 0) == 0
