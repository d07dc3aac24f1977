"""Connections per address and the descriptor reserve (web/conns.py; issue 31, an outside
security review), over a real `laundermat serve` limited to 1,024 file descriptors: 1,100
connections that each send half a request head and hold it, from one address, while health
checks and a returning player come from another (Linux routes all of 127/8 to loopback).

Before: the flood held every descriptor until its requests timed out (1,006 held, 94 closed
unanswered) and /healthz failed 20 times of 20, the returning player's socket too."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
import uvicorn
import websockets

from laundermat.bots.server_process import free_port
from laundermat.web import conns
from laundermat.web.app import create_app
from laundermat.web.guards import GuardedHttp
from laundermat.web.serve import uvicorn_config
from laundermat.web.settings import ServerSettings

from ..waits import until, until_async
from .client import Client, new_room
from .conftest import ServerProcess

NOFILE = 1024
FLOOD = 1100
HALF_A_HEAD = b"GET / HTTP/1.1\r\nHost: x\r\n"  # and never the rest
PLAYER = "127.0.0.2"  # never one of the flood's addresses
HEALTH_CHECKS = 20


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose soft and hard descriptor limits are both NOFILE."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < FLOOD + 200:  # this process holds the whole flood itself
        if hard != resource.RLIM_INFINITY and hard < FLOOD + 200:
            pytest.skip(f"the tests' own descriptor limit ({hard}) is below the flood")
        resource.setrlimit(resource.RLIMIT_NOFILE, (FLOOD + 200, hard))
    proc = ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", tmp_path / "server.log")
    proc.nofile = NOFILE
    try:
        yield proc.start()
    finally:
        proc.stop()


def _connect(proc: ServerProcess, source: str) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", proc.port), 5, (source, 0))
    conn.settimeout(None)  # blocking, so that MSG_DONTWAIT below answers at once
    return conn


def _flood(proc: ServerProcess, source: str) -> list[socket.socket]:
    flood = []
    for _ in range(FLOOD):
        flood.append(conn := _connect(proc, source))
        with contextlib.suppress(OSError):  # already refused: classified below
            conn.sendall(HALF_A_HEAD)
    return flood


def _what_each_got(flood: list[socket.socket]) -> Counter[str]:
    """held (open, nothing answered), 429 or 503 (answered and closed), closed, reset."""
    got: Counter[str] = Counter()
    for conn in flood:
        try:
            data = conn.recv(64, socket.MSG_PEEK | socket.MSG_DONTWAIT)
        except BlockingIOError:
            got["held"] += 1
        except ConnectionResetError:
            got["reset"] += 1
        else:
            got[data[9:12].decode() if data.startswith(b"HTTP/1.1 ") else "closed"] += 1
    return got


def _health_checks(proc: ServerProcess) -> list[int | str]:
    """A fresh connection each, from the player's address, as a health checker makes them.
    The first answer is also a barrier: the server accepts connections in the order they
    came and passes each through the gate at once (conns.py), writing a refusal there, so
    once it answers a later connection every one of the flood has been let in or refused."""
    answers: list[int | str] = []
    for _ in range(HEALTH_CHECKS):
        transport = httpx.HTTPTransport(local_address=PLAYER)
        with httpx.Client(transport=transport, timeout=1) as http:
            try:
                answers.append(http.get(proc.url + "/healthz").status_code)
            except httpx.HTTPError as exc:
                answers.append(type(exc).__name__)
    return answers


async def _player_returns(proc: ServerProcess, code: str, token: str) -> str:
    """A seated player's socket, from the player's address: hello, and what it gets."""
    try:
        player = await Client.open(proc.ws, code, token, local_addr=(PLAYER, 0), open_timeout=5)
    except (OSError, TimeoutError, websockets.WebSocketException) as exc:
        return type(exc).__name__
    await player.close()
    return str(player.view and player.view["type"])


@pytest.mark.parametrize(
    ("source", "stopped_by"),
    [("127.0.0.3", "the cap per address"), ("127.0.0.1", "the descriptor reserve")],
    ids=["an-address", "a-trusted-proxy"],
)
def test_a_slow_header_flood_leaves_room_for_health_checks_and_players(
    limited: ServerProcess, source: str, stopped_by: str
) -> None:
    """From any address the cap per address (256) stops the flood; from a trusted proxy's
    (127.0.0.1 by default, never capped: every player comes through it) the reserve does."""
    code, seats = asyncio.run(new_room(limited.url, 1))
    flood = _flood(limited, source)
    try:
        checks = _health_checks(limited)
        got = _what_each_got(flood)
        returned = asyncio.run(_player_returns(limited, code, seats[0]["token"]))
        got_after = _what_each_got(flood)
    finally:
        for conn in flood:
            conn.close()
    print(f"{stopped_by}: the flood got {dict(got)}; health checks {Counter(checks)}; {returned}")
    assert checks == [200] * HEALTH_CHECKS
    assert returned == "view"
    assert got_after["held"] == got["held"]  # the flood got nothing more meanwhile
    if stopped_by == "the cap per address":
        assert got == {"held": 256, "429": FLOOD - 256}
    else:  # what is left once the server's own descriptors and the reserve are set aside
        assert NOFILE - 200 < got["held"] <= NOFILE - conns.RESERVE
        assert got["503"] == FLOOD - got["held"]


def test_a_closed_connection_gives_its_place_back(
    make_server: Callable[..., ServerProcess],
) -> None:
    """An address holds `connections_per_address` at once, however many it opened and closed
    before: HTTP keep-alives, and sockets (upgraded from HTTP: another protocol is told of
    their loss) alike."""
    proc = make_server(connections_per_address=8)
    code, _ = asyncio.run(new_room(proc.url, 1))
    source = "127.0.0.3"

    def refused() -> bool:
        with _connect(proc, source) as conn:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return conn.recv(64).startswith(b"HTTP/1.1 429 ")

    async def hold_eight() -> None:
        sockets = [
            await websockets.connect(f"{proc.ws}/{code}", local_addr=(source, 0)) for _ in range(4)
        ]
        pages = [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=source))]
        pages += [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=source))]
        pages += [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=source))]
        pages += [httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=source))]
        for page in pages:  # each keeps its connection open after the answer
            assert (await page.get(proc.url + "/healthz")).status_code == 200
        assert refused()  # the ninth
        for ws in sockets:
            await ws.close()
        for page in pages:
            await page.aclose()

    for _ in range(3):  # the server sees the last round's closes when it reads them
        until(lambda: not refused(), "the closed connections kept their places", 5)
        asyncio.run(hold_eight())


class Peer:
    """A transport, as far as the gate looks at one."""

    def __init__(self, address: str) -> None:
        self.address = address

    def get_extra_info(self, name: str) -> Any:
        return (self.address, 4242) if name == "peername" else None


def test_the_cap_counts_an_ipv6_network_and_spares_the_trusted_proxies() -> None:
    """As every per-address limit does, an IPv6 /64 counts as one address (limits.limit_key);
    the proxies in forwarded_allow_ips (addresses or networks) are never capped."""

    async def scenario() -> None:  # in the event loop, as a protocol's connection_made is
        gate = conns.ConnectionGate(per_address=2, trusted="127.0.0.1, 10.0.0.0/8, ::1")

        def answers(address: str, times: int) -> list[bytes | None]:
            return [gate.admit(Peer(address)) for _ in range(times)]

        v6 = [gate.admit(Peer(f"2001:db8::{n}")) for n in (1, 2, 3)]
        assert v6 == [None, None, conns.TOO_MANY]
        assert answers("2001:db8:0:1::1", 1) == [None]  # the next /64: another subscriber
        assert answers("198.51.100.7", 3) == [None, None, conns.TOO_MANY]
        for proxy in ("127.0.0.1", "10.1.2.3", "::1", "::ffff:10.9.9.9"):
            assert answers(proxy, 5) == [None] * 5, proxy

    asyncio.run(scenario())


def test_the_gate_refuses_the_addresses_holding_most_first(monkeypatch: Any) -> None:
    """In the reserve, an address may open one more while more than FLOOR + SHARE * what it
    holds is left: the flood is stopped at the reserve's edge, a fresh address gets in to
    the floor, and a closed connection gives its place back."""

    # The soft limit, less the server's own descriptors, as counted at the first connection.
    monkeypatch.setattr(conns, "_descriptors_for_connections", lambda open_now: 200)

    async def scenario() -> None:
        gate = conns.ConnectionGate(per_address=10_000, trusted="127.0.0.1")

        def admitted(address: str) -> list[Peer]:
            taken = []
            while gate.admit(peer := Peer(address)) is None:
                taken.append(peer)
            gate.release(peer)  # the refused one, closed
            return taken

        flood = admitted("198.51.100.1")
        assert len(flood) == 200 - conns.RESERVE  # refused at the reserve's edge, then...
        late = Peer("198.51.100.1")
        assert gate.admit(late) == conns.NO_ROOM  # ...every time, and until it is closed...
        assert gate.open == 200 - conns.RESERVE + 1  # ...its descriptor counts
        gate.release(late)
        first = admitted("198.51.100.2")  # a fresh address: while 64 - n > 8 + 4n
        assert len(first) == 12
        second = admitted("198.51.100.3")
        assert len(second) == 9
        others = [len(admitted(f"203.0.113.{n}")) for n in range(1, 40)]
        assert sum(others) == 64 - 12 - 9 - conns.FLOOR
        assert others[-1] == 0  # the floor: nobody
        for peer in flood[:100]:
            gate.release(peer)
        assert admitted("203.0.113.77")  # a new address again

    asyncio.run(scenario())


def test_the_soft_descriptor_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard < 2048:
        pytest.skip(f"a hard limit of {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
    try:
        assert conns.raise_descriptor_limit() == (1024, hard)
        assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.parametrize("ws", ["websockets-sansio", "websockets", "wsproto"])
def test_every_websocket_implementation_gives_its_place_back(
    tmp_path: Path, ws: Literal["websockets-sansio", "websockets", "wsproto"]
) -> None:
    """`LAUNDERMAT_WS` may pick another of uvicorn's implementations: its sockets are counted
    and given back as ours are (web/guards.py's guarded_ws)."""
    if ws == "wsproto":
        pytest.importorskip("wsproto")  # not a dependency: installed only to use it

    async def scenario() -> None:
        port = free_port()
        url = f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}"
        settings = ServerSettings(port=port, database_url=url, log_level="warning", ws=ws)
        config = uvicorn_config(create_app(settings), settings)
        assert isinstance(config.http, type) and issubclass(config.http, GuardedHttp)
        gate = config.http.gate
        assert gate is not None
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve())
        try:
            await until_async(lambda: server.started, "uvicorn started", 30)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                code = (await http.post("/api/rooms", json={"name": "Ann"})).json()["code"]
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{code}") as sock:
                await sock.send('{"type": "spectate"}')
                await sock.recv()
                assert gate.open >= 1
            await until_async(
                lambda: not gate.open, lambda: f"{gate.open} connections kept their places", 5
            )
        finally:
            server.should_exit = True
            await task

    asyncio.run(scenario())
