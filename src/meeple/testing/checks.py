"""The generic checks every game must pass, through the engine contract alone.

Each check is a function of a `Context` (the game, the budget, cached random games)
that raises `Failed` with words at the first thing wrong; `Context.at` records the
table, position, seat and move it is looking at, so the report says where. The
checks adapt to the game: its `information` (a perfect-information game shows
every seat the same), its `chance`, and its length (a short game such as Kuhn
poker gets more games until there are enough positions to look at).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from meeple.engine import (
    ALL,
    IMPERFECT,
    PERFECT,
    Game,
    IllegalMove,
    NotationError,
    OptionError,
    PositionError,
    Rng,
    resolve_options,
    same_move,
)
from meeple.engine.game import random_step_of

from .playouts import spread
from .report import Failed, Where
from .tables import one_at_a_time
from .worlds import observation, seen_log

LIMIT = 20_000  # moves: a game without a declared length that has not ended by then never will


class Skip(Exception):
    """Raised by a check that does not apply (an optional package missing, nothing to check)."""


@dataclass(frozen=True)
class Budget:
    """How much each check plays: raise it for a new game, lower it for a quick look."""

    playouts: int = 2  # random games per table in `playouts`
    positions: int = 8  # positions per table looked at by the costlier checks
    tables: int | None = None  # (players, options) tables at most, spread over all of them; None: every one
    search: int = 12  # iterations of the search bot in `bots`
    seed: int = 0


def expect(condition, message) -> None:
    """Fail with `message` (or what the callable `message` returns, made only on failure) unless `condition`."""
    if not condition:
        raise Failed(message() if callable(message) else message)


def first_difference(a, b, path: str = "") -> str:
    """Where two JSON values first differ, as a path ("view.hands[1]"), for the reports."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".") + " (only in one)"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path.lstrip('.') or 'the whole value'} (lengths {len(a)} and {len(b)})"
    return f"{path.lstrip('.') or 'the whole value'}: {json.dumps(a)[:120]} vs {json.dumps(b)[:120]}"


class Context:
    """The game under check, its budget, its tables and random games kept between checks."""

    def __init__(self, game: Game, budget: Budget):
        self.game, self.budget = game, budget
        tables = one_at_a_time(game)
        self.tables = tables if budget.tables is None else spread(tables, budget.tables)
        self._walks: dict = {}
        self.at()

    def at(self, n=None, options=None, state=None, seat=None, move=None) -> None:
        """Record what the check looks at now (the report names it if the check fails here). The position
        is kept as a copy, written out only when a report asks (`where`): most checks pass, and writing
        out every position they looked at was a quarter of their time."""
        self._at = (n, dict(options or {}), None if state is None else self.game.clone(state), seat, move)

    @property
    def where(self) -> Where:
        """What the check looked at last, for a report."""
        n, options, state, seat, move = self._at
        game = self.game
        return Where(n, options, None if state is None else game.to_json(state), seat,
                     None if move is None else game.move_text(move))

    def walk(self, n: int, options: dict, seed: int) -> list:
        """Every position of one random game (copies), kept for the other checks."""
        key = (n, json.dumps(options, sort_keys=True), seed)
        if key not in self._walks:
            game = self.game
            self.at(n, options)
            state = game.setup(n, options, seed)
            rng = Rng(seed + 7)
            found = [game.clone(state)]
            bound = own_length(game, n, options)
            while not game.is_over(state):
                seat = rng.choice(sorted(game.to_move(state)))
                self.at(n, options, state, seat)
                moves = game.legal_moves(state, seat)
                expect(moves, f"seat {seat} is to move but has no legal move")
                game.apply(state, seat, rng.choice(moves))
                found.append(game.clone(state))
                expect(len(found) - 1 <= (bound or LIMIT),
                       f"a random game did not end within {bound or LIMIT} moves"
                       + (" (the game's own max_game_length)" if bound else ""))
            self._walks[key] = found
        return self._walks[key]

    def positions(self, n: int, options: dict, count: int, seed: int) -> list:
        """About `count` positions spread along random games (ends left out): a game too short for
        `count` (Kuhn poker: two or three moves) adds the positions of further games, up to ten."""
        found: list = []
        for extra in range(10):
            found += spread(self.walk(n, options, seed + 1000 * extra)[:-1], count)
            if len(found) >= count:
                break
        return found

    def player_counts(self) -> list[int]:
        game = self.game
        return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


