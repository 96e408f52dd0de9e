"""The review of a finished game: where each seat's choices won or lost it (docs/review.md).

One function, `review`, that the terminal (`meeple review`) and, later, the hall share. For every
decision of the seats asked for (a seat with one legal move has no decision), it asks the search
bot what it would have played there and plays the seat's move and the search's move out to the
end in the same sampled worlds, drawn with `determinize` from that seat's view at that moment, as
the bots do: the true hidden state is never read. The difference of the two, averaged over the
worlds, is what the choice cost, in the seat's final margin in points (its final score minus the
best other seat's; solo: its own score), and, beside it, in its share of first places.

Every position is reached through the registry and the engine contract only: the game's own
`setup`, `is_legal`, `apply`, `determinize`, `describe_move` and `outcome`.

The whole review has a CPU budget. A first part of it goes to the search at every decision,
evenly; the rest to the playouts, weighted towards the decisions where the seat and the search
disagreed, and within a decision the playouts stop early once the verdict is clear, so what a
clear decision leaves goes to the later, closer ones. Forced moves cost nothing. Where the budget
cannot give every decision its few worlds (a long game of slow playouts: Vent Life), only some
decisions, spread along the game, are played out, disagreements first; the others say so. Once the
budget is spent nothing more starts, so a review overruns it by at most one decision's work.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

from meeple import bots as bot_registry
from meeple import games as game_registry
from meeple.bots.greedy import Decision
from meeple.bots.ismcts import best_immediate
from meeple.bots.measured import STRENGTH
from meeple.engine import Game, MeepleError, Rng

UNIT = ("points of the seat's final margin (its final score minus the best other seat's; "
        "in a solo game, its own score)")
DEAL_UNIT = ("points of the seat's margin at the end of the deal in progress (its score plus the game's estimate "
             "of the deal, minus the best other seat's), as the search judges this game")
FIRST_UNIT = "share of first places (a shared first place counts as a share)"
JUDGE = "search3"  # the strongest search level; the review gives it the CPU the budget allows per decision
SEARCH_SHARE = 0.4  # of the budget, for the search at every decision; the rest for the playouts
SEARCH_SECONDS = (0.01, 1.0)  # the least and the most CPU one decision's search gets
MIN_WORLDS, MAX_WORLDS = 4, 64  # sampled worlds per decision judged on its own (judge_decision's default)
# Once the budget is spent a decision still gets this many worlds: two to tell a disagreement from noise,
# one for the expected result where the seat played the search's move (no cost to measure).
FLOOR_DISAGREED, FLOOR_AGREED = 2, 1
DISAGREED_WEIGHT = 3.0  # playout budget of a decision where seat and search disagreed, against one where they agreed
CLEAR_Z = 3.0  # a decision's playouts stop once its cost is this many standard errors from zero
# Where the budget plays out only a part of the decisions, decision `seq` is played out when (seq * SPREAD) % 1
# falls below that part: a golden-ratio sequence, so the ones played out lie evenly along the game.
SPREAD = (math.sqrt(5) - 1) / 2
RECENT = 0.25  # the weight of the latest decision's playouts in the estimate of what one costs
FLOOR_ONLY = 1e-9  # a share of CPU seconds this small plays a decision's floor of worlds and no more
MAX_PLAYOUT = 100_000
MOMENTS = 5


def _num(value: float, spec: str = ".3g") -> str:
    """A number in words for a player: negative with a true minus sign (U+2212), not a hyphen-minus, as
    print writes it (the JSON figures stay numbers). A rounded -0.0 is written 0, without a sign."""
    return format(abs(value) if value == 0 else value, spec).replace("-", "\u2212")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def hint(game: Game, state, seat: int, level: str = JUDGE, seed: int = 0, wall_seconds: float | None = None):
    """The move the search bot `level` plays for `seat` here with generator seed `seed`: exactly the
    bot's own choice (the bot reads the state only as the seat may). `wall_seconds` caps a search's
    wall time too, as at a table (`IsmctsBot.wall_seconds`)."""
    bot = bot_registry.get(level)
    if wall_seconds is not None and hasattr(bot, "wall_seconds"):
        bot.wall_seconds = wall_seconds
    return bot.choose(game, state, seat, Rng(seed))


def explain_hint(game: Game, state, seat: int, level: str = JUDGE, seed: int = 0, worlds: int = 8,
                 wall_seconds: float | None = None) -> dict:
    """The hint with its reason in words: the search's move (`hint`, exactly), what the seat may expect
    after it, and the next best move (the best of the others by greedy's valuation from the seat's
    view) with how much less it is expected to make, both played out in the same `worlds` worlds.
    Everything is read through the seat's view (`determinize`), so it may be shown to that seat alone.

    `wall_seconds`: about the most wall time the hint may take (a hint at a table, on a busy host): the
    search gets half of it, and the playouts stop at the end of it with at least FLOOR_DISAGREED worlds
    (the reason then says how few it played)."""
    until = None if wall_seconds is None else time.monotonic() + wall_seconds
    move = hint(game, state, seat, level, seed, None if wall_seconds is None else wall_seconds / 2)
    words = game.describe_move(state, seat, move)
    moves = [m for m in game.legal_moves(state, seat) if m != move]
    result = {"seat": seat, "move": game.move_to_json(move), "words": words, "level": level}
    if not moves:
        return {**result, "next": None, "why": f"\"{words}\" is the only move."}
    decision = Decision(game, state, seat, Rng(seed).fork(), 2)
    values = [decision.move_value(state, (), m, 3) for m in moves]
    runner_up = moves[max(range(len(moves)), key=values.__getitem__)]
    figures = judge_decision(game, state, seat, runner_up, move, seed + 1, worlds, until=until)
    next_words = game.describe_move(state, seat, runner_up)
    expected = figures["expected"] + figures["cost"]  # the runner-up's expectation plus what the hint adds
    low, high = figures["ci95"]
    if figures["cost"] >= 0:
        compare = f"about {_num(figures['cost'])} points less"
    else:
        compare = f"about {_num(-figures['cost'])} points more in these playouts, though the search prefers the first"
        low, high = -high, -low  # the interval of what it makes more, as the words put it
    why = (f"The search would \"{words}\", expecting a margin of about {_num(expected, '+.3g')} points; the next best, "
           f"\"{next_words}\", makes {compare} ({_measured(figures['worlds'], low, high, 'you know')}).")
    return {**result, "next": game.move_to_json(runner_up), "next_words": next_words, "expected": round(expected, 2),
            **{key: figures[key] for key in ("cost", "spread", "ci95", "worlds")}, "why": why}


def decision_seed(review_seed: int, seq: int) -> int:
    """The search's and the playouts' seed at the move numbered `seq` of a review seeded `review_seed`."""
    return review_seed * 1_000_003 + 7_919 * seq


def playout_settings(game: Game, players: int) -> tuple[str, float]:
    """How far the review plays each world out, and how greedily: as search3 does in this game.
    A game the search judges at the end of each deal (Wizard: "scoring") is played to the end of the
    deal in progress, whose points are what a bid or a card changes; every other game to its end."""
    bot = bot_registry.get(JUDGE)
    assert isinstance(bot, bot_registry.IsmctsBot)
    tuned = bot.tuned(game, players)
    return ("scoring" if tuned.horizon == "scoring" else "end"), tuned.greedy_share


def playout_value(game: Game, world, seat: int, move, rng: Rng, horizon: str = "end",
                  greedy_share: float = 0.5) -> tuple[float, float]:
    """`seat`'s margin and share of first places after `move` in `world` (its own sample, changed in
    place), played on by search3's rollout policy (each move, with probability `greedy_share`, the best
    immediate one, else a random one) to the end, or with horizon "scoring" to the next change of the
    score sheet, judged there by score plus heuristic."""
    totals = game.scores(world) if horizon == "scoring" else None
    game.apply(world, seat, move)
    for _ in range(MAX_PLAYOUT):
        seats = game.to_move(world)
        if not seats or (totals is not None and game.scores(world) != totals):
            break
        mover = min(seats)
        options = game.legal_moves(world, mover)
        if len(options) > 1 and rng.random() < greedy_share:
            chosen = best_immediate(game, world, mover, options, rng)
        else:
            chosen = options[rng.next_u64() % len(options)]
        game.apply(world, mover, chosen)
    else:
        raise MeepleError(f"a playout of {game.name} did not end after {MAX_PLAYOUT} moves")
    if game.to_move(world):  # the deal scored: judged as the search judges it (the world is our own sample)
        values = [total + game.heuristic(world, s) for s, total in enumerate(game.scores(world))]
        ranks = [1 + sum(1 for o in values if o > v) for v in values]
        scores: list[float] = values
    else:
        outcome = game.outcome(world)
        assert outcome is not None  # no seat to move: the game is over
        if outcome.is_solo:
            return float(outcome.scores[0]), 1.0 if outcome.ranks[0] == 1 else 0.0
        scores, ranks = list(outcome.scores), list(outcome.ranks)
    if len(scores) == 1:
        return float(scores[0]), 0.0
    margin = scores[seat] - max(v for i, v in enumerate(scores) if i != seat)
    firsts = sum(1 for r in ranks if r == 1)
    return float(margin), (1.0 / firsts if ranks[seat] == 1 else 0.0)


def judge_decision(game: Game, state, seat: int, chosen, best, seed: int, worlds: int = MIN_WORLDS,
                   seconds: float | None = None, until: float | None = None) -> dict:
    """The chosen and the best move played out in the same worlds (common random numbers).

    Worlds are drawn with `determinize(state, seat, ...)` only, so two states the seat cannot tell
    apart give the same figures. Without `seconds`, exactly `worlds` worlds; with it, at least
    `worlds` and then more while the CPU lasts and the verdict is unclear, up to MAX_WORLDS. `until`
    (a `time.monotonic()` deadline) stops earlier, once FLOOR_DISAGREED worlds are played."""
    start = time.thread_time()
    horizon, share = playout_settings(game, len(game.scores(state)))
    rng = Rng(seed)
    same = chosen == best
    diffs: list[float] = []
    firsts: list[float] = []
    values: list[float] = []
    chosen_firsts: list[float] = []
    while len(values) < MAX_WORLDS:
        if until is not None and len(values) >= FLOOR_DISAGREED and time.monotonic() >= until:
            break
        if len(values) >= worlds:
            if seconds is None or time.thread_time() - start >= seconds:
                break
            if not same and len(diffs) >= MIN_WORLDS:
                se = statistics.stdev(diffs) / math.sqrt(len(diffs))
                if se == 0 or abs(statistics.fmean(diffs)) > CLEAR_Z * se:
                    break
        world = game.determinize(state, seat, rng)
        playout = rng.fork()
        value, first = playout_value(game, game.clone(world), seat, chosen, playout.copy(), horizon, share)
        values.append(value)
        chosen_firsts.append(first)
        if not same:
            best_value, best_first = playout_value(game, world, seat, best, playout, horizon, share)
            diffs.append(best_value - value)
            firsts.append(best_first - first)
    n = len(values)
    cost = statistics.fmean(diffs) if diffs else 0.0
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0  # one world: no spread known
    half = t95(len(diffs) - 1) * spread / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {
        "cost": round(cost, 2),
        "cost_first": round(statistics.fmean(firsts), 3) if firsts else 0.0,
        "spread": round(spread, 2),
        "ci95": [round(cost - half, 2), round(cost + half, 2)],
        "worlds": n,
        "expected": round(statistics.fmean(values), 2),
        "expected_first": round(statistics.fmean(chosen_firsts), 3),
        "cpu_s": round(time.thread_time() - start, 3),
    }


# The figures of a decision that was not played out (the review's budget went to others): no worlds, no cost
# measured, and no expected result (the seat's curve leaves it out).
UNPLAYED = {"cost": 0.0, "cost_first": 0.0, "spread": 0.0, "ci95": [0.0, 0.0], "worlds": 0, "expected": None,
            "expected_first": None, "cpu_s": 0.0}


def review_decision(game: Game, state, seat: int, chosen, best, seed: int, worlds: int = MIN_WORLDS,
                    seconds: float | None = None) -> dict:
    """One decision judged: the moves as JSON and in the game's words, and `judge_decision`'s figures."""
    return {"seat": seat, "chosen": game.move_to_json(chosen), "chosen_words": game.describe_move(state, seat, chosen),
            "best": game.move_to_json(best), "best_words": game.describe_move(state, seat, best),
            "agreed": chosen == best, **judge_decision(game, state, seat, chosen, best, seed, worlds, seconds)}


# Student's t at 97.5% for 1 to 10 degrees of freedom: a decision judged in a few worlds gets the wide interval
# it deserves (with 2 worlds, 12.7 standard errors rather than the normal 1.96).
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom (normal beyond 30)."""
    if df <= 0:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    return 2.086 if df <= 20 else 2.042 if df <= 30 else 1.96


