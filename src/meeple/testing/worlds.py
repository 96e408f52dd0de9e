"""Pairs of worlds one viewer cannot tell apart, built with the engine alone (the leak checks).

World A is a position of a random game; world B is `determinize(A, viewer)`: the
same for everything the viewer has seen, hidden parts dealt again. Both are then
played on with the same turns, chosen so that the viewer still cannot tell them
apart after each one (the viewer's view, score sheets, legal moves, prompt and
log lines stay equal), so the tables also get a history to replay. A turn that
would show the viewer a difference (a card drawn from a deck dealt differently)
is never chosen.

Where the viewer cannot see another seat's choice (a card set aside, a sealed
bid), that seat chooses differently in the two worlds, so a secret move shown
to the wrong viewer is caught too. Such tables stop before the end: a finished
table shows every move.

The turns are planned in the blocks the hall stores them in: a seat's moves up
to a move that reveals (stored at once) or to the end of its turn (stored at
Confirm), one seat at a time.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from meeple.engine import ALL, Game, Rng

VIEWER_ALL = "all"  # a finished table shows every seat's view and every log line


def canon(value):
    return json.loads(json.dumps(value))


def observation(game: Game, state, viewer) -> dict:
    """Everything the hall shows `viewer` (a seat, or None) of a position, as the engine gives it."""
    if game.is_over(state):
        # A finished table is open to everyone: every seat's view, every row of every sheet.
        n = game.players(state)
        return canon({"views": [game.view(state, s) for s in [None, *range(n)]],
                      "sheets": [s.to_json() for s in game.score_sheet(state, ALL)],
                      "outcome": game.outcome(state).to_json()})  # type: ignore[union-attr]  # over: an outcome
    acting = viewer is not None and viewer in game.to_move(state)
    return canon({
        "view": game.view(state, viewer),
        "sheets": [s.to_json() for s in game.score_sheet(state, viewer)],
        "to_move": sorted(game.to_move(state)),
        "prompt": game.prompt(state, viewer) if viewer is not None else None,
        "legal": [[game.move_to_json(m), game.move_text(m), game.describe_move(state, viewer, m)]
                  for m in (game.legal_moves(state, viewer) if acting else [])],
    })


def seen_log(entries, viewer) -> list:
    return [(e.text, e.seat) for e in entries if e.visible_to(viewer)]


@dataclass
class Pair:
    """Two openings the viewer cannot tell apart, and the turns (seat, moves) played on from each.

    The turns of both worlds have the same seats and lengths; other seats' moves may differ where
    the viewer cannot see them (a card set aside, a sealed bid), the viewer's own never do."""

    viewer: int | None
    a: object
    b: object
    turns_a: list[tuple[int, list]] = field(default_factory=list)
    turns_b: list[tuple[int, list]] = field(default_factory=list)

    @property
    def worlds(self) -> tuple[tuple[object, list], tuple[object, list]]:
        return (self.a, self.turns_a), (self.b, self.turns_b)


def random_path(game: Game, n: int, seed: int) -> list:
    """Every position of one random game, opening to end."""
    rng = random.Random(seed)
    state = game.setup(n, {}, seed)
    path = [state]
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_move(state)))
        state, _ = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
        path.append(state)
    return path


def alike(game: Game, a, b, viewer, log_a, log_b) -> bool:
    """True when `viewer` sees the same in both positions and the same lines of both logs."""
    if game.is_over(a) != game.is_over(b):
        return False
    who = ALL if game.is_over(a) else viewer
    return observation(game, a, viewer) == observation(game, b, viewer) and \
        seen_log(log_a, who) == seen_log(log_b, who)


def _candidates(game: Game, a, b, seat: int, viewer, vary: bool, rng: random.Random) -> list[tuple]:
    """Move pairs to try: first different moves in the two worlds (another seat's secret choice),
    then the same move in both."""
    in_a = game.legal_moves(a, seat)
    same = [(m, m) for m in in_a if game.is_legal(b, seat, m)]
    rng.shuffle(same)
    if not vary or seat == viewer:
        return same[:8]
    in_b = game.legal_moves(b, seat)
    apart = [(rng.choice(in_a), rng.choice(in_b)) for _ in range(4)] if in_a and in_b else []
    return [(x, y) for x, y in apart if x != y] + same[:6]


def _block(game: Game, a, b, seat: int, viewer, rng: random.Random, vary: bool, longest: int = 12):
    """One stored block of `seat`'s moves that keeps the worlds alike: (moves_a, moves_b, a, b) or None.

    With `vary`, the block never ends the game: a finished table shows every move."""
    moves_a: list = []
    moves_b: list = []
    log_a: list = []
    log_b: list = []
    for _ in range(longest):
        for move_a, move_b in _candidates(game, a, b, seat, viewer, vary, rng):
            if game.reveals(a, seat, move_a) != game.reveals(b, seat, move_b):
                continue
            a2, la = game.play(a, seat, move_a)
            b2, lb = game.play(b, seat, move_b)
            if (not vary or not game.is_over(a2)) and alike(game, a2, b2, viewer, log_a + la, log_b + lb):
                break
        else:
            return None
        moves_a.append(move_a)
        moves_b.append(move_b)
        stored_now = game.reveals(a, seat, move_a)
        a, b, log_a, log_b = a2, b2, log_a + la, log_b + lb
        if stored_now or seat not in game.to_move(a):
            return moves_a, moves_b, a, b
    return None


def play_on(game: Game, pair: Pair, rng: random.Random, turns: int, vary: bool) -> tuple:
    """Add up to `turns` blocks that keep the pair alike; returns the two positions reached."""
    a, b = pair.a, pair.b
    for _ in range(turns):
        movers = sorted(game.to_move(a))
        found = None
        for seat in rng.sample(movers, len(movers)):
            found = next(filter(None, (_block(game, a, b, seat, pair.viewer, rng, vary) for _ in range(3))), None)
            if found:
                break
        if not found:
            break
        moves_a, moves_b, a, b = found
        pair.turns_a.append((seat, moves_a))
        pair.turns_b.append((seat, moves_b))
    return a, b


def running_pair(game: Game, position, viewer, seed: int, turns: int = 4) -> Pair:
    world = game.determinize(position, viewer, Rng(seed))
    pair = Pair(viewer, position, world)
    assert alike(game, position, world, viewer, [], []), \
        f"{game.id}: determinize(state, {viewer}) changed what that viewer sees"
    play_on(game, pair, random.Random(seed), turns, vary=True)
    return pair


def finished_pair(game: Game, path: list, viewer, seed: int) -> Pair | None:
    """A pair that ends finished and alike: seeded near the end and played to it, or seeded at the end.

    None when no such pair is found: at the end a table shows everything, and a
    game's determinize may deal again what the end shows (then nothing is left
    that differs only where the viewer cannot see)."""
    for back in range(2, min(len(path), 14)):
        start = path[-back]
        world = game.determinize(start, viewer, Rng(seed + back))
        if not alike(game, start, world, viewer, [], []):
            continue
        pair = Pair(viewer, start, world)
        a, _ = play_on(game, pair, random.Random(seed + back), turns=back + 4, vary=False)
        if game.is_over(a):
            return pair
    end = path[-1]
    for k in range(3):
        world = game.determinize(end, viewer, Rng(seed + k))
        if alike(game, end, world, viewer, [], []) and game.to_json(world) != game.to_json(end):
            return Pair(viewer, end, world)
    return None