def own_length(game: Game, n: int, options: dict) -> int | None:
    bound = game.max_game_length(n, resolve_options(game.options, options))
    return None if bound is None else int(bound)


def viewers(n: int) -> list:
    return [None, *range(n)]


# ----- the game's declarations and set-up --------------------------------------------------------


def check_setup(ctx: Context) -> None:
    """Metadata, refused player counts and options, and a seed that always sets up the same table."""
    game = ctx.game
    expect(game.information in (PERFECT, IMPERFECT), f"information is {game.information!r}, not PERFECT or IMPERFECT")
    expect(isinstance(game.chance, bool), f"chance is {game.chance!r}, not True or False")
    expect(1 <= game.min_players <= game.max_players, "min_players must be at least 1 and at most max_players")
    for bad in (game.min_players - 1, game.max_players + 1):
        try:
            game.setup(bad, None, 0)
        except OptionError:
            pass
        else:
            raise Failed(f"a table of {bad} players was set up; it must be refused with OptionError")
    try:
        game.setup(game.min_players, {"no_such_option": 1}, 0)
    except OptionError:
        pass
    else:
        raise Failed("an unknown option was accepted; setup must refuse it with OptionError")
    described = game.describe()
    expect(described["solo"] == (game.min_players == 1), "describe()['solo'] disagrees with min_players")
    expect(described["information"] == game.information and described["chance"] == game.chance,
           "describe() disagrees with information or chance")
    for n, options in ctx.tables:
        ctx.at(n, options)
        bound = game.max_moves(n, resolve_options(game.options, options))
        expect(isinstance(bound, int) and bound >= 1, f"max_moves is {bound!r}, not a whole number of at least 1")
        first, again = (game.setup(n, options, ctx.budget.seed + 5) for _ in range(2))
        ctx.at(n, options, first)
        if game.to_json(first) != game.to_json(again):
            raise Failed("the same seed set up two different tables: "
                         + first_difference(game.to_json(first), game.to_json(again)))
        expect(game.players(first) == n, f"players(state) is {game.players(first)}, the table has {n}")


# ----- whole random games --------------------------------------------------------------------------


def check_playouts(ctx: Context) -> None:
    """Random games through `play` end (within `max_game_length` where declared) with a well-formed
    outcome, stay within `max_moves`, replay exactly from the seed and round-trip through JSON."""
    game = ctx.game
    for n, options in ctx.tables:
        bound = game.max_moves(n, resolve_options(game.options, options))
        length = own_length(game, n, options) or LIMIT
        for k in range(ctx.budget.playouts):
            seed = ctx.budget.seed + 1000 * k + n
            state = game.setup(n, options, seed)
            rng = Rng(seed + 99)
            history: list = []
            while True:
                ctx.at(n, options, state)
                expect(game.players(state) == n, f"players(state) is {game.players(state)}, the table has {n}")
                movers = game.to_move(state)
                expect(movers <= set(range(n)), f"to_move names seats {sorted(movers)} of a {n}-seat table")
                expect(isinstance(game.public_choices(state), bool), "public_choices is not True or False")
                for seat in range(n):
                    moves = game.legal_moves(state, seat)
                    ctx.at(n, options, state, seat)
                    expect(len(moves) <= bound, f"{len(moves)} legal moves; max_moves says at most {bound}")
                    expect(bool(moves) == (seat in movers),
                           "legal_moves disagrees with to_move (moves for a seat not to move, or none for one that is)")
                if not movers or len(history) & (len(history) - 1) == 0:  # at 0, 1, 2, 4, 8... moves and the end
                    round_trip(ctx, state)
                if not movers:
                    break
                seat = rng.choice(sorted(movers))
                move = rng.choice(game.legal_moves(state, seat))
                ctx.at(n, options, state, seat, move)
                after, _ = game.play(state, seat, move)
                expect(after is not state, "play returned the given state; it must return a new one")
                state = after
                history.append((seat, move))
                expect(len(history) <= length, f"a random game did not end within {length} moves")
            ctx.at(n, options, state)
            outcome = game.outcome(state)
            if outcome is None:
                raise Failed("the game is over (nobody to move) but outcome is None")
            expect(len(outcome.scores) == len(outcome.ranks) == n,
                   "the outcome does not have one score and one rank per seat")
            if n == 1:
                expect(outcome.is_solo and outcome.ranks[0] in (1, 2) and outcome.verdict,
                       "a solo outcome must be Outcome.solo: rank 1 (won) or 2 (lost), with a verdict in words")
            else:
                expect(sorted(outcome.ranks)[0] == 1 or outcome.reasons,
                       "nobody is ranked first and the outcome's reasons do not say why")
                expect(not outcome.verdict, "a verdict belongs to solo outcomes only")
            again = game.setup(n, options, seed)
            for seat, move in history:
                again, _ = game.play(again, seat, move)
            if game.to_json(again) != game.to_json(state):
                raise Failed("the seed and the moves replayed to another position: "
                             + first_difference(game.to_json(again), game.to_json(state)))


