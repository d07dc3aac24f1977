"""DNS rebinding: a request whose Host names a public domain this server was not told to serve
gets 400 `bad_host` (HTTP) or a refused handshake (socket), whatever its Origin and peer
address; addresses, local names and the configured names are served (web/hosts.py). An
outside security audit drove the API and read /metrics through `Host: evil.example`."""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import Callable

import httpx
import pytest

from laundermat.web.hosts import host_allowed, host_name, served_names

from .conftest import ServerProcess

CONFIGURED = served_names(["games.example.net"], "https://play.example.org", [])


@pytest.mark.parametrize(
    ("header", "served"),
    [
        ("127.0.0.1:8000", True),  # an address: no DNS involved
        ("[::1]:8000", True),
        ("192.168.1.20", True),  # phones on a home network use the address `make run` prints
        ("localhost:8000", True),
        ("LOCALHOST", True),
        ("app.localhost", True),  # RFC 6761: never from public DNS
        ("mybox", True),  # one label: the LAN's own resolver, no attacker's domain
        ("mybox.local:8000", True),  # mDNS
        ("mybox.lan", True),
        ("nas.home.arpa", True),
        ("laundermat-app-1.internal", True),
        ("play.example.org", True),  # public_url's host
        ("PLAY.EXAMPLE.ORG.:443", True),  # case and the root's dot do not matter
        ("games.example.net", True),  # allowed_hosts
        ("evil.example", False),  # the rebinding page's own name
        ("evil.example:8000", False),
        ("play.example.org.evil.example", False),
        ("127.0.0.1.evil.example", False),
        ("[::1", False),  # malformed
        (":8000", False),
        (None, True),  # no Host at all: HTTP/1.0, not a browser
    ],
)
def test_which_hosts_are_served(header: str | None, served: bool) -> None:
    assert host_allowed(header, CONFIGURED) is served


def test_a_star_serves_any_name_and_origins_add_theirs() -> None:
    assert served_names(["*"], None, []) is None
    assert host_allowed("evil.example", None)
    names = served_names([], None, ["https://a.example.com:8443", "*"])
    assert names == {"a.example.com"}
    assert host_name("[2001:db8::1]:443") == "2001:db8::1"


async def _handshake_status(port: int, host: str) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            "GET /ws/ABCDE HTTP/1.1\r\n"
            f"Host: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: http://{host}\r\n\r\n"
        ).encode()
    )
    status = await asyncio.wait_for(reader.readline(), 10)
    writer.close()
    return status


def test_a_rebinding_page_gets_nothing(server: ServerProcess) -> None:
    evil = {"host": f"evil.example:{server.port}", "origin": f"http://evil.example:{server.port}"}
    made = httpx.post(server.url + "/api/rooms", json={"name": "Mallory"}, headers=evil)
    assert made.status_code == 400 and made.json()["code"] == "bad_host"
    assert "LAUNDERMAT_ALLOWED_HOSTS" in made.json()["message"]
    assert made.headers["x-frame-options"] == "DENY"  # the refusal has the usual headers
    metrics = httpx.get(server.url + "/metrics", headers=evil)  # from loopback, yet refused
    assert metrics.status_code == 400 and "laundermat" not in metrics.text
    assert httpx.get(server.url + "/", headers=evil).status_code == 400
    status = asyncio.run(_handshake_status(server.port, evil["host"]))
    assert status.startswith(b"HTTP/1.1 403"), status
    # The same requests by the server's own address are answered.
    assert httpx.get(server.url + "/metrics").status_code == 200
    own = asyncio.run(_handshake_status(server.port, f"127.0.0.1:{server.port}"))
    assert own.startswith(b"HTTP/1.1 101"), own


def test_the_public_url_and_allowed_hosts_are_served(
    make_server: Callable[..., ServerProcess],
) -> None:
    srv = make_server(public_url="https://play.example.org", allowed_hosts="games.example.net")
    for name in ("play.example.org", "games.example.net", "localhost"):
        made = httpx.post(srv.url + "/api/rooms", json={"name": "Ann"}, headers={"host": name})
        assert made.status_code == 200, (name, made.text)
    refused = httpx.get(srv.url + "/api/catalog", headers={"host": "example.org"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_host"
