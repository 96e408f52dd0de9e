"""A learned evaluation: a small network that judges a position from one seat's view.

`meeple train GAME --players N` plays games with the search's own rollout policy (each move,
with probability `greedy_share`, the immediate-best one, else a random one), keeps a few
positions of each, and records for every seat its view's features (the game's own
`Game.features`) and the reward the search would have backed up from that game's end
(`rewards_from_outcome`, with the margin weight the search uses for that game). A
one-hidden-layer network (tanh, then a sigmoid output) is fitted to those rewards by Adam on
squared error, in numpy, and saved beside this module as `models/GAME-Np.npz` with what it
was trained on. Everything is drawn from one seed: the same command gives the same weights on the same machine.

The search uses a model with the setting `leaf_value="learned"`: wherever it would judge a
position before the end by score sheet and heuristic (a "leaf" horizon, a rollout cut off at
`rollout_cap`), it asks the network instead. The network reads a seat's view, as the seat
would see it in that sampled world, so it knows nothing a seat's own view does not show.
A table the model does not fit (another player count, options whose features have another
length) is judged the usual way, and so is a position where an input that never changed in
training has another value (a Toy Battle board the model was not trained on): a model never
makes a game fail, and never guesses where it learned nothing.
"""

from __future__ import annotations

import io
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from meeple.engine import Game, MeepleError, Rng
from meeple.engine.options import resolve_options

from .ismcts import IsmctsBot, best_immediate, rewards_from_outcome, rewards_from_values

MODELS = Path(__file__).with_name("models")
VALIDATION_SHARE = 0.1  # the last games of the run, held out whole (positions of one game are alike)


def model_path(game_id: str, players: int, folder: Path = MODELS) -> Path:
    return folder / f"{game_id}-{players}p.npz"


@dataclass
class ValueNet:
    """V(view features) -> the viewing seat's expected reward, in (0, 1)."""

    w1: np.ndarray  # (inputs, hidden)
    b1: np.ndarray  # (hidden,)
    w2: np.ndarray  # (hidden,)
    b2: float
    meta: dict = field(default_factory=dict)
    # Inputs that never changed over the training rows, and their one value there: the network
    # learned nothing about other values (a board it never saw), so it does not judge such rows.
    fixed: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    fixed_value: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    def knows(self, rows: np.ndarray) -> bool:
        """Whether every row keeps the inputs that were fixed in training at their training value."""
        return bool(np.all(rows[..., self.fixed] == self.fixed_value))

    def predict(self, x: np.ndarray) -> np.ndarray:
        """Rewards for a batch of feature rows (or one row)."""
        hidden = np.tanh(x @ self.w1 + self.b1)
        return 1.0 / (1.0 + np.exp(-(hidden @ self.w2 + self.b2)))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        # Not compressed: float weights barely shrink, and loading stays a plain read.
        np.savez(buffer, w1=self.w1, b1=self.b1, w2=self.w2, b2=np.float32(self.b2),
                 fixed=self.fixed.astype(np.int32), fixed_value=self.fixed_value.astype(np.float32),
                 meta=np.frombuffer(json.dumps(self.meta, sort_keys=True).encode(), dtype=np.uint8))
        path.write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        try:
            with np.load(path) as data:
                meta = json.loads(bytes(data["meta"]).decode())
                net = cls(data["w1"].astype(np.float32), data["b1"].astype(np.float32),
                          data["w2"].astype(np.float32), float(data["b2"]), meta,
                          data["fixed"].astype(np.int32), data["fixed_value"].astype(np.float32))
        except (OSError, KeyError, ValueError) as error:
            raise MeepleError(f"{path} is not a meeple value model: {error}") from None
        if net.w1.ndim != 2 or net.b1.shape != (net.w1.shape[1],) or net.w2.shape != (net.w1.shape[1],):
            raise MeepleError(f"{path}: the model's layers do not fit together.")
        if net.fixed.shape != net.fixed_value.shape or np.any((net.fixed < 0) | (net.fixed >= net.inputs)):
            raise MeepleError(f"{path}: the model's fixed inputs do not fit its layers.")
        return net


_CACHE: dict[tuple[str, int], ValueNet | None] = {}


def model_for(game: Game, players: int) -> ValueNet | None:
    """The shipped model of this game at this player count, loaded once; None if there is none."""
    key = (game.id, players)
    if key not in _CACHE:
        path = model_path(game.id, players)
        _CACHE[key] = ValueNet.load(path) if path.exists() else None
    return _CACHE[key]


