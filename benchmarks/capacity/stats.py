"""What the benchmark measures: latency percentiles, a process's CPU, CPU wait and RSS from
/proc, this process's own loop lag, and the server's Prometheus histograms between two scrapes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def busiest(times: list[float], width: float) -> int:
    """The most of `times` (seconds) in any one slot of `width` seconds: how bursty the
    offered load was (at 750 commands/s evenly spread, 7.5 in a 10 ms slot)."""
    slots = Counter(int(t / width) for t in times)
    return max(slots.values(), default=0)


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


@dataclass
class Stats:
    last: list[float] = field(default_factory=list)  # command → last seat's view
    sender: list[float] = field(default_factory=list)  # command → the sender's own view
    timer: list[float] = field(default_factory=list)  # deadline → last seat's timeout view
    sent_at: list[float] = field(default_factory=list)  # when each counted command went out
    skipped: int = 0  # ticks that found the previous command unanswered
    rejected: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    messages: int = 0
    view_bytes: int = 0
    views: int = 0
    started: float = field(default_factory=time.perf_counter)
    # The slow-reader test splits latencies by room group.
    groups: dict[str, list[float]] = field(default_factory=dict)

    @property
    def commands(self) -> int:
        return len(self.sent_at)


class Process:
    """CPU seconds and RSS of a process, read from /proc."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.tick = os.sysconf("SC_CLK_TCK")

    def cpu(self) -> float:
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def waited(self) -> float:
        """Seconds its threads spent runnable but waiting for a CPU (others held it)."""
        total = 0
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{self.pid}/task"):
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[1])
        return total / 1e9

    def rss(self) -> int:
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0


class LoopLag:
    """This process's own event-loop lag: a load generator that lags would inflate latency."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        async def watch() -> None:
            while True:
                start = time.perf_counter()
                await asyncio.sleep(0.05)
                self.samples.append(time.perf_counter() - start - 0.05)

        self.task = asyncio.create_task(watch())


def histogram(text: str, name: str) -> dict[float, float]:
    """Cumulative bucket counts of one Prometheus histogram."""
    out: dict[float, float] = {}
    prefix = name + '_bucket{le="'
    for line in text.splitlines():
        if line.startswith(prefix):
            le, _, value = line[len(prefix) :].partition('"} ')
            out[float("inf") if le == "+Inf" else float(le)] = float(value)
    return out


def gc_pauses(before: str, after: str) -> dict[str, float]:
    """Per generation, between two scrapes: how many collections and their total pause (ms)."""

    def totals(text: str) -> dict[str, float]:
        out: dict[str, float] = {}
        for line in text.splitlines():
            if line.startswith("laundermat_gc_pause_seconds_") and "{" in line:
                name, _, rest = line.partition("{")
                labels, _, value = rest.partition("} ")
                generation = labels.split('"')[1]
                if name.endswith("_count"):
                    out[f"gc{generation}_n"] = float(value)
                elif name.endswith("_sum"):
                    out[f"gc{generation}_ms"] = float(value) * 1000
        return out

    start, end = totals(before), totals(after)
    return {key: round(end[key] - start.get(key, 0.0), 1) for key in sorted(end)}


def histogram_quantile(before: dict[float, float], after: dict[float, float], q: float) -> Any:
    """Like PromQL's histogram_quantile over the difference of two scrapes."""
    if not after:
        return None
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    total = counts[-1]
    if total <= 0:
        return None
    rank = q * total
    lower, below = 0.0, 0.0
    for bound, cumulative in zip(bounds, counts, strict=True):
        if cumulative >= rank:
            if bound == float("inf"):
                return f">{lower * 1000:g}"
            inside = cumulative - below
            share = (rank - below) / inside if inside else 1.0
            return round((lower + (bound - lower) * share) * 1000, 2)
        lower, below = bound, cumulative
    return None


@dataclass
class Window:
    seconds: float
    cpu: float
    rss: int
    metrics_before: str
    metrics_after: str
    own_cpu: float
    waited: float  # the server's share of the window spent waiting for a CPU
