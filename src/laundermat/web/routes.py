"""HTTP routes: rooms, history, replays, the protocol schema, health, metrics, the client."""

from __future__ import annotations

import io
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ..engine import Settings, replay, view
from ..rooms import RoomError
from .limits import origin_allowed
from .protocol import (
    CreateRoom,
    ErrorBody,
    GameSummaryBody,
    JoinRoom,
    ReplayBody,
    RoomInfo,
    RoomSettings,
    SeatGranted,
    json_schema,
)
from .state import AppState

router = APIRouter()

STATUS = {
    "room_not_found": 404,
    "not_found": 404,
    "room_full": 409,
    "game_started": 409,
    "name_taken": 409,
    "not_finished": 409,
    "room_closed": 410,
    "origin_not_allowed": 403,
    "too_many_requests": 429,
    "unavailable": 503,
}


class ApiError(Exception):
    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message = code, message
        self.status = status or STATUS.get(code, 400)

    def response(self) -> JSONResponse:
        body = ErrorBody(code=self.code, message=self.message)
        return JSONResponse(body.model_dump(), status_code=self.status)


def get_state(request: Request) -> AppState:
    state: AppState = request.app.state.laundermat
    return state


State = Annotated[AppState, Depends(get_state)]


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _check_origin(request: Request, app: AppState) -> None:
    origin = request.headers.get("origin")
    if not origin_allowed(origin, request.headers.get("host"), app.settings.allowed_origins):
        raise ApiError("origin_not_allowed", "This origin may not use the API.")


@router.post("/api/rooms", response_model=SeatGranted, responses={429: {"model": ErrorBody}})
async def create_room(body: CreateRoom, request: Request, app: State) -> SeatGranted:
    _check_origin(request, app)
    if not app.create_limiter.allow(_address(request)):
        raise ApiError("too_many_requests", "Too many rooms from this address; wait a minute.")
    try:
        room, player_id, token = await app.manager.create(body.name, body.settings.model_dump())
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    return SeatGranted(code=room.code, player_id=player_id, token=token)


@router.post("/api/rooms/{code}/join", response_model=SeatGranted)
async def join_room(code: str, body: JoinRoom, request: Request, app: State) -> SeatGranted:
    _check_origin(request, app)
    if not app.join_limiter.allow(_address(request)):
        raise ApiError("too_many_requests", "Too many join attempts; wait a minute.")
    try:
        room = app.manager.require(code)
        player_id, token = await room.join(body.name)
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    return SeatGranted(code=room.code, player_id=player_id, token=token)


@router.get("/api/rooms/{code}", response_model=RoomInfo)
async def room_info(code: str, app: State) -> dict[str, Any]:
    room = app.manager.get(code)
    if room is None:
        raise ApiError("room_not_found", "There is no live room with that code.")
    return room.info()


@router.get("/api/history", response_model=list[GameSummaryBody])
async def history(app: State, limit: int = 50) -> list[GameSummaryBody]:
    games = await app.store.history(max(1, min(limit, 200)))
    return [
        GameSummaryBody(
            game_id=g.game_id,
            code=g.code,
            game_number=g.game_number,
            player_names=list(g.player_names),
            finished_ms=g.finished_ms,
            winners=list(g.winners),
        )
        for g in games
    ]


@router.get("/api/games/{game_id}/replay", response_model=ReplayBody)
async def game_replay(game_id: int, app: State) -> ReplayBody:
    record = await app.store.game_record(game_id)
    if record is None:
        raise ApiError("not_found", "No such game.")
    if not record.finished:  # a running game's log would leak every hidden card
        raise ApiError("not_finished", "Replays are available once the game has finished.")
    settings = Settings(**record.settings)
    game = replay(record.seed, record.player_ids, settings, record.commands)
    return ReplayBody(
        game_id=record.game_id,
        code=record.code,
        seed=record.seed,
        player_ids=list(record.player_ids),
        names=list(record.names),
        settings=RoomSettings(**record.settings),
        commands=list(record.commands),
        result=record.result,
        final=view(game.state, None),
    )


@router.get("/api/protocol.json")
async def protocol_schema() -> dict[str, Any]:
    return json_schema()


@router.get("/healthz")
async def healthz(app: State) -> dict[str, Any]:
    return {"ok": True, "rooms": len(app.manager.rooms), "connections": app.manager.connections}


@router.get("/metrics")
async def metrics(app: State) -> Response:
    app.metrics.rooms.set(len(app.manager.rooms))
    return Response(generate_latest(app.metrics.registry), media_type=CONTENT_TYPE_LATEST)


def _index(app: AppState) -> Response:
    index = app.settings.static_dir / "index.html"
    if index.is_file():
        return FileResponse(index, media_type="text/html")
    return HTMLResponse("<!doctype html><title>LaunderMat</title><p>The client is not built.</p>")


@router.get("/", include_in_schema=False)
async def index(app: State) -> Response:
    return _index(app)


@router.get("/r/{code}", include_in_schema=False)
async def room_page(code: str, app: State) -> Response:
    return _index(app)


@router.get("/r/{code}/qr.svg", include_in_schema=False)
async def room_qr(code: str, request: Request, app: State) -> Response:
    base = app.settings.public_url or str(request.base_url)
    link = f"{base.rstrip('/')}/r/{code.strip().upper()}"
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
    return Response(buffer.getvalue(), media_type="image/svg+xml")
