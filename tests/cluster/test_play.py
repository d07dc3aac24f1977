"""Issue 10 (a) and (d): complete games through nginx in front of three replicas, with the
shipped consistent-hashing config and with plain round-robin (most sockets then land on a
replica that does not own their room and are relayed)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from .harness import Cluster
from .players import Tables


async def play(cluster: Cluster, rooms: int) -> tuple[Tables, int]:
    tables = Tables(cluster.url, rooms=rooms, players=3)
    await tables.start()
    unfinished = await tables.finish()
    return tables, unfinished


@pytest.mark.parametrize(
    ("balancer", "rooms"),
    [
        ("hash.conf", 12),  # (a) 12 rooms over the shipped config
        ("round-robin.conf", 6),  # (d) no affinity at all
    ],
)
def test_bots_complete_their_games_through_nginx(
    make_cluster: Callable[..., Cluster], balancer: str, rooms: int
) -> None:
    cluster = make_cluster(replicas=3, balancer=balancer)
    tables, unfinished = asyncio.run(play(cluster, rooms))
    assert unfinished == 0
    assert tables.games_finished() == rooms
    assert not tables.ledger.unexpected
    assert not tables.two_views_of_one_version()
    figures = asyncio.run(tables.check_database(cluster.db_url))
    assert figures["acked"] > rooms * 10
    assert figures["lost"] == 0
    assert figures["doubled"] == 0
    assert figures["games_over"] == rooms
    assert figures["over_but_unfinished"] == 0
    # Every room had one owner, and the rooms are spread over the replicas.
    owners = cluster.owners(tables.codes)
    assert all(owner is not None for owner in owners.values()), owners
    if balancer == "hash.conf":
        assert len(set(owners.values())) >= 2, owners
