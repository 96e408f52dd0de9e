"""Every registered game as an OpenSpiel Python game (optional extra: `pip install meeple[research]`).

    from meeple.adapters import openspiel as mos
    game = mos.load("picnic", players=3)          # or pyspiel.load_game("meeple_picnic(players=3)")
    game = mos.load("wizard", players=4, options={"predictions": "hidden", "single_round": 5})
    # the same: pyspiel.load_game("meeple_wizard(players=4,predictions=hidden,single_round=5)")
    state = game.new_initial_state()              # a chance node: the deal

How the engine maps onto OpenSpiel (see docs/adapters.md):

* Chance: the engine resolves shuffles and draws with the Rng it keeps in the
  state, seeded at setup with a 64-bit seed. For a game with chance
  (`Game.chance`) the adapter draws that seed at the root, over the engine's
  whole seed space: eight explicit chance nodes of 256 equally likely outcomes,
  the seed's bytes, lowest first. Every later shuffle and draw follows from it.
  No learner can meet the same deal twice, so no observation identifies one.
  `deals=N` instead makes one root node of N deals, seeds 0 to N-1: a tree
  small enough to enumerate, for CFR and exact best responses, in which the
  first observation does identify the deal. A game without chance is
  DETERMINISTIC: no chance node, the root is the opening position. With
  `chance_model="draws"` (every game with a later draw) each later draw is a
  chance node of its own, just before the move that draws (see
  meeple.adapters.chance): a clone cannot see it coming.
* Information: PERFECT_INFORMATION only for a game that declares it
  (`Game.information`) and has no chance (no seat sees the draws the root's
  seed fixes); everything else is IMPERFECT_INFORMATION. Observation strings
  are `view(state, seat)` as JSON; information-state strings add every log line
  the seat was allowed to read (the engine's own record of what each seat was
  told), which gives perfect recall.
* Simultaneous phases are sequentialised (lowest seat first): in a hidden phase
  the engine hides what was chosen, so a later seat acts without knowing the
  earlier choice (and the game is imperfect information); in a public phase
  (`Game.public_choices`) later seats see it.
* Utility: ZERO_SUM rank returns with two or more seats; one seat is won (+1) or
  lost (-1) against the game's own goal, GENERAL_SUM.
* `resample_from_infostate` is the game's `determinize`, which ISMCTS needs.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from meeple import games
from meeple.engine import IllegalMove, LogEntry, PositionError, Rng, resolve_options

from .chance import draw_model
from .core import DEFAULT_OBS_SIZE, Table, line_bucket, perfect_information
from .parameters import check_names, from_parameters, parameter_spec, to_parameters

CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
SEED_BYTES = 8        # the engine's seeds are 64-bit: one chance node per byte
ACTION_RANGES = [tuple(range(n)) for n in range(1024)]  # a decision's action numbers, made once
BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]
FULL_SEED_SPACE = 0   # the `deals` value (the default) for the whole seed space
PREFIX = "meeple_"
#: The adapter's own parameters; every other parameter is one of the game's options. "name" is
#: OpenSpiel's own key for the game in a game string.
ADAPTER_PARAMETERS = frozenset({"players", "max_actions", "max_length", "obs_size", "deals", "hashed",
                                "dynamic_actions", "chance_model", "name"})
CHANCE_MODELS = ("seed", "draws")


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def game_type(game, players: int | None = None) -> pyspiel.GameType:
    """The OpenSpiel GameType of a meeple game: of one table size, or (None) true of every table it allows."""
    solo_possible = game.min_players == 1 if players is None else players == 1
    Type = pyspiel.GameType
    check_names(game, ADAPTER_PARAMETERS)
    spec = {
        "players": game.min_players,
        "max_actions": 0,           # 0: the game's own bound, Game.max_moves
        "max_length": 0,            # 0: the game's bound or cap (meeple.adapters.lengths); N: a cap of N
        "obs_size": DEFAULT_OBS_SIZE,
        **parameter_spec(game),     # each table option a parameter of its own (see .parameters)
    }
    if game.chance:
        spec["deals"] = FULL_SEED_SPACE  # 0: the whole seed space; N: one root node of N deals
    if draw_model(game.id) is not None:
        spec["chance_model"] = "seed"  # "draws": a chance node at each later draw (meeple.adapters.chance)
    if game.features() is not None:
        spec["hashed"] = False  # True: the hashed view instead of the game's own features
    if has_action_space(game):
        spec["dynamic_actions"] = False  # True: legal moves numbered by notation, not the game's numbering
    perfect = perfect_information(game)
    return Type(
        short_name=short_name(game.id),
        long_name=f"meeple {game.name}",
        dynamics=Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC if game.chance else Type.ChanceMode.DETERMINISTIC,
        information=Type.Information.PERFECT_INFORMATION if perfect else Type.Information.IMPERFECT_INFORMATION,
        # Rank returns add up to zero; a solo game's +1 or -1 does not.
        utility=Type.Utility.GENERAL_SUM if solo_possible else Type.Utility.ZERO_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def has_action_space(game) -> bool:
    """True when the game numbers its actions itself (`Game.action_space`), at its smallest table."""
    return game.action_space(game.min_players, resolve_options(game.options, None)) is not None


def register(game_id: str) -> str:
    """Register one game with OpenSpiel (idempotent); returns its OpenSpiel short name.

    The registered type is true of every table the game allows (a game that can
    be played solo registers as GENERAL_SUM); each loaded game carries the exact
    type of its own table size."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    registered = game_type(games.get(game_id))
    # A class per game, not a closure: OpenSpiel keeps the factory until exit, and a
    # closure over the GameType crashes the interpreter as it shuts down.
    factory = type(f"Meeple_{game_id.replace('-', '_')}", (MeepleGame,), {"game_id": game_id})
    pyspiel.register_game(registered, factory)
    return name


