"""Token buckets per client: a burst allowance that refills at a steady rate."""

from __future__ import annotations

import math
import time

from .errors import ApiError


class RateLimiter:
    def __init__(self, burst: float, per_second: float, what: str) -> None:
        self.burst = burst
        self.per_second = per_second
        self.what = what
        self.buckets: dict[str, tuple[float, float]] = {}

    def check(self, key: str) -> None:
        """Spend one token of `key`'s bucket, or raise 429."""
        now = time.monotonic()
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.per_second)
        if tokens < 1:
            wait = (1 - tokens) / self.per_second
            raise ApiError(429, "rate_limited", f"Too many {self.what}: wait {math.ceil(wait)} s and try again.",
                           headers={"Retry-After": str(math.ceil(wait))})
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 100_000:  # forget idle clients rather than grow without bound
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 600}
