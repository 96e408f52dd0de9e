"""The clock ticker (part of the hall): seats whose time ran out are handed to a stand-in
bot; idle finished tables are parked.
"""

from __future__ import annotations

import asyncio
import logging
import time

from . import clocks
from .errors import ApiError
from .live import LiveTables
from .protocol import StandIn
from .seating import Seating

log = logging.getLogger("meeple.server")


class ClockWatch:
    """The ticker: overdue seats to a stand-in bot (through the seating), idle finished tables parked."""

    def __init__(self, live: LiveTables, seating: Seating, tick_s: float = 0.5) -> None:
        self.live = live
        self.seating = seating
        self.tick_s = tick_s

    async def run(self) -> None:
        """Check every `tick_s` (a task of the hall's life)."""
        while True:
            await asyncio.sleep(self.tick_s)
            try:
                await self.check_clocks(time.time())
                self.live.park_idle(time.monotonic())
            except Exception:
                log.exception("clock check failed")

    async def check_clocks(self, now: float) -> None:
        for table in list(self.live.tables.values()):
            if table.status != "running" or table.clock["mode"] == "none":
                continue
            late = [s for s in clocks.overdue(table.clock, table.clock_state, now)
                    if not table.seats[s].bot_playing]
            if not late:
                continue
            try:
                async with self.live.lock(table.id):
                    for seat in late:
                        if not table.seats[seat].bot_playing:
                            await self.seating.hand_to_bot(table, seat, StandIn.TIMEOUT)
                    self.live.changed(table)
            except ApiError:
                continue  # another process changed the table first; we have refreshed and look again
