"""A seat taken through one process, its token used at once on another that has not heard of it yet (its
news still on the way): the table is read again before the token is refused, so the player who joined is
not turned into a spectator (close 4403, "That seat token is not valid") by the order the news arrives in.
Two halls in this process share one PostgreSQL database, each told nothing by the other (no bus between
them: the news never arrives). Needs PostgreSQL (skipped elsewhere)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.store import Store


def test_a_token_taken_through_another_process_is_known_once_the_table_is_read_again(pg_url):
    """Where a page opens (its state, its socket) and where a seat acts (a move route)."""
    async def run() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        for store in stores:
            store.share()  # (as RedisBus does: the processes share the database)
        a, b = (Hall(store) for store in stores)
        try:
            made = await a.create_table({"id": "u1", "name": "Ann"},
                                        {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
            table_id = made["table"]
            invites = [seat["invite"].split("token=")[1] for seat in made["seats"]]
            await a.join(table_id, {"id": "u1", "name": "Ann"}, invites[0], 0)
            old = await b.table(table_id)  # B holds the table before Bob joins
            bob = (await a.join(table_id, {"id": "u2", "name": "Bob"}, invites[1], 1))["token"]
            with pytest.raises(ApiError):  # unheard: B's copy does not know Bob's token
                b.identify(old, bob, None)
            table, seat = await b.seat_of(old, bob, None)
            assert seat == 1 and table.seats[1].name == "Bob"
            # A move route too: Carol joins a second table through A and acts through B at once.
            made = await a.create_table({"id": "u1", "name": "Ann"},
                                        {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
            second = made["table"]
            await b.table(second)
            carol = (await a.join(second, {"id": "u3", "name": "Carol"},
                                  made["seats"][1]["invite"].split("token=")[1], 1))["token"]
            assert '"viewer":1,' in await b.moves.reset(second, carol, None)
            with pytest.raises(ApiError) as refused:  # a token nobody holds is still refused, in words
                await b.seat_of(table, "not-a-token", None)
            assert refused.value.status == 403
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_game_started_through_another_process_takes_a_move_there_at_once(pg_url):
    """The last seat taken through A starts the game; a move sent at once through B, which held the table
    while it was open and has not heard of the start, is played, not refused as "not started yet" (a
    fresh-clone run of test_retries met it: its news came after the move)."""
    async def run() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        for store in stores:
            store.share()
        a, b = (Hall(store) for store in stores)
        try:
            made = await a.create_table({"id": "u1", "name": "Ann"},
                                        {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
            table_id = made["table"]
            invites = [seat["invite"].split("token=")[1] for seat in made["seats"]]
            tokens = [(await a.join(table_id, {"id": "u1", "name": "Ann"}, invites[0], 0))["token"]]
            held = await b.table(table_id)
            assert held.status == "open"
            tokens.append((await a.join(table_id, {"id": "u2", "name": "Bob"}, invites[1], 1))["token"])
            started = a.tables[table_id]
            assert started.status == "running" and held.status == "open"  # (B has not heard)
            seat = min(started.game.to_move(started.state))
            move = started.game.move_to_json(started.game.legal_moves(started.state, seat)[0])
            answer = json.loads(await b.moves.move(table_id, tokens[seat], None, 0, move, step=0))
            assert held.status == "running"
            assert answer["seq"] == 1 or answer["pending"] == [move], answer
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_token_taken_just_after_another_unknown_token_was_looked_up_is_known(pg_url):
    """An unknown token had B read the table; Bob joins through A and his page reaches B within CATCH_UP_S
    of that read. B reads the table once more (after waiting out the rest of CATCH_UP_S) rather than
    refusing him on the strength of the read made before he joined."""
    async def run() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        for store in stores:
            store.share()
        a, b = (Hall(store) for store in stores)
        try:
            made = await a.create_table({"id": "u1", "name": "Ann"},
                                        {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
            table_id = made["table"]
            invites = [seat["invite"].split("token=")[1] for seat in made["seats"]]
            await a.join(table_id, {"id": "u1", "name": "Ann"}, invites[0], 0)
            held = await b.table(table_id)
            with pytest.raises(ApiError):  # a token nobody holds: B reads the table, then refuses it
                await b.seat_of(held, "not-a-token", None)
            read_at = time.monotonic()
            bob = (await a.join(table_id, {"id": "u2", "name": "Bob"}, invites[1], 1))["token"]
            table, seat = await b.seat_of(held, bob, None)
            assert time.monotonic() - read_at < 1.0
            assert seat == 1 and table.seats[1].name == "Bob"
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_seat_taken_back_through_another_process_moves_there_at_once(pg_url):
    """Ann left (a bot took her seat) and took it back through A; her move, signed in, goes at once through
    B, which read the table while the bot held her seat: it is played, not refused as the bot's."""
    async def run() -> None:
        stores = [Store(pg_url), Store(pg_url)]
        for store in stores:
            store.share()
        a, b = (Hall(store) for store in stores)
        a.live.change_hooks.remove(a.bots.kick)  # (A's bot does not move meanwhile: the turn stays Ann's)
        try:
            users = [{"id": "u1", "name": "Ann"}, {"id": "u2", "name": "Bob"}]
            made = await a.create_table(users[0], {"game": "picnic", "seats": [{"type": "human"}] * 2,
                                                   "public": False})
            table_id = made["table"]
            invites = [seat["invite"].split("token=")[1] for seat in made["seats"]]
            tokens = [(await a.join(table_id, users[s], invites[s], s))["token"] for s in (0, 1)]
            started = a.tables[table_id]
            seat = min(started.game.to_move(started.state))
            await a.seating.leave(table_id, users[seat], tokens[seat])
            held = await b.table(table_id)
            assert held.seats[seat].bot_playing
            await a.seating.reclaim(table_id, users[seat], None)
            assert held.seats[seat].bot_playing  # (B has not heard)
            move = started.game.move_to_json(started.game.legal_moves(started.state, seat)[0])
            answer = json.loads(await b.moves.move(table_id, None, users[seat], started.seq, move, step=0))
            assert not held.seats[seat].bot_playing
            assert answer["seq"] == started.seq + 1 or answer["pending"] == [move], answer
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())
