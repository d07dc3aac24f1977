"""Replicas as real `laundermat serve` processes (tests/web/conftest.py's ServerProcess) on
one fresh PostgreSQL database and one redis-server of the test's own (issue 10):

- a socket on a replica that does not own its room is relayed to the owner, and HTTP room
  requests are forwarded: whole games play through the relay;
- kill -9 of the owner mid-game: its rooms resume on the survivor from PostgreSQL, players
  reconnect with their tokens, no acknowledged command is lost or doubled;
- SIGTERM drains: the rooms are handed over and the sockets told to reconnect (4012).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
import websockets
from sqlalchemy import text

from laundermat.rooms.close_codes import CloseCode
from laundermat.store.engine import make_engine
from tests.cluster.core_support import (
    RedisServer,
    fresh_database,
    redis_server_fixture,  # noqa: F401
)
from tests.cluster.players_core import Player
from tests.waits import until_async
from tests.web.conftest import ServerProcess

from ..web.client import room_games

pytestmark = pytest.mark.server
LEASE_TTL_MS = 1500


@pytest.fixture
def replicas(redis_server: RedisServer, tmp_path: Path) -> Iterator[Any]:
    """replicas(n): n cluster replicas sharing a fresh database of this test's (a replica
    takes over any live room nobody holds: an earlier test's would count) and a key prefix."""
    databases = fresh_database()
    pg_url = next(databases)
    prefix = f"t{secrets.token_hex(3)}:"
    started: list[ServerProcess] = []

    def start(n: int) -> list[ServerProcess]:
        for _ in range(n):
            i = len(started)
            proc = ServerProcess(
                pg_url,
                tmp_path / f"replica{i}.log",
                redis_url=redis_server.url,
                redis_prefix=prefix,
                cluster_secret="test-secret",
                replica_id=f"r{i}",
                lease_ttl_ms=LEASE_TTL_MS,
                away_after_seconds=60,
            )
            proc.env["LAUNDERMAT_ADVERTISE_URL"] = proc.url
            # These tests put sockets on a chosen replica to test the relay itself: a lobby
            # would follow them there (test_follow.py covers that).
            proc.env["LAUNDERMAT_FOLLOW_MS"] = "0"
            started.append(proc.start())
        return started[-n:]

    # The fixture is `start`, carrying what lease_owner and logged_ids read.
    start.prefix = prefix  # type: ignore[attr-defined]
    start.redis = redis_server  # type: ignore[attr-defined]
    start.pg_url = pg_url  # type: ignore[attr-defined]
    yield start
    for proc in started:
        proc.stop()
    next(databases, None)  # dropped


def lease_owner(replicas: Any, code: str) -> str | None:
    """Which replica holds the room's lease."""
    import redis

    client = redis.Redis.from_url(replicas.redis.url)
    try:
        value = client.get(f"{replicas.prefix}lease:{code}")
    finally:
        client.close()
    assert value is None or isinstance(value, bytes)  # no decode_responses: redis answers bytes
    return None if value is None else value.decode()


def metric(proc: ServerProcess, name: str) -> float:
    for line in httpx.get(proc.url + "/metrics").text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{name} not on /metrics")


def seats(owner: ServerProcess, other: ServerProcess, players: int) -> tuple[str, list[dict]]:
    """A room created on `owner`, every other seat joined through `other` (forwarded)."""
    first = httpx.post(owner.url + "/api/rooms", json={"name": "P0"}).json()
    code = first["code"]
    joined = [first]
    for i in range(1, players):
        answer = httpx.post(f"{other.url}/api/rooms/{code}/join", json={"name": f"P{i}"})
        assert answer.status_code == 200, answer.text
        joined.append(answer.json())
    return code, joined


