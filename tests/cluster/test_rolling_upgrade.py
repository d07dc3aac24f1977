"""A rolling upgrade (issue 35, part 5): while tables of both games play through nginx, every
replica in turn is drained by SIGTERM and replaced by a new process (a new id, as a new
container has) on its address. Every game finishes, no acknowledged command is lost or
doubled, no seat is shown two games at one version. The pause the players of each moved room
saw (the longest stretch without a view, in the 10 s after its owner's SIGTERM, beside the same
in the 10 s before: bots idle too, to let windows time out) is printed for docs/operations.md;
never judged against a clock here."""

from __future__ import annotations

import asyncio
import itertools
import signal
import time
from collections.abc import Callable

from .harness import Cluster
from .players import Tables
from .scenario import Outcome

WINDOW_S = 10.0
Moved = list[tuple[float, str]]  # (moment of its owner's SIGTERM, room)


async def upgrade_every_replica(cluster: Cluster, tables: Tables) -> Moved:
    """Each replica in turn: SIGTERM (its rooms handed over), then its successor started; the
    rooms each one held, with the moment it was told to stop."""
    moved: Moved = []
    for old in list(cluster.replicas):
        owned = [code for code, owner in cluster.owners(tables.codes).items() if owner == old.id]
        moment = time.monotonic()
        code = await asyncio.to_thread(old.terminate)
        # uvicorn re-raises the signal after a graceful shutdown: -SIGTERM is a clean exit too.
        assert code in (0, -signal.SIGTERM), old.log()[-3000:]
        assert "Traceback" not in old.log()
        await asyncio.to_thread(cluster.replace, old)
        await asyncio.to_thread(cluster.wait_owned, tables.codes)
        moved += [(moment, room) for room in owned]
    return moved


def longest_gap(tables: Tables, room: str, start: float, end: float) -> float | None:
    """The longest stretch without a view to any seat of `room` that overlaps [start, end];
    None when the room's game was over by `start` (its last view came before)."""
    times = sorted(t for bot in tables.bots if bot.code == room for t, _ in bot.arrivals)
    if not times or times[-1] < start:
        return None
    gaps = [b - a for a, b in itertools.pairwise(times) if b >= start and a <= end]
    return max(gaps, default=0.0)


def gaps(tables: Tables, moved: Moved, offset: float) -> list[float]:
    """Each moved room's longest gap in the window starting `offset` from its move, sorted."""
    found = [longest_gap(tables, room, at + offset, at + offset + WINDOW_S) for at, room in moved]
    return sorted(g for g in found if g is not None)


def test_a_rolling_upgrade_costs_no_game_and_no_acknowledged_command(
    make_cluster: Callable[..., Cluster],
) -> None:
    cluster = make_cluster(replicas=3)

    async def scenario() -> tuple[Outcome, Moved]:
        tables = Tables(cluster.url, rooms=6, players=3, games=("laundermat", "goblin"), think=0.6)
        await tables.start()
        try:
            await tables.wait_mid_game()
            moved = await upgrade_every_replica(cluster, tables)
            unfinished = await tables.finish()
        finally:
            await tables.cancel()
        figures = await tables.check_database(cluster.db_url)
        return Outcome(tables, figures, unfinished), moved

    outcome, moved = asyncio.run(scenario())
    outcome.assert_nothing_lost()
    assert not {r.id for r in cluster.replicas} & {"r1", "r2", "r3"}  # every one replaced
    assert moved  # rooms changed hands
    tables = outcome.tables
    during = gaps(tables, moved, 0.0)
    before = gaps(tables, moved, -WINDOW_S)
    assert during and before
    print(
        f"\nrolling upgrade: {len(moved)} room moves ({len(during)} of games under way); "
        f"longest pause without a view in the {WINDOW_S:.0f} s after the owner's SIGTERM: "
        f"max {during[-1]:.2f} s, median {during[len(during) // 2]:.2f} s (in the "
        f"{WINDOW_S:.0f} s before it: max {before[-1]:.2f} s, median "
        f"{before[len(before) // 2]:.2f} s); acked {outcome.figures['acked']}, "
        f"lost {outcome.figures['lost']}, doubled {outcome.figures['doubled']}"
    )
