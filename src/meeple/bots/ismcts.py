"""Information-set Monte Carlo tree search, generic over the engine contract.

Each iteration samples a world the searching seat could be in
(`game.determinize(state, seat, rng)`), walks one shared tree down the moves
that are legal in that world, adds one node, finishes the game with a rollout
and backs up one reward per seat. The tree is keyed by (seat, move), so moves
of the searching seat are compared across many worlds and it never acts on
facts it cannot see: the true state is only read through `determinize`,
`legal_moves` and `to_move` for its own seat at the root.

Selection uses UCB1 with availability counts (a move only competes in the
worlds where it is legal). Rewards are per seat, so every seat in the tree
plays for itself: multi-player games need no special case. With
`greedy_opponents`, at tables of that many seats or more the other seats do
not search: each plays greedy's immediate choice, so the searching seat's
moves are valued against replies the others would really make (a short search
at three or four seats otherwise averages each move over the others' first
tries, mostly poor moves). A solo game has no
one to beat: a finished game is worth 1 when won against the game's own goal
(rank 1) and 0 when lost, and a position judged before the end is worth its
score, squashed into (0, 1), since only the end tells won from lost.

The budget is a number of iterations (the same seed gives the same move) and,
optionally, a time limit that stops the search earlier.

How a new leaf is judged depends on how the game scores, measured by one probe
playout from the root (so it stays reproducible under a seed):

* Games that score as they go (Picnic: every placement) are played out to the
  end at random (or greedy-guided), and the final ranks are the reward.
* Games that score only now and then (Wizard, Ninety-Nine: at the end of each
  deal) are judged at the leaf by the score sheet plus the game's `heuristic`,
  which is where such a game estimates the deal in progress; a game of that
  kind without a heuristic is played out to its next scoring instead. Random
  play through later deals would be slow and mostly noise.

Sampling a world can be costly (a consistent deal of the unseen cards), so a
search samples `worlds` of them and reuses each one in turn; with `world_reuse`
the pool keeps growing (one fresh world every `world_reuse` iterations), so a
longer search sees more of the possible deals instead of overfitting a few.
"""

from __future__ import annotations

import copy
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from meeple.engine import Game, Rng
from meeple.engine.game import hot_calls

from .base import Bot
from .greedy import Decision

# Settings a game may tune through `Game.search_hints` (the budgets stay the level's own).
TUNABLE = ("exploration", "rollout", "greedy_share", "rollout_cap", "scoring_rate", "margin_weight",
           "horizon", "finish_turn", "prior_weight", "prior_temperature", "prior_samples", "prior_min_moves",
           "leaf_value", "belief", "greedy_opponents", "leaf_bonus", "leaf_bonus_weight")
HORIZONS = (None, "end", "scoring", "leaf")
LEAF_VALUES = ("heuristic", "learned")
FINISH_LIMIT = 40  # a turn finished before judging never runs longer than this
GREEDY_DEPTH = 3  # the priors look through the rest of the turn as far as greedy does
PRIOR_SHARE = 0.5  # the most of a decision's time limit the root priors may take


class _Node:
    __slots__ = ("seat", "children", "visits", "available", "reward", "priors")

    def __init__(self, seat: int = -1) -> None:
        self.seat = seat  # the seat whose move led here (-1 at the root)
        self.children: dict = {}  # (seat, move) -> _Node
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed reward of the seat whose move led here
        self.priors: dict | None = None  # move -> prior probability, at a root searched with priors


def rewards_from_ranks(ranks) -> list[float]:
    """Per seat, the share of the other seats beaten (ties count half): 1 = won outright.
    Solo: 1 for a won game (rank 1), 0 for a lost one."""
    n = len(ranks)
    if n == 1:
        return [1.0 if ranks[0] == 1 else 0.0]
    out = []
    for s, r in enumerate(ranks):
        beaten = sum(1.0 if r < o else 0.5 if r == o else 0.0 for i, o in enumerate(ranks) if i != s)
        out.append(beaten / (n - 1))
    return out


