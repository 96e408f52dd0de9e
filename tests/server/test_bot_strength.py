"""The lobby's bot labels come from measured strength: GET /api/bots/strength serves the shipped figures."""

from __future__ import annotations

from pathlib import Path

from meeple import bots, games
from meeple.analysis import strength
from meeple.bots import measured

ROOT = Path(__file__).resolve().parents[2]


def test_bot_strength_is_the_measured_share_against_greedy_per_game(player_factory):
    ann = player_factory()
    answer = ann.get("/api/bots/strength").json()
    assert answer == measured.STRENGTH
    measured_games = {row["game"] for row in strength.load(ROOT / strength.RESULTS)
                      if row["opponent"] == "greedy" and strength.before_rules(row) is None}
    assert set(answer) == measured_games  # a game never measured against greedy on its rules has no figure
    assert answer["picnic"]["search3"]["against"] == "greedy"
    for game_id, levels in answer.items():
        assert game_id in games.ids() and set(levels) <= set(bots.levels())
        for figures in levels.values():
            low, high = figures["ci95"]
            assert 0 <= low <= figures["share"] <= high <= 1 and figures["games"] > 0
