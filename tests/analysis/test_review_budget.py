"""A review stays within its CPU budget whatever a game's playouts cost (docs/review.md, "How it is
computed", 4). Vent Life's playouts are slow (a tenth of a second of CPU and more), and where the few
worlds every decision was owed cost more than the budget, a review ran far past it: a greedy game at
three players took 66 s of CPU for a budget of 5, and minutes of wall time. The figures asserted are
the CPU the review reports and the worlds it played, never the clock's."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.analysis.review import FLOOR_AGREED, FLOOR_DISAGREED, review_saved
from meeple.analysis.simulate import play_one, saved_game

BUDGET_S = 3.0
SLACK_S = 0.5  # what is not any decision's: the replay, the words and the result


def saved(game_id: str, players: int, seed: int) -> dict:
    game = games.get(game_id)
    bots = ["random"] * players
    return saved_game(game, players, None, bots, play_one(game, players, None, seed, bots))


def over_budget_at_most_one_decision(result: dict) -> None:
    """Nothing starts once the budget is spent: past it, the review's CPU is at most the work of the one
    decision under way (its search or its floor of worlds)."""
    slowest = max(d["cpu_s"] for d in result["decisions"])
    assert result["cpu_s"] <= result["budget_s"] + slowest + SLACK_S, (result["cpu_s"], slowest)


@pytest.fixture(scope="module")
def vent_life() -> dict:
    return saved("vent_life", 2, 3)


def test_a_review_of_slow_playouts_stays_within_a_small_budget(vent_life):
    result = review_saved(vent_life, budget_s=BUDGET_S)
    over_budget_at_most_one_decision(result)
    decisions = result["decisions"]
    played = [d for d in decisions if d["worlds"]]
    assert played and len(played) < len(decisions)  # the budget plays out a part of them
    for d in played:
        assert d["worlds"] >= (FLOOR_AGREED if d["agreed"] else FLOOR_DISAGREED)
    # Spread along the game, not the first ones in a row until the budget ran out
    assert len(played) >= 2 and played != decisions[:len(played)], [d["seq"] for d in played]
    for d in decisions:
        if not d["worlds"]:  # said so, and nothing measured is claimed
            assert d["expected"] is None and d["cost"] == 0 and not d["agreed"] or d["agreed"]
            if not d["agreed"]:
                assert "not played out" in d["words"] or "not judged" in d["words"], d["words"]
    for seat in result["seats"]:
        assert [p["seq"] for p in seat["expected"]] == [d["seq"] for d in played if d["seat"] == seat["seat"]]
        assert all(m["seq"] in {d["seq"] for d in played} for m in seat["moments"])


def test_a_review_whose_playouts_are_quick_still_plays_every_decision_out():
    """Where the floors fit the budget (every game but the slow long ones), nothing is left out: the
    budget's bound takes nothing from the games whose reviews were already quick."""
    result = review_saved(saved("picnic", 2, 4), budget_s=BUDGET_S)
    over_budget_at_most_one_decision(result)
    for d in result["decisions"]:
        assert d["worlds"] >= (FLOOR_AGREED if d["agreed"] else FLOOR_DISAGREED), d