def register_all() -> list[str]:
    """Register every game in the registry; returns their OpenSpiel names."""
    return [register(game_id) for game_id in games.ids()]


def load(game_id: str, players: int | None = None, options: dict | None = None, **params) -> MeepleGame:
    """An OpenSpiel game for a meeple game id, e.g. load("wizard", players=4, options={"single_round": 10})."""
    register(game_id)
    if players is not None:
        params["players"] = players
    if options:
        game = games.get(game_id)
        params.update(to_parameters(game, resolve_options(game.options, options)))
    return pyspiel.load_game(short_name(game_id), params)


def _table(game_id: str, params: dict) -> Table:
    """The table the parameters describe."""
    game = games.get(game_id)
    options = resolve_options(game.options, from_parameters(game, params))
    return Table(game_id, int(params.get("players", 0)), options, int(params.get("max_actions", 0)),
                 int(params.get("max_length", 0)), int(params.get("obs_size", DEFAULT_OBS_SIZE)),
                 bool(params.get("hashed", False)), bool(params.get("dynamic_actions", False)))


def _unpickle_game(game_id: str, text: str) -> MeepleGame:
    register(game_id)
    return pyspiel.load_game(text)


def _unpickle_state(game: MeepleGame, text: str) -> MeepleState:
    return game.deserialize_state(text)


