"""The hall: every live table, the store behind them, their WebSocket clients, bots and clocks.

All changes to a table go through here, under that table's lock: check the
action (the `Table` plans it), store it in one transaction (the store refuses
a sequence number that is already taken, in this process or another), then
apply it in memory and push the new state to every client, each seeing only
its own seat. Bots run in a process pool; the clock ticker hands overdue seats
to a stand-in bot.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import time
import weakref
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any

from meeple import bots, games
from meeple.engine import IllegalMove, MeepleError, OptionError, UnknownGame
from meeple.store import Conflict, Store, Unavailable, ratings

from . import auth, clocks, summaries, views
from .botpool import FairQueue, choose_move, make_pool, warm_up
from .bus import LocalBus
from .errors import ApiError
from .parking import Parking
from .protocol import StandIn
from .pushes import Client, Pushes
from .table import Seat, Table

log = logging.getLogger("meeple.server")
_SEED_BITS = 63  # fits PostgreSQL's BIGINT
SEAT_CHANGED = ("This seat changed hands (its invite was used, a bot took it, or it was left): this connection "
                "no longer shows it. Open the table again.")


def _unheld_token() -> str:
    """The hash of a fresh token that is given to nobody: it revokes a seat's current token."""
    return auth.token_hash(auth.new_token())