def counted(number: int, drawn: list[int], side: int) -> Callable[[], int]:
    """A draw that gives `number` and counts itself in drawn[side]."""
    def draw() -> int:
        drawn[side] += 1
        return number
    return draw


def check_hot_path(ctx: Context) -> None:
    """Where a game offers playouts a hot path (`actor`, `advance`, a fused `random_step`), it plays
    what the full contract plays. Three copies of each random game go in step with the same random
    numbers: one through `to_move`, `legal_moves` and `apply` (the lowest seat acting), one through the
    base class's `random_step` (the game's `actor`, `legal_moves`, `advance`), one through the game's
    own `random_step`; after every move their positions' JSON must agree, each step must draw once,
    and once the game is over both steps must return -1 without drawing. Running the copies apart to
    the end also catches a field kept out of the JSON that a step leaves wrong."""
    game = ctx.game
    cls = type(game)
    own = [name for name in ("actor", "advance", "random_step")
           if getattr(cls, name, getattr(Game, name)) is not getattr(Game, name)]
    if not own:
        raise Skip("the game has no hot path (actor, advance or random_step) of its own")
    fused = random_step_of(game) or (lambda state, draw: Game.random_step(game, state, draw))
    for n, options in ctx.tables:
        for k in range(ctx.budget.playouts):
            seed = ctx.budget.seed + 1000 * k + n
            full, base, mine = (game.setup(n, options, seed) for _ in range(3))
            rng = Rng(seed + 77)
            for _ in range(LIMIT):
                number, drawn = rng.next_u64(), [0, 0]
                ctx.at(n, options, full)
                movers = game.to_move(full)
                expect(game.actor(full) == (min(movers) if movers else -1),
                       f"actor names seat {game.actor(full)}; to_move is {sorted(movers)} "
                       "(the lowest acts, -1 once over)")
                if movers:
                    seat = min(movers)
                    moves = game.legal_moves(full, seat)
                    ctx.at(n, options, full, seat, moves[number % len(moves)])
                    game.apply(full, seat, moves[number % len(moves)])
                else:
                    seat = -1
                expect(Game.random_step(game, base, counted(number, drawn, 0)) == seat,
                       "actor and advance moved another seat than to_move and apply")
                expect(fused(mine, counted(number, drawn, 1)) == seat,
                       "random_step moved another seat than to_move and apply")
                expect(drawn == ([1, 1] if movers else [0, 0]),
                       f"a step drew {drawn[1]} random numbers; it must draw one a move and none once over")
                truth = game.dumps(full)  # (made once a step)
                if game.dumps(base) != truth:
                    raise Failed("advance left another position than apply: "
                                 + first_difference(game.to_json(base), game.to_json(full)))
                if game.dumps(mine) != truth:
                    raise Failed("random_step left another position than the three calls: "
                                 + first_difference(game.to_json(mine), game.to_json(full)))
                if not movers:
                    break
            else:
                raise Failed(f"a random game did not end within {LIMIT} moves")


def round_trip(ctx: Context, state) -> None:
    game = ctx.game
    data = game.to_json(state)
    expect(data.get("game") == game.id, f"to_json must carry \"game\": {game.id!r}")
    loaded = game.from_json(json.loads(json.dumps(data)))
    if not (game.to_json(loaded) == data):
        raise Failed("the position read back from its JSON differs: "
           + first_difference(game.to_json(loaded), data))


