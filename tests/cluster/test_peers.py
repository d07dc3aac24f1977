"""How a replica recognises a peer's request (cluster/peers.py, issue 10): the relay header is a
fresh HMAC of the path, the client address and the relaying replica, never the secret itself.
A header that is wrong in any part leaves the request an ordinary one from where it came."""

from __future__ import annotations

import time
from typing import Any

from laundermat.cluster.peers import (
    MAX_SKEW_S,
    RELAY_HEADER,
    RELAYED,
    VIA,
    TrustedPeers,
    peer_headers,
    relayed_via,
)

SECRET = "a-long-random-cluster-secret"


def scope(headers: dict[str, str], path: str = "/ws/ABCDE") -> dict[str, Any]:
    return {
        "type": "websocket",
        "path": path,
        "client": ("10.0.0.7", 51000),  # the relaying replica's address
        "headers": [(k.lower().encode(), v.encode("latin-1")) for k, v in headers.items()],
    }


def trusted(headers: dict[str, str], path: str = "/ws/ABCDE", secret: str = SECRET) -> bool:
    seen = TrustedPeers(None, secret).trust(scope(headers, path))
    return bool(seen.get(RELAYED))


def test_a_peers_signed_request_speaks_for_its_player() -> None:
    headers = peer_headers(SECRET, "203.0.113.9", "/ws/ABCDE", via="replica-2")
    seen = TrustedPeers(None, SECRET).trust(scope(headers))
    assert seen[RELAYED] and seen[VIA] == "replica-2"
    assert seen["client"] == ("203.0.113.9", 0)  # the player's address counts, not the peer's


def test_the_secret_itself_is_never_sent() -> None:
    headers = peer_headers(SECRET, "203.0.113.9", "/ws/ABCDE")
    assert all(SECRET not in value for value in headers.values())
    assert not trusted({RELAY_HEADER: SECRET, "x-laundermat-client": "1.2.3.4"})  # the old form


def test_a_header_for_another_path_client_or_via_is_not_a_peers() -> None:
    headers = peer_headers(SECRET, "203.0.113.9", "/ws/ABCDE", via="replica-2")
    assert not trusted(headers, path="/ws/OTHER")
    assert not trusted({**headers, "x-laundermat-client": "198.51.100.1"})
    assert not trusted({**headers, "x-laundermat-via": "replica-3"})
    assert not trusted(headers, secret="another-secret")


def test_a_stale_or_future_signature_is_refused() -> None:
    path, client = "/api/rooms/ABCDE/join", "203.0.113.9"
    now = time.time()  # the check reads the real clock
    for skew in (MAX_SKEW_S + 5, -(MAX_SKEW_S + 5)):
        assert not trusted(peer_headers(SECRET, client, path, now=now - skew), path)
    for skew in (MAX_SKEW_S - 5, -(MAX_SKEW_S - 5)):  # peers' clocks may differ this much
        assert trusted(peer_headers(SECRET, client, path, now=now - skew), path)


def test_malformed_relay_headers_change_nothing() -> None:
    for value in ("", "v1", "v1.x.y", "v2.1.abc", "v1.-5.abc", "v1.1.2.3", "\xff\xfe"):
        original = scope({RELAY_HEADER: value, "x-laundermat-client": "1.2.3.4"})
        assert TrustedPeers(None, SECRET).trust(original) is original  # untouched


def test_the_socket_loop_reads_which_peer_relayed_a_socket() -> None:
    """web/socket.py asks `relayed_via` (through the cluster): the peer that relayed the
    socket, "" for a peer that gave no id, None for a socket straight from a client."""
    peers = TrustedPeers(None, SECRET)
    named = peer_headers(SECRET, "203.0.113.9", "/ws/ABCDE", via="replica-2")
    assert relayed_via(peers.trust(scope(named))) == "replica-2"
    assert relayed_via(peers.trust(scope(peer_headers(SECRET, "203.0.113.9", "/ws/ABCDE")))) == ""
    assert relayed_via(peers.trust(scope({}))) is None
    assert relayed_via(TrustedPeers(None, "another-secret").trust(scope(named))) is None
