"""Token buckets per client: a burst allowance that refills at a steady rate.

The buckets live in an LRU of bounded size: a check costs O(1) however many
clients there are, and memory stays bounded. Forgetting the least recently seen
key only gives that client a full bucket again, so the bound is set well above
the number of clients that can be active at once (keys are authenticated seats
or addresses, never a string the client makes up)."""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from .errors import ApiError

MAX_KEYS = 50_000


class RateLimiter:
    def __init__(self, burst: float, per_second: float, what: str, max_keys: int = MAX_KEYS) -> None:
        self.burst = burst
        self.per_second = per_second
        self.what = what
        self.max_keys = max_keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def check(self, key: str) -> None:
        """Spend one token of `key`'s bucket, or raise 429."""
        now = time.monotonic()
        # (taken out and put back: the key is then the one seen last, as move_to_end would make it)
        tokens, last = bucket = self.buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.per_second)
        if tokens < 1:
            self.buckets[key] = bucket
            wait = (1 - tokens) / self.per_second
            raise ApiError(429, "rate_limited", f"Too many {self.what}: wait {math.ceil(wait)} s and try again.",
                           headers={"Retry-After": str(math.ceil(wait))})
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)  # the key seen longest ago
