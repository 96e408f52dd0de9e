"""The protocol's words: the client's module is the one the server's constants write."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.server.protocol import StandIn, js_module
from meeple.server.table import Seat

CLIENT = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "js" / "protocol.js"


def test_the_client_module_matches_the_servers_constants():
    assert CLIENT.read_text() == js_module(), "run: python -m meeple.server.protocol > src/meeple/web/js/protocol.js"


def test_every_stand_in_reason_is_in_the_client_module():
    text = CLIENT.read_text()
    for reason in StandIn:
        assert f'"{reason.name}": "{reason.value}"' in text


@pytest.mark.parametrize("reason", list(StandIn))
def test_a_stored_reason_comes_back_as_the_constant(reason):
    seat = Seat(0, "human", "greedy", "u1", "Ann", "hash", True, str(reason))
    assert seat.reason is reason and seat.public()["reason"] == reason.value


def test_an_unknown_stored_reason_is_refused():
    with pytest.raises(ValueError):
        Seat(0, "human", "greedy", "u1", "Ann", "hash", True, "time")
