"""Game.setup checks a table's options once and keeps them by a key of the options given: a later setup of
the same table skips the check, and nothing that the check refuses may pass for a table it has accepted.
And a fresh generator's deal (a shuffle taken in one block, its picks by numpy) leaves the generator
drawing exactly what the plain formula draws next."""

import pytest

from meeple import games
from meeple.engine import OptionError, Rng

from .test_rng import Plain


@pytest.fixture
def wizard():
    game = games.get("wizard")
    game.__dict__.pop("_checked_tables", None)  # start from no table checked
    return game


@pytest.mark.parametrize("bad", [True, 1.0, "1", [1]])
def test_a_value_equal_to_a_checked_one_is_still_checked(wizard, bad):
    wizard.setup(4, {"single_round": 1}, 1)  # 1 checked and kept
    with pytest.raises(OptionError, match="single_round"):
        wizard.setup(4, {"single_round": bad}, 1)


def test_options_in_any_order_set_up_the_same_game(wizard):
    a = wizard.setup(4, {"single_round": 3, "predictions": "hidden"}, 7)
    b = wizard.setup(4, {"predictions": "hidden", "single_round": 3}, 7)
    c = wizard.setup(4, {"single_round": 3, "predictions": "hidden"}, 7)  # the kept table
    assert wizard.to_json(a) == wizard.to_json(b) == wizard.to_json(c)


def test_each_game_gets_options_of_its_own(wizard):
    # new_state keeps the dict setup hands it: a game's options changed must not reach the next game
    first = wizard.setup(4, {"single_round": 2}, 1)
    first.opts["predictions"] = "secret"
    assert wizard.setup(4, {"single_round": 2}, 1).opts["predictions"] == "open"


def test_player_counts_are_checked_per_table(wizard):
    wizard.setup(3, {"length": "amigo"}, 1)
    with pytest.raises(OptionError, match="Amigo"):
        wizard.setup(6, {"length": "amigo"}, 1)


@pytest.mark.parametrize("length", [25, 26, 36, 60, 64, 65, 100, 130])
@pytest.mark.parametrize("warm", [0, 5, 24, 30, 63, 64 + 24 - 5])
def test_a_deal_then_draws_match_the_formula(length, warm):
    fast, plain = Rng(length * 97 + warm), Plain(length * 97 + warm)
    for _ in range(warm):
        assert fast.next_u64() == plain.next_u64()
    for _ in range(3):  # a deal, draws, a copy made mid-block, another deal
        a, b = list(range(length)), list(range(length))
        fast.shuffle(a)
        plain.shuffle(b)
        assert a == b
        assert fast.state == plain.state
        twin, plain_twin = fast.copy(), plain.copy()
        assert [fast.next_u64() for _ in range(70)] == [plain.next_u64() for _ in range(70)]
        assert [twin.next_u64() for _ in range(3)] == [plain_twin.next_u64() for _ in range(3)]
