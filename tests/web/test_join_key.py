"""A join whose answer was lost, sent again with its `join_key`, gets its own seat back with a
new token: not `name_taken` and a ghost seat (docs/protocol.md, "Joining"). Over HTTP and a
real socket against a real server; across a SIGKILL on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import secrets
import signal
from typing import Any

import httpx
import pytest
import websockets

from .client import Client
from .conftest import BACKENDS, ServerProcess


def _key() -> str:
    return secrets.token_urlsafe(16)  # 128 bits, 22 characters


def _room(url: str) -> tuple[str, dict[str, Any]]:
    host = httpx.post(url + "/api/rooms", json={"name": "Host"})
    assert host.status_code == 200, host.text
    return host.json()["code"], host.json()


def _join(url: str, code: str, name: str, key: str | None = None) -> httpx.Response:
    body: dict[str, Any] = {"name": name} | ({} if key is None else {"join_key": key})
    return httpx.post(f"{url}/api/rooms/{code}/join", json=body)


async def _hello(server: ServerProcess, code: str, token: str) -> dict[str, Any]:
    client = await Client.open(server.ws, code)
    await client.send({"type": "hello", "token": token})
    answer = await client.until(lambda m: m["type"] in ("view", "error"))
    await client.close()
    return answer


def test_a_retried_join_gets_its_seat_back_not_name_taken(server: ServerProcess) -> None:
    code, _ = _room(server.url)
    key = _key()
    first = _join(server.url, code, "Bob", key)
    assert first.status_code == 200, first.text
    # The answer is "lost": the client sends the same join again.
    again = _join(server.url, code, "Bob", key)
    assert again.status_code == 200, again.text
    assert again.json()["player_id"] == first.json()["player_id"]
    assert again.json()["token"] != first.json()["token"]
    players = httpx.get(f"{server.url}/api/rooms/{code}").json()["players"]
    assert [p["name"] for p in players].count("Bob") == 1  # no ghost seat

    view = asyncio.run(_hello(server, code, again.json()["token"]))
    assert view["type"] == "view"
    stale = asyncio.run(_hello(server, code, first.json()["token"]))
    assert stale["type"] == "error" and stale["code"] == "bad_token"

    # The key names the seat, whatever name comes with it; without it a name is still taken.
    renamed = _join(server.url, code, "Robert", key)
    assert renamed.status_code == 200 and renamed.json()["player_id"] == first.json()["player_id"]
    for other in (None, _key()):
        taken = _join(server.url, code, "Bob", other)
        assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    names = [p["name"] for p in httpx.get(f"{server.url}/api/rooms/{code}").json()["players"]]
    assert names == ["Host", "Bob"]


def test_the_key_finds_its_seat_after_the_game_started(server: ServerProcess) -> None:
    code, host = _room(server.url)
    key = _key()
    bob = _join(server.url, code, "Bob", key).json()
    assert _join(server.url, code, "Cy").status_code == 200

    async def start() -> None:
        client = await Client.open(server.ws, code, host["token"])
        assert (await client.lobby("start"))["type"] == "ack"
        await client.close()

    asyncio.run(start())
    late = _join(server.url, code, "Dee", _key())
    assert late.status_code == 409 and late.json()["code"] == "game_started"
    again = _join(server.url, code, "Bob", key)
    assert again.status_code == 200 and again.json()["player_id"] == bob["player_id"]
    view = asyncio.run(_hello(server, code, again.json()["token"]))
    assert view["type"] == "view" and view["room"]["status"] == "playing"
    assert view["game"]["me"]["seat"] is not None


def test_the_old_tokens_open_socket_loses_the_seat_when_the_key_reissues_it(
    server: ServerProcess,
) -> None:
    """Once the key has given the seat a new token, a socket still open on the old one is
    told `replaced`, closed with 4001, and acts no more (an outside security audit: it kept
    the seat, and its moves were applied)."""
    code, _ = _room(server.url)
    key = _key()
    first = _join(server.url, code, "Bob", key).json()

    async def run() -> None:
        old = await Client.open(server.ws, code, first["token"])
        again = _join(server.url, code, "Bob", key)
        assert again.status_code == 200 and again.json()["player_id"] == first["player_id"]
        told = await old.until(lambda m: m["type"] == "error")
        assert told["code"] == "replaced"
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await old.until(lambda m: False)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
        new = await Client.open(server.ws, code, again.json()["token"])
        assert new.view is not None and new.view["game"] is None
        assert new.view["room"]["players"][1]["connected"] is True
        assert (await new.lobby("nonce", nonce="ab" * 16))["type"] == "ack"
        await new.close()

    asyncio.run(run())


@pytest.mark.parametrize(
    "key",
    [
        "short",
        "x" * 65,
        "has spaces in it 1234567",
        "ümlaut" * 5,
        12345678901234567890123,
        "A" * 22,  # no random key: anyone guessing the pattern would take the seat
        "abcabcabcabcabcabcabcabc",
        "0123456012345601234560",
        "abcdefghijklmnopqrstuv\n",  # a pattern's `$` in Python would take it
    ],
)
def test_a_malformed_key_is_refused_and_seats_nobody(server: ServerProcess, key: Any) -> None:
    code, _ = _room(server.url)
    response = httpx.post(
        f"{server.url}/api/rooms/{code}/join", json={"name": "Eve", "join_key": key}
    )
    assert response.status_code == 400 and response.json()["code"] == "bad_message"
    players = httpx.get(f"{server.url}/api/rooms/{code}").json()["players"]
    assert [p["name"] for p in players] == ["Host"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_key_outlives_a_sigkill(make_server: Any, backend: str) -> None:
    srv = make_server(backend)
    code, _ = _room(srv.url)
    key = _key()
    first = _join(srv.url, code, "Bob", key).json()
    assert srv.kill(signal.SIGKILL) == -signal.SIGKILL
    srv.start()  # the same database, a new process
    again = _join(srv.url, code, "Bob", key)
    assert again.status_code == 200, again.text
    assert again.json()["player_id"] == first["player_id"]
    assert asyncio.run(_hello(srv, code, again.json()["token"]))["type"] == "view"
    names = [p["name"] for p in httpx.get(f"{srv.url}/api/rooms/{code}").json()["players"]]
    assert names == ["Host", "Bob"]
