"""A hash of a game's observable play, to check that a pure speed-up keeps the same games.

    .venv/bin/python bench/play_hash.py --game assyria [--games 300]
    .venv/bin/python bench/play_hash.py --game letters_home --deep [--searches 6]
    .venv/bin/python bench/play_hash.py --game living_forest --options '{"kodama": true}'

For each table (every player count) over seeded random games: to_move, legal moves, moves, the log as
JSON with its visibility, every seat's view every 25 moves, scores and the outcome; then greedy
against random via simulate.play_one. With --deep, also what only the bots read, after every move:
scores, every seat's seat_scores and heuristic, every legal move's reveals and scores_after, and the
position's JSON; then the greedy bot's choice at positions met along the games, and search3's on a
few of them (its time limit lifted, a fixed iteration budget, so a seed gives one move), which runs
determinize, clone and greedy rollouts. The same seeds are also played out by the fast path the
bots' rollouts and the benchmarks use (`analysis.bench.random_playout`: a game's fused `random_step`,
or its hot calls), and each end position's JSON hashed (`playouts`). `--options` sets up every game with
those options (a JSON object). Prints one JSON line; run it before and after a change.
"""

import argparse
import hashlib
import json

from meeple import bots, games
from meeple.analysis.bench import random_playout
from meeple.analysis.simulate import play_one
from meeple.engine import Rng


def random_games(game, n: int, n_games: int, digest, deep: bool = False, positions: list | None = None,
                 options: dict | None = None) -> None:
    for g in range(n_games):
        state = game.setup(n, options, 1000 + g)
        rng = Rng(g)
        step = 0
        while not game.is_over(state):
            seats = game.to_move(state)
            seat = min(seats)
            moves = game.legal_moves(state, seat)
            digest.update(repr((sorted(seats), moves)).encode())
            if step % 25 == 0:
                for viewer in (*range(n), None):
                    digest.update(json.dumps(game.view(state, viewer), sort_keys=True, default=repr).encode())
            if deep:
                _hash_bot_reads(game, state, seat, moves, digest)
                if positions is not None and g % 10 == 0 and step % 9 == 4 and len(moves) > 1:
                    positions.append(game.clone(state))
            move = moves[rng.next_u64() % len(moves)]
            for entry in game.apply(state, seat, move):
                digest.update(json.dumps(entry.to_json(), sort_keys=True, default=repr).encode())
            digest.update(repr(move).encode())
            step += 1
        outcome = game.outcome(state)
        digest.update(repr((game.scores(state), outcome and outcome.to_json())).encode())


def fast_playouts(game, n: int, n_games: int, digest, options: dict | None = None) -> None:
    """The same seeds played out by the fast path (a fused step draws once a move, as the games above do,
    but through other code): each end position's JSON and its count of moves."""
    for g in range(n_games):
        state = game.setup(n, options, 1000 + g)
        moves = random_playout(game, state, Rng(g))
        digest.update(repr(moves).encode())
        digest.update(json.dumps(game.to_json(state), sort_keys=True, default=repr).encode())


def _hash_bot_reads(game, state, seat: int, moves: list, digest) -> None:
    """What the bots read of a position and not a person: the figures they judge by."""
    n = len(game.scores(state))
    digest.update(repr((game.scores(state), [(game.seat_scores(state, s), game.heuristic(state, s))
                                             for s in range(n)])).encode())
    digest.update(repr([(game.reveals(state, seat, m), game.scores_after(state, seat, m)) for m in moves]).encode())
    digest.update(json.dumps(game.to_json(state), sort_keys=True, default=repr).encode())


def bot_choices(game, positions: list, searches: int) -> tuple[str, str]:
    """Hashes of greedy's choice at every position and of fixed-iteration search3 on `searches` of them."""
    greedy, search = hashlib.sha256(), hashlib.sha256()
    for i, state in enumerate(positions):
        seat = min(game.to_move(state))
        greedy.update(repr(bots.get("greedy").choose(game, game.clone(state), seat, Rng(i))).encode())
    bot = bots.get("search3")
    assert isinstance(bot, bots.IsmctsBot)
    bot.seconds, bot.iterations = None, 300
    step = max(1, len(positions) // max(1, searches))
    for i, state in enumerate(positions[::step][:searches]):
        seat = min(game.to_move(state))
        search.update(repr(bot.choose(game, game.clone(state), seat, Rng(i))).encode())
    return greedy.hexdigest()[:16], search.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="a game id")
    parser.add_argument("--games", type=int, default=300, help="random games per table")
    parser.add_argument("--greedy", type=int, default=5, help="greedy-against-random games")
    parser.add_argument("--deep", action="store_true", help="also hash what the bots read, and bot choices")
    parser.add_argument("--searches", type=int, default=6, help="search3 decisions hashed with --deep")
    parser.add_argument("--options", type=json.loads, default=None, help="the game's options, a JSON object")
    args = parser.parse_args()
    game = games.get(args.game)
    options = args.options
    if options is not None and not isinstance(options, dict):
        parser.error("--options must be a JSON object")
    out: dict = {"game": args.game, "games": args.games}
    if options:
        out["options"] = options
    positions: list = []
    fast = hashlib.sha256()
    for n in range(game.min_players, game.max_players + 1):
        digest = hashlib.sha256()
        random_games(game, n, args.games, digest, args.deep, positions, options)
        out[str(n)] = digest.hexdigest()[:16]
        fast_playouts(game, n, args.games, fast, options)
    out["playouts"] = fast.hexdigest()[:16]
    n = min(max(3, game.min_players), game.max_players)
    field = ["greedy"] + ["random"] * (n - 1)
    scores = [play_one(game, n, options, 1 + i, field).scores for i in range(args.greedy)]
    out["greedy"] = hashlib.sha1(repr(scores).encode()).hexdigest()[:12]
    if args.deep:
        out["positions"] = len(positions)
        out["greedy_choices"], out["search3_choices"] = bot_choices(game, positions, args.searches)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
