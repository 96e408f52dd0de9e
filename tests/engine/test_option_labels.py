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


def test_an_option_read_only_with_another_says_which():
    opt = Option("species", ["a"], "", kind="list", choices=("a", "b"), when=("setup", "choose"))
    assert opt.to_json()["when"] == {"option": "setup", "value": "choose"}
    assert "when" not in Option("setup", "first", "", choices=("first", "choose")).to_json()


def test_every_game_option_with_when_names_an_option_and_one_of_its_values():
    from meeple import games

    for game in games.all():
        named = {option.name: option for option in game.options}
        for option in game.options:
            if option.when:
                other, value = option.when
                assert other in named and value in named[other].choices, (game.id, option.name)
