"""Running the server: uvicorn with our WebSocket limits and a graceful SIGTERM."""

from __future__ import annotations

import fcntl
import logging
import socket
from pathlib import Path
from typing import IO, Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import make_url

from . import logs
from .app import create_app
from .conns import ConnectionGate, raise_descriptor_limit
from .guards import guarded_http, guarded_ws
from .settings import ServerSettings

log = logging.getLogger("laundermat.serve")


class Server(uvicorn.Server):
    """On SIGTERM: stop accepting, tell every socket 1001 going away, then let uvicorn
    finish (its own shutdown would close sockets with 1012)."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.fastapi_app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        state = getattr(self.fastapi_app.state, "laundermat", None)
        if state is not None:
            await state.going_away()
        await super().shutdown(sockets)


TRANSPORT_SLACK = 4  # uvicorn's frame limit, in multiples of max_message_bytes


def uvicorn_config(app: Any, settings: ServerSettings) -> uvicorn.Config:
    trusted = settings.forwarded_allow_ips or "127.0.0.1"
    gate = ConnectionGate(settings.connections_per_address, trusted)
    return uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        # Both with the limits uvicorn's own lack (web/guards.py): pings, closes that never
        # finish, requests that never arrive, request heads of any size, connections per
        # address and a reserve of descriptors (web/conns.py).
        http=guarded_http(settings.http_request_timeout_seconds, gate),
        ws=guarded_ws(settings.ws, gate),
        # Above ours, so that a message a little over the limit reaches socket.py and gets
        # the `too_big` error before its 1009 close; one far over it (it would be buffered
        # whole) is closed by uvicorn itself, also with 1009 (docs/protocol.md).
        ws_max_size=settings.max_message_bytes * TRANSPORT_SLACK,
        ws_per_message_deflate=False,  # OWASP; and it costs CPU and memory per socket
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_config=None,
        access_log=False,  # our routes log what matters; URLs never carry tokens anyway
        timeout_graceful_shutdown=5,
        proxy_headers=True,
        forwarded_allow_ips=trusted,
        lifespan="on",
    )


def serve(settings: ServerSettings) -> None:
    logs.configure(settings.log_level, settings.json_logs)
    raise_descriptor_limit()
    held = hold_sqlite_file(settings.database_url)  # kept open (so locked) while we run
    app = create_app(settings)
    app.state.sqlite_lock = held
    server = Server(uvicorn_config(app, settings), app)
    shown = "localhost" if settings.host in ("127.0.0.1", "0.0.0.0", "::") else settings.host
    print(f"LaunderMat is running: open http://{shown}:{settings.port}/", flush=True)
    if settings.host in ("0.0.0.0", "::"):
        print(f"On this network: http://{_lan_address()}:{settings.port}/", flush=True)
    server.run()


def _lan_address() -> str:
    """This machine's address on the local network (for phones), without sending anything."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # UDP connect picks a route, sends nothing
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


class DatabaseInUse(SystemExit):
    """Another server holds this SQLite file."""


def hold_sqlite_file(url: str) -> IO[bytes] | None:
    """One server per SQLite file: a second one would restore the same rooms and both would
    play them, each refused by the other's commits (players would get `internal`, the log
    1,200 errors a minute). An advisory lock on `FILE.lock`, which the
    system drops with the process, however it ends. Other databases: None (scaled out, the
    replicas share PostgreSQL through leases and fencing, docs/scaling.md)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database).resolve()
    lock = path.with_name(path.name + ".lock").open("ab")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        raise DatabaseInUse(
            f"laundermat serve: another server is using {path} (its lock {path.name}.lock is "
            "held): stop it first, or give this one its own LAUNDERMAT_DATABASE_URL"
        ) from None
    return lock
