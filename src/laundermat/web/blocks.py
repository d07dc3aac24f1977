"""Addresses the operator blocked for a while (web/admin.py, `laundermat admin block`).

A blocked address (an IPv6 address's /64, as the rate limits count it: limits.limit_key)
gets 403 `blocked` for every HTTP request and has its socket handshakes refused, until the
block runs out. Its sockets open when it was blocked are closed (1008). The console's own
paths and the static files stay open, so an operator who blocks their own address can undo
it. In a cluster the replica that takes the block passes it to every live peer and keeps it
in Redis (`{prefix}admin:blocks`), where a replica that starts later finds it.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from .limits import limit_key
from .protocol import ErrorBody

log = logging.getLogger("laundermat.admin")

MOST = 10_000  # blocks held at once: beyond it the oldest go first
# The console, its files and the health check answer a blocked address too.
OPEN_PATHS = ("/admin/", "/api/admin/", "/static/")


@dataclass(frozen=True)
class Block:
    address: str  # as limit_key gives it
    until: float  # epoch seconds
    reason: str
    who: str

    def to_dict(self, now: float) -> dict[str, object]:
        left = max(0, round(self.until - now))
        return {"address": self.address, "until": round(self.until), "seconds_left": left}


class Blocklist:
    def __init__(self) -> None:
        self._blocks: dict[str, Block] = {}

    def add(self, address: str, seconds: float, reason: str = "", who: str = "") -> Block | None:
        """Block `address` for `seconds` from now (0: lift its block); the block, or None."""
        key = limit_key(address)
        self._blocks.pop(key, None)
        if seconds <= 0:
            return None
        if len(self._blocks) >= MOST:
            self._forget_expired()
            while len(self._blocks) >= MOST:
                del self._blocks[min(self._blocks, key=lambda k: self._blocks[k].until)]
        block = self._blocks[key] = Block(key, time.time() + seconds, reason, who)
        return block

    def holds(self, address: str) -> bool:
        if not self._blocks:  # the usual case: no work per request
            return False
        block = self._blocks.get(limit_key(address))
        if block is None:
            return False
        if block.until > time.time():
            return True
        del self._blocks[block.address]
        return False

    def current(self) -> list[Block]:
        self._forget_expired()
        return sorted(self._blocks.values(), key=lambda b: b.until)

    def _forget_expired(self) -> None:
        now = time.time()
        self._blocks = {k: b for k, b in self._blocks.items() if b.until > now}


async def remember(cluster: Any, address: str, block: Block | None) -> None:
    """Cluster mode: the block (None: its lifting) kept in Redis for replicas yet to start."""
    key = cluster.config.prefix + "admin:blocks"
    try:
        if block is None:
            await cluster.redis.hdel(key, address)
        else:
            held = {"until": block.until, "reason": block.reason, "who": block.who}
            await cluster.redis.hset(key, address, json.dumps(held))
    except Exception:  # the live replicas have it already
        log.warning("block not kept in Redis", extra={"address": address})


async def recall(cluster: Any, blocks: Blocklist) -> int:
    """Cluster mode, at start: the blocks still running, from Redis; how many."""
    key = cluster.config.prefix + "admin:blocks"
    try:
        held = await cluster.redis.hgetall(key)
    except Exception:
        log.warning("blocks not read from Redis")
        return 0
    now, taken = time.time(), 0
    for address, value in held.items():
        entry = json.loads(value)
        if entry["until"] > now:
            blocks.add(_text(address), entry["until"] - now, entry["reason"], entry["who"])
            taken += 1
    return taken


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


BLOCKED_BODY = (
    ErrorBody(code="blocked", message="This address is blocked for a while.")
    .model_dump_json()
    .encode()
)


class BlockedAddresses:
    """Answers 403 `blocked` to an HTTP request from a blocked address (sockets take the
    fast path past every middleware: web/socket.py checks them itself)."""

    def __init__(self, app: ASGIApp, blocks: Blocklist) -> None:
        self.app = app
        self.blocks = blocks

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if (
            scope["type"] != "http"
            or not client
            or not self.blocks.holds(client[0])
            or scope["path"] in ("/admin", "/healthz")
            or scope["path"].startswith(OPEN_PATHS)
        ):
            await self.app(scope, receive, send)
            return
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(BLOCKED_BODY)).encode()),
        ]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": BLOCKED_BODY})
