// Written by `python -m meeple.server.protocol` from src/meeple/server/protocol.py:
// edit that module and write this one again (tests/server/test_protocol.py checks it).

export const StandIn = Object.freeze({"TIMEOUT": "timeout", "LEFT": "left"});
export const Close = Object.freeze({"SEAT_LOST": 4403});