def _players(n: int) -> str:
    return "1 player" if n == 1 else f"{n} players"


def strength_note(game: Game, players: int) -> dict:
    """What the strength table says of the search against greedy in this game at this table size,
    with a sentence saying so where the search is not measurably stronger."""
    rows = STRENGTH.get(game.id, {}).get(JUDGE)
    row = (rows or {}).get("by_players", {}).get(str(players))
    if row is None:
        return {"measured": False, "stronger_than_greedy": None,
                "words": f"The search's strength in {game.name} at {_players(players)} has not been measured, "
                         "so this review cannot say how far to trust it."}
    fair = 1.0 / players
    stronger = row["ci95"][0] > fair
    share = f"{row['share']:.0%} of {row['games']} test games against greedy, where an even match wins {fair:.0%} " \
            f"(95% sure it wins {row['ci95'][0]:.0%} to {row['ci95'][1]:.0%}, thinking {row['seconds']:g} s a move)"
    if stronger:
        words = f"In {game.name} at {_players(players)} the search won {share}: it is stronger than greedy there."
    else:
        words = (f"In {game.name} at {_players(players)} the search won {share}: it is not measurably stronger "
                 "than greedy there, so read its verdicts as a second opinion, not as the best play.")
    return {"measured": True, "stronger_than_greedy": stronger, "share": row["share"], "ci95": row["ci95"],
            "games": row["games"], "seconds": row["seconds"], "words": words}


