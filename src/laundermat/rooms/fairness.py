"""Commit, then reveal: a game's seed that neither the server nor any player can steer.

1. Before a game can start (in the lobby, and again after each game, before a rematch) the
   room draws a server seed from `secrets` and shows everyone its commitment,
   SHA-256(server seed).
2. Each seated player's browser sends a random nonce of its own for that commitment.
3. At the start the game's seed is derived from the server seed and the nonces (`derive`).
   The server committed before any nonce was known, so it cannot pick a seed that suits the
   nonces; a player knows no server seed, so no nonce of theirs can aim at an outcome.
4. When the game is over, the server seed and the nonces are revealed (the room's view and
   the replay record), and anyone can check the commitment, derive the seed, and replay every
   command (`laundermat verify`, docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, field

NONCE = re.compile(r"^[0-9a-f]{32,64}$")
# The server's own entry among a game's nonces. It is no player_id (those start with "p").
SERVER = "server"
SERVER_NONCE_PREFIX = b"laundermat server nonce|"


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's bytes (the seed is 64 hex characters)."""
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def derive(server_seed: str, nonces: dict[str, str]) -> int:
    """The game's seed: the first 8 bytes of SHA-256(server seed bytes, then for each player
    in player_id order "|player_id:nonce"), as a big-endian integer shifted to 62 bits."""
    digest = hashlib.sha256(bytes.fromhex(server_seed))
    for player_id in sorted(nonces):
        digest.update(f"|{player_id}:{nonces[player_id]}".encode())
    return int.from_bytes(digest.digest()[:8], "big") >> 2


def server_nonce(server_seed: str) -> str:
    """The server's own nonce, fixed by its seed: SHA-256("laundermat server nonce|", then the
    seed's bytes), as hex. Without it a game no player sent a nonce for (bots, a third-party
    client) would hash the server seed alone, whose SHA-256 is the public commitment: its
    seed, and so its deck, could be read off the lobby. The commitment does not give this
    hash away, and the seed fixes it, so it adds no choice the server could make."""
    return hashlib.sha256(SERVER_NONCE_PREFIX + bytes.fromhex(server_seed)).hexdigest()


def with_server_nonce(server_seed: str, nonces: dict[str, str]) -> dict[str, str]:
    """A game's nonces: the players' and the server's own."""
    return {**nonces, SERVER: server_nonce(server_seed)}


@dataclass
class Commitment:
    """The server seed for the next game and the nonces given for it so far."""

    server_seed: str = field(default_factory=lambda: secrets.token_hex(32))
    nonces: dict[str, str] = field(default_factory=dict)
    # (seed, its commitment): every view of the room shows the commitment, so it is hashed
    # once per seed, not once per push (2-3% of a command's time in the rooms layer).
    _hashed: tuple[str, str] = field(default=("", ""), init=False, repr=False, compare=False)

    @property
    def digest(self) -> str:
        seed, digest = self._hashed
        if seed != self.server_seed:
            seed, digest = self.server_seed, commitment(self.server_seed)
            self._hashed = (seed, digest)
        return digest

    def public(self) -> dict[str, object]:
        players = sorted(p for p in self.nonces if p != SERVER)
        # server_nonce: shown before any nonce, so that the server cannot choose afterwards
        # whether a game's seed takes its own nonce (one bit to steer by).
        return {"commitment": self.digest, "contributed": players, "server_nonce": True}

    def reveal(self, game_id: int) -> dict[str, object]:
        seed = derive(self.server_seed, self.nonces)
        return {
            "game_id": game_id,
            "commitment": self.digest,
            "server_seed": self.server_seed,
            "nonces": dict(self.nonces),
            "seed": seed,
            "seed_text": str(seed),  # JavaScript numbers are exact only to 2**53
        }
