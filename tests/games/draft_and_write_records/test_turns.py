"""Weeks, passing, weekends, the end and solo mode, worked by hand on set-up positions."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalMove, NotationError, Rng
from meeple.games.draft_and_write_records import GAME
from meeple.games.draft_and_write_records.components import AGENDA, CARD_KIND, CARD_NUMBER, CREW, N_CARDS, deck_for
from meeple.games.draft_and_write_records.goals import GOAL_NAME
from meeple.games.draft_and_write_records.moves import CLAIMS, DRAW, FAILS, KEEPS, PASS, PRIVATE, Fail
from meeple.games.draft_and_write_records.rules import DRAFT, GOAL, OVER, THREE, TWO, WEEKEND, solo_playable
from meeple.games.draft_and_write_records.sheet import F_ALBUM, F_CREW, F_FAILS

from .helpers import setup


def kept(n, seed=3):
    state = setup(n, seed)
    for s in range(n):
        state, _ = GAME.play(state, s, KEEPS[0])
    return state


def test_the_player_count_number_filters_the_deck():
    assert len(deck_for(1)) == len(deck_for(2)) - 15 == 40
    assert len(deck_for(6)) == N_CARDS
    assert all(CARD_NUMBER[c] <= 3 for c in deck_for(3))


def test_private_goals_are_kept_at_once_and_hidden():
    state = setup(3, 1)
    assert GAME.to_move(state) == {0, 1, 2}
    offered = state.offers[1][:]
    state, log = GAME.play(state, 1, KEEPS[1])
    assert all(e.only == frozenset({1}) for e in log)
    assert GAME.to_move(state) == {0, 2}
    assert GAME.view(state, 0) == GAME.view(GAME.play(setup(3, 1), 1, KEEPS[0])[0], 0)
    state, _ = GAME.play(state, 0, KEEPS[0])
    state, _ = GAME.play(state, 2, KEEPS[0])
    assert state.private[1] == offered[1] and state.phase == DRAFT
    assert GAME.view(state, 0)["seats"][1]["private"] is None
    assert GAME.view(state, 1)["seats"][1]["private"]["id"] == offered[1]


def test_picks_are_hidden_until_all_have_chosen_then_hands_pass_clockwise_in_week_one():
    state = kept(3)
    hands = [h[:] for h in state.hands]
    before = GAME.view(state, 1)
    state, _ = GAME.play(state, 0, FAILS[0])
    assert GAME.view(state, 1) == before and state.sheets[0][F_FAILS] == 0
    state, _ = GAME.play(state, 1, FAILS[0])
    state, log = GAME.play(state, 2, FAILS[0])
    assert all(state.sheets[s][F_FAILS] == 1 for s in range(3))
    assert state.hands[1] == hands[0][1:] and state.hands[0] == hands[2][1:]  # seat 1 gets seat 0's hand
    assert any("clockwise" in e.text for e in log)


def test_week_two_passes_counter_clockwise_and_the_last_card_is_discarded():
    state = kept(2)
    for _ in range(4):
        for s in range(2):
            state, _ = GAME.play(state, s, FAILS[0])
    while state.phase == WEEKEND:
        seat = min(GAME.to_move(state))
        state, _ = GAME.play(state, seat, PASS)
    assert state.week == 2 and state.phase == DRAFT
    assert len(state.discards[0]) == 5  # four Fails and the last card
    hands = [h[:] for h in state.hands]
    state, _ = GAME.play(state, 0, FAILS[0])
    state, _ = GAME.play(state, 1, FAILS[0])
    assert state.hands[0] == hands[1][1:]


def test_weekend_claim_together_discards_the_goal_and_gives_the_bonus():
    state = kept(2)
    albums = GOAL_NAME.index("Two albums")
    state.row = [albums, -1, -1, -1]
    state.goal_deck = [g for g in state.goal_deck if g != albums][:0]
    for s in range(2):
        state.sheets[s][F_ALBUM] = 2
    state.step = 3
    state.hands = [[state.hands[s][0], state.hands[s][1]] for s in range(2)]
    state, _ = GAME.play(state, 0, FAILS[0])
    state, _ = GAME.play(state, 1, FAILS[0])
    assert state.phase == WEEKEND and state.slot == 0 and GAME.to_move(state) == {0, 1}
    state, _ = GAME.play(state, 0, CLAIMS[0])
    state, log = GAME.play(state, 1, CLAIMS[0])
    assert state.claimed == [[albums], [albums]] and state.row[0] == -1
    assert all(state.sheets[s][3 + 1] == 1 for s in range(2))  # the goal's single
    assert GAME.scores(state)[0] >= 3


def test_a_goal_nobody_can_ever_claim_is_discarded():
    state = kept(2)
    clean = GOAL_NAME.index("Clean start")
    state.row = [clean, -1, -1, -1]
    state.goal_deck = []
    state.sheets[0][F_FAILS] = state.sheets[1][F_FAILS] = 1
    state.step = 3
    state.hands = [[state.hands[s][0], state.hands[s][1]] for s in range(2)]
    state, _ = GAME.play(state, 0, FAILS[0])
    state, log = GAME.play(state, 1, FAILS[0])
    assert state.row[0] == -1 and any("no longer" in e.text for e in log)


def test_private_step_asks_everyone_holding_one_and_only_a_meeting_seat_may_claim():
    state = kept(2)
    state.row = [-1] * 4
    state.goal_deck = []
    albums = GOAL_NAME.index("Two albums")
    state.private = [albums, GOAL_NAME.index("Seven crews")]
    state.sheets[0][F_ALBUM] = 2
    state.step = 3
    state.hands = [[state.hands[s][0], state.hands[s][1]] for s in range(2)]
    state, _ = GAME.play(state, 0, FAILS[0])
    state, _ = GAME.play(state, 1, FAILS[0])
    assert state.slot == PRIVATE and GAME.to_move(state) == {0, 1}
    assert GAME.legal_moves(state, 1) == [PASS]
    assert CLAIMS[PRIVATE] in GAME.legal_moves(state, 0)
    # Each is told what it may do: only the seat itself sees its prompt.
    assert GAME.prompt(state, 1) == "Weekend: your private goal is not met yet: pass."
    assert GAME.prompt(state, 0) == "Weekend: claim your private goal, or pass."
    state, _ = GAME.play(state, 1, PASS)
    state, _ = GAME.play(state, 0, CLAIMS[PRIVATE])
    assert state.claimed[0] == [albums] and state.private[0] == -1 and state.week == 2


def test_the_end_after_the_weekend_of_the_week_it_was_triggered_with_fails_for_missing_crews():
    state = kept(2)
    state.sheets[0][F_FAILS] = 7
    state.row = [-1] * 4
    state.goal_deck = []
    state, _ = GAME.play(state, 0, FAILS[0])
    state, _ = GAME.play(state, 1, FAILS[0])
    assert state.ending and state.phase == DRAFT
    for _ in range(3):
        state, _ = GAME.play(state, 0, FAILS[0])
        state, _ = GAME.play(state, 1, FAILS[0])
    while state.phase == WEEKEND:  # the private goals are asked about, then the game ends
        seat = min(GAME.to_move(state))
        state, _ = GAME.play(state, seat, PASS)
    assert state.phase == OVER
    assert state.sheets[1][F_FAILS] == 8  # four Fails, then four of its eleven missing crews
    out = GAME.outcome(state)
    assert out is not None and len(out.scores) == 2


def test_illegal_moves_are_refused_in_plain_words():
    state = kept(2)
    with pytest.raises(IllegalMove, match="at the weekend"):
        GAME.play(state, 0, CLAIMS[0])
    card = next(i for i, c in enumerate(state.hands[0]) if CARD_KIND[c] == AGENDA) \
        if any(CARD_KIND[c] == AGENDA for c in state.hands[0]) else None
    if card is not None:
        from meeple.games.draft_and_write_records.moves import PLAYS
        with pytest.raises(IllegalMove, match="crew|marks"):
            GAME.play(state, 0, PLAYS[card][0][0])


def solo(seed=2):
    return setup(1, seed)


def test_solo_option_a_plays_one_and_discards_the_other():
    state = solo()
    assert state.phase == TWO and len(state.hands[0]) == 2 and DRAW in GAME.legal_moves(state, 0)
    deck = len(state.deck)
    failed, other = state.hands[0]
    state, _ = GAME.play(state, 0, Fail(0))
    assert state.discards[0] == [failed, other] and len(state.deck) == deck - 2 and state.phase == TWO


def test_solo_option_b_the_odd_section_must_be_played_then_a_goal_and_the_row_slides():
    state = solo()
    crews = [c for c in state.deck if CARD_KIND[c] == CREW]
    agenda = next(c for c in state.deck if CARD_KIND[c] == AGENDA)
    state.hands[0] = crews[:2]
    state.deck = [c for c in state.deck if c not in crews[:2] and c != agenda] + [agenda]
    state, _ = GAME.play(state, 0, DRAW)
    assert state.phase == THREE and solo_playable(state.hands[0]) == [2]
    assert {m.card for m in GAME.legal_moves(state, 0)} == {2}
    row = state.row[:]
    state, _ = GAME.play(state, 0, FAILS[2])
    assert state.phase == GOAL
    state, _ = GAME.play(state, 0, PASS)
    assert state.row[1:] == row[:3] and state.row[0] not in row  # slid right, the fourth discarded
    assert state.phase == TWO


def test_solo_claiming_a_goal_discards_the_fourth_too():
    state = solo()
    albums = GOAL_NAME.index("Two albums")
    state.row = [state.row[0], albums, state.row[2], state.row[3]]
    state.sheets[0][F_ALBUM] = 2
    state.phase = GOAL
    state.hands[0] = []
    state, _ = GAME.play(state, 0, CLAIMS[1])
    assert state.claimed[0] == [albums]
    assert state.row[2:] == [state.row[2], state.row[3]]
    assert albums not in state.row


def test_solo_ends_when_fewer_than_two_cards_are_left():
    state = solo()
    state.deck = state.deck[:1]
    state, _ = GAME.play(state, 0, Fail(0))
    assert state.phase == OVER
    out = GAME.outcome(state)
    assert out.is_solo and "target" in out.verdict


def test_solo_crews_complete_end_the_game_at_once():
    state = solo()
    for slot in range(12):
        if state.sheets[0][F_CREW + slot] < 0 and slot != 0:
            state.sheets[0][F_CREW + slot] = 0
    crew = next(c for c in state.deck if CARD_KIND[c] == CREW and c != 0)
    state.hands[0] = [crew, state.hands[0][1]]
    from meeple.games.draft_and_write_records.components import CARD_ROLE, SLOTS_OF_ROLE
    slot = SLOTS_OF_ROLE[CARD_ROLE[crew]][0]
    state.sheets[0][F_CREW + slot] = -1
    state.sheets[0][F_CREW + 0] = 0 if slot != 0 else -1
    state.sheets[0][9 + 1] = 6  # every cash restriction lifted
    from meeple.games.draft_and_write_records.moves import PLAYS
    state, _ = GAME.play(state, 0, PLAYS[0][slot][0])
    assert state.phase == OVER


def test_random_games_end_at_every_count():
    for n in range(1, 7):
        state = GAME.setup(n, None, n)
        rng = Rng(n)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_move(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert GAME.outcome(state) is not None


def test_each_seat_chooses_its_lead_singer_colour_at_set_up_in_secret():
    # The page's set-up: players choose a colour linked to the lead singer (issue 37: it went by seat).
    from meeple.games.draft_and_write_records.components import LEAD_SINGERS, N_CARDS, SINGER_SLOT
    from meeple.games.draft_and_write_records.moves import SINGERS

    state = GAME.setup(3, None, 1)
    assert GAME.view(state, 0)["phase"] == "singer" and GAME.to_move(state) == {0, 1, 2}
    assert GAME.legal_moves(state, 0) == list(SINGERS)
    assert GAME.prompt(state, 0).startswith("Choose the colour of your lead singer")
    state, log = GAME.play(state, 1, GAME.parse_move("singer gold"))
    assert all(e.only == frozenset({1}) for e in log)  # hidden until everyone has chosen
    assert state.sheets[1][F_CREW + SINGER_SLOT] == -1
    state, _ = GAME.play(state, 0, GAME.parse_move("singer gold"))  # two seats may share a colour
    state, log = GAME.play(state, 2, GAME.move_from_json({"singer": "green"}))
    assert [state.sheets[s][F_CREW + SINGER_SLOT] - N_CARDS for s in range(3)] == [3, 3, 2]
    assert "Lead singers: seat 1 gold, seat 2 gold, seat 3 green." in [e.text for e in log]
    assert GAME.legal_moves(state, 0) == list(KEEPS)  # the private goals come next
    alone = GAME.setup(1, None, 2)
    assert GAME.legal_moves(alone, 0) == list(SINGERS)
    alone, _ = GAME.play(alone, 0, SINGERS[1])
    assert alone.phase == TWO and alone.sheets[0][F_CREW + SINGER_SLOT] == LEAD_SINGERS[1]


def test_solo_option_b_draws_one_new_goal_after_a_claim():
    # The page: claim or pass, discard the fourth, slide right, "draw a new goal" (issue 37: two were drawn).
    state = solo()
    albums = GOAL_NAME.index("Two albums")
    first, _, third, fourth = state.row
    state.row = [first, albums, third, fourth]
    state.sheets[0][F_ALBUM] = 2
    state.phase = GOAL
    state.hands[0] = []
    deck = len(state.goal_deck)
    state, _ = GAME.play(state, 0, CLAIMS[1])
    assert len(state.goal_deck) == deck - 1
    assert state.row[0] == -1 and state.row[2:] == [first, third] and state.row[1] not in (first, third, fourth)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["choice"].__setitem__(1, {"fail": 9}), "A choice is not a move"),  # NotationError escaped
    (lambda d: d.__setitem__("step", 3), "every hand holds 2 cards"),  # stuck with no legal move
    (lambda d: d["hands"][1].pop(), "every hand holds 4 cards"),  # IndexError when the hands passed
    (lambda d: d["sheets"][0].__setitem__(5, 40), "field 5 must be 0 to 12"),  # IndexError when scored
    (lambda d: d["choice"].__setitem__(0, {"keep": 0}), "choice keep 1 is not legal"),
    (lambda d: d["sheets"][0].__setitem__(16 + 5, -1), "the lead singer's slot"),
    (lambda d: d["deck"].append(999), "'deck' must be a whole number from 0 to 114"),  # the declared fields' checks
    (lambda d: d["hands"].append([]), "'hands' must list 2 items"),
    (lambda d: d.__setitem__("ending", "yes"), "'ending' must be true or false"),
])
def test_positions_play_cannot_reach_are_refused_in_words(change, words):
    import json

    from meeple.engine import PositionError

    state = kept(2)
    state, _ = GAME.play(state, 0, FAILS[0])
    state, _ = GAME.play(state, 1, FAILS[0])
    state, _ = GAME.play(state, 0, FAILS[0])  # seat 1 has chosen pick 2, seat 2 not yet
    data = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    change(data)
    with pytest.raises(PositionError, match=words):
        GAME.from_json(data)


def test_the_sheet_counts_eleven_crews_to_place_while_the_singer_is_chosen():
    state = GAME.setup(2, None, 1)
    rows = {r.key: r for r in GAME.score_sheet(state)[0].rows}
    assert rows["crew"].count == 0 and GAME.view(state, 0)["seats"][0]["sheet"]["missing_crew"] == 11


def test_a_play_says_x2_only_when_a_multiplier_is_used():
    from meeple.games.draft_and_write_records.moves import PLAYS
    plain, doubled = PLAYS[1][2]  # card 2 of the hand onto crew slot m3
    assert GAME.move_text(plain) == "play 2 m3" and GAME.move_text(doubled) == "play 2 m3 x2"
    assert GAME.parse_move("play 2 m3") is plain and GAME.parse_move("Play 2 M3 X2") is doubled
    assert GAME.move_to_json(plain) == {"play": 1, "place": 2, "mult": False}
    with pytest.raises(NotationError, match="'x3' is not a multiplier"):
        GAME.parse_move("play 2 m3 x3")
