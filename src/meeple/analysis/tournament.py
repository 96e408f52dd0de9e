"""Round-robin tournaments between bot levels (`meeple tournament`).

Every line-up of bots plays the same seeded deals once in each seat rotation,
so no bot is favoured by the deal or by its seat. The summary gives each bot's
win rate and mean score with 95% intervals, its share of wins against the fair
share 1/players, decision times, bid accuracy where the game has bids, and an
OpenSkill (Plackett-Luce) rating shown as mu - 3 sigma.

A solo tournament (one seat) plays each bot alone on the same deals: its win
rate is the share of games won against the game's own goal, with the verdicts
that came up. There is no fair share and no rating: OpenSkill rates players
against each other, and a solo game has no other.
"""

from __future__ import annotations

import math
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from meeple import bots as bot_registry
from meeple import games
from meeple.engine import MeepleError, count

from .ratings import rate_games
from .simulate import GameRecord, play_one
from .stats import mean_ci, wilson


@dataclass(frozen=True)
class Match:
    index: int
    lineup: tuple[str, ...]   # bots of the line-up in their first seat order
    seats: tuple[str, ...]    # bot per seat in this game
    seed: int


def lineups(bot_names: list[str], n_players: int, field: str | None = None) -> list[tuple[str, ...]]:
    """The line-ups of a round robin.

    With at least as many bots as seats, every group of distinct bots meets.
    With fewer, each bot meets each other bot as one against a full table of
    the other (so "search3 against greedy opponents" in a 4-player game is one
    search3 and three greedy), and a single bot plays itself. With a `field`
    bot, each other bot only meets a full table of the field.
    """
    distinct = list(dict.fromkeys(bot_names))
    if field is not None:
        return [(b,) + (field,) * (n_players - 1) for b in distinct if b != field]
    if len(distinct) >= n_players:
        return list(combinations(distinct, n_players))
    if len(distinct) == 1:
        return [tuple(distinct) * n_players]
    return [(a,) + (b,) * (n_players - 1) for a in distinct for b in distinct if a != b]


def schedule(bot_names: list[str], n_players: int, deals: int, seed: int = 0,
             field: str | None = None) -> list[Match]:
    """Every line-up, every distinct seat rotation, the same `deals` seeds for each."""
    out: list[Match] = []
    for lineup in lineups(bot_names, n_players, field):
        orders = list(dict.fromkeys(lineup[r:] + lineup[:r] for r in range(n_players)))
        for d in range(deals):
            for order in orders:
                out.append(Match(len(out), lineup, order, seed + d))
    return out


def _play(job) -> tuple[int, GameRecord | None, str | None]:
    game_id, n_players, options, match = job
    try:
        record = play_one(games.get(game_id), n_players, options, match.seed, list(match.seats))
        return match.index, record, None
    except Exception as exc:  # one crashed game must not hide the others' figures
        return match.index, None, f"seed {match.seed}, seats {','.join(match.seats)}: {exc!r}\n" \
                                  f"{traceback.format_exc(limit=3)}"


def play_matches(game_id: str, n_players: int, options: dict | None, matches: list[Match], jobs: int = 1,
                 progress=None) -> tuple[dict[int, GameRecord], list[str]]:
    """Play matches (in `jobs` processes); records by match index, and error messages."""
    work = [(game_id, n_players, options, m) for m in matches]
    results: dict[int, GameRecord] = {}
    errors: list[str] = []

    def collect(item):
        index, record, error = item
        if record is not None:
            results[index] = record
        else:
            errors.append(error)
        if progress is not None:
            progress(1)

    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for item in pool.map(_play, work, chunksize=1):
                collect(item)
    else:
        for job in work:
            collect(_play(job))
    return results, errors


def run_tournament(game, n_players: int, bot_names: list[str], deals: int, seed: int = 0,
                   options: dict | None = None, jobs: int = 1, progress=None, field: str | None = None) -> dict:
    """Play the whole schedule (in `jobs` processes) and summarise it."""
    for name in bot_names:
        bot_registry.get(name)  # unknown names fail before any game is played
    if field is not None and field not in bot_names:
        raise MeepleError(f"The field bot '{field}' must be one of --bots.")
    if field is not None and n_players == 1:
        raise MeepleError("--field needs at least two seats: a solo game has no opponents.")
    game.setup(n_players, options, seed)  # so do bad options and player counts
    matches = schedule(bot_names, n_players, deals, seed, field)
    results, errors = play_matches(game.id, n_players, options, matches, jobs, progress)
    played = [(m, results[m.index]) for m in matches if m.index in results]
    return summarize(game, n_players, bot_names, deals, played, errors, field)