# ----- moves ---------------------------------------------------------------------------------------


def move_pool(ctx: Context) -> dict:
    """Every move seen along the tables' random games, by JSON form, plus what each move's text parses to."""
    game = ctx.game
    pool: dict = {}
    for n, options in ctx.tables:
        trail = ctx.walk(n, options, ctx.budget.seed + n)
        looked_at = {id(state) for state in spread(trail, 4 * ctx.budget.positions)}
        for state in trail:
            for seat in sorted(game.to_move(state)):
                for move in game.legal_moves(state, seat):
                    data = game.move_to_json(move)
                    pool.setdefault(json.dumps(data, sort_keys=True), move)
                    if id(state) not in looked_at:
                        continue
                    ctx.at(n, options, state, seat, move)
                    text = game.move_text(move)
                    expect(same_move(game.parse_move(text), move), f"the text {text!r} parses to another move")
                    expect(same_move(game.move_from_json(json.loads(json.dumps(data))), move),
                           f"the JSON {json.dumps(data)} reads back as another move")
    for move in list(pool.values()):  # and what each move's text parses to
        parsed = game.parse_move(game.move_text(move))
        pool.setdefault(json.dumps(game.move_to_json(parsed), sort_keys=True), parsed)
    return pool


def every_phase(game: Game, positions: list, k: int) -> list:
    """About k positions spread along a game, plus the first position of every phase (a phase being
    told by the kinds of move its seats may make)."""
    chosen, seen = spread(positions, k), set()
    for state in positions:
        kinds = frozenset(m.__class__ for s in game.to_move(state) for m in game.legal_moves(state, s))
        if kinds not in seen:
            seen.add(kinds)
            chosen.append(state)
    return chosen


def check_moves(ctx: Context) -> None:
    """Every legal move round-trips through its text and JSON; moves of two kinds never compare equal;
    every parsable move is refused with IllegalMove, state untouched, unless legal where offered."""
    game = ctx.game
    pool = move_pool(ctx)
    ctx.at()
    kinds: dict = {}
    for key, move in sorted(pool.items()):
        kinds.setdefault(move.__class__, []).append((key, move))
    for a_kind, b_kind in combinations(kinds, 2):
        for _, a in spread(kinds[a_kind], 16):
            for _, b in spread(kinds[b_kind], 16):
                for x, y in ((a, b), (b, a)):
                    expect(x != y and not (x == y), f"{x!r} compares equal to {y!r}, a move of another kind "
                           "(mark each move kind with @move_kind)")
                    expect({x: 1}.get(y) is None, f"{y!r} finds {x!r} in a dict")
    offered = dict(pair for pairs in kinds.values() for pair in spread(pairs, 12))
    for n, options in ctx.tables:
        for state in every_phase(game, ctx.walk(n, options, ctx.budget.seed + 900 + n), 3):
            before = game.dumps(state)
            for seat in range(n):
                legal = {json.dumps(game.move_to_json(m), sort_keys=True) for m in game.legal_moves(state, seat)}
                for key, move in offered.items():
                    ctx.at(n, options, state, seat, move)
                    if key in legal:
                        expect(game.is_legal(state, seat, game.move_from_json(json.loads(key))),
                               "a legal move read back from its JSON is not legal")
                        continue
                    expect(not game.is_legal(state, seat, move),
                           "is_legal accepts a move that is not among the legal moves")
                    try:
                        game.play(state, seat, move)
                    except IllegalMove:
                        pass
                    else:
                        raise Failed("a move that is not among the legal moves was accepted by play")
            ctx.at(n, options, state)
            expect(game.dumps(state) == before, "refusing moves changed the position")