def rewards_from_values(values: list[float], margin_weight: float) -> list[float]:
    """Rewards from position values: mostly the rank they imply, plus a squashed margin.

    The margin term lets the search prefer a bigger lead (or a smaller deficit)
    when the ranks alone do not separate two moves. Its scale grows with the
    scores so that games scored in tens and in hundreds behave alike.
    """
    n = len(values)
    if n == 1:  # solo, before the end: no rank yet, only the score
        return [_squash(values[0], 0.0)]
    ranks = [1 + sum(1 for o in values if o > v) for v in values]
    base = rewards_from_ranks(ranks)
    if margin_weight <= 0:
        return base
    out = []
    for s, v in enumerate(values):
        best_other = max(values[i] for i in range(n) if i != s)
        out.append((1 - margin_weight) * base[s] + margin_weight * _squash(v, best_other))
    return out


def rewards_from_outcome(outcome, margin_weight: float) -> list[float]:
    """Rewards of a finished game: ranks with the score margin; solo, won or lost against the
    game's goal, with a little of the score (a near miss beats a bust)."""
    if outcome.is_solo:
        won = rewards_from_ranks(outcome.ranks)[0]
        return [(1 - margin_weight) * won + margin_weight * _squash(outcome.scores[0], 0.0)]
    return rewards_from_values(_outcome_values(outcome), margin_weight)


def _squash(value: float, other: float) -> float:
    """`value` against `other` in (0, 1), on a scale that grows with the scores (tens or hundreds alike)."""
    scale = 2.0 + 0.1 * (abs(value) + abs(other))
    return 0.5 + 0.5 * math.tanh((value - other) / scale)