def win_share(ranks: list[int], seat: int) -> float:
    if ranks[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranks if r == 1)


def deals_won_by_one_seat(played: list[tuple[Match, GameRecord]]) -> int:
    """Deals played in more than one rotation where the same seat won outright every time: there the
    deal and the seat decided, not the bots (a much stronger bot wins from every seat; between equal
    bots and fair deals one seat takes every rotation of about 1 deal in players ** (rotations - 1))."""
    winners: dict[int, list[int | None]] = {}
    for match, record in played:
        firsts = [s for s, rank in enumerate(record.ranks) if rank == 1]
        winners.setdefault(match.seed, []).append(firsts[0] if len(firsts) == 1 else None)
    return sum(1 for seats in winners.values() if len(seats) > 1 and None not in seats and len(set(seats)) == 1)


def _bot_figures(n_players: int, entries: list[tuple[GameRecord, int]]) -> dict:
    """Figures of one bot from its (record, seat) pairs."""
    wins = [win_share(rec.ranks, s) for rec, s in entries]
    scores = [rec.scores[s] for rec, s in entries]
    seats = len(entries)
    low, high = wilson(sum(wins), seats)
    mean, mlow, mhigh = mean_ci([float(x) for x in scores])
    fair = 1.0 / n_players
    figures: dict[str, Any] = {
        "seat_games": seats,
        "wins": round(sum(wins), 3),
        # A shared first place counts as part of a win, so where ties are common they cap the share.
        "shared_firsts": sum(1 for rec, s in entries if rec.ranks[s] == 1 and rec.ranks.count(1) > 1),
        "win_rate": round(sum(wins) / seats, 4) if seats else None,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "fair_share": round(fair, 4),
        "times_fair_share": round(sum(wins) / seats / fair, 3) if seats else None,
        "mean_score": round(mean, 3),
        "mean_score_ci95": [round(mlow, 3), round(mhigh, 3)],
    }
    if n_players == 1:
        # Won or lost against the game's own goal: no share of a table to be fair about.
        figures["fair_share"] = figures["times_fair_share"] = None
        figures["verdicts"] = dict(Counter(rec.verdict for rec, _ in entries).most_common())
    return figures


def summarize(game, n_players: int, bot_names: list[str], deals: int,
              played: list[tuple[Match, GameRecord]], errors: list[str], field: str | None = None) -> dict:
    distinct = list(dict.fromkeys(bot_names))
    per_bot: dict[str, list[tuple[GameRecord, int]]] = {b: [] for b in distinct}
    for match, rec in played:
        for s, name in enumerate(match.seats):
            per_bot[name].append((rec, s))

    solo = n_players == 1
    # OpenSkill rates players against each other; a solo game has no other.
    ratings = {} if solo else rate_games([(list(m.seats), rec.ranks) for m, rec in played], distinct)
    bots_out = {}
    for name in distinct:
        entries = per_bot[name]
        fig = _bot_figures(n_players, entries)
        decisions = sum(rec.decisions[s] for rec, s in entries)
        think = sum(rec.think[s] for rec, s in entries)
        fig["decision_seconds_mean"] = round(think / decisions, 4) if decisions else None
        fig["decision_seconds_max"] = round(max((rec.slowest[s] for rec, s in entries), default=0.0), 4)
        think_cpu = sum(rec.think_cpu[s] for rec, s in entries)
        fig["decision_cpu_seconds_mean"] = round(think_cpu / decisions, 4) if decisions else None
        fig["decision_cpu_seconds_max"] = round(max((rec.slowest_cpu[s] for rec, s in entries), default=0.0), 4)
        bids = [(bid, tricks) for rec, s in entries for (bs, bid, tricks) in rec.bids if bs == s]
        fig["bids"] = len(bids)
        fig["bid_accuracy"] = round(sum(b == t for b, t in bids) / len(bids), 4) if bids else None
        fig.update(ratings.get(name, {"mu": None, "sigma": None, "rating": None}))
        bots_out[name] = fig

    by_lineup = []
    for lineup in lineups(bot_names, n_players, field):
        games_here = [(m, rec) for m, rec in played if m.lineup == lineup]
        figures = {}
        for name in dict.fromkeys(lineup):
            entries = [(rec, s) for m, rec in games_here for s, b in enumerate(m.seats) if b == name]
            figures[name] = _bot_figures(n_players, entries)
        entry: dict[str, Any] = {"lineup": list(lineup), "games": len(games_here), "bots": figures}
        if not solo:
            entry["deals_won_by_one_seat"] = deals_won_by_one_seat(games_here)
        by_lineup.append(entry)

    return {
        "game": game.id,
        "players": n_players,
        "bots": distinct,
        "deals": deals,
        "field": field,
        "games": len(played),
        "errors": len(errors),
        "error_messages": errors[:10],
        "mean_moves": round(sum(rec.moves for _, rec in played) / len(played), 1) if played else None,
        "solo": solo,
        "ratings": "none for solo games: OpenSkill rates players against each other" if solo
        else "OpenSkill Plackett-Luce, mu - 3 sigma",
        "results": bots_out,
        "lineups": by_lineup,
    }


