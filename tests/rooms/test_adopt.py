"""Cluster mode's adopt and drop (rooms/manager.py) when a replica claims a room again while
an older copy of it is still in memory: its lease was lost under load, and the drop that
`lose` spawned had not run yet. The older copy must not live on (its retries would write
with a stale fence for ever, its sockets would watch a room nobody plays), and the late drop
must not take the new copy."""

from __future__ import annotations

import asyncio

from laundermat.rooms.close_codes import CloseCode

from .helpers import seated


def test_a_room_claimed_again_closes_the_older_copy_and_a_late_drop_spares_the_new() -> None:
    async def scenario() -> None:
        rooms, old, subs, _ = await seated(3)
        live = next(r for r in await rooms.store.load_live_rooms() if r.room.code == old.code)
        new = await rooms.adopt(live, rooms.store)
        assert rooms.get(old.code) is new and new is not old
        assert old.closed and old.jobs.closed  # its retries and timers are gone
        assert [s.closed for s in subs] == [CloseCode.RECONNECT] * 3  # to the new copy
        # The drop `lose` spawned for the old copy comes late: it leaves the new one be.
        assert not await rooms.drop(old.code, "lease lost", old)
        assert rooms.get(old.code) is new and not new.closed
        assert await rooms.drop(old.code, "lease lost", new)
        assert rooms.get(old.code) is None and new.closed

    asyncio.run(scenario())
