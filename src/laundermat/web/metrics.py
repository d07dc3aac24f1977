"""Prometheus metrics: one registry per app, so apps built in one process never collide."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.rooms = Gauge("laundermat_rooms", "Live rooms.", registry=self.registry)
        self.connections = Gauge(
            "laundermat_connections", "Open WebSocket connections.", registry=self.registry
        )
        self.commands = Counter(
            "laundermat_commands", "Commands and lobby actions answered.", registry=self.registry
        )
        self.errors = Counter(
            "laundermat_errors",
            "Errors sent to clients, by code.",
            ["code"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "laundermat_command_push_seconds",
            "From receiving a command to the last view of that change queued for sending.",
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
            registry=self.registry,
        )

    # The rooms' Observer hooks.
    def command(self, code: str | None) -> None:
        self.commands.inc()
        if code is not None:
            self.errors.labels(code=code).inc()

    def pushed(self, seconds: float) -> None:
        self.latency.observe(seconds)

    def error(self, code: str) -> None:
        self.errors.labels(code=code).inc()
