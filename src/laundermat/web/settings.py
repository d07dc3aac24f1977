"""Server settings: flags or environment (prefix LAUNDERMAT_, plus DATABASE_URL)."""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

REPO_STATIC = Path(__file__).resolve().parents[3] / "static"


def _logs_to_terminal() -> bool:
    """Whether the logs' stream (stderr, see web/logs.py) is a terminal."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed stream
        return False


class ServerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="LAUNDERMAT_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    database_url: str = Field(
        default="sqlite+aiosqlite:///./laundermat.db",
        validation_alias=AliasChoices("LAUNDERMAT_DATABASE_URL", "DATABASE_URL", "database_url"),
    )
    database_schema: str | None = None  # PostgreSQL only: isolates test runs
    # SQLite durability: "normal" survives a process crash, "full" a power loss too (an
    # fsync per commit). busy_timeout is SQLite's own lock wait; a write still locked after
    # it is retried with backoff for store_lock_retry_seconds, then answered `unavailable`.
    # PostgreSQL's serialization failures and deadlocks are retried within the same budget.
    sqlite_synchronous: Literal["normal", "full"] = "normal"
    sqlite_busy_timeout_ms: int = Field(default=5000, ge=0)
    store_lock_retry_seconds: float = Field(default=10.0, ge=0)
    snapshot_every: int = Field(default=50, ge=1)  # commands between game-state snapshots
    # A client's change arriving within this many ms of its room's last push (or queued behind
    # another) waits for the tick's end and is pushed with the others (rooms/tick.py); 0 pushes
    # every change at once.
    push_tick_ms: int = Field(default=20, ge=0, le=60_000)
    # Finished games (their records and replays) are deleted this long after they end; the
    # sweep looks every `retention_sweep_seconds`.
    finished_game_retention_days: float = Field(default=30, gt=0)
    retention_sweep_seconds: float = Field(default=3600, gt=0)
    # More games to host besides the built-in ones: comma-separated "package.module:ATTRIBUTE"
    # (each a laundermat.games.GameDefinition). The tests register a tiny game this way.
    extra_games: Annotated[list[str], NoDecode] = []
    # Origins allowed to open a socket or POST. Empty: the page's own origin and localhost.
    allowed_origins: Annotated[list[str], NoDecode] = []
    # Host names served besides IP addresses, local names, and the hosts of public_url and
    # allowed_origins ("*": any): a guard against DNS rebinding (web/hosts.py).
    allowed_hosts: Annotated[list[str], NoDecode] = []
    max_message_bytes: int = Field(default=16 * 1024, ge=256, le=1024 * 1024)
    messages_per_second: float = Field(default=20.0, gt=0)
    message_burst: int = Field(default=40, ge=1)
    room_creations_per_minute: int = Field(default=20, ge=1)  # per client address
    join_attempts_per_minute: int = Field(default=60, ge=1)  # joins, hellos, spectates
    # HTTP (web/middleware.py, web/routes.py; docs/security.md explains each).
    max_body_bytes: int = Field(default=16 * 1024, ge=1)  # request bodies; larger: 413 too_big
    room_lookups_per_minute: int = Field(default=300, ge=1)  # GET /api/rooms/{code}
    room_lookup_misses_per_minute: int = Field(default=30, ge=1)  # then every lookup 429s
    qr_codes_per_minute: int = Field(default=60, ge=1)  # GET /r/{code}/qr.svg, per address
    # GET /api/games/{id}/replay and its steps, per client address: each replays a game.
    replays_per_minute: int = Field(default=180, ge=1)
    sockets_per_address: int = Field(default=200, ge=1)  # open at once, per client address
    # Open TCP connections (HTTP and sockets) per peer address, counted before a byte is read
    # (web/conns.py): room for a school's tables behind one NAT; not for forwarded_allow_ips.
    connections_per_address: int = Field(default=256, ge=8, le=1_000_000)
    spectators_per_room: int = Field(default=50, ge=0)  # more are refused too_many_spectators
    spectators_per_address: int = Field(default=10, ge=1)  # of one room's, per client address
    # uvicorn's WebSocket implementation; docs/benchmarks.md measures each (memory per socket,
    # CPU per message) and says why this one. Only this one has web/guards.py's limits.
    ws: Literal["websockets-sansio", "websockets", "wsproto"] = "websockets-sansio"
    send_queue_size: int = Field(default=256, ge=1, le=65536)  # then a slow socket is dropped
    # Garbage collector (web/gcpolicy.py): freeze survivors this often; 0 leaves gc alone.
    gc_freeze_seconds: float = Field(default=1.0, ge=0)
    gc_sweep_seconds: float = Field(default=15 * 60, gt=0)  # a full collection, frozen too
    room_idle_close_seconds: float = Field(default=30 * 60, gt=0)
    room_finished_close_seconds: float = Field(default=10 * 60, gt=0)
    away_after_seconds: float = Field(default=30.0, gt=0, le=86_400)  # GEN-4
    restart_grace_seconds: float = Field(default=5.0, ge=0, le=3600)
    # Test-only: multiplies every game window's duration. Production never sets it.
    time_scale: float = Field(default=1.0, gt=0, le=1.0)
    static_dir: Path = REPO_STATIC
    public_url: str | None = None  # the base of join links and QR codes, if not the request's
    # Proxies whose X-Forwarded-For / -Proto are trusted (comma-separated addresses or "*"),
    # so limits count players' addresses rather than the TLS proxy's.
    forwarded_allow_ips: str = "127.0.0.1"
    # Who may read GET /metrics (comma-separated addresses or networks, "*" for anyone): the
    # counters move with every command, a seat's secret change of choice included, so they
    # are the operator's, not the players' (docs/security.md). The address is the client's
    # as the trusted proxies above report it.
    metrics_allow_ips: Annotated[list[str], NoDecode] = ["127.0.0.1", "::1"]
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    # JSON lines for a log collector; short human lines when the logs go to a terminal
    # (`make run`). LAUNDERMAT_JSON_LOGS=true/false overrides either way.
    json_logs: bool = Field(default_factory=lambda: not _logs_to_terminal())
    # Socket abuse limits (docs/security.md). A socket must say hello or spectate this soon.
    hello_timeout_seconds: float = Field(default=10.0, gt=0)
    # An HTTP request (its head and body; a socket's opening handshake) must arrive whole this
    # soon after its connection opens or the last answer on it (web/guards.py).
    http_request_timeout_seconds: float = Field(default=15.0, gt=0)
    # New sockets without a seat per client address per minute (web/admission.py): past it,
    # only a hello with a valid seat token gets a new socket in.
    sockets_per_minute_per_address: int = Field(default=120, ge=1)
    # Every frame of a socket without a seat (before its hello, or spectating) draws on its
    # address's budget too, so reconnecting does not refill it; seated players have their own.
    messages_per_second_per_address: float = Field(default=60.0, gt=0)
    message_burst_per_address: int = Field(default=120, ge=1)
    # The operator's console, /admin (web/admin.py, docs/operations.md): off (404) unless a
    # token is set, at least 24 characters. Wrong tokens are counted per address and
    # refused `too_many_requests` past the limit, the right one included.
    admin_token: SecretStr | None = Field(default=None, min_length=24)
    admin_attempts_per_minute: int = Field(default=10, ge=1)
    admin_session_hours: float = Field(default=8.0, gt=0, le=24 * 7)
    # Scale-out (docs/scaling.md). Without a Redis URL nothing of it runs: one process, any
    # database. With one (and PostgreSQL) this replica joins a cluster: rooms owned one at a
    # time under leases, sockets for a peer's room relayed to it, failover, drain on SIGTERM.
    redis_url: str | None = None
    redis_prefix: str = "laundermat:"  # Redis key prefix: clusters (tests) may share a Redis
    replica_id: str | None = None  # default: hostname-pid
    advertise_url: str | None = None  # how peers reach this replica; default http://host:port
    cluster_secret: str | None = None  # peers' shared secret (relays); required with Redis
    lease_ttl_ms: int = Field(default=3000, ge=300)  # a dead owner's rooms move after this
    follow_ms: int = Field(default=10_000, ge=0)  # a lobby follows its sockets; 0: never

    @field_validator("extra_games", "allowed_hosts", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [v.strip() for v in value.split(",") if v.strip()]
        return value

    @field_validator("metrics_allow_ips", mode="before")
    @classmethod
    def _networks(cls, value: object) -> object:
        if isinstance(value, str):
            # Empty (an unset line of .env.example): loopback, as for the proxies above.
            value = [v.strip() for v in value.split(",") if v.strip()] or ["127.0.0.1", "::1"]
        if isinstance(value, list):
            for item in value:  # refused at start, not at the first scrape
                if item != "*":
                    ipaddress.ip_network(item, strict=False)
        return value

    @field_validator("admin_token", mode="before")
    @classmethod
    def _unset_if_empty(cls, value: object) -> object:
        # Empty (an unset line of .env.example): the console stays off.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            return [v.strip().rstrip("/") for v in value.split(",") if v.strip()]
        return value