def check_bad_input(ctx: Context) -> None:
    """A seat out of turn, unreadable moves and bad positions are refused with the engine's errors,
    and change nothing."""
    game = ctx.game
    for n in ctx.player_counts():
        state = game.setup(n, None, ctx.budget.seed + 11)
        ctx.at(n, None, state)
        before = game.dumps(state)
        movers = game.to_move(state)
        others = [s for s in range(n) if s not in movers]
        if others and movers:
            try:
                game.play(state, others[0], game.legal_moves(state, min(movers))[0])
            except IllegalMove:
                pass
            else:
                raise Failed(f"seat {others[0]} moved out of turn")
        for text in ("%% not a move %%", ""):
            try:
                game.parse_move(text)
            except NotationError:
                pass
            else:
                raise Failed(f"parse_move({text!r}) did not raise NotationError")
        for data in ({"no": "such move"}, None, [1, 2], "move"):
            try:
                game.move_from_json(data)
            except NotationError:
                pass
            else:
                raise Failed(f"move_from_json({data!r}) did not raise NotationError")
        bad_positions: list = [{"game": "something else"}, [game.to_json(state)], "position", None,
                               {"game": game.id}, {**game.to_json(state), "version": "nine"}]
        for bad in bad_positions:
            try:
                game.from_json(bad)
            except PositionError:
                pass
            else:
                raise Failed(f"from_json accepted a bad position: {json.dumps(bad)[:200]}")
        expect(game.dumps(state) == before, "bad input changed the position")


# ----- views, sheets and scores ------------------------------------------------------------------


def check_views(ctx: Context) -> None:
    """Views, sheets and outcomes are JSON for every seat and a spectator all along games and never
    stale after an in-place move; a perfect-information game shows everyone the same; the fast
    totals (`scores`, `seat_scores`, `scores_after`) equal the sheets'."""
    game = ctx.game
    for n, options in ctx.tables:
        trail = ctx.walk(n, options, ctx.budget.seed + 3 + n)
        for state in spread(trail, ctx.budget.positions):
            ctx.at(n, options, state)
            views = []
            for viewer in viewers(n):
                ctx.at(n, options, state, viewer)
                view = game.view(state, viewer)
                expect(json.loads(json.dumps(view)) == view, "the view is not plain JSON (tuples, sets, int keys?)")
                views.append(view)
                sheets = game.score_sheet(state, viewer)
                expect([sheet.seat for sheet in sheets] == list(range(n)),
                       "score_sheet must give one sheet per seat, in order")
                json.dumps([sheet.to_json() for sheet in sheets])
                if viewer is not None:
                    expect(game.seat_scores(state, viewer) == [sheet.total for sheet in sheets],
                           "seat_scores disagrees with the totals of the sheets this seat sees")
            differing = [v for v in views if v != views[0]]
            if game.information == PERFECT and differing:
                raise Failed("the game says PERFECT information but two viewers see different views: "
                             + first_difference(views[0], differing[0]))
            ctx.at(n, options, state)
            expect(game.scores(state) == [sheet.total for sheet in game.score_sheet(state, ALL)],
                   "scores(state) disagrees with the score sheet's totals")
            outcome = game.outcome(state)
            expect((outcome is None) == (not game.is_over(state)), "outcome is None exactly while the game runs")
            if outcome is not None:
                json.dumps(outcome.to_json())
            for seat in sorted(game.to_move(state)):
                for move in game.legal_moves(state, seat)[:6]:
                    ctx.at(n, options, state, seat, move)
                    after = game.clone(state)
                    game.apply(after, seat, move)
                    expected = (game.scores(after), game.heuristic(after, seat))
                    fast = game.scores_after(state, seat, move)
                    expect(fast == expected, f"scores_after gives {fast}, playing the move on a copy {expected}")
        # The hall applies moves in place and asks for views after each: none may be stale.
        state = game.setup(n, options, ctx.budget.seed + 3 + n)
        rng = Rng(ctx.budget.seed + 3 + n + 7)
        every = max(1, len(trail) // (4 * ctx.budget.positions))
        for step in range(len(trail) + 1):
            if step % every == 0:
                fresh = game.from_json(game.to_json(state))
                for viewer in viewers(n):
                    ctx.at(n, options, state, viewer)
                    kept, afresh = game.view(state, viewer), game.view(fresh, viewer)
                    if kept != afresh:
                        raise Failed("after in-place moves the view differs from the same position read afresh: "
                                     + first_difference(kept, afresh))
                    expect([s.to_json() for s in game.score_sheet(state, viewer)]
                           == [s.to_json() for s in game.score_sheet(fresh, viewer)],
                           "after in-place moves the score sheets differ from the same position read afresh")
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_move(state)))
            game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))


