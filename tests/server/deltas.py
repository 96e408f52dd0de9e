"""A test client for the WebSocket's deltas (`?deltas=1`): it applies them as the browser does."""

from __future__ import annotations

import copy


class Gap(AssertionError):
    """A delta whose number does not follow the last message's: the client must ask for a resync."""


class DeltaState:
    """The state a delta client holds, rebuilt from the messages it received."""

    def __init__(self) -> None:
        self.state: dict | None = None
        self.n = 0

    def apply(self, message: dict) -> dict | None:
        """Take one message; returns the full state it leads to (None for other messages)."""
        kind = message.get("type")
        if kind == "state":
            self.state = {k: v for k, v in message.items() if k != "n"}
            self.n = message["n"]
            return copy.deepcopy(self.state)
        if kind != "delta":
            return None
        if self.state is None or message["n"] != self.n + 1:
            raise Gap(f"delta {message['n']} after message {self.n}")
        self.n = message["n"]
        self.state.update(message["set"])
        if "log" in message:
            change = message["log"]
            self.state["log"] = self.state["log"][:change["keep"]] + change["add"]
        return copy.deepcopy(self.state)
