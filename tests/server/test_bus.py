"""The Redis bus on its own, through a TCP proxy the test starts (issue 21): publishing never waits
on a hung Redis, and a listener that lost Redis subscribes again and catches up once it is back.
Needs Redis on its standard local port (skipped elsewhere, failing under CI=true)."""

from __future__ import annotations

import asyncio
import inspect
import threading
import time
from urllib.parse import urlsplit

import pytest

from meeple.server.bus import RedisBus, RespError, _command, _Connection

from .conftest import REDIS_URL, services_or_skip
from .faults import TcpProxy


@pytest.fixture
def proxy():
    services_or_skip()
    with TcpProxy(urlsplit(REDIS_URL).port or 6379) as p:
        yield p


def run_guarded(scenario, timeout: float = 40) -> None:
    """Run an asyncio scenario on a thread of its own: a bus that spins its event loop (the fault
    under test) fails the test instead of freezing the test process."""
    errors: list[BaseException] = []

    def target():
        try:
            asyncio.run(scenario())
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"the scenario's event loop was still held after {timeout} s"
    if errors:
        raise errors[0]


async def publish(bus: RedisBus, table: str) -> None:
    result = bus.publish(table)
    if inspect.isawaitable(result):  # (the bus before issue 21 awaited Redis here)
        await asyncio.wait_for(result, 10)


def test_publishing_returns_at_once_while_redis_hangs(proxy):
    async def scenario():
        bus = RedisBus(f"redis://127.0.0.1:{proxy.port}/0")
        changes: list = []

        async def on_change(table_id):
            changes.append(table_id)

        await bus.start(on_change)
        try:
            proxy.hang()
            start = time.monotonic()
            for i in range(20):
                await publish(bus, f"t{i}")
            assert time.monotonic() - start < 0.5
        finally:
            proxy.up()
            await asyncio.wait_for(bus.close(), 10)

    run_guarded(scenario)


def test_a_listener_catches_up_after_redis_was_away_and_the_loop_stays_free(proxy):
    async def scenario():
        bus = RedisBus(f"redis://127.0.0.1:{proxy.port}/0")
        changes: list = []

        async def on_change(table_id):
            changes.append(table_id)

        await bus.start(on_change)
        gaps = []

        async def ticker():
            while True:
                before = time.monotonic()
                await asyncio.sleep(0.02)
                gaps.append(time.monotonic() - before)

        tick = asyncio.create_task(ticker())
        try:
            proxy.down()
            await asyncio.sleep(2.0)
            proxy.up()
            end = time.monotonic() + 15
            while None not in changes and time.monotonic() < end:
                await asyncio.sleep(0.05)
            assert None in changes, "no catch-up after Redis came back"
            assert max(gaps) < 0.5, f"the event loop was held for {max(gaps):.2f} s"
        finally:
            tick.cancel()
            proxy.up()
            await asyncio.wait_for(bus.close(), 10)

    run_guarded(scenario)


def test_replies_split_anywhere_in_transit_are_read_whole_and_in_order():
    """The bus reads Redis's replies itself: a reply cut at any byte by the network is held until
    the rest arrives, and an error reply is raised to the one waiting for it."""
    stream = (b"*3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$14\r\n{\"table\":\"t1\"}\r\n"
              b":3\r\n*2\r\n$4\r\npong\r\n$0\r\n\r\n$-1\r\n-ERR wrong\r\n")
    expected = [[b"message", b"ch", b'{"table":"t1"}'], 3, [b"pong", b""], None]

    async def scenario():
        for cut in range(1, len(stream)):
            conn = _Connection()
            conn.data_received(stream[:cut])
            conn.data_received(stream[cut:])
            assert [await conn.reply(0.1) for _ in expected] == expected, cut
            with pytest.raises(RespError, match="wrong"):
                await conn.reply(0.1)
            with pytest.raises(TimeoutError):
                await conn.reply(0.01)
        assert _command("PUBLISH", "ch", "é") == b"*3\r\n$7\r\nPUBLISH\r\n$2\r\nch\r\n$2\r\n\xc3\xa9\r\n"

    asyncio.run(scenario())


def test_published_messages_are_confirmed_together_not_one_reply_each():
    """The publishing connection asks Redis for no replies: a message written is not a reply waited for
    (a wake-up of the sender a message); one PING's answer confirms all those written before it."""
    services_or_skip()
    waits = []
    reply = _Connection.reply

    async def counted(self, timeout_s):
        waits.append(self)
        return await reply(self, timeout_s)

    async def scenario():
        publisher, listener = RedisBus(REDIS_URL, "test-bus-confirm"), RedisBus(REDIS_URL, "test-bus-confirm")
        heard: list = []

        async def on_change(table_id):
            heard.append(table_id)

        await listener.start(on_change)
        await publisher.start(on_change)
        try:
            _Connection.reply = counted  # type: ignore[method-assign]
            for i in range(50):
                publisher.publish(f"t{i}")
                await asyncio.sleep(0.002)
            end = time.monotonic() + 10
            while (len(heard) < 50 or getattr(publisher, "sent", [])) and time.monotonic() < end:
                await asyncio.sleep(0.02)  # (until every message is heard and confirmed)
        finally:
            _Connection.reply = reply  # type: ignore[method-assign]
            await asyncio.wait_for(publisher.close(), 10)
            await asyncio.wait_for(listener.close(), 10)
        assert heard == [f"t{i}" for i in range(50)] and not getattr(publisher, "sent", [])
        sender_waits = [conn for conn in waits if conn is not getattr(listener, "listener", None)]
        assert 0 < len(sender_waits) <= 10, len(sender_waits)  # (about one a CONFIRM_S: 50 before, one a message)

    run_guarded(scenario)


def test_messages_written_to_a_connection_then_cut_are_sent_again(proxy):
    """Written while Redis hangs, then the connection cut: unconfirmed, they go again once Redis is back
    (each heard at least once, in order)."""
    async def scenario():
        publisher = RedisBus(f"redis://127.0.0.1:{proxy.port}/0", "test-bus-again")
        listener = RedisBus(REDIS_URL, "test-bus-again")
        heard: list = []

        async def on_change(table_id):
            heard.append(table_id)

        async def ignore(table_id):
            pass

        await listener.start(on_change)
        await publisher.start(ignore)  # (its own listener, through the proxy, catches up after the cut)
        try:
            publisher.publish("t0")
            end = time.monotonic() + 10
            while ("t0" not in heard or publisher.sent or publisher.outbox) and time.monotonic() < end:
                await asyncio.sleep(0.02)  # (until it is heard and confirmed)
            proxy.hang()
            publisher.publish("t1")
            publisher.publish("t2")
            await asyncio.sleep(0.05)
            proxy.down()  # (what the hung proxy held is lost)
            await asyncio.sleep(0.5)
            proxy.up()
            end = time.monotonic() + 15
            while "t2" not in heard and time.monotonic() < end:
                await asyncio.sleep(0.05)
        finally:
            proxy.up()
            await asyncio.wait_for(publisher.close(), 10)
            await asyncio.wait_for(listener.close(), 10)
        # (at least once: a message the proxy passed before it hung is written again too)
        assert list(dict.fromkeys(heard)) == ["t0", "t1", "t2"], heard

    run_guarded(scenario)
