"""How replicas recognise each other's requests: a header signed with the cluster secret, and
the client's own address beside it so the owner's per-address limits count the player, not the
relaying replica. `TrustedPeers` is the ASGI middleware that applies it on every replica.

The secret itself never travels: the relay header is `v1.<unix seconds>.<HMAC-SHA256>` over
the time, the request's path, the client address and the relaying replica's id. Whoever reads
one header on the internal network can only repeat that request (same path, same client) for
`MAX_SKEW_S`, not speak for any other player or later.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any

RELAY_HEADER = "x-laundermat-relay"
CLIENT_HEADER = "x-laundermat-client"
VIA_HEADER = "x-laundermat-via"  # the relaying replica's id: the room may follow its sockets
RELAYED = "laundermat.relayed"  # set in the ASGI scope of a request a peer sent
VIA = "laundermat.via"  # the relaying replica's id, in the scope of a relayed socket


MAX_SKEW_S = 60  # how old (or how far ahead: the peers' clocks differ) a signature may be


def _signature(secret: bytes, stamp: str, path: str, client: str, via: str) -> str:
    signed = "\n".join((stamp, path, client, via)).encode("latin-1", "replace")
    return hmac.new(secret, signed, hashlib.sha256).hexdigest()


def peer_headers(
    secret: str, client: str, path: str, via: str = "", now: float | None = None
) -> dict[str, str]:
    """The headers a replica adds to a request for `path` it passes on for `client`."""
    stamp = str(int(time.time() if now is None else now))
    signature = _signature(secret.encode(), stamp, path, client, via)
    headers = {RELAY_HEADER: f"v1.{stamp}.{signature}", CLIENT_HEADER: client}
    if via:
        headers[VIA_HEADER] = via
    return headers


def signed_by_peer(
    secret: bytes, value: bytes, path: str, client: str, via: str, now: float | None = None
) -> bool:
    """Whether a relay header is a peer's fresh signature of this path, client and via."""
    parts = value.decode("latin-1").split(".")
    if len(parts) != 3 or parts[0] != "v1" or not parts[1].isdigit():
        return False
    age = (time.time() if now is None else now) - int(parts[1])
    if abs(age) > MAX_SKEW_S:
        return False
    expected = _signature(secret, parts[1], path, client, via)
    return hmac.compare_digest(parts[2].encode(), expected.encode())


def relayed_via(scope: Any) -> str | None:
    """The replica that relayed this request ("" when it gave no id), None for a request
    that came straight from a client."""
    return str(scope.get(VIA, "")) if scope.get(RELAYED) else None


def is_relayed(scope: Any) -> bool:
    return bool(scope.get(RELAYED))


class TrustedPeers:
    """A request a peer signed comes from a peer: its client is the one named in the header
    (and it is marked relayed, so it is never relayed again). A wrong, stale or missing
    signature is ignored: the request is an ordinary one from wherever it came."""

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
            client = headers.get(CLIENT_HEADER.encode(), b"").decode("latin-1")[:64]
            via = headers.get(VIA_HEADER.encode(), b"").decode("latin-1")[:128]
            path = scope.get("path", "")
            if given is not None and signed_by_peer(self.secret, given, path, client, via):
                scope = dict(scope)
                scope[RELAYED] = True
                if client:
                    scope["client"] = (client, 0)
                scope[VIA] = via
        return scope