class MeepleGame(pyspiel.Game):
    """One meeple game at one table size, as OpenSpiel sees it (subclassed per game by `register`)."""

    game_id: str

    def __init__(self, params: dict | None = None):
        params = params or {}
        self.table = table = _table(self.game_id, params)
        game = table.game
        self.deals = int(params.get("deals", FULL_SEED_SPACE)) if game.chance else 0
        if self.deals < 0:
            raise ValueError("deals must be 0 (the whole seed space) or a number of deals, at least 1.")
        if not game.chance:
            outcomes, self.chance_nodes = 0, 0
        elif self.deals == FULL_SEED_SPACE:
            outcomes, self.chance_nodes = len(BYTE_OUTCOMES), SEED_BYTES
        else:
            outcomes, self.chance_nodes = self.deals, 1
        self.chance_model = str(params.get("chance_model", "seed"))
        if self.chance_model not in CHANCE_MODELS:
            raise ValueError(f"chance_model must be one of {', '.join(CHANCE_MODELS)}, not {self.chance_model!r}.")
        if self.chance_model == "draws":
            draws = draw_model(game.id)
            if draws is None:
                raise ValueError(f"{game.name} has no explicit chance model: chance_model must be 'seed'.")
            table.draws = draws
            # Every decision may draw once: the draws' nodes come on top of the deal's.
            outcomes = max(outcomes, draws.max_outcomes)
            self.chance_nodes += draws.steps * table.max_length
        zero_sum = not table.solo
        info = pyspiel.GameInfo(
            num_distinct_actions=table.max_actions,
            max_chance_outcomes=outcomes,
            num_players=table.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=table.max_length)
        full = {"players": table.players, "max_actions": table.max_actions, "max_length": table.max_length,
                "obs_size": table.obs_size, **to_parameters(game, table.options)}
        if game.chance:
            full["deals"] = self.deals
        if game.features() is not None:
            full["hashed"] = table.hashed
        if has_action_space(game):
            full["dynamic_actions"] = table.dynamic_actions
        if draw_model(game.id) is not None:
            full["chance_model"] = self.chance_model
        super().__init__(game_type(game, table.players), info, full)

    def __reduce__(self):
        # OpenSpiel pickles a game by its game string, which needs the game registered first, and the
        # per-game classes `register` makes are no module attributes: unpickle by id and string instead.
        return _unpickle_game, (self.game_id, str(self))

    def max_chance_nodes_in_history(self) -> int:
        return self.chance_nodes  # the seed's bytes, or the one root deal, or none

    def new_initial_state(self):
        return MeepleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """An observer of the requested type (see `MeepleObserver`); the default is the seat's view.

        public_info with private_info NONE is a spectator's view, SINGLE_PLAYER the seat's own view,
        ALL_PLAYERS every seat's view; without public_info, only what each of those seats sees beyond
        a spectator. perfect_recall adds the log lines the seat (or seats) read so far."""
        if params:
            raise ValueError(f"Observation parameters are not supported; got {params}.")
        if iig_obs_type is None:
            return MeepleObserver(self.table, perfect_recall=False)
        Private = pyspiel.PrivateInfoType
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info and private == Private.NONE:
            raise ValueError("An observation type with neither public nor private information observes nothing: "
                             "ask for public_info=True, or for private_info SINGLE_PLAYER or ALL_PLAYERS.")
        seats = {Private.NONE: SPECTATOR, Private.SINGLE_PLAYER: ONE_SEAT, Private.ALL_PLAYERS: EVERY_SEAT}[private]
        return MeepleObserver(self.table, iig_obs_type.perfect_recall, iig_obs_type.public_info, seats)


