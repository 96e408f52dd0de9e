"""A request hashes its seat token once and checks the seat again on that hash under the table's
lock: a token taken back while its move waits for the lock (after the first check let it through)
is refused there, and nothing is played."""

from __future__ import annotations

import asyncio

import pytest

from meeple.server import auth
from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.store import Store


async def running_table(hall: Hall) -> tuple[str, dict[int, str]]:
    """A running two-seat Picnic table and each seat's token."""
    made = await hall.create_table({"id": "u0", "name": "Ann"},
                                   {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
    table_id, tokens = made["table"], {}
    for seat in (0, 1):
        invite = made["seats"][seat]["invite"].split("token=")[1]
        tokens[seat] = (await hall.join(table_id, {"id": f"u{seat}", "name": f"P{seat}"}, invite, seat))["token"]
    return table_id, tokens


def test_a_token_taken_back_while_its_move_waits_for_the_lock_is_refused(tmp_path):
    async def run() -> None:
        hall = Hall(Store(str(tmp_path / "meeple.db")))
        try:
            table_id, tokens = await running_table(hall)
            table = hall.tables[table_id]
            (seat,) = table.game.to_move(table.state)
            move = table.game.move_to_json(table.game.legal_moves(table.state, seat)[0])
            seq = table.seen_seq(seat)
            # The move passes its first check on the old token, then waits for the lock, which the
            # seat's take-back holds meanwhile (as Seating.reclaim: a new token stored and applied).
            async with hall.live.lock(table_id):
                moving = asyncio.create_task(hall.move(table_id, tokens[seat], None, seq, move, confirm=True))
                for _ in range(10):
                    await asyncio.sleep(0)
                assert not moving.done()
                new = auth.new_token()
                await hall.live.change_seats(table, {seat: {"token_hash": auth.token_hash(new)}})
            (moved,) = await asyncio.gather(moving, return_exceptions=True)
            assert isinstance(moved, ApiError) and moved.status == 403, "the move was played"
            assert table.seq == seq and not table.pending.get(seat)  # nothing played
            # The new token acts; the old one stays refused.
            assert '"viewer":' in await hall.move(table_id, new, None, seq, move, confirm=True)
            with pytest.raises(ApiError) as refused:
                await hall.confirm(table_id, tokens[seat], None, table.seen_seq(seat))
            assert refused.value.status == 403
        finally:
            await hall.close()

    asyncio.run(run())


def test_a_socket_opened_with_a_seat_token_hashes_it_once(player_factory, monkeypatch):
    """The socket's route finds the seat and remembers the holder by one hash of the token."""
    from .conftest import receive_until

    ann = player_factory("Ann")
    table = ann.create([{"type": "human"}, {"type": "human"}], join_seat=0)["table"]
    hashed: list[str] = []
    real = auth.token_hash
    monkeypatch.setattr(auth, "token_hash", lambda token: hashed.append(token) or real(token))
    with ann.ws(table, ann.token) as ws:
        receive_until(ws, lambda m: m.get("type") == "state")
    assert hashed.count(ann.token) == 1, hashed