class IsmctsBot(Bot):
    """ISMCTS with random or greedy-guided rollouts.

    iterations: the budget; seconds: an optional limit on the search's own CPU
    time on top of it (CPU rather than wall time, so that a busy machine makes
    a decision slower but not weaker). `wall_seconds` (an attribute, None by default): a
    cap on the decision's wall time as well, for a bot at a table (the hall sets it), where
    a busy host must slow the bot's thinking, not the table: the search stops at whichever
    limit comes first.
    rollout: "random", or "greedy" (each rollout move is, with probability
    `greedy_share`, the one with the best immediate score change for its mover).
    rollout_cap: no rollout plays more than this many moves; the position is
    judged by score sheet and heuristic there.
    scoring_rate: below this many score changes per move in the probe playout,
    leaves are judged instead of played out.
    worlds: at most this many sampled worlds per search (None: a fresh one every iteration).
    world_reuse: with `worlds`, keep adding a fresh world once every this many iterations past
    the first `worlds` (None: the pool stays at `worlds`).
    horizon: None (a probe playout decides, see the module text), or "end", "scoring" or "leaf".
    finish_turn: before a position is judged (a leaf, or a rollout cut short), the seat whose
    turn is under way finishes it with the immediate-best policy, so that half-made turns
    (a tile laid, its creature not yet placed) are not compared with whole ones.
    leaf_value: how a position is judged before the end: "heuristic" (score sheet plus the game's
    heuristic) or "learned" (the game's trained value model, `meeple train`; where there is none
    for the table, the heuristic).
    belief: where the game offers its own deduction (`Game.belief`, meeple.engine.belief), the move
    is chosen from the seat's belief instead of by search (Turing Machine: a question is worth what
    it reveals, which a search over sampled worlds cannot see). The belief reads a world sampled by
    `determinize`, never the true state.
    greedy_opponents: at tables of at least this many seats (None: never), the other seats in the
    tree play greedy's immediate choice (`best_immediate`) instead of searching, and a leaf judged at
    once ("leaf") is judged when the searching seat is next to move, after the others have replied so.
    leaf_bonus: None, or a function (world, seat) -> points that the search alone adds, times
    `leaf_bonus_weight`, to each seat's score sheet plus heuristic where it judges a position before the
    end by them (not where a learned judge answers, nor at the end): a game's way to give its search a
    valuation of its own without changing greedy's (Draft & Write Records at 3 and 4 players: the asset
    spaces marked, which greedy undervalues). It reads the sampled world, as the heuristic does.
    """

    def __init__(self, iterations: int = 200, seconds: float | None = None, exploration: float = 0.7,
                 rollout: str = "random", greedy_share: float = 0.5, rollout_cap: int = 400,
                 scoring_rate: float = 0.2, worlds: int | None = None, margin_weight: float = 0.2,
                 horizon: str | None = None, finish_turn: bool = False, world_reuse: int | None = None,
                 prior_weight: float = 0.0, prior_temperature: float = 1.0, prior_samples: int = 2,
                 prior_min_moves: int = 2, leaf_value: str = "heuristic", belief: bool = False,
                 greedy_opponents: int | None = None, leaf_bonus: Callable[[Any, int], float] | None = None,
                 leaf_bonus_weight: float = 1.0, name: str = "ismcts") -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.wall_seconds: float | None = None
        self.exploration = exploration
        self.rollout = rollout
        self.greedy_share = greedy_share
        self.rollout_cap = rollout_cap
        self.scoring_rate = scoring_rate
        self.worlds = worlds
        self.margin_weight = margin_weight
        self.horizon = horizon
        self.finish_turn = finish_turn
        self.world_reuse = world_reuse
        self.prior_weight = prior_weight
        self.prior_temperature = prior_temperature
        self.prior_samples = prior_samples
        self.prior_min_moves = prior_min_moves
        self.leaf_value = leaf_value
        self.belief = belief
        self.greedy_opponents = greedy_opponents
        self.leaf_bonus = leaf_bonus
        self.leaf_bonus_weight = leaf_bonus_weight
        self._modelled = False  # the other seats play greedy in this search (greedy_opponents)
        self._judge: Any = None  # a learned leaf judge for the table being searched (leaf_value "learned")
        # Settings named explicitly ("search3+horizon=end"): the game's hints do not override them,
        # so that a paired trial plays the setting it names.
        self.pinned: frozenset[str] = frozenset()
        self.name = name
        self.last_iterations = 0  # how many iterations the last decision ran (for benchmarks)
        check_settings(self)

    def tuned(self, game: Game, players: int | None = None) -> IsmctsBot:
        """This bot with the game's `search_hints` (and those for `players` seats) applied,
        except the settings pinned by name; itself when there are none."""
        by_players = game.search_hints_by_players.get(players, {}) if players is not None else {}
        hints = {**game.search_hints, **by_players}
        unknown = sorted(set(hints) - set(TUNABLE))
        if unknown:
            raise ValueError(f"{game.id}.search_hints: unknown setting(s) {', '.join(unknown)}")
        hints = {key: value for key, value in hints.items() if key not in self.pinned}
        if not hints:
            return self
        bot = copy.copy(self)
        for key, value in hints.items():
            setattr(bot, key, value)
        check_settings(bot)
        return bot

    def choose(self, game: Game, state, seat: int, rng: Rng):
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            self.last_iterations = 0
            return moves[0]
        players = None
        if game.search_hints_by_players:
            # The player count is public, but the true state is read only through determinize.
            players = len(game.scores(game.determinize(state, seat, rng)))
        bot = self.tuned(game, players)
        if bot.belief:
            deduction = game.belief()
            if deduction is not None:
                world = game.determinize(state, seat, rng)
                move = deduction.choose(world, seat, rng.fork(), bot.seconds)
                if move is not None:
                    self.last_iterations = 0
                    return move
        root = bot.search(game, state, seat, rng.fork())
        self.last_iterations = bot.last_iterations
        stats = [(root.children[(seat, m)].visits if (seat, m) in root.children else 0, i)
                 for i, m in enumerate(moves)]
        best_visits = max(v for v, _ in stats)
        best = [moves[i] for v, i in stats if v == best_visits]
        if len(best) == 1:
            return best[0]
        # Equal visits: the better mean reward, then the seeded generator.
        def mean(m):
            node = root.children.get((seat, m))
            return node.reward / node.visits if node and node.visits else 0.0
        top = max(mean(m) for m in best)
        return rng.choice([m for m in best if mean(m) == top])

    # ----- the search --------------------------------------------------------

    def search(self, game: Game, state, seat: int, rng: Rng) -> _Node:
        root = _Node()
        deadline = None if self.seconds is None else time.thread_time() + self.seconds
        wall_deadline = None if self.wall_seconds is None else time.monotonic() + self.wall_seconds
        horizon = self.horizon or self._horizon(game, game.determinize(state, seat, rng), rng)
        self._judge = None
        self._modelled = False
        if self.greedy_opponents is not None:
            # A copy of the generator, as below: the table's size must not change the search's draws.
            players = game.players(game.determinize(state, seat, rng.copy()))
            self._modelled = players >= self.greedy_opponents
        if self.leaf_value == "learned":
            from .learned import LeafJudge, model_for

            # A copy of the generator: knowing the table's size must not change the search's draws.
            players = len(game.scores(game.determinize(state, seat, rng.copy())))
            self._judge = LeafJudge(game, players, model_for(game, players))
        if self.prior_weight > 0 and len(game.legal_moves(state, seat)) >= self.prior_min_moves:
            # Valued in a sampled world, so the true state is still read only through determinize.
            # Within a time limit the priors may take at most PRIOR_SHARE of it: greedy's valuation of
            # a large root can cost more than the whole limit (Living Forest: 42 moves, 0.16 s).
            budget = None if self.seconds is None else PRIOR_SHARE * self.seconds
            wall_budget = None if self.wall_seconds is None else PRIOR_SHARE * self.wall_seconds
            root.priors = root_priors(game, game.determinize(state, seat, rng), seat, rng, self.prior_samples,
                                      self.prior_temperature, budget, wall_budget)
        pool: list = []
        done = 0
        while done < self.iterations:
            if self.worlds is None:
                world = game.determinize(state, seat, rng)
            elif len(pool) < self.worlds or (self.world_reuse and len(pool) * self.world_reuse <= done):
                pool.append(game.determinize(state, seat, rng))
                world = game.clone(pool[-1])
            else:
                world = game.clone(pool[done % len(pool)])
            self._iterate(game, world, seat, root, rng, horizon)
            done += 1
            if deadline is not None and time.thread_time() >= deadline:
                break
            if wall_deadline is not None and time.monotonic() >= wall_deadline:
                break
        self.last_iterations = done
        return root

    def _iterate(self, game: Game, world, root_seat: int, root: _Node, rng: Rng, horizon: str) -> None:
        path = [root]
        node = root
        mover = root_seat  # at the root the searching seat acts, even in a simultaneous phase
        c = self.exploration
        if root.priors is not None:
            node = self._select_root(game, world, root_seat, root)
            path.append(node)
            if node.visits == 0:  # a root move tried for the first time: judge it
                self._backup(root, path, self._rollout(game, world, rng, horizon, mover, root_seat))
                return
        while True:
            if node is not root:
                seats = game.to_move(world)
                if not seats:
                    break
                mover = min(seats)
            moves = game.legal_moves(world, mover)
            if self._modelled and mover != root_seat:
                # Another seat plays greedy's immediate choice: its reply is what greedy would play,
                # not the average of every move it might try, which a short search cannot tell apart.
                move = moves[0] if len(moves) == 1 else best_immediate(game, world, mover, moves, rng)
                child = node.children.get((mover, move))
                if child is None:
                    child = node.children[(mover, move)] = _Node(mover)
                game.apply(world, mover, move)
                path.append(child)
                node = child
                continue
            untried = []
            best, best_score = None, -math.inf
            for move in moves:
                child = node.children.get((mover, move))
                if child is None:
                    untried.append(move)
                    continue
                child.available += 1
                if untried:
                    continue  # expansion comes first; counts still updated
                score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_score = move, score
            if untried:
                move = untried[rng.next_u64() % len(untried)]
                child = _Node(mover)
                child.available = 1
                node.children[(mover, move)] = child
                game.apply(world, mover, move)
                path.append(child)
                break
            node = node.children[(mover, best)]
            game.apply(world, mover, best)
            path.append(node)
        rewards = self._rollout(game, world, rng, horizon, mover, root_seat)
        self._backup(root, path, rewards)

    def _select_root(self, game: Game, world, seat: int, root: _Node) -> _Node:
        """PUCT at the root: the mean reward plus a bonus that follows the move's prior and fades
        with its visits, so a large root is searched where the heuristic points, and the search
        plays like greedy when it has little time. Applies the chosen move to `world`."""
        priors = root.priors or {}
        tried = [n for n in root.children.values() if n.visits]
        # An untried move counts as the average of the tried ones (first-play urgency).
        fpu = sum(n.reward for n in tried) / sum(n.visits for n in tried) if tried else 0.5
        best, best_score, best_move = None, -math.inf, None
        weight = self.prior_weight
        for move in game.legal_moves(world, seat):
            child = root.children.get((seat, move))
            if child is None:
                child = root.children[(seat, move)] = _Node(seat)
            child.available += 1
            mean = child.reward / child.visits if child.visits else fpu
            score = mean + weight * priors.get(move, 0.0) * math.sqrt(child.available) / (1 + child.visits)
            if score > best_score:
                best, best_score, best_move = child, score, move
        assert best is not None
        game.apply(world, seat, best_move)
        return best

    def _backup(self, root: _Node, path: list[_Node], rewards: list[float]) -> None:
        root.visits += 1
        for node in path[1:]:
            node.visits += 1
            node.reward += rewards[node.seat]

    # ----- rollouts and evaluation -------------------------------------------

    def _horizon(self, game: Game, probe, rng: Rng) -> str:
        """How far rollouts go: "end" of the game, next "scoring", or judge the "leaf"."""
        moves = changes = 0
        totals = game.scores(probe)
        while game.to_move(probe) and moves < self.rollout_cap:
            seat = min(game.to_move(probe))
            options = game.legal_moves(probe, seat)
            game.apply(probe, seat, options[rng.next_u64() % len(options)])
            moves += 1
            now = game.scores(probe)
            changes += now != totals
            totals = now
        if moves == 0 or changes / moves >= self.scoring_rate:
            return "end"
        has_heuristic = getattr(game.heuristic, "__func__", None) is not Game.heuristic
        return "leaf" if has_heuristic else "scoring"

    def _rollout(self, game: Game, world, rng: Rng, horizon: str, last: int,
                 root_seat: int | None = None) -> list[float]:
        """Play on as far as `horizon` says and return one reward per seat (`last`: the latest mover;
        `root_seat`: the searching seat, `last` when not given)."""
        to_move = game.to_move
        actor, legal, advance = hot_calls(game)  # the game's hot path where it has one: no set, no log
        if horizon == "leaf" and self._modelled:
            # Judged when the searching seat is to move again, once the others have replied as greedy would.
            if _replies(game, world, last if root_seat is None else root_seat, rng):
                return rewards_from_outcome(game.outcome(world), self.margin_weight)
            return self._judged(game, world)
        greedy = self.rollout == "greedy"
        totals = game.scores(world) if horizon == "scoring" else None
        cap = 0 if horizon == "leaf" else self.rollout_cap
        steps = 0
        while True:
            if actor is not None:
                seat = actor(world)
            else:
                seats = to_move(world)
                seat = (min(seats) if len(seats) > 1 else next(iter(seats))) if seats else -1
            if seat < 0:
                return rewards_from_outcome(game.outcome(world), self.margin_weight)
            if steps >= cap or (totals is not None and game.scores(world) != totals):
                if self.finish_turn and _finish_turn(game, world, last, rng):
                    return rewards_from_outcome(game.outcome(world), self.margin_weight)
                return self._judged(game, world)
            options = legal(world, seat)
            if greedy and len(options) > 1 and rng.random() < self.greedy_share:
                move = best_immediate(game, world, seat, options, rng)
            else:
                move = options[rng.next_u64() % len(options)]
            advance(world, seat, move)
            last = seat
            steps += 1

    def _judged(self, game: Game, world) -> list[float]:
        """Rewards of a position before the end: the learned judge where there is one, else the
        score sheet plus heuristic."""
        if self._judge is not None:
            rewards = self._judge.rewards(world)
            if rewards is not None:
                return rewards
        return rewards_from_values(self._values(game, world), self.margin_weight)

    def _values(self, game: Game, world) -> list[float]:
        # The world is the bot's own sample, so reading all of it leaks nothing.
        values = [total + game.heuristic(world, s) for s, total in enumerate(game.scores(world))]
        bonus, weight = self.leaf_bonus, self.leaf_bonus_weight
        if bonus is not None and weight:
            values = [v + weight * bonus(world, s) for s, v in enumerate(values)]
        return values


