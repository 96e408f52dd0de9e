"""Finished tables in lists without replaying them (issue 21: "my tables" replayed every game of the
user inside the event loop, 0.26 s for 150 games).

A finished table's summary no longer changes (but for its rematch pointer, read from its own
column), so it is stored once (`hall_tables.summary`, migration 4). A finished table that has none
yet, stored before that migration, is replayed once, on a worker thread, and its summary kept.
"""

from __future__ import annotations

import asyncio
import json
import logging

from meeple.engine import MeepleError

from .live import LiveTables
from .table import Table

log = logging.getLogger("meeple.server")


def finished_entry(summary: dict, user_id: str) -> dict | None:
    """A finished table's line in the user's "my tables" (None: the user holds no seat there)."""
    seat = next((s["seat"] for s in summary["seats"] if s["type"] == "human" and s["player"] == user_id), None)
    if seat is None:
        return None
    return {**summary, "my_seat": seat, "my_turn": False}


async def replay_and_keep(live: LiveTables, table_id: str) -> dict | None:
    """The summary of a finished table that is not in memory and has none stored: replayed off the
    event loop, then stored. None when the table is not finished (the caller loads it as usual) or
    cannot be rebuilt (logged; a list leaves it out)."""
    row = await live.db(live.store.load_table, table_id)
    if row is None or row["status"] != "finished":
        return None
    try:
        summary = (await asyncio.to_thread(Table.from_rows, row)).summary()
        json.dumps(summary, allow_nan=False)
    except (MeepleError, ValueError):
        log.exception("finished table %s cannot be summarised", table_id)
        return None
    await live.db(live.store.save_summary, table_id, summary)
    return summary