def logged_ids(pg_url: str, code: str) -> list[str]:
    async def read() -> list[str]:
        engine = make_engine(pg_url)
        async with engine.connect() as conn:
            rows = await conn.execute(
                text(
                    "SELECT c.client_id FROM commands c JOIN games g ON g.id = c.game_id"
                    " WHERE g.room_code = :code AND c.client_id IS NOT NULL"
                ),
                {"code": code},
            )
            ids = [r.client_id for r in rows]
        await engine.dispose()
        return ids

    return asyncio.run(read())


def test_a_socket_on_a_replica_that_does_not_own_the_room_is_relayed(replicas: Any) -> None:
    owner, other = replicas(2)
    code, granted = seats(owner, other, 3)
    assert metric(other, "laundermat_cluster_forwarded_requests_total") == 2
    info = httpx.get(f"{other.url}/api/rooms/{code}").json()  # forwarded too
    assert [p["name"] for p in info["players"]] == ["P0", "P1", "P2"]
    players = [
        Player([other.url], code, s["token"], i == 0, 3, random.Random(i))
        for i, s in enumerate(granted)
    ]

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in players)), 180)

    asyncio.run(play())
    assert all(p.over for p in players)
    assert all(p.closes == [] for p in players)  # never cut: not even by the last, long view
    assert metric(other, "laundermat_cluster_relays_total") == 3
    assert lease_owner(replicas, code) == "r0"
    assert metric(other, "laundermat_cluster_owned_rooms") == 0
    assert not any(e in ("internal", "unavailable") for p in players for e in p.errors)
    history = httpx.get(owner.url + "/api/history").json()
    assert [g["game_id"] for g in history] == [g["game_id"] for g in room_games(owner.url, code)]
    assert len(history) == 1


def test_killing_the_owner_mid_game_moves_its_rooms_and_loses_nothing(replicas: Any) -> None:
    owner, survivor = replicas(2)
    rooms = [seats(owner, owner, 3) for _ in range(3)]
    players = [
        Player([owner.url, survivor.url], code, s["token"], i == 0, 3, random.Random(i))
        for code, granted in rooms
        for i, s in enumerate(granted)
    ]
    killed_at: list[float] = []

    async def scenario() -> None:
        tasks = [asyncio.ensure_future(p.play()) for p in players]
        # Mid-game: every room has had commands acknowledged by the owner; then it dies.
        await until_async(
            lambda: all(sum(len(p.acked) for p in players if p.code == c) >= 8 for c, _ in rooms),
            "8 commands acknowledged in every room",
            timeout=120,
        )
        owner.kill(signal.SIGKILL)
        killed_at.append(time.monotonic())
        await asyncio.wait_for(asyncio.gather(*tasks), 180)

    asyncio.run(scenario())
    assert all(p.over for p in players)
    assert all(lease_owner(replicas, code) == "r1" for code, _ in rooms)
    claimed = sum(
        metric(survivor, f'laundermat_cluster_claims_total{{reason="{reason}"}}')
        for reason in ("failover", "demand", "orphan")
    )
    assert claimed >= 3
    assert metric(survivor, "laundermat_cluster_failovers_total") == 3  # however claimed
    for code, _ in rooms:
        logged = logged_ids(replicas.pg_url, code)
        assert len(logged) == len(set(logged))  # 0 doubled
        acked = {i for p in players if p.code == code for i in p.acked if i in p.acts}
        assert acked <= set(logged)  # 0 lost
    # How long the players waited, from the kill to their first view from the survivor.
    firsts = [min(t for t in p.view_times if t > killed_at[0]) - killed_at[0] for p in players]
    print(f"failover: first view after kill -9, max {max(firsts):.2f} s over {len(firsts)}")


