"""Rate limits and the origin allowlist (OWASP WebSocket checklist).

Counted per address over a minute (rooms created, joins, lookups, QR codes, new sockets):
`AddressLimiter` in this process, or `SharedLimiter` in Redis when LAUNDERMAT_REDIS_URL is
set, so N replicas hold one budget rather than N. Per frame (`TokenBucket`, `AddressBuckets`):
always in this process, since a Redis round trip per frame would cost more than the frame's
own work; a socket lives on one replica, and nginx's hashing on the room code keeps a table's
sockets on one replica too (docs/scaling.md).
"""

from __future__ import annotations

import ipaddress
import logging
import time
import uuid
from collections import deque
from typing import Any, Protocol
from urllib.parse import urlsplit

from ..expiring import ExpiringKeys

log = logging.getLogger("laundermat.limits")


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
        self._swept = time.monotonic()

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        if now - self._swept >= self.window_s:
            # Once a window, the addresses whose events are all past it go: otherwise each
            # holds ~880 B until the limiter is full.
            self._swept = now
            self._forget_old(now)
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


class Limiter(Protocol):
    """At most `limit` events per address in any window (the routes' and sockets' view)."""

    async def allow(self, address: str) -> bool:
        """Count an event; False (and not counted) when the address is over the limit."""
        ...

    async def blocked(self, address: str) -> bool:
        """Over the limit now, without counting this as an attempt."""
        ...


class LocalLimiter:
    """An `AddressLimiter` in this process, behind the async `Limiter` face."""

    def __init__(self, limit: int, window_s: float = 60.0) -> None:
        self.local = AddressLimiter(limit, window_s)

    async def allow(self, address: str) -> bool:
        return self.local.allow(address)

    async def blocked(self, address: str) -> bool:
        return self.local.blocked(address)


# A sliding window in one sorted set per (limit, address): timestamps from Redis's own clock
# (replicas' clocks may disagree), pruned to the window, counted, and the new event added only
# if under the limit; all in one script, so two replicas racing cannot both take the last slot.
# Over the limit it answers -(ms until the oldest event leaves the window), which the replica
# keeps: until then it refuses that address without asking Redis again.
_ALLOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return -math.max(1, tonumber(oldest[2]) + window - now)
end
if ARGV[3] == '0' then return count end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return count + 1
"""


class SharedLimiter:
    """The same sliding window as `AddressLimiter`, kept in Redis so that every replica
    draws on one budget per address. If Redis does not answer, it fails open: the limit is
    kept by this process alone (N times too generous, for as long as Redis is away) and a
    warning is logged, rather than refusing every player while Redis restarts. An address
    Redis refused is refused here until its oldest event leaves the window, with no Redis
    command: a flood from one address costs Redis one command per allowed event."""

    def __init__(
        self, redis: Any, name: str, limit: int, window_s: float = 60.0, prefix: str = ""
    ) -> None:
        self.redis = redis
        self.key = f"{prefix}limit:{name}:"
        self.limit = limit
        self.window_ms = round(window_s * 1000)
        self.fallback = AddressLimiter(limit, window_s)
        self.script = redis.register_script(_ALLOW)
        self._warned_at = -1e9
        self.refused = ExpiringKeys(most=100_000)  # addresses Redis refused, until a slot frees

    async def allow(self, address: str) -> bool:
        if self.refused.holds(address):
            return False
        answer = await self._run(address, uuid.uuid4().hex)
        if answer is None:
            return self.fallback.allow(address)
        return answer > 0

    async def blocked(self, address: str) -> bool:
        if self.refused.holds(address):
            return True
        answer = await self._run(address, "0")
        if answer is None:
            return self.fallback.blocked(address)
        return answer < 0

    async def _run(self, address: str, member: str) -> int | None:
        try:
            answer = int(
                await self.script(
                    keys=[self.key + address], args=[self.limit, self.window_ms, member]
                )
            )
        except Exception as exc:  # Redis down, slow or restarting: fail open, say so
            now = time.monotonic()
            if now - self._warned_at > 30:
                self._warned_at = now
                log.warning(
                    "rate limits kept per process: Redis did not answer",
                    extra={"limit": self.key, "error": type(exc).__name__},
                )
            return None
        if answer < 0:
            self.refused.add(address, -answer / 1000)
        return answer


class Limiters:
    """Makes the app's per-address limiters: in Redis when `redis_url` is set, else local."""

    def __init__(self, redis_url: str | None = None, prefix: str = "") -> None:
        self.prefix = prefix
        self.redis: Any = None
        if redis_url:
            import redis.asyncio as aioredis  # only in cluster mode: never on the plain path

            # Short timeouts: a limit check must not hold a request while Redis is away.
            self.redis = aioredis.Redis.from_url(
                redis_url, socket_timeout=0.5, socket_connect_timeout=0.5
            )

    def __call__(self, name: str, limit: int, window_s: float = 60.0) -> Limiter:
        if self.redis is None:
            return LocalLimiter(limit, window_s)
        return SharedLimiter(self.redis, name, limit, window_s, self.prefix)

    async def close(self) -> None:
        if self.redis is not None:
            await self.redis.aclose()


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


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address, an IPv4 peer on a dual-stack socket as IPv4; None if it is none."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # not an IP: an in-process test client's name, a proxy's garbage
        return None
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def address_allowed(address: str | None, allowed: list[str]) -> bool:
    """Whether a client address is in an allowlist of addresses and networks ("*": any)."""
    if "*" in allowed:
        return True
    ip = _ip(address or "")
    return ip is not None and any(
        ip in ipaddress.ip_network(item, strict=False) for item in allowed
    )


def limit_key(address: str) -> str:
    """What per-address limits count under: an IPv6 address's /64, the network one subscriber
    is given and any of whose 2⁶⁴ addresses a host may take (keyed on the whole address, an
    IPv6 host could make every limit per-connection); any other address as it is."""
    ip = _ip(address)
    if ip is None:  # only a trusted proxy can send a non-address: keys stay short
        return address[:64]
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
