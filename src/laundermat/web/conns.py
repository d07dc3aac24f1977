"""Open connections per client address, and a reserve of file descriptors.

A connection that sends half a request head holds a descriptor until
`http_request_timeout_seconds` cuts it: 1,100 of them from one address filled a server
limited to 1,024 descriptors, and /healthz failed 35 of 39 times. So every connection passes
`ConnectionGate.admit` at connection_made (web/guards.py), before a byte of it is read, and
`release` when it is lost:

- **Per address** (the TCP peer, keyed by limits.limit_key: an IPv6 address counts as its
  /64), at most `connections_per_address` at once; the next one is answered 429 and closed.
  Not the proxies in `forwarded_allow_ips`: behind one, every player's connection is its.
- **The reserve.** Once the descriptors left for connections fall to `RESERVE`, an address
  may open one more only while more than `FLOOR + SHARE *` the connections it already holds
  are left: a flood holding hundreds is refused at the reserve's edge, a health check or a
  returning phone (holding none) still gets in until the last `FLOOR`. Those refused get 503.
  This applies to the trusted proxies too: past it, accept() itself would fail.

The count is kept here, not asked of the system at each connection: every connection,
admitted or refused, passes connection_made and connection_lost, and a refused one counts
until its descriptor is closed. The other descriptors (the listening socket, the database, the
logs, a replica's relays to its peers) are counted from /proc/self/fd at the first connection,
and again at most every `RECOUNT_S` while within `4 * RESERVE` of the edge (where the figure
matters, and a flood is the only cost of the listing): accepted connections whose
connection_made has not run yet count as others then, which only refuses sooner, until the
next count. What opens between two counts is what `RESERVE` leaves room for.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import resource
import time
from collections import Counter
from typing import Any

import orjson

from .limits import address_allowed, limit_key

log = logging.getLogger("laundermat.conns")

RESERVE = 64  # descriptors kept for health checks and players holding few connections
FLOOR = 8  # never given to a connection: the server's own files and sockets may need them
SHARE = 4  # in the reserve, descriptors that must stay left per connection an address holds
RECOUNT_S = 10.0  # near the edge, the other descriptors are counted again this often
LOG_EVERY_S = 60.0  # refusals are logged at most this often, counted in between


def _answer(status: str, code: str, message: str) -> bytes:
    """A whole HTTP response, written before the connection is closed: kinder than a reset
    (a browser or a health checker shows the status), and it costs no more."""
    body = orjson.dumps({"code": code, "message": message})
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: 5\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


TOO_MANY = _answer(
    "429 Too Many Requests",
    "too_many_requests",
    "Too many connections from this address; try again shortly.",
)
NO_ROOM = _answer(
    "503 Service Unavailable", "unavailable", "The server is full; try again shortly."
)


class ConnectionGate:
    """One server's connections: how many each address holds, and how many in all."""

    def __init__(self, per_address: int, trusted: str) -> None:
        self.per_address = per_address
        self._trusted = _TrustedProxies(trusted)
        self._open: dict[Any, str | None] = {}  # transport: its address's key (None: refused)
        self._held: Counter[str] = Counter()  # address key: connections admitted and open
        self._room = 0  # descriptors for connections: counted at the first one, then near the edge
        self._counted_at: float | None = None
        self._refused: Counter[str] = Counter()  # by reason, since they were last logged
        self._next_log: asyncio.TimerHandle | None = None

    def admit(self, transport: Any) -> bytes | None:
        """None: admitted (and counted until `release`). Else the answer to write, then close."""
        left = self._room - len(self._open)
        if left <= 4 * RESERVE and self._count_due():
            self._room = _descriptors_for_connections(len(self._open))
            left = self._room - len(self._open)
        peer = _peer(transport)
        key = limit_key(peer) if peer is not None else None
        held = self._held[key] if key is not None else 0
        refusal = None
        if peer is not None and held >= self.per_address and not self._trusted.has(peer):
            refusal, reason = TOO_MANY, "connections_per_address"
        elif left <= RESERVE and left <= FLOOR + SHARE * held:
            refusal, reason = NO_ROOM, "descriptor_reserve"
        if refusal is not None:
            self._open[transport] = None  # its descriptor is held until connection_lost
            self._note(reason)
            return refusal
        self._open[transport] = key
        if key is not None:
            self._held[key] += 1
        return None

    def release(self, transport: Any) -> None:
        """The connection is lost; idempotent (a refused one and an upgraded one pass here)."""
        if transport not in self._open:
            return
        key = self._open.pop(transport)
        if key is not None:
            self._held[key] -= 1
            if self._held[key] <= 0:
                del self._held[key]

    def _count_due(self) -> bool:
        now = time.monotonic()
        if self._counted_at is not None and now - self._counted_at < RECOUNT_S:
            return False
        self._counted_at = now
        return True

    @property
    def open(self) -> int:
        return len(self._open)

    def _note(self, reason: str) -> None:
        """The first refusal is logged at once, the rest as counts once a minute: a flood
        makes one line a minute, and the operator learns which address holds the most."""
        self._refused[reason] += 1
        if self._next_log is None:
            self._log()

    def _log(self) -> None:
        self._next_log = None
        if not self._refused:
            return
        busiest, holds = max(self._held.items(), key=lambda kv: kv[1], default=("", 0))
        log.warning(
            "connections refused",
            extra={
                "refused": dict(self._refused),
                "open": len(self._open),
                "busiest_address": busiest,
                "its_connections": holds,
            },
        )
        self._refused.clear()
        self._next_log = asyncio.get_running_loop().call_later(LOG_EVERY_S, self._log)


def _peer(transport: Any) -> str | None:
    """The connection's TCP peer's address; None for a Unix socket's (it has none)."""
    peer = transport.get_extra_info("peername")
    if isinstance(peer, (tuple, list)) and peer and isinstance(peer[0], str):
        return peer[0]
    return None


class _TrustedProxies:
    """forwarded_allow_ips as uvicorn reads it: addresses, networks, "*" (any), and names
    (a Unix socket's) it compares as they are."""

    def __init__(self, spec: str) -> None:
        items = [item.strip() for item in spec.split(",") if item.strip()]
        self.networks = [item for item in items if item == "*" or _is_network(item)]
        self.names = set(items) - set(self.networks)

    def has(self, address: str) -> bool:
        return address in self.names or address_allowed(address, self.networks)


def _is_network(item: str) -> bool:
    try:
        ipaddress.ip_network(item, strict=False)
    except ValueError:
        return False
    return True


def _descriptors_for_connections(open_now: int) -> int:
    """The soft RLIMIT_NOFILE, less the descriptors open before the connections were."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 62
    return soft - max(0, _open_descriptors() - open_now)


def _open_descriptors() -> int:
    for listing in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(listing))
        except OSError:
            continue
    return 0  # unknown: the reserve alone stands between the connections and the limit


def raise_descriptor_limit() -> tuple[int, int]:
    """The soft RLIMIT_NOFILE raised to the hard one (each connection costs a descriptor, and
    many systems start processes at 1,024), logged once. Returns (soft before, soft now)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    now = soft
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            now = hard
        except (ValueError, OSError):  # macOS refuses "infinity": keep what we have
            pass
    log.info("file descriptor limit", extra={"soft_before": soft, "soft": now, "hard": hard})
    return soft, now
