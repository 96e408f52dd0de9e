"""The review's figures in a player's words: what was measured, said plainly. A decision said "... cost
about 11.3 points and 43% of first places (95% interval 3.44 to 19.1, 7 worlds)"; now "... cost about 11.3
points and 43 fewer wins in 100 games against the search's choice, "..." (7 playouts from what the seat
knew: 95% sure the cost is 3.44 to 19.1 points)". The judge's strength note likewise."""

from __future__ import annotations

import re
from types import SimpleNamespace

from meeple import games
from meeple.analysis import review as review_module
from meeple.analysis.review import decision_words, explain_hint, seat_summary, strength_note

ENTRY = {"seq": 9, "seat": 0, "turn": 5, "agreed": False, "cost": 11.3, "ci95": [3.44, 19.1], "cost_first": 0.43,
         "worlds": 7, "chosen_words": "take pile 5", "best_words": "take pile 2"}
JARGON = ("worlds", "first places", "interval", "fair share", "per decision")


def test_a_decision_says_what_was_measured_in_a_players_words():
    words = decision_words(ENTRY)
    assert words == ('Move 9 (seat 1\'s 5th move): "take pile 5" cost about 11.3 points and 43 fewer wins in 100 '
                     'games against the search\'s choice, "take pile 2" (7 playouts from what the seat knew: '
                     '95% sure the cost is 3.44 to 19.1 points).')
    # Wins that go the other way from the points are said with "but" (the share's sign was dropped before).
    mixed = decision_words({**ENTRY, "cost": 2.0, "ci95": [-1.2, 5.2], "cost_first": -0.2})
    assert "cost about 2 points but 20 more wins in 100 games" in mixed and mixed.endswith(", too close to call).")
    gain = decision_words({**ENTRY, "cost": -7.25, "ci95": [-9.97, -4.53], "cost_first": -0.1})
    assert "gained about 7.25 points and 10 more wins in 100 games" in gain and "the gain is 4.53 to 9.97" in gain
    alike = decision_words({**ENTRY, "cost": 7.0, "ci95": [7.0, 7.0], "cost_first": 0.0, "worlds": 4})
    assert alike.endswith("(4 playouts from what the seat knew, each with the same cost).")  # not "7 to 7"
    for text in (words, mixed, gain, alike):
        assert not [j for j in JARGON if j in text], text


def test_the_judges_strength_is_said_in_games_won():
    words = strength_note(games.get("picnic"), 2)["words"]
    assert "test games against greedy, where an even match wins 50% (95% sure it wins " in words
    assert not [j for j in JARGON if j in words], words


MINUS = "\u2212"


def test_negative_numbers_in_the_words_have_a_true_minus_sign():
    """A player reads "95% sure the cost is −1.2 to 5.2 points" (U+2212), as print writes a negative
    number, not "-1.2" with a hyphen; the JSON figures stay numbers."""
    mixed = decision_words({**ENTRY, "cost": 2.0, "ci95": [-1.2, 5.2], "cost_first": -0.2})
    assert f"95% sure the cost is {MINUS}1.2 to 5.2 points" in mixed, mixed
    assert not re.search(r"-\d", mixed), mixed
    rounded = decision_words({**ENTRY, "cost": -0.0, "ci95": [-0.0, 0.0], "cost_first": 0.0, "worlds": 2})
    assert "cost about 0 points" in rounded and MINUS not in rounded and "-" not in rounded, rounded


def test_a_negative_final_score_in_a_seat_s_verdict_has_a_true_minus_sign():
    outcome = SimpleNamespace(scores=[-30, 50, 10], ranks=[3, 1, 2])
    verdict = seat_summary(games.get("wizard"), 0, [{**ENTRY, "expected": -12.5, "expected_first": 0.0, "words": "."}],
                           outcome)["verdict"]
    assert verdict.startswith(f"Seat 1 finished with {MINUS}30 points, in 3rd place."), verdict
    assert not re.search(r"-\d", verdict), verdict


def test_a_hint_s_expected_negative_margin_has_a_true_minus_sign(monkeypatch):
    figures = {"cost": 1.5, "spread": 2.0, "ci95": [-0.75, 3.75], "worlds": 8, "expected": -6.25}
    monkeypatch.setattr(review_module, "judge_decision", lambda *args, **kwargs: figures)
    game = games.get("picnic")
    state = game.setup(2, None, 5)
    why = explain_hint(game, state, min(game.to_move(state)), "search1", 11)["why"]
    assert f"expecting a margin of about {MINUS}4.75 points" in why, why  # −6.25 + 1.5
    assert f"95% sure the difference is {MINUS}0.75 to 3.75 points" in why, why
    assert not re.search(r"-\d", why), why