def test_sigterm_hands_the_rooms_over_and_sockets_reconnect_at_once(replicas: Any) -> None:
    leaving, staying = replicas(2)
    code, granted = seats(leaving, leaving, 3)
    players = [
        Player([leaving.url, staying.url], code, s["token"], i == 0, 3, random.Random(i))
        for i, s in enumerate(granted)
    ]

    async def scenario() -> None:
        await asyncio.wait_for(asyncio.gather(*(p.play(stop_after_acks=3) for p in players)), 120)
        marks = [len(p.view_times) for p in players]
        # Held until SIGTERM is sent: otherwise a fast machine finishes the game first, and
        # no socket is left to be told to reconnect.
        drain_sent = asyncio.Event()
        for p in players:
            p.hold = drain_sent
        tasks = [asyncio.ensure_future(p.play()) for p in players]

        # A player still reconnecting when SIGTERM lands is refused, not closed 4012.
        await until_async(
            lambda: all(len(p.view_times) > m for p, m in zip(players, marks, strict=True)),
            "every player connected again",
            timeout=60,
        )
        assert leaving.proc is not None
        leaving.proc.send_signal(signal.SIGTERM)
        drain_sent.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 180)

    asyncio.run(scenario())
    # uvicorn exits by re-raising the SIGTERM it handled, once shutdown has finished.
    assert leaving.proc is not None and leaving.proc.wait(timeout=15) in (0, -signal.SIGTERM)
    assert '"msg":"drained"' in leaving.log()
    assert all(p.over for p in players)
    assert all(CloseCode.RECONNECT in p.closes for p in players)  # not 1001: reconnect now
    # Claimed from the handoff list, or (racing it) by a player's reconnect that got there
    # first: either way the released room, not a failover.
    claimed = sum(
        metric(staying, f'laundermat_cluster_claims_total{{reason="{reason}"}}')
        for reason in ("handoff", "demand")
    )
    assert claimed >= 1
    assert metric(staying, "laundermat_cluster_failovers_total") == 0
    assert lease_owner(replicas, code) == "r1"


def test_the_owners_answers_pass_through_the_relay_unchanged(replicas: Any) -> None:
    """HTTP errors keep their status and code; a socket replaced by the same seat elsewhere is
    closed 4001 through the relay, as if it were on the owner; a spectator is relayed too."""
    owner, other = replicas(2)
    code, granted = seats(owner, other, 2)
    taken = httpx.post(f"{other.url}/api/rooms/{code}/join", json={"name": "P1"})
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    # A forwarded join whose answer is lost, sent again with its key through either replica,
    # gets its seat back (an outside failover audit: name_taken, and a ghost seat).
    key = secrets.token_urlsafe(16)
    body = {"name": "P2", "join_key": key}
    lost = httpx.post(f"{other.url}/api/rooms/{code}/join", json=body).json()
    for via in (other, owner):
        again = httpx.post(f"{via.url}/api/rooms/{code}/join", json=body)
        assert again.status_code == 200 and again.json()["player_id"] == lost["player_id"]
    names = [p["name"] for p in httpx.get(f"{owner.url}/api/rooms/{code}").json()["players"]]
    assert names == ["P0", "P1", "P2"]
    missing = httpx.get(f"{other.url}/api/rooms/ZZZZZ")
    assert missing.status_code == 404 and missing.json()["code"] == "room_not_found"
    hello = orjson.dumps({"type": "hello", "token": granted[1]["token"]}).decode()

    async def scenario() -> None:
        relayed_url = other.ws + "/" + code
        async with websockets.connect(relayed_url) as first:
            await first.send(hello)
            assert orjson.loads(await first.recv())["type"] == "welcome"
            async with websockets.connect(owner.ws + "/" + code) as second:
                await second.send(hello)  # the same seat, straight to the owner
                assert orjson.loads(await second.recv())["type"] == "welcome"
                with pytest.raises(websockets.ConnectionClosed):
                    while True:
                        await asyncio.wait_for(first.recv(), 10)
                assert first.close_code == 4001
            async with websockets.connect(relayed_url) as watcher:
                await watcher.send('{"type":"spectate"}')
                welcome = orjson.loads(await watcher.recv())
                assert welcome["role"] == "spectator"

    asyncio.run(scenario())
    assert metric(other, "laundermat_cluster_relays_total") == 2