class _Position:
    """The engine state behind an OpenSpiel state, and what each seat has read in the log.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises
    it by pickling them; this holder makes both go through the engine's own
    `clone` and `to_json`/`from_json`.
    """

    __slots__ = ("table", "state", "log", "seen", "synced", "buckets", "legal", "actions", "player", "views",
                 "game", "space", "index_of", "legal_moves", "decisions", "cap", "pending")

    def __init__(self, table: Table, state, seen: list[list[LogEntry]]):
        self.table, self.state = table, state
        self._bind(table)
        # Each seat's log lines are sorted out of `log` only when asked for (`lines`): a playout
        # that reads no information state never pays for it.
        self.log: list[LogEntry] = []  # every line since this holder was made
        self.seen = seen    # per seat: the lines that seat may read, up to log[synced[seat]]
        self.synced = [0] * len(seen)
        self.buckets: list[list[int]] = [[] for _ in seen]  # per seat: hash buckets of its log lines (see log_buckets)
        self.legal: list | None = None  # the legal moves in action order, until the next move
        self.actions: tuple | list | None = None  # the legal action numbers, ascending, until the next move
        self.player: int | None = None  # the OpenSpiel player to act, None until asked; reset by each move
        self.views: dict = {}  # seat (or ("private", seat)) -> (string, tensor), until the next move
        self.decisions = 0  # moves played since the deal: the game ends at the table's cap (max_length)
        #: A move that draws, waiting for its draw's chance nodes (explicit chance model): [seat, move,
        #: the chance outcomes chosen so far]; None otherwise.
        self.pending: list | None = None

    def _bind(self, table: Table) -> None:
        # What every move reads, one attribute away rather than two.
        self.game, self.space, self.index_of, self.legal_moves = (table.game, table.space, table.index_of,
                                                                  table.legal_moves)
        self.cap = table.max_length

    def current(self) -> int:
        """The OpenSpiel player to act: CHANCE before the deal, TERMINAL at the end, else the seat.
        Worked out once per position: OpenSpiel asks several times for every action."""
        player = self.player
        if player is None:
            if self.state is None or self.pending is not None:
                player = CHANCE
            elif self.decisions >= self.cap:  # ended at the cap (or over anyway)
                player = TERMINAL
            else:
                seats = self.table.game.to_move(self.state)
                if len(seats) == 1:  # the common case, inline; the rest (and its checks) in seat_to_move
                    (player,) = seats
                else:
                    seat = self.table.seat_to_move(self.state)
                    player = TERMINAL if seat is None else seat
            self.player = player
        return player

    def to_act(self) -> int:
        """The seat to act, -1 when the game is over (or before the deal)."""
        player = self.current()
        return player if player >= 0 else -1

    def legal_actions(self) -> tuple | list:
        """The legal action numbers of the seat to act, ascending, worked out once per position (read
        only: callers copy it)."""
        actions = self.actions
        if actions is None:
            if self.space is None:
                self.moves()
                return self.actions  # type: ignore[return-value]  # moves() set it
            seat = self.player if self.player is not None else self.current()
            try:  # the game's fixed numbering: no sort by notation, no list of moves
                actions = self.actions = sorted(map(self.index_of, self.legal_moves(self.state, seat)))
            except KeyError:
                self.table.legal_actions(self.state, seat)  # raises the error that names the missing move
                raise
        return actions

    def move_of(self, action: int):
        """The engine move behind a legal action number of the seat to act; IllegalMove for any other."""
        table = self.table
        if table.space is None:
            legal = self.legal if self.legal is not None else self.moves()
            if 0 <= action < len(legal):
                return legal[action]
            raise table.refuse(action, range(len(legal)))
        actions = self.actions if self.actions is not None else self.legal_actions()
        if action in actions:
            return table.space[action]
        raise table.refuse(action, actions)

    def action_of(self, move) -> int:
        """The action number of a legal move of the seat to act (ValueError for any other)."""
        table = self.table
        if table.space is None:
            return self.moves().index(move)
        action = table.action_index.get(move)
        if action is None or action not in self.legal_actions():
            raise ValueError(f"{move!r} is not a legal move now.")
        return action

    def moves(self) -> list:
        """The legal moves of the seat to act, in action order, worked out once per position."""
        table = self.table
        if table.space is not None:
            return [table.space[a] for a in self.legal_actions()]
        if self.legal is None:
            seat = self.player if self.player is not None else self.current()
            legal = sorted(table.game.legal_moves(self.state, seat), key=table.text_key)
            if len(legal) > table.max_actions:
                table.legal(self.state, seat)  # raises the error that says whose bound is wrong
            n = len(legal)
            self.legal, self.actions = legal, ACTION_RANGES[n] if n < len(ACTION_RANGES) else tuple(range(n))
        return self.legal

    def observation(self, seat: int | None):
        """The seat's view (None: a spectator's) as string and tensor, cached until the next move."""
        if seat not in self.views:
            self.views[seat] = self.table.observation(self.state, seat)
        return self.views[seat]

    def private_observation(self, seat: int):
        """What the seat sees beyond a spectator, as string and tensor, cached until the next move."""
        key = ("private", seat)
        if key not in self.views:
            self.views[key] = self.table.private_observation(self.state, seat)
        return self.views[key]

    @classmethod
    def opening(cls, table: Table) -> _Position:
        """The root: before the deal (a chance node) or, for a game without chance, the opening position."""
        state = table.new_state(0) if not table.game.chance else None
        return cls(table, state, [[] for _ in range(table.players)])

    def decide(self, seat: int, move) -> None:
        """A legal move of the seat to act: played now, or, when it draws under the explicit chance
        model, held until its draw's chance nodes are chosen."""
        draws = self.table.draws
        if draws is not None and draws.draws(self.game, self.state, seat, move):
            self.pending, self.player = [seat, move, []], CHANCE
            return
        self.play(seat, move)

    def draw_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of the pending draw's next node."""
        assert self.pending is not None and self.table.draws is not None
        return self.table.draws.outcomes(self.game, self.state, self.pending[2])

    def draw(self, outcome: int) -> None:
        """One chance outcome of the pending draw; the last one arranges the draw and plays the move."""
        draws, pending = self.table.draws, self.pending
        assert draws is not None and pending is not None
        seat, move, chosen = pending
        if outcome not in {a for a, _ in self.draw_outcomes()}:
            raise pyspiel.SpielError(f"Chance outcome {outcome} is not possible here.")
        chosen.append(outcome)
        if len(chosen) == draws.steps:
            self.state, self.pending = draws.arrange(self.game, self.state, chosen), None
            self.play(seat, move)

    def dealt(self, state) -> None:
        """The deal is made: `state` is the position from now on (the chance nodes are over)."""
        self.state, self.player, self.views = state, None, {}

    def play(self, seat: int, move) -> None:
        """Apply the seat's move and note its log lines (for the seats that may read them); what was
        cached of the position is stale from now on, and the next player is worked out at once when
        one seat or none may act (OpenSpiel asks next anyway); several seats are left to `current`,
        whose checks may raise, outside this move."""
        game, state = self.game, self.state
        self.log += game.apply(state, seat, move)
        self.legal = self.actions = self.player = None
        self.views = {}  # a new dict, never cleared in place: copies made before this move keep theirs
        self.decisions += 1
        seats = game.to_move(state)
        if self.decisions >= self.cap:  # the table's length: a game still running is ended here
            self.player = TERMINAL
        elif len(seats) == 1:
            (self.player,) = seats
        elif not seats:
            self.player = TERMINAL

    def lines(self, seat: int) -> list[LogEntry]:
        """The log lines the seat was allowed to read, in order."""
        lines, start = self.seen[seat], self.synced[seat]
        if start < len(self.log):
            for entry in self.log[start:]:
                if entry.only is None or seat in entry.only:
                    lines.append(entry)
            self.synced[seat] = len(self.log)
        return lines

    def log_buckets(self, seat: int) -> list[int]:
        """Hash buckets of the seat's log lines, computed once per line as they are first needed."""
        buckets, lines = self.buckets[seat], self.lines(seat)
        for i in range(len(buckets), len(lines)):
            buckets.append(line_bucket(i, lines[i].text))
        return buckets

    def __deepcopy__(self, memo):
        state = None if self.state is None else self.table.game.clone(self.state)
        copy = _Position.__new__(_Position)
        copy.table, copy.state = self.table, state
        copy.game, copy.space, copy.index_of, copy.legal_moves = self.game, self.space, self.index_of, self.legal_moves
        copy.log = self.log[:]
        copy.seen = [lines[:] for lines in self.seen]
        copy.synced = self.synced[:]
        copy.buckets = [b[:] for b in self.buckets]
        copy.legal, copy.actions = self.legal, self.actions  # never mutated, only replaced
        copy.player, copy.decisions, copy.cap = self.player, self.decisions, self.cap
        copy.pending = None if self.pending is None else [self.pending[0], self.pending[1], self.pending[2][:]]
        # The cache is per position: a shared dict would let the first child observed answer for its
        # siblings and its parent. Its entries hold for the copy until it moves (strings, and tensors
        # that are only ever copied out).
        copy.views = dict(self.views)
        return copy

    def __getstate__(self):
        game = self.table.game
        return {"table": self.table, "seen": [self.lines(seat) for seat in range(len(self.seen))],
                "state": None if self.state is None else game.to_json(self.state), "decisions": self.decisions,
                "pending": None if self.pending is None else
                [self.pending[0], game.move_to_json(self.pending[1]), self.pending[2]]}

    def __setstate__(self, data):
        table, state = data["table"], None
        if data["state"] is not None:
            try:
                state = table.game.from_json(data["state"])
            except PositionError as exc:  # the game's own bug: say whose, not only what it said
                raise PositionError(f"{table.game.name} cannot load the position its own to_json wrote "
                                    f"(unpickling or deserialising a state): {exc}") from exc
        self.__init__(table, state, data["seen"])
        self.decisions = data.get("decisions", 0)
        pending = data.get("pending")
        if pending is not None:
            self.pending = [pending[0], table.game.move_from_json(pending[1]), list(pending[2])]


