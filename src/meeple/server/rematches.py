"""Rematches of finished tables (part of the hall): the same seats in the next order."""

from __future__ import annotations

import asyncio
import secrets
import time

from meeple.store import reviews as hint_settings

from . import auth, clocks
from .errors import ApiError
from .live import SEED_BITS, LiveTables
from .seating import Seating
from .table import Seat, Table


class Rematches:
    """The next game of a finished table."""

    def __init__(self, live: LiveTables, seating: Seating) -> None:
        self.live = live
        self.seating = seating
        # Rematch table -> seat -> invite token, for the seats still waiting for their player. Only a
        # token's hash is stored, so the links are known to the process that made the rematch.
        self.invites: dict[str, dict[int, str]] = {}

    async def rematch(self, table_id: str, user: dict | None, token: str | None) -> dict:
        """The next game of a finished table: same game, options, clock and seats, the seat order
        rotated by one (the player of seat 1 opens). The first seated player to ask creates it and
        sits down; each other seat is kept for its player until the start, and each player who asks
        is seated at once. The answer has invites for the seats whose players are not there yet."""
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to play again.")
        table = await self.live.table(table_id)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, token, user)
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
            self.live.changed(table)  # everyone at the old table sees the rematch offered
        assert new_id is not None
        new_seat = (seat - 1) % table.players
        rematch = await self._rematch_table(new_id)
        async with self.live.lock(new_id):
            target = rematch.seats[new_seat]
            if target.user_id == user["id"]:
                return {"table": new_id, "seat": new_seat, "token": None, "invites": self._invite_links(rematch)}
            if target.reserved != user["id"] or rematch.status != "open":
                raise ApiError(409, "seat_taken", "Your seat at the rematch is no longer free.")
            new = auth.new_token()
            await self.live.change_seats(rematch, {new_seat: {"user_id": user["id"], "name": user["name"],
                                                              "token_hash": auth.token_hash(new)}})
            if all(s.type == "bot" or s.user_id for s in rematch.seats):
                await self.seating.begin(rematch)
            self.live.changed(rematch)
            return {"table": new_id, "seat": new_seat, "token": new, "invites": self._invite_links(rematch)}

    async def _rematch_table(self, table_id: str) -> Table:
        """The rematch table; another process that named it a moment ago may still be storing it."""
        for _ in range(20):
            try:
                return await self.live.table(table_id)
            except ApiError as exc:
                if exc.status != 404:
                    raise
                await asyncio.sleep(0.05)
        return await self.live.table(table_id)

    async def _create_rematch(self, table: Table) -> None:
        """Store the rematch table and point the finished one at it (call with the old table's lock)."""
        n = table.players
        seed = secrets.randbits(SEED_BITS)
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
        await self.live.change_seats(table, {}, {"rematch": row["id"]})
        new = await self.live.create(row, seat_rows)
        if await self.live.db(hint_settings.hints_off, self.live.store, table.id):  # the creator's choice carries on
            await self.live.db(hint_settings.turn_hints_off, self.live.store, new.id)
        self.invites[new.id] = tokens

    def _invite_links(self, rematch: Table) -> list[dict]:
        """Invite links for the rematch's seats still waiting for their player (known to the process
        that created the rematch; the links are shown to the players who asked for it there)."""
        tokens = self.invites.get(rematch.id, {})
        return [{"seat": s.seat, "name": s.name, "invite": f"/t/{rematch.id}?seat={s.seat}&token={tokens[s.seat]}"}
                for s in rematch.seats if s.type == "human" and s.user_id is None and s.seat in tokens
                and rematch.status == "open"]
