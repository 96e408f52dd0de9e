"""What one process changed about a table's seats, used at once on another that has not heard of it yet
(its news still on the way): the table is read again before the request is refused. A token taken through
A is known on B, so the player who joined is not turned into a spectator (close 4403, "That seat token is
not valid") by the order the news arrives in; a move at a game A started, or at a seat taken back from its
bot through A, is played, not refused as "not started yet" or as the bot's.
Two halls in this process share one PostgreSQL database, each told nothing by the other (no bus between
them: the news never arrives). Needs PostgreSQL (skipped elsewhere)."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager

import pytest

from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.store import Store

ANN, BOB, CAROL = ({"id": f"u{i}", "name": name} for i, name in enumerate(("Ann", "Bob", "Carol"), 1))


@asynccontextmanager
async def two_halls(pg_url: str):
    """Halls A and B on one database, with no news between them."""
    stores = [Store(pg_url), Store(pg_url)]
    for store in stores:
        store.share()  # (as RedisBus does: the processes share the database)
    halls = [Hall(store) for store in stores]
    try:
        yield halls
    finally:
        for hall in halls:
            await hall.close()


async def picnic_for_two(hall: Hall) -> tuple[str, list[str]]:
    """A new two-seat Picnic table: its id and its seats' invite tokens."""
    made = await hall.create_table(ANN, {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
    return made["table"], [seat["invite"].split("token=")[1] for seat in made["seats"]]


def first_move(table) -> tuple[int, dict]:
    """The seat to move and its first legal move, as JSON."""
    seat = min(table.game.to_move(table.state))
    return seat, table.game.move_to_json(table.game.legal_moves(table.state, seat)[0])


def test_a_token_taken_through_another_process_is_known_once_the_table_is_read_again(pg_url):
    """Where a page opens (its state, its socket) and where a seat acts (a move route)."""
    async def run() -> None:
        async with two_halls(pg_url) as (a, b):
            table_id, invites = await picnic_for_two(a)
            await a.join(table_id, ANN, invites[0], 0)
            old = await b.table(table_id)  # B holds the table before Bob joins
            bob = (await a.join(table_id, BOB, invites[1], 1))["token"]
            with pytest.raises(ApiError):  # unheard: B's copy does not know Bob's token
                b.identify(old, bob, None)
            table, seat = await b.seat_of(old, bob, None)
            assert seat == 1 and table.seats[1].name == "Bob"
            # A move route too: Carol joins a second table through A and acts through B at once.
            second, invites = await picnic_for_two(a)
            await b.table(second)
            carol = (await a.join(second, CAROL, invites[1], 1))["token"]
            assert '"viewer":1,' in await b.moves.reset(second, carol, None)
            with pytest.raises(ApiError) as refused:  # a token nobody holds is still refused, in words
                await b.seat_of(table, "not-a-token", None)
            assert refused.value.status == 403

    asyncio.run(run())


def test_a_game_started_through_another_process_takes_a_move_there_at_once(pg_url):
    """The last seat taken through A starts the game; a move sent at once through B, which held the table
    while it was open and has not heard of the start, is played, not refused as "not started yet" (a
    fresh-clone run of test_retries met it: its news came after the move)."""
    async def run() -> None:
        async with two_halls(pg_url) as (a, b):
            table_id, invites = await picnic_for_two(a)
            tokens = [(await a.join(table_id, ANN, invites[0], 0))["token"]]
            held = await b.table(table_id)
            assert held.status == "open"
            tokens.append((await a.join(table_id, BOB, invites[1], 1))["token"])
            started = a.tables[table_id]
            assert started.status == "running" and held.status == "open"  # (B has not heard)
            seat, move = first_move(started)
            answer = json.loads(await b.moves.move(table_id, tokens[seat], None, 0, move, step=0))
            assert held.status == "running"
            assert answer["seq"] == 1 or answer["pending"] == [move], answer

    asyncio.run(run())


def test_a_token_taken_just_after_another_unknown_token_was_looked_up_is_known(pg_url):
    """An unknown token had B read the table; Bob joins through A and his page reaches B within CATCH_UP_S
    of that read. B reads the table once more (after waiting out the rest of CATCH_UP_S) rather than
    refusing him on the strength of the read made before he joined."""
    async def run() -> None:
        async with two_halls(pg_url) as (a, b):
            table_id, invites = await picnic_for_two(a)
            await a.join(table_id, ANN, invites[0], 0)
            held = await b.table(table_id)
            with pytest.raises(ApiError):  # a token nobody holds: B reads the table, then refuses it
                await b.seat_of(held, "not-a-token", None)
            read_at = time.monotonic()
            bob = (await a.join(table_id, BOB, invites[1], 1))["token"]
            table, seat = await b.seat_of(held, bob, None)
            assert time.monotonic() - read_at < 1.0
            assert seat == 1 and table.seats[1].name == "Bob"

    asyncio.run(run())


def test_a_seat_taken_back_through_another_process_moves_there_at_once(pg_url):
    """The player to move left (a bot took the seat) and took it back through A; the move, signed in, goes
    at once through B, which read the table while the bot held the seat: it is played, not refused as the
    bot's."""
    async def run() -> None:
        async with two_halls(pg_url) as (a, b):
            a.live.change_hooks.remove(a.bots.kick)  # (A's bot does not move meanwhile: the turn stays)
            table_id, invites = await picnic_for_two(a)
            users = [ANN, BOB]
            tokens = [(await a.join(table_id, users[s], invites[s], s))["token"] for s in (0, 1)]
            started = a.tables[table_id]
            seat, move = first_move(started)
            await a.seating.leave(table_id, users[seat], tokens[seat])
            held = await b.table(table_id)
            assert held.seats[seat].bot_playing
            await a.seating.reclaim(table_id, users[seat], None)
            assert held.seats[seat].bot_playing  # (B has not heard)
            answer = json.loads(await b.moves.move(table_id, None, users[seat], started.seq, move, step=0))
            assert not held.seats[seat].bot_playing
            assert answer["seq"] == started.seq + 1 or answer["pending"] == [move], answer

    asyncio.run(run())
