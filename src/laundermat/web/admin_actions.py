"""The console's actions (web/admin.py): close a room with a message to its players, drain
a replica, block an address for a while. Each is audited (admin_console.py) where it is
done; in a cluster an action on a peer's room or on a peer is passed to that peer, and a
block to every live peer."""

from __future__ import annotations

import asyncio
import ipaddress
import unicodedata
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from ..rooms.close_codes import CloseCode
from . import blocks
from .admin_auth import Operator
from .admin_console import HOP, Op, console_of, live_peers
from .admin_view import replica_name
from .bodies import Input
from .limits import limit_key
from .routes import ApiError, State, check_origin, room_code

router = APIRouter(include_in_schema=False)


class CloseRoom(Input):
    message: str = Field(min_length=1, max_length=300)


class BlockAddress(Input):
    address: str = Field(min_length=1, max_length=64)
    minutes: int = Field(ge=0, le=7 * 24 * 60)  # 0 lifts the block
    reason: str = Field(default="", max_length=200)


def _sentence(text: str, field: str) -> str:
    text = text.strip()
    if not text or any(unicodedata.category(c)[0] == "C" for c in text):
        raise ApiError("bad_message", f"{field}: visible characters only, on one line.")
    return text


@router.post("/api/admin/rooms/{code}/close")
async def close_room(
    code: str, body: CloseRoom, request: Request, app: State, who: Op
) -> JSONResponse:
    """Close a live room: its players are told `room_closed` with this message, and their
    sockets close 4004 (docs/protocol.md). Passed to the owner in a cluster."""
    check_origin(request, app)
    code, message = room_code(code), _sentence(body.message, "message")
    room = app.manager.get(code)
    if room is None:
        return await _on_owner(request, app, code, who, {"message": message})
    await app.manager.close(room, notice=message)
    me = replica_name(app)
    await console_of(request).audit(app, who.who, "close", code, notice=message)
    return JSONResponse({"closed": code, "replica": me})


async def _on_owner(
    request: Request, app: Any, code: str, who: Operator, body: dict[str, Any]
) -> JSONResponse:
    """Cluster mode: the action passed to the room's owner, and once more to its new owner
    if it moved meanwhile (a handover, a lobby following its sockets: docs/scaling.md)."""
    if app.cluster is None or request.headers.get(HOP):
        raise ApiError("room_not_found")
    tried: set[str] = set()
    status, answer = 404, None
    for _ in range(2):
        url = await _owner_url(app, code)
        if url is None or url in tried:
            break
        tried.add(url)
        status, answer = await console_of(request).peer(url, "POST", request.url.path, who, body)
        if status != 404:
            break
    if answer is None:
        raise ApiError("room_not_found")
    return JSONResponse(answer, status_code=status)


async def _owner_url(app: Any, code: str) -> str | None:
    try:
        owner = await app.cluster.leases.owner(code)
        return None if owner is None else await app.cluster.leases.url_of(owner)
    except Exception:
        raise ApiError("unavailable", "Redis did not answer; try again.") from None


@router.post("/api/admin/replicas/{replica}/drain")
async def drain(replica: str, request: Request, app: State, who: Op) -> JSONResponse:
    """Drain a replica: it takes no new rooms (`draining`, 503); in a cluster it also hands
    every room it owns to its peers and leaves the cluster (as on SIGTERM) but keeps
    serving, so it can be stopped or restarted without a player noticing. `self`: this one."""
    check_origin(request, app)
    me = replica_name(app)
    if replica not in (me, "self"):
        return await _on_replica(request, app, replica, who)
    rooms = len(app.manager.rooms)
    if not app.draining:
        app.draining = True
        if app.cluster is not None:
            await app.cluster.drain()
    await console_of(request).audit(app, who.who, "drain", me, rooms=rooms)
    return JSONResponse({"drained": me, "rooms_handed_over": rooms if app.cluster else 0})


async def _on_replica(request: Request, app: Any, replica: str, who: Operator) -> JSONResponse:
    url = None
    if app.cluster is not None and not request.headers.get(HOP):
        url = (await live_peers(app)).get(replica)
    if url is None:
        raise ApiError("not_found", "No live replica has that id.")
    status, answer = await console_of(request).peer(url, "POST", request.url.path, who)
    return JSONResponse(answer, status_code=status)


@router.post("/api/admin/blocks")
async def block(body: BlockAddress, request: Request, app: State, who: Op) -> JSONResponse:
    """Block an address (its IPv6 /64) for `minutes` (0 lifts it): its requests answer 403
    `blocked`, its socket handshakes are refused and its open sockets closed (1008). In a
    cluster every live replica is told."""
    check_origin(request, app)
    try:
        address = limit_key(str(ipaddress.ip_address(body.address.strip())))
    except ValueError:
        raise ApiError("bad_message", "address: an IPv4 or IPv6 address.") from None
    reason = _sentence(body.reason, "reason") if body.reason.strip() else ""
    placed = app.blocks.add(address, body.minutes * 60, reason, who.who)
    closed = _close_sockets_of(app, address) if placed else 0
    answer: dict[str, Any] = {"address": address, "minutes": body.minutes, "sockets_closed": closed}
    if request.headers.get(HOP):
        return JSONResponse(answer)
    told = [replica_name(app)]
    if app.cluster is not None:
        await blocks.remember(app.cluster, address, placed)
        told += await _tell_peers(request, app, who, body.model_dump() | {"address": address})
    answer["replicas"] = told
    action = "block" if placed else "unblock"
    detail = {"minutes": body.minutes, "reason": reason} if placed else {}
    await console_of(request).audit(app, who.who, action, address, **detail)
    return JSONResponse(answer)


def _close_sockets_of(app: Any, address: str) -> int:
    closed = 0
    for conn in list(app.connections):
        client = conn.ws.client
        if client is not None and limit_key(client.host) == address:
            conn.close(CloseCode.POLICY, "blocked")
            closed += 1
    return closed


async def _tell_peers(request: Request, app: Any, who: Operator, body: Any) -> list[str]:
    console = console_of(request)
    peers = await live_peers(app)
    answers = await asyncio.gather(
        *(console.peer(url, "POST", "/api/admin/blocks", who, body) for url in peers.values()),
        return_exceptions=True,
    )
    return [
        peer_id
        for peer_id, answer in zip(peers, answers, strict=True)
        if not isinstance(answer, BaseException) and answer[0] == 200
    ]
