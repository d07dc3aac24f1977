"""Rendezvous hashing splits a dead replica's rooms between the survivors without a word
between them (cluster/watcher.py): every survivor computes the same owner for a code, and
removing a replica moves only the codes it had."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from laundermat.cluster.watcher import rendezvous

codes = st.lists(st.text("ABCDEFGHJKMNPQRSTUVWXYZ23456789", min_size=5, max_size=5), max_size=60)
replicas = st.lists(st.text("abcdef0123456789", min_size=1, max_size=8), min_size=2, max_size=6)


@given(codes, replicas)
def test_every_replica_agrees_whatever_order_it_lists_the_others(
    some: list[str], ids: list[str]
) -> None:
    for code in some:
        assert rendezvous(code, ids) == rendezvous(code, list(reversed(ids)))
        assert rendezvous(code, ids) in ids


@given(codes, replicas.filter(lambda ids: len(set(ids)) >= 2))
def test_losing_a_replica_moves_only_its_own_codes(some: list[str], ids: list[str]) -> None:
    ids = sorted(set(ids))
    gone = ids[0]
    survivors = ids[1:]
    for code in some:
        before = rendezvous(code, ids)
        if before != gone:
            assert rendezvous(code, survivors) == before


def test_the_load_is_spread() -> None:
    ids = ["r0", "r1", "r2"]
    counts = {r: 0 for r in ids}
    for n in range(3000):
        counts[rendezvous(f"C{n:04d}", ids) or ""] += 1
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_nobody_to_give_it_to() -> None:
    assert rendezvous("ABCDE", []) is None
