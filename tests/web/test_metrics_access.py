"""GET /metrics is the operator's: its counters move with every command, a seat's secret
change of its draft choice included (DRAFT-2, GFILL-2), which the seat's socket keeps from
everyone else. A player's address is refused; the operator's (loopback by default, or the
networks in LAUNDERMAT_METRICS_ALLOW_IPS) is served. The address is the one the trusted
proxy reports (X-Forwarded-For from LAUNDERMAT_FORWARDED_ALLOW_IPS, loopback by default)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from pydantic import ValidationError

from laundermat.web.limits import address_allowed
from laundermat.web.settings import ServerSettings

from .conftest import ServerProcess

PLAYER = {"X-Forwarded-For": "203.0.113.7"}  # a player's address, as nginx reports it


def test_a_player_behind_the_proxy_is_refused_and_the_operator_served(
    server: ServerProcess,
) -> None:
    refused = httpx.get(server.url + "/metrics", headers=PLAYER)
    assert refused.status_code == 403
    assert refused.json()["code"] == "forbidden"
    assert "laundermat_commands_total" not in refused.text
    served = httpx.get(server.url + "/metrics")  # loopback: this machine's operator
    assert served.status_code == 200 and "laundermat_commands_total" in served.text


def test_the_operator_names_the_networks_that_may_scrape(
    make_server: Callable[..., ServerProcess],
) -> None:
    proc = make_server(metrics_allow_ips="203.0.113.0/24, 2001:db8::/32")
    assert httpx.get(proc.url + "/metrics", headers=PLAYER).status_code == 200
    six = {"X-Forwarded-For": "2001:db8::5"}
    assert httpx.get(proc.url + "/metrics", headers=six).status_code == 200
    other = {"X-Forwarded-For": "198.51.100.1"}
    assert httpx.get(proc.url + "/metrics", headers=other).json()["code"] == "forbidden"
    # Loopback is no longer in the list: the operator replaced it.
    assert httpx.get(proc.url + "/metrics").status_code == 403


@pytest.mark.parametrize(
    ("address", "allowed", "expected"),
    [
        ("127.0.0.1", ["127.0.0.1", "::1"], True),
        ("::1", ["127.0.0.1", "::1"], True),
        ("::ffff:127.0.0.1", ["127.0.0.1"], True),  # an IPv4 peer on a dual-stack socket
        ("10.1.2.3", ["10.0.0.0/8"], True),
        ("10.1.2.3", ["127.0.0.1"], False),
        ("anything", ["*"], True),
        ("testclient", ["127.0.0.1"], False),  # not an address at all
        (None, ["127.0.0.1"], False),
        ("127.0.0.1", [], False),
    ],
)
def test_address_allowed(address: str | None, allowed: list[str], expected: bool) -> None:
    assert address_allowed(address, allowed) is expected


def test_a_bad_network_is_refused_at_start() -> None:
    with pytest.raises(ValidationError):
        # The environment's comma-separated form, which the field's validator splits.
        ServerSettings(metrics_allow_ips="10.0.0.0/8, not-a-network")  # type: ignore[arg-type]
    settings: Any = ServerSettings(metrics_allow_ips="10.0.0.0/8,*")  # type: ignore[arg-type]
    assert settings.metrics_allow_ips == ["10.0.0.0/8", "*"]
