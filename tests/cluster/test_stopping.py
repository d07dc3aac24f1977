"""`settle` (cluster/stopping.py): background tasks end by themselves, are cancelled after a
grace period, and one that swallows its cancellation is left behind: shutdown never hangs."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from laundermat.cluster.stopping import settle


def test_a_task_that_ends_by_itself_is_not_cancelled() -> None:
    async def main() -> None:
        stop = asyncio.Event()

        async def loop() -> None:
            await stop.wait()

        task = asyncio.create_task(loop())
        await asyncio.sleep(0)
        stop.set()
        await settle([task], grace_s=5)
        assert task.done() and not task.cancelled()

    asyncio.run(main())


def test_a_task_still_working_after_the_grace_is_cancelled() -> None:
    async def main() -> None:
        task = asyncio.create_task(asyncio.sleep(3600))
        await settle([task], grace_s=0.05)
        assert task.cancelled()

    asyncio.run(main())


def test_a_task_that_swallows_its_cancellation_is_left_behind_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> asyncio.Task[None]:
        async def stubborn() -> None:  # what a lost cancellation in redis-py looks like
            while True:
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.sleep(3600)

        task = asyncio.create_task(stubborn(), name="stubborn")
        await settle([task], grace_s=0.05)
        assert not task.done()
        return task

    with caplog.at_level("WARNING", logger="laundermat.cluster"):
        loop = asyncio.new_event_loop()
        try:
            task = loop.run_until_complete(main())
        finally:
            task.get_coro().close()  # asyncio.run would wait for it forever
            loop.close()
    assert any(
        "did not stop" in r.message and getattr(r, "tasks", None) == ["stubborn"]
        for r in caplog.records
    )