class Hall:
    def __init__(self, store: Store, bus=None, bot_workers: int = 1, stand_in: str = "greedy",
                 tick_s: float = 0.5, max_cached: int = 5000) -> None:
        self.store = store
        self.max_cached = max_cached
        self.bus = bus or LocalBus()
        self.bot_workers = bot_workers
        self.stand_in = stand_in
        self.tick_s = tick_s
        self.tables: dict[str, Table] = {}
        # Weak: a table's lock lives while someone holds or awaits it, so requests for unknown
        # table ids leave nothing behind.
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.pushes = Pushes()
        self.parking = Parking()
        self.clients = self.pushes.clients  # table id -> its WebSocket clients
        self.bot_tasks: dict[tuple[str, int], asyncio.Task] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.bot_queue: FairQueue  # made with the pool, in open()
        self.db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-store")
        self.ticker: asyncio.Task | None = None
        # Rematch table -> seat -> invite token, for the seats still waiting for their player. Only a
        # token's hash is stored, so the links are known to the process that made the rematch.
        self.rematch_invites: dict[str, dict[int, str]] = {}
        # More readers of another process's changes to a table (the chat, server/chat.py).
        self.remote_hooks: list = []

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
        for table in list(self.tables.values()):
            self.kick(table)

    async def close(self) -> None:
        if self.ticker:
            self.ticker.cancel()
        for task in list(self.bot_tasks.values()):
            task.cancel()
        await self.bus.close()
        if self.pool:
            self.pool.shutdown(wait=True, cancel_futures=True)  # at most one bot move still running
        self.db_thread.shutdown(wait=True)
        self.store.close()

    async def db(self, fn, *args):
        """Run a blocking store call on the store's own thread."""
        return await asyncio.get_running_loop().run_in_executor(self.db_thread, partial(fn, *args))

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            async with self.lock(table_id):
                table = self.tables.get(table_id) or self._unpark(table_id) or await self._load(table_id)
        self.parking.touch(table_id, time.monotonic())
        return table

    def _unpark(self, table_id: str) -> Table | None:
        table = self.parking.unpark(table_id)
        if table is not None:
            self.tables[table_id] = table
        return table

    def park_idle(self, now: float) -> None:
        """Park the finished tables that nobody watched or asked for a while (see parking.py)."""
        for table_id in self.parking.idle(self.tables, self._busy, now):
            self.parking.park(self.tables.pop(table_id))

    def _busy(self, table_id: str) -> bool:
        lock = self.locks.get(table_id)
        return table_id in self.clients or bool(lock and lock.locked())

    async def _load(self, table_id: str) -> Table:
        row = await self.db(self.store.load_table, table_id)
        self.parking.forget(table_id)  # (the store's rows are newer)
        if row is None:
            raise ApiError(404, "not_found", "There is no such table.")
        try:
            table = Table.from_rows(row)
        except MeepleError as exc:
            # A log stored under older rules can hold a move they wrongly accepted (before issue 13
            # a Ninety-Nine play could pass as a bid card): say so, change nothing.
            log.error("cannot rebuild table %s: %s", table_id, exc)
            raise ApiError(409, "table_unreadable", "This table cannot be opened: its stored moves no longer "
                           f"replay under the current rules ({exc}). Nothing was changed.") from None
        self.tables[table_id] = table
        if len(self.tables) > self.max_cached:
            self._forget_finished()
        return table

    def _forget_finished(self) -> None:
        """Drop finished tables nobody is watching from memory (they reload from the store on demand)."""
        for table_id, table in list(self.tables.items()):
            if len(self.tables) <= self.max_cached // 2:
                return
            lock = self.locks.get(table_id)
            if table.status == "finished" and table_id not in self.clients and not (lock and lock.locked()):
                del self.tables[table_id]
                self.locks.pop(table_id, None)

    # ----- who is acting -------------------------------------------------------

    @staticmethod
    def identify(table: Table, token: str | None, user: dict | None) -> int | None:
        """The seat the caller holds: by seat token, else by the signed-in user; None for a spectator."""
        if token:
            digest = auth.token_hash(token)
            for seat in table.seats:
                if hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
            raise ApiError(403, "forbidden", "That seat token is not valid for this table.")
        if user:
            for seat in table.seats:
                if seat.user_id == user["id"]:
                    return seat.seat
        return None

    def actor(self, table: Table, token: str | None, user: dict | None) -> int:
        seat = self.identify(table, token, user)
        if seat is None:
            raise ApiError(403, "forbidden", "Only a seated player can do that: use your invite link or sign in.")
        return seat

    # ----- bodies for clients ----------------------------------------------------------

    def clocks_body(self, table: Table) -> dict | None:
        if table.clock["mode"] == "none":
            return None
        return clocks.body(table.clock, table.clock_state, table.players, time.time())

    def state_body(self, table: Table, seat: int | None) -> dict:
        return table.state_body(seat, self.clocks_body(table))

    def state_text(self, table: Table, seat: int | None) -> str:
        """The state body as JSON text: what GET state and the answer to a move send."""
        return table.body(seat).text(views.dumps(self.clocks_body(table)))

    @staticmethod
    def holds(table: Table, client: Client) -> bool:
        """Whether a socket's credentials still hold the seat it shows: the seat's current token, or
        the session of the seat's current occupant (a spectator's socket holds nothing to lose)."""
        if client.seat is None:
            return True
        seat = table.seats[client.seat]
        if client.token_hash is not None:
            return hmac.compare_digest(seat.token_hash, client.token_hash)
        return client.user_id is not None and seat.user_id == client.user_id

    def revoke(self, table_id: str, client: Client, message: str) -> None:
        """Tell a socket why it is closed, close it, and send it nothing more."""
        self.unsubscribe(table_id, client)
        client.revoke(json.dumps({"type": "error", "code": "forbidden", "message": message}))

    async def sign_out(self, session_hash: str) -> None:
        """End a session: in the store, here, and (over the bus) in the other processes."""
        await self.db(self.store.delete_session, session_hash)
        self.end_session(session_hash)
        self.bus.publish_session_end(session_hash)

    def end_session(self, session_hash: str) -> None:
        """A session signed out (here or in another process): close every socket opened with it."""
        for table_id, clients in list(self.clients.items()):
            for client in list(clients):
                if client.session_hash == session_hash:
                    self.revoke(table_id, client, "You signed out: sign in again to follow this table.")

    def push(self, table: Table, only_seat: int | None = -1) -> None:
        """Send the new state to the table's clients, each its own seat's view (see pushes.py).

        `only_seat` limits the push to one seat's clients (a pending move that
        nobody else may see yet); -1 means everyone. A socket whose seat changed
        holder (a new token, another occupant, a bot) is closed first, before
        anything of the seat's new view is built for it.
        """
        clients = []
        for client in list(self.clients.get(table.id, ())):
            if not self.holds(table, client):
                self.revoke(table.id, client, SEAT_CHANGED)
            elif only_seat == -1 or client.seat == only_seat:
                clients.append(client)
        if clients:
            self.pushes.push(table, clients, self.clocks_body(table))

    def send_state(self, table: Table, client: Client) -> None:
        """Send one client its state now (on connect, or when it asks for a resync)."""
        if client.closing:
            return
        if not self.holds(table, client):
            self.revoke(table.id, client, SEAT_CHANGED)
            return
        self.pushes.send_state(table, client, self.clocks_body(table))

    def subscribe(self, table_id: str, client: Client) -> None:
        self.pushes.subscribe(table_id, client)

    def unsubscribe(self, table_id: str, client: Client) -> None:
        self.pushes.unsubscribe(table_id, client)

    async def _changed(self, table: Table) -> None:
        """After a stored change: push here, tell the other processes, let bots move."""
        self.push(table)
        self.bus.publish(table.id)
        self.kick(table)

    async def on_remote_change(self, table_id: str | None) -> None:
        """Another process stored a change: read it and push it to our clients (None: every table)."""
        if table_id is None:
            for known in list(self.tables):
                await self.on_remote_change(known)
            return
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is None:
                try:
                    table = await self._load(table_id)
                except ApiError:
                    return  # a table of another hall sharing this Redis
            else:
                await self._refresh(table)
            self.push(table)
        self.kick(table)
        for hook in self.remote_hooks:
            await hook(table_id)

    async def _refresh(self, table: Table) -> None:
        """Catch up with rows other processes wrote (call with the table's lock held)."""
        moves = await self.db(self.store.moves_since, table.id, table.seq)
        header = await self.db(self.store.table_header, table.id)
        table.add_stored(moves)
        table.update_header(header)
        table.set_pending_rows(header["pending"])

    # ----- creating and joining tables ------------------------------------------------

    async def create_table(self, user: dict, body: dict) -> dict:
        try:
            game = games.get(body["game"])
        except UnknownGame as exc:
            raise ApiError(404, "unknown_game", str(exc)) from None
        specs = body["seats"]
        players = body.get("players", len(specs))
        if not isinstance(specs, list) or not specs:
            raise ApiError(400, "bad_request", "'seats' lists each seat: {\"type\": \"human\"} or "
                                               "{\"type\": \"bot\", \"level\": \"greedy\"}.")
        if players != len(specs):
            raise ApiError(400, "bad_request", f"'players' is {players} but {len(specs)} seats are listed.")
        options = body.get("options") or {}
        seed = secrets.randbits(_SEED_BITS)
        try:
            initial = game.setup(players, options, seed)
        except OptionError as exc:
            raise ApiError(400, "bad_option", str(exc)) from None
        clock = clocks.validate(body.get("clock"))
        rated = body.get("rated")
        if rated is None:
            rated = players >= 2  # rated by default; a solo table keeps a personal best instead
        elif rated and players < 2:
            raise ApiError(400, "bad_request", "A solo table is not rated (it keeps your personal best): "
                                               "leave 'rated' out or set it to false.")
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(specs):
            seats.append(self._new_seat(i, spec, tokens))
        join = body.get("join_seat")
        if join is not None:
            if isinstance(join, bool) or not isinstance(join, int) or not 0 <= join < players \
                    or seats[join].type != "human":
                raise ApiError(400, "bad_request", "'join_seat' must be the number of a human seat, or null.")
            seats[join].user_id, seats[join].name = user["id"], user["name"]
        now = time.time()
        full = all(s.type == "bot" or s.user_id for s in seats)
        status = "running" if full else "open"
        clock_state = clocks.initial_state(clock, players)
        if status == "running":
            clock_state = clocks.on_turns(clock, clock_state, frozenset(), game.to_move(initial), now)
        row = {"id": auth.new_id(), "game": game.id, "players": players, "options": options, "seed": seed,
               "clock": clock, "clock_state": clock_state, "public": bool(body.get("public", True)),
               "status": status, "creator": user["id"], "created": now, "version": 0, "rated": bool(rated),
               "rematch": None}
        seat_rows = [vars(s) for s in seats]
        await self.db(self.store.create_table, row, seat_rows)
        table = Table.from_rows({**row, "seats": seat_rows, "moves": [], "pending": {}})
        self.tables[table.id] = table
        await self._changed(table)
        return {
            "table": table.id,
            "seats": [{**s.public(), "invite": (f"/t/{table.id}?seat={s.seat}&token={tokens[s.seat]}"
                                                if s.seat in tokens else None)} for s in table.seats],
            "my_seat": join,
            "token": tokens.get(join) if join is not None else None,
        }

    def _new_seat(self, i: int, spec, tokens: dict) -> Seat:
        allowed = {"human": {"type"}, "bot": {"type", "level"}}
        if not isinstance(spec, dict) or spec.get("type") not in allowed or set(spec) - allowed[spec["type"]]:
            raise ApiError(400, "bad_request", f"Seat {i}: use {{\"type\": \"human\"}} or "
                                               f"{{\"type\": \"bot\", \"level\": \"greedy\"}}.")
        token = auth.new_token()
        if spec["type"] == "bot":
            level = spec.get("level", "greedy")
            if level not in bots.levels():
                raise ApiError(400, "bad_request",
                               f"Seat {i}: unknown bot '{level}'. Bots: {', '.join(bots.levels())}.")
            return Seat(i, "bot", level, None, f"{level} bot", auth.token_hash(token), True, None)
        tokens[i] = token
        return Seat(i, "human", None, None, None, auth.token_hash(token), False, None)

    async def join(self, table_id: str, user: dict | None, token: str | None, seat: int) -> dict:
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to take a seat.")
        table = await self.table(table_id)
        async with self.lock(table_id):
            if not 0 <= seat < table.players:
                raise ApiError(400, "bad_request", f"This table has seats 0 to {table.players - 1}.")
            if token and self.identify(table, token, None) != seat:
                raise ApiError(403, "forbidden", "That invite is for another seat.")
            target = table.seats[seat]
            if table.status == "finished":
                raise ApiError(409, "table_closed", "The game is over.")
            if target.type == "bot":
                raise ApiError(409, "seat_taken", "A bot plays that seat.")
            if target.user_id == user["id"]:
                return await self._reclaim(table, seat)
            if target.user_id is not None:
                raise ApiError(409, "seat_taken", "Someone already sits there.")
            if target.reserved not in (None, user["id"]) and not token:
                raise ApiError(409, "seat_taken", "That seat is kept for its player from the last game: ask them "
                                                  "for the invite, or take another seat.")
            if not token and any(s.user_id == user["id"] for s in table.seats):
                raise ApiError(409, "seat_taken", "You already have a seat at this table.")
            new = auth.new_token()
            changes = {"user_id": user["id"], "name": user["name"], "token_hash": auth.token_hash(new)}
            await self._change_seats(table, {seat: changes})
            if table.status == "open" and all(s.type == "bot" or s.user_id for s in table.seats):
                await self._start(table)
            await self._changed(table)
        return {"seat": seat, "token": new}

    async def reclaim(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, token, user)
            return await self._reclaim(table, seat)

    async def _reclaim(self, table: Table, seat: int) -> dict:
        new = auth.new_token()
        changes: dict = {"token_hash": auth.token_hash(new)}
        if table.seats[seat].bot_playing and table.seats[seat].type == "human":
            changes.update(bot_playing=False, reason=None, level=None)
        table_changes = {}
        if table.status == "running":
            table_changes["clock_state"] = clocks.restart(table.clock, table.clock_state, seat, time.time(),
                                                          table.game.to_move(table.state))
        await self._change_seats(table, {seat: changes}, table_changes)
        await self._changed(table)
        return {"seat": seat, "token": new}

    async def start(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.table(table_id)
        async with self.lock(table_id):
            self.actor(table, token, user)
            if table.status == "open":
                # A bot takes each free seat: its unused invite is revoked (a token nobody holds).
                free = {s.seat: {"type": "bot", "level": self.stand_in, "name": f"{self.stand_in} bot",
                                 "bot_playing": True, "token_hash": _unheld_token()}
                        for s in table.seats if s.type == "human" and not s.user_id}
                if free:
                    await self._change_seats(table, free)
                await self._start(table)
                await self._changed(table)
        return table.summary()

    async def _start(self, table: Table) -> None:
        state = clocks.on_turns(table.clock, table.clock_state, frozenset(), table.game.to_move(table.state),
                                time.time())
        await self._change_seats(table, {}, {"status": "running", "clock_state": state})

    async def leave(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, token, user)
            if table.status == "finished":
                raise ApiError(409, "table_closed", "The game is over.")
            if table.status == "open":
                # The leaver's token stops working: the seat is free for the next player's own token.
                await self._change_seats(table, {seat: {"user_id": None, "name": None,
                                                        "token_hash": _unheld_token()}})
            else:
                await self._stand_in(table, seat, StandIn.LEFT)
            await self._changed(table)
        return table.summary()

    async def _stand_in(self, table: Table, seat: int, reason: StandIn) -> None:
        """A bot takes the seat (time ran out, or the player left); the player may reclaim it."""
        level = table.seats[seat].level or self.stand_in
        await self._change_seats(table, {seat: {"bot_playing": True, "reason": reason, "level": level}})
        if table.pending.pop(seat, None):
            await self.db(self.store.set_pending, table.id, seat, table.seq, [])

    async def _change_seats(self, table: Table, seats: dict[int, dict], changes: dict | None = None) -> None:
        """Store seat and table changes, then apply them here (call with the table's lock held)."""
        try:
            await self.db(self.store.update_table, table.id, changes or {}, seats, table.version)
        except Conflict:
            await self._refresh(table)
            raise ApiError(409, "conflict", "The table just changed: look again and retry.") from None
        for seat, fields in seats.items():
            for key, value in fields.items():
                setattr(table.seats[seat], key, value)
        for key, value in (changes or {}).items():
            setattr(table, key, value)
        table.version += 1

    # ----- play --------------------------------------------------------------------------

    async def move(self, table_id: str, seat_token: str | None, user: dict | None, seq, move) -> str:
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, seat_token, user)
            await self._check_seq(table, seat, seq)
            expect = await self._stored_pending(table, seat)
            plan = table.plan_move(seat, move)
            if plan.commit:
                await self._commit(table, seat, plan.commit, expect)
            else:
                await self._set_pending(table, seat, plan.pending, expect)
            return self.state_text(table, seat)

    async def confirm(self, table_id: str, seat_token: str | None, user: dict | None, seq) -> str:
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, seat_token, user)
            await self._check_seq(table, seat, seq)
            expect = await self._stored_pending(table, seat)
            plan = table.plan_confirm(seat)
            await self._commit(table, seat, plan.commit, expect)
            return self.state_text(table, seat)

    async def reset(self, table_id: str, seat_token: str | None, user: dict | None) -> str:
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, seat_token, user)
            expect = await self._stored_pending(table, seat)
            if table.pending.get(seat) or expect:
                await self._set_pending(table, seat, [], expect)
            return self.state_text(table, seat)

    async def _stored_pending(self, table: Table, seat: int) -> list | None:
        """The seat's pending turn as stored now, when other processes may write it (None with one
        process, where the table's lock already orders every write). The write that follows is a
        compare-and-set against it, as a stored move is against its sequence number."""
        if isinstance(self.bus, LocalBus):
            return None
        stored = await self.db(self.store.pending_moves, table.id, seat)
        if stored != [table.game.move_to_json(m) for m in table.pending.get(seat, [])]:
            await self._refresh(table)  # another process changed the turn: plan on what it stored
        return stored

    def _pending_json(self, table: Table, seat: int) -> list:
        return [table.game.move_to_json(m) for m in table.pending.get(seat, [])]

    async def _check_seq(self, table: Table, seat: int, seq) -> None:
        """The seat's post must answer the newest position it was shown: the seq *it* sees (other
        seats' sealed moves do not count, see Table.window)."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise ApiError(400, "bad_request", "'seq' must be the last sequence number you have seen.")
        if seq > table.seen_seq(seat):
            await self._refresh(table)  # another process may have stored moves we have not read yet
        seen = table.seen_seq(seat)
        if seq != seen:
            raise ApiError(409, "stale_seq", f"The table has moved on (now at move {seen}, you sent {seq}): "
                                             "nothing was played. Look at the new position and try again.")

    async def _set_pending(self, table: Table, seat: int, moves: list, expect: list | None = None) -> None:
        """Store the seat's pending turn (a compare-and-set against `expect`, see _stored_pending)."""
        seen = table.seen_seq(seat)
        for attempt in range(5):
            try:
                await self.db(self.store.set_pending, table.id, seat, table.seq,
                              [table.game.move_to_json(m) for m in moves], expect)
                break
            except Conflict:
                await self._refresh(table)
                # Another seat's sealed move moved the log on, showing this seat nothing: store again
                # after it (as in _commit). Anything else changed what the move was planned on.
                if expect is not None and self._pending_json(table, seat) == expect \
                        and table.seen_seq(seat) == seen and attempt < 4:
                    continue
                raise ApiError(409, "conflict", "Your turn changed meanwhile (in another window?): nothing was "
                                                "changed. Look at it again and retry.") from None
        if moves:
            table.pending[seat] = moves
        else:
            table.pending.pop(seat, None)
        table._pending_cache.clear()
        self.push(table, only_seat=seat)
        self.bus.publish(table.id)

    async def _commit(self, table: Table, seat: int, moves: list, expect: list | None = None) -> None:
        """Store moves in one transaction, then apply, push and let bots move (lock held).

        `expect`: the seat's stored pending turn that `moves` were planned on (see _stored_pending)."""
        now = time.time()
        seen = table.seen_seq(seat)
        for attempt in range(5):
            changes, final = self._changes_after(table, seat, moves, now)
            rows = [(seat, table.game.move_to_json(m), now) for m in moves]
            # The move that ends the game stores the results (and a rated table's new ratings) with it.
            results = table.results(final, now) if changes.get("status") == "finished" else None
            try:
                await self.db(self.store.append_moves, table.id, table.seq + 1, rows, changes, (seat,), expect,
                              results)
            except Conflict:
                await self._refresh(table)
                if expect is not None and self._pending_json(table, seat) != expect:
                    raise ApiError(409, "conflict", "Your turn changed meanwhile (in another window?): nothing "
                                                    "was played. Look at it again and retry.") from None
                # Another process stored first. If that was another seat's sealed move, this seat was
                # shown nothing of it (a stale_seq would tell it that someone moved): its move still
                # answers what it saw, so it is checked again and stored after that one.
                if table.seen_seq(seat) == seen and attempt < 4:
                    continue
                raise ApiError(409, "stale_seq", "Another move was stored first: nothing was played. "
                                                 "Look at the new position and try again.") from None
            break
        table.commit(moves, seat, now)
        table.pending.pop(seat, None)
        for key, value in changes.items():
            setattr(table, key, value)
        table.version += 1
        await self._changed(table)

    @staticmethod
    def _changes_after(table: Table, seat: int, moves: list, now: float) -> tuple[dict[str, Any], Any]:
        """The table fields that storing `moves` changes, and the position after them (the moves are
        checked again: nothing illegal is ever stored)."""
        game = table.game
        state = table.state
        try:
            for move in moves:
                state, _ = game.play(state, seat, move)
        except IllegalMove as exc:
            raise ApiError(422, "illegal_move", str(exc)) from None
        before, after = game.to_move(table.state), game.to_move(state)
        changes: dict[str, Any] = {"clock_state": clocks.on_turns(table.clock, table.clock_state, before, after, now)}
        if game.is_over(state):
            changes["status"] = "finished"
        return changes, state

    async def preview(self, table_id: str, seat_token: str | None, user: dict | None, move) -> dict:
        table = await self.table(table_id)
        seat = self.actor(table, seat_token, user)
        return {"sheets": table.preview(seat, move)}

    # ----- bots and clocks ------------------------------------------------------------------

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
                seed = (table.seed ^ (seq * 0x9E3779B97F4A7C15) ^ seat) & ((1 << _SEED_BITS) - 1)
                position = table.game.to_json(table.state)
                # A fair share per table creator: one user's many bots never starve another's.
                move_json = await self.bot_queue.run(table.creator or table.id, choose_move, table.game.id,
                                                     position, seat, level, seed)
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

    # ----- lists -------------------------------------------------------------------------

    async def lobby(self) -> list[dict]:
        out = []
        for table_id in await self.db(self.store.lobby_ids):
            summary = await self._listable(table_id, lambda table: table.summary())
            if summary is not None:
                out.append(summary)
        return out

    async def mine(self, user: dict) -> list[dict]:
        def entry(table: Table) -> dict | None:
            seat = next((s.seat for s in table.seats if s.user_id == user["id"]), None)
            if seat is None:
                # A rematch seat kept for the user is an invitation (until the table starts).
                kept = next((s.seat for s in table.seats if s.reserved == user["id"] and s.user_id is None), None)
                if kept is None or table.status != "open":
                    return None  # another process changed the seat a moment ago
                return {**table.summary(), "my_seat": None, "my_turn": False, "invited_seat": kept}
            my_turn = table.status == "running" and seat in table.game.to_move(table.state)
            return {**table.summary(), "my_seat": seat, "my_turn": my_turn}

        ids = await self.db(self.store.user_table_ids, user["id"])
        # Finished tables not in memory come from their stored summaries: nothing is replayed here.
        stored = await self.db(self.store.finished_summaries, [i for i in ids if i not in self.tables])
        out = []
        for table_id in ids:
            summary = stored.get(table_id)
            if summary is None and table_id not in self.tables:
                summary = await summaries.replay_and_keep(self, table_id)
            if summary is not None:
                item = summaries.finished_entry(summary, user["id"])
            else:
                item = await self._listable(table_id, entry)
            if item is not None:
                out.append(item)
        out.sort(key=lambda t: not t["my_turn"])
        return out

    async def _listable(self, table_id: str, build) -> dict | None:
        """One table's entry in a list, or None when it cannot be shown: a list is for everyone, so
        one table that does not load or serialise (say, stored by an older version with an infinite
        clock) is left out and logged, never the whole list's failure."""
        try:
            item = build(await self.table(table_id))
            if item is not None:
                json.dumps(item, allow_nan=False)
            return item
        except Unavailable:
            raise
        except Exception:
            log.exception("table %s cannot be listed", table_id)
            return None

    # ----- ratings, players, rematches -------------------------------------------------------

    async def leaderboard(self, game_id: str, limit: int = 100) -> dict:
        """A game's rated players, best first: read from the stored ratings, nothing is replayed."""
        game = _game_or_404(game_id)
        rows = await self.db(self.store.leaderboard, game.id, limit)
        return {"game": game.id, "game_name": game.name, "players": [
            {"place": i, "player": r["player"], "name": r["name"], "bot": r["player"].startswith("bot:"),
             "rating": ratings.shown(r["mu"], r["sigma"]), "mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3),
             "games": r["games"]} for i, r in enumerate(rows, start=1)]}

    async def player(self, name: str) -> dict:
        """A player's page: ratings per game with their history, personal bests of solo games,
        recent games and games played per title (all from stored results)."""
        if name.startswith("bot:"):
            level = name[4:]
            if level not in bots.levels():
                raise ApiError(404, "not_found", f"There is no bot '{level}'. Bots: {', '.join(bots.levels())}.")
            who = {"player": name, "name": f"{level} bot", "username": None, "bot": True, "guest": False}
        else:
            found = await self.db(self.store.user_by_name, name.lower())
            user = found[0] if found else await self.db(self.store.user_by_id, name)
            if user is None:
                raise ApiError(404, "not_found", "There is no such player.")
            who = {"player": user["id"], "name": user["name"], "username": user["username"], "bot": False,
                   "guest": user["guest"]}
        rated = await self.db(self.store.player_ratings, who["player"])
        results = await self.db(self.store.player_results, who["player"])
        history: dict[str, list[dict]] = {}
        best: dict[str, dict] = {}
        played: dict[str, int] = {}
        for r in reversed(results):  # oldest first
            played[r["game"]] = played.get(r["game"], 0) + 1
            if r["rated"] and r["mu"] is not None:
                history.setdefault(r["game"], []).append(
                    {"table": r["table_id"], "created": r["created"], "rating": ratings.shown(r["mu"], r["sigma"])})
            if r["players"] == 1:
                mine = (r["rank"] == 1, r["score"])
                old = best.get(r["game"])
                if old is None or mine > (old["won"], old["score"]):
                    best[r["game"]] = {"game": r["game"], "game_name": _game_name(r["game"]), "won": mine[0],
                                       "score": r["score"], "table": r["table_id"], "created": r["created"]}
        return {**who,
                "ratings": [{"game": g["game"], "game_name": _game_name(g["game"]),
                             "rating": ratings.shown(g["mu"], g["sigma"]), "mu": round(g["mu"], 3),
                             "sigma": round(g["sigma"], 3), "games": g["games"],
                             "history": history.get(g["game"], [])} for g in rated],
                "bests": list(best.values()),
                "recent": [{"table": r["table_id"], "game": r["game"], "game_name": _game_name(r["game"]),
                            "created": r["created"], "players": r["players"], "rank": r["rank"], "score": r["score"],
                            "rated": r["rated"], "won": r["rank"] == 1,
                            "rating": ratings.shown(r["mu"], r["sigma"]) if r["mu"] is not None else None,
                            "replay": f"/t/{r['table_id']}"} for r in results[:20]],
                "played": [{"game": g, "game_name": _game_name(g), "tables": n}
                           for g, n in sorted(played.items(), key=lambda item: -item[1])]}

    async def rematch(self, table_id: str, user: dict | None, token: str | None) -> dict:
        """The next game of a finished table: same game, options, clock and seats, the seat order
        rotated by one (the player of seat 1 opens). The first seated player to ask creates it and
        sits down; each other seat is kept for its player until the start, and each player who asks
        is seated at once. The answer has invites for the seats whose players are not there yet."""
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to play again.")
        table = await self.table(table_id)
        async with self.lock(table_id):
            seat = self.actor(table, token, user)
            if table.status != "finished":
                raise ApiError(409, "table_closed", "A rematch is offered once the game is over.")
            if table.rematch is None:
                try:
                    await self._create_rematch(table)
                except ApiError as exc:
                    # Another process made the rematch first (we have read it): join that one.
                    if exc.code != "conflict" or table.rematch is None:
                        raise
            new_id = table.rematch
            await self._changed(table)  # everyone at the old table sees the rematch offered
        assert new_id is not None
        new_seat = (seat - 1) % table.players
        rematch = await self._rematch_table(new_id)
        async with self.lock(new_id):
            target = rematch.seats[new_seat]
            if target.user_id == user["id"]:
                return {"table": new_id, "seat": new_seat, "token": None, "invites": self._rematch_invites(rematch)}
            if target.reserved != user["id"] or rematch.status != "open":
                raise ApiError(409, "seat_taken", "Your seat at the rematch is no longer free.")
            new = auth.new_token()
            await self._change_seats(rematch, {new_seat: {"user_id": user["id"], "name": user["name"],
                                                          "token_hash": auth.token_hash(new)}})
            if all(s.type == "bot" or s.user_id for s in rematch.seats):
                await self._start(rematch)
            await self._changed(rematch)
            return {"table": new_id, "seat": new_seat, "token": new, "invites": self._rematch_invites(rematch)}

    async def _rematch_table(self, table_id: str) -> Table:
        """The rematch table; another process that named it a moment ago may still be storing it."""
        for _ in range(20):
            try:
                return await self.table(table_id)
            except ApiError as exc:
                if exc.status != 404:
                    raise
                await asyncio.sleep(0.05)
        return await self.table(table_id)

    async def _create_rematch(self, table: Table) -> None:
        """Store the rematch table and point the finished one at it (call with the old table's lock)."""
        n = table.players
        seed = secrets.randbits(_SEED_BITS)
        table.game.setup(n, table.options, seed)
        now = time.time()
        seat_rows = []
        tokens: dict[int, str] = {}
        for i in range(n):
            old = table.seats[(i + 1) % n]  # the next seat order: old seat 1 opens the new game
            token = auth.new_token()
            if old.type == "bot":
                seat_rows.append(vars(Seat(i, "bot", old.level, None, old.name, auth.token_hash(token), True, None)))
            else:
                tokens[i] = token
                seat_rows.append(vars(Seat(i, "human", None, None, old.name, auth.token_hash(token), False, None,
                                           reserved=old.user_id)))
        row = {"id": auth.new_id(), "game": table.game.id, "players": n, "options": table.options, "seed": seed,
               "clock": table.clock, "clock_state": clocks.initial_state(table.clock, n), "public": table.public,
               "status": "open", "creator": table.creator, "created": now, "version": 0, "rated": table.rated,
               "rematch": None}
        # The finished table names its rematch first: a second process asking at the same moment
        # loses that write (a conflict) and joins this rematch, so no second table is made.
        await self._change_seats(table, {}, {"rematch": row["id"]})
        await self.db(self.store.create_table, row, seat_rows)
        new = Table.from_rows({**row, "seats": seat_rows, "moves": [], "pending": {}})
        self.tables[new.id] = new
        self.rematch_invites[new.id] = tokens

    def _rematch_invites(self, rematch: Table) -> list[dict]:
        """Invite links for the rematch's seats still waiting for their player (known to the process
        that created the rematch; the links are shown to the players who asked for it there)."""
        tokens = self.rematch_invites.get(rematch.id, {})
        return [{"seat": s.seat, "name": s.name, "invite": f"/t/{rematch.id}?seat={s.seat}&token={tokens[s.seat]}"}
                for s in rematch.seats if s.type == "human" and s.user_id is None and s.seat in tokens
                and rematch.status == "open"]


def _game_or_404(game_id: str):
    try:
        return games.get(game_id)
    except UnknownGame as exc:
        raise ApiError(404, "unknown_game", str(exc)) from None


def _game_name(game_id: str) -> str:
    try:
        return games.get(game_id).name
    except Exception:  # a game removed since: its results stay listed under its id
        return game_id
