"""HTTP routes: rooms, history, replays, the protocol schema, health, metrics (the pages the
client runs in: web/pages.py)."""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .. import games
from ..rooms import RoomError
from ..rooms.members import CODE_ALPHABET, CODE_LENGTH, normalize_code
from .bodies import CreateRoom, JoinRoom
from .limits import address_allowed, limit_key, origin_allowed
from .protocol import (
    SERVER_ERROR_CODES,
    ErrorBody,
    GameSummaryBody,
    RoomInfo,
    SeatGranted,
    json_schema,
)
from .state import AppState
from .summaries import summaries

router = APIRouter()
NO_STORE = "no-store"  # an answer carrying a seat token is kept by no cache (ASVS 8.2.1)

STATUS = {
    "room_not_found": 404,
    "not_found": 404,
    "room_full": 409,
    "game_started": 409,
    "name_taken": 409,
    "not_finished": 409,
    "room_closed": 410,
    "origin_not_allowed": 403,
    "barred": 403,
    "forbidden": 403,
    "blocked": 403,
    "unauthorized": 401,
    "too_many_requests": 429,
    "unavailable": 503,
    "draining": 503,
}


class ApiError(Exception):
    """An HTTP error answer; its sentence is the code's own (protocol.py) unless given."""

    def __init__(self, code: str, message: str | None = None, status: int | None = None) -> None:
        message = message or SERVER_ERROR_CODES.get(code, code)
        super().__init__(message)
        self.code, self.message = code, message
        self.status = status or STATUS.get(code, 400)

    def response(self) -> JSONResponse:
        body = ErrorBody(code=self.code, message=self.message)
        return JSONResponse(body.model_dump(), status_code=self.status)


