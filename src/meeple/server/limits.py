"""Per-client limits on what costs the hall memory or work: tables created, sockets held.

Moves and sign-ins have their token buckets in the routes (ratelimit.py); these
limits count things that last (live tables, open sockets) as well as rates.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ApiError
from .ratelimit import RateLimiter


@dataclass(frozen=True)
class TableLimits:
    live_per_user: int = 64            # open or running tables a user created
    user_rate: tuple[float, float] = (64, 1 / 5)      # creations per user: burst, then per second
    address_rate: tuple[float, float] = (128, 1 / 2)  # creations per client address


class TableCreation:
    """Whether a user at an address may create one more table now (raises 429 if not)."""

    def __init__(self, limits: TableLimits) -> None:
        self.limits = limits
        self.per_user = RateLimiter(*limits.user_rate, what="tables created")
        self.per_address = RateLimiter(*limits.address_rate, what="tables created from your address")

    def check_rate(self, user_id: str, address: str) -> None:
        self.per_user.check(user_id)
        self.per_address.check(address)

    def check_live(self, live: int) -> None:
        if live >= self.limits.live_per_user:
            raise ApiError(429, "too_many_tables", f"You already have {live} tables waiting or playing: finish or "
                                                   "leave some before creating more.", headers={"Retry-After": "60"})


@dataclass(frozen=True)
class SocketLimits:
    per_address: int = 256   # one address may be many players behind one router
    per_session: int = 16    # one browser: a few tabs


class SocketCounts:
    """Open WebSockets per client address and per session; `acquire` refuses one over the cap."""

    def __init__(self, limits: SocketLimits) -> None:
        self.limits = limits
        self.counts: dict[str, int] = {}

    def acquire(self, address: str, session: str | None) -> list[str]:
        """Count one socket for these keys and return them (give them back to `release`); ApiError 429
        when a cap is reached (nothing is counted then)."""
        keys = [f"addr:{address}"] + ([f"session:{session}"] if session else [])
        caps = [self.limits.per_address] + ([self.limits.per_session] if session else [])
        for key, cap in zip(keys, caps):
            if self.counts.get(key, 0) >= cap:
                raise ApiError(429, "too_many_sockets", "Too many open connections from this browser or address: "
                                                        "close some tables' tabs and try again.")
        for key in keys:
            self.counts[key] = self.counts.get(key, 0) + 1
        return keys

    def release(self, keys: list[str]) -> None:
        for key in keys:
            left = self.counts.get(key, 0) - 1
            if left > 0:
                self.counts[key] = left
            else:
                self.counts.pop(key, None)
