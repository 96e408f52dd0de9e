"""Turing Machine, worked by hand: the page's example, the cards, a round, the endings, the views."""

import pytest

from meeple import games
from meeple.engine import ALL, IllegalMove, PositionError, Rng
from meeple.games.turing_machine.components import (
    CARD_MASKS,
    CARDS,
    CHECK_MASKS,
    CHECK_TEXT,
    LETTERS,
    code_of,
    code_text,
    mask_of,
    verifier_masks,
)
from meeple.games.turing_machine.moves import ASKS, DONE, GUESS, PASS, PUNCHES
from meeple.games.turing_machine.rules import TuringState
from meeple.games.turing_machine.solver import (
    card_assignments,
    consistent,
    is_valid,
    solutions,
    why_not,
)

GAME = games.get("turing_machine")


def code(text):
    return code_of(*map(int, text))


def page_example():
    """The rules page's verifiers: A blue odd | even, B blue > 1 | = 1, C how many 4s,
    D blue < 4 | > 3 (D is made up for the example)."""
    m = CHECK_MASKS
    return [(m["blue_odd"], m["blue_even"]), (m["blue>1"], m["blue=1"]), tuple(m[f"{k}x4"] for k in range(4)),
            (mask_of(lambda c: c[0] < 4), mask_of(lambda c: c[0] > 3))]


def test_the_page_example_has_344_and_only_344():
    assert [code_text(c) for c in solutions(page_example())] == ["344"]


@pytest.mark.parametrize("text, reason", [
    ("444", "444: A and B and D would not be needed."),  # C alone finds it
    ("144", "144: A and D would not be needed."),  # B and C are enough
    ("244", "244: B would not be needed."),  # A, C and D are enough
    ("544", "544: B would not be needed."),  # D makes B useless
    ("325", "325: 16 codes pass the same checks."),
])
def test_the_page_example_says_why_the_others_fail(text, reason):
    assert why_not(page_example(), code(text)) == reason


def test_344_with_its_checks_is_valid_and_each_verifier_is_needed():
    a, b, c, d = page_example()
    chosen = [a[0], b[0], c[2], d[0]]  # blue odd, blue > 1, two 4s, blue < 4
    assert is_valid(chosen) and why_not(page_example(), code("344")) == ""
    for left_out, other in ((0, "244"), (1, "144"), (3, "544")):
        rest = [m for i, m in enumerate(chosen) if i != left_out]
        together = rest[0] & rest[1] & rest[2]
        assert together >> code(other) & 1 and together >> code("344") & 1
    assert bin(chosen[0] & chosen[1] & chosen[3]).count("1") == 25  # without C: 3 any any


def test_the_cards_are_the_48_of_the_game():
    assert sorted(CARDS) == list(range(1, 49))
    sizes = {n: len(keys) for n, keys in CARDS.items()}
    assert [n for n, k in sizes.items() if k == 9] == [40, 41, 48]
    assert [n for n, k in sizes.items() if k == 6] == [33, 39, 42, 43, 44, 45, 46, 47]
    assert [n for n, k in sizes.items() if k == 2] == [1, 5, 6, 7, 16, 18, 21]
    assert [n for n, k in sizes.items() if k == 4] == [8, 9, 10, 17]
    # A few checks counted by hand over the 125 codes.
    count = {key: bin(m).count("1") for key, m in CHECK_MASKS.items()}
    assert count["ascending"] == 10 and count["sum<6"] == 10 and count["triple"] == 5
    assert count["3x4"] == 1 and count["2x4"] == 12 and count["1x4"] == 48 and count["0x4"] == 64
    assert count["run3"] == 6 and count["up3"] == 3  # 123 234 345 and back down; up only
    assert count["more_even"] == 44  # two or three of 2, 4: 3*2*2*3 + 8
    assert CHECK_TEXT[CARDS[22][2]] == "neither ascending nor descending"