# What each error status means on the routes that answer it; every body is an ErrorBody.
ERROR_STATUS = {
    400: "bad_message: a parameter or the body does not match this document; bad_host: the "
    "request named a host this server does not serve (LAUNDERMAT_ALLOWED_HOSTS).",
    403: "origin_not_allowed: a browser on another site sent this request; forbidden: this "
    "address may not read the route (`/metrics`); barred (a join): the host removed a player "
    "of that name, or from that browser (`device`), and has not let them back in.",
    404: "room_not_found (or not_found for a game): nothing live has that code or id.",
    409: "room_full, game_started, name_taken, or not_finished for a replay.",
    410: "room_closed: the room closed while the request waited.",
    413: "too_big: the body is larger than max_body_bytes (any route; the body is not read).",
    429: "too_many_requests: this address is over its per-minute limit.",
    503: "unavailable: the database is not answering; nothing was changed. Try again.",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for these statuses, and 400 (bad_host) and 413 (too_big), which
    every route can answer before it runs (web/hosts.py, the body limit)."""
    every = {*statuses, 400, 413}
    return {s: {"model": ErrorBody, "description": ERROR_STATUS[s]} for s in sorted(every)}


# games.id is a 32-bit Integer column: a larger id can name no game, and above int64 the
# database driver itself fails (it used to answer 500).
GAME_ID_MAX = 2**31 - 1
GameId = Annotated[int, Path(ge=1, le=GAME_ID_MAX, description="A finished game's id.")]
# Codes are checked by room_code() (a malformed code is a room that does not exist, 404,
# which the client explains); the pattern is documentation and guides fuzzers.
LOWER = "".join(c.lower() for c in CODE_ALPHABET if c.isalpha())
CODE_PATTERN = f"^[{CODE_ALPHABET}{LOWER}]{{{CODE_LENGTH}}}$"
Code = Annotated[
    str,
    Path(
        description=f"A room code: {CODE_LENGTH} characters of {CODE_ALPHABET}, in any case.",
        json_schema_extra={"pattern": CODE_PATTERN},
    ),
]


def room_code(code: str) -> str:
    """The normalized code, or room_not_found for anything that cannot be a code."""
    # Surrounding spaces were always forgiven; a long "code" is cut before any work on it.
    code = normalize_code(code[: CODE_LENGTH + 8])
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise ApiError("room_not_found")
    return code


def get_state(request: Request) -> AppState:
    state: AppState = request.app.state.laundermat
    return state


State = Annotated[AppState, Depends(get_state)]


def client_address(request: Request) -> str:
    """The key the per-address limits count this request under (limits.limit_key)."""
    return limit_key(request.client.host) if request.client else "?"


def check_origin(request: Request, app: AppState) -> None:
    origin = request.headers.get("origin")
    if not origin_allowed(origin, request.headers.get("host"), app.settings.allowed_origins):
        raise ApiError("origin_not_allowed", "This origin may not use the API.")


@router.post("/api/rooms", response_model=SeatGranted, responses=errors(400, 403, 429, 503))
async def create_room(
    body: CreateRoom, request: Request, response: Response, app: State
) -> SeatGranted:
    check_origin(request, app)
    response.headers["cache-control"] = NO_STORE
    if app.draining:
        raise ApiError("draining")
    if not await app.create_limiter.allow(client_address(request)):
        raise ApiError("too_many_requests", "Too many rooms from this address; wait a minute.")
    try:
        room, player_id, token = await app.manager.create(
            body.name, body.settings, body.game, body.device, body.learn
        )
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    return SeatGranted(code=room.code, player_id=player_id, token=token)


@router.post(
    "/api/rooms/{code}/join",
    response_model=SeatGranted,
    responses=errors(400, 403, 404, 409, 410, 429, 503),
)
async def join_room(
    code: Code, body: JoinRoom, request: Request, response: Response, app: State
) -> SeatGranted:
    check_origin(request, app)
    response.headers["cache-control"] = NO_STORE
    if not await app.join_limiter.allow(client_address(request)):
        raise ApiError("too_many_requests", "Too many join attempts; wait a minute.")
    try:
        room = app.manager.require(room_code(code))
        player_id, token = await room.join(body.name, body.join_key, body.device)
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    return SeatGranted(code=room.code, player_id=player_id, token=token)


@router.get("/api/rooms/{code}", response_model=RoomInfo, responses=errors(404, 429))
async def room_info(code: Code, request: Request, app: State) -> dict[str, Any]:
    # Guessing live codes means many misses: an address over the miss limit gets 429 for
    # every lookup, hits included (a 200/429 split would still say which codes are live).
    address = client_address(request)
    if await app.lookup_miss_limiter.blocked(address) or not await app.lookup_limiter.allow(
        address
    ):
        raise ApiError("too_many_requests", "Too many room lookups; wait a minute.")
    try:
        room = app.manager.require(room_code(code))
    except (ApiError, RoomError):
        await app.lookup_miss_limiter.allow(address)  # counts the miss
        raise ApiError("room_not_found") from None
    return room.info()


@router.get("/api/history", response_model=list[GameSummaryBody], responses=errors(400, 503))
async def history(
    app: State, limit: Annotated[int, Query(ge=1, le=200, description="At most 200.")] = 50
) -> list[GameSummaryBody]:
    return await summaries(await app.store.history(limit))


@router.get("/api/catalog", responses=errors())
async def catalog(app: State) -> dict[str, Any]:
    """The games this server hosts: names, player counts, each setting's choices and the
    game's public rules; and how long finished games are kept."""
    return {
        **games.catalog().to_dict(),
        "retention_days": app.settings.finished_game_retention_days,
    }


@router.get("/api/protocol.json", responses=errors())
async def protocol_schema() -> dict[str, Any]:
    return json_schema()


@router.get("/healthz", responses=errors(503))
async def healthz(app: State) -> dict[str, Any]:
    """Healthy only when the database answers: while no command can be saved, the compose
    healthcheck must not call the app healthy."""
    if not await app.database_answers():
        raise ApiError("unavailable", "The database is not answering.")
    return {"ok": True, "rooms": len(app.manager.rooms), "connections": app.manager.connections}


@router.get(
    "/metrics",
    responses={
        **errors(403),
        200: {"content": {CONTENT_TYPE_LATEST: {"schema": {"type": "string"}}}},
    },
)
async def metrics(app: State, request: Request) -> Response:
    # The operator's: the counters move with each command, a seat's secret change of its
    # draft choice included, which its socket keeps from everyone else (DRAFT-2, GFILL-2).
    client = request.client.host if request.client else None
    if not address_allowed(client, app.settings.metrics_allow_ips):
        raise ApiError("forbidden", "Metrics are served to the operator's addresses only.")
    app.metrics.rooms.set(len(app.manager.rooms))
    return Response(generate_latest(app.metrics.registry), media_type=CONTENT_TYPE_LATEST)


@router.get("/r/{code}/qr.svg", include_in_schema=False)
async def room_qr(code: str, request: Request, app: State) -> Response:
    if not await app.qr_limiter.allow(client_address(request)):
        raise ApiError("too_many_requests", "Too many QR codes; wait a minute.")
    code = room_code(code)  # before rendering: a 2,000-character code made a huge QR
    base = app.settings.public_url or str(request.base_url)
    link = f"{base.rstrip('/')}/r/{code}"
    if len(link) > QR_MAX_LINK:  # only a forged Host header makes a base this long
        raise ApiError("bad_message", "The host name is too long for a QR code.")
    # A miss renders in a worker thread so a slow render never stalls the sockets' loop.
    svg = await asyncio.to_thread(qr_svg, link)
    return Response(
        svg, media_type="image/svg+xml", headers={"cache-control": "private, max-age=600"}
    )


QR_MAX_LINK = 300


@functools.lru_cache(maxsize=256)
def qr_svg(link: str) -> bytes:
    """The QR for a link never changes: rendered once, then served from this small LRU."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
    return buffer.getvalue()
