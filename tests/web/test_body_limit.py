"""Request bodies are capped (max_body_bytes): a body declared too big is refused before it
is read, and a chunked body with no Content-Length is refused as soon as it passes the cap.

Raw sockets, because an HTTP client library would send the whole body before reading the
answer: here the body is never finished, so an answer proves the server did not wait for it.
"""

from __future__ import annotations

import json
import socket
from typing import Any

import httpx

CAP = 4096


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock


def _read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed without an answer: {data!r}"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk
        rest += chunk
    return status, headers, rest[:length]


def _head(port: int, extra: str) -> bytes:
    return (
        f"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\n{extra}\r\n"
    ).encode()


def test_a_declared_large_body_is_refused_unread(make_server: Any) -> None:
    srv = make_server(max_body_bytes=CAP)
    with _connect(srv.port) as sock:
        sock.sendall(_head(srv.port, "Content-Length: 50000000\r\n"))  # and no body at all
        status, headers, body = _read_response(sock)
    assert status == 413
    assert json.loads(body)["code"] == "too_big"
    assert headers["connection"] == "close"
    assert httpx.get(srv.url + "/healthz").json()["ok"] is True


def test_a_chunked_body_is_refused_once_past_the_cap(make_server: Any) -> None:
    srv = make_server(max_body_bytes=CAP)
    with _connect(srv.port) as sock:
        sock.sendall(_head(srv.port, "Transfer-Encoding: chunked\r\n"))
        piece = b"x" * 1024
        for _ in range(CAP // len(piece) + 2):  # past the cap, and never the final chunk
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
        status, _, body = _read_response(sock)
    assert status == 413
    assert json.loads(body)["code"] == "too_big"
    assert httpx.get(srv.url + "/healthz").json()["ok"] is True


def test_bodies_within_the_cap_are_served(make_server: Any) -> None:
    srv = make_server(max_body_bytes=CAP)
    ok = httpx.post(srv.url + "/api/rooms", json={"name": "a"})
    assert ok.status_code == 200
    big = httpx.post(srv.url + "/api/rooms", json={"name": "a", "pad": "x" * CAP})
    assert big.status_code == 413 and big.json()["code"] == "too_big"
