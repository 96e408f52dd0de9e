"""Table clocks: real time (time per move and/or a time bank) and turn-based (a deadline per move).

Pure functions over two JSON objects stored with the table: `clock` (the
settings chosen at creation) and `clock_state` (when each seat's turn started,
what is left in each bank). The hall calls `on_turns` whenever stored moves
change who is to move, and `overdue` from its ticker to find seats whose time
ran out; a bot then stands in for that seat.
"""

from __future__ import annotations

import math

from .errors import ApiError

MODES = ("none", "realtime", "turn_based")
#: A player who takes back a seat after running out of time gets at least this much (our ruling).
RECLAIM_GRACE_S = 30.0


def validate(raw) -> dict:
    """Check the clock settings of a new table; ApiError 400 with what is wrong."""
    if raw is None:
        return {"mode": "none"}
    if not isinstance(raw, dict):
        raise ApiError(400, "bad_request", "'clock' must be an object such as {\"mode\": \"none\"}.")
    allowed = {"mode", "per_move_s", "bank_s", "deadline_h"}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ApiError(400, "bad_request",
                       f"Unknown clock field '{unknown[0]}'. Clock fields: {', '.join(sorted(allowed))}.")
    mode = raw.get("mode", "none")
    if mode not in MODES:
        raise ApiError(400, "bad_request", f"Clock mode must be one of {', '.join(MODES)}.")
    out = {"mode": mode}
    for key in ("per_move_s", "bank_s", "deadline_h"):
        value = raw.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not _finite(value) or value <= 0:
            raise ApiError(400, "bad_request", f"Clock '{key}' must be a positive number.")
        out[key] = float(value)
    if mode == "realtime":
        if "deadline_h" in out or not ({"per_move_s", "bank_s"} & set(out)):
            raise ApiError(400, "bad_request", "A real-time clock needs per_move_s and/or bank_s (seconds).")
        if not all(1 <= out.get(key, 1) <= 86400 for key in ("per_move_s", "bank_s")):
            raise ApiError(400, "bad_request", "Real-time clocks run from 1 second to 24 hours.")
    elif mode == "turn_based":
        if set(out) != {"mode", "deadline_h"}:
            raise ApiError(400, "bad_request", "A turn-based clock needs deadline_h (hours per move) and nothing else.")
        if not 1 / 60 <= out["deadline_h"] <= 24 * 30:
            raise ApiError(400, "bad_request", "A turn-based deadline runs from one minute to 30 days.")
    elif len(out) > 1:
        raise ApiError(400, "bad_request", "A table without a clock takes no clock settings.")
    return out


def _finite(value: int | float) -> bool:
    try:
        return math.isfinite(float(value))
    except OverflowError:  # an int too large for a float
        return False


def initial_state(clock: dict, players: int) -> dict:
    state: dict = {"started": {}}
    if "bank_s" in clock:
        state["banks"] = {str(s): clock["bank_s"] for s in range(players)}
    return state


def on_turns(clock: dict, state: dict, before: frozenset, after: frozenset, now: float) -> dict:
    """The clock state once the seats to move changed from `before` to `after` at `now`."""
    if clock["mode"] == "none":
        return state
    state = {k: dict(v) for k, v in state.items()}
    started = state["started"]
    for seat in before - after:
        key = str(seat)
        if key in started and "banks" in state:
            used = now - started[key] - clock.get("per_move_s", 0.0)
            state["banks"][key] = max(0.0, state["banks"][key] - max(0.0, used))
        started.pop(key, None)
    for seat in after:
        started.setdefault(str(seat), now)
    for key in list(started):
        if int(key) not in after:
            del started[key]
    return state


def restart(clock: dict, state: dict, seat: int, now: float, to_move: frozenset) -> dict:
    """A player took their seat back: their move time starts again, with at least the grace time."""
    if clock["mode"] == "none":
        return state
    state = {k: dict(v) for k, v in state.items()}
    if seat in to_move:
        state["started"][str(seat)] = now
    if "banks" in state and "per_move_s" not in clock:
        state["banks"][str(seat)] = max(state["banks"][str(seat)], RECLAIM_GRACE_S)
    return state


def deadline(clock: dict, state: dict, seat: int) -> float | None:
    """When `seat`'s time runs out, or None when it is not on the clock."""
    start = state.get("started", {}).get(str(seat))
    if start is None or clock["mode"] == "none":
        return None
    if clock["mode"] == "turn_based":
        return start + clock["deadline_h"] * 3600
    return start + clock.get("per_move_s", 0.0) + state.get("banks", {}).get(str(seat), 0.0)


def overdue(clock: dict, state: dict, now: float) -> list[int]:
    return sorted(int(k) for k in state.get("started", {}) if (d := deadline(clock, state, int(k))) is not None
                  and d <= now)


def body(clock: dict, state: dict, players: int, now: float) -> dict:
    """The clocks as clients show them."""
    seats = []
    for seat in range(players):
        end = deadline(clock, state, seat)
        bank = state.get("banks", {}).get(str(seat))
        seats.append({"seat": seat, "running": end is not None,
                      "remaining_s": round(max(0.0, end - now), 1) if end is not None else bank,
                      "deadline": end, "bank_s": bank})
    return {"mode": clock["mode"], "per_move_s": clock.get("per_move_s"), "bank_s": clock.get("bank_s"),
            "deadline_h": clock.get("deadline_h"), "seats": seats, "now": now}