class MeepleState(pyspiel.State):
    """A position: before the deal (a chance node, in games with chance) or an engine state."""

    def __init__(self, game: MeepleGame):
        super().__init__(game)
        self._deals = game.deals
        self._drawn: list[int] = []  # the seed's bytes drawn so far (whole seed space)
        self._pos = _Position.opening(game.table)

    def __reduce__(self):
        # As for the game (see MeepleGame.__reduce__): the game pickles by id, then the state by
        # OpenSpiel's own serialisation (history and the engine position, see _Position).
        return _unpickle_state, (self.get_game(), self.serialize())

    # ----- whose turn ----------------------------------------------------------

    # OpenSpiel calls these for every action, several times: each is a cached attribute, mostly.
    def current_player(self):
        player = self._pos.player
        return self._pos.current() if player is None else player

    def is_terminal(self):
        player = self._pos.player
        return (self._pos.current() if player is None else player) == TERMINAL

    # Python callers (OpenSpiel's Python algorithms, rl_environment, a training loop) get these
    # straight from here: through C++ each would cross into Python four or five times.
    def legal_actions(self, player=None):
        """As OpenSpiel's: the legal actions of `player` (default: the player to act)."""
        pos = self._pos
        current = pos.player
        if current is None:
            current = pos.current()
        if current >= 0 and (player is None or player == current):  # a decision: the common case first
            actions = pos.actions
            return list(actions if actions is not None else pos.legal_actions())
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if player is not None and player != current:
            if player < 0:
                raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
            return []
        return list(pos.actions if pos.actions is not None else pos.legal_actions())

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def _moves(self):
        return self._pos.moves()

    def _legal_actions(self, player):
        pos = self._pos
        if player < 0 or player != pos.current():
            return []
        return list(pos.actions if pos.actions is not None else pos.legal_actions())

    def chance_outcomes(self):
        if self._pos.pending is not None:
            return self._pos.draw_outcomes()
        if self._deals == FULL_SEED_SPACE:
            return BYTE_OUTCOMES
        p = 1.0 / self._deals
        return [(k, p) for k in range(self._deals)]

    def deal(self, seed: int) -> None:
        """Take the chance actions that deal `setup(..., seed)`: the seed's bytes, or with `deals=N`
        the root outcome `seed` (below N)."""
        if self._pos.state is not None:
            raise ValueError("The deal is already made.")
        if self._deals == FULL_SEED_SPACE:
            if not 0 <= seed < 1 << (8 * SEED_BYTES):
                raise ValueError(f"A seed is a whole number from 0 to 2**{8 * SEED_BYTES} - 1, not {seed}.")
            for i in range(len(self._drawn), SEED_BYTES):
                self.apply_action((seed >> (8 * i)) & 0xFF)
        elif not 0 <= seed < self._deals:
            raise ValueError(f"This game has deals 0 to {self._deals - 1} (deals={self._deals}), not {seed}.")
        else:
            self.apply_action(seed)

    # ----- moves ---------------------------------------------------------------

    def _apply_action(self, action):
        pos = self._pos
        if pos.pending is not None:
            pos.draw(int(action))
            return
        if pos.state is None:
            if self._deals != FULL_SEED_SPACE:
                pos.dealt(pos.table.new_state(int(action)))
                return
            self._drawn.append(int(action))
            if len(self._drawn) == SEED_BYTES:
                pos.dealt(pos.table.new_state(sum(b << (8 * i) for i, b in enumerate(self._drawn))))
            return
        space = pos.space
        if space is not None:  # the game's fixed numbering; actions worked out also fix pos.player
            actions = pos.actions
            if actions is None:
                actions = pos.legal_actions()
            if action not in actions:  # an unchecked apply of an illegal move would corrupt the position
                raise pos.table.refuse(action, actions)
            pos.decide(pos.player, space[action])
            return
        seat = pos.player if pos.player is not None else pos.current()
        legal = pos.legal if pos.legal is not None else pos.moves()
        if not 0 <= action < len(legal):
            raise pos.table.refuse(action, range(len(legal)))
        pos.decide(seat, legal[action])

    def _action_to_string(self, player, action):
        if player == CHANCE:
            if self._pos.pending is not None:
                return self._pos.table.draws.text(action)
            if self._deals != FULL_SEED_SPACE:
                return f"deal {action}"
            return f"seed byte {action}"
        table = self._pos.table
        if table.space is not None:  # a fixed numbering means one move wherever it is asked
            return table.action_text(action) if 0 <= action < len(table.space) else f"action {action}"
        moves = self._moves() if self._pos.state is not None and player == self.current_player() else None
        if moves is None or not 0 <= action < len(moves):
            return f"action {action}"
        return table.game.move_text(moves[action])

    def move_of(self, action):
        """The engine move behind a legal action of the seat to act (IllegalMove for any other)."""
        if self.is_chance_node():
            raise IllegalMove(f"Action {action} has no move: {self._no_seat_acts()}")
        return self._pos.move_of(int(action))

    def action_of(self, move) -> int:
        """The action number of a legal engine move of the seat to act (ValueError if not legal)."""
        if self.is_chance_node():
            raise ValueError(f"{move!r} has no action number: {self._no_seat_acts()}")
        return self._pos.action_of(move)

    def _no_seat_acts(self) -> str:
        # Before the deal there is no engine state to ask, and at a pending draw the move is already
        # chosen: either way the actions here are chance outcomes, not a seat's moves.
        first = "state.deal(seed) deals the whole seed, or " if self._pos.state is None else ""
        return f"this is a chance node, where no seat acts ({first}apply one of state.chance_outcomes() first)."

    # ----- results and text ----------------------------------------------------

    def returns(self):
        pos = self._pos
        if pos.state is None:
            return [0.0] * pos.table.players
        return pos.table.returns(pos.state, pos.decisions)

    def __str__(self):
        pos = self._pos
        if pos.state is None:
            if self._deals != FULL_SEED_SPACE:
                return "deal not chosen yet"
            return f"deal not chosen yet: {len(self._drawn)} of {SEED_BYTES} seed bytes drawn"
        return pos.table.debug_string(pos.state)

    @property
    def engine_state(self):
        """The engine's own state (None before the deal); read it, do not change it."""
        return self._pos.state

    # ----- search support --------------------------------------------------------

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: the game's `determinize`.

        The other seats keep only the public lines of their logs: their private
        lines describe a world (cards, draws) that the resampling replaced.
        """
        clone = self.clone()
        pos = self._pos
        if pos.state is not None:
            seed = int(probability_sampler() * (1 << 53))
            world = pos.table.game.determinize(pos.state, player_id, Rng(seed))
            seen = [pos.lines(seat)[:] if seat == player_id else [e for e in pos.lines(seat) if e.only is None]
                    for seat in range(len(pos.seen))]
            clone._pos = _Position(pos.table, world, seen)
            clone._pos.decisions = pos.decisions  # the same moment of the game: the same distance to the cap
            if pos.pending is not None:
                clone._pos.pending = [pos.pending[0], pos.pending[1], pos.pending[2][:]]
        return clone


SPECTATOR, ONE_SEAT, EVERY_SEAT = "spectator", "one seat", "every seat"


class MeepleObserver:
    """An OpenSpiel observation type as strings and tensors, from the engine's views and log alone.

    `seats`: whose information, a spectator's (what everyone knows), the observing
    seat's, or every seat's in seat order (the same whichever seat asks).
    `public`: with the public information (each seat's whole view); without it,
    only what a seat sees beyond a spectator (`Table.private_observation`) and its
    private log lines. `perfect_recall`: the log lines read so far are added
    (public lines for a spectator). Tensors: "view" and, under perfect recall,
    "log", each obs_size buckets, one row per seat for every seat."""

    def __init__(self, table: Table, perfect_recall: bool, public: bool = True, seats: str = ONE_SEAT):
        self.table = table
        self.perfect_recall = perfect_recall
        self.public = public
        self.seats = seats
        rows = table.players if seats == EVERY_SEAT else 1
        # The view: the game's own features (or hashed); what a seat sees beyond a spectator is hashed.
        size = table.view_size if public or seats == SPECTATOR else table.obs_size
        log = table.obs_size
        self.tensor = np.zeros(rows * (size + (log if perfect_recall else 0)), np.float32)
        self.dict = {"view": self.tensor[:rows * size].reshape((rows, size) if seats == EVERY_SEAT else (size,))}
        if perfect_recall:
            self.dict["log"] = self.tensor[rows * size:].reshape((rows, log) if seats == EVERY_SEAT else (log,))

    def _subjects(self, player: int) -> list[int | None]:
        """The seats whose information is observed (None: a spectator's)."""
        if self.seats == SPECTATOR:
            return [None]
        return list(range(self.table.players)) if self.seats == EVERY_SEAT else [player]

    def _view(self, pos: _Position, subject: int | None):
        if self.public or subject is None:
            return pos.observation(subject)
        return pos.private_observation(subject)

    def _lines(self, pos: _Position, subject: int | None, player: int) -> list[LogEntry]:
        if subject is None:  # public lines are in every seat's log
            return [e for e in pos.lines(player) if e.only is None]
        lines = pos.lines(subject)
        return lines if self.public else [e for e in lines if e.only is not None]

    def _log_tensor(self, pos: _Position, subject: int | None, player: int, out) -> None:
        if subject is not None and self.public:
            buckets = pos.log_buckets(subject)  # the seat's whole log: computed once per line
        else:
            buckets = [line_bucket(i, e.text) for i, e in enumerate(self._lines(pos, subject, player))]
        if buckets:
            size = self.table.obs_size
            out[:] = np.bincount(np.array(buckets, np.int64) % size, minlength=size)

    def set_from(self, state: MeepleState, player: int):
        self.tensor.fill(0)
        pos = state._pos
        if pos.state is None:
            return
        every = self.seats == EVERY_SEAT
        for row, subject in enumerate(self._subjects(player)):
            view = self.dict["view"][row] if every else self.dict["view"]
            view[:] = self._view(pos, subject)[1]
            if self.perfect_recall:
                self._log_tensor(pos, subject, player, self.dict["log"][row] if every else self.dict["log"])

    def string_from(self, state: MeepleState, player: int) -> str:
        pos = state._pos
        if pos.state is None:
            return f"seat {player}: waiting for the deal" if self.seats == ONE_SEAT else "waiting for the deal"
        texts = []
        for subject in self._subjects(player):
            text = self._view(pos, subject)[0]
            if self.perfect_recall:
                text = "\n".join([text, *(e.text for e in self._lines(pos, subject, player))])
            texts.append(text)
        if self.seats == EVERY_SEAT:
            return "\n".join(f"seat {s}: {text}" for s, text in enumerate(texts))
        return texts[0]
