"""Rate limits across replicas (issue 10): with Redis configured, every replica draws on one
budget per address; with Redis away, each fails open to its own limit and says so."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from laundermat.web.limits import Limiters, LocalLimiter, SharedLimiter
from tests.cluster.services import RedisServer


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


def test_without_a_redis_url_the_limits_are_per_process_and_import_no_redis() -> None:
    limiters = Limiters(None)
    assert limiters.redis is None
    assert isinstance(limiters("create", 3), LocalLimiter)


def test_two_replicas_share_one_budget(redis_server: RedisServer) -> None:
    async def scenario() -> tuple[list[bool], list[bool], bool, bool]:
        # Two apps' limiters, as two replicas would build them from the same settings.
        one, two = Limiters(redis_server.url, "t:"), Limiters(redis_server.url, "t:")
        a, b = one("create", 5), two("create", 5)
        try:
            first = [await a.allow("203.0.113.7") for _ in range(3)]
            second = [await b.allow("203.0.113.7") for _ in range(3)]  # only 2 left
            blocked = await a.blocked("203.0.113.7")
            other = await a.allow("198.51.100.1")  # another address has its own budget
        finally:
            await one.close()
            await two.close()
        return first, second, blocked, other

    first, second, blocked, other = asyncio.run(scenario())
    assert first == [True, True, True]
    assert second == [True, True, False]
    assert blocked
    assert other


def test_racing_replicas_never_exceed_the_limit(redis_server: RedisServer) -> None:
    async def scenario() -> int:
        replicas = [Limiters(redis_server.url, "race:") for _ in range(3)]
        limiters = [make("join", 10) for make in replicas]
        try:
            answers = await asyncio.gather(*(limiters[i % 3].allow("192.0.2.9") for i in range(60)))
        finally:
            for make in replicas:
                await make.close()
        return sum(answers)

    assert asyncio.run(scenario()) == 10


def test_the_window_slides(redis_server: RedisServer) -> None:
    async def scenario() -> list[bool]:
        limiters = Limiters(redis_server.url, "slide:")
        limit = limiters("qr", 2, window_s=0.3)
        try:
            answers = [await limit.allow("a"), await limit.allow("a"), await limit.allow("a")]
            await asyncio.sleep(0.4)  # a duration: the 0.3 s window under test passes
            answers.append(await limit.allow("a"))  # the first two have left the window
        finally:
            await limiters.close()
        return answers

    assert asyncio.run(scenario()) == [True, True, False, True]


def test_with_redis_down_the_limit_fails_open_per_process_with_a_warning(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[list[bool], bool]:
        limiters = Limiters(redis_server.url, "down:")
        limit = limiters("create", 2)
        try:
            assert isinstance(limit, SharedLimiter)
            assert await limit.allow("a")  # counted in Redis
            redis_server.stop()
            # Redis is gone: this process keeps the limit alone, from zero.
            alone = [await limit.allow("a") for _ in range(3)]
            blocked = await limit.blocked("a")
        finally:
            await limiters.close()
        return alone, blocked

    with caplog.at_level(logging.WARNING, logger="laundermat.limits"):
        alone, blocked = asyncio.run(scenario())
    assert alone == [True, True, False]
    assert blocked
    warnings = [r for r in caplog.records if "Redis did not answer" in r.getMessage()]
    assert len(warnings) == 1  # said once, not once per request
