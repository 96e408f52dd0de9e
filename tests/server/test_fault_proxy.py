"""The tests' fault proxy (faults.TcpProxy) itself: down refuses, up serves again at once."""

from __future__ import annotations

import socket
import time

import pytest

from .faults import TcpProxy


@pytest.fixture
def echo_port():
    """A target that answers each connection with b"hi"."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.2)
    yield server
    server.close()


def test_a_proxy_listens_again_at_once_after_an_outage(echo_port):
    """down() then up() at once, a hundred times: up() never finds the port still taken. (The pump's
    select() held a closed listener open until it woke: up() failed so about one time in four.)"""
    with TcpProxy(echo_port.getsockname()[1]) as proxy:
        for _ in range(100):
            time.sleep(0.005)  # (the pump is back in its select)
            proxy.down()
            proxy.up()
        proxy.down()
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", proxy.port), timeout=2).close()
        proxy.up()
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=2) as client:
            accepted, _ = echo_port.accept()
            with accepted:
                accepted.sendall(b"hi")
                assert client.recv(2) == b"hi"
