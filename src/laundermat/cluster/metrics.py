"""The cluster's Prometheus metrics, on the app's registry (`GET /metrics` of each replica).

Names (a stable interface: dashboards and tests/cluster read them):
laundermat_cluster_owned_rooms, laundermat_cluster_relayed_sockets (gauges),
laundermat_cluster_relays_total (sockets relayed so far),
laundermat_cluster_lease_renewals_total{result},
laundermat_cluster_failovers_total, laundermat_cluster_fenced_writes_total,
laundermat_cluster_handoffs_total{direction}, laundermat_cluster_follow_moves_total,
laundermat_cluster_claims_total{reason},
laundermat_cluster_forwarded_requests_total.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge


class ClusterMetrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        registry = registry or CollectorRegistry()
        self.owned = Gauge(
            "laundermat_cluster_owned_rooms", "Rooms this replica owns.", registry=registry
        )
        self.relayed = Gauge(
            "laundermat_cluster_relayed_sockets",
            "Client sockets this replica relays to their room's owner, now.",
            registry=registry,
        )
        self.relayed_total = Counter(
            "laundermat_cluster_relays",
            "Client sockets relayed to their room's owner.",
            registry=registry,
        )
        self.renewals = Counter(
            "laundermat_cluster_lease_renewals",
            "Lease renewals: ok, lost (another owner or gone for good), error (Redis).",
            ["result"],
            registry=registry,
        )
        self.failovers = Counter(
            "laundermat_cluster_failovers",
            "Rooms taken over from a replica whose heartbeat stopped.",
            registry=registry,
        )
        self.fenced = Counter(
            "laundermat_cluster_fenced_writes",
            "Writes the database refused because another replica had claimed the room.",
            registry=registry,
        )
        self.handoffs = Counter(
            "laundermat_cluster_handoffs",
            "Rooms handed over (drain, rebalance): out from here, in to here.",
            ["direction"],
            registry=registry,
        )
        self.follow_moves = Counter(
            "laundermat_cluster_follow_moves",
            "Lobby rooms this replica handed to the replica relaying all their sockets.",
            registry=registry,
        )
        self.claims = Counter(
            "laundermat_cluster_claims",
            "Rooms this replica claimed, by why: create, demand, failover, handoff, orphan.",
            ["reason"],
            registry=registry,
        )
        # Every label shown from the start (at 0), so a scrape lists every series.
        for result in ("ok", "lost", "error"):
            self.renewals.labels(result=result)
        for direction in ("out", "in"):
            self.handoffs.labels(direction=direction)
        for reason in ("create", "demand", "failover", "handoff", "orphan"):
            self.claims.labels(reason=reason)
        self.forwarded = Counter(
            "laundermat_cluster_forwarded_requests",
            "HTTP requests forwarded to the owner of their room.",
            registry=registry,
        )
