"""A fenced group commit on PostgreSQL is one round trip (store/pg_log.py, docs/scaling.md
"Fencing"), counted on the wire (wire.py) rather than taken from the code: the store reaches
the database through a proxy that counts the Sync and Query messages it sends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from laundermat.rooms.records import Fence
from laundermat.store import CommandWrite, Store
from tests.cluster.core_support import pg_url_fixture  # noqa: F401  (pg_url)
from tests.cluster.test_fencing_core import logged, record
from tests.cluster.wire import RoundTripCounter

Work = Callable[[Store, Store, RoundTripCounter], Awaitable[None]]


def counted_and_direct(url: str, work: Work) -> None:
    """Run `work(a, b, counter)`: replica `a` reaches the database through the counter,
    replica `b` directly."""

    async def main() -> None:
        counter = RoundTripCounter(url)
        a, b = await Store.open(await counter.start()), await Store.open(url)
        try:
            await work(a, b, counter)
        finally:
            await a.close()
            await b.close()
            await counter.stop()

    asyncio.run(main())


async def playing(store: Store, code: str) -> tuple[Fence, int]:
    token = await store.claim_new(record(code))
    assert token is not None
    fence = Fence(code, token)
    game = await store.start_game(record(code, "playing"), 1, ["p1"], None, None, fence=fence)
    return fence, game


async def round_trips_of(counter: RoundTripCounter, appends: list[Awaitable[None]]) -> int:
    """The round trips of appends queued together (one batch, one group commit)."""
    before = counter.round_trips
    await asyncio.gather(*appends, return_exceptions=True)
    return counter.round_trips - before


def test_a_fenced_group_commit_is_one_round_trip_and_refuses_a_stale_room(pg_url: str) -> None:
    async def work(a: Store, b: Store, counter: RoundTripCounter) -> None:
        held, held_game = await playing(a, "WIREA")
        stale, stale_game = await playing(a, "WIREB")

        def append(game: int, seq: int, fence: Fence, **ends: Any) -> Awaitable[None]:
            write = CommandWrite(game, seq, {"n": seq}, 1000 * seq, seq, **ends)
            return a.append_command(write, fence=fence)

        # The first commit opens the log's connection and prepares its statement.
        await append(held_game, 1, held)
        batch = [
            append(held_game, 2, held),
            append(stale_game, 1, stale),
            append(held_game, 3, held),
        ]
        assert await round_trips_of(counter, batch) == 1
        assert (await logged(a, held_game), await logged(a, stale_game)) == (3, 1)

        await b.claim("WIREB")  # a's token for WIREB is stale from here on
        appends = [
            append(stale_game, 2, stale, snapshot={"s": 2}),
            append(held_game, 4, held),
            append(stale_game, 3, stale, result={"won": ["p1"]}),
        ]
        before = counter.round_trips
        results = await asyncio.gather(*appends, return_exceptions=True)  # one batch
        assert counter.round_trips - before == 1
        assert [type(r).__name__ for r in results] == ["Fenced", "NoneType", "Fenced"]
        assert (await logged(a, held_game), await logged(a, stale_game)) == (4, 1)
        live = await b.load_room("WIREB")
        assert live is not None and live.game is not None  # the stale batch left nothing:
        assert [seq for seq, _ in live.game.commands] == [1]
        assert (live.game.snapshot, live.game.finished, live.game.window_id) == (None, False, 1)

    counted_and_direct(pg_url, work)


def test_the_counter_sees_the_transaction_it_replaced(pg_url: str) -> None:
    """The SQLAlchemy transaction (kept for other databases) on the same counter: the pool's
    pre-ping (BEGIN, `;`, ROLLBACK), BEGIN, the lock, the insert, the games' update, COMMIT,
    each its own round trip (eight here; at least five whatever the pool does). Were the
    counter blind, the test above could not fail."""

    async def work(a: Store, b: Store, counter: RoundTripCounter) -> None:
        a._pg_log = None
        fence, game = await playing(a, "WIREC")
        first = CommandWrite(game, 1, {"n": 1}, 1000, 1)
        await a.append_command(first, fence=fence)  # statements prepared, pool warm
        again = CommandWrite(game, 2, {"n": 2}, 2000, 2)
        assert await round_trips_of(counter, [a.append_command(again, fence=fence)]) >= 5
        assert await logged(b, game) == 2

    counted_and_direct(pg_url, work)
