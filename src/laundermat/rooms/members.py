"""Seats, tokens and room codes: the room's bookkeeping that needs no event loop."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .records import PlayerRecord

if TYPE_CHECKING:
    from .wire import Subscriber

# No 0/O, 1/I/L: a code read aloud or off a phone screen cannot be mistyped that way.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5  # 31^5 ≈ 28.6 million codes


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: str) -> str:
    return code.strip().upper()


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 random bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, token_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), token_hash)


def device_hash(code: str, device: str | None) -> str | None:
    """What a room keeps of the browser id a join came with: hashed with the room's code, so
    two rooms' records do not tell that one browser sat at both."""
    return None if device is None else hash_token(f"{code}:{device}")


@dataclass
class Member:
    """One seat at the table, in the lobby and through the game (GEN-3: seats stay)."""

    player_id: str
    name: str
    token_hash: str
    joined_ms: int
    seat: int | None = None  # the engine seat once a game has started
    sub: Subscriber | None = None
    away: bool = False  # GEN-4, mirrored into the engine while a game runs
    left: bool = False  # said "leave" during a game: keeps the seat, gives up hosting
    # After a game: this person said they will play the next one (rematch.py). Saved.
    ready: bool = False
    bot: bool = False  # played by the server (seats_bots.py): no token, no socket, never hosts
    # The hash of the secret key the joining client sent with its join, if any: the same key
    # again (the first answer was lost) gets this seat back with a new token (docs/protocol.md).
    join_key_hash: str | None = None
    # The browser this seat joined from (device_hash), if it said: a bar holds it (bars.py).
    device_hash: str | None = None
    # This game's moves a stand-in made for this seat: the game's log names the seat, so the
    # player, back, is told (not kept across a restart).
    stood_in_moves: int = 0
    # Answers to this seat's recent command ids, so a retry is answered, never re-applied:
    # an ack as the view version it named (an int: ~60 bytes less than its encoding, and
    # most answers are acks), a refusal as its encoded error. Oldest first (dicts keep order).
    answered: dict[str, int | bytes] = field(default_factory=dict)

    @property
    def connected(self) -> bool:
        return self.sub is not None

    def record(self) -> PlayerRecord:
        return PlayerRecord(
            self.player_id,
            self.name,
            self.token_hash,
            self.seat,
            self.joined_ms,
            self.bot,
            self.join_key_hash,
            self.device_hash,
            self.ready,
        )

    @classmethod
    def from_record(cls, p: PlayerRecord) -> Member:
        return cls(
            p.player_id,
            p.name,
            p.token_hash,
            p.joined_ms,
            seat=p.seat,
            bot=p.bot,
            join_key_hash=p.join_key_hash,
            device_hash=p.device_hash,
            ready=p.ready,
        )

    def public(
        self, host: bool, seated: bool, stand_in: bool, away_at: int | None
    ) -> dict[str, object]:
        """This seat as every view's `room.players` shows it (PlayerInfo): presence is public.
        `away_at`: when its away clock runs out (GEN-4), shown while it runs, so the table can
        count down to the moment a bot stands in or the game goes on without them."""
        return {
            "player_id": self.player_id,
            "name": self.name,
            "host": host,
            "connected": self.connected or self.bot,  # a bot is always at the table
            "away": self.away,
            "seat": self.seat if seated else None,
            "bot": self.bot,
            "stand_in": stand_in,
            "stood_in_moves": self.stood_in_moves,
            "away_at": None if self.away or self.connected or self.bot else away_at,
            "ready": self.ready,
        }

    def remember(self, command_id: str, answer: int | bytes, limit: int) -> None:
        answered = self.answered
        answered[command_id] = answer
        while len(answered) > limit:
            del answered[next(iter(answered))]


def next_host(members: list[Member], host: str | None, by_seat: bool) -> str | None:
    """Hosting passes to the next seat after the host (join order in the lobby), preferring
    someone connected who has not left, then anyone who has not left, then anyone but a bot."""
    if by_seat:
        order = sorted(members, key=lambda m: m.seat if m.seat is not None else len(members))
    else:
        order = list(members)
    ids = [m.player_id for m in order]
    start = ids.index(host) + 1 if host in ids else 0
    ring = [order[(start + i) % len(order)] for i in range(len(order))]
    ring = [m for m in ring if not m.bot]  # a bot never hosts
    others = [m for m in ring if m.player_id != host] or ring
    for chosen in (
        next((m for m in others if m.connected and not m.left), None),
        next((m for m in others if not m.left), None),
        next(iter(others), None),
    ):
        if chosen is not None:
            return chosen.player_id
    return None
