"""The HTTP side: pages, QR codes, schema, health, metrics; socket settings; quiet logs."""

from __future__ import annotations

import asyncio

import httpx
import websockets

from .client import Client, new_room, seated_game
from .conftest import ServerProcess


def test_pages_qr_schema_health_and_metrics(server: ServerProcess) -> None:
    code, _ = asyncio.run(new_room(server.url, 1))
    assert httpx.get(server.url + "/").headers["content-type"].startswith("text/html")
    assert httpx.get(f"{server.url}/r/{code}").status_code == 200
    qr = httpx.get(f"{server.url}/r/{code}/qr.svg")
    assert qr.headers["content-type"] == "image/svg+xml" and qr.text.startswith("<svg")
    schema = httpx.get(server.url + "/api/protocol.json").json()
    assert {"client_message", "server_message", "error_codes", "close_codes"} <= set(schema)
    assert "Act" in schema["client_message"]["$defs"]
    info = httpx.get(f"{server.url}/api/rooms/{code.lower()}").json()  # codes ignore case
    assert info["code"] == code and info["status"] == "lobby"
    assert httpx.get(server.url + "/healthz").json()["ok"] is True
    metrics = httpx.get(server.url + "/metrics").text
    for name in (
        "laundermat_rooms",
        "laundermat_connections",
        "laundermat_commands_total",
        "laundermat_errors_total",
        "laundermat_command_push_seconds_bucket",
        "laundermat_event_loop_lag_seconds_bucket",
        "laundermat_timer_lateness_seconds_bucket",
    ):
        assert name in metrics


def test_no_compression_and_no_tokens_in_logs(server: ServerProcess) -> None:
    async def scenario() -> list[str]:
        code, seats, clients = await seated_game(server, 3)
        # The client offers per-message deflate; the server must decline it.
        ws = await websockets.connect(f"{server.ws}/{code}", compression="deflate")
        assert "permessage-deflate" not in (
            ws.response.headers.get("Sec-WebSocket-Extensions") or ""
        )
        await ws.close()
        for c in clients:
            await c.close()
        again = await Client.open(server.ws, code, seats[0]["token"])
        await again.close()
        return [s["token"] for s in seats]

    tokens = asyncio.run(scenario())
    log = server.log()
    assert log and not any(token in log for token in tokens)
