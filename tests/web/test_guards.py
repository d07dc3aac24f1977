"""The limits uvicorn's own protocols lack (web/guards.py; found by an outside flood audit),
over real sockets against a real server: WebSocket pings have a budget; an HTTP request must
arrive whole in time, and its head is bounded; a close whose peer never reads is aborted."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import websockets

from laundermat.web import guards
from laundermat.web.limits import limit_key

from ..waits import until_async
from .client import Client, new_room
from .conftest import ServerProcess


def test_a_ping_flood_is_closed_and_the_table_plays_on(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, seats = await new_room(server.url, 3)
        player = await Client.open(server.ws, code, seats[0]["token"])
        flood = await websockets.connect(f"{server.ws}/{code}")
        # The burst, then one more at once (no pong awaited): nothing more is sent, so the
        # server's close frame is not lost to a reset from a write after its close.
        for i in range(guards.PING_BURST + 1):
            await flood.ping(str(i))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(flood.recv(), 10)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "too many pings")
        await player.send({"type": "ping"})  # the table is unaffected
        assert (await player.until(lambda m: m["type"] == "pong"))["type"] == "pong"
        await player.close()

    asyncio.run(scenario())


def test_pings_within_the_budget_are_answered(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, _ = await new_room(server.url, 1)
        async with websockets.connect(f"{server.ws}/{code}") as ws:
            for i in range(guards.PING_BURST - 1):
                await asyncio.wait_for(await ws.ping(str(i)), 10)  # each pong arrives

    asyncio.run(scenario())


def _raw(server: ServerProcess) -> socket.socket:
    host, port = server.url.removeprefix("http://").split(":")
    conn = socket.create_connection((host, int(port)), timeout=20)
    return conn


def _read_all(conn: socket.socket) -> bytes:
    """Everything until the server closes the connection (reset counts as closed)."""
    data = b""
    try:
        while chunk := conn.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


@pytest.mark.parametrize(
    "sent",
    [
        b"",
        b"GET /healthz HTTP/1.1\r\nHost: x\r\n",
        b"POST /api/rooms HTTP/1.1\r\n"
        b'Host: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name"',
    ],
    ids=["nothing", "half-a-head", "short-body"],
)
def test_a_request_that_never_arrives_whole_is_cut(
    make_server: Callable[..., ServerProcess], sent: bytes
) -> None:
    proc = make_server(http_request_timeout_seconds=1)
    with _raw(proc) as conn:
        conn.sendall(sent)
        assert _read_all(conn) == b""  # cut, unanswered, long before the test's 20 s
    with _raw(proc) as conn:  # a whole request in time is answered as ever
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert _read_all(conn).startswith(b"HTTP/1.1 200")


def test_a_request_head_is_bounded(server: ServerProcess) -> None:
    with _raw(server) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        try:
            for _ in range(64):  # 1 MiB of header lines, far over h11's 16 KiB
                conn.sendall(b"X-A: b\r\n" * 2048)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before all of it was sent
        assert _read_all(conn).startswith(b"HTTP/1.1 400")


class _StuckTransport:
    """A transport whose peer never reads: `close()` waits for ever, as asyncio's does."""

    def __init__(self) -> None:
        self.closing = self.aborted = False

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.closing


def test_a_close_the_peer_never_reads_is_aborted(monkeypatch: Any) -> None:
    """The path a non-reading peer takes after any close (the app's, the keep-alive's, a
    refused ping flood): aborted after FLUSH_GRACE_S, its buffer freed."""
    monkeypatch.setattr(guards, "FLUSH_GRACE_S", 0.01)

    async def scenario() -> _StuckTransport:
        protocol: Any = object.__new__(guards.GuardedWebSocket)
        protocol.loop, protocol.disconnected = asyncio.get_running_loop(), False
        protocol.transport = _StuckTransport()
        protocol._close_for_good()
        assert protocol.transport.closing and not protocol.transport.aborted
        stuck = protocol.transport
        await until_async(lambda: stuck.aborted, "the stuck transport aborted", timeout=5)
        return stuck

    assert asyncio.run(scenario()).aborted


def test_replays_have_a_budget_per_address(make_server: Callable[..., ServerProcess]) -> None:
    """Each replay request replays a whole game: an address gets `replays_per_minute`."""
    proc = make_server(replays_per_minute=3)
    answers = [
        httpx.get(f"{proc.url}/api/games/{n}/replay{tail}")
        for n, tail in ((1, ""), (2, "/step/0"), (3, ""), (4, "/step/1"))
    ]
    assert [a.status_code for a in answers] == [404, 404, 404, 429]
    assert answers[-1].json()["code"] == "too_many_requests"
    other = {"X-Forwarded-For": "203.0.113.9"}  # another player, behind the trusted proxy
    assert httpx.get(f"{proc.url}/api/games/1/replay", headers=other).status_code == 404


def test_an_ipv6_network_shares_one_budget(make_server: Callable[..., ServerProcess]) -> None:
    """A host may take any address of its /64: the limits count the /64, not the address."""
    proc = make_server(room_creations_per_minute=2)

    def create(address: str) -> int:
        body = {"name": "Ann"}
        answer = httpx.post(
            proc.url + "/api/rooms", json=body, headers={"X-Forwarded-For": address}
        )
        return answer.status_code

    assert [create(f"2001:db8::{n}") for n in (1, 2, 3)] == [200, 200, 429]
    assert create("2001:db8:0:1::1") == 200  # the next /64: another subscriber
    assert [create("198.51.100.1"), create("198.51.100.2")] == [200, 200]  # IPv4: each address


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("2001:db8::1", "2001:db8::/64"),
        ("2001:db8::ffff:1", "2001:db8::/64"),
        ("2001:db8:0:1::1", "2001:db8:0:1::/64"),
        ("::ffff:198.51.100.7", "198.51.100.7"),
        ("198.51.100.7", "198.51.100.7"),
        ("testclient", "testclient"),
        ("x" * 4096, "x" * 64),  # a trusted proxy's garbage: a short key all the same
    ],
)
def test_limit_key(address: str, key: str) -> None:
    assert limit_key(address) == key


def test_a_room_takes_so_many_spectators(make_server: Callable[..., ServerProcess]) -> None:
    """Each spectator coming or going is pushed to every seat (once the count settles, rooms/
    audience.py): a room takes a bounded number.
    The one refused hears why, keeps its socket, and gets in once another leaves."""
    proc = make_server(spectators_per_room=2)

    async def scenario() -> None:
        code, seats = await new_room(proc.url, 1)
        player = await Client.open(proc.ws, code, seats[0]["token"])
        watchers = [await Client.open(proc.ws, code) for _ in range(3)]
        for w in watchers[:2]:
            await w.send({"type": "spectate"})
            await w.until(lambda m: m["type"] == "view")
        late = watchers[2]
        await late.send({"type": "spectate"})
        refused = await late.until(lambda m: m["type"] == "error")
        assert refused["code"] == "too_many_spectators"
        await player.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 2)
        await watchers[0].close()
        await player.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 1)
        await late.send({"type": "spectate"})
        await late.until(lambda m: m["type"] == "view")  # in; its count settles a moment later
        await late.until(lambda m: m["type"] == "view" and m["room"]["spectators"] == 2)
        for c in (player, watchers[1], late):
            await c.close()

    asyncio.run(scenario())
