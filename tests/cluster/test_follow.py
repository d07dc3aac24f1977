"""Issue 10: behind nginx's consistent hash, a lobby room follows its sockets to the replica
its code hashes to (cluster/follow.py), so the sockets of the games played are direct.

The same tables are played twice over three replicas behind hash.conf: once with following
turned off (LAUNDERMAT_FOLLOW_MS=0), once with the default. Mid-game, the relayed sockets are
read from every replica's /metrics. Rooms are created by `POST /api/rooms`, which carries no
code, so nginx sends each creation anywhere and about two rooms in three start on a replica
their code does not hash to. Without following, their sockets stay relayed for the
whole game; with it, they are direct. Both runs must finish every game with nothing acked
lost or doubled (test_play.py's checks).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .harness import Cluster
from .players import Tables

ROOMS = 8


def relayed(cluster: Cluster) -> float:
    """The relayed sockets, summed over the replicas."""
    return sum(r.metrics()["laundermat_cluster_relayed_sockets"] for r in cluster.replicas)


async def play(cluster: Cluster, follows: bool) -> tuple[Tables, int, float]:
    """Play ROOMS tables; the relayed sockets in mid-game. Where rooms follow their sockets,
    the hosts start once every room has (no socket relayed), as people chat in a lobby."""
    direct = (lambda: asyncio.to_thread(lambda: relayed(cluster) == 0)) if follows else None
    tables = Tables(cluster.url, rooms=ROOMS, players=3, lobby_until=direct)
    await tables.start()
    try:
        await tables.wait_mid_game()
        mid_game = relayed(cluster)
        unfinished = await tables.finish()
    finally:
        await tables.cancel()
    return tables, unfinished, mid_game


def played(cluster: Cluster, follows: bool = True) -> tuple[float, float]:
    """Play, check every game (test_play.py's checks); (relayed mid-game, follow-moves)."""
    tables, unfinished, mid_game = asyncio.run(play(cluster, follows))
    assert unfinished == 0
    assert tables.games_finished() == ROOMS
    assert not tables.ledger.unexpected
    assert not tables.two_views_of_one_version()  # never two owners at once
    figures = asyncio.run(tables.check_database(cluster.db_url))
    assert figures["acked"] > ROOMS * 10
    assert figures["lost"] == 0
    assert figures["doubled"] == 0
    assert figures["games_over"] == ROOMS
    assert figures["over_but_unfinished"] == 0
    metrics = [r.metrics() for r in cluster.replicas]
    moves = sum(m["laundermat_cluster_follow_moves_total"] for m in metrics)
    handoffs = sum(m['laundermat_cluster_handoffs_total{direction="out"}'] for m in metrics)
    print(f"\nrelayed mid-game {mid_game:.0f}, follow-moves {moves:.0f}, handoffs {handoffs:.0f}")
    return mid_game, moves


def test_lobby_rooms_follow_their_sockets_so_play_is_direct(
    make_cluster: Callable[..., Cluster],
) -> None:
    without = make_cluster(replicas=3, balancer="hash.conf", env={"follow_ms": 0})
    relayed_without, moves_without = played(without, follows=False)
    with_follow = make_cluster(replicas=3, balancer="hash.conf")
    relayed_with, moves_with = played(with_follow)
    print(
        f"\nrelayed sockets mid-game ({ROOMS} tables, {ROOMS * 3} sockets): "
        f"{relayed_without:.0f} without following, {relayed_with:.0f} with it "
        f"({moves_with:.0f} follow-moves)"
    )
    assert moves_without == 0
    assert relayed_without >= 3  # some rooms started away from their hash (else no contrast)
    assert moves_with >= 1
    assert relayed_with * 4 <= relayed_without
