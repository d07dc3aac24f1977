"""The cluster's settings (from web/settings.py: LAUNDERMAT_REDIS_URL and friends)."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class ClusterConfig:
    redis_url: str
    advertise_url: str  # the base URL peers reach this replica at (relays, HTTP forwarding)
    secret: str  # peers prove themselves with it (the relay header); never sent to clients
    replica_id: str = ""
    prefix: str = "laundermat:"  # Redis key prefix: lets several clusters (tests) share a Redis
    lease_ttl_ms: int = 3000
    # How often live rooms that nobody holds are looked for (and once at start). Failover does
    # not wait for it: it is for rooms whose owner died while Redis forgot its owned set.
    orphan_scan_ms: int = 30_000
    rebalance_ms: int = 5000  # how often this replica compares its load with its peers'
    # A lobby room moves to the replica that relays all its sockets (the one nginx hashes its
    # code to) at most once per this many ms; 0 turns following off (relays stay relays).
    follow_ms: int = 10_000
    # A Redis call that takes longer has failed (its caller retries or answers `unavailable`):
    # short beside the lease TTL, so a renewal can fail and be tried again before expiry.
    redis_timeout_ms: int = 1000

    def __post_init__(self) -> None:
        if not self.replica_id:
            object.__setattr__(self, "replica_id", f"{socket.gethostname()}-{os.getpid()}")

    @property
    def renew_ms(self) -> int:
        """Leases are renewed three times per TTL: two renewals may fail before one expires."""
        return max(50, self.lease_ttl_ms // 3)

    @property
    def watch_ms(self) -> int:
        """Dead replicas are looked for six times per TTL."""
        return max(50, self.lease_ttl_ms // 6)


def advertise_url(host: str, port: int, given: str | None) -> str:
    """The URL peers use: given, or this replica's own address and port."""
    if given:
        return given.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    return f"http://{host}:{port}"
