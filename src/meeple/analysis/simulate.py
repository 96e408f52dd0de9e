"""Bot-against-bot games and their summary figures (`meeple simulate`).

A solo game (one seat) has no one to beat: it is won or lost against the game's
own goal, so its summary also gives the share of games won with its 95%
interval and how often each verdict came up.
"""

from __future__ import annotations

import statistics
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from meeple import bots as bot_registry
from meeple.engine import Game, Rng

from .stats import wilson

MAX_MOVES = 100_000  # a game that runs longer than this is reported as an error
ORDER_SALT = 1_299_709  # the seat-order generator's seed offset, apart from the game's and the bots' seeds


def order_rng(seed: int) -> Rng:
    """The generator that picks who acts next when several seats may (a simultaneous phase).

    Letting the lowest seat always go first favours the later seats wherever the
    choices are public as they happen (in Living Forest's draw the last to draw
    has seen the others' whole Help Lines). A seat picked at random among those
    who may act, at every step, gives each the same chance of acting early or
    late whatever the number of games; a rotation of the first seat would be
    fair only over whole multiples of the player count, and only at the phase's
    first move. Its own stream, so the bots' choices and the deal stay as they
    were; it is drawn from only when more than one seat may act, so games without
    a simultaneous phase play exactly as before.
    """
    return Rng(seed * 1_000_003 + ORDER_SALT)


@dataclass
class GameRecord:
    seed: int
    scores: list[int]
    ranks: list[int]
    moves: int
    rows: list[dict[str, int]] = field(default_factory=list)  # points per score row, per seat
    think: list[float] = field(default_factory=list)  # seconds each seat's bot spent choosing
    decisions: list[int] = field(default_factory=list)  # moves each seat's bot chose
    slowest: list[float] = field(default_factory=list)  # each seat's longest single decision
    bids: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, bid, tricks) per round
    think_cpu: list[float] = field(default_factory=list)  # CPU seconds of the same, unaffected by other load
    slowest_cpu: list[float] = field(default_factory=list)
    verdict: str = ""  # a solo game's outcome in words ("17 points: target 16 reached.")
    log: list[list] = field(default_factory=list)  # [seat, move JSON] per move, for `--save` (meeple review)


def play_one(game: Game, n_players: int, options: dict | None, seed: int, bot_names: list[str]) -> GameRecord:
    """One full game between bots; bots draw from their own seeded generators."""
    state = game.setup(n_players, options, seed)
    bots = [bot_registry.get(name) for name in bot_names]
    rngs = [Rng(seed * 1_000_003 + 7919 * (s + 1)) for s in range(n_players)]
    order = order_rng(seed)
    moves = 0
    think, slowest, decisions = [0.0] * n_players, [0.0] * n_players, [0] * n_players
    think_cpu, slowest_cpu = [0.0] * n_players, [0.0] * n_players
    log: list[list] = []
    while True:
        seats = game.to_move(state)
        if not seats:
            break
        if len(seats) == 1:
            (seat,) = seats
        else:  # a simultaneous phase: anyone of them, fairly (see order_rng)
            ordered = sorted(seats)
            seat = ordered[order.randrange(len(ordered))]
        start, start_cpu = time.perf_counter(), time.thread_time()
        move = bots[seat].choose(game, state, seat, rngs[seat])
        spent, spent_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
        think[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        think_cpu[seat] += spent_cpu
        slowest_cpu[seat] = max(slowest_cpu[seat], spent_cpu)
        decisions[seat] += 1
        log.append([seat, game.move_to_json(move)])
        game.apply(state, seat, move)  # bots only offer legal moves; property tests check play() agrees
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"game with seed {seed} did not end after {MAX_MOVES} moves")
    outcome = game.outcome(state)
    assert outcome is not None  # no seat to move: the game is over
    rows = [{row.key: row.points for row in sheet.rows} for sheet in game.score_sheet(state)]
    bids = [(s, bid, taken) for s, bid, taken in game.bid_record(state)]
    return GameRecord(seed, list(outcome.scores), list(outcome.ranks), moves, rows, think, decisions, slowest,
                      bids, think_cpu, slowest_cpu, outcome.verdict, log)