class LeafJudge:
    """Judges positions of one table with a model: one reward per seat, or None where it does not fit."""

    def __init__(self, game: Game, players: int, net: ValueNet | None) -> None:
        self.game = game
        self.players = players
        self.net = net
        self.features = game.features()
        self.options = resolve_options(game.options, net.meta.get("options", {})) if net else {}
        self.fits = net is not None and self.features is not None and net.meta.get("players") == players
        self.judged = self.declined = 0  # positions the model judged, and those it left to the heuristic

    def rewards(self, world) -> list[float] | None:
        if not self.fits:
            return None
        assert self.net is not None and self.features is not None
        view, encode, n = self.game.view, self.features.encode, self.players
        seats = range(1) if n == 2 else range(n)  # two seats' rewards add up to 1: one view is enough
        rows = [encode(view(world, s), s, n, self.options) for s in seats]
        if len(rows[0]) != self.net.inputs:
            self.fits = False  # options whose features have another length: judge the usual way from now on
            return None
        batch = np.asarray(rows, dtype=np.float32)
        if not self.net.knows(batch):
            self.declined += 1  # something training never showed (another board): the usual judge
            return None
        self.judged += 1
        values = self.net.predict(batch)
        if n == 2:
            first = float(values[0])
            return [first, 1.0 - first]
        return [float(v) for v in values]


# ----- training ---------------------------------------------------------------


@dataclass
class Data:
    x: np.ndarray        # (rows, inputs) view features
    y: np.ndarray        # (rows,) the viewing seat's reward at the game's end
    heuristic: np.ndarray  # (rows,) the same seat's reward as score sheet + heuristic judge it there
    game_of: np.ndarray  # (rows,) which game each row comes from


def collect(game: Game, players: int, games: int, seed: int, positions: int = 8,
            greedy_share: float = 0.5, options: dict | None = None) -> Data:
    """Rows from `games` games played by the rollout policy, `positions` positions a game (each seen
    by every seat), seeded by `seed`."""
    features = game.features()
    if features is None:
        raise MeepleError(f"{game.name} has no features module: there is nothing to learn from.")
    resolved = resolve_options(game.options, options or {})
    margin = search_margin(game, players)
    rng = Rng(seed)
    xs, ys, hs, gs = [], [], [], []
    for index in range(games):
        state = game.setup(players, options or {}, rng.next_u64() % (1 << 31))
        kept: list = []  # a uniform sample of `positions` plies (reservoir), cloned as they come
        ply = 0
        while game.to_move(state):
            seat = min(game.to_move(state))
            if len(kept) < positions:
                kept.append(game.clone(state))
            else:
                slot = rng.randrange(ply + 1)
                if slot < positions:
                    kept[slot] = game.clone(state)
            ply += 1
            moves = game.legal_moves(state, seat)
            if len(moves) > 1 and rng.random() < greedy_share:
                move = best_immediate(game, state, seat, moves, rng)
            else:
                move = moves[rng.next_u64() % len(moves)]
            game.apply(state, seat, move)
        final = rewards_from_outcome(game.outcome(state), margin)
        snapshots = []
        for position in kept:
            judged = rewards_from_values([total + game.heuristic(position, s)
                                          for s, total in enumerate(game.scores(position))], margin)
            snapshots.append([(features.encode(game.view(position, s), s, players, resolved), judged[s])
                              for s in range(players)])
        for snapshot in snapshots:
            for s, (row, judged_reward) in enumerate(snapshot):
                xs.append(row)
                ys.append(final[s])
                hs.append(judged_reward)
                gs.append(index)
    return Data(np.asarray(xs, dtype=np.float32), np.asarray(ys, dtype=np.float32),
                np.asarray(hs, dtype=np.float32), np.asarray(gs, dtype=np.int32))


def search_margin(game: Game, players: int) -> float:
    """The margin weight the search backs up at this table (its default, or the game's hint):
    the targets must be on the scale of the rewards they stand in for."""
    return IsmctsBot().tuned(game, players).margin_weight


def _held_out(game_of: np.ndarray) -> np.ndarray:
    """Which rows belong to the last VALIDATION_SHARE of games (at least one game)."""
    games = int(game_of.max()) + 1 if len(game_of) else 0
    return game_of >= games - max(1, int(round(games * VALIDATION_SHARE)))


def _mse(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.mean((a - b) ** 2)) if len(a) else math.nan


