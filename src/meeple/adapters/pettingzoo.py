"""Every registered game as a PettingZoo AEC environment (optional extra: `pip install meeple[research]`).

    from meeple.adapters.pettingzoo import env
    e = env("picnic", players=3)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "seat_0", "seat_1", ...; each observation is a dict with the seat's
view as a float vector ("observation": the game's own features, else the view hashed) and an "action_mask" over the
numbered legal moves (see `meeple.adapters.core`). `reset(seed=s)` deals the game
`setup(players, options, seed=s)` and seeds the environment's `np_random`, from which
each later `reset()` draws its deal, so a seeded run replays exactly. Rewards come at the
end: zero-sum rank rewards in [-1, 1]; a solo game (one agent, "seat_0") gives +1
when won against the game's own goal and -1 when lost. Simultaneous phases are
sequentialised, lowest seat first; in a hidden one the engine's views hide what
was chosen, in a public one (`Game.public_choices`) they show it. A game that
reaches its table's cap (`meeple.adapters.lengths`: games without a proven bound,
or `max_length` given) is truncated there: every agent gets the rank reward of
the scores at that moment and `info["capped"]` is True.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from meeple.engine import IllegalMove

from .core import DEFAULT_OBS_SIZE, Table


def env(game_id: str, players: int | None = None, options: dict | None = None, **kwargs) -> MeepleEnv:
    """A PettingZoo AEC environment for a meeple game id."""
    return MeepleEnv(game_id, players, options, **kwargs)


RENDER_MODES = ("ansi", "human")


class MeepleEnv(AECEnv):
    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, options: dict | None = None,
                 render_mode: str | None = None, max_actions: int = 0, obs_size: int = DEFAULT_OBS_SIZE,
                 hashed: bool = False, dynamic_actions: bool = False, max_length: int = 0):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}, not {render_mode!r}.")
        self.table = Table(game_id, players or 0, dict(options or {}), max_actions, max_length, obs_size, hashed,
                           dynamic_actions)
        self.game = self.table.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{game_id}_v0"}
        self.possible_agents = [f"seat_{s}" for s in range(self.table.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        n = self.table.max_actions
        self._action_space = spaces.Discrete(n)
        self._observation_space = spaces.Dict({
            # The game's own features lie in [-1, 1]; hashed buckets add up values of any size.
            "observation": (spaces.Box(-1.0, 1.0, (self.table.view_size,), np.float32) if self.table.features
                            else spaces.Box(-np.inf, np.inf, (self.table.view_size,), np.float32)),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.position = None
        self._legal: list | None = None    # the legal moves of the agent to act, in action order
        self._actions: list[int] = []      # their action numbers, ascending
        self._np_random: np.random.Generator | None = None

    @property
    def np_random(self) -> np.random.Generator:
        """The environment's own generator: seeded by reset(seed=...), else from entropy on first use."""
        if self._np_random is None:
            self._np_random, _ = seeding.np_random(None)
        return self._np_random

    @np_random.setter
    def np_random(self, value: np.random.Generator) -> None:
        self._np_random = value

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    # ----- episode -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new game: reset(seed=s) deals setup(..., seed=s) and seeds the environment's own np_random
        with s; a later reset() deals the next seed drawn from np_random (Gymnasium's convention), so a
        seeded run replays whole. Never seeded, np_random starts from the system's entropy."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        else:
            seed = int(self.np_random.integers(0, 1 << 64, dtype=np.uint64))
        self.seed = seed
        self.position = self.table.new_state(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.log: list = []
        self.decisions = 0  # moves played: the game is truncated at the table's cap
        self._legal, self._actions = None, []
        self._select_next()

    def _select_next(self) -> None:
        seat = self.table.seat_to_move(self.position)
        if seat is None:
            self._legal, self._actions = None, []
        else:
            self._actions, self._legal = self.table.numbered(self.position, seat)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            number = None if action is None else int(action)
        except (TypeError, ValueError):  # a move's text ("t1") or anything else that is no number
            number = None
        if number is None or number not in self._actions:
            raise IllegalMove(f"Action {action!r} is not legal for {agent} now: choose one of {self._actions} "
                              "(see the action mask; e.legal_moves() gives their moves in the same order).")
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        move = self._legal[self._actions.index(number)]
        self.log.extend(self.game.apply(self.position, seat, move))
        self.decisions += 1
        self._clear_rewards()
        over, capped = self.game.is_over(self.position), self.table.capped(self.position, self.decisions)
        if over or capped:
            for a, value in zip(self.agents, self.table.returns(self.position, self.decisions)):
                self.rewards[a] = value
                (self.truncations if capped else self.terminations)[a] = True
            outcome = self.table.outcome(self.position, self.decisions).to_json()
            self.infos = {a: {"outcome": outcome, "capped": capped} for a in self.agents}
            self._legal, self._actions = None, []
        else:
            self._select_next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ----- observing -------------------------------------------------------------

    def observe(self, agent):
        seat = self._seat[agent]
        obs = np.zeros(self.table.view_size, np.float32)
        self.table.observation_tensor(self.position, seat, obs)
        mask = np.zeros(self.table.max_actions, np.int8)
        if self._legal is not None and agent == self.agent_selection:
            mask[self._actions] = 1
        return {"observation": obs, "action_mask": mask}

    def legal_moves(self) -> list:
        """The engine moves behind the legal action numbers of the agent to act, in the same order."""
        return list(self._legal or [])

    def legal_actions(self) -> list[int]:
        """The legal action numbers of the agent to act, ascending."""
        return list(self._actions)

    def action_text(self, action: int) -> str:
        if self.table.fixed:  # one move per number, legal now or not
            return self.table.action_text(action)
        return self.game.move_text(self.legal_moves()[action])

    def render(self):
        """The current agent's view as text (spectator's view once the game is over)."""
        if self.render_mode is None:
            return None
        viewer = None if self.game.is_over(self.position) else self._seat[self.agent_selection]
        text = self.game.render_text(self.game.view(self.position, viewer), viewer)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.position = None