def check_clones(ctx: Context) -> None:
    """A clone is independent: playing it to the end leaves the original as it was."""
    game = ctx.game
    for n in (game.min_players, game.max_players):
        for state in spread(ctx.walk(n, {}, ctx.budget.seed + 5 + n), ctx.budget.positions):
            ctx.at(n, None, state)
            before = game.dumps(state)
            copy = game.clone(state)
            expect(game.dumps(copy) == before, "a clone differs from its original")
            while not game.is_over(copy):
                seat = min(game.to_move(copy))
                game.apply(copy, seat, game.legal_moves(copy, seat)[-1])
                game.view(copy, seat)
            if game.dumps(state) != before:
                raise Failed("playing on a clone changed the original (they share state): "
                             + first_difference(json.loads(before), game.to_json(state)))


def check_endings(ctx: Context) -> None:
    """A move that ends the game is a barrier (never left pending), and its preview shows no hidden row."""
    game = ctx.game
    for n in ctx.player_counts():
        trail = ctx.walk(n, {}, ctx.budget.seed + 60 + n)
        if len(trail) < 2:
            continue
        before = trail[-2]
        for seat in sorted(game.to_move(before)):
            for move in game.legal_moves(before, seat):
                ctx.at(n, None, before, seat, move)
                after, _ = game.play(before, seat, move)
                if not game.is_over(after):
                    continue
                expect(game.is_barrier(before, seat, move), "a move that ends the game is not a barrier")
                for viewer in range(n):
                    now, shown = game.score_sheet(before, viewer), game.preview(before, seat, move, viewer)
                    for sheet_now, sheet_shown in zip(now, shown):
                        expect(not sheet_now.hidden or sheet_shown == sheet_now,
                               f"the preview of the game's end shows seat {viewer} a hidden row")


# ----- hidden information: two worlds a viewer cannot tell apart ---------------------------------


def check_worlds(ctx: Context) -> None:
    """The two-worlds leak test at the engine's level. For each viewer (every seat and a spectator),
    `determinize(state, viewer)` deals again what that viewer has not seen: everything the viewer
    is shown (view, score sheets, whose turn, prompt, legal moves in words) must be the same in both
    worlds, and stay the same (with the log lines it may read) after each move `hides_outcome`
    calls False. `determinize` must depend only on what the viewer sees. In a simultaneous phase
    that is not public, whatever one seat chooses, the others still choosing see the same."""
    game = ctx.game
    resampled = looked = 0
    for n, options in ctx.tables:
        for i, state in enumerate(ctx.positions(n, options, ctx.budget.positions, ctx.budget.seed + 20 + n)):
            truth = game.to_json(state)
            for viewer in viewers(n):
                ctx.at(n, options, state, viewer)
                world = game.determinize(state, viewer, Rng(100 * i + (viewer if viewer is not None else n)))
                looked += 1
                if game.to_json(world) != truth:
                    resampled += 1
                    if game.information == PERFECT and not game.chance:
                        raise Failed("a PERFECT game without chance has one world, but determinize changed the "
                                     "position: " + first_difference(truth, game.to_json(world)))
                seen, other = observation(game, state, viewer), observation(game, world, viewer)
                who = "a spectator" if viewer is None else f"seat {viewer}"
                if seen != other:
                    raise Failed(f"{who} can tell the position from determinize(position, {viewer}): "
                                 f"it sees {first_difference(seen, other)}. Either what it is shown reveals something "
                                 "hidden from it, or determinize changed something it has seen")
                again = [game.to_json(game.determinize(w, viewer, Rng(50 + i))) for w in (state, world)]
                if again[0] != again[1]:
                    raise Failed(f"determinize for {who} depends on the truth, not only on what it sees (sort what "
                                 "is unseen before shuffling it): " + first_difference(again[0], again[1]))
                if viewer is None or viewer not in game.to_move(state):
                    continue
                for move in game.legal_moves(state, viewer)[:8]:
                    if game.hides_outcome(state, viewer, move):
                        continue
                    ctx.at(n, options, state, viewer, move)
                    after, beside = game.clone(state), game.clone(world)
                    log_a, log_b = game.apply(after, viewer, move), game.apply(beside, viewer, move)
                    if game.is_over(after):
                        continue  # the end shows everything; the bots sample worlds for it themselves
                    one = [observation(game, after, viewer), seen_log(log_a, viewer)]
                    two = [observation(game, beside, viewer), seen_log(log_b, viewer)]
                    if one != two:
                        raise Failed("hides_outcome says this move hides nothing, but it leads the mover to different "
                                     "views in two worlds it cannot tell apart: " + first_difference(one, two))
            hidden_choices(ctx, n, options, state)
    ctx.at()
    if game.information == IMPERFECT:  # else nothing hidden was ever looked at
        expect(resampled, f"determinize never changed anything in {looked} positions and viewers: an IMPERFECT game "
               "must deal again what a viewer has not seen, or nothing hidden can be checked")


