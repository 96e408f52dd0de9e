"""Greedy variants for the balance check in the docs: each values a pick by the points it adds now
(the game's heuristic included) plus a bias towards one kind of card, so a table of them shows
whether one way of filling the sheet beats the others.

    python -m meeple.games.draft_and_write_records.strategy --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import json

from meeple.engine import Rng

from .components import AGENDA, ASSET, CARD_KIND, CREW
from .moves import Play
from .rules import DRAFT, GAME, KEEP, OVER, WEEKEND

#: Variant name -> bonus in points for a play of that kind of card.
VARIANTS = {"plain": {}, "crew": {CREW: 3.0}, "agenda": {AGENDA: 3.0}, "asset": {ASSET: 3.0}}


def variant_move(state, seat, bias: dict, rng: Rng):
    """The move with the best own value (score plus heuristic, plus the variant's bias). In the
    simultaneous steps the choice is only recorded, which the heuristic values as made: by the phase,
    since a position where the last seat to choose has recorded its choice has no one to move and
    would read as over (then its picks and claims would be valued without the heuristic)."""
    best, value = [], None
    for move in GAME.legal_moves(state, seat):
        after = GAME.clone(state)
        if state.phase in (KEEP, DRAFT, WEEKEND):
            after.choice[seat] = move
        else:
            GAME.apply(after, seat, move)
        v = GAME.scores(after)[seat] + (0.0 if after.phase == OVER else GAME.heuristic(after, seat))
        if move.__class__ is Play:
            v += bias.get(CARD_KIND[state.hands[seat][move.card]], 0.0)
        if value is None or v > value + 1e-9:
            best, value = [move], v
        elif abs(v - value) <= 1e-9:
            best.append(move)
    return rng.choice(best)


def play(names: list[str], seed: int) -> tuple[list[int], int]:
    """One game of these variants; its scores and the number of weeks it lasted."""
    state = GAME.setup(len(names), None, seed)
    rng = Rng(seed * 7 + 1)
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        GAME.apply(state, seat, variant_move(state, seat, VARIANTS[names[seat]], rng))
    return GAME.scores(state), state.week


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = list(VARIANTS)
    wins = dict.fromkeys(names, 0.0)
    totals = dict.fromkeys(names, 0)
    weeks = []
    for g in range(args.games):
        seats = names[g % 4:] + names[:g % 4]  # every variant in every seat
        scores, week = play(seats, args.seed + g)
        weeks.append(week)
        top = max(scores)
        winners = [seats[s] for s in range(4) if scores[s] == top]
        for w in winners:
            wins[w] += 1 / len(winners)
        for s in range(4):
            totals[seats[s]] += scores[s]
    print(json.dumps({"games": args.games, "win_rate": {k: round(v / args.games, 3) for k, v in wins.items()},
                      "mean_score": {k: round(totals[k] / args.games, 1) for k in names},
                      "weeks": {"mean": round(sum(weeks) / len(weeks), 2), "min": min(weeks), "max": max(weeks)}}))


if __name__ == "__main__":
    main()
