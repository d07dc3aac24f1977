"""Fixtures of the scale-out tests: `make_cluster(**options)` starts a Cluster (harness.py)
in the test's temporary directory and stops it afterwards, printing the replicas' and nginx's
last log lines when the test failed. The tests need PostgreSQL (TEST_DATABASE_URL, or the
local one .ci/run starts), redis-server and nginx (scripts/ensure-system-packages.sh)."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .harness import Cluster
from .services import PG_URL


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


def require_postgresql() -> None:
    """The clusters need PostgreSQL. CI (.ci/run) always has it, so there its absence fails
    the test; on a developer's machine without one the test is skipped, as the other
    PostgreSQL tests are without TEST_DATABASE_URL."""
    parts = urlsplit(PG_URL.replace("+asyncpg", ""))
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), 2):
            return
    except OSError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {parts.hostname}:{parts.port} (set TEST_DATABASE_URL)")


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
