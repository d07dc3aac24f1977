"""Issue 10 (e) and (f): a replica drained by SIGTERM mid-game hands its rooms over and
exits; Redis restarted mid-game (empty: it keeps nothing on disk) costs no game and no
acknowledged command."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable

from .harness import Cluster, Replica
from .players import Tables
from .scenario import report, run


def test_sigterm_drains_a_replica_mid_game(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(replicas=3)
    exit_codes: list[int | None] = []

    async def drain_busiest(cluster: Cluster, tables: Tables) -> Replica:
        victim = cluster.busiest(tables.codes)
        exit_codes.append(await asyncio.to_thread(victim.terminate))
        return victim

    outcome = run(cluster, 9, drain_busiest)
    report("SIGTERM drain", outcome)
    assert outcome.victim is not None
    # uvicorn re-raises the signal after a graceful shutdown: -SIGTERM is a clean exit too.
    assert exit_codes[0] in (0, -signal.SIGTERM), outcome.victim.log()[-3000:]
    outcome.assert_nothing_lost()
    assert outcome.victim_rooms
    assert all(v is not None for v in outcome.first_views().values())
    survivors = {r.id for r in cluster.replicas if r.alive}
    for code, owner in cluster.owners(outcome.victim_rooms).items():
        assert owner in survivors, (code, owner)
    assert "Traceback" not in outcome.victim.log()


def test_redis_restarted_mid_game(make_cluster: Callable[..., Cluster]) -> None:
    cluster = make_cluster(replicas=3)

    async def restart_redis(cluster: Cluster, tables: Tables) -> None:
        await asyncio.to_thread(cluster.restart_redis, 1.0)
        return None

    outcome = run(cluster, 6, restart_redis)
    report("Redis restarted", outcome)
    outcome.assert_nothing_lost()
    # The leases came back: every room has one live owner again.
    cluster.wait_owned(outcome.tables.codes)
