"""The operator's console in a cluster (issue 35 §3, docs/operations.md): any replica shows
every live replica's rooms with their owner, and passes an action on a peer's room or on a
peer to it. Two replicas with Redis and PostgreSQL (tests/cluster/harness.py): a room owned
by r2 is closed from r1's console while its player's socket is relayed through r1; a block
taken by r1 holds on r2, and on a replica started later; r2 drained from r1 hands its room
to r1 and takes no new ones."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx

from tests.web.client import Client, new_room

from ..waits import until
from .harness import Cluster, Replica

TOKEN = "a-cluster-operator-token-0123456789abc"
BEARER = {"authorization": f"Bearer {TOKEN}", "x-operator": "ops"}


def _overview(url: str) -> dict[str, Any]:
    answer = httpx.get(url + "/api/admin/overview", headers=BEARER, timeout=10)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _post(url: str, path: str, body: Any = None) -> httpx.Response:
    return httpx.post(url + path, headers=BEARER, json=body, timeout=15)


def test_one_console_sees_and_acts_on_every_replica(make_cluster: Callable[..., Cluster]) -> None:
    # follow_ms=0: a lobby whose socket is relayed stays where it is (docs/scaling.md).
    cluster = make_cluster(replicas=2, env={"admin_token": TOKEN, "follow_ms": 0})
    r1, r2 = cluster.replicas

    async def run() -> None:
        here, _ = await new_room(r1.url, 1)  # a room is owned where it is created
        there, seats = await new_room(r2.url, 2)
        assert cluster.owners([here, there]) == {here: "r1", there: "r2"}

        data = _overview(r1.url)
        assert data["me"] == "r1"
        assert sorted(r["id"] for r in data["replicas"]) == ["r1", "r2"]
        owners = {room["code"]: room["replica"] for room in data["rooms"]}
        assert owners == {here: "r1", there: "r2"}

        # r2's room closed from r1, its player's socket relayed through r1.
        player = await Client.open("ws" + r1.url[4:] + "/ws", there, seats[1]["token"])
        closed = _post(r1.url, f"/api/admin/rooms/{there}/close", {"message": "Moving house"})
        assert closed.status_code == 200, (closed.text, cluster.owners([there]))
        assert closed.json() == {"closed": there, "replica": "r2"}
        error = await player.until(lambda m: m["type"] == "error")
        assert (error["code"], error["message"]) == ("room_closed", "Moving house")
        await asyncio.wait_for(player.ws.wait_closed(), 10)
        assert player.ws.close_code == 4004
        unknown = _post(r1.url, f"/api/admin/rooms/{there}/close", {"message": "again"})
        assert unknown.json()["code"] == "room_not_found"
        (close,) = [a for a in _overview(r1.url)["actions"] if a["action"] == "close"]
        assert (close["replica"], close["who"]) == ("r2", "ops@127.0.0.1")

    asyncio.run(run())

    # A block r1 takes holds on r2 (127.0.0.1, the test's own proxy, is trusted to forward).
    blocked = _post(r1.url, "/api/admin/blocks", {"address": "203.0.113.9", "minutes": 5})
    assert blocked.status_code == 200 and sorted(blocked.json()["replicas"]) == ["r1", "r2"]
    forwarded = {"x-forwarded-for": "203.0.113.9"}
    assert httpx.get(r2.url + "/api/catalog", headers=forwarded).json()["code"] == "blocked"
    assert httpx.get(r2.url + "/api/catalog").status_code == 200  # nobody else

    # r2 drained from r1: its room moves to r1, and it takes no new room.
    moving, _ = asyncio.run(new_room(r2.url, 1))
    drained = _post(r1.url, "/api/admin/replicas/r2/drain")
    assert drained.status_code == 200 and drained.json()["drained"] == "r2"
    until(lambda: cluster.owner(moving) == "r1", f"{moving} handed to r1 by the drain")
    # Its lease is taken before its record is read and the room adopted (cluster/ownership.py).
    until(lambda: moving in _rooms_of(r1, "r1"), f"{moving} adopted by r1")
    late = httpx.post(r2.url + "/api/rooms", json={"name": "Late"})
    assert (late.status_code, late.json()["code"]) == (503, "draining")
    data = _overview(r1.url)
    assert [r["id"] for r in data["replicas"]] == ["r1"]  # r2 left the cluster
    assert _overview(r2.url)["replicas"][0]["draining"] is True
    assert TOKEN not in r1.log() + r2.log()

    # A replica that starts later finds the block still running (kept in Redis).
    r2.kill()
    fresh = cluster.replace(r2)
    assert httpx.get(fresh.url + "/api/catalog", headers=forwarded).json()["code"] == "blocked"


def _rooms_of(replica: Replica, owner: str) -> set[str]:
    """The codes the console on `replica` shows as owned by `owner`."""
    return {r["code"] for r in _overview(replica.url)["rooms"] if r["replica"] == owner}
