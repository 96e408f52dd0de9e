"""A TCP proxy that a test starts in front of PostgreSQL or Redis, to make outages without
touching the machine's services.

    with TcpProxy(6379) as proxy:          # clients connect to proxy.port
        proxy.down()                       # drop every connection, refuse new ones
        proxy.up()                         # accept and forward again
        proxy.hang()                       # connections stay open, nothing is forwarded
        proxy.outage(1.5)                  # down for 1.5 s, then up

Runs on threads of the test process, listens on 127.0.0.1 only, and stops with the test.
"""

from __future__ import annotations

import select
import socket
import threading
import time

from .conftest import free_port


class TcpProxy:
    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.mode = "up"
        self.lock = threading.Lock()
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.listener: socket.socket | None = None
        self.stopped = threading.Event()
        self._listen()
        self.thread = threading.Thread(target=self._run, name="fault-proxy", daemon=True)
        self.thread.start()

    # ----- control ------------------------------------------------------------------

    def up(self) -> None:
        with self.lock:
            self.mode = "up"
            if self.listener is None:
                self._listen()

    def down(self) -> None:
        """Every connection is cut and new ones are refused (nothing listens on the port)."""
        with self.lock:
            self.mode = "down"
            if self.listener is not None:
                # shut down, not only closed: the pump's select() holds the socket open until it wakes, and
                # a listener left listening meanwhile made up() fail with "Address already in use" (a CI run)
                _close(self.listener)
                self.listener = None
            for pair in self.pairs:
                for s in pair:
                    _close(s)
            self.pairs = []

    def hang(self) -> None:
        """Connections are accepted and kept, but nothing passes either way (a hung server)."""
        with self.lock:
            self.mode = "hang"
            if self.listener is None:
                self._listen()

    def outage(self, seconds: float) -> None:
        self.down()
        time.sleep(seconds)
        self.up()

    def close(self) -> None:
        self.stopped.set()
        self.down()
        self.thread.join(timeout=5)

    def __enter__(self) -> TcpProxy:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ----- the pump -------------------------------------------------------------------

    def _listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        listener.setblocking(False)
        self.listener = listener

    def _run(self) -> None:
        while not self.stopped.is_set():
            with self.lock:
                listener, pairs, mode = self.listener, list(self.pairs), self.mode
            readable = [listener] if listener is not None else []
            if mode == "up":
                readable += [s for pair in pairs for s in pair]
            try:
                ready, _, _ = select.select(readable, [], [], 0.05)
            except (OSError, ValueError):
                continue  # a socket was closed meanwhile by down()
            for s in ready:
                if s is listener:
                    self._accept(listener)
                else:
                    self._forward(s, pairs)

    def _accept(self, listener: socket.socket) -> None:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        try:
            server = socket.create_connection(self.target, timeout=2)
        except OSError:
            _close(client)
            return
        with self.lock:
            if self.mode == "down":
                _close(client)
                _close(server)
                return
            self.pairs.append((client, server))

    def _forward(self, s: socket.socket, pairs: list) -> None:
        pair = next((p for p in pairs if s in p), None)
        if pair is None:
            return
        other = pair[1] if s is pair[0] else pair[0]
        try:
            data = s.recv(65536)
            if data:
                other.sendall(data)
                return
        except OSError:
            pass
        with self.lock:
            if pair in self.pairs:
                self.pairs.remove(pair)
        _close(s)
        _close(other)


def _close(s: socket.socket) -> None:
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    s.close()
