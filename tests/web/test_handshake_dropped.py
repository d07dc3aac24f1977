"""An accepted socket does not keep its opening handshake (socket.py `drop_handshake`):
uvicorn's websockets-sansio protocol holds the request and response, headers and all, for
the socket's life, ~3 KiB a socket. Here against a real uvicorn in this process, so the
server's own protocol objects can be looked at, and the socket still works after the drop."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvicorn
import websockets

from laundermat.bots.server_process import free_port
from laundermat.web.app import create_app
from laundermat.web.serve import uvicorn_config
from laundermat.web.settings import ServerSettings


async def _exchange(ws: Any, message: dict[str, Any], answer: str) -> dict[str, Any]:
    await ws.send(orjson.dumps(message).decode())
    while True:
        got: dict[str, Any] = orjson.loads(await ws.recv())
        if got["type"] == answer:
            return got


def test_an_accepted_socket_drops_its_handshake_and_still_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        port = free_port()
        settings = ServerSettings(
            port=port,
            database_url=f"sqlite+aiosqlite:///{tmp_path / 'handshake.db'}",
            log_level="warning",
        )
        assert settings.ws == "websockets-sansio"
        app = create_app(settings)
        server = uvicorn.Server(uvicorn_config(app, settings))
        serving = asyncio.create_task(server.serve())
        try:
            while not server.started:
                await asyncio.sleep(0.01)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                created = await http.post("/api/rooms", json={"name": "Ann"})
                code = created.json()["code"]
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{code}") as ws:
                view = await _exchange(ws, {"type": "spectate"}, "view")
                assert view["room"]["code"] == code
                (conn,) = app.state.laundermat.connections
                protocol = conn.ws._send.__self__
                assert type(protocol).__name__ == "WebSocketsSansIOProtocol"
                assert protocol.request is None and protocol.response is None
                assert (await _exchange(ws, {"type": "ping"}, "pong"))["server_time"] > 0
        finally:
            server.should_exit = True
            await serving

    asyncio.run(scenario())
