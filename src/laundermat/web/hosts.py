"""The names this server answers to: a guard against DNS rebinding.

A page on an attacker's domain whose name is then re-pointed at this server's address (a
`make run` on 127.0.0.1, a server on a home network) is same-origin for the browser: the
Origin check passes, and the peer address is the victim's own, so even `/metrics` answers.
Only the Host header still names the attacker's domain.

So a request (HTTP or a socket's handshake) is answered only when its Host is an IP address,
a name no public DNS can give an attacker (no dot, or `localhost`, `.local`, `.lan`,
`.home.arpa`, `.internal`), the host of `public_url` or of an `allowed_origins` entry, or one
of `allowed_hosts` ("*": any name). Everything else gets 400 `bad_host`, which says what to
set. A request with no Host (HTTP/1.0, no browser) passes: rebinding needs a browser.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from ..rooms.close_codes import CloseCode
from .middleware import SECURITY_HEADERS
from .protocol import ErrorBody

log = logging.getLogger("laundermat.web")

# Names only a local resolver gives (RFC 6761, RFC 6762, RFC 8375, and common LAN suffixes).
LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".home.arpa", ".internal")
_LOGGED_LIMIT = 16  # refused names logged, once each: enough to tell an operator, no flood


def served_names(
    allowed_hosts: Iterable[str], public_url: str | None, allowed_origins: Iterable[str]
) -> set[str] | None:
    """The configured names (lower case), or None when any name is served ("*")."""
    names = [h.strip() for h in allowed_hosts]
    if "*" in names:
        return None
    for url in (public_url, *allowed_origins):
        if url and url != "*":
            host = urlsplit(url if "//" in url else f"//{url}").hostname
            if host:
                names.append(host)
    return {n.lower().rstrip(".") for n in names if n}


def host_name(header: str) -> str:
    """The name in a Host header, without its port and brackets, lower case."""
    host = header.strip().lower()
    if host.startswith("["):  # an IPv6 literal, perhaps with a port
        return host[1 : host.find("]")] if "]" in host else ""
    if host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return host.rstrip(".")


def host_allowed(header: str | None, names: set[str] | None) -> bool:
    if header is None or names is None:
        return True
    name = host_name(header)
    if not name:
        return False
    if name in names or "." not in name or name.endswith(LOCAL_SUFFIXES):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class TrustedHosts:
    """Answers only requests whose Host this server serves (see the module's docstring)."""

    def __init__(self, app: ASGIApp, names: set[str] | None) -> None:
        self.app = app
        self.names = names
        self._logged: set[str] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.names is None:
            await self.app(scope, receive, send)
            return
        header = next((v for k, v in scope.get("headers", []) if k == b"host"), None)
        host = header.decode("latin-1") if header is not None else None
        if host_allowed(host, self.names):
            await self.app(scope, receive, send)
            return
        assert host is not None
        shown = host_name(host)[:64] or host[:64]
        if shown not in self._logged and len(self._logged) < _LOGGED_LIMIT:
            self._logged.add(shown)
            log.warning(
                "request for a host this server does not serve (LAUNDERMAT_ALLOWED_HOSTS)",
                extra={"host": shown},
            )
        if scope["type"] == "websocket":
            await receive()  # its websocket.connect: a close before accept is a 403
            await send({"type": "websocket.close", "code": CloseCode.POLICY, "reason": "bad_host"})
            return
        body = ErrorBody(
            code="bad_host",
            message=f"This server does not serve the name {shown!r}. Its operator lists the "
            "names it serves in LAUNDERMAT_PUBLIC_URL or LAUNDERMAT_ALLOWED_HOSTS.",
        ).model_dump_json()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *SECURITY_HEADERS,
        ]
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": body.encode()})
