"""Kick means gone (issue 31 part 6, an outside security review: a kicked player rejoined the
lobby at once). A removed player is barred, by the name the table knew and the browser they
joined from, until the host lets them back; the bar is in the room's record. Over HTTP and
real sockets against a real server, and across a SIGKILL."""

from __future__ import annotations

import asyncio
import secrets
import signal
from typing import Any

import httpx

from .client import Client
from .conftest import ServerProcess


def _device() -> str:
    return secrets.token_urlsafe(16)  # what the browser keeps (static/js/store.js)


def _join(url: str, code: str, name: str, device: str | None = None) -> httpx.Response:
    body: dict[str, Any] = {"name": name} | ({} if device is None else {"device": device})
    return httpx.post(f"{url}/api/rooms/{code}/join", json=body)


def _barred(url: str, code: str) -> list[dict[str, Any]]:
    barred: list[dict[str, Any]] = httpx.get(f"{url}/api/rooms/{code}").json()["barred"]
    return barred


async def _hello(server: ServerProcess, code: str, token: str) -> str:
    """What a hello with `token` is answered: "view", or the error's code."""
    client = await Client.open(server.ws, code)
    await client.send({"type": "hello", "token": token})
    answer = await client.until(lambda m: m["type"] in ("view", "error"))
    await client.close()
    return "view" if answer["type"] == "view" else str(answer["code"])


def _refused(response: httpx.Response) -> bool:
    return response.status_code == 403 and response.json()["code"] == "barred"


def test_a_kicked_player_stays_out_until_the_host_lets_them_back(server: ServerProcess) -> None:
    host = httpx.post(server.url + "/api/rooms", json={"name": "Host"}).json()
    code, device = host["code"], _device()
    bob = _join(server.url, code, "Bob", device).json()
    cy = _join(server.url, code, "Cy").json()

    async def run() -> None:
        owner = await Client.open(server.ws, code, host["token"])
        gone = await Client.open(server.ws, code, bob["token"])
        assert (await owner.lobby("kick", player_id=bob["player_id"]))["type"] == "ack"
        assert (await gone.until(lambda m: m["type"] == "error"))["code"] == "kicked"
        seen = await owner.until(lambda m: m["type"] == "view" and m["room"]["barred"])
        assert seen["room"]["barred"] == [{"player_id": bob["player_id"], "name": "Bob"}]

        # The same browser under another name, the same name from anywhere: both refused.
        for name, browser in (("Robert", device), ("bob", None), (" BOB ", _device())):
            assert _refused(_join(server.url, code, name, browser)), name
        assert await _hello(server, code, bob["token"]) == "kicked"
        assert _join(server.url, code, "Dee", _device()).status_code == 200  # others come in

        other = await Client.open(server.ws, code, cy["token"])
        refused = await other.lobby("unbar", player_id=bob["player_id"])
        assert refused["type"] == "error" and refused["code"] == "not_host"
        unknown = await owner.lobby("unbar", player_id=cy["player_id"])  # seated, not barred
        assert unknown["type"] == "error" and unknown["code"] == "bad_message"
        assert (await owner.lobby("unbar", player_id=bob["player_id"]))["type"] == "ack"
        for client in (owner, other):
            await client.close()

    asyncio.run(run())
    assert _barred(server.url, code) == []
    back = _join(server.url, code, "Bob", device)
    assert back.status_code == 200, back.text
    names = [p["name"] for p in httpx.get(f"{server.url}/api/rooms/{code}").json()["players"]]
    assert names == ["Host", "Cy", "Dee", "Bob"]


def test_a_bar_outlives_a_sigkill(make_server: Any) -> None:
    srv = make_server()
    host = httpx.post(srv.url + "/api/rooms", json={"name": "Host", "device": _device()}).json()
    code, device = host["code"], _device()
    bob = _join(srv.url, code, "Bob", device).json()

    async def kick() -> None:
        owner = await Client.open(srv.ws, code, host["token"])
        assert (await owner.lobby("kick", player_id=bob["player_id"]))["type"] == "ack"
        await owner.close()

    asyncio.run(kick())
    assert srv.kill(signal.SIGKILL) == -signal.SIGKILL
    srv.start()  # the same database, a new process
    assert _barred(srv.url, code) == [{"player_id": bob["player_id"], "name": "Bob"}]
    assert _refused(_join(srv.url, code, "Robert", device))
    assert _refused(_join(srv.url, code, "Bob"))
    assert asyncio.run(_hello(srv, code, bob["token"])) == "kicked"  # not bad_token

    async def unbar() -> None:
        owner = await Client.open(srv.ws, code, host["token"])
        assert (await owner.lobby("unbar", player_id=bob["player_id"]))["type"] == "ack"
        await owner.close()

    asyncio.run(unbar())
    assert _join(srv.url, code, "Robert", device).status_code == 200
