"""Bot seats' turns (part of the hall): a task per bot seat to move, which asks the process
pool for a move and stores it unless the table moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging

from .botpool import choose_move
from .errors import ApiError
from .live import SEED_BITS
from .moves import Moves
from .table import Table

log = logging.getLogger("meeple.server")


class BotTurns(Moves):
    """The bot seats' turns, one task per bot seat to move."""

    def kick(self, table: Table) -> None:
        """Start a bot task for every bot seat that is to move and has none running."""
        for seat in table.bot_seats_to_move():
            key = (table.id, seat)
            if key not in self.bot_tasks:
                self.bot_tasks[key] = asyncio.create_task(self._bot_turns(table.id, seat))

    async def _bot_turns(self, table_id: str, seat: int) -> None:
        try:
            while True:
                table = self.tables.get(table_id)
                if table is None or seat not in table.bot_seats_to_move():
                    return
                seq, level = table.seq, table.seats[seat].level or self.stand_in
                seed = (table.seed ^ (seq * 0x9E3779B97F4A7C15) ^ seat) & ((1 << SEED_BITS) - 1)
                position = table.game.to_json(table.state)
                # A fair share per address, and per creator within it: one user's many bots, or
                # many guests' made from one address, never starve another's.
                party = table.creator or table.id
                move_json = await self.bot_queue.run(party, choose_move, table.game.id, position, seat, level,
                                                     seed, group=self.creator_addresses.get(party))
                async with self.lock(table_id):
                    if table.seq != seq or seat not in table.bot_seats_to_move():
                        continue  # the position changed while the bot thought: think again
                    try:
                        await self._commit(table, seat, [table.game.move_from_json(move_json)])
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
            self.bot_tasks.pop((table_id, seat), None)

    def _kick_id(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.kick(table)
