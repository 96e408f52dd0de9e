"""Table chat (issue 18): messages stored with the table, pushed to every socket of it (seats and
spectators, in every process), limited in length and rate.

Who may write: the holder of a seat (by seat token or session), and any signed-in user watching
(guests included, since they have a session); an anonymous spectator may read only. Bots never
write: nothing in the hall posts for them, and a bot seat's token is given to nobody. A player
whose seat a bot stands in for still chats as themself. The text is plain text, one line: the
client shows it as a text node, never as markup.
"""

from __future__ import annotations

import json
import re
import time

from . import auth
from .errors import ApiError
from .live import LiveTables
from .ratelimit import RateLimiter

MAX_CHARS = 300
HISTORY = 100                     # messages a table's chat shows (the newest)
RATE = (5, 1 / 3)                 # per writer: a burst of 5, then one every 3 s
SLACK = 20                        # how far back a process looks for messages that reached it out of order
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def clean_text(text) -> str:
    """The message as stored: one line, whitespace collapsed; ApiError 400 when it cannot be one."""
    if not isinstance(text, str):
        raise ApiError(400, "bad_request", "A chat message is text.")
    text = " ".join(text.split())
    if not text:
        raise ApiError(400, "bad_request", "A chat message needs some text.")
    if len(text) > MAX_CHARS:
        raise ApiError(400, "too_large", f"A chat message is at most {MAX_CHARS} characters ({len(text)} sent).")
    if _CONTROL.search(text):
        raise ApiError(400, "bad_request", "A chat message may not hold control characters.")
    auth.check_no_bidi(text, "A chat message")
    return text


class Chat:
    def __init__(self, live: LiveTables, rate: tuple[float, float] = RATE) -> None:
        self.live = live
        self.limit = RateLimiter(*rate, what="chat messages")
        # table id -> (floor, above): every message numbered up to `floor` was pushed here (or is older
        # than this process's sockets), and the numbers above it pushed here so far. Numbers can arrive
        # out of order (a local message pushed before the bus tells of another process's earlier one),
        # so a single "newest pushed" mark would skip the earlier one for good.
        self.pushed: dict[str, tuple[int, set[int]]] = {}
        live.remote_hooks.append(self.on_remote_change)

    def author(self, table, token: str | None, user: dict | None) -> tuple[int | None, str | None, str]:
        """(seat or None for a spectator, user id, the name shown) of who may write, else ApiError."""
        seat = self.live.identify(table, token, user)
        if seat is not None:
            held = table.seats[seat]
            return seat, held.user_id, held.name or (user or {}).get("name") or f"Seat {seat + 1}"
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to chat at this table.")
        return None, user["id"], user["name"]

    async def history(self, table_id: str) -> dict:
        await self.live.table(table_id)  # 404 for an unknown table
        return {"messages": await self.live.db(self.live.store.chat_since, table_id, 0, HISTORY),
                "max_chars": MAX_CHARS}

    async def post(self, table_id: str, token: str | None, user: dict | None, text) -> dict:
        table, _ = await self.live.seat_of(await self.live.table(table_id), token, user)  # (a seat taken elsewhere)
        seat, user_id, name = self.author(table, token, user)
        text = clean_text(text)
        self.limit.check(user_id or f"{table_id}:{seat}")
        message = await self.live.db(self.live.store.add_chat, table_id, seat, user_id, name, text, time.time())
        self.deliver(table_id, [message])
        self.live.bus.publish(table_id)
        return message

    def deliver(self, table_id: str, messages: list[dict]) -> None:
        """Push messages to every socket of the table here (each client drops numbers it has)."""
        clients = self.live.clients.get(table_id)
        if not clients:
            self.pushed.pop(table_id, None)
            return
        floor, above = self.pushed.get(table_id) or (max(0, messages[0]["n"] - 1 - SLACK), set())
        fresh = [m for m in messages if m["n"] > floor and m["n"] not in above]
        if not fresh:
            return
        text = json.dumps({"type": "chat", "messages": fresh})
        for client in list(clients):
            client.offer(text)
        above.update(m["n"] for m in fresh)
        if len(above) > 4 * SLACK:  # a gap that never fills (a burst longer than one fetch): give it up
            floor = min(above) - 1
        while floor + 1 in above:
            floor += 1
            above.remove(floor)
        self.pushed[table_id] = (floor, above)

    async def on_remote_change(self, table_id: str) -> None:
        """Another process changed the table (perhaps a message): push what is new to our sockets."""
        if not self.live.clients.get(table_id):
            self.pushed.pop(table_id, None)
            return
        floor = self.pushed[table_id][0] if table_id in self.pushed else 0
        table = self.live.tables.get(table_id)
        if table is not None and table.chat_head is not None and table.chat_head <= floor:
            return  # (the read of the change said which message is the newest: nothing new to fetch)
        new = await self.live.db(self.live.store.chat_since, table_id, floor, SLACK + 20)
        if new:
            self.deliver(table_id, new)
