"""Reviews in the hall (issue 36, docs/review.md): a finished table judged move by move.

A review is asked for once the game is over (while it runs, a review of one seat would tell of
another's hidden cards, so none is made or shown). It runs as a chain of short steps in the bot
workers (`FairQueue.run_idle`: only while no bot move waits, never on every worker, and on a thread
the OS serves after everything else of the hall: nice +10), each step
one of `analysis.review.Reviewer`'s, so the hall's figures are the terminal's; the whole review has
a CPU budget (`budget_s`, summed over the steps and passed to each, so that nothing starts once it is
spent), one step at most about `STEP_S` of it. Its
progress is polled (GET); the result is stored with the table (store/reviews.py), so it is
computed once, and served to anyone from then on.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from meeple.analysis.review import Reviewer
from meeple.store import reviews as stored

from .errors import ApiError
from .hall import Hall
from .table import Table

log = logging.getLogger("meeple.server")

# CPU seconds for a whole review (docs/review.md); MEEPLE_REVIEW_BUDGET_S sets another for `meeple serve`.
BUDGET_S = float(os.environ.get("MEEPLE_REVIEW_BUDGET_S", "30"))
STEP_S = 1.0      # a step's work stops after about this much CPU; one decision's playouts get at most 2 steps' worth
MAX_RUNNING = 8   # reviews computed at once by this process; past it, a request is answered 503 busy
_KEPT = 4         # reviewers a worker keeps between steps (the replayed game of each)
NICE = 10         # a review step's thread runs this much nicer than the hall (Linux: per thread)

# ----- in the worker processes ------------------------------------------------------------------

_reviewers: OrderedDict[tuple, Reviewer] = OrderedDict()
_nice_thread: ThreadPoolExecutor | None = None


def _lower_priority() -> None:
    try:  # on Linux a thread has a nice value of its own: the worker's bot moves keep theirs
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (OSError, AttributeError):
        pass


def _nicely(fn, *args):
    """fn(*args) on the worker's review thread, which the OS serves after the hall's processes and bot
    moves (nice +10): a hall under load serves moves first even while a step is running."""
    global _nice_thread
    if _nice_thread is None:
        _nice_thread = ThreadPoolExecutor(1, thread_name_prefix="meeple-review", initializer=_lower_priority)
    return _nice_thread.submit(fn, *args).result()


def _reviewer(key: tuple, record: dict, budget_s: float) -> Reviewer:
    """The worker's reviewer of this table (the game replayed once per worker, not once per step)."""
    from meeple import games

    reviewer = _reviewers.pop(key, None)
    if reviewer is None:
        reviewer = Reviewer(games.get(record["game"]), record["players"], record["options"], record["seed"],
                            record["moves"], budget_s=budget_s)
    _reviewers[key] = reviewer
    while len(_reviewers) > _KEPT:
        _reviewers.popitem(last=False)
    return reviewer


def review_step(*args) -> tuple[list, float]:
    """Runs in a worker: `_step` on the review thread."""
    return _nicely(_step, *args)


def final_review(*args) -> dict:
    """Runs in a worker: the whole review from its decisions' entries (`_final`, on the review thread)."""
    return _nicely(_final, *args)


def _step(key: tuple, record: dict, budget_s: float, phase: str, start: int, bests: list,
          spent: float) -> tuple[list, float]:
    """Runs in a worker: one step of a review, from decision `start` on while the step's CPU lasts.

    phase "plan": the number of decisions. "search": the search's moves of the next decisions (None
    once the budget is spent). "judge": the entries of the next decisions (with the searches' moves
    `bests`). `spent`: the CPU the review took before this step, so that nothing starts past the
    budget. Returns (what was found, the step's CPU seconds)."""
    began = time.thread_time()
    reviewer = _reviewer(key, record, budget_s)
    out: list = []
    if phase == "plan":
        out = [len(reviewer)]
    elif phase == "search":
        for i in range(start, len(reviewer)):
            out.append(reviewer.search(i, spent + time.thread_time() - began))
            if time.thread_time() - began >= STEP_S:
                break
    else:
        for i, best in enumerate(bests):
            reviewer.set_best(i, best)
        for i in range(start, len(reviewer)):
            share = reviewer.share(i, spent + time.thread_time() - began)
            out.append(reviewer.judge(i, None if share is None else min(share, 2 * STEP_S)))
            if time.thread_time() - began >= STEP_S:
                break
    return out, time.thread_time() - began


