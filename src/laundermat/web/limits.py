"""Rate limits and the origin allowlist (OWASP WebSocket checklist)."""

from __future__ import annotations

import time
from collections import deque
from urllib.parse import urlsplit


class TokenBucket:
    """Per-connection message rate: `rate` per second with bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.capacity = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self, now: float) -> bool:
        """Refilled to capacity: it remembers nothing about its past and can be dropped."""
        return self.tokens + (now - self.stamp) * self.rate >= self.capacity


class AddressBuckets:
    """A token bucket per address, kept after the address's sockets close: a budget one
    socket cannot reset by reconnecting. Buckets that have refilled are forgotten, so memory
    stays bounded by the addresses active recently."""

    def __init__(self, rate: float, burst: int, max_addresses: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self.buckets: dict[str, TokenBucket] = {}
        self._sweep_at = 1024

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self._sweep_at:
                self._forget_full()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.take()

    def _forget_full(self) -> None:
        now = time.monotonic()
        for address in [a for a, b in self.buckets.items() if b.full(now)]:
            del self.buckets[address]
        if len(self.buckets) >= self.max_addresses:  # a flood of live addresses: start over
            self.buckets.clear()
        self._sweep_at = max(1024, 2 * len(self.buckets))


class AddressLimiter:
    """At most `limit` events per address in any 60 s (a sliding window)."""

    def __init__(self, limit: int, window_s: float = 60.0, max_addresses: int = 100_000) -> None:
        self.limit = limit
        self.window_s = window_s
        self.max_addresses = max_addresses
        self.events: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        stamps = self.events.get(address)
        if stamps is None:
            if len(self.events) >= self.max_addresses:  # bounded memory under a flood
                self._forget_old(now)
            stamps = self.events[address] = deque()
        while stamps and now - stamps[0] >= self.window_s:
            stamps.popleft()
        if len(stamps) >= self.limit:
            return False
        stamps.append(now)
        return True

    def blocked(self, address: str) -> bool:
        """Over the limit now, without counting this as an attempt."""
        stamps = self.events.get(address)
        if not stamps:
            return False
        now = time.monotonic()
        return sum(1 for t in stamps if now - t < self.window_s) >= self.limit

    def _forget_old(self, now: float) -> None:
        for address in [a for a, s in self.events.items() if not s or now - s[-1] >= self.window_s]:
            del self.events[address]
        if len(self.events) >= self.max_addresses:
            self.events.clear()


LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]"}


def origin_allowed(origin: str | None, host_header: str | None, allowed: list[str]) -> bool:
    """No Origin (a non-browser client) is allowed: the check guards against other sites
    driving a visitor's browser. With an allowlist, only its origins pass; without one, the
    page's own origin (same host as the request) and localhost pass."""
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if allowed:
        return origin in allowed or "*" in allowed
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if parts.hostname in LOCAL_HOSTS:
        return True
    return host_header is not None and parts.netloc.lower() == host_header.lower()
