"""Issue 10 (b) and (c): an owner dies (kill -9) or freezes past its lease (SIGSTOP, then
SIGCONT) mid-game; its rooms resume on the other replicas from PostgreSQL; every game
finishes; no acknowledged command is lost or applied twice; no seat is ever shown two
different games at one state version (which two owners at once would do)."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable

from sqlalchemy import func, select

from laundermat.store.engine import make_engine
from laundermat.store.tables import commands, games

from ..waits import until_async
from .harness import LEASE_TTL_MS, Cluster, Replica
from .players import Tables
from .scenario import report, run


def test_kill_9_of_the_busiest_owner_mid_game(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(replicas=3)

    async def kill_busiest(cluster: Cluster, tables: Tables) -> Replica:
        victim = cluster.busiest(tables.codes)
        await asyncio.to_thread(victim.kill)
        return victim

    outcome = run(cluster, 9, kill_busiest)
    report("kill -9", outcome)
    outcome.assert_nothing_lost()
    assert outcome.victim_rooms, "the busiest replica owned no room"
    # Every room of the dead replica resumed elsewhere: its seats were shown a view again.
    assert all(v is not None for v in outcome.first_views().values()), outcome.first_views()
    survivors = [r for r in cluster.replicas if r.alive]
    # Taken over by the survivors: by the watcher (failover), by a reconnecting seat once the
    # lease ran out (demand), or by the orphan scan; each a fresh claim at a new epoch.
    claims = sum(
        r.metrics().get(f'laundermat_cluster_claims_total{{reason="{reason}"}}', 0)
        for r in survivors
        for reason in ("failover", "demand", "orphan")
    )
    assert claims >= len(outcome.victim_rooms)
    for code, owner in cluster.owners(outcome.victim_rooms).items():
        assert owner in {r.id for r in survivors}, (code, owner)


async def logged(db_url: str, codes: list[str]) -> dict[str, int]:
    """The commands each room's games have in the database."""
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            query = (
                select(games.c.room_code, func.count())
                .join(commands, commands.c.game_id == games.c.id)
                .where(games.c.room_code.in_(codes))
                .group_by(games.c.room_code)
            )
            return {code: count for code, count in (await conn.execute(query)).all()}
    finally:
        await engine.dispose()


def test_a_frozen_owner_is_fenced_and_drops_its_rooms(
    make_cluster: Callable[..., Cluster],
) -> None:
    cluster = make_cluster(replicas=3, cuttable_redis=True)
    frozen_for: list[float] = []
    while_cut: list[dict[str, float]] = []

    async def freeze_past_the_lease(cluster: Cluster, tables: Tables) -> Replica:
        victim = cluster.busiest(tables.codes)
        theirs = [c for c, o in cluster.owners(tables.codes).items() if o == victim.id]
        victim.signal(signal.SIGSTOP)
        stopped = time.monotonic()
        known = await logged(cluster.db_url, theirs)  # what it had written when it froze
        # Until the others have taken every one of its rooms over...
        await until_async(
            lambda: all(o not in (None, victim.id) for o in cluster.owners(theirs).values()),
            lambda: f"not taken over: {cluster.owners(theirs)}",
            60,
        )

        # ... and moved each on: the frozen replica's seats hang on its sockets, so their
        # windows time out on the new owners, at the new epoch. The frozen one's memory is
        # now behind the database, with timers of its own already due.
        async def moved_on() -> bool:
            now = await logged(cluster.db_url, theirs)
            return all(now.get(code, 0) > known.get(code, 0) for code in theirs)

        await until_async(moved_on, "every room of the frozen replica moved on", 60, every=0.1)
        frozen_for.append(time.monotonic() - stopped)
        # It wakes up believing it owns them, and cut off from Redis: no renewal can tell it
        # otherwise, so it plays on (its rooms' timers are due) and only PostgreSQL's fence
        # stands between it and a second owner acknowledging commands.
        cluster.links[victim.id].cut()
        victim.signal(signal.SIGCONT)
        seen: dict[str, float] = {}

        async def dropped() -> bool:
            seen.update(await asyncio.to_thread(victim.metrics))
            return seen.get("laundermat_cluster_owned_rooms", -1) == 0

        await until_async(dropped, "the woken replica dropping its rooms", 30, every=0.1)
        while_cut.append(seen)
        cluster.links[victim.id].restore()  # the partition heals; its sockets find the owners
        return victim

    outcome = run(cluster, 9, freeze_past_the_lease)
    report("SIGSTOP past the lease, then SIGCONT cut off from Redis", outcome)
    assert frozen_for[0] * 1000 > LEASE_TTL_MS
    outcome.assert_nothing_lost()
    victim = outcome.victim
    assert victim is not None and victim.alive
    # Unable to reach Redis, it dropped every room it had owned, and a fenced write is the
    # only way it could: the database refused its stale epoch.
    seen = while_cut[0]
    fenced = seen.get("laundermat_cluster_fenced_writes_total", 0)
    lost = seen.get('laundermat_cluster_lease_renewals_total{result="lost"}', 0)
    print(f"the woken replica, cut off: {fenced:.0f} fenced writes, {lost:.0f} lost renewals")
    assert seen.get("laundermat_cluster_owned_rooms") == 0, seen
    assert fenced >= 1
    assert lost == 0
    # Once the partition healed it may hold some again (rebalancing hands rooms back to the
    # replica their code hashes to), but only by claiming each anew, at a newer epoch.
    back = [c for c, o in cluster.owners(outcome.victim_rooms).items() if o == victim.id]
    now = victim.metrics()
    claims = sum(
        now[name] - seen.get(name, 0)
        for name in now
        if name.startswith("laundermat_cluster_claims_total")
    )
    print(f"held again after the heal: {back}, claims since: {claims:.0f}")
    assert claims >= len(back)