def _final(key: tuple, record: dict, budget_s: float, entries: list, cpu_s: float) -> dict:
    return _reviewer(key, record, budget_s).result(entries, cpu_s)


# ----- in the hall --------------------------------------------------------------------------------


@dataclass
class Job:
    """A review under way: its steps done of all (2 per decision), or the error that stopped it."""

    done: int = 0
    total: int = 0
    error: str | None = None
    task: asyncio.Task | None = None

    def body(self) -> dict:
        if self.error is not None:
            return {"status": "failed", "error": self.error}
        return {"status": "running" if self.total else "queued", "done": self.done, "total": self.total}


def record_of(table: Table) -> dict:
    """The finished game as `analysis.review.parse_saved` reads it."""
    return {"game": table.game.id, "players": table.players, "options": table.options, "seed": table.seed,
            "moves": [[c.seat, table.game.move_to_json(c.move)] for c in table.history]}


class Reviews:
    """Asking for a finished table's review, following its progress, and reading it."""

    def __init__(self, hall: Hall, budget_s: float = BUDGET_S, max_running: int = MAX_RUNNING) -> None:
        self.hall = hall
        self.budget_s = budget_s
        self.max_running = max_running
        self.jobs: dict[str, Job] = {}

    async def _finished_table(self, table_id: str) -> Table:
        table = await self.hall.table(table_id)
        if table.status != "finished":
            # While the game runs nothing of a review is made or shown, to a seat or a spectator: a seat's
            # review would be judged in worlds drawn from its view, and another seat's would tell of its cards.
            raise ApiError(409, "not_finished", "A game is reviewed once it is over: while it runs, a review "
                                                "would tell one seat about another's hidden cards.")
        return table

    async def read(self, table_id: str) -> dict:
        """The review if it is stored, else how far it has come (status none, queued, running or failed)."""
        await self._finished_table(table_id)
        found = await self.hall.db(stored.stored_review, self.hall.store, table_id)
        if found is not None:
            return {"status": "done", "review": found}
        job = self.jobs.get(table_id)
        return job.body() if job is not None else {"status": "none"}

    async def ask(self, table_id: str) -> dict:
        """Start the table's review unless it is stored or under way (a failed one is tried again)."""
        body = await self.read(table_id)
        if body["status"] not in ("none", "failed"):
            return body
        running = sum(1 for j in self.jobs.values() if j.error is None)
        if running >= self.max_running:
            raise ApiError(503, "busy", "The hall is reviewing other games just now: ask again in a minute.")
        table = await self._finished_table(table_id)
        job = self.jobs[table_id] = Job()
        job.task = asyncio.create_task(self._run(table_id, record_of(table), job))
        return job.body()

    async def _run(self, table_id: str, record: dict, job: Job) -> None:
        queue = self.hall.bots.queue
        key = (table_id, time.monotonic())  # a worker's cached replay of this very run
        budget = self.budget_s
        try:
            (total,), spent = await queue.run_idle(review_step, key, record, budget, "plan", 0, [], 0.0)
            job.total = 2 * total
            bests: list = []
            while len(bests) < total:
                found, cpu = await queue.run_idle(review_step, key, record, budget, "search", len(bests), [], spent)
                bests += found
                spent += cpu
                job.done = len(bests)
            entries: list = []
            while len(entries) < total:
                found, cpu = await queue.run_idle(review_step, key, record, budget, "judge", len(entries), bests,
                                                  spent)
                entries += found
                spent += cpu
                job.done = total + len(entries)
            review = await queue.run_idle(final_review, key, record, budget, entries, spent)
            await self.hall.db(stored.save_review, self.hall.store, table_id, review)
            self.jobs.pop(table_id, None)
        except asyncio.CancelledError:
            self.jobs.pop(table_id, None)
            raise
        except Exception as exc:
            log.exception("the review of table %s failed", table_id)
            job.error = f"The review could not be made: {exc}"

    async def close(self) -> None:
        """Stop the reviews under way (called before the hall closes its bot workers, so that no review
        step is sent to a pool that is shutting down); an unfinished review is asked for again later."""
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
