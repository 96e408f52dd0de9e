"""Pushes to a table's WebSocket clients: a full state on connect, then deltas (docs/api.md, "WebSocket").

Each viewer of a table (a seat, or the spectators) has a record of the body it
was last pushed, numbered by a version. After a change, a viewer whose body is
unchanged (apart from the clocks' reading of the time) is sent nothing; the
others are sent the parts that changed and the log's new lines, built once per
viewer and shared by its clients. A client numbers the messages it was sent
(`n`); one that misses a number, or reconnects, gets a full state. A client
that did not ask for deltas gets the full state every time, as before.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass

from . import views
from .protocol import Close

MAX_QUEUED_BYTES = 1 << 20  # a slow client's unsent deltas; past it they give way to one full state


def wants_deltas(websocket) -> bool:
    """Whether the socket's URL asked for deltas (`?deltas=1`)."""
    try:
        return websocket.query_params.get("deltas") in ("1", "true")
    except AttributeError:  # (a test's stand-in socket)
        return False


class Client:
    """One WebSocket connection: its seat, what it holds, and the messages waiting to be sent.

    A client without deltas keeps only the newest state (each is complete), so one slow
    connection never grows memory or holds up the others; a client with deltas keeps them in
    order, up to MAX_QUEUED_BYTES, then one full state replaces them.
    """

    def __init__(self, websocket, seat: int | None, token_hash: str | None = None, user_id: str | None = None,
                 session_hash: str | None = None, deltas: bool | None = None) -> None:
        self.websocket = websocket
        self.seat = seat
        # What the socket was opened with: it shows the seat only while these still hold it.
        self.token_hash = token_hash
        self.user_id = user_id
        self.session_hash = session_hash
        self.deltas = wants_deltas(websocket) if deltas is None else deltas
        self.closing = False
        self.close_code = int(Close.SEAT_LOST)
        self.sent = 0                 # state and delta messages numbered so far (their "n")
        self.base: int | None = None  # the version of its viewer's body that it holds (see Pushes)
        self.states: deque[str] = deque()
        self.queued = 0               # bytes in `states`
        self.control: deque[str] = deque(maxlen=100)
        self.wake = asyncio.Event()

    def offer_state(self, body: views.Body, clocks: str) -> None:
        """A full state: it replaces whatever states and deltas were still waiting."""
        if self.closing:
            return
        self.sent += 1
        head = f'{{"type":"state","n":{self.sent},' if self.deltas else '{"type":"state",'
        text = body.text(clocks, head)
        self.states.clear()
        self.states.append(text)
        self.queued = len(text)
        self.wake.set()

    def offer_delta(self, tail: str, body: views.Body, clocks: str) -> None:
        if self.closing:
            return
        if self.queued + len(tail) > MAX_QUEUED_BYTES:
            self.offer_state(body, clocks)
            return
        self.sent += 1
        text = f'{{"type":"delta","n":{self.sent},' + tail
        self.states.append(text)
        self.queued += len(text)
        self.wake.set()

    def offer(self, text: str) -> None:
        if not self.closing:
            self.control.append(text)
            self.wake.set()

    def revoke(self, text: str, code: int = Close.SEAT_LOST) -> None:
        """Send one last message (why), then close with `code` (by default: the socket no longer
        holds its seat)."""
        if self.closing:
            return
        self.states.clear()  # a state not yet sent must not leave after the seat changed hands
        self.control.append(text)
        self.closing = True
        self.close_code = code
        self.wake.set()

    async def run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.control:
                await self.websocket.send_text(self.control.popleft())
            if self.closing:
                await self.websocket.close(code=self.close_code)
                return
            while self.states and not self.closing:
                text = self.states.popleft()
                self.queued -= len(text)
                await self.websocket.send_text(text)


@dataclass
class Record:
    """The body a viewer of a table was last pushed."""

    version: int
    body: views.Body
    clocks: str  # views.clocks_shown


class Pushes:
    """Every table's WebSocket clients, and what each viewer was last pushed."""

    def __init__(self) -> None:
        self.clients: dict[str, set[Client]] = {}
        self.records: dict[str, dict[int | None, Record]] = {}

    def subscribe(self, table_id: str, client: Client) -> None:
        self.clients.setdefault(table_id, set()).add(client)

    def unsubscribe(self, table_id: str, client: Client) -> None:
        clients = self.clients.get(table_id)
        if clients:
            clients.discard(client)
            if not clients:
                del self.clients[table_id]
                self.records.pop(table_id, None)

    def send_state(self, table, client: Client, clocks: dict | None) -> None:
        """One client's full state now (on connect, or when it asks for a resync)."""
        body = table.body(client.seat)
        shown = views.clocks_shown(clocks)
        records = self.records.setdefault(table.id, {})
        record = records.get(client.seat)
        if record is None:
            record = records[client.seat] = Record(1, body, shown)
        # Deltas follow from the record; a client shown something newer gets a full state next time.
        client.base = record.version if record.body.same(body) and record.clocks == shown else None
        client.offer_state(body, views.dumps(clocks))

    def push(self, table, clients: list[Client], clocks: dict | None) -> None:
        """Send each client what changed for its viewer since that viewer's last push."""
        clocks_text = views.dumps(clocks)
        shown = views.clocks_shown(clocks)
        records = self.records.setdefault(table.id, {})
        deltas: dict[int | None, str | None] = {}  # viewer -> its delta's text (None: nothing changed)
        before: dict[int | None, Record | None] = {}
        for client in clients:
            viewer = client.seat
            if viewer not in deltas:
                old = records.get(viewer)
                body = table.body(viewer)
                before[viewer] = old
                if old is not None and old.body.same(body) and old.clocks == shown:
                    deltas[viewer] = None  # (another seat's sealed move, say: it must not learn of it)
                else:
                    records[viewer] = Record(old.version + 1 if old else 1, body, shown)
                    deltas[viewer] = views.delta(old.body, body, clocks_text if clocks else None) if old else ""
            tail = deltas[viewer]
            if tail is None:
                continue
            record, old = records[viewer], before[viewer]
            if client.deltas and old is not None and client.base == old.version:
                client.offer_delta(tail, record.body, clocks_text)
            else:
                client.offer_state(record.body, clocks_text)
            client.base = record.version
