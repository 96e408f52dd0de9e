"""The hall: every live table, the store behind them, their WebSocket clients, bots and clocks.

All changes to a table go through here, under that table's lock: check the
action (the `Table` plans it), store it in one transaction (the store refuses
a sequence number that is already taken, in this process or another), then
apply it in memory and push the new state to every client, each seeing only
its own seat. Bots run in a process pool; the clock ticker hands overdue seats
to a stand-in bot.

The hall is made of parts, each a class in its module, given what it works on when it is made:
`live.py` (the tables, their locks and clients, loading and parking, pushes: what every other
part works on), `seating.py`, `moves.py`, `botturns.py`, `clockwatch.py`, `listings.py` and
`rematches.py`. `Hall` makes them and wires them together; app.py calls the hall's names below.
"""

from __future__ import annotations

import asyncio
import logging

from meeple.engine import MeepleError
from meeple.store import Store

from .bodycache import MAX_BYTES
from .botturns import BotTurns
from .clockwatch import ClockWatch
from .errors import ApiError
from .listings import Listings
from .live import LiveTables
from .moves import Moves
from .pushes import Client
from .rematches import Rematches
from .seating import Seating

log = logging.getLogger("meeple.server")
__all__ = ["Client", "Hall"]  # (app.py takes Client from here)


class Hall:
    """The whole hall: the live tables, the parts that act on them, and its start and close."""

    def __init__(self, store: Store, bus=None, bot_workers: int = 1, stand_in: str = "greedy",
                 tick_s: float = 0.5, max_cached: int = 5000, body_cache_bytes: int = MAX_BYTES) -> None:
        live = self.live = LiveTables(store, bus, max_cached, body_cache_bytes)
        self.moves = Moves(live)
        self.bots = BotTurns(live, self.moves, bot_workers, stand_in)
        live.change_hooks.append(self.bots.kick)  # every change, here or elsewhere, may put a bot to move
        self.seating = Seating(live, stand_in)
        self.clock_watch = ClockWatch(live, self.seating, tick_s)
        self.listings = Listings(live)
        self.rematches = Rematches(live, self.seating)
        self.ticker: asyncio.Task | None = None
        self.poller: asyncio.Task | None = None

        # What app.py, the benches and the tests ask of the hall, each answered by the part that does it.
        self.store, self.bus, self.tables = store, live.bus, live.tables
        self.db, self.table, self.identify, self.actor = live.db, live.table, live.identify, live.actor
        self.seat_of = live.seat_of
        self.state_text, self.send_state = live.state_text, live.send_state
        self.subscribe, self.unsubscribe = live.subscribe, live.unsubscribe
        self.on_remote_change, self.sign_out, self.end_session = live.on_remote_change, live.sign_out, live.end_session
        self.create_table, self.join, self.reclaim = self.seating.create_table, self.seating.join, self.seating.reclaim
        self.start, self.leave = self.seating.start, self.seating.leave
        self.move, self.confirm, self.reset, self.preview = (self.moves.move, self.moves.confirm, self.moves.reset,
                                                             self.moves.preview)
        self.lobby, self.mine = self.listings.lobby, self.listings.mine
        self.leaderboard, self.player = self.listings.leaderboard, self.listings.player
        self.rematch = self.rematches.rematch
        self.note_creator_address = self.bots.note_creator_address

    # ----- life cycle --------------------------------------------------------------

    async def open(self) -> None:
        """Start the bot workers and the bus listener, rebuild every live table from the store, then start
        the clock ticker and the bots of the tables.

        The listener first: each table is then read as any request reads it (`LiveTables.table`, under its
        lock), after Redis confirmed its channel (`LiveTables.load`), so a change another process stores
        before the read is in it, and one stored after it is heard and read once the load is done. (Read
        before the subscription, a table changed in between was held as read until its next change was
        heard: tests/server/test_pg_open_hears.py.) A table read meanwhile for a change heard on the shared
        channel is taken as it is."""
        await self.bots.open()
        await self.bus.start(self.on_remote_change, self.end_session)
        for table_id in await self.db(self.store.table_ids, ("open", "running")):
            try:
                await self.live.table(table_id, fresh=False)
            except ApiError:
                pass  # (its log no longer replays, which `LiveTables.load` logs; or it is gone)
            except MeepleError:
                log.exception("cannot rebuild table %s", table_id)
        self.ticker = asyncio.create_task(self.clock_watch.run())
        self.poller = asyncio.create_task(self.live.poll_while_stale())
        for table in list(self.tables.values()):
            self.bots.kick(table)

    async def close(self) -> None:
        if self.ticker:
            self.ticker.cancel()
        if self.poller:
            self.poller.cancel()
        await self.bots.close()
        await self.bus.close()
        self.live.db_thread.shutdown(wait=True)
        if self.live.loop_writes is not None:
            self.live.loop_writes.close()
        self.store.close()
