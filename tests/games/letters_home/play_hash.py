"""A hash of Letters Home's observable play, to check that a pure speed-up keeps the same games.

    .venv/bin/python tests/games/letters_home/play_hash.py [--games 120]

Over seeded random games (2 to 4 players): legal moves, moves, log text, scores, seat
scores, heuristics and every legal move's scores_after; then greedy choices and a
fixed-iteration search decision (search2, its time limit lifted) on 10 positions.
Prints one JSON line; run it before and after a change and compare.
"""

import argparse
import hashlib
import json

from meeple import bots, games
from meeple.engine import Rng

GAME = games.get("letters_home")


def random_games(n_games: int, digest, positions: list) -> None:
    for g in range(n_games):
        n = 2 + g % 3
        state = GAME.setup(n, None, 1000 + g)
        rng = Rng(g)
        step = 0
        while not GAME.is_over(state):
            seat = min(GAME.to_move(state))
            moves = GAME.legal_moves(state, seat)
            digest.update(repr(moves).encode())
            for s in range(n):
                digest.update(repr((GAME.scores(state), GAME.seat_scores(state, s),
                                    GAME.heuristic(state, s))).encode())
            for move in moves:
                digest.update(repr(GAME.scores_after(state, seat, move)).encode())
            move = moves[rng.next_u64() % len(moves)]
            if g % 12 == 0 and step % 7 == 3 and len(moves) > 1:
                positions.append(GAME.clone(state))
            for entry in GAME.apply(state, seat, move):
                digest.update(entry.text.encode())
            digest.update(repr(move).encode())
            step += 1
        digest.update(repr(GAME.scores(state)).encode())


def bot_choices(positions: list, digest) -> None:
    search = bots.get("search2")
    assert isinstance(search, bots.IsmctsBot)
    search.seconds, search.iterations = None, 150
    for i, state in enumerate(positions):
        seat = min(GAME.to_move(state))
        digest.update(repr(bots.get("greedy").choose(GAME, GAME.clone(state), seat, Rng(i))).encode())
        if i % (len(positions) // 10 or 1) == 0:
            digest.update(repr(search.choose(GAME, GAME.clone(state), seat, Rng(i))).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=120)
    args = parser.parse_args()
    play, choices = hashlib.sha256(), hashlib.sha256()
    positions: list = []
    random_games(args.games, play, positions)
    bot_choices(positions, choices)
    print(json.dumps({"games": args.games, "positions": len(positions), "play": play.hexdigest()[:16],
                      "bots": choices.hexdigest()[:16]}))


if __name__ == "__main__":
    main()
