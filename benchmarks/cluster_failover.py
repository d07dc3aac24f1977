"""Failover time for benchmarks/cluster_bench.py: bots play continuously through nginx
(the crash soak's seats: every unanswered command re-sent after a reconnect); again and
again the replica owning the most rooms is killed with SIGKILL and replaced by a fresh one
on its port. For each room of the dead replica: seconds from the kill to the first view its
seats received from the new owner. At the end the database is checked: every acknowledged
command logged exactly once."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.cluster.harness import Cluster
from tests.cluster.players import Tables

from benchmarks.capacity.stats import percentile


async def failovers(cluster: Cluster, kills: int, rooms: int, settle: float) -> dict[str, Any]:
    tables = Tables(cluster.url, rooms=rooms, players=3, seed=3)
    await tables.start()
    for bot in tables.bots:
        bot.stop.clear()  # rematch after rematch: play for as long as the kills go on
    times: list[float] = []
    missing = 0
    per_kill: list[dict[str, Any]] = []
    try:
        await tables.wait_mid_game(acked_per_room=3)
        for k in range(kills):
            victim = cluster.busiest(tables.codes)
            theirs = [c for c, o in cluster.owners(tables.codes).items() if o == victim.id]
            killed = time.monotonic()
            await asyncio.to_thread(victim.kill)
            views: dict[str, float | None] = {}
            while time.monotonic() - killed < 30:
                views = tables.first_view_after(killed, theirs)
                if all(v is not None for v in views.values()):
                    break
                await asyncio.sleep(0.05)
            seen = [v for v in views.values() if v is not None]
            times += seen
            missing += len(views) - len(seen)
            per_kill.append({"rooms": len(theirs), "max_s": max(seen, default=None)})
            print(f"  kill {k + 1}/{kills}: {victim.id}, {len(theirs)} rooms, {seen}", flush=True)
            await asyncio.to_thread(cluster.replace, victim)
            await asyncio.sleep(settle)
        for bot in tables.bots:
            bot.stop.set()
        unfinished = await tables.finish(timeout=120)
    finally:
        await tables.cancel()
    figures = await tables.check_database(cluster.db_url)
    return {
        "kills": kills,
        "rooms": rooms,
        "rooms_failed_over": len(times) + missing,
        "no_view_within_30_s": missing,
        "first_view_s": {
            "p50": _round(percentile(times, 0.5)),
            "p90": _round(percentile(times, 0.9)),
            "p99": _round(percentile(times, 0.99)),
            "max": _round(max(times, default=None)),
        },
        "distribution_s": _histogram(times),
        "per_kill": per_kill,
        "acked": figures["acked"],
        "lost": figures["lost"],
        "doubled": figures["doubled"],
        "games_over": figures["games_over"],
        "seats_unfinished": unfinished,
        "two_views_of_one_version": len(tables.two_views_of_one_version()),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _histogram(times: list[float]) -> dict[str, int]:
    """Rooms per half-second bucket."""
    out: dict[str, int] = {}
    for t in times:
        low = int(t * 2) / 2
        key = f"{low:.1f}-{low + 0.5:.1f}"
        out[key] = out.get(key, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: float(kv[0].split("-")[0])))
