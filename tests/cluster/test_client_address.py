"""Behind nginx, the app counts each player's own address (issue 10: limits hold behind the
load balancer): nginx sends the address it saw in X-Forwarded-For, replacing whatever the
client wrote there, and the app trusts that header only from the proxy's address
(LAUNDERMAT_FORWARDED_ALLOW_IPS; 127.0.0.1 here). Without that, every player would share
nginx's address and one budget; with a trusted client-written header, anyone could pick a
fresh address per request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import ServerProcess

from .services import Nginx


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[ServerProcess, Nginx]]:
    app = ServerProcess(
        f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}",
        tmp_path / "app.log",
        room_creations_per_minute=2,
        forwarded_allow_ips="127.0.0.1",
    ).start()
    nginx = Nginx(tmp_path, "hash.conf", [f"127.0.0.1:{app.port}"]).start()
    yield app, nginx
    nginx.stop()
    app.stop()


def create(base: str, forwarded_for: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return httpx.post(f"{base}/api/rooms", json={"name": "Ann"}, headers=headers).status_code


def test_a_forged_forwarded_for_does_not_buy_a_fresh_budget(
    behind_nginx: tuple[ServerProcess, Nginx],
) -> None:
    _, nginx = behind_nginx
    # Three "different" addresses written by the client: nginx replaces them with the one
    # it saw (127.0.0.1), so they share one budget of 2.
    answers = [create(nginx.url, f"203.0.113.{i}") for i in range(3)]
    assert answers == [200, 200, 429]


def test_the_app_counts_the_address_nginx_forwards(
    behind_nginx: tuple[ServerProcess, Nginx],
) -> None:
    app, nginx = behind_nginx
    assert [create(nginx.url) for _ in range(3)] == [200, 200, 429]  # 127.0.0.1's budget
    # What nginx sends for a player at 198.51.100.4 (the header, from the trusted proxy's
    # address): that player has a budget of its own, not the proxy's spent one.
    assert create(app.url, "198.51.100.4") == 200
    assert create(app.url, "198.51.100.4") == 200
    assert create(app.url, "198.51.100.4") == 429


def test_websockets_and_room_requests_pass_through_nginx(
    behind_nginx: tuple[ServerProcess, Nginx],
) -> None:
    import asyncio

    import orjson
    import websockets

    _, nginx = behind_nginx
    seat = httpx.post(f"{nginx.url}/api/rooms", json={"name": "Ann"}).json()
    info = httpx.get(f"{nginx.url}/api/rooms/{seat['code']}")
    assert info.status_code == 200 and info.json()["code"] == seat["code"]

    async def hello() -> list[str]:
        url = nginx.url.replace("http", "ws") + f"/ws/{seat['code']}"
        async with websockets.connect(url) as ws:
            await ws.send(orjson.dumps({"type": "hello", "token": seat["token"]}).decode())
            return [orjson.loads(await ws.recv())["type"] for _ in range(2)]

    assert asyncio.run(hello()) == ["welcome", "view"]
