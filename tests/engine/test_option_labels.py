"""An option's label is its name as players say it; choice labels name each choice, one apiece."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.engine import Option


def test_the_label_defaults_from_the_name():
    assert Option("plus_minus_one", False, "", kind="bool").to_json()["label"] == "Plus minus one"
    assert Option("board", "castle", "", choices=("castle",), label="The board").to_json()["label"] == "The board"


def test_choice_labels_come_one_per_choice():
    opt = Option("mode", "a", "", choices=("a", "b"), choice_labels=("Alpha", "Beta"))
    assert opt.to_json()["choice_labels"] == ["Alpha", "Beta"]
    assert "choice_labels" not in Option("mode", "a", "", choices=("a", "b")).to_json()
    with pytest.raises(ValueError, match="one label per choice"):
        Option("mode", "a", "", choices=("a", "b"), choice_labels=("Alpha",))


def test_no_game_shows_a_raw_option_name():
    for game in games.all():
        for opt in game.options:
            assert "_" not in opt.label, f"{game.id}: {opt.label}"
            assert all("_" not in c for c in opt.choice_labels), f"{game.id}: {opt.choice_labels}"