def format_table(result: dict) -> str:
    """The tournament as a text table, strongest rating first (solo: most games won first)."""
    solo = result.get("solo", False)
    seats = "1 player, alone against the game's goal" if solo else f"{result['players']} players"
    lines = [f"{result['game']}, {seats}: {count(result['games'], 'game')} "
             f"({count(result['deals'], 'deal')} per line-up, every seat rotation); errors: {result['errors']}"]
    header = (f"{'bot':<10} {'games':>5}  {'win rate (95% CI)':<26} {'x fair':>6}  "
              f"{'mean score (95% CI)':<26} {'rating':>7}  {'s/move':>7} {'max s':>6}  "
              f"{'cpu s/move':>10} {'max cpu s':>9}")
    lines.append(header)

    def strength(bot):
        r = result["results"][bot]
        return -(r["win_rate"] or 0.0) if solo else -r["rating"]

    def number(value, spec: str) -> str:
        return format(value, spec) if value is not None else "-".rjust(int(spec.lstrip(">").split(".")[0]))

    for name in sorted(result["results"], key=strength):
        r = result["results"][name]
        lo, hi = r["win_rate_ci95"]
        mlo, mhi = r["mean_score_ci95"]
        # Both intervals are written "low to high", each column as wide as its heading's place above it.
        line = (f"{name:<10} {r['seat_games']:>5}  {r['win_rate']:>6.1%} ({lo:.1%} to {hi:.1%})".ljust(44)
                + f" {number(r['times_fair_share'], '>6.2f')}  {r['mean_score']:>7.1f} ({mlo:.1f} to {mhi:.1f})"
                .ljust(36)
                + f" {number(r['rating'], '>7.2f')}  {r['decision_seconds_mean']:>7.3f} "
                + f"{r['decision_seconds_max']:>6.2f}"
                + f"  {r.get('decision_cpu_seconds_mean', math.nan):>10.3f} "
                + f"{r.get('decision_cpu_seconds_max', math.nan):>9.2f}")
        if r["bid_accuracy"] is not None:
            line += f"  bids exact {r['bid_accuracy']:.1%} of {r['bids']}"
        lines.append(line)
        for verdict, times in list(r.get("verdicts", {}).items())[:3]:
            lines.append(f"{'':<10} {times:>5} x {verdict}")
    if len(result["lineups"]) > 1 and not solo:
        lines.append("by line-up (win rate of each bot):")
        for entry in result["lineups"]:
            parts = [f"{b} {f['win_rate']:.1%}" for b, f in entry["bots"].items() if f["win_rate"] is not None]
            lines.append(f"  {' v '.join(entry['lineup'])}: " + ", ".join(parts))
    if solo:
        lines.append("win rate: share of solo games won against the game's own goal; no fair share and no rating "
                     "(OpenSkill rates players against each other, and a solo game has no other); "
                     "s: wall seconds per decision, cpu s: the bot's own CPU seconds")
    else:
        lines.append("rating: OpenSkill Plackett-Luce mu - 3 sigma; x fair: win rate / (1 / players); "
                     "s: wall seconds per decision, cpu s: the bot's own CPU seconds")
    for message in result["error_messages"]:
        lines.append("error: " + message)
    return "\n".join(lines)
