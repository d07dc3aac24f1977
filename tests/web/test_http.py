"""The HTTP side: pages, QR codes, schema, health, metrics; socket settings; quiet logs."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient

from laundermat.web.app import create_app
from laundermat.web.settings import ServerSettings

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
        'laundermat_gc_pause_seconds_count{generation="0"}',  # a server this busy has collected
    ):
        assert name in metrics


def test_no_compression_and_no_tokens_in_logs(server: ServerProcess) -> None:
    async def scenario() -> list[str]:
        code, seats, clients = await seated_game(server, 3)
        # The client offers per-message deflate; the server must decline it.
        ws = await websockets.connect(f"{server.ws}/{code}", compression="deflate")
        assert ws.response is not None
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


def test_path_and_query_parameters_are_bounded(server: ServerProcess) -> None:
    """games.id is a 32-bit Integer column: ids outside 1..2^31-1 are refused with 400
    bad_message before the database sees them (above int64 they used to answer 500)."""
    code, _ = asyncio.run(new_room(server.url, 1))
    with httpx.Client(base_url=server.url) as http:
        for game_id in (2**63, 2**64 + 1, 2**31, 0, -1):
            response = http.get(f"/api/games/{game_id}/replay")
            assert response.status_code == 400, (game_id, response.text)
            assert response.json()["code"] == "bad_message"
        assert http.get("/api/games/2147483647/replay").json()["code"] == "not_found"
        for limit in (0, 201, 2**70):
            response = http.get("/api/history", params={"limit": limit})
            assert response.status_code == 400 and response.json()["code"] == "bad_message"
        assert http.get("/api/history", params={"limit": 200}).status_code == 200
        # Room codes: five characters from the code alphabet, in any case; anything else
        # is a room that does not exist (the client shows "check the code").
        for bad in ("A" * 2000, "ABCD", "ABCDEF", "ABCD0", "ABCDI", "AB CD"):
            response = http.get(f"/api/rooms/{bad}")
            assert response.status_code == 404 and response.json()["code"] == "room_not_found"
            join = http.post(f"/api/rooms/{bad}/join", json={"name": "x"})
            assert join.status_code == 404 and join.json()["code"] == "room_not_found"
        assert http.get(f"/api/rooms/{code.lower()}").json()["code"] == code
        assert http.get("/healthz").status_code == 200  # the same keep-alive connection


def test_room_lookups_that_miss_are_limited_per_address(make_server: Any) -> None:
    """Enumerating live codes means many misses: past room_lookup_misses_per_minute every
    lookup from that address answers 429 (hits too, or a 429/200 split would still tell
    which codes are live). A client looking up its own room is never counted as missing."""
    srv = make_server(room_lookup_misses_per_minute=3)
    code, _ = asyncio.run(new_room(srv.url, 1))
    with httpx.Client(base_url=srv.url) as http:
        assert [http.get(f"/api/rooms/{code}").status_code for _ in range(30)] == [200] * 30
        misses = [http.get("/api/rooms/ZZZZZ").status_code for _ in range(4)]
        assert misses == [404, 404, 404, 429]
        refused = http.get(f"/api/rooms/{code}")
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_requests"


def test_room_lookups_are_limited_per_address(make_server: Any) -> None:
    srv = make_server(room_lookups_per_minute=5)
    code, _ = asyncio.run(new_room(srv.url, 1))
    with httpx.Client(base_url=srv.url) as http:
        statuses = [http.get(f"/api/rooms/{code}").status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]


def test_qr_codes_are_limited_per_address(make_server: Any) -> None:
    srv = make_server(qr_codes_per_minute=3)
    code, _ = asyncio.run(new_room(srv.url, 1))
    with httpx.Client(base_url=srv.url) as http:
        statuses = [http.get(f"/r/{code}/qr.svg").status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        assert http.get(f"/r/{code}/qr.svg").json()["code"] == "too_many_requests"


def test_qr_codes_are_validated_and_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    """A code that is not five characters of the code alphabet is a 404 without rendering;
    a QR already rendered for the same link comes from the cache (the renderer runs once)."""
    import segno

    from laundermat.web import routes

    made: list[str] = []
    real_make = segno.make

    def counting_make(content: str, **kwargs: Any) -> Any:
        made.append(content)
        return real_make(content, **kwargs)

    monkeypatch.setattr(segno, "make", counting_make)  # the module routes renders with
    routes.qr_svg.cache_clear()
    app = create_app(ServerSettings(database_url="memory://"))
    with TestClient(app) as http:
        for bad in ("A" * 2000, "ABCD", "ABCD0", "ab%20cde"):
            response = http.get(f"/r/{bad}/qr.svg")
            assert response.status_code == 404 and response.json()["code"] == "room_not_found"
        assert made == []
        first = http.get("/r/abcde/qr.svg")
        second = http.get("/r/ABCDE/qr.svg")
        assert first.status_code == second.status_code == 200
        assert first.content == second.content and first.content.startswith(b"<svg")
        assert made == ["http://testserver/r/ABCDE"]


def test_a_commands_latency_is_split_into_its_stages(server: ServerProcess) -> None:
    """Each command applied is counted once in each stage, and its stages fit in its push
    latency (received → turn → durable → views queued)."""

    async def scenario() -> None:
        _, _, clients = await seated_game(server, 3, round_timer=600)
        for client in clients:
            bill = client.game["display"][0]["card"]
            ack = await client.act({"type": "select", "card": bill})
            assert ack["type"] == "ack", ack

    def figures() -> dict[str, float]:
        out = {}
        for line in httpx.get(server.url + "/metrics").text.splitlines():
            name, _, value = line.rpartition(" ")
            if name.startswith("laundermat_command_") and name.endswith(("_count", "_sum")):
                out[name] = float(value)
        return out

    before = figures()
    asyncio.run(scenario())
    after = figures()
    grew = {name: after[name] - before.get(name, 0.0) for name in after}
    stages = ("queued", "durable")
    assert grew["laundermat_command_push_seconds_count"] == 3
    for stage in stages:
        assert grew[f"laundermat_command_{stage}_seconds_count"] == 3
    parts = sum(grew[f"laundermat_command_{stage}_seconds_sum"] for stage in stages)
    assert 0 < parts <= grew["laundermat_command_push_seconds_sum"]
