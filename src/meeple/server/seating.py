"""Creating tables and taking, leaving and giving back their seats (part of the hall)."""

from __future__ import annotations

import re
import secrets
import time

from meeple import bots, games
from meeple.engine import OptionError, UnknownGame

from . import auth, clocks, standins
from .errors import ApiError
from .live import SEED_BITS, LiveTables
from .protocol import StandIn
from .table import Seat, Table


def bot_name(level: str) -> str:
    """A bot's name as players read it: its level's words, "search 3 bot" (the level's key, "search3",
    is the API's and the address's; the lobby says "search 3")."""
    return re.sub(r"(?<=[a-z])(?=\d)", " ", level) + " bot"


def _unheld_token() -> str:
    """The hash of a fresh token that is given to nobody: it revokes a seat's current token."""
    return auth.token_hash(auth.new_token())


class Seating:
    """Tables made, and seats taken, given back, left and handed to bots (`stand_in`: the level of
    a bot that takes a free or left seat)."""

    def __init__(self, live: LiveTables, stand_in: str = "greedy") -> None:
        self.live = live
        self.stand_in = stand_in

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
        seed = secrets.randbits(SEED_BITS)
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
        table = await self.live.create(row, seat_rows)
        self.live.changed(table)
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
            return Seat(i, "bot", level, None, bot_name(level), auth.token_hash(token), True, None)
        tokens[i] = token
        return Seat(i, "human", None, None, None, auth.token_hash(token), False, None)

    async def join(self, table_id: str, user: dict | None, token: str | None, seat: int) -> dict:
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to take a seat.")
        table = await self.live.table(table_id)
        async with self.live.lock(table_id):
            if not 0 <= seat < table.players:
                raise ApiError(400, "bad_request", f"This table has seats 0 to {table.players - 1}.")
            held = self.live.identify(table, token, None) if token else None  # (a token of no seat is refused)
            if held is not None and held != seat:
                raise ApiError(403, "forbidden", f"Your invite link is for seat {held + 1}: join that one.")
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
            await self.live.change_seats(table, {seat: changes})
            if table.status == "open" and all(s.type == "bot" or s.user_id for s in table.seats):
                await self.begin(table)
            self.live.changed(table)
        return {"seat": seat, "token": new}

    async def reclaim(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.live.table(table_id)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, token, user)
            return await self._reclaim(table, seat)

    async def _reclaim(self, table: Table, seat: int) -> dict:
        new = auth.new_token()
        changes: dict = {"token_hash": auth.token_hash(new)}
        table_changes: dict = {}
        if table.seats[seat].bot_playing and table.seats[seat].type == "human":
            changes.update(bot_playing=False, reason=None, level=None)
            table_changes["stand_ins"] = standins.closed(table.stand_ins, seat, table.seq)
        if table.status == "running":
            table_changes["clock_state"] = clocks.restart(table.clock, table.clock_state, seat, time.time(),
                                                          table.game.to_move(table.state))
        await self.live.change_seats(table, {seat: changes}, table_changes)
        self.live.changed(table)
        return {"seat": seat, "token": new}

    async def start(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.live.table(table_id)
        async with self.live.lock(table_id):
            self.live.actor(table, token, user)
            if table.status == "open":
                # A bot takes each free seat: its unused invite is revoked (a token nobody holds).
                free = {s.seat: {"type": "bot", "level": self.stand_in, "name": bot_name(self.stand_in),
                                 "bot_playing": True, "token_hash": _unheld_token()}
                        for s in table.seats if s.type == "human" and not s.user_id}
                if free:
                    await self.live.change_seats(table, free)
                await self.begin(table)
                self.live.changed(table)
        return table.summary()

    async def begin(self, table: Table) -> None:
        """The game starts: every seat is held (call with the table's lock held)."""
        state = clocks.on_turns(table.clock, table.clock_state, frozenset(), table.game.to_move(table.state),
                                time.time())
        await self.live.change_seats(table, {}, {"status": "running", "clock_state": state})

    async def leave(self, table_id: str, user: dict | None, token: str | None) -> dict:
        table = await self.live.table(table_id)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, token, user)
            if table.status == "finished":
                raise ApiError(409, "table_closed", "The game is over.")
            if table.status == "open":
                # The leaver's token stops working: the seat is free for the next player's own token.
                await self.live.change_seats(table, {seat: {"user_id": None, "name": None,
                                                            "token_hash": _unheld_token()}})
            else:
                await self.hand_to_bot(table, seat, StandIn.LEFT)
            self.live.changed(table)
        return table.summary()

    async def hand_to_bot(self, table: Table, seat: int, reason: StandIn) -> None:
        """A bot takes the seat (time ran out, or the player left); the player may reclaim it."""
        level = table.seats[seat].level or self.stand_in
        await self.live.change_seats(table, {seat: {"bot_playing": True, "reason": reason, "level": level}},
                                     {"stand_ins": standins.opened(table.stand_ins, seat, reason, table.seq)})
        if table.pending.pop(seat, None):
            await self.live.db(self.live.store.set_pending, table.id, seat, table.seq, [])
