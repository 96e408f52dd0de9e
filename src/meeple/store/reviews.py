"""What the hall keeps of reviews and hints (server/reviews.py, server/hints.py): a finished table's
review, computed once and stored with it; the tables whose creator turned hints off; the hints each
seat took. Plain blocking calls on a `Store`, run like its own (`LiveTables.db`).
"""

from __future__ import annotations

import json
import time

from .db import Store


def stored_review(store: Store, table_id: str) -> dict | None:
    """The table's stored review, or None."""
    with store.lock:
        rows = store.db.execute("SELECT review FROM reviews WHERE table_id = ?", (table_id,))
    return json.loads(rows[0][0]) if rows else None


def save_review(store: Store, table_id: str, review: dict) -> dict:
    """Store the table's review once; where another process stored one first, that one is kept and
    returned (both are reviews of the same game: the first wins)."""
    with store.lock:
        try:
            with store.db.transaction():
                store.db.execute("INSERT INTO reviews VALUES (?, ?, ?, ?)",
                                 (table_id, json.dumps(review, separators=(",", ":")), review.get("cpu_s", 0.0),
                                  time.time()))
        except store.db.integrity_errors:
            pass
    found = stored_review(store, table_id)
    assert found is not None
    return found


def turn_hints_off(store: Store, table_id: str) -> None:
    """The creator made the table without hints (kept from its creation on)."""
    with store.lock, store.db.transaction():
        store.db.execute("INSERT INTO hints_off VALUES (?)", (table_id,))


def hints_off(store: Store, table_id: str) -> bool:
    with store.lock:
        return bool(store.db.execute("SELECT 1 FROM hints_off WHERE table_id = ?", (table_id,)))


def count_hint(store: Store, table_id: str, seat: int) -> int:
    """One more hint taken by `seat`; its count after it."""
    with store.lock, store.db.transaction():
        store.db.execute("INSERT INTO hint_counts VALUES (?, ?, 1) ON CONFLICT (table_id, seat) "
                         "DO UPDATE SET n = hint_counts.n + 1", (table_id, seat))
        return int(store.db.execute("SELECT n FROM hint_counts WHERE table_id = ? AND seat = ?",
                                    (table_id, seat))[0][0])


def hint_counts(store: Store, table_id: str) -> dict[int, int]:
    """seat -> the hints it took (seats that took none are left out)."""
    with store.lock:
        rows = store.db.execute("SELECT seat, n FROM hint_counts WHERE table_id = ?", (table_id,))
    return {int(seat): int(n) for seat, n in rows}
