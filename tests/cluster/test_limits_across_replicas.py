"""Issue 10: rate limits hold across replicas. With Redis configured, two real replicas draw
on one budget per address (web/limits.py SharedLimiter), so a player cannot get N budgets by
landing on N replicas; behind nginx the address counted is the player's own."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from .harness import Cluster


def create(base: str, forwarded_for: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    answer = httpx.post(f"{base}/api/rooms", json={"name": "Ann"}, headers=headers, timeout=10)
    return answer.status_code


def test_two_replicas_share_one_room_creation_budget(
    make_cluster: Callable[..., Cluster],
) -> None:
    cluster = make_cluster(replicas=2, env={"room_creations_per_minute": 4})
    one, two = cluster.replicas
    player = "198.51.100.23"  # as nginx forwards it (the replicas trust 127.0.0.1)
    answers = [
        create(one.url, player),
        create(two.url, player),
        create(one.url, player),
        create(two.url, player),
    ]
    assert answers == [200, 200, 200, 200]
    # The budget of 4 is spent across both: each replica now refuses this player...
    assert create(one.url, player) == 429
    assert create(two.url, player) == 429
    # ...and only this player.
    assert create(two.url, "198.51.100.24") == 200
    # Through nginx (hash.conf spreads creations over both replicas) the player's own
    # address is what counts: nginx's 127.0.0.1 has a budget of its own, 4 again.
    assert [create(cluster.url) for _ in range(5)] == [200, 200, 200, 200, 429]


def test_a_forwarded_join_counts_against_its_players_address(
    make_cluster: Callable[..., Cluster],
) -> None:
    """A join sent to a replica that does not own the room is forwarded to the owner with the
    player's address in a signed header (cluster/peers.py): each player keeps their own
    budget there, the forwarding replica's address does not pool them."""
    cluster = make_cluster(replicas=2, env={"join_attempts_per_minute": 2})
    one, two = cluster.replicas
    made = httpx.post(f"{one.url}/api/rooms", json={"name": "Host"}, timeout=10)
    code = made.json()["code"]
    assert cluster.owner(code) == one.id

    def join(player: str, name: str) -> int:
        headers = {"X-Forwarded-For": player}
        url = f"{two.url}/api/rooms/{code}/join"
        return httpx.post(url, json={"name": name}, headers=headers, timeout=10).status_code

    players = ["198.51.100.31", "198.51.100.32", "198.51.100.33"]
    assert [join(p, f"P{i}") for i, p in enumerate(players)] == [200, 200, 200]
    assert [join(players[0], f"Q{i}") for i in range(2)] == [200, 429]  # 2 a minute each
