"""The ceiling we compare the server against: a bare ASGI WebSocket broadcaster.

Clients connect to /ws/{room}. Any text message a client sends makes the app send one
pre-encoded payload of `BASELINE_PAYLOAD_BYTES` to every socket of that room, the sender
included. No parsing, no rules, no storage: what is left is uvicorn and the socket itself.
Run it under the same uvicorn flags as `laundermat serve`:

    BASELINE_PAYLOAD_BYTES=3000 uvicorn benchmarks.baseline_app:app --ws websockets-sansio \
        --ws-per-message-deflate false --ws-max-size 16384 --no-access-log
"""

from __future__ import annotations

import asyncio
import os
from collections import defaultdict
from typing import Any

PAYLOAD_BYTES = int(os.environ.get("BASELINE_PAYLOAD_BYTES", "3000"))
_PAYLOAD = '{"type":"view","pad":"' + "x" * max(0, PAYLOAD_BYTES - 24) + '"}'

Scope = dict[str, Any]
Message = dict[str, Any]

rooms: dict[str, set[Any]] = defaultdict(set)


async def app(scope: Scope, receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        await _lifespan(receive, send)
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    if scope["type"] == "websocket":
        await _websocket(scope, receive, send)


async def _lifespan(receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def _websocket(scope: Scope, receive: Any, send: Any) -> None:
    room = scope["path"].rsplit("/", 1)[-1]
    queue: asyncio.Queue[str] = asyncio.Queue(maxsize=64)

    async def writer() -> None:
        while True:
            text = await queue.get()
            await send({"type": "websocket.send", "text": text})

    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    members = rooms[room]
    members.add(queue)
    task = asyncio.create_task(writer())
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                break
            for member in members:
                if not member.full():
                    member.put_nowait(_PAYLOAD)
    finally:
        members.discard(queue)
        task.cancel()
