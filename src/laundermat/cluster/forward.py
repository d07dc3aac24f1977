"""HTTP requests that need a room's memory (join, the room summary) go to its owner.

An ASGI middleware, installed only in cluster mode: for `/api/rooms/{code}` and
`/api/rooms/{code}/join` on a room this replica does not hold, it asks the cluster where the
room is; if a live peer owns it, the request is sent there with httpx (the client's Origin
and Host kept, so the owner's checks see what this replica saw, and its address in the peer
header, so the owner's limits count the player) and the answer returned as it is.

Installed inside the body cap (web/middleware.py BodyLimit), so a body is capped before it is
read for forwarding, and an address over its budget is refused before the room is looked for.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import httpx
import orjson

from .node import Route
from .peers import is_relayed, peer_headers

log = logging.getLogger("laundermat.cluster")
ROOM_PATH = re.compile(r"^/api/rooms/([^/]{1,16})(/join)?$")
KEPT = (b"content-type", b"origin", b"host", b"accept", b"user-agent")
HOP_OR_ENCODING = ("content-length", "transfer-encoding", "connection", "content-encoding")


class ForwardToOwner:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        match = ROOM_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        app_state: Any = getattr(getattr(scope.get("app"), "state", None), "laundermat", None)
        cluster = getattr(app_state, "cluster", None)
        if match is None or cluster is None or is_relayed(scope):
            await self.app(scope, receive, send)
            return
        code = match.group(1).strip().upper()
        if code in cluster.manager.rooms:
            await self.app(scope, receive, send)
            return
        client = scope["client"][0] if scope.get("client") else "?"
        if await app_state.spent(client, joining=match.group(2) is not None):
            # Refused before any shared resource is touched: a refused lookup of an unknown
            # code would otherwise still cost claims in Redis and PostgreSQL.
            await _answer(send, 429, {"code": "too_many_requests", "message": "Wait a minute."})
            return
        body = b""
        while True:  # read once: the request may go to the owner or, after all, here
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        unreachable: set[str] = set()
        for _ in range(3):
            route, url = await cluster.locate(code, False, frozenset(unreachable))
            if route is Route.LOCAL:
                await self.app(scope, _replay(body, receive), send)
                return
            if route is not Route.RELAY or url is None:
                break
            if await self._forward(cluster, url, body, scope, send):
                return
            unreachable.add(url)  # the owner just died: wait for its lease, then claim
        await _answer(send, 503, {"code": "unavailable", "message": "Try again in a moment."})

    async def _forward(self, cluster: Any, url: str, body: bytes, scope: Any, send: Any) -> bool:
        headers = {k.decode(): v.decode("latin-1") for k, v in scope["headers"] if k in KEPT}
        client = scope["client"][0] if scope.get("client") else "?"
        headers.update(peer_headers(cluster.config.secret, client, scope["path"]))
        target = url.rstrip("/") + scope["path"]
        if scope.get("query_string"):
            target += "?" + scope["query_string"].decode("latin-1")
        try:
            answer = await cluster.http.request(
                scope["method"], target, content=body, headers=headers
            )
        except httpx.HTTPError as exc:
            log.info("forward failed", extra={"owner": url, "error": str(exc)[:120]})
            return False
        cluster.metrics.forwarded.inc()
        # httpx decoded the owner's gzip (web/app.py compresses answers): these are the bytes
        # sent on, and this replica's own GZipMiddleware compresses them again.
        kept = [
            (k.encode(), v.encode("latin-1"))
            for k, v in answer.headers.items()
            if k.lower() not in HOP_OR_ENCODING
        ]
        kept.append((b"content-length", str(len(answer.content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code, "headers": kept})
        await send({"type": "http.response.body", "body": answer.content})
        return True


def _replay(body: bytes, receive: Any) -> Any:
    """A `receive` that gives the app the body this middleware already read, then listens to
    the client as the original does (a disconnect)."""
    sent = False

    async def replayed() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _answer(send: Any, status: int, body: dict[str, str]) -> None:
    data = orjson.dumps(body)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