def hidden_choices(ctx: Context, n: int, options: dict, state) -> None:
    game = ctx.game
    movers = sorted(game.to_move(state))
    if len(movers) < 2 or game.public_choices(state):
        return
    for seat in movers:
        others = [s for s in movers if s != seat]
        first: dict = {}  # still acting after the move (public: the seat has not put its pen down) -> (move, seen)
        for move in game.legal_moves(state, seat)[:12]:
            if game.reveals(state, seat, move):
                continue
            after = game.clone(state)
            log = game.apply(after, seat, move)
            if game.is_over(after):
                continue
            seen = [(observation(game, after, s), seen_log(log, s)) for s in others]
            before = first.setdefault(seat in game.to_move(after), (move, seen))
            if seen != before[1]:
                ctx.at(n, options, state, seat, move)
                raise Failed(f"in a simultaneous phase that is not public (public_choices is False), seats {others} "
                             f"can tell whether seat {seat} chose {game.move_text(before[0])} or this move: "
                             + first_difference(before[1], seen))


# ----- bots ----------------------------------------------------------------------------------------


class SpyGame:
    """The game as a bot sees it, refusing any look at the true state except through the seat's own window."""

    ALLOWED = {"legal_moves", "determinize", "to_move"}

    def __init__(self, game: Game, true_state, seat: int):
        self._game, self._true, self._seat = game, true_state, seat
        self.looks: list[str] = []

    def __getattr__(self, name):
        inner = getattr(self._game, name)
        if not callable(inner):
            return inner

        def call(*args, **kwargs):
            if any(a is self._true for a in args):
                self.looks.append(name)
                expect(name in self.ALLOWED, f"the search bot called {name} on the true state")
                expect(name == "to_move" or args[1] == self._seat, f"the search bot asked {name} for another seat")
            return inner(*args, **kwargs)
        return call