def saved_game(game: Game, n_players: int, options: dict | None, bot_names: list[str], record: GameRecord) -> dict:
    """One game as `meeple simulate --save` writes it: enough to replay it exactly (`meeple review`)."""
    return {"game": game.id, "players": n_players, "options": options or {}, "seed": record.seed,
            "bots": bot_names, "moves": record.log, "scores": record.scores, "ranks": record.ranks}


def summarize(game: Game, n_players: int, bot_names: list[str], records: list[GameRecord], errors: list[str]) -> dict:
    """Wins by seat and by bot (shared wins split evenly), scores, spread and length."""
    wins_by_seat = [0.0] * n_players
    wins_by_bot: dict[str, float] = {name: 0.0 for name in bot_names}
    for rec in records:
        winners = [s for s, r in enumerate(rec.ranks) if r == 1]
        for s in winners:
            wins_by_seat[s] += 1 / len(winners)
            wins_by_bot[bot_names[s]] += 1 / len(winners)
    games = len(records)

    def mean(values):
        return round(statistics.fmean(values), 3) if values else None

    scores_by_seat = [[rec.scores[s] for rec in records] for s in range(n_players)]
    all_scores = [x for seat in scores_by_seat for x in seat]
    # Rows may differ between games (a species not in play has none): each row's mean is taken
    # over the seats and games that had it.
    row_keys = list(dict.fromkeys(key for rec in records for sheet in rec.rows for key in sheet))
    summary = {
        "game": game.id,
        "players": n_players,
        "bots": bot_names,
        "games": games,
        "errors": len(errors),
        "error_messages": errors[:10],
        "wins_by_seat": [round(w, 3) for w in wins_by_seat],
        "win_rate_by_seat": [round(w / games, 4) if games else None for w in wins_by_seat],
        "wins_by_bot": {k: round(v, 3) for k, v in wins_by_bot.items()},
        "mean_score_by_seat": [mean(s) for s in scores_by_seat],
        "score_spread": {
            "min": min(all_scores) if all_scores else None,
            "max": max(all_scores) if all_scores else None,
            "stdev": round(statistics.pstdev(all_scores), 3) if len(all_scores) > 1 else None,
            # One seat has no runner-up to lead.
            "mean_margin": mean([sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in records])
            if n_players > 1 else None,
        },
        "mean_row_points": {key: mean([sheet[key] for rec in records for sheet in rec.rows if key in sheet])
                            for key in row_keys},
        "game_length": {
            "mean_moves": mean([r.moves for r in records]),
            "min_moves": min((r.moves for r in records), default=None),
            "max_moves": max((r.moves for r in records), default=None),
        },
    }
    if n_players == 1:
        summary["solo"] = solo_figures(records)
    return summary


def solo_figures(records: list[GameRecord]) -> dict:
    """Solo games against the game's own goal: games won, their share and its 95% Wilson interval,
    the mean score, and each verdict with how often it came up (most frequent first)."""
    won = sum(1 for r in records if r.ranks[0] == 1)
    games = len(records)
    low, high = wilson(won, games)
    return {
        "won": won,
        "win_rate": round(won / games, 4) if games else None,
        "win_rate_ci95": [round(low, 4), round(high, 4)],
        "mean_score": round(statistics.fmean(r.scores[0] for r in records), 3) if records else None,
        "verdicts": dict(Counter(r.verdict for r in records).most_common()),
    }


def simulate(game: Game, n_players: int, bot_names: list[str], games: int, seed: int = 0,
             options: dict | None = None, progress=None, save=None) -> dict:
    """Play `games` games; seeds are seed, seed+1, ...; errors are counted, not raised.
    save: called with each finished game as `saved_game` gives it (`--save`)."""
    records, errors = [], []
    for i in range(games):
        try:
            records.append(play_one(game, n_players, options, seed + i, bot_names))
            if save is not None:
                save(saved_game(game, n_players, options, bot_names, records[-1]))
        except Exception as exc:  # a crash in one game must not hide the others' figures
            errors.append(f"seed {seed + i}: {exc!r}\n{traceback.format_exc(limit=3)}")
        if progress is not None:
            progress(1)
    return summarize(game, n_players, bot_names, records, errors)
