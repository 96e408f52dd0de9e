"""The learned evaluation: reproducible training, model files that load or fail clearly, and a search
that really judges its leaves by the model where one fits the table (and the usual way where none does)."""

import math

import numpy as np
import pytest

from meeple import bots, games
from meeple.bots import learned
from meeple.bots.ismcts import IsmctsBot
from meeple.cli import main
from meeple.engine import MeepleError, Rng
from meeple.engine.options import resolve_options

GAME = games.get("toy_battle")


def _tiny(seed: int):
    return learned.train(GAME, 2, games=20, seed=seed, positions=4, hidden=8, epochs=2)


def test_training_is_reproducible_from_its_seed():
    (a, summary_a), (b, _), (c, _) = _tiny(5), _tiny(5), _tiny(6)
    assert a.w1.tobytes() == b.w1.tobytes() and a.w2.tobytes() == b.w2.tobytes() and a.b2 == b.b2
    assert a.w1.tobytes() != c.w1.tobytes()
    assert summary_a["rows"] == 20 * 4 * 2 and summary_a["inputs"] == GAME.features().size(2, {})
    assert len(summary_a["curve"]) == 2 and all(math.isfinite(e["held_out_mse"]) for e in summary_a["curve"])
    # The three judges are compared on the same held-out positions.
    assert 0 < summary_a["constant_mse"] < 1 and 0 <= summary_a["heuristic_mse"] <= 1


def test_a_model_file_round_trips_and_a_bad_one_fails_clearly(tmp_path):
    net, _ = _tiny(5)
    path = tmp_path / "m.npz"
    net.save(path)
    again = learned.ValueNet.load(path)
    rows = np.random.default_rng(0).uniform(-1, 1, (3, net.inputs)).astype(np.float32)
    assert np.array_equal(net.predict(rows), again.predict(rows))
    assert again.meta["game"] == "toy_battle" and again.meta["players"] == 2
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    with pytest.raises(MeepleError, match="is not a meeple value model"):
        learned.ValueNet.load(bad)


def _constant_net(value: float, inputs: int, players: int = 2) -> learned.ValueNet:
    """A model that judges every position `value` for the seat whose view it reads."""
    hidden = 4
    return learned.ValueNet(np.zeros((inputs, hidden), np.float32), np.zeros(hidden, np.float32),
                            np.zeros(hidden, np.float32), math.log(value / (1 - value)),
                            {"game": GAME.id, "players": players, "options": {}})


def test_the_judge_fits_only_its_table():
    inputs = GAME.features().size(2, {})
    state = GAME.setup(2, {}, 3)
    judge = learned.LeafJudge(GAME, 2, _constant_net(0.8, inputs))
    assert judge.rewards(state) == pytest.approx([0.8, 0.2])
    assert learned.LeafJudge(GAME, 2, _constant_net(0.8, inputs, players=3)).rewards(state) is None
    assert learned.LeafJudge(GAME, 2, None).rewards(state) is None
    # Features of another length (another table's options): not used, and not asked again.
    short = learned.LeafJudge(GAME, 2, _constant_net(0.8, inputs - 1))
    assert short.rewards(state) is None and short.fits is False


def test_a_model_trained_on_one_board_leaves_other_boards_to_the_heuristic(tmp_path):
    # Trained on the castle board only: the board inputs never moved, so another board is not its to judge.
    net, summary = _tiny(5)
    assert summary["fixed_inputs"] > 0 and 0 <= summary["held_out_unknown_share"] <= 1
    path = tmp_path / "m.npz"
    net.save(path)
    judge = learned.LeafJudge(GAME, 2, learned.ValueNet.load(path))
    assert judge.rewards(GAME.setup(2, {}, 3)) is not None
    other = GAME.setup(2, {"board": "pool"}, 3)
    assert judge.rewards(other) is None and (judge.judged, judge.declined) == (1, 1)
    assert judge.rewards(GAME.setup(2, {"beginners": True}, 3)) is None  # a mode it never saw, too
    assert judge.fits  # the next castle position is judged again


def _searched(leaf_value: str, monkeypatch, net) -> dict:
    monkeypatch.setitem(learned._CACHE, (GAME.id, 2), net)
    bot = IsmctsBot(iterations=60, horizon="leaf", leaf_value=leaf_value)
    state = GAME.setup(2, {}, 11)
    seat = min(GAME.to_move(state))
    root = bot.search(GAME, state, seat, Rng(4))
    return {key: (child.visits, child.reward) for key, child in root.children.items()}


def test_the_search_judges_its_leaves_by_the_model(monkeypatch):
    net = _constant_net(0.9, GAME.features().size(2, {}))
    tree = _searched("learned", monkeypatch, net)
    state = GAME.setup(2, {}, 11)
    seat = min(GAME.to_move(state))
    # Every leaf is judged 0.9 for seat 0's view, 0.1 for seat 1: each root child's mean reward says so.
    for (mover, _move), (visits, reward) in tree.items():
        assert visits and reward / visits == pytest.approx(0.9 if mover == 0 else 0.1), (mover, seat)
    assert _searched("heuristic", monkeypatch, net) != tree


def test_without_a_model_the_learned_setting_searches_as_before(monkeypatch):
    assert _searched("learned", monkeypatch, None) == _searched("heuristic", monkeypatch, None)


def test_the_setting_is_checked():
    with pytest.raises(ValueError, match="unknown leaf_value 'magic'"):
        IsmctsBot(leaf_value="magic")
    with pytest.raises(MeepleError, match="unknown leaf_value"):
        bots.get("search3+leaf_value=magic")
    assert bots.get("search3+leaf_value=learned").leaf_value == "learned"


def test_meeple_train_writes_a_model_the_search_can_load(tmp_path, capsys):
    out = tmp_path / "tb.npz"
    assert main(["train", "toy_battle", "--players", "2", "--games", "10", "--positions", "2", "--hidden", "4",
                 "--epochs", "1", "--out", str(out)]) == 0
    assert '"held_out_mse"' in capsys.readouterr().out
    assert learned.ValueNet.load(out).meta["games"] == 10
    assert main(["train", "toy_battle", "--players", "2", "--games", "5"]) == 2
    assert "--games must be at least 10" in capsys.readouterr().err
    assert main(["train", "toy_battle", "--players", "5"]) == 2


@pytest.mark.parametrize("path", sorted(learned.MODELS.glob("*.npz")), ids=lambda p: p.name)
def test_every_shipped_model_fits_its_game(path):
    net = learned.ValueNet.load(path)
    game = games.get(net.meta["game"])
    assert path == learned.model_path(game.id, net.meta["players"])
    assert net.inputs == game.features().size(net.meta["players"], resolve_options(game.options, net.meta["options"]))
    assert net.meta["held_out_mse"] < net.meta["constant_mse"]  # it learned something
    assert len(net.fixed) == net.meta["fixed_inputs"]  # trained with the guard against unseen inputs