def check_bots(ctx: Context) -> None:
    """Every bot level chooses legal moves; the heuristic, greedy and the search are blind to what the
    seat does not see (the same answer in two worlds it cannot tell apart, the true state read only
    through the seat's own window); the search is reproducible under a seed; the game's search hints
    name real settings."""
    from meeple import bots
    from meeple.bots.ismcts import IsmctsBot

    game = ctx.game
    greedy, random_bot = bots.get("greedy"), bots.get("random")
    for players in [None, *range(game.min_players, game.max_players + 1)]:
        ctx.at(players)
        IsmctsBot().tuned(game, players)  # raises on an unknown setting or value
    # The player counts with the defaults, and a few tables with options changed (no search there: it costs most).
    tables = [(n, {}) for n in ctx.player_counts()] + spread([t for t in ctx.tables if t[1]], 3)
    for n, options in tables:
        count = max(2, ctx.budget.positions // 2)
        for i, state in enumerate(ctx.positions(n, options, count, ctx.budget.seed + 11 + n)):
            for seat in sorted(game.to_move(state)):
                ctx.at(n, options, state, seat)
                legal = game.legal_moves(state, seat)
                for k in range(3):  # a small game may deal the same world again: a few tries
                    world = game.determinize(state, seat, Rng(7 * i + seat + 1000 * k))
                    expect(game.heuristic(world, seat) == game.heuristic(state, seat),
                           f"the heuristic of seat {seat} differs between two worlds it cannot tell apart")
                expect(random_bot.choose(game, state, seat, Rng(i)) in legal, "the random bot chose an illegal move")
                mine, other = (greedy.choose(game, w, seat, Rng(i + 1)) for w in (state, world))
                expect(mine in legal, f"greedy chose an illegal move, {game.move_text(mine)}")
                expect(len(legal) < 2 or same_move(mine, other),
                       f"greedy chose {game.move_text(mine)} in the real position and {game.move_text(other)} "
                       "in a world that looks the same to it")
                if options:
                    continue
                bot = IsmctsBot(iterations=ctx.budget.search, prior_weight=float(i % 2))
                spy = SpyGame(game, state, seat)
                move = bot.choose(spy, state, seat, Rng(seat))  # type: ignore[arg-type]  # the game, watched
                expect(move in legal, f"the search chose an illegal move, {game.move_text(move)}")
                expect("determinize" in spy.looks or len(legal) == 1,
                       "the search chose without sampling a world (determinize) for its seat")
                if i == 0:
                    first, again = (IsmctsBot(iterations=ctx.budget.search).choose(game, state, seat, Rng(42))
                                    for _ in range(2))
                    expect(same_move(first, again), "the search chose differently with the same seed and budget")


# ----- the research adapters' own checks -----------------------------------------------------------


def check_adapters(ctx: Context) -> None:
    """OpenSpiel's random_sim_test and PettingZoo's api_test on the game's adapters (skipped without
    `pip install -e '.[research]'`)."""
    import contextlib
    import io
    import warnings

    from meeple import games

    game = ctx.game
    try:
        import pyspiel
        from pettingzoo.test import api_test

        from meeple.adapters import openspiel, pettingzoo
    except ImportError as exc:
        raise Skip(f"the research packages are not installed ({exc.name}): pip install -e '.[research]'") from None
    if game.id not in games.ids() or games.get(game.id) is not game:
        raise Skip(f"the adapters reach games through the registry, and {game.id!r} names another game there")
    ctx.at(game.min_players)
    pyspiel.random_sim_test(openspiel.load(game.id), num_sims=1, serialize=True, verbose=False)
    ctx.at(game.max_players)
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):  # api_test prints as it goes
        warnings.filterwarnings("ignore", message="Observation")  # dict observations with a mask, as for every game
        api_test(pettingzoo.env(game.id, players=game.max_players), num_cycles=20 * ctx.budget.playouts)


def check_lengths(ctx: Context) -> None:
    """Adversarial policies (always the first legal move, always the last, random) never play past the
    length the adapters declare (the game's `max_game_length` or `game_length_cap`, else the adapters' cap)."""
    from meeple.adapters.lengths import game_length

    game = ctx.game
    policies: dict[str, Callable] = {"first": lambda moves, rng: moves[0], "last": lambda moves, rng: moves[-1],
                                     "random": lambda moves, rng: rng.choice(moves)}
    for n in range(game.min_players, game.max_players + 1):
        bound, proven = game_length(game, n, resolve_options(game.options, None))
        for name, policy in policies.items():
            state, rng = game.setup(n, None, ctx.budget.seed + n), Rng(ctx.budget.seed + n)
            decisions = 0
            while decisions <= bound and (seats := game.to_move(state)):
                seat = min(seats)
                ctx.at(n, None, state, seat)
                game.apply(state, seat, policy(game.legal_moves(state, seat), rng))
                decisions += 1
            ctx.at(n, None, state)
            expect(game.is_over(state) and decisions <= bound,
                   f"always playing the {name} legal move goes past the {'bound' if proven else 'cap'} of "
                   f"{bound} decisions the adapters declare")


#: Every check, in the order they run: name -> function.
CHECKS: dict[str, Callable[[Context], None]] = {
    "setup": check_setup,
    "playouts": check_playouts,
    "hot_path": check_hot_path,
    "moves": check_moves,
    "bad_input": check_bad_input,
    "views": check_views,
    "clones": check_clones,
    "endings": check_endings,
    "worlds": check_worlds,
    "bots": check_bots,
    "lengths": check_lengths,
    "adapters": check_adapters,
}


def run_one(name: str, ctx: Context) -> tuple[str, object, float]:
    """('passed' | 'failed' | 'skipped', detail, seconds) of one check."""
    ctx.at()
    started = time.perf_counter()
    try:
        CHECKS[name](ctx)
    except Skip as exc:
        return "skipped", str(exc), time.perf_counter() - started
    except Failed as exc:
        return "failed", str(exc), time.perf_counter() - started
    except Exception as exc:  # a crash is a failure too, with where it happened
        return "failed", f"raised {type(exc).__name__}: {exc}", time.perf_counter() - started
    return "passed", None, time.perf_counter() - started
