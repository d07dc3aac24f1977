"""Fixtures of the scale-out tests: `make_cluster(**options)` starts a Cluster (harness.py)
in the test's temporary directory and stops it afterwards, printing the replicas' and nginx's
last log lines when the test failed. The tests need PostgreSQL (TEST_DATABASE_URL, or the
local one .ci/run starts), redis-server and nginx (scripts/ensure-system-packages.sh)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import Cluster
from .services import require_postgresql


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def make_cluster(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[..., Cluster]]:
    require_postgresql()
    started: list[Cluster] = []

    def make(**options: Any) -> Cluster:
        cluster = Cluster(tmp_path / f"cluster{len(started)}", **options)
        started.append(cluster)
        return cluster.start()

    yield make
    for cluster in started:
        if request.node.stash.get(FAILED, False):
            print(cluster.logs())
        cluster.stop()