def test_card_25_runs_follow_both_sources():
    run = {k: CHECK_MASKS[k] for k in ("run0", "run2", "run3")}
    for text, key in (("135", "run0"), ("121", "run2"), ("123", "run3"), ("321", "run3"), ("554", "run2")):
        assert run[key] >> code(text) & 1, text
    assert all(bin(m).count("1") for m in run.values())
    assert run["run0"] | run["run2"] | run["run3"] == (1 << 125) - 1


def puzzle_state(n=2):
    """A real puzzle, drawn once: cards and checks known to the test."""
    state = GAME.setup(n, {"verifiers": 4}, 7)
    return state


def propose(state, seat, text):
    for colour, digit in enumerate(text):
        state, _ = GAME.play(state, seat, PUNCHES[colour][int(digit) - 1])
    return state


def test_a_round_keeps_each_seat_secret_until_it_ends():
    state = puzzle_state(2)
    state = propose(state, 0, "123")
    state, log = GAME.play(state, 0, ASKS[0])
    yes = state.answer(0, code("123"))
    assert state.asked[0] == [(0, yes)]
    assert all(entry.only == frozenset({0}) for entry in log)  # the answer is seat 1's alone
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine["you"]["asked"] == [["A", yes]] and mine["you"]["proposal"] == "123"
    assert theirs["you"]["asked"] == [] and theirs["seats"][0]["questions"] == 0
    assert "you" not in spectator and "code" not in spectator and "checks" not in spectator
    assert "rounds" not in theirs["seats"][0]
    assert GAME.score_sheet(state, 1)[0].hidden and not GAME.score_sheet(state, 0)[0].hidden
    # Seat 1 asks two more and passes; seat 2 asks nothing and passes: the round ends.
    state, _ = GAME.play(state, 0, ASKS[1])
    state, _ = GAME.play(state, 0, ASKS[2])
    assert GAME.legal_moves(state, 0)[0] is PASS  # three questions: the decision comes at once
    state, _ = GAME.play(state, 0, PASS)
    state = propose(state, 1, "555")
    assert GAME.reveals(state, 1, DONE) is False
    state, _ = GAME.play(state, 1, DONE)
    assert GAME.reveals(state, 1, PASS)  # the last seat to finish ends the round
    state, log = GAME.play(state, 1, PASS)
    theirs = GAME.view(state, 1)
    assert state.round == 2 and theirs["seats"][0]["asked"] == [["A", "B", "C"]]
    assert theirs["seats"][0]["questions"] == 3 and "rounds" not in theirs["seats"][0]
    assert any("seat 1 asked A, B, C" in e.text and e.only is None for e in log)


def test_illegal_moves_are_refused_in_words():
    state = puzzle_state(1)
    with pytest.raises(IllegalMove, match="blue digit"):
        GAME.play(state, 0, ASKS[0])
    state = propose(state, 0, "111")
    state, _ = GAME.play(state, 0, ASKS[1])
    with pytest.raises(IllegalMove, match="already asked verifier B"):
        GAME.play(state, 0, ASKS[1])
    with pytest.raises(IllegalMove, match="guesses come after"):
        GAME.play(state, 0, GUESS)


def guess(state, seat, text):
    state, _ = GAME.play(state, seat, GUESS)
    return propose(state, seat, text)  # a guess is punched like a proposal


def finish_round(state, choices):
    """Each seat in `choices` proposes 111, asks nothing, then guesses (a code text) or passes (None)."""
    for seat, text in choices.items():
        state = propose(state, seat, "111")
        state, _ = GAME.play(state, seat, DONE)
        state = guess(state, seat, text) if text else GAME.play(state, seat, PASS)[0]
    return state


