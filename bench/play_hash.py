"""A hash of a game's observable play, to check that a pure speed-up keeps the same games.

    .venv/bin/python bench/play_hash.py --game assyria [--games 300]

For each table (every player count) over seeded random games: to_move, legal moves, moves, the log as
JSON with its visibility, every seat's view every 25 moves, scores and the outcome; then greedy
against random via simulate.play_one. Prints one JSON line; run it before and after a change.
"""

import argparse
import hashlib
import json

from meeple import games
from meeple.analysis.simulate import play_one
from meeple.engine import Rng


def random_games(game, n: int, n_games: int, digest) -> None:
    for g in range(n_games):
        state = game.setup(n, None, 1000 + g)
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
            move = moves[rng.next_u64() % len(moves)]
            for entry in game.apply(state, seat, move):
                digest.update(json.dumps(entry.to_json(), sort_keys=True, default=repr).encode())
            digest.update(repr(move).encode())
            step += 1
        outcome = game.outcome(state)
        digest.update(repr((game.scores(state), outcome and outcome.to_json())).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True, help="a game id")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--greedy", type=int, default=5)
    args = parser.parse_args()
    game = games.get(args.game)
    out: dict = {"game": args.game, "games": args.games}
    for n in range(game.min_players, game.max_players + 1):
        digest = hashlib.sha256()
        random_games(game, n, args.games, digest)
        out[str(n)] = digest.hexdigest()[:16]
    n = min(max(3, game.min_players), game.max_players)
    bots = ["greedy"] + ["random"] * (n - 1)
    scores = [play_one(game, n, None, 1 + i, bots).scores for i in range(args.greedy)]
    out["greedy"] = hashlib.sha1(repr(scores).encode()).hexdigest()[:12]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
