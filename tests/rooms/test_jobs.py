"""A room's job queue (rooms/jobs.py): closing the room answers every caller with
`room_closed`, whether its job was still queued or already running."""

from __future__ import annotations

import asyncio

import pytest

from laundermat.rooms import RoomError, SystemClock
from laundermat.rooms.jobs import JobQueue


def test_closing_answers_the_running_and_the_queued_jobs_callers_with_room_closed() -> None:
    async def main() -> None:
        queue = JobQueue("TEST1", SystemClock())
        queue.start()
        started, never = asyncio.Event(), asyncio.Event()

        async def running() -> None:
            started.set()
            await never.wait()  # e.g. a durable write under way when the room is dropped

        first = asyncio.create_task(queue.call(running))
        second = asyncio.create_task(queue.call(lambda: asyncio.sleep(0)))
        await started.wait()
        queue.close()
        for caller in (first, second):
            with pytest.raises(RoomError) as caught:
                await caller
            assert caught.value.code == "room_closed"
        with pytest.raises(RoomError):
            await queue.call(lambda: asyncio.sleep(0))  # closed: no new job

    asyncio.run(main())
