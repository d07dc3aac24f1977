"""How replicas recognise each other's requests: a header with the cluster secret, and the
client's own address beside it so the owner's per-address limits count the player, not the
relaying replica. `TrustedPeers` is the ASGI middleware that applies it on every replica."""

from __future__ import annotations

import hmac
from typing import Any

RELAY_HEADER = "x-laundermat-relay"
CLIENT_HEADER = "x-laundermat-client"
VIA_HEADER = "x-laundermat-via"  # the relaying replica's id: the room may follow its sockets
RELAYED = "laundermat.relayed"  # set in the ASGI scope of a request a peer sent
VIA = "laundermat.via"  # the relaying replica's id, in the scope of a relayed socket


def peer_headers(secret: str, client: str, via: str = "") -> dict[str, str]:
    headers = {RELAY_HEADER: secret, CLIENT_HEADER: client}
    if via:
        headers[VIA_HEADER] = via
    return headers


def relayed_via(scope: Any) -> str:
    """The replica that relayed this socket ("" for a direct one)."""
    return str(scope.get(VIA, "")) if scope.get(RELAYED) else ""


def is_relayed(scope: Any) -> bool:
    return bool(scope.get(RELAYED))


class TrustedPeers:
    """A request with the right secret comes from a peer: its client is the one named in the
    header (and it is marked relayed, so it is never relayed again). A wrong secret is
    ignored: the request is an ordinary one from wherever it came."""

    def __init__(self, app: Any, secret: str) -> None:
        self.app = app
        self.secret = secret.encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(self.trust(scope), receive, send)

    def trust(self, scope: Any) -> Any:
        """The scope as this replica must see it (also used by web/socket.py's fast path,
        which a socket takes before any middleware)."""
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or [])
            given = headers.get(RELAY_HEADER.encode())
            if given is not None and hmac.compare_digest(given, self.secret):
                scope = dict(scope)
                scope[RELAYED] = True
                client = headers.get(CLIENT_HEADER.encode(), b"").decode("latin-1")[:64]
                if client:
                    scope["client"] = (client, 0)
                scope[VIA] = headers.get(VIA_HEADER.encode(), b"").decode("latin-1")[:128]
        return scope
