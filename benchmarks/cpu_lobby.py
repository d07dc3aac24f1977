"""Tables for benchmarks/cluster_cpu.py whose room settles on the replica nginx sends it to
before the game starts, as a real lobby gives it time to.

A room is owned by the replica that answered `POST /api/rooms` (any of them), while nginx
sends its sockets to the replica its code hashes to: (N-1)/N of the rooms start out relayed.
A lobby follows its sockets (cluster/follow.py), but the capacity tables press Start the
moment their six seats are in, and under load the game often begins before the room has
moved, leaving its sockets relayed for the whole run (126 of 360 with 3 replicas in one
run). Players take seconds in a lobby; so here the host's socket alone opens first, and the
table is seated once the room has moved (the owner closes that socket with 4012) or
`settle` seconds have passed (it was already where nginx sends it)."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from .capacity.server import HOST
from .cluster_load import RECONNECT, ClusterGenerator
from .wsclient import WsClient, connect


class SettledGenerator(ClusterGenerator):
    def __init__(self, port: int, pace: float, seed: int, settle: float) -> None:
        super().__init__(port, pace, seed)
        self.settle = settle
        self.settled = 0  # rooms that moved to where their sockets arrive before play

    async def _before_play(self, code: str, seats: list[dict[str, Any]]) -> None:
        if self.settle > 0:
            await self._probe(code, seats[0]["token"])

    async def _probe(self, code: str, token: str) -> None:
        closed: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()

        def on_close(ws: WsClient, close_code: int | None) -> None:
            if not closed.done():
                closed.set_result(close_code)

        ws = await connect(HOST, self.port, f"/ws/{code}", lambda *_: None, on_close)
        ws.send_text(orjson.dumps({"type": "hello", "token": token}))
        try:
            if await asyncio.wait_for(asyncio.shield(closed), self.settle) == RECONNECT:
                self.settled += 1
        except TimeoutError:
            pass
        ws.abort()
