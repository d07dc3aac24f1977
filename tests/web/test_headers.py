"""Security headers on every HTTP response: pages, static files, API answers and errors."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import httpx

from .client import new_room
from .conftest import ServerProcess

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _policy(header: str) -> dict[str, str]:
    directives = (d.strip().split(None, 1) for d in header.split(";") if d.strip())
    return {d[0]: d[1] if len(d) > 1 else "" for d in directives}


def test_every_response_carries_the_security_headers(server: ServerProcess) -> None:
    code, _ = asyncio.run(new_room(server.url, 1))
    with httpx.Client(base_url=server.url) as http:
        responses = [
            http.get("/"),
            http.get(f"/r/{code}"),
            http.get(f"/r/{code}/qr.svg"),
            http.get("/static/js/main.js"),
            http.get("/static/css/app.css"),
            http.get("/static/nope.js"),  # 404 from the static files
            http.get("/api/rooms/ZZZZZ"),  # 404 ErrorBody
            http.get("/api/games/0/replay"),  # 400 ErrorBody
            http.post("/api/rooms", json={"name": "a"}),
            http.get("/openapi.json"),
            http.get("/healthz"),
            http.get("/metrics"),
            http.delete("/healthz"),  # 405
            http.post("/api/rooms", content=b"x" * 20_000),  # 413 from the body cap
        ]
    statuses = [r.status_code for r in responses]
    assert statuses == [200, 200, 200, 200, 200, 404, 404, 400, 200, 200, 200, 200, 405, 413]
    for response in responses:
        where = f"{response.request.method} {response.request.url.path}"
        for name, value in EXPECTED.items():
            assert response.headers.get(name) == value, (where, name)
        policy = _policy(response.headers.get("content-security-policy", ""))
        for directive, value in CSP.items():
            page = response.headers["content-type"].startswith("text/html")
            if directive == "style-src" and page:
                # The page's own inlined stylesheet, by its hash (tests/web/test_pages.py).
                assert re.fullmatch(r"'self' 'sha256-[A-Za-z0-9+/]{43}='", policy[directive])
            else:
                assert policy.get(directive) == value, (where, directive, policy)
        assert "unsafe-inline" not in response.headers["content-security-policy"]
        assert "unsafe-eval" not in response.headers["content-security-policy"]
        assert "strict-transport-security" not in response.headers  # http://: no HSTS


def test_answers_carrying_a_seat_token_are_never_stored(server: ServerProcess) -> None:
    """ASVS 8.2.1 (an outside security audit): no cache keeps a seat token."""
    with httpx.Client(base_url=server.url) as http:
        made = http.post("/api/rooms", json={"name": "Ann"})
        joined = http.post(f"/api/rooms/{made.json()['code']}/join", json={"name": "Bob"})
        room = http.get(f"/api/rooms/{made.json()['code']}")
    for response in (made, joined):
        assert response.status_code == 200 and "token" in response.json()
        assert response.headers["cache-control"] == "no-store"
    assert "token" not in room.text and room.headers.get("cache-control") != "no-store"


def test_an_https_public_url_turns_on_hsts(make_server: Any) -> None:
    srv = make_server(public_url="https://play.example.org")
    for response in (httpx.get(srv.url + "/"), httpx.get(srv.url + "/api/rooms/ZZZZZ")):
        assert response.headers["strict-transport-security"] == "max-age=31536000"
