"""Bot seats' turns (part of the hall): the worker processes the bots think in, and a task per
bot seat to move, which asks them for a move and stores it unless the table moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor

from .botpool import FairQueue, choose_move, make_pool, warm_up
from .errors import ApiError
from .live import SEED_BITS, LiveTables
from .moves import Moves
from .table import Table

log = logging.getLogger("meeple.server")
MAX_ADDRESSES = 100_000  # creators whose address is remembered (the oldest is forgotten first)
# How long a process waits for the bot move of a position another process stored (and so drives)
# before it thinks as well: more than a search's wall cap (botpool.WALL_CAP_S) and a wait in its
# queue, so that two processes holding a table rarely both search; short enough that a table whose
# driver went away loses only these seconds.
DRIVER_GRACE_S = 5.0


class BotTurns:
    """The bot seats' turns, one task per bot seat to move, and the worker processes they share
    (with hints and reviews: `queue`)."""

    def __init__(self, live: LiveTables, moves: Moves, workers: int = 1, stand_in: str = "greedy") -> None:
        self.live = live
        self.moves = moves
        self.workers = workers
        self.stand_in = stand_in
        self.tasks: dict[tuple[str, int], asyncio.Task] = {}
        self.wakes: dict[tuple[str, int], asyncio.Event] = {}  # set at each change of a task's table
        self.pool: ProcessPoolExecutor | None = None
        self.queue: FairQueue  # made with the pool, in open()
        # user id -> the address it last created a table from: its bots' group in the bot queue.
        # Kept in memory (a table loaded after a restart is a group of its own), bounded.
        self.creator_addresses: dict[str, str] = {}

    async def open(self) -> None:
        """Start the worker processes now, so that the first bot move does not wait for them."""
        self.pool = make_pool(self.workers)
        self.queue = FairQueue(self.pool, self.workers)
        await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(self.pool, warm_up)
                               for _ in range(self.workers)))

    async def close(self) -> None:
        """Stop the bot tasks, then the workers (before the bus and the store close under them)."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.pool:
            self.pool.shutdown(wait=True, cancel_futures=True)  # at most one bot move still running

    def note_creator_address(self, user_id: str, address: str) -> None:
        """Remember where a user creates tables from, for the bot queue's fair share per address."""
        self.creator_addresses.pop(user_id, None)
        self.creator_addresses[user_id] = address
        if len(self.creator_addresses) > MAX_ADDRESSES:
            del self.creator_addresses[next(iter(self.creator_addresses))]  # the longest unused

    def group(self, table: Table) -> tuple[str, str | None]:
        """The party a table's work is queued for, and its group (see botpool.FairQueue): a fair
        share per address, and per creator within it, so one user's many bots, or many guests'
        made from one address, never starve another's."""
        party = table.creator or table.id
        return party, self.creator_addresses.get(party)

    def kick(self, table: Table) -> None:
        """Start a bot task for every bot seat that is to move and has none running."""
        for seat in table.bot_seats_to_move():
            key = (table.id, seat)
            if key not in self.tasks:
                self.wakes[key] = asyncio.Event()
                self.tasks[key] = asyncio.create_task(self._bot_turns(table.id, seat))
            else:
                self.wakes[key].set()

    async def _bot_turns(self, table_id: str, seat: int) -> None:
        try:
            while True:
                table = self.live.tables.get(table_id)
                if table is None or seat not in table.bot_seats_to_move():
                    return
                if await self._driven_elsewhere(table, seat):
                    continue
                seq, level = table.seq, table.seats[seat].level or self.stand_in
                seed = (table.seed ^ (seq * 0x9E3779B97F4A7C15) ^ seat) & ((1 << SEED_BITS) - 1)
                position = table.game.to_json(table.state)
                party, group = self.group(table)
                move_json = await self.queue.run(party, choose_move, table.game.id, position, seat, level, seed,
                                                 group=group)
                async with self.live.lock(table_id):
                    if table.seq != seq or seat not in table.bot_seats_to_move():
                        continue  # the position changed while the bot thought: think again
                    try:
                        await self.moves.commit(table, seat, [table.game.move_from_json(move_json)])
                    except ApiError as exc:
                        if exc.code == "illegal_move":
                            raise RuntimeError(f"the bot chose an illegal move: {exc.message}") from None
                        continue  # another process stored a move first; we have refreshed
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot of table %s seat %s failed; trying again in 5 s", table_id, seat)
            asyncio.get_running_loop().call_later(5, self._kick_id, table_id)
        finally:
            self.tasks.pop((table_id, seat), None)
            self.wakes.pop((table_id, seat), None)

    async def _driven_elsewhere(self, table: Table, seat: int) -> bool:
        """Whether another process moved the table on while this one waited for it to: where that
        process stored the position (and Redis carries its changes here), it thinks for the bot seats
        to move, so this one waits up to DRIVER_GRACE_S for the change before thinking as well. False:
        think here (the position is this process's own, or Redis is silent, or nobody moved in time)."""
        live = self.live
        position = (table.seq, table.version)
        if table.stored_elsewhere != position or not live.bus.per_table:
            return False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DRIVER_GRACE_S
        wake = self.wakes[(table.id, seat)]
        while live.tables.get(table.id) is table and (table.seq, table.version) == position:
            left = deadline - loop.time()
            if left <= 0 or live.bus.stale():
                return False
            wake.clear()
            try:
                await asyncio.wait_for(wake.wait(), min(left, 1.0))  # (a look at the bus's health each second)
            except TimeoutError:
                pass
        return True

    def _kick_id(self, table_id: str) -> None:
        table = self.live.tables.get(table_id)
        if table is not None:
            self.kick(table)