def _decisions(game: Game, players: int, options: dict | None, seed: int, moves: Iterable[tuple[int, Any]],
               seats: set[int] | None) -> tuple[list[dict], Any]:
    """Replay the game, keeping the position before each real decision of the seats asked for."""
    state = game.setup(players, options, seed)
    found, counts = [], [0] * players
    for seq, (seat, data) in enumerate(moves, start=1):
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise MeepleError(f"Move {seq} names seat {seat!r}, but this table has seats 0 to {players - 1}.")
        move = game.move_from_json(data)
        if seat not in game.to_move(state) or not game.is_legal(state, seat, move):
            raise MeepleError(f"Move {seq} (seat {seat + 1}, {json.dumps(data)}) is not legal there: "
                              f"{game.explain_illegal(state, seat, move)}")
        counts[seat] += 1
        if (seats is None or seat in seats) and len(game.legal_moves(state, seat)) > 1:
            found.append({"seq": seq, "seat": seat, "turn": counts[seat], "state": game.clone(state), "move": move})
        game.apply(state, seat, move)
    if game.to_move(state):
        raise MeepleError("This game is not finished: only a finished game is reviewed "
                          "(a review in play would tell one seat about another's hidden cards).")
    return found, state


class Reviewer:
    """A review's steps, each callable on its own, so the hall can run them as short jobs in its bot
    workers between bot moves (server/reviews.py) and the terminal in one go (`review`): the same
    figures either way. `search(i, spent)` is decision i's search, `judge(i, share)` its playouts within
    `share` CPU seconds, `share(i, spent)` what decision i gets of the budget once `spent` seconds are
    gone (with the searches' moves all known), and `result(entries, cpu_s)` the whole review.

    The budget bounds the whole review: a search of the budget's own judge does not start once it is
    spent (the decision is then not judged), and a decision gets no playouts (share 0) once it is
    spent, nor where the floors of worlds of the decisions left would cost more than is left and this
    decision is not among the part that can be played out (`share`)."""

    def __init__(self, game: Game, players: int, options: dict | None, seed: int,
                 moves: Iterable[tuple[int, Any]], seats: Iterable[int] | None = None, budget_s: float = 30.0,
                 judge: str | None = None, review_seed: int = 0, worlds: int | None = None) -> None:
        if budget_s <= 0:
            raise MeepleError("The review's budget must be more than 0 seconds.")
        if worlds is not None and not 1 <= worlds <= MAX_WORLDS:
            raise MeepleError(f"The worlds per decision must be from 1 to {MAX_WORLDS}, not {worlds}.")
        asked = None if seats is None else set(seats)
        for s in asked or ():
            if not 0 <= s < players:
                raise MeepleError(f"There is no seat {s + 1} at a table of {players}.")
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self.asked, self.budget_s, self.review_seed, self.worlds = asked, budget_s, review_seed, worlds
        self.decisions, self.final = _decisions(game, players, options, seed, moves, asked)
        per_search = min(max(SEARCH_SHARE * budget_s / max(len(self.decisions), 1), SEARCH_SECONDS[0]),
                         SEARCH_SECONDS[1])
        self.level = judge or f"{JUDGE}@{per_search:.3g}"
        self.bounded_search = judge is None and worlds is None
        bot_registry.get(self.level)  # a clear error for an unknown level before any work
        # The CPU one playout takes, as this process's recent ones took it (None: none played yet): with it,
        # what the floors of the decisions still to judge will cost.
        self._playout_s: float | None = None
        self._owed: tuple[list[float], list[float], list[float]] | None = None

    def __len__(self) -> int:
        return len(self.decisions)

    def search(self, i: int, spent: float = 0.0):
        """Decision i's search: the move the judge plays there (kept for `judge`), as move JSON; None
        (not searched) once `spent` has used up the budget, where the search has its share of the budget
        (a judge named, or worlds fixed, searches every decision: its own cost, as the caller chose)."""
        d = self.decisions[i]
        if self.bounded_search and spent >= self.budget_s:
            d["best"] = None
            return None
        d["best"] = hint(self.game, d["state"], d["seat"], self.level, decision_seed(self.review_seed, d["seq"]))
        self._owed = None
        return self.game.move_to_json(d["best"])

    def set_best(self, i: int, best_json) -> None:
        """Decision i's search move, found by another process's `search` (None: not searched)."""
        self.decisions[i]["best"] = None if best_json is None else self.game.move_from_json(best_json)
        self._owed = None

    def _floor_playouts(self, d: dict) -> int:
        """The playouts decision d's floor of worlds takes: one a world where the seat played the search's
        move, two (both moves) where it did not; none where there was no search."""
        if d.get("best") is None:
            return 0
        return FLOOR_AGREED if d["best"] == d["move"] else 2 * FLOOR_DISAGREED

    def _weight(self, d: dict) -> float:
        """Decision d's weight in sharing out the playouts' CPU: three to a disagreement for one to an
        agreement, none where there was no search."""
        return 0.0 if d.get("best") is None else 1.0 if d["best"] == d["move"] else DISAGREED_WEIGHT

    def _suffixes(self) -> tuple[list[float], list[float], list[float]]:
        """From decision i on: the playouts of the disagreements' floors, those of the agreements', and
        the weights (computed once the searches' moves are known)."""
        if self._owed is None:
            sums: tuple[list[float], list[float], list[float]] = ([0.0], [0.0], [0.0])
            for d in reversed(self.decisions):
                agreed = d.get("best") == d["move"]
                sums[0].append(sums[0][-1] + (0 if agreed else self._floor_playouts(d)))
                sums[1].append(sums[1][-1] + (self._floor_playouts(d) if agreed else 0))
                sums[2].append(sums[2][-1] + self._weight(d))
            self._owed = (sums[0][::-1], sums[1][::-1], sums[2][::-1])
        return self._owed

    def share(self, i: int, spent: float) -> float | None:
        """The CPU seconds decision i's playouts get once `spent` of the budget is gone (None: exactly
        `worlds` worlds, no budget; 0: none at all, the budget is spent or what is left goes to others).

        Where the floors of every decision still to judge fit in what is left (every game whose playouts
        are quick), each gets its floor and a part of what is spare beyond the floors, three shares to a
        disagreement for one to an agreement. Where they do not, only some get their floor (and no more):
        the disagreements first, a part of them, or all and a part of the agreements, lying evenly along
        the game (SPREAD); a floor that alone costs more than is left is skipped. A floor's cost is
        estimated from this process's recent playouts (`_playout_s`): where playouts grow cheaper along the
        game (Vent Life) that is too much, and more are played out later; where they grow dearer (Living
        Forest), it catches up before the end of the game is starved."""
        if self.worlds:
            return None
        left = self.budget_s - spent
        d = self.decisions[i]
        if d.get("best") is None or left <= 0:
            return 0.0
        disagreed, agreed, weights = self._suffixes()
        spare_share = self._weight(d) / weights[i]
        if self._playout_s is None:
            return left * spare_share  # nothing measured yet in this process: the first decision judged measures it
        floor, owed_disagreed, owed_agreed = (self._playout_s * playouts for playouts in
                                              (self._floor_playouts(d), disagreed[i], agreed[i]))
        if floor > left:
            return 0.0
        if owed_disagreed + owed_agreed <= left:
            return floor + (left - owed_disagreed - owed_agreed) * spare_share
        part = left / owed_disagreed if d["best"] != d["move"] else (left - owed_disagreed) / owed_agreed
        return FLOOR_ONLY if (d["seq"] * SPREAD) % 1.0 < part else 0.0

    def judge(self, i: int, share: float | None) -> dict:
        """Decision i judged (after its `search`), its playouts within `share` CPU seconds (0: none)."""
        d = self.decisions[i]
        state, seat = d["state"], d["seat"]
        if d.get("best") is None or share == 0:
            entry = {"seq": d["seq"], "turn": d["turn"], "seat": seat, "chosen": self.game.move_to_json(d["move"]),
                     "chosen_words": self.game.describe_move(state, seat, d["move"]),
                     "best": None if d.get("best") is None else self.game.move_to_json(d["best"]),
                     "best_words": None if d.get("best") is None else self.game.describe_move(state, seat, d["best"]),
                     "agreed": d.get("best") == d["move"], **UNPLAYED}
        else:
            floor = FLOOR_AGREED if d["best"] == d["move"] else FLOOR_DISAGREED
            entry = {"seq": d["seq"], "turn": d["turn"],
                     **review_decision(self.game, state, seat, d["move"], d["best"],
                                       decision_seed(self.review_seed, d["seq"]) + 1, self.worlds or floor, share)}
            # What a playout costs now, for `share`: the recent ones count most (a game's playouts grow
            # cheaper or dearer along it)
            playout_s = entry["cpu_s"] / (entry["worlds"] * (1 if entry["agreed"] else 2))
            if self._playout_s is None:
                self._playout_s = playout_s
            else:
                self._playout_s = (1 - RECENT) * self._playout_s + RECENT * playout_s
        entry["words"] = decision_words(entry)
        return entry

    def result(self, entries: list[dict], cpu_s: float) -> dict:
        """The review from every decision's `judge` entry; `cpu_s`: the CPU it took in all."""
        game, players = self.game, self.players
        horizon, greedy_share = playout_settings(game, players)
        outcome = game.outcome(self.final)
        assert outcome is not None  # _decisions refuses a game that is not finished
        reviewed = sorted(self.asked) if self.asked is not None else list(range(players))
        return {
            "game": game.id, "name": game.name, "players": players, "options": self.options or {}, "seed": self.seed,
            "judge": {"level": self.level, "horizon": horizon,
                      "playouts": f"{JUDGE}'s rollout policy in {game.name}: {greedy_share:.0%} of the moves the "
                                  "best immediate one, the others at random",
                      "unit": UNIT if horizon == "end" else DEAL_UNIT, "first_unit": FIRST_UNIT,
                      **strength_note(game, players)},
            "budget_s": self.budget_s, "cpu_s": round(cpu_s, 2),
            "final": {"scores": list(outcome.scores), "ranks": list(outcome.ranks)},
            "decisions": entries,
            "seats": [seat_summary(game, s, [e for e in entries if e["seat"] == s], outcome) for s in reviewed],
        }


