"""What the app shares between its routes and sockets (kept on `app.state.laundermat`)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from ..rooms import RoomManager
from ..rooms.close_codes import CloseCode
from ..rooms.records import StoreLike, StoreUnavailable
from .admission import Admission
from .blocks import Blocklist
from .connection import Connection
from .limits import Limiter, LocalLimiter, limit_key
from .metrics import Metrics
from .settings import ServerSettings

HEALTH_TIMEOUT_S = 2.0  # /healthz: the database answers in this time, or it is not healthy


@dataclass
class AppState:
    settings: ServerSettings
    store: StoreLike
    manager: RoomManager
    metrics: Metrics
    create_limiter: Limiter
    join_limiter: Limiter
    connections: set[Connection] = field(default_factory=set)
    # HTTP lookups (web/routes.py); app.py sizes them from the settings.
    lookup_limiter: Limiter = field(default_factory=lambda: LocalLimiter(300))
    lookup_miss_limiter: Limiter = field(default_factory=lambda: LocalLimiter(30))
    qr_limiter: Limiter = field(default_factory=lambda: LocalLimiter(60))
    replay_limiter: Limiter = field(default_factory=lambda: LocalLimiter(180))
    # Finished games' public command lists (web/replays.py): a game is replayed to build one.
    public_commands: dict[tuple[int, int, int], list[Any]] = field(default_factory=dict)
    # Which sockets get in and whose budget each frame spends (web/admission.py).
    admission: Admission = field(kw_only=True)
    cluster: Any = None  # laundermat.cluster.Cluster in cluster mode (LAUNDERMAT_REDIS_URL)
    served_hosts: set[str] | None = None  # web/hosts.py; None: any name
    # The operator's (web/admin.py): addresses blocked for a while, and whether this replica
    # was drained (it takes no new rooms).
    blocks: Blocklist = field(default_factory=Blocklist)
    draining: bool = False

    _health: tuple[float, bool] = (0.0, True)  # (when asked, whether it answered)

    async def spent(self, client: str, joining: bool) -> bool:
        """Whether `client` has spent the budget a room lookup (or a join) counts against,
        asked without counting: cluster/forward.py refuses it before looking for the room."""
        address = limit_key(client)
        if joining:
            return await self.join_limiter.blocked(address)
        return await self.lookup_miss_limiter.blocked(address) or (
            await self.lookup_limiter.blocked(address)
        )

    async def database_answers(self) -> bool:
        """Whether the store answers a trivial read within HEALTH_TIMEOUT_S, asked at most
        once a second however often /healthz is called."""
        asked, answered = self._health
        now = time.monotonic()
        if now - asked < 1.0:
            return answered
        try:
            await asyncio.wait_for(self.store.ping(), HEALTH_TIMEOUT_S)
            answered = True
        except (StoreUnavailable, TimeoutError):
            answered = False
        self._health = (time.monotonic(), answered)
        return answered

    async def going_away(self) -> None:
        """SIGTERM: every socket, in a room or not, is told 1001 and flushed. In cluster mode
        the rooms are handed to peers first, their sockets told to reconnect at once."""
        if self.cluster is not None:
            await self.cluster.drain()
        for conn in list(self.connections):
            conn.close(CloseCode.GOING_AWAY, "server shutting down")
        if self.connections:
            await asyncio.wait(
                [asyncio.ensure_future(c.finish()) for c in list(self.connections)], timeout=3
            )
        await self.manager.shutdown()
