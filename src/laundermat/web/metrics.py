"""Prometheus metrics: one registry per app, so apps built in one process never collide."""

from __future__ import annotations

import asyncio
import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

# Fine enough around the 50 ms targets to read p99 from the buckets.
LAG_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5)


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
        self.reactions = Counter(
            "laundermat_reactions",
            "Players' reactions passed to their tables (issue 33; refusals are errors).",
            registry=self.registry,
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
        # The push latency's parts, to tell a busy loop from a slow commit (docs/operations.md).
        self.queued = Histogram(
            "laundermat_command_queued_seconds",
            "From receiving a command to its room's turn to apply it.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.durable = Histogram(
            "laundermat_command_durable_seconds",
            "From a command's turn to it applied and durable in the command log.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.loop_lag = Histogram(
            "laundermat_event_loop_lag_seconds",
            "How late the event loop woke a 100 ms sleep: time every other task waited.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.timer_lateness = Histogram(
            "laundermat_timer_lateness_seconds",
            "From a window's deadline to its timeout applied, durable and pushed.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )

        self.gc_pause = Histogram(
            "laundermat_gc_pause_seconds",
            "How long each garbage collection stopped the loop, by generation.",
            ["generation"],
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )

    def gc_paused(self, generation: int, seconds: float) -> None:
        self.gc_pause.labels(generation=str(generation)).observe(seconds)

    async def watch_loop(self, every: float = 0.1) -> None:
        """Sleep `every` seconds in a loop and record how late each wake-up is."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(every)
            self.loop_lag.observe(max(0.0, time.perf_counter() - start - every))

    # The rooms' Observer hooks.
    def command(self, code: str | None) -> None:
        self.commands.inc()
        if code is not None:
            self.errors.labels(code=code).inc()

    def pushed(self, seconds: float) -> None:
        self.latency.observe(seconds)

    def command_stages(self, queued: float, durable: float) -> None:
        self.queued.observe(queued)
        self.durable.observe(durable)

    def timer_late(self, seconds: float) -> None:
        self.timer_lateness.observe(max(0.0, seconds))

    def error(self, code: str) -> None:
        self.errors.labels(code=code).inc()
