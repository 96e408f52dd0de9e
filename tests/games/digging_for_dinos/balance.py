"""Balance figures for the docs page: what each species brings, how games end.

Run: MEEPLE_EXTRA_GAMES="digging_for_dinos=meeple.games.digging_for_dinos:GAME" \
     .venv/bin/python -m tests.games.digging_for_dinos.balance --players 3 --games 200 --bots greedy
(not a test: the docs quote its output; `meeple simulate` gives the seat and win figures).
"""

from __future__ import annotations

import argparse
import json

from meeple import bots
from meeple.engine import Rng
from meeple.games.digging_for_dinos import GAME
from meeple.games.digging_for_dinos.components import PARTS, SPECIES
from meeple.games.digging_for_dinos.scoring import species_points


def play(n: int, bot_names: list[str], seed: int):
    state = GAME.setup(n, {}, seed)
    rng = Rng(seed * 7919 + 1)
    players = [bots.get(bot_names[s % len(bot_names)]) for s in range(n)]
    while not GAME.is_over(state):
        (seat,) = GAME.to_move(state)
        GAME.apply(state, seat, players[seat].choose(GAME, state, seat, rng))
    return state


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    names = args.bots.split(",")
    n = args.players
    completions = [0] * len(SPECIES)
    points = [0] * len(SPECIES)
    tiles = [0] * len(SPECIES)
    winners_points = [0] * len(SPECIES)
    endings = {}
    turns = 0
    for g in range(args.games):
        state = play(n, names, args.seed + g)
        endings[state.ending] = endings.get(state.ending, 0) + 1
        turns += state.turns
        scores = GAME.scores(state)
        top = max(scores)
        for s in range(n):
            for i in range(len(SPECIES)):
                full, fp, loose, lp = species_points(state.have[s][PARTS[i]], i)
                completions[i] += full
                points[i] += fp + lp
                tiles[i] += full * len(SPECIES[i].parts) + loose
                if scores[s] == top:
                    winners_points[i] += fp + lp
    seat_games = args.games * n
    out = {
        "players": n, "games": args.games, "bots": names,
        "endings": {("last tile" if k == 1 else "fourth dinosaur"): v for k, v in endings.items()},
        "mean_turns_per_seat": round(turns / seat_games, 1),
        "species": {sp.name: {"completed_per_seat_game": round(completions[i] / seat_games, 2),
                              "points_per_seat_game": round(points[i] / seat_games, 2),
                              "points_per_tile": round(points[i] / max(1, tiles[i]), 2),
                              "share_of_winner_points": round(winners_points[i] / max(1, sum(winners_points)), 3)}
                    for i, sp in enumerate(SPECIES)},
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