def review(game: Game, players: int, options: dict | None, seed: int, moves: Iterable[tuple[int, Any]],
           seats: Iterable[int] | None = None, budget_s: float = 30.0, judge: str | None = None,
           review_seed: int = 0, progress: Callable[[int, int], None] | None = None,
           worlds: int | None = None) -> dict:
    """The review of a finished game given as (game, players, options, seed, [(seat, move JSON), ...]).

    seats: the seats (0-based) to review, all by default. budget_s: CPU seconds for the whole review: once
    it is spent no search or playout starts, so it runs over by at most one decision's search or floor of
    worlds (FLOOR_DISAGREED or FLOOR_AGREED), `cpu_s` says how much; decisions it could not play out say so.
    judge: a bot level to use as is (its own budget per decision); by default search3 with its share
    of the budget per decision. worlds: exactly this many worlds per decision instead of the budget's
    share; with an iteration-bounded judge (search1, search2) the review is then the same on every run.
    progress(done, total) is called after each decision's search and again after its playouts (total:
    twice the decisions).
    Plain JSON-able data: see docs/review.md. The hall runs the same steps (`Reviewer`) in its workers."""
    start = time.thread_time()
    reviewer = Reviewer(game, players, options, seed, moves, seats, budget_s, judge, review_seed, worlds)
    total = len(reviewer)
    for i in range(total):
        reviewer.search(i, time.thread_time() - start)
        if progress is not None:
            progress(i + 1, 2 * total)
    out = []
    for i in range(total):
        out.append(reviewer.judge(i, reviewer.share(i, time.thread_time() - start)))
        if progress is not None:
            progress(total + i + 1, 2 * total)
    return reviewer.result(out, time.thread_time() - start)


