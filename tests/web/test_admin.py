"""The operator's console (issue 35 §3, docs/operations.md "The operator's console") over HTTP
and real sockets against a real `laundermat serve`: off without a token (404), the token only
in a header or the login form, wrong ones refused `unauthorized` and then rate-limited, the
actions (close with a message, block, drain) doing what they say and each logged with who.
The rooms it lists show nothing a spectator could not see."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from .client import Client, new_room, seated_game
from .conftest import ServerProcess

TOKEN = "an-operator-token-long-enough-0123456789"
BEARER = {"authorization": f"Bearer {TOKEN}", "x-operator": "tester"}
ROOM_KEYS = {"code", "game", "status", "phase", "players", "spectators", "age_s", "idle_s"}
PLAYER_KEYS = {"name", "bot", "host", "connected", "away"}


def _console(make_server: Any, **env: Any) -> ServerProcess:
    server: ServerProcess = make_server(admin_token=TOKEN, **env)
    return server


def _overview(server: ServerProcess) -> dict[str, Any]:
    answer = httpx.get(server.url + "/api/admin/overview", headers=BEARER)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _post(server: ServerProcess, path: str, body: Any = None) -> httpx.Response:
    return httpx.post(server.url + path, headers=BEARER, json=body)


async def _closed_with(client: Client) -> tuple[dict[str, Any], int | None]:
    """The last error a socket was sent before it closed, and its close code."""
    error = await client.until(lambda m: m["type"] == "error")
    await asyncio.wait_for(client.ws.wait_closed(), 10)
    return error, client.ws.close_code


def test_without_a_token_there_is_no_console(server: ServerProcess) -> None:
    for method, path in [
        ("GET", "/admin"),
        ("POST", "/admin/login"),
        ("GET", "/api/admin/overview"),
        ("GET", "/api/admin/session"),
        ("POST", "/api/admin/blocks"),
        ("POST", "/api/admin/replicas/self/drain"),
    ]:
        answer = httpx.request(method, server.url + path, headers=BEARER)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["code"] == "not_found"


def test_wrong_tokens_are_refused_with_a_code_then_rate_limited(make_server: Any) -> None:
    server = _console(make_server, admin_attempts_per_minute=3)
    overview = server.url + "/api/admin/overview"
    nothing = httpx.get(overview)
    assert (nothing.status_code, nothing.json()["code"]) == (401, "unauthorized")
    # Never in a URL: a token in the query string is no credential at all.
    in_url = httpx.get(overview, params={"token": TOKEN})
    assert (in_url.status_code, in_url.json()["code"]) == (401, "unauthorized")
    for _ in range(3):
        wrong = httpx.get(overview, headers={"authorization": "Bearer not-the-token"})
        assert (wrong.status_code, wrong.json()["code"]) == (401, "unauthorized")
    # Spent: every attempt from this address is refused, the right token's included.
    for headers in ({"authorization": "Bearer not-the-token"}, BEARER):
        limited = httpx.get(overview, headers=headers)
        assert (limited.status_code, limited.json()["code"]) == (429, "too_many_requests")
    form = httpx.post(server.url + "/admin/login", data={"token": TOKEN})
    assert (form.status_code, form.json()["code"]) == (429, "too_many_requests")
    log = server.log()
    assert TOKEN not in log and "not-the-token" not in log
    assert log.count("admin token refused") == 3


def test_the_login_form_gives_a_signed_session_cookie(make_server: Any) -> None:
    server = _console(make_server)
    page = httpx.get(server.url + "/admin")
    assert page.status_code == 200 and 'src="/static/js/admin.js"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    wrong = httpx.post(server.url + "/admin/login", data={"token": "x" * 30})
    assert (wrong.status_code, wrong.json()["code"]) == (401, "unauthorized")

    login = httpx.post(server.url + "/admin/login", data={"token": TOKEN, "name": "Ada"})
    assert login.status_code == 303 and login.headers["location"] == "/admin"
    cookie = login.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Secure" not in cookie
    assert TOKEN not in cookie
    session = login.cookies["laundermat_admin"]
    assert httpx.get(server.url + "/api/admin/session").json() == {"operator": None}
    with httpx.Client(base_url=server.url, cookies={"laundermat_admin": session}) as browser:
        assert browser.get("/api/admin/session").json() == {"operator": "Ada"}
        assert browser.get("/api/admin/overview").status_code == 200
        # Another site's page cannot make the browser act with it (SameSite, and the Origin).
        evil = browser.post(
            "/api/admin/blocks",
            json={"address": "10.0.0.1", "minutes": 5},
            headers={"origin": "http://evil.example"},
        )
        assert (evil.status_code, evil.json()["code"]) == (403, "origin_not_allowed")
    forged = session[:-1] + ("0" if session[-1] != "0" else "1")
    refused = httpx.get(server.url + "/api/admin/overview", cookies={"laundermat_admin": forged})
    assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
    # Behind an https proxy (127.0.0.1 is trusted by default) the cookie is Secure.
    https = httpx.post(
        server.url + "/admin/login",
        data={"token": TOKEN},
        headers={"x-forwarded-proto": "https"},
    )
    assert "Secure" in https.headers["set-cookie"]
    actions = _overview(server)["actions"]
    assert [a["who"] for a in actions if a["action"] == "login"][-1] == "Ada@127.0.0.1"
    assert TOKEN not in server.log()


def test_closing_a_room_tells_its_players_and_spectators_why(make_server: Any) -> None:
    server = _console(make_server)

    async def run() -> None:
        code, seats, clients = await seated_game(server, 3)
        watcher = await Client.open(server.ws, code)
        await watcher.send({"type": "spectate"})
        await watcher.until(lambda m: m["type"] == "view")

        data = _overview(server)
        (room,) = [r for r in data["rooms"] if r["code"] == code]
        # What a spectator could see, and less: no view, no engine state, no token.
        assert set(room) == ROOM_KEYS | {"replica"} and room["replica"] == data["me"]
        assert all(set(p) == PLAYER_KEYS for p in room["players"])
        assert [p["name"] for p in room["players"]] == ["p0", "p1", "p2"]
        assert room["status"] == "playing" and room["phase"] and room["spectators"] == 1
        text = json.dumps(data)
        assert all(s["token"] not in text for s in seats) and "seed" not in text

        refused = [
            _post(server, f"/api/admin/rooms/{code}/close", {"message": ""}),
            _post(server, f"/api/admin/rooms/{code}/close", {"message": "two\nlines"}),
            _post(server, f"/api/admin/rooms/{code}/close", {"message": 5}),
        ]
        assert [(r.status_code, r.json()["code"]) for r in refused] == [(400, "bad_message")] * 3
        assert httpx.get(f"{server.url}/api/rooms/{code}").status_code == 200  # unchanged

        message = "Maintenance at five: sorry, come back in ten minutes."
        closed = _post(server, f"/api/admin/rooms/{code}/close", {"message": message})
        assert closed.status_code == 200 and closed.json()["closed"] == code
        for client in [*clients, watcher]:
            error, close_code = await _closed_with(client)
            assert (error["code"], error["message"], close_code) == ("room_closed", message, 4004)
        assert httpx.get(f"{server.url}/api/rooms/{code}").json()["code"] == "room_not_found"
        again = _post(server, f"/api/admin/rooms/{code}/close", {"message": message})
        assert (again.status_code, again.json()["code"]) == (404, "room_not_found")

    asyncio.run(run())
    (action,) = [a for a in _overview(server)["actions"] if a["action"] == "close"]
    assert action["who"] == "tester@127.0.0.1" and action["notice"].startswith("Maintenance")
    logged = [json.loads(line) for line in server.log().splitlines() if "admin action" in line]
    assert [(e["action"], e["who"]) for e in logged] == [("close", "tester@127.0.0.1")]


def test_a_blocked_address_is_refused_until_unblocked(make_server: Any) -> None:
    server = _console(make_server)

    async def run() -> None:
        code, seats = await new_room(server.url, 1)
        held = await Client.open(server.ws, code, seats[0]["token"])
        bad = _post(server, "/api/admin/blocks", {"address": "not-an-address", "minutes": 5})
        assert (bad.status_code, bad.json()["code"]) == (400, "bad_message")
        too_long = _post(server, "/api/admin/blocks", {"address": "127.0.0.1", "minutes": 10**6})
        assert too_long.status_code == 400

        blocked = _post(server, "/api/admin/blocks", {"address": "127.0.0.1", "minutes": 5})
        assert blocked.status_code == 200 and blocked.json()["sockets_closed"] == 1
        await asyncio.wait_for(held.ws.wait_closed(), 10)
        assert held.ws.close_code == 1008
        refused = httpx.get(server.url + "/api/catalog")
        assert (refused.status_code, refused.json()["code"]) == (403, "blocked")
        with pytest.raises(websockets.InvalidStatus) as handshake:
            await websockets.connect(f"{server.ws}/{code}")
        assert handshake.value.response.status_code == 403
        # The console stays open to the address (an operator may have blocked their own).
        assert _overview(server)["blocks"][0]["address"] == "127.0.0.1"

        lifted = _post(server, "/api/admin/blocks", {"address": "127.0.0.1", "minutes": 0})
        assert lifted.status_code == 200
        assert httpx.get(server.url + "/api/catalog").status_code == 200
        again = await Client.open(server.ws, code, seats[0]["token"])
        await again.close()

    asyncio.run(run())
    actions = [a["action"] for a in reversed(_overview(server)["actions"])]
    assert actions == ["block", "unblock"]
    # Stored (admin_actions, migration 0009): still there after a restart, who and all.
    server.kill()
    server.start()
    kept = list(reversed(_overview(server)["actions"]))
    assert [(a["action"], a["who"], a["target"]) for a in kept] == [
        ("block", "tester@127.0.0.1", "127.0.0.1"),
        ("unblock", "tester@127.0.0.1", "127.0.0.1"),
    ]
    assert kept[0]["minutes"] == 5


def test_a_drained_server_takes_no_new_rooms_and_plays_on(make_server: Any) -> None:
    server = _console(make_server)

    async def run() -> None:
        code, _, clients = await seated_game(server, 3)
        unknown = _post(server, "/api/admin/replicas/no-such-replica/drain")
        assert (unknown.status_code, unknown.json()["code"]) == (404, "not_found")
        drained = _post(server, "/api/admin/replicas/self/drain")
        assert drained.status_code == 200 and drained.json()["drained"] == _overview(server)["me"]
        refused = httpx.post(server.url + "/api/rooms", json={"name": "Late"})
        assert (refused.status_code, refused.json()["code"]) == (503, "draining")
        assert _overview(server)["replicas"][0]["draining"] is True
        # The game in play goes on: a player still gets a fresh view of it.
        await clients[0].send({"type": "resync"})
        view = await clients[0].until(lambda m: m["type"] == "view")
        assert view["room"]["code"] == code and view["game"] is not None
        for client in clients:
            await client.close()

    asyncio.run(run())
