"""The clock ticker (part of the hall): seats whose time ran out are handed to a stand-in
bot; idle finished tables are parked.
"""

from __future__ import annotations

import asyncio
import logging
import time

from . import clocks
from .errors import ApiError
from .protocol import StandIn
from .seating import Seating

log = logging.getLogger("meeple.server")


class ClockWatch(Seating):
    """The ticker: overdue seats to a stand-in bot, idle finished tables parked."""

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            try:
                await self.check_clocks(time.time())
                self.park_idle(time.monotonic())
            except Exception:
                log.exception("clock check failed")

    async def check_clocks(self, now: float) -> None:
        for table in list(self.tables.values()):
            if table.status != "running" or table.clock["mode"] == "none":
                continue
            late = [s for s in clocks.overdue(table.clock, table.clock_state, now)
                    if not table.seats[s].bot_playing]
            if not late:
                continue
            try:
                async with self.lock(table.id):
                    for seat in late:
                        if not table.seats[seat].bot_playing:
                            await self._stand_in(table, seat, StandIn.TIMEOUT)
                    await self._changed(table)
            except ApiError:
                continue  # another process changed the table first; we have refreshed and look again