def test_right_guesses_end_the_game_and_fewest_questions_wins():
    state = puzzle_state(3)
    secret = code_text(state.code)
    wrong = "111" if secret != "111" else "222"
    # Seat 1 asks one question before guessing right; seat 2 guesses right without; seat 3 wrong.
    state = propose(state, 0, "111")
    state, _ = GAME.play(state, 0, ASKS[0])
    state, _ = GAME.play(state, 0, DONE)
    state = guess(state, 0, code_text(state.code))
    state = finish_round(state, {1: secret, 2: wrong})
    out = GAME.outcome(state)
    assert out.ranks == (2, 1, 3) and out.scores == (99, 100, 0) and out.winners == (1,)
    assert state.out[2] and GAME.view(state, 0)["seats"][2]["wrong_guess"] == wrong
    assert GAME.view(state, 2)["code"] == secret and GAME.view(state, None)["checks"]


def test_the_last_seat_left_wins_and_all_wrong_is_nobodys_win():
    state = puzzle_state(3)
    wrong = "111" if code_text(state.code) != "111" else "222"
    state = finish_round(state, {0: wrong, 1: None, 2: wrong})
    out = GAME.outcome(state)
    assert out.winners == (1,) and out.scores == (0, 50, 0)
    state = finish_round(puzzle_state(2), {0: wrong, 1: wrong})
    out = GAME.outcome(state)
    # Nobody is ranked first when everyone guesses wrong (issue 37: every seat was ranked first).
    assert out.ranks == (2, 2) and out.winners == () and "nobody wins" in out.reasons[0]


def test_three_seats_go_on_after_one_is_out():
    state = puzzle_state(3)
    wrong = "111" if code_text(state.code) != "111" else "222"
    state = finish_round(state, {0: wrong, 1: None, 2: None})
    assert not GAME.is_over(state) and GAME.to_move(state) == frozenset({1, 2})
    assert GAME.legal_moves(state, 0) == []


def test_solo_is_measured_against_par():
    state = puzzle_state(1)
    state = finish_round(state, {0: code_text(state.code)})
    out = GAME.outcome(state)
    assert out.is_solo and out.ranks == (1,) and out.scores == (100,)
    assert "in 1 round and 0 questions" in out.verdict and "under par" in out.verdict
    state = puzzle_state(1)
    wrong = "111" if code_text(state.code) != "111" else "222"
    out = GAME.outcome(finish_round(state, {0: wrong}))
    assert out.ranks == (2,) and out.verdict == (f"Not solved (wrong guess {wrong}) after 1 round and 0 questions; "
                                                f"the code was {code_text(state.code)}.")


def test_the_rounds_run_out():
    state = puzzle_state(1)
    for _ in range(10):
        state = finish_round(state, {0: None})
    out = GAME.outcome(state)
    assert out.ranks == (2,) and "no right guess" in out.verdict


def test_determinize_draws_a_puzzle_that_agrees_with_the_seats_answers():
    state = puzzle_state(2)
    state = propose(state, 0, "245")
    state, _ = GAME.play(state, 0, ASKS[0])
    state, _ = GAME.play(state, 0, ASKS[3])
    rng = Rng(3)
    answers, _ = state.knowledge(0)
    possible = consistent(state.cards, answers)
    assert (state.checks, state.code, state.perm) in possible
    for _ in range(20):
        world = GAME.determinize(state, 0, rng)
        assert (world.checks, world.code, world.perm) in possible
        assert all(world.answer(v, q) == yes for q, v, yes in answers)
        assert GAME.view(world, 0) == GAME.view(state, 0)


def test_two_worlds_the_seat_cannot_tell_apart_determinize_alike():
    state = propose(puzzle_state(2), 1, "333")
    other = state.copy()
    others = [a for a in card_assignments(state.cards) if a != (state.checks, state.code)]
    other.checks, other.code = others[0] if others else (state.checks, state.code)
    assert GAME.view(other, 0) == GAME.view(state, 0)
    a, b = GAME.determinize(state, 0, Rng(5)), GAME.determinize(other, 0, Rng(5))
    assert GAME.dumps(a) == GAME.dumps(b)
    assert GAME.heuristic(state, 0) == GAME.heuristic(other, 0)


