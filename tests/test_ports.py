"""The tests' ports lie outside the range the kernel draws from for others' connections."""

import socket

from tests import ports
from tests.ports import ephemeral_range, free_port


def test_a_free_port_lies_below_the_kernels_ephemeral_range_and_can_be_bound():
    low, _ = ephemeral_range()
    for _ in range(50):
        port = free_port()
        assert port < low
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))


def test_a_free_port_is_never_one_that_is_held(monkeypatch):
    with socket.socket() as held:
        held.bind(("127.0.0.1", free_port()))
        held.listen()
        taken = held.getsockname()[1]
        draws = iter([taken, taken, taken + 1 if taken + 1 < ephemeral_range()[0] else taken - 1])
        monkeypatch.setattr(ports._DRAW, "randrange", lambda low, high: next(draws))
        assert free_port() not in (taken, None)
