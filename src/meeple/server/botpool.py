"""Bots run in worker processes, so a slow bot never stalls the event loop or other tables."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import partial

PARENT_CHECK_S = 0.5
# A search bot's decision at a table stops after this much wall time, or sooner at its CPU budget
# (search3: 0.9 s): on a busy host its worker gets a share of a core, and a CPU budget alone took
# 2.1-4.5 s of the table's time (issue 41). The bot then thinks less; the table waits no longer.
WALL_CAP_S = 1.5


def choose_move(game_id: str, position: dict, seat: int, level: str, seed: int):
    """Runs in a worker: the bot's move for `seat` in the position, as move JSON (a search level's
    decision capped at WALL_CAP_S of wall time)."""
    from meeple import bots, games
    from meeple.engine import Rng

    game = games.get(game_id)
    state = game.from_json(position)
    bot = bots.get(level)
    if hasattr(bot, "wall_seconds"):
        bot.wall_seconds = WALL_CAP_S
    move = bot.choose(game, state, seat, Rng(seed))
    return game.move_to_json(move)


def warm_up() -> None:
    """Import the bots and the registry once per worker (games load on first use)."""
    import meeple.bots  # noqa: F401
    import meeple.games  # noqa: F401


def _start_worker(server_pid: int) -> None:
    """A worker's set-up: imports, and an exit of its own when the server process is gone.

    A server killed outright (kill -9, a crash) cannot shut its pool down; without
    this its workers would wait for work forever."""

    def follow_the_server() -> None:
        while os.getppid() == server_pid:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=follow_the_server, name="meeple-follow-server", daemon=True).start()
    warm_up()


def make_pool(workers: int) -> ProcessPoolExecutor:
    # spawn: the server process has threads (the store's), which fork would copy half-locked.
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))


class FairQueue:
    """Bot moves of every table sharing the worker processes, a fair share each.

    Work is queued per party, and parties are grouped: the hall's party is a table's creator, its
    group the address that creator made tables from. Groups are served in turn, and within a
    group its parties in turn, at most `workers` moves at once. One user's many search bots then
    wait behind each other, and so do the bots of many guests made from one address; never in
    front of another address's bot: a move waits for at most one move of each other group with
    work queued (tests/server/test_table_limits.py measures it).
    """

    def __init__(self, pool: Executor, workers: int) -> None:
        self.pool = pool
        self.workers = workers
        self.running = 0
        # group -> party -> its moves; both in turn order (one served goes to the back)
        self.groups: dict[str, dict[str, deque]] = {}
        # Work that waits for idle workers (review steps, server/reviews.py), first come first served:
        # it starts only while no bot move waits, on at most `workers - 1` workers (one if there is one).
        self.idle: deque = deque()
        self.running_idle = 0

    async def run(self, party: str, fn, *args, group: str | None = None):
        """fn(*args) in a worker, when this party's turn comes within its group's (by default a
        group of its own)."""
        done: asyncio.Future = asyncio.get_running_loop().create_future()
        parties = self.groups.setdefault(party if group is None else group, {})
        parties.setdefault(party, deque()).append((done, fn, args))
        self._dispatch()
        return await done

    async def run_idle(self, fn, *args):
        """fn(*args) in a worker once no bot move waits for one (a review's step: keep it short)."""
        done: asyncio.Future = asyncio.get_running_loop().create_future()
        self.idle.append((done, fn, args))
        self._dispatch()
        return await done

    def _dispatch(self) -> None:
        while self.running < self.workers and self.groups:
            group = next(iter(self.groups))
            parties = self.groups.pop(group)
            party = next(iter(parties))
            queue = parties.pop(party)
            done, fn, args = queue.popleft()
            if queue:
                parties[party] = queue
            if parties:
                self.groups[group] = parties
            if done.cancelled():
                continue  # its bot task was cancelled while it waited
            self.running += 1
            job = self.pool.submit(fn, *args)
            job.add_done_callback(partial(self._finished, asyncio.get_running_loop(), done, False))
        # Then idle work, while no bot move waits.
        while self.running < self.workers and not self.groups and self.idle \
                and self.running_idle < max(1, self.workers - 1):
            done, fn, args = self.idle.popleft()
            if done.cancelled():
                continue
            self.running += 1
            self.running_idle += 1
            job = self.pool.submit(fn, *args)
            job.add_done_callback(partial(self._finished, asyncio.get_running_loop(), done, True))

    def _finished(self, loop: asyncio.AbstractEventLoop, done: asyncio.Future, idle: bool, job: Future) -> None:
        loop.call_soon_threadsafe(self._deliver, done, idle, job)

    def _deliver(self, done: asyncio.Future, idle: bool, job: Future) -> None:
        self.running -= 1
        self.running_idle -= idle
        if not done.cancelled():
            if job.cancelled():
                done.cancel()
            elif job.exception() is not None:
                done.set_exception(job.exception())  # type: ignore[arg-type]
            else:
                done.set_result(job.result())
        self._dispatch()
