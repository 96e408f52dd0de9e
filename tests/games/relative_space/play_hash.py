"""A hash of Relative Space's observable play, to check that a pure speed-up keeps the same games.

    .venv/bin/python tests/games/relative_space/play_hash.py [--games 200]

- random: seeded random games at every table (2 to 5 players): to_move, legal moves, reveals of every
  legal move, the moves, the log (text, seat, visibility), scores, heuristics and the position JSON
  after every move, every seat's view and the score sheet every 10 moves, the outcome.
- greedy: the greedy bot's choice at positions met along those games.
- search: search3's choices on a few of them (its time limit lifted, a fixed iteration budget, so the
  same seed gives the same move), which runs determinize, clone and greedy rollouts.

Prints one JSON line; run it before and after a change and compare.
"""

import argparse
import hashlib
import json

from meeple import bots, games
from meeple.engine import Rng

GAME = games.get("relative_space")


def random_games(n_games: int, digest, positions: list) -> None:
    for g in range(n_games):
        n = 2 + g % 4
        state = GAME.setup(n, None, 1000 + g)
        rng = Rng(g)
        step = 0
        while True:
            seats = GAME.to_move(state)
            digest.update(repr(sorted(seats)).encode())
            if not seats:
                break
            seat = min(seats)
            moves = GAME.legal_moves(state, seat)
            digest.update(repr((moves, [GAME.reveals(state, seat, m) for m in moves])).encode())
            if step % 10 == 0:
                for viewer in (*range(n), None):
                    digest.update(json.dumps(GAME.view(state, viewer), sort_keys=True).encode())
                digest.update(repr([s.to_json() for s in GAME.score_sheet(state)]).encode())
            if g % 10 == 0 and step % 9 == 4 and len(moves) > 1:
                positions.append(GAME.clone(state))
            move = moves[rng.next_u64() % len(moves)]
            for entry in GAME.apply(state, seat, move):
                digest.update(json.dumps(entry.to_json(), sort_keys=True).encode())
            digest.update(repr(move).encode())
            digest.update(repr((GAME.scores(state), [GAME.heuristic(state, s) for s in range(n)])).encode())
            digest.update(json.dumps(GAME.to_json(state), sort_keys=True).encode())
            step += 1
        outcome = GAME.outcome(state)
        digest.update(repr(outcome and outcome.to_json()).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--searches", type=int, default=6)
    args = parser.parse_args()
    play, greedy, search = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    positions: list = []
    random_games(args.games, play, positions)
    for i, state in enumerate(positions):
        seat = min(GAME.to_move(state))
        greedy.update(repr(bots.get("greedy").choose(GAME, GAME.clone(state), seat, Rng(i))).encode())
    bot = bots.get("search3")
    assert isinstance(bot, bots.IsmctsBot)
    bot.seconds, bot.iterations = None, 300
    step = max(1, len(positions) // args.searches)
    for i, state in enumerate(positions[::step][:args.searches]):
        seat = min(GAME.to_move(state))
        search.update(repr(bot.choose(GAME, GAME.clone(state), seat, Rng(i))).encode())
    print(json.dumps({"games": args.games, "positions": len(positions), "random": play.hexdigest()[:16],
                      "greedy": greedy.hexdigest()[:16], "search": search.hexdigest()[:16]}))


if __name__ == "__main__":
    main()