def test_positions_round_trip_and_refuse_an_invalid_puzzle():
    state = propose(puzzle_state(2), 0, "214")
    data = GAME.to_json(state)
    assert GAME.dumps(GAME.from_json(data)) == GAME.dumps(state)
    bad = dict(data, checks=[0, 0, 0, 0])
    if not is_valid([CARD_MASKS[v[0]][0] for v in data["cards"]]):
        with pytest.raises(Exception, match="valid puzzle"):
            GAME.from_json(bad)


def test_the_sheet_at_the_end():
    state = puzzle_state(1)
    state = finish_round(state, {0: code_text(state.code)})
    sheet = GAME.score_sheet(state, ALL)[0]
    assert sheet.total == 100 and sheet.row("solved").points == 100


def test_notation():
    for text in ("b3", "y4", "p4", "ask A", "done", "guess", "pass"):
        assert GAME.move_text(GAME.parse_move(text)) == text
    assert GAME.parse_move("c") is ASKS[2]
    assert GAME.move_to_json(GUESS) == {"guess": True}
    assert GAME.move_from_json({"punch": "yellow", "digit": 4}) is PUNCHES[1][3]
    assert isinstance(TuringState, type)


def test_a_guess_is_punched_hidden_and_round_trips():
    state = propose(puzzle_state(2), 0, "111")
    state, _ = GAME.play(state, 0, DONE)
    state, _ = GAME.play(state, 0, GUESS)
    state, _ = GAME.play(state, 0, PUNCHES[0][1])
    assert GAME.view(state, 0)["you"]["guessing"] == "2"
    assert GAME.view(state, 1)["you"]["guessing"] == "" and GAME.score_sheet(state, 1)[0].hidden
    state, _ = GAME.play(state, 0, PUNCHES[1][1])
    assert not GAME.reveals(state, 0, PUNCHES[2][1])  # seat 2 still plays: nothing shows yet
    mid = GAME.from_json(GAME.to_json(state))
    assert GAME.dumps(mid) == GAME.dumps(state)
    state, _ = GAME.play(state, 0, PUNCHES[2][1])
    assert state.guess[0] == code("222") and GAME.view(state, 0)["you"]["guess"] == "222"
    assert GAME.view(state, 1)["you"]["guess"] is None and GAME.view(state, 1)["seats"][0]["finished"]
    assert GAME.dumps(GAME.from_json(GAME.to_json(state))) == GAME.dumps(state)
    state = propose(state, 1, "111")
    state, _ = GAME.play(state, 1, DONE)
    assert GAME.reveals(state, 1, PASS)


def test_the_heuristic_values_a_half_punched_guess_by_its_best_completion():
    state = propose(puzzle_state(1), 0, "111")
    state, _ = GAME.play(state, 0, DONE)
    state, _ = GAME.play(state, 0, GUESS)
    answers, wrong = state.knowledge(0)
    puzzles = consistent(state.cards, answers, wrong)
    best = max(sum(1 for a in puzzles if a[1] == x) for x in {a[1] for a in puzzles})
    assert GAME.heuristic(state, 0) == pytest.approx(1100 * best / len(puzzles))
    first = code_text(state.code)[0]
    after, _ = GAME.play(state, 0, PUNCHES[0][int(first) - 1])
    assert GAME.heuristic(after, 0) > 0


