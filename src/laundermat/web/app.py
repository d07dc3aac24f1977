"""The app factory: `create_app(settings)` wires the store, the rooms and the routes."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Mount, WebSocketRoute

from .. import games
from ..rooms import RoomConfig, RoomManager, SystemClock
from ..rooms.clock import Clock
from ..rooms.records import StoreLike, StoreUnavailable
from ..store.memory import MemoryStore
from . import admin, pages, replays, worker
from .admin_auth import OperatorAuth
from .admission import Admission
from .assets import PREFIX, ClientFiles, RevalidatedStatic, VersionedStatic
from .blocks import BlockedAddresses, Blocklist
from .gcpolicy import steward, watch_pauses
from .hosts import TrustedHosts, served_names
from .limits import AddressBuckets, Limiters
from .metrics import Metrics
from .middleware import BodyLimit, SecurityHeaders
from .routes import ApiError, router
from .settings import ServerSettings
from .socket import SocketFastPath, socket_route
from .state import AppState

log = logging.getLogger("laundermat.app")


async def open_store(settings: ServerSettings) -> StoreLike:
    if settings.database_url.startswith("memory"):
        return await MemoryStore.open(settings.database_url)
    from ..store import Store

    store = await Store.open(
        settings.database_url,
        settings.database_schema,
        sqlite_synchronous=settings.sqlite_synchronous,
        busy_timeout_ms=settings.sqlite_busy_timeout_ms,
        lock_budget_s=settings.store_lock_retry_seconds,
    )
    return cast(StoreLike, store)


def room_config(settings: ServerSettings) -> RoomConfig:
    return RoomConfig(
        time_scale=settings.time_scale,
        away_after_ms=round(settings.away_after_seconds * 1000),
        restart_grace_ms=round(settings.restart_grace_seconds * 1000),
        snapshot_every=settings.snapshot_every,
        push_tick_ms=settings.push_tick_ms,
        spectators_limit=settings.spectators_per_room,
        spectators_per_address=settings.spectators_per_address,
    )


def truthful_openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's document, minus the 422 it adds to every route with parameters: this app's
    RequestValidationError handler answers 400 bad_message (each route lists its 400)."""
    if app.openapi_schema is None:
        doc = get_openapi(title=app.title, version=app.version, routes=app.routes)
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                operation.get("responses", {}).pop("422", None)
        schemas = doc.get("components", {}).get("schemas", {})
        for unused in ("HTTPValidationError", "ValidationError"):
            schemas.pop(unused, None)
        app.openapi_schema = doc
    return app.openapi_schema


def make_cluster(
    settings: ServerSettings, store: StoreLike, manager: RoomManager, metrics: Metrics
) -> Any:
    """Cluster mode (LAUNDERMAT_REDIS_URL, docs/scaling.md); imported only then."""
    from ..cluster import Cluster, ClusterConfig, advertise_url

    assert settings.redis_url is not None and settings.cluster_secret is not None
    config = ClusterConfig(
        redis_url=settings.redis_url,
        advertise_url=advertise_url(settings.host, settings.port, settings.advertise_url),
        secret=settings.cluster_secret,
        replica_id=settings.replica_id or "",
        prefix=settings.redis_prefix,
        lease_ttl_ms=settings.lease_ttl_ms,
        follow_ms=settings.follow_ms,
    )
    return Cluster(config, store, manager, metrics.registry, settings.max_message_bytes)


async def retention(store: StoreLike, settings: ServerSettings) -> None:
    """Delete finished games older than the retention period, now and then, and then the
    closed rooms that no game names any more."""
    keep_ms = round(settings.finished_game_retention_days * 86_400_000)
    while True:
        before = int(time.time() * 1000) - keep_ms
        try:
            gone = await store.delete_finished_games(before)
            rooms = await store.delete_closed_rooms(before)
        except StoreUnavailable:
            gone = rooms = 0  # tried again at the next sweep
        if gone or rooms:
            log.info("finished games deleted", extra={"games": gone, "rooms": rooms})
        await asyncio.sleep(settings.retention_sweep_seconds)


