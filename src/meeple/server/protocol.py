"""Words of the protocol that the server and the browser client must spell alike.

The server uses these constants; the client imports the same words from
`web/js/protocol.js`, a module written from this one (`python -m meeple.server.protocol`
prints it) and checked against it by tests/server/test_protocol.py, so the two
sides cannot drift apart (a stand-in stored as "timeout" and tested as "time").
"""

from __future__ import annotations

import json
from enum import IntEnum, StrEnum


class StandIn(StrEnum):
    """Why a bot plays a human's seat (a seat's `reason`; None while the player plays)."""

    TIMEOUT = "timeout"  # the seat's clock ran out
    LEFT = "left"        # the player left the table


class Close(IntEnum):
    """WebSocket close codes the client acts on."""

    SEAT_LOST = 4403  # the seat changed hands: the socket's token or session no longer holds it


# Every enumeration the client shares, by the name it has in protocol.js.
SHARED: tuple[type[StrEnum] | type[IntEnum], ...] = (StandIn, Close)


def js_module() -> str:
    """The text of web/js/protocol.js: one frozen object per enumeration."""
    lines = ["// Written by `python -m meeple.server.protocol` from src/meeple/server/protocol.py:",
             "// edit that module and write this one again (tests/server/test_protocol.py checks it).", ""]
    for enum in SHARED:
        words = {member.name: member.value for member in enum}
        lines.append(f"export const {enum.__name__} = Object.freeze({json.dumps(words)});")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(js_module(), end="")