def test_nightmare_hides_which_card_each_letter_tests():
    state = GAME.setup(1, {"mode": "nightmare"}, 5)
    view = GAME.view(state, 0)
    assert all(ver["letter"] is None for ver in view["verifiers"]) and view["letters"] == ["A", "B", "C", "D"]
    assert "perm" not in json_text(view)
    state = propose(state, 0, "123")
    state, _ = GAME.play(state, 0, ASKS[0])
    card = state.perm[0]  # letter A asks this card, whatever its place on the table
    yes = bool(verifier_masks(state.cards[card])[state.checks[card]] >> code("123") & 1)
    assert state.asked[0] == [(0, yes)]
    worlds = [GAME.determinize(state, 0, Rng(i)) for i in range(40)]
    assert len({w.perm for w in worlds}) > 1  # the letters are dealt again too
    assert all(w.answer(0, code("123")) == yes and GAME.view(w, 0) == GAME.view(state, 0) for w in worlds)
    state, _ = GAME.play(state, 0, DONE)
    state = guess(state, 0, code_text(state.code))
    shown = GAME.view(state, 0)["verifiers"]
    assert [ver["letter"] for ver in shown] == [LETTERS[state.perm.index(v)] for v in range(len(state.cards))]
    assert "par is 4 rounds and 8 questions, under par" in GAME.outcome(state).verdict


def json_text(view) -> str:
    import json
    return json.dumps(view)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_others_see_nothing_of_a_seats_round_until_it_ends(n):
    """Along random games: every move of a seat that does not end the round leaves every other
    seat's view (but for whether that seat has finished, public as `to_move` is), sheets and
    readable log lines exactly as they were."""
    rng = Rng(40 + n)
    for seed in range(3):
        state = GAME.setup(n, {"mode": ("classic", "extreme", "nightmare")[seed]}, seed)
        while not GAME.is_over(state):
            seats = sorted(GAME.to_move(state))
            for seat in seats:
                for move in GAME.legal_moves(state, seat):
                    after, log = GAME.play(state, seat, move)
                    if after.round != state.round or GAME.is_over(after):
                        continue  # the round's end shows what was asked
                    for other in range(n):
                        if other == seat:
                            continue
                        now, before = GAME.view(after, other), GAME.view(state, other)
                        # That the seat has finished its round is public, as the seats to move are.
                        assert now["seats"][seat].pop("finished") == (seat not in GAME.to_move(after))
                        before["seats"][seat].pop("finished")
                        assert now == before
                        assert GAME.score_sheet(after, other) == GAME.score_sheet(state, other)
                        assert not any(entry.visible_to(other) for entry in log)
            seat = rng.choice(seats)
            moves = GAME.legal_moves(state, seat)
            # Mostly sensible moves, so that games run several rounds: pass rather than guess.
            move = PASS if PASS in moves and rng.random() < 0.9 else rng.choice(moves)
            state, _ = GAME.play(state, seat, move)


def test_the_verifiers_option_says_what_the_measurements_show():
    # More verifiers make the puzzle easier (docs/games/turing-machine.md, the par table); the help
    # said "4 easy, 5 standard, 6 hard" (issue 37).
    from meeple.games.turing_machine.rules import PAR

    words = next(o.help for o in GAME.options if o.name == "verifiers")
    assert "4 easy" not in words and "4 is the hardest, 6 the easiest" in words
    assert PAR["classic", 4] > PAR["classic", 6] and PAR["extreme", 4] > PAR["extreme", 6]


def test_a_position_refuses_bad_seat_entries_in_words():
    """The seats' objects are read field by field (the declared state), each mistake named."""
    data = GAME.to_json(propose(puzzle_state(2), 0, "214"))
    seats = data["seats"]
    for change, words in (({"proposal": "216"}, "seats proposal: up to three digits"),
                          ({"asked": [["Z", True]]}, r"seats asked: an answer is \[letter, true or false\]"),
                          ({"guess": "999"}, "not a code"),
                          ({"out": "no"}, "must be true or false"),
                          ({"phase": "thinking"}, "must be one of compose, question"),
                          ({"guessing": "12"}, "A guess half punched")):
        bad = dict(data, seats=[dict(seats[0], **change), seats[1]])
        with pytest.raises(PositionError, match=words):
            GAME.from_json(bad)
    with pytest.raises(PositionError, match="must list 2 items"):
        GAME.from_json(dict(data, seats=seats[:1]))
    with pytest.raises(PositionError, match="'round' must be a whole number from 1 to 10"):
        GAME.from_json(dict(data, round=0))
