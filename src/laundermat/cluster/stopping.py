"""Stopping background tasks that may be inside a Redis command.

redis-py's asyncio client can lose a cancellation that lands while a command waits for its
reply (redis/redis-py#2028, and the family of issues around it): the task then stays in a
read that its own socket timeout no longer ends. Seen here: a replica's BLPOP loop, cancelled
at shutdown, still reading 45 s later and until the test's 120 s timeout
(tests/cluster/test_lease_core.py hung in 3 of about 40 runs under pytest-xdist). So the
cluster's loops stop cooperatively, between commands, and a cancellation is only the
fallback for work that outlives a grace period; a task that outlives even that is logged
and left behind, so that shutdown itself never hangs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger("laundermat.cluster")
STOP_GRACE_S = 5.0  # longer than a Redis command can take (socket timeouts are 1 and 5 s)


async def settle(tasks: Iterable[asyncio.Task[None]], grace_s: float = STOP_GRACE_S) -> None:
    """Wait for `tasks` to end by themselves, then cancel what is left; never wait forever."""
    pending = {t for t in tasks if not t.done()}
    if pending:
        _, pending = await asyncio.wait(pending, timeout=grace_s)
    for task in pending:
        task.cancel()
    if pending:
        _, pending = await asyncio.wait(pending, timeout=grace_s)
    if pending:
        names = sorted(t.get_name() for t in pending)
        log.warning("background tasks did not stop", extra={"tasks": names})