def _outcome_values(outcome) -> list[float]:
    """Final values that rank like the outcome (tie-breaks included) and keep the score margin."""
    n = len(outcome.ranks)
    # A tie-break win must outrank an equal score: nudge by rank, far below one point.
    return [outcome.scores[s] - 0.01 * (outcome.ranks[s] - 1) for s in range(n)]


def root_priors(game: Game, world, seat: int, rng: Rng, samples: int, temperature: float,
                budget: float | None = None, wall_budget: float | None = None) -> dict | None:
    """Prior probabilities of the seat's moves in a world it could be in, from greedy's own valuation
    of each (its score margin after the rest of the turn, averaged over `samples` worlds resampled
    from this one where the move hides its result):
    a softmax over the values in units of their spread, so the scale of a game's points does not matter.
    None (no priors: the root is searched by UCB1) when valuing every move would take more than
    `budget` CPU seconds, or more than `wall_budget` seconds of wall time (a bot at a table on a busy
    host), judged after the first move and checked after each."""
    moves = game.legal_moves(world, seat)
    decision = Decision(game, world, seat, rng.fork(), samples)
    start = time.thread_time()
    wall_start = time.monotonic()
    values = []
    for move in moves:
        values.append(decision.move_value(world, (), move, GREEDY_DEPTH))
        # The time so far, projected over every move (it is at least the time so far).
        if budget is not None and (time.thread_time() - start) / len(values) * len(moves) > budget:
            return None
        if wall_budget is not None and (time.monotonic() - wall_start) / len(values) * len(moves) > wall_budget:
            return None
    top = max(values)
    spread = statistics.pstdev(values) or 1.0
    weights = [math.exp((v - top) / (spread * temperature)) for v in values]
    total = sum(weights)
    return {move: w / total for move, w in zip(moves, weights)}


