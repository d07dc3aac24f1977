"""free_port: servers that the tests kill and restart on the same port must not find it taken
by an outgoing connection's local port, which the OS draws from its ephemeral range."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from laundermat.bots.server_process import free_port


def test_free_ports_are_below_the_ephemeral_range_and_bindable() -> None:
    start = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    ports = [free_port() for _ in range(20)]
    assert all(10000 <= p < start for p in ports), ports
    for port in ports:
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))


def test_a_port_in_use_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", free_port()))
        held.listen()
        taken = held.getsockname()[1]
        other = 1 if taken != 10001 else 2
        draws = iter([taken - 10000, taken - 10000, other])  # the held port twice, then another
        monkeypatch.setattr("secrets.randbelow", lambda _: next(draws))
        assert free_port() == 10000 + other
