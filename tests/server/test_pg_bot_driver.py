"""Two processes holding one table with a bot seat: the bot thinks in one of them (server/botturns.py).

The process that stored a position thinks for the bot seats it puts to move; another that reads it
(over Redis) waits for that move, and thinks only if none comes within `DRIVER_GRACE_S`. Before, both
thought, one commit won, and every bot move cost two searches. Two halls on one fresh PostgreSQL
database and the shared Redis (`pg_halls`); needs PostgreSQL and Redis on their standard local ports.
"""

from __future__ import annotations

import psycopg

from meeple.server import botturns

from .conftest import Player
from .test_pg_unwatched import HUMAN, everything_heard, two_seated

BOT = {"type": "bot", "level": "random"}


def count_searches(server) -> list:
    """The positions the hall's bots are asked to think about, as they are asked."""
    queue = server.hall.bots.queue
    run = queue.run
    asked: list = []

    async def counted(party, fn, *args, **kw):
        asked.append(args[1])
        return await run(party, fn, *args, **kw)

    queue.run = counted
    return asked


def bot_moves(pg_url: str, table: str) -> int:
    with psycopg.connect(pg_url) as conn:
        return conn.execute("SELECT count(*) FROM moves WHERE table_id = %s AND seat = 1", (table,)).fetchone()[0]


def test_a_bot_move_is_thought_out_once_by_the_process_that_stored_its_position(pg_halls, pg_url):
    a, b = pg_halls
    table, ann, _ = two_seated(a.url, [HUMAN, BOT])
    everything_heard(a.url, b.url)
    assert table in b.hall.tables  # (B holds it: a table with a bot seat is read wherever held)
    on_a, on_b = count_searches(a), count_searches(b)
    ann_on_b = Player(b.url)
    ann_on_b.token = ann.token
    for player in (ann, ann_on_b):
        for _ in range(3):
            player.play_turn(table)
        player.wait_turn(table)  # (at the process she played through: it has stored the bot's moves)
        everything_heard(a.url, b.url)  # (B shows the bot's last move before Ann plays through it)
    everything_heard(a.url, b.url)
    moves = bot_moves(pg_url, table)
    assert moves >= 6
    # Ann's turns through A put the bot to move there, then through B there: each bot move one search
    # (two processes both thinking made about two a move). A process whose loop stalled past the bus's
    # STALE_S on a loaded machine thinks at once, as it should: a few such are allowed.
    assert moves <= len(on_a) + len(on_b) <= moves + 2, (len(on_a), len(on_b), moves)
    assert on_a and on_b


def test_a_bot_whose_driver_does_not_move_is_moved_by_the_other_process(pg_halls, monkeypatch):
    a, b = pg_halls
    monkeypatch.setattr(botturns, "DRIVER_GRACE_S", 0.5)
    table, ann, _ = two_seated(a.url, [HUMAN, BOT])
    everything_heard(a.url, b.url)
    a.hall.live.change_hooks.remove(a.hall.bots.kick)  # (A stores positions and never thinks for a bot)
    on_a, on_b = count_searches(a), count_searches(b)
    before = ann.wait_turn(table)["seq"]
    ann.play_turn(table)
    assert ann.wait_turn(table)["seq"] > before + 1  # (the bot moved: through B, after its grace)
    assert on_b and not on_a
