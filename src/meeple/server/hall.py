"""The hall: every live table, the store behind them, their WebSocket clients, bots and clocks.

All changes to a table go through here, under that table's lock: check the
action (the `Table` plans it), store it in one transaction (the store refuses
a sequence number that is already taken, in this process or another), then
apply it in memory and push the new state to every client, each seeing only
its own seat. Bots run in a process pool; the clock ticker hands overdue seats
to a stand-in bot.

The hall is made of pieces, each in its module: `live.py` (the tables, their locks and
clients, loading and parking, pushes), `seating.py`, `moves.py`, `botturns.py`,
`clockwatch.py`, `listings.py` and `rematches.py`.
"""

from __future__ import annotations

import asyncio
import logging

from meeple.engine import MeepleError

from .botpool import FairQueue, make_pool, warm_up
from .botturns import BotTurns
from .clockwatch import ClockWatch
from .listings import Listings
from .pushes import Client
from .rematches import Rematches

log = logging.getLogger("meeple.server")
__all__ = ["Client", "Hall"]  # (app.py takes Client from here)


class Hall(BotTurns, ClockWatch, Listings, Rematches):
    """The whole hall: each piece's methods on the live tables (see the module list above)."""

    # ----- life cycle --------------------------------------------------------------

    async def open(self) -> None:
        """Rebuild every live table from the store, then start the bus listener and the clock ticker."""
        self.pool = make_pool(self.bot_workers)
        self.bot_queue = FairQueue(self.pool, self.bot_workers)
        # Start the workers now, so that the first bot move does not wait for them.
        await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(self.pool, warm_up)
                               for _ in range(self.bot_workers)))
        for table_id in await self.db(self.store.table_ids, ("open", "running")):
            try:
                await self._load(table_id)
            except MeepleError:
                log.exception("cannot rebuild table %s", table_id)
        await self.bus.start(self.on_remote_change, self.end_session)
        self.ticker = asyncio.create_task(self._tick())
        self.poller = asyncio.create_task(self.poll_while_stale())
        for table in list(self.tables.values()):
            self.kick(table)

    async def close(self) -> None:
        if self.ticker:
            self.ticker.cancel()
        if self.poller:
            self.poller.cancel()
        for task in list(self.bot_tasks.values()):
            task.cancel()
        await self.bus.close()
        if self.pool:
            self.pool.shutdown(wait=True, cancel_futures=True)  # at most one bot move still running
        self.db_thread.shutdown(wait=True)
        self.store.close()