def fit(data: Data, seed: int, hidden: int = 64, epochs: int = 30, batch: int = 256, rate: float = 0.003,
        l2: float = 1e-4) -> tuple[ValueNet, list[dict]]:
    """Fit a network to the rows of the first games; the last VALIDATION_SHARE of games is held out.
    Returns the net with the lowest held-out error over the epochs, and the curve (one entry an epoch)."""
    held = _held_out(data.game_of)
    train = ~held
    x, y = data.x[train], data.y[train]
    xv, yv = data.x[held], data.y[held]
    if not len(x) or not len(xv):
        raise MeepleError("too few games to train and hold some out: play more games.")
    rng = np.random.default_rng(seed)
    inputs = x.shape[1]
    params = [rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)).astype(np.float32),
              np.zeros(hidden, np.float32),
              rng.normal(0, 1 / math.sqrt(hidden), hidden).astype(np.float32),
              np.zeros(1, np.float32)]
    params[3][0] = math.log(max(1e-3, float(y.mean())) / max(1e-3, 1 - float(y.mean())))
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0
    curve = []
    best: tuple[float, list[np.ndarray]] | None = None
    for epoch in range(1, epochs + 1):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            pick = order[start:start + batch]
            xb, yb = x[pick], y[pick]
            w1, b1, w2, b2 = params
            h = np.tanh(xb @ w1 + b1)
            p = 1.0 / (1.0 + np.exp(-(h @ w2 + b2[0])))
            # d(mean squared error)/d(logit), through the sigmoid
            dz = (2.0 / len(xb)) * (p - yb) * p * (1 - p)
            dh = np.outer(dz, w2) * (1 - h * h)
            grads = [xb.T @ dh + l2 * w1, dh.sum(0), h.T @ dz + l2 * w2, np.array([dz.sum()], np.float32)]
            step += 1
            for i, g in enumerate(grads):
                moments[i] = 0.9 * moments[i] + 0.1 * g
                squares[i] = 0.999 * squares[i] + 0.001 * g * g
                m_hat = moments[i] / (1 - 0.9 ** step)
                v_hat = squares[i] / (1 - 0.999 ** step)
                params[i] = (params[i] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        net = ValueNet(params[0], params[1], params[2], float(params[3][0]))
        entry = {"epoch": epoch, "train_mse": _mse(net.predict(x), y), "held_out_mse": _mse(net.predict(xv), yv)}
        curve.append(entry)
        if best is None or entry["held_out_mse"] < best[0]:
            best = (entry["held_out_mse"], [p.copy() for p in params])
    assert best is not None
    w1, b1, w2, b2 = best[1]
    fixed = np.flatnonzero(x.min(axis=0) == x.max(axis=0)).astype(np.int32)
    return ValueNet(w1, b1, w2, float(b2[0]), fixed=fixed, fixed_value=x[0, fixed]), curve


def train(game: Game, players: int, games: int, seed: int, positions: int = 8, hidden: int = 64,
          epochs: int = 30, options: dict | None = None) -> tuple[ValueNet, dict]:
    """Collect, fit and describe a model; the description goes into the model file and the docs."""
    started = time.process_time()
    data = collect(game, players, games, seed, positions, options=options)
    collected = time.process_time()
    net, curve = fit(data, seed, hidden, epochs)
    held = _held_out(data.game_of)
    yv = data.y[held]
    unknown = np.any(data.x[held][:, net.fixed] != net.fixed_value, axis=1)  # rows `knows` would refuse
    summary = {
        "game": game.id, "players": players, "options": options or {}, "seed": seed, "games": games,
        "margin_weight": search_margin(game, players),
        "positions_per_game": positions, "rows": int(len(data.y)), "inputs": int(data.x.shape[1]),
        "hidden": hidden, "epochs": epochs,
        "best_epoch": min(curve, key=lambda e: e["held_out_mse"])["epoch"],
        # Held-out squared error of three judges of the same positions: the learned one, the game's own
        # score sheet + heuristic (what the search uses without a model), and the mean reward (no judge).
        "held_out_mse": min(e["held_out_mse"] for e in curve),
        "heuristic_mse": _mse(data.heuristic[held], yv),
        "constant_mse": _mse(np.full_like(yv, float(data.y[~held].mean())), yv),
        # Held-out rows the search would leave to the heuristic (an input fixed in training moved).
        "held_out_unknown_share": round(float(unknown.mean()) if len(unknown) else 0.0, 4),
        "fixed_inputs": int(len(net.fixed)),
        "cpu_seconds": {"play": round(collected - started, 1), "fit": round(time.process_time() - collected, 1)},
        "curve": curve,
    }
    net.meta = {k: v for k, v in summary.items() if k != "curve"}
    return net, summary


def plot_curve(summary: dict, path: Path) -> Path:
    """The training curve with the heuristic's and the constant's held-out error as lines."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    epochs = [e["epoch"] for e in summary["curve"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(epochs, [e["train_mse"] for e in summary["curve"]], label="network, training games")
    ax.plot(epochs, [e["held_out_mse"] for e in summary["curve"]], label="network, held-out games")
    ax.axhline(summary["heuristic_mse"], color="tab:red", linestyle="--", label="score sheet + heuristic")
    ax.axhline(summary["constant_mse"], color="grey", linestyle=":", label="mean reward (no judge)")
    ax.set_xlabel("epoch")
    ax.set_ylabel("squared error of the final reward")
    ax.set_title(f"{summary['game']}, {summary['players']} players: {summary['games']} games, seed {summary['seed']}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path
