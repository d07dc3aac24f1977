"""One replica's membership of the cluster: start, find a room's owner, serve or relay a
socket, hand everything over on SIGTERM, stop. web/app.py builds it only when
LAUNDERMAT_REDIS_URL is set (docs/scaling.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from enum import Enum
from typing import Any

import httpx
import redis.asyncio as aioredis
from prometheus_client import CollectorRegistry
from starlette.websockets import WebSocket

from ..expiring import ExpiringKeys
from ..rooms import RoomManager
from ..rooms.close_codes import CloseCode
from ..rooms.members import CODE_ALPHABET, CODE_LENGTH, normalize_code
from ..rooms.records import StoreUnavailable
from .config import ClusterConfig
from .follow import Follower
from .keys import Keys, Leases
from .metrics import ClusterMetrics
from .ownership import REDIS_ERRORS, Ownership
from .peers import relayed_via
from .relay import open_upstream, pipe
from .watcher import Watcher, rendezvous

log = logging.getLogger("laundermat.cluster")
logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per forwarded request is noise


class Route(Enum):
    LOCAL = "local"  # the room is here (now), or no live room has the code: serve here
    RELAY = "relay"  # a live peer owns it
    MOVED = "moved"  # its owner is changing: the client should reconnect in a moment


# Codes no live room had a moment ago, kept ABSENT_TTL_S: guessing codes costs the shared
# store one indexed read per code and no lease, claim or write (with claims, 1,500 guesses
# made 3,008 PostgreSQL transactions and 20,508 Redis commands). A room made on
# a peer within ABSENT_TTL_S of a guess of its very code is not found here until it expires.
ABSENT_TTL_S = 3.0


class Cluster:
    def __init__(
        self,
        config: ClusterConfig,
        store: Any,
        manager: RoomManager,
        registry: CollectorRegistry | None = None,
        max_message_bytes: int = 16 * 1024,
    ) -> None:
        if getattr(getattr(store, "engine", None), "dialect", None) is None or (
            store.engine.dialect.name != "postgresql"
        ):
            raise ValueError("cluster mode (LAUNDERMAT_REDIS_URL) needs PostgreSQL")
        self.config = config
        self.store = store
        self.manager = manager
        self.absent = ExpiringKeys(most=10_000)
        self.metrics = ClusterMetrics(registry)
        self.max_message_bytes = max_message_bytes
        timeout = config.redis_timeout_ms / 1000
        self.redis: Any = aioredis.from_url(
            config.redis_url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self.blocking_redis: Any = aioredis.from_url(
            config.redis_url, socket_timeout=5.0, socket_connect_timeout=timeout
        )
        keys = Keys(config.prefix)
        self.leases = Leases(self.redis, keys, config.replica_id, config.lease_ttl_ms)
        self.ownership = Ownership(config, self.leases, store, manager, self.metrics)
        self.follower = Follower(self.ownership)
        self.watcher = Watcher(self.ownership, self.follower.settled)
        self.http = httpx.AsyncClient(timeout=10.0)
        self.relays: set[WebSocket] = set()

    @property
    def me(self) -> str:
        return self.config.replica_id

    async def start(self) -> None:
        """Join: heartbeat first (so peers count this replica), then the background loops.
        Rooms come here on demand, by failover, handoff or the orphan scan."""
        self.manager.claims = self.ownership
        try:
            await self.ownership.renew()
        except REDIS_ERRORS:
            log.warning("redis unreachable at start; retrying in the background")
        self.watcher.start(self.blocking_redis)
        log.info("cluster joined", extra={"replica": self.me, "url": self.config.advertise_url})

    def moved(self, code: str) -> bool:
        return normalize_code(code) in self.ownership.moved

    @staticmethod
    def relayed_via(scope: Any) -> str | None:
        """The peer that relayed this socket ("" when it gave no id), None for a socket
        straight from a client (web/socket.py asks here: it imports no cluster module)."""
        return relayed_via(scope)

    # ------------------------------------------------------------ where a room is

    async def locate(
        self, code: str, relayed: bool, unreachable: frozenset[str] = frozenset()
    ) -> tuple[Route, str | None]:
        """Where `code` is served. A free lease is claimed here; a dead owner's lease is
        waited out (at most two TTLs); a socket a peer relayed is never relayed again; an
        owner URL in `unreachable` (it refused us just now: killed) is waited out too."""
        give_up = time.monotonic() + 2 * self.config.lease_ttl_ms / 1000
        while True:
            if code in self.manager.rooms or self.absent.holds(code):
                return Route.LOCAL, None  # here, or known not to exist: answered here
            try:
                found = await self._look_once(code, relayed, unreachable)
            except REDIS_ERRORS:
                found = None  # Redis restarting: try again until give_up
            if found is not None:
                return found
            # Draining (SIGTERM): this replica stops within seconds, before a lease could run
            # out; the client reconnects through the balancer to a replica that stays.
            if time.monotonic() > give_up or not self.ownership.accepting:
                return Route.MOVED, None
            await asyncio.sleep(self.config.watch_ms / 1000)

    async def _look_once(
        self, code: str, relayed: bool, unreachable: frozenset[str]
    ) -> tuple[Route, str | None] | None:
        """One reading of the lease (claiming it when free), or None: not settled yet,
        `locate` looks again after a pause."""
        owner = await self.leases.owner(code)
        if owner is None:
            if not await self._may_be_live(code):
                self.absent.add(code, ABSENT_TTL_S)
                return Route.LOCAL, None
            if self._must_not_claim(code, relayed):
                return Route.MOVED, None
            won = await self.ownership.claim(code, "demand")
            if won is None:
                # The store or Redis failed: the room may well be live. Answering here would
                # say "not found", and a browser forgets its seat on that: try again, then
                # tell the client to reconnect.
                return None
            owner = None if won else await self.leases.owner(code)
            if owner is None:
                return Route.LOCAL, None  # ours now, or no live room: answered here
        if owner != self.me and not relayed:
            url = await self.leases.url_of(owner)
            if url is not None and url not in unreachable:
                return Route.RELAY, url
        return None

    def _must_not_claim(self, code: str, relayed: bool) -> bool:
        """Draining, or a peer relays to us a room we just handed to it (it read the lease
        before the release): claiming it back would undo the handover. The client
        reconnects through the balancer to the new owner instead."""
        return not self.ownership.accepting or (relayed and code in self.ownership.moved)

    async def _may_be_live(self, code: str) -> bool:
        """One indexed read before any claim; if the store does not answer, the claim that
        follows finds out and is retried as an outage already is."""
        try:
            return bool(await self.store.is_live(code))
        except StoreUnavailable:
            return True

    async def serve_socket(self, ws: WebSocket, code: str, relayed: bool, client: str) -> bool:
        """Handle a socket for a room not in this replica's memory: relay it, or tell it to
        reconnect. False: serve it here as usual (claimed now, or no such room). An owner
        that refuses the relay (just killed) is waited out until its lease expires."""
        code = normalize_code(code)
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            return False
        unreachable: set[str] = set()
        accepted = False
        for _ in range(3):
            route, url = await self.locate(code, relayed, frozenset(unreachable))
            if route is Route.LOCAL:
                return False  # served here (socket.py accepts it unless accepted already)
            if route is Route.MOVED or url is None:
                break
            upstream = await open_upstream(
                ws, url, self.config.secret, client, self.max_message_bytes, self.me
            )
            if upstream is None:
                unreachable.add(url)
                if not accepted:  # hold the client while the owner's lease runs out
                    await ws.accept()
                    accepted = True
                continue
            if not accepted:
                await ws.accept()
            await pipe(ws, upstream, self.metrics, self.relays)
            return True
        if not accepted:
            await ws.accept()
        await ws.close(CloseCode.RECONNECT, "reconnect")
        return True

    # ------------------------------------------------------------ leaving

    async def drain(self, wait_s: float = 2.0) -> None:
        """SIGTERM: take no more rooms; hand each owned room to a live peer (held, durable,
        released, pushed), give peers a moment to claim them, then close the rooms' and
        the relayed sockets with the reconnect code."""
        self.ownership.accepting = False
        try:
            live, _ = await self.leases.live_replicas()
        except REDIS_ERRORS:
            live = {}
        peers = [r for r in live if r != self.me]
        targets = {c: rendezvous(c, peers) for c in self.ownership.owned}
        moving = await self.ownership.hand_over_many(targets)
        give_up = time.monotonic() + wait_s
        while moving and peers and time.monotonic() < give_up:
            try:
                owners = await self.leases.owners(moving)
            except REDIS_ERRORS:
                break
            if all(o is not None for o in owners):
                break
            await asyncio.sleep(0.05)
        for code in moving:
            await self.ownership.finish_hand_over(code)
        for ws in list(self.relays):
            try:
                await ws.close(CloseCode.RECONNECT, "reconnect")
            except Exception:
                log.debug("relayed socket already closed")
        with contextlib.suppress(*REDIS_ERRORS):
            await self.leases.stop_heartbeat()
        log.info("drained", extra={"rooms": len(moving), "peers": len(peers)})

    async def stop(self) -> None:
        await self.watcher.stop()
        await self.follower.stop()
        await self.ownership.stop()
        await self.http.aclose()
        for client in (self.redis, self.blocking_redis):
            with contextlib.suppress(*REDIS_ERRORS):
                await client.aclose()