def serve_client(app: FastAPI, settings: ServerSettings) -> None:
    """The browser client: its files under the tree's version (web/assets.py), and the page
    that names them (web/pages.py). The tree is read once, here, at start."""
    files = ClientFiles.read(settings.static_dir) if settings.static_dir.is_dir() else None
    app.state.pages = pages.Pages(files)
    app.state.worker = worker.Worker(files)
    if files is not None:
        app.router.routes.append(Mount(PREFIX + "/{version}", app=VersionedStatic(files)))
        app.mount("/static", RevalidatedStatic(directory=files.root), name="static")


def create_app(settings: ServerSettings | None = None, clock: Clock | None = None) -> FastAPI:
    settings = settings or ServerSettings()
    clock = clock or SystemClock()

    for spec in settings.extra_games:
        games.load(spec)
    if settings.redis_url and not settings.cluster_secret:
        raise ValueError("LAUNDERMAT_REDIS_URL needs LAUNDERMAT_CLUSTER_SECRET (shared by peers)")
    names = served_names(settings.allowed_hosts, settings.public_url, settings.allowed_origins)
    blocks = Blocklist()  # the operator's (web/admin.py), read by a middleware and the sockets

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await open_store(settings)
        metrics = Metrics()
        limiter = Limiters(settings.redis_url, settings.redis_prefix)  # Redis when configured
        manager = RoomManager(
            store,
            clock,
            room_config(settings),
            metrics,
            idle_close_ms=round(settings.room_idle_close_seconds * 1000),
            finished_close_ms=round(settings.room_finished_close_seconds * 1000),
        )
        cluster = make_cluster(settings, store, manager, metrics) if settings.redis_url else None
        app.state.laundermat = app_state(settings, store, manager, metrics, limiter, cluster, names)
        app.state.laundermat.blocks = blocks
        console = getattr(app.state, "console", None)
        if console is not None:
            attempts = limiter("admin", settings.admin_attempts_per_minute)
            hours = settings.admin_session_hours
            auth = OperatorAuth(console.token, hours * 3600, attempts)
            await console.start(auth, app.state.laundermat)
        background, unwatch_gc = await _start_serving(settings, store, manager, metrics, cluster)
        try:
            yield
        finally:
            if console is not None:
                await console.stop()
            unwatch_gc()
            for task in background:
                task.cancel()
            if cluster is not None:
                await cluster.stop()
            await manager.shutdown()
            await store.close()
            await limiter.close()

    app = SocketFastPath(title="LaunderMat", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.include_router(router)
    app.include_router(replays.router)
    app.include_router(pages.router)
    app.include_router(worker.router)
    admin.enable(app, settings)  # /admin, only with LAUNDERMAT_ADMIN_TOKEN
    app.openapi = lambda: truthful_openapi(app)  # type: ignore[method-assign]
    add_middleware(app, settings, names, blocks)
    # A plain Starlette route: FastAPI's websocket routes solve dependencies (none here)
    # in an exit stack per socket, ~6 KiB a socket (benchmarks/socket_memory.py).
    app.router.routes.append(WebSocketRoute("/ws/{code}", socket_route))
    serve_client(app, settings)
    answer_errors(app)
    return app


def app_state(
    settings: ServerSettings,
    store: StoreLike,
    manager: RoomManager,
    metrics: Metrics,
    limiter: Limiters,
    cluster: Any,
    names: set[str] | None,
) -> AppState:
    return AppState(
        settings=settings,
        store=store,
        manager=manager,
        metrics=metrics,
        create_limiter=limiter("create", settings.room_creations_per_minute),
        join_limiter=limiter("join", settings.join_attempts_per_minute),
        lookup_limiter=limiter("lookup", settings.room_lookups_per_minute),
        lookup_miss_limiter=limiter("lookup_miss", settings.room_lookup_misses_per_minute),
        qr_limiter=limiter("qr", settings.qr_codes_per_minute),
        replay_limiter=limiter("replay", settings.replays_per_minute),
        served_hosts=names,
        admission=Admission(
            open_cap=settings.sockets_per_address,
            per_minute=limiter("socket", settings.sockets_per_minute_per_address),
            address_messages=AddressBuckets(
                settings.messages_per_second_per_address, settings.message_burst_per_address
            ),
            seat_messages=AddressBuckets(settings.messages_per_second, settings.message_burst),
        ),
        cluster=cluster,
    )


async def _start_serving(
    settings: ServerSettings, store: StoreLike, manager: RoomManager, metrics: Metrics, cluster: Any
) -> tuple[list[asyncio.Task[None]], Callable[[], None]]:
    """Rooms restored (or, in a cluster, left to come on demand) and the background tasks
    started; returns those tasks and the call that stops watching GC pauses."""
    if cluster is not None:  # rooms come on demand, by failover, handoff or orphan scan
        await cluster.start()
        restored = 0
    else:
        restored = await manager.restore()
    manager.start_sweeper()
    background = [asyncio.create_task(metrics.watch_loop(), name="loop-lag")]
    if settings.gc_freeze_seconds > 0:
        gc_every = (settings.gc_freeze_seconds, settings.gc_sweep_seconds)
        background.append(asyncio.create_task(steward(*gc_every), name="gc"))
    background.append(asyncio.create_task(retention(store, settings), name="retention"))
    unwatch_gc = watch_pauses(metrics.gc_paused)
    log.info("ready", extra={"restored_rooms": restored})
    return background, unwatch_gc


def add_middleware(
    app: SocketFastPath, settings: ServerSettings, names: set[str] | None, blocks: Blocklist
) -> None:
    """Added innermost first: the last one added sees a request first."""
    secret = settings.cluster_secret if settings.redis_url else None
    if secret:  # inside the body cap: a body is capped before it is forwarded
        from ..cluster import ForwardToOwner, TrustedPeers

        app.add_middleware(ForwardToOwner)
    # Text answers compressed (gzip: Starlette's, streaming-safe, HTTP only; sockets never come
    # here, see SocketFastPath), not those under a packet's size, where it saves nothing.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    # Outermost last: the headers go on the body cap's 413 too.
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(BlockedAddresses, blocks=blocks)  # the operator's blocks: before the body
    app.add_middleware(SecurityHeaders, https=(settings.public_url or "").startswith("https:"))
    if secret:
        app.add_middleware(TrustedPeers, secret=secret)  # outermost: first
        app.trust_peers = TrustedPeers(None, secret=secret).trust
    # Outermost of all: a name this server does not serve gets no further (DNS rebinding).
    app.add_middleware(TrustedHosts, names=names)


def answer_errors(app: FastAPI) -> None:
    """Every error is an ErrorBody with a stable code; no stack trace ever reaches a client."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        request.app.state.laundermat.metrics.error(exc.code)
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return ApiError("bad_message", f"{where}: {first.get('msg', 'invalid')}").response()

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        # A 400 here is a body FastAPI could not even decode (invalid UTF-8, JSON nested too
        # deep): a bad message like any other. The headers carry a 405's `Allow`.
        code = {400: "bad_message", 404: "not_found"}.get(exc.status_code, "bad_request")
        response = ApiError(code, str(exc.detail), exc.status_code).response()
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(StoreUnavailable)
    async def unavailable(request: Request, exc: StoreUnavailable) -> JSONResponse:
        log.warning("database unavailable", extra={"path": request.url.path})
        return ApiError("unavailable").response()

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("request failed", extra={"path": request.url.path})
        return ApiError("internal", status=500).response()
