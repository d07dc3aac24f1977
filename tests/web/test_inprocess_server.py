"""A real uvicorn in this process, so the server's own objects and logs can be looked at.

- An accepted socket does not keep its opening handshake (socket.py `drop_handshake`):
  uvicorn's websockets-sansio protocol holds the request and response, headers and all, for
  the socket's life, ~3 KiB a socket; the socket still works after the drop.
- A peer that says `spectate` and closes in the same write is let go quietly: the welcome's
  send finds it gone, and that is not a server error.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvicorn
import websockets
from websockets.client import ClientProtocol
from websockets.uri import parse_uri

from laundermat.bots.server_process import free_port
from laundermat.web.app import create_app
from laundermat.web.guards import GuardedWebSocket
from laundermat.web.serve import uvicorn_config
from laundermat.web.settings import ServerSettings

from ..waits import until_async


async def _exchange(ws: Any, message: dict[str, Any], answer: str) -> dict[str, Any]:
    await ws.send(orjson.dumps(message).decode())
    while True:
        got: dict[str, Any] = orjson.loads(await ws.recv())
        if got["type"] == answer:
            return got


@asynccontextmanager
async def serving(tmp_path: Path) -> AsyncIterator[tuple[Any, int, str]]:
    """The app under uvicorn on a free port, and a new room's code."""
    port = free_port()
    settings = ServerSettings(
        port=port,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'inprocess.db'}",
        log_level="warning",
    )
    assert settings.ws == "websockets-sansio"
    app = create_app(settings)
    server = uvicorn.Server(uvicorn_config(app, settings))
    task = asyncio.create_task(server.serve())
    try:
        await until_async(lambda: server.started, "uvicorn started")
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            code = (await http.post("/api/rooms", json={"name": "Ann"})).json()["code"]
        yield app, port, code
    finally:
        server.should_exit = True
        await task


def test_an_accepted_socket_drops_its_handshake_and_still_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving(tmp_path) as (app, port, code):
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/{code}")
            try:
                view = await _exchange(ws, {"type": "spectate"}, "view")
                assert view["room"]["code"] == code
                (conn,) = app.state.laundermat.connections
                protocol = conn.ws._send.__self__
                assert isinstance(protocol, GuardedWebSocket)  # web/guards.py's
                assert protocol.request is None and protocol.response is None
                assert (await _exchange(ws, {"type": "ping"}, "pong"))["server_time"] > 0
            finally:
                await ws.close()

    asyncio.run(scenario())


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_peer_that_spectates_and_closes_at_once_is_no_server_error(tmp_path: Path) -> None:
    async def scenario() -> None:
        records = _Records()
        logger = logging.getLogger("laundermat.socket")
        logger.addHandler(records)
        try:
            async with serving(tmp_path) as (app, port, code):
                for _ in range(3):
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                    client = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws/{code}"))
                    client.send_request(client.connect())
                    writer.write(b"".join(client.data_to_send()))
                    while client.state.name != "OPEN":
                        client.receive_data(await reader.read(65536))
                    client.send_text(b'{"type":"spectate"}')  # and the close, in one write
                    client.send_close(1000)
                    writer.write(b"".join(client.data_to_send()))
                    await reader.read(65536)  # the server answers, then lets it go
                    writer.close()
                # Each socket's task ends with its clean-up, which lets the connection go.
                connections = app.state.laundermat.connections
                await until_async(lambda: not connections, "every socket cleaned up")
        finally:
            logger.removeHandler(records)
        failed = [r.getMessage() for r in records.records if r.levelno >= logging.ERROR]
        assert failed == []

    asyncio.run(scenario())