def decision_words(entry: dict) -> str:
    """One decision in words, from the game's own descriptions of the moves."""
    where = f"Move {entry['seq']} (seat {entry['seat'] + 1}'s {_ordinal(entry['turn'])} move)"
    if entry["agreed"]:
        return f"{where}: \"{entry['chosen_words']}\", as the search chose."
    if not entry["worlds"] and entry["best_words"] is None:
        return f"{where}: \"{entry['chosen_words']}\", not judged: the review's CPU budget was spent before its search."
    if not entry["worlds"]:
        return (f"{where}: \"{entry['chosen_words']}\", where the search chose \"{entry['best_words']}\"; not played "
                "out: the review's CPU budget went to other moves.")
    low, high = entry["ci95"]
    cost, first = entry["cost"], entry["cost_first"]
    if cost >= 0:
        verdict = f"cost about {_num(cost)} points"
    else:
        verdict = f"gained about {_num(-cost)} points"
        low, high = -high, -low  # the interval of the gain, as the verdict words it
    # The share of first places as wins in 100 games, joined with "but" where it goes the other way
    if abs(first) >= 0.05:
        joined = "and" if (first > 0) == (cost >= 0) else "but"
        verdict += f" {joined} {round(abs(first) * 100)} {'fewer' if first > 0 else 'more'} wins in 100 games"
    measured = _measured(entry["worlds"], low, high, "the seat knew", "cost" if cost >= 0 else "gain")
    close = "" if _sure(entry) else ", too close to call"
    return (f"{where}: \"{entry['chosen_words']}\" {verdict} against the search's choice, "
            f"\"{entry['best_words']}\" ({measured}{close}).")


