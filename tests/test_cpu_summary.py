"""benchmarks/cpu_summary.py on runs too short to read: a single process whose replica read
no CPU (under 10 ms, one clock tick) leaves the ratios against it unknown, not a crash."""

from __future__ import annotations

import json
import math
from typing import Any

from benchmarks.cpu_summary import summarise


def run(replicas: int, replica_cpu: float) -> dict[str, Any]:
    cpu = {f"replica:{i}": replica_cpu for i in range(replicas)}
    cpu |= {"postgres": 0.02, "redis": 0.01, "nginx": 0.01, "loadgen": 0.05}
    pg = {"statements": 40, "commits": 10, "wal_bytes": 4000}
    load = {"answered": 20, "seconds": 2.0, "cpu_s": cpu, "pg": pg, "round_trips": 30}
    idle = {"cpu_s": {k: 0.0 for k in cpu}, "seconds": 1.0}
    return {"round": 0, "replicas": replicas, "load": load | {"failovers": 0}, "idle": idle}


def test_a_single_process_that_read_no_cpu_gives_unknown_ratios() -> None:
    summary = summarise([run(1, 0.0), run(2, 0.03)])
    against = summary["by_replicas"]["2"]["against_single"]
    assert math.isnan(against["replica"]["median"])
    assert json.loads(json.dumps(summary))  # the smoke run's JSON line still prints


def test_ratios_against_a_measured_single_process() -> None:
    against = summarise([run(1, 0.04), run(2, 0.03)])["by_replicas"]["2"]["against_single"]
    assert against["replica"]["median"] == 1.5  # 2 x 0.03 s against 0.04 s, same commands
