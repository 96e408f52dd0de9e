"""The training example of docs/adapters.md on a small budget: a linear learner on Wizard's own
features, through PettingZoo, beats random play at its seat by a measured margin (fixed seed)."""

from .optional import require

require("pettingzoo")

from meeple.adapters.learn import main, train  # noqa: E402

WIZARD_ONE_CARD = ("wizard", 3, {"single_round": 1})


def test_a_linear_learner_beats_random_play_after_300_games():
    result = train(*WIZARD_ONE_CARD, episodes=300, evaluate=300, seed=1)
    untrained = train(*WIZARD_ONE_CARD, episodes=0, evaluate=300, seed=1)
    assert result.random == untrained.random  # the same evaluation deals and random seats
    assert result.margin > 0.08, result
    assert result.learnt > untrained.learnt + 0.2, (result, untrained)  # learnt: not the first action's luck


def test_the_command_prints_both_returns(capsys):
    main(["--game", "wizard", "--players", "3", "--option", "single_round=1", "--episodes", "5", "--evaluate", "5"])
    out = capsys.readouterr().out
    assert "learnt against" in out and "margin" in out
