"""The commitment shown in every view is SHA-256 of the current server seed, even though it
is hashed once per seed rather than once per view."""

from __future__ import annotations

import hashlib

from laundermat.rooms.fairness import Commitment


def test_the_commitment_follows_its_seed() -> None:
    c = Commitment(server_seed="00" * 32)
    assert c.digest == hashlib.sha256(bytes(32)).hexdigest()
    assert c.public()["commitment"] == c.digest
    c.server_seed = "ab" * 32  # a new seed for the next game
    assert c.digest == hashlib.sha256(bytes.fromhex("ab" * 32)).hexdigest()
    assert c == Commitment(server_seed="ab" * 32)  # the cache is not part of its value
