"""A server fault reaches the client as `internal` with no detail, and the socket closes 1011.

In-process (Starlette's TestClient) so the fault can be injected; everything else in
tests/web runs against a real uvicorn."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from laundermat.rooms import Room
from laundermat.web.app import create_app
from laundermat.web.settings import ServerSettings


def test_a_fault_is_reported_as_internal_without_details(monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: Room, *args: Any) -> None:
        raise RuntimeError("secret detail: /etc/passwd line 3")

    monkeypatch.setattr(Room, "act", broken)
    app = create_app(ServerSettings(database_url="memory://"))
    with TestClient(app) as http:
        seat = http.post("/api/rooms", json={"name": "Ann"}).json()
        with http.websocket_connect(f"/ws/{seat['code']}") as ws:
            ws.send_json({"type": "hello", "token": seat["token"]})
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "view"
            ws.send_json({"type": "act", "id": "x", "command": {"type": "skip"}})
            error = ws.receive_json()
            assert error["code"] == "internal"
            assert "secret" not in error["message"] and "Traceback" not in error["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1011
        info = http.get("/api/rooms/" + seat["code"]).json()
        assert info["code"] == seat["code"]  # the room itself is unharmed