def _measured(worlds: int, low: float, high: float, knew: str, what: str = "difference") -> str:
    """How a cost was measured, in a player's words: the playouts (the sampled worlds: each deals what
    the seat could not see anew, from what it `knew`) and the range the cost lies in at 95% (its interval)."""
    played = f"{worlds} playout{'s' if worlds != 1 else ''} from what {knew}"
    if _num(low) == _num(high):
        return f"{played}, each with the same {what}"
    return f"{played}: 95% sure the {what} is {_num(low)} to {_num(high)} points"


def seat_summary(game: Game, seat: int, entries: list[dict], outcome) -> dict:
    """A seat's expected result along the game, the moments that cost or gained the most, a verdict."""
    curve = [{"seq": e["seq"], "expected": e["expected"], "expected_first": e["expected_first"]} for e in entries
             if e["worlds"]]  # a decision not played out has no expected result: the curve holds flat over it
    agreed = sum(1 for e in entries if e["agreed"])
    unplayed = sum(1 for e in entries if not e["agreed"] and not e["worlds"])
    differed = [e for e in entries if not e["agreed"] and e["worlds"]]
    # Verdicts beyond the noise first (the interval excludes 0), then the largest cost or gain.
    ranked = sorted(differed, key=lambda e: (not _sure(e), -abs(e["cost"])))
    moments = [{"seq": e["seq"], "cost": e["cost"], "sure": _sure(e), "words": e["words"]} for e in ranked[:MOMENTS]]
    net = sum(e["cost"] for e in differed)  # gains count against losses: a sum of the losses alone grows with noise
    name = f"Seat {seat + 1}"
    if not entries:
        verdict = f"{name} had no choice to make: every move was forced."
    else:
        score = _num(outcome.scores[seat], "")  # a score may be negative (Wizard)
        verdict = (f"{name} finished with {score} points, in {_ordinal(outcome.ranks[seat])} place. "
                   f"Of {len(entries)} decisions, {agreed} matched the search's choice")
        if unplayed:
            verdict += f" ({unplayed} other{'s were' if unplayed != 1 else ' was'} not judged, for want of CPU time)"
        costly = [e for e in differed if e["cost"] > 0 and _sure(e)]
        if costly:
            top = max(costly, key=lambda e: e["cost"])
            verdict += (f"; the costliest was move {top['seq']}: \"{top['chosen_words']}\" cost about "
                        f"{_num(top['cost'])} points, where the search chose \"{top['best_words']}\"")
        if differed or not unplayed:  # (where none that differed was played out, there is no sum to tell)
            verdict += (f". Together the moves that differed from the search's choice "
                        f"{'cost' if net >= 0 else 'gained'} about {_num(abs(net))} points "
                        "(gains counted against losses)")
        verdict += "."
    return {"seat": seat, "decisions": len(entries), "agreed": agreed,
            "cost_total": round(net, 2), "expected": curve, "moments": moments, "verdict": verdict}


def _sure(entry: dict) -> bool:
    """The decision's 95% interval leaves out 0: the verdict is beyond the noise of its worlds."""
    low, high = entry["ci95"]
    return low > 0 or high < 0


def parse_saved(record: Any) -> tuple[Game, int, dict, int, list[tuple[int, Any]]]:
    """(game, players, options, seed, moves) of a game as `meeple simulate --save` writes it (or a table
    exported from the hall); MeepleError in words when it is not one."""
    try:
        game = game_registry.get(record["game"])
        players, seed = int(record["players"]), int(record["seed"])
        moves = [(int(seat), move) for seat, move in record["moves"]]
        options = record.get("options") or {}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MeepleError(f"This is not a saved game (game, players, seed, options, moves): {exc!r}.") from None
    return game, players, options, seed, moves


def review_saved(record: dict, **kwargs) -> dict:
    """The review of a game as `meeple simulate --save` writes it (or a table exported from the hall)."""
    return review(*parse_saved(record), **kwargs)