def best_immediate(game: Game, world, seat: int, options: list, rng: Rng):
    """The move with the best change of (own - best other) total after it, in this world."""
    best, best_value = [], -math.inf
    scores_after = game.scores_after
    after = seat + 1
    for move in options:
        totals, hint = scores_after(world, seat, move)
        own = totals[seat] + hint
        # The others' totals by slicing: this loop runs for every candidate of every rollout move,
        # and a generator over all seats cost more than the game's own answer in some games.
        others = totals[:seat] + totals[after:]
        other = max(others) if others else 0
        value = own - other
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif value >= best_value - 1e-9:
            best.append(move)
    return best[rng.next_u64() % len(best)]


def _finish_turn(game: Game, world, seat: int, rng: Rng) -> bool:
    """Let `seat` finish a turn under way with the immediate-best policy; True if the game ended."""
    for _ in range(FINISH_LIMIT):
        seats = game.to_move(world)
        if not seats:
            return True
        if len(seats) != 1 or seat not in seats:
            return False
        options = game.legal_moves(world, seat)
        move = options[0] if len(options) == 1 else best_immediate(game, world, seat, options, rng)
        game.apply(world, seat, move)
    return False


def _replies(game: Game, world, seat: int, rng: Rng) -> bool:
    """`seat` finishes a turn under way, then the others play greedy's immediate choice until `seat` is to
    move again; True if the game ended."""
    others_moved = False
    for _ in range(FINISH_LIMIT * game.players(world)):
        seats = game.to_move(world)
        if not seats:
            return True
        if seat in seats:
            if others_moved or len(seats) > 1:
                return False
            mover = seat
        else:
            others_moved = True
            mover = min(seats)
        options = game.legal_moves(world, mover)
        move = options[0] if len(options) == 1 else best_immediate(game, world, mover, options, rng)
        game.apply(world, mover, move)
    return False


def check_settings(bot: IsmctsBot) -> None:
    if bot.rollout not in ("random", "greedy"):
        raise ValueError(f"unknown rollout policy {bot.rollout!r}")
    if bot.world_reuse is not None and bot.world_reuse < 1:
        raise ValueError(f"world_reuse must be at least 1, not {bot.world_reuse!r}")
    if bot.prior_weight < 0 or bot.prior_temperature <= 0 or bot.prior_samples < 1:
        raise ValueError("prior_weight must be at least 0, prior_temperature above 0 and prior_samples at least 1")
    if bot.leaf_value not in LEAF_VALUES:
        raise ValueError(f"unknown leaf_value {bot.leaf_value!r}; one of {', '.join(LEAF_VALUES)}")
    if bot.leaf_bonus is not None and not callable(bot.leaf_bonus):
        raise ValueError("leaf_bonus is a function (world, seat) -> points, set by a game's search hints, or none")
    if bot.horizon not in HORIZONS:
        raise ValueError(f"unknown horizon {bot.horizon!r}; one of {', '.join(map(str, HORIZONS))}")
