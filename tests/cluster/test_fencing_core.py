"""Fencing tokens in PostgreSQL (issue 10, docs/scaling.md): two stores on one database act
as two replicas. A stale owner's write is refused BY THE DATABASE and nothing of it lands;
a claim waits for a write holding the row, then reads it; codes stay unique across stores."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import func, select, text

from laundermat.rooms.records import Fence, Fenced, RoomRecord
from laundermat.store import CommandWrite, Store
from laundermat.store.fencing import FencedStore, check_fence
from laundermat.store.tables import commands, games, rooms
from tests.cluster.core_support import pg_url_fixture  # noqa: F401  (pg_url)
from tests.waits import until_async

Work = Callable[[Store, Store], Awaitable[None]]


def record(code: str, status: str = "lobby") -> RoomRecord:
    return RoomRecord(code, status, {}, None, [], 0, 1000, 1000, "laundermat")


def two_replicas(url: str, work: Work) -> None:
    """Run `work(a, b)` with two stores (two replicas' pools) on one database."""

    async def main() -> None:
        a, b = await Store.open(url), await Store.open(url)
        try:
            await work(a, b)
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


async def logged(store: Store, game_id: int) -> int:
    async with store.engine.connect() as conn:
        query = select(func.count()).select_from(commands).where(commands.c.game_id == game_id)
        return int((await conn.execute(query)).scalar_one())


async def epoch(store: Store, code: str) -> int:
    async with store.engine.connect() as conn:
        query = select(rooms.c.owner_epoch).where(rooms.c.code == code)
        return int((await conn.execute(query)).scalar_one())


def test_a_stale_owners_append_is_refused_by_the_database(pg_url: str) -> None:
    async def work(a: Store, b: Store) -> None:
        token_a = await a.claim_new(record("FENCA"))
        assert token_a == 1
        fence_a = Fence("FENCA", token_a)
        game = await a.start_game(record("FENCA", "playing"), 7, ["p1"], None, None, fence=fence_a)
        await a.append_command(CommandWrite(game, 1, {"type": "x"}, None, None), fence=fence_a)
        token_b = await b.claim("FENCA")  # the second replica takes the room over
        assert token_b == 2
        with pytest.raises(Fenced):
            await a.append_command(
                CommandWrite(game, 2, {"type": "stale"}, None, None), fence=fence_a
            )
        with pytest.raises(Fenced):  # and any other write of the stale owner
            await a.save_room(record("FENCA", "finished"), fence=fence_a)
        assert await logged(a, game) == 1  # nothing of the stale owner's write landed
        await b.append_command(
            CommandWrite(game, 2, {"type": "new"}, None, None), fence=Fence("FENCA", 2)
        )
        assert await logged(b, game) == 2
        live = await b.load_room("FENCA")
        assert live is not None and live.room.status == "playing"

    two_replicas(pg_url, work)


def test_a_stale_room_in_a_group_commit_does_not_fail_its_neighbours(pg_url: str) -> None:
    async def work(a: Store, b: Store) -> None:
        fences = {}
        games = {}
        for code in ("BATCA", "BATCB"):
            token = await a.claim_new(record(code))
            assert token is not None
            fences[code] = Fence(code, token)
            games[code] = await a.start_game(
                record(code, "playing"), 1, ["p1"], None, None, fence=fences[code]
            )
        await b.claim("BATCA")
        # Both appends are queued before the writer runs: they share one transaction.
        results = await asyncio.gather(
            *(
                a.append_command(
                    CommandWrite(games[c], 1, {"type": c}, None, None), fence=fences[c]
                )
                for c in ("BATCA", "BATCB")
            ),
            return_exceptions=True,
        )
        assert isinstance(results[0], Fenced) and results[1] is None
        assert await logged(a, games["BATCA"]) == 0
        assert await logged(a, games["BATCB"]) == 1

    two_replicas(pg_url, work)


def test_one_group_commit_merges_each_games_deadline_snapshot_and_result(pg_url: str) -> None:
    """PostgreSQL's group commit is one statement (store/pg_log.py), which may update a game's
    row only once: several commands of one game in one batch must leave what they would
    have left one by one (the last deadline, the snapshot, the result), and a stale room's
    commands, deadline and snapshot must leave nothing."""

    async def game_row(store: Store, game_id: int) -> Any:
        async with store.engine.connect() as conn:
            query = select(games).where(games.c.id == game_id)
            return (await conn.execute(query)).one()

    async def work(a: Store, b: Store) -> None:
        fences, ids = {}, {}
        for code in ("MERGA", "MERGB"):
            token = await a.claim_new(record(code))
            assert token is not None
            fences[code] = Fence(code, token)
            ids[code] = await a.start_game(
                record(code, "playing"), 1, ["p1"], 500, 1, fence=fences[code]
            )
        await b.claim("MERGB")  # MERGB's owner is stale from here on
        held, stale = ids["MERGA"], ids["MERGB"]
        appends = [
            a.append_command(CommandWrite(held, 1, {"n": 1}, 1000, 2), fence=fences["MERGA"]),
            a.append_command(
                CommandWrite(held, 2, {"n": 2}, 2000, 3, snapshot={"s": 2}), fence=fences["MERGA"]
            ),
            a.append_command(
                CommandWrite(stale, 1, {"n": 1}, 9000, 9, snapshot={"s": 9}), fence=fences["MERGB"]
            ),
            a.append_command(
                CommandWrite(held, 3, {"n": 3}, 3000, 4, result={"won": ["p1"]}),
                fence=fences["MERGA"],
            ),
        ]
        # Queued before the writer runs: one batch, one statement.
        results = await asyncio.gather(*appends, return_exceptions=True)
        assert [type(r).__name__ for r in results] == ["NoneType", "NoneType", "Fenced", "NoneType"]
        assert await logged(a, held) == 3 and await logged(a, stale) == 0
        row = await game_row(a, held)
        assert (row.snapshot_seq, row.snapshot) == (2, {"s": 2})
        assert row.finished and row.result == {"won": ["p1"]} and row.finished_ms is not None
        assert (row.deadline_ms, row.window_id) == (None, 4)  # finished: no deadline
        row = await game_row(a, stale)
        assert (row.deadline_ms, row.window_id, row.snapshot_seq, row.snapshot) == (500, 1, 0, None)
        assert not row.finished

    two_replicas(pg_url, work)


async def blocked_by(store: Store, holder: int) -> bool:
    """Whether a session waits on a lock the session `holder` holds (PostgreSQL's own account;
    other sessions on the same server, other tests' included, do not count)."""
    query = text("SELECT count(*) FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))")
    async with store.engine.connect() as conn:
        return bool((await conn.execute(query, {"pid": holder})).scalar_one())


def test_a_claim_waits_for_the_write_holding_the_row_then_reads_it(pg_url: str) -> None:
    """The fence check locks the row: a claim cannot slip between the check and the commit."""

    async def work(a: Store, b: Store) -> None:
        token = await a.claim_new(record("LOCKA"))
        assert token is not None
        fence = Fence("LOCKA", token)
        game = await a.start_game(record("LOCKA", "playing"), 1, ["p1"], None, None, fence=fence)
        async with a.engine.begin() as conn:
            await check_fence(conn, fence)  # the old owner's write transaction has begun
            writer = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
            claim = asyncio.create_task(b.claim("LOCKA"))
            await until_async(lambda: blocked_by(b, writer), "the claim waiting on the writer")
            assert not claim.done()  # the claim waits on the row lock
            await conn.execute(
                commands.insert().values(game_id=game, seq=1, command={"type": "late"})
            )
        assert await claim == token + 1  # after the write committed
        live = await b.load_room("LOCKA")
        assert live is not None and live.game is not None
        assert [c for _, c in live.game.commands] == [{"type": "late"}]

    two_replicas(pg_url, work)


def test_room_codes_are_unique_across_replicas(pg_url: str) -> None:
    async def work(a: Store, b: Store) -> None:
        assert await a.claim_new(record("UNIQA")) == 1
        assert await b.claim_new(record("UNIQA")) is None  # a live room has it
        await a.close_room("UNIQA", fence=Fence("UNIQA", 1))
        assert await b.claim_new(record("UNIQA")) == 2  # a closed room's code is reused
        assert await a.claim("UNIQA") == 3
        assert await a.claim("NONEX") is None  # no live room: nothing to claim
        assert not await b.holds(Fence("UNIQA", 2)) and await b.holds(Fence("UNIQA", 3))

    two_replicas(pg_url, work)


def test_a_fenced_store_reports_the_refusal_once_per_write(pg_url: str) -> None:
    told: list[Fence] = []

    async def work(a: Store, b: Store) -> None:
        token = await a.claim_new(record("TELLA"))
        assert token is not None
        room_store: Any = FencedStore(a, Fence("TELLA", token), told.append)
        await room_store.save_room(record("TELLA"))
        assert told == []
        await b.claim("TELLA")
        with pytest.raises(Fenced):
            await room_store.save_room(record("TELLA", "finished"))
        assert told == [Fence("TELLA", token)]
        assert await epoch(a, "TELLA") == token + 1

    two_replicas(pg_url, work)


def test_replicas_started_together_migrate_one_at_a_time() -> None:
    """`--scale app=3` starts three replicas that each migrate on start: without the
    migrations' advisory lock, concurrent alembic upgrades of a fresh database hang."""
    from laundermat.store.migrate import upgrade_async
    from tests.cluster.core_support import PG_ADMIN, _admin

    name = f"lm_cluster_{secrets.token_hex(5)}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    url = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://") + "/" + name

    async def three_at_once() -> int:
        # The timeout only turns a hang into a failure; it measures nothing.
        await asyncio.wait_for(asyncio.gather(*(upgrade_async(url) for _ in range(3))), 120)
        store = await Store.open(url)  # at head: opens without migrating again
        try:
            async with store.engine.connect() as conn:
                return len((await conn.execute(select(rooms.c.owner_epoch))).all())
        finally:
            await store.close()

    try:
        assert asyncio.run(three_at_once()) == 0
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
