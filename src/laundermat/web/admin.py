"""The operator's console: `/admin` and `/api/admin/...`, only when LAUNDERMAT_ADMIN_TOKEN
is set (otherwise none of these routes exist: 404 like any unknown path).

What it shows (admin_view.py): live rooms (code, game, players and bots, phase, age, owning
replica), the replicas with their load, recent problems and error counts, blocks, actions.
What it does: close a room with a message to its players, drain a replica, block an address
for a while. Each action is logged (`admin action`, with who, what and when) and kept in the
recent actions shown on the page. Who may: admin_auth.py.

In a cluster any replica answers: the overview asks every live peer for its own report
(`GET /api/admin/local`, with the same token), and an action on a peer's room or on a peer
is passed to that peer (one hop, marked so it is never passed on again).
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import logging
import time
import unicodedata
from collections import deque
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs

import httpx
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import Field

from ..rooms.close_codes import CloseCode
from ..rooms.records import StoreUnavailable
from ..store.audit import AdminAction
from .admin_auth import COOKIE, Operator, OperatorAuth, Refused, operator_name
from .admin_view import ACTIONS_KEPT, Load, audit_store, local_report, replica_name
from .bodies import Input
from .limits import limit_key
from .recent import RecentProblems
from .routes import ApiError, State, check_origin, room_code
from .settings import ServerSettings
from .state import AppState

log = logging.getLogger("laundermat.admin")

HOP = "x-laundermat-admin-hop"  # an action a peer passed on: never passed on again
FOR = "x-laundermat-admin-for"  # the address the operator came to that peer from
PEER_TIMEOUT_S = 3.0
NO_STORE = {"cache-control": "no-store"}
MISSING_PAGE = "<!doctype html><title>LaunderMat console</title><p>static/admin.html is missing."


class Console:
    """The console's parts, kept on `app.state.console`."""

    def __init__(self, settings: ServerSettings, token: str, page: str) -> None:
        self.settings = settings
        self.token = token
        self.page = page
        self.auth: OperatorAuth | None = None  # at start: its limiter may live in Redis
        self.load = Load()
        self.problems = RecentProblems()
        self.actions: deque[dict[str, Any]] = deque(maxlen=ACTIONS_KEPT)
        self.http: httpx.AsyncClient | None = None

    def start(self, auth: OperatorAuth) -> None:
        self.auth = auth
        self.problems.install()
        self.http = httpx.AsyncClient(timeout=PEER_TIMEOUT_S)

    async def stop(self) -> None:
        self.problems.remove()
        if self.http is not None:
            await self.http.aclose()

    async def audit(self, app: AppState, who: str, action: str, target: str, **detail: Any) -> None:
        """One log line per action, with who and when; a row in the store's admin_actions
        (shared by every replica, kept across restarts); and this replica's recent list."""
        entry = AdminAction(round(time.time() * 1000), who, replica_name(app), action, target)
        entry = dataclasses.replace(entry, detail=detail)
        self.actions.append(entry.to_dict())
        log.info("admin action", extra={k: v for k, v in entry.to_dict().items() if k != "ts"})
        store = audit_store(app.store)
        try:
            if store is not None:
                await store.record_admin_action(entry)
        except StoreUnavailable:  # the log line and the page still have it
            log.warning("admin action not stored: the database did not answer")

    async def peer(
        self, url: str, method: str, path: str, who: Operator, body: Any = None
    ) -> tuple[int, Any]:
        """Ask a peer replica (with the shared token): its status and JSON answer."""
        assert self.http is not None
        headers = {
            "authorization": f"Bearer {self.token}",
            "x-operator": who.name,
            HOP: "1",
            FOR: who.address,
        }
        answer = await self.http.request(method, url + path, headers=headers, json=body)
        return answer.status_code, answer.json()


def console_of(request: Request) -> Console:
    console: Console = request.app.state.console
    return console


async def operator(request: Request) -> Operator:
    console = console_of(request)
    assert console.auth is not None
    try:
        found = await console.auth.operator(request)
    except Refused as exc:
        raise ApiError(exc.code, status=401 if exc.code == "unauthorized" else None) from None
    if request.headers.get(HOP):  # a peer passing the operator's action on
        found = Operator(found.name, request.headers.get(FOR, found.address)[:64])
    return found


Op = Annotated[Operator, Depends(operator)]
router = APIRouter(include_in_schema=False)


# ------------------------------------------------------------------ the page and its login


@router.get("/admin")
async def page(request: Request) -> Response:
    return HTMLResponse(console_of(request).page, headers=NO_STORE)


@router.post("/admin/login")
async def login(request: Request, app: State) -> Response:
    """The login form (application/x-www-form-urlencoded: `token`, optional `name`): a
    session cookie and back to /admin, or an ErrorBody (401 unauthorized, 429)."""
    check_origin(request, app)
    console = console_of(request)
    assert console.auth is not None
    try:
        form = parse_qs((await request.body()).decode("utf-8", "replace"), max_num_fields=4)
    except ValueError:
        raise ApiError("bad_message", "The form has more fields than token and name.") from None
    address = request.client.host if request.client else "?"
    try:
        await console.auth.check_token(form.get("token", [""])[0], address)
    except Refused as exc:
        raise ApiError(exc.code, status=401 if exc.code == "unauthorized" else None) from None
    name = operator_name(form.get("name", [""])[0])
    response = RedirectResponse("/admin", status_code=303, headers=NO_STORE)
    response.set_cookie(
        COOKIE,
        console.auth.cookie(name),
        max_age=round(console.auth.session_s),
        httponly=True,
        samesite="strict",
        secure=_https(request, app.settings),
        path="/",
    )
    await console.audit(app, f"{name}@{address}", "login", "console")
    return response


@router.post("/admin/logout")
async def logout(request: Request, app: State) -> Response:
    check_origin(request, app)
    response = RedirectResponse("/admin", status_code=303, headers=NO_STORE)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
    return response


@router.get("/api/admin/session")
async def session(request: Request) -> JSONResponse:
    """Whether this browser's cookie is a valid session: `{"operator": name or null}`, never
    an error (the page asks before it draws, and a 401 would be a console error)."""
    auth = console_of(request).auth
    assert auth is not None
    name = auth.cookie_name(request.cookies.get(COOKIE, ""))
    return JSONResponse({"operator": name}, headers=NO_STORE)


def _https(request: Request, settings: ServerSettings) -> bool:
    """Behind https (the request's scheme, as a trusted proxy reports it, or the public
    URL's): the cookie is then never sent over plain http."""
    public = (settings.public_url or "").startswith("https:")
    return request.url.scheme == "https" or public


# ------------------------------------------------------------------ what it shows


@router.get("/api/admin/local")
async def local(request: Request, app: State, who: Op) -> dict[str, Any]:
    """This replica's own report (admin_view.py); the overview gathers every replica's."""
    console = console_of(request)
    return local_report(app, console.load, console.problems.newest(), console.actions)


@router.get("/api/admin/overview")
async def overview(request: Request, app: State, who: Op) -> JSONResponse:
    console = console_of(request)
    mine = local_report(app, console.load, console.problems.newest(), console.actions)
    reports = [mine]
    replicas = [mine["replica"]]
    if app.cluster is not None:
        peers = await _live_peers(app)
        answers = await asyncio.gather(
            *(console.peer(url, "GET", "/api/admin/local", who) for url in peers.values()),
            return_exceptions=True,
        )
        for (peer_id, url), answer in zip(peers.items(), answers, strict=True):
            if isinstance(answer, BaseException) or answer[0] != 200:
                replicas.append({"id": peer_id, "url": url, "unreachable": True})
                continue
            reports.append(answer[1])
            replicas.append(answer[1]["replica"])
    merged = _merged(mine["replica"]["id"], replicas, reports)
    stored = await _stored_actions(app)
    if stored is not None:  # every replica's, and from before this one started
        merged["actions"] = stored
    return JSONResponse(merged, headers=NO_STORE)


async def _stored_actions(app: AppState) -> list[dict[str, Any]] | None:
    store = audit_store(app.store)
    if store is None:
        return None
    try:
        return [a.to_dict() for a in await store.admin_actions(ACTIONS_KEPT)]
    except StoreUnavailable:
        return None


def _merged(me: str, replicas: list[Any], reports: list[dict[str, Any]]) -> dict[str, Any]:
    def every(key: str) -> list[Any]:
        return [{**item, "replica": r["replica"]["id"]} for r in reports for item in r[key]]

    return {
        "me": me,
        "replicas": replicas,
        "rooms": [room for report in reports for room in report["rooms"]],
        "problems": sorted(every("problems"), key=lambda p: -p["ts"])[:ACTIONS_KEPT],
        "error_counts": {r["replica"]["id"]: r["error_counts"] for r in reports},
        "blocks": reports[0]["blocks"],
        "actions": sorted(every("actions"), key=lambda a: -a["ts"])[:ACTIONS_KEPT],
    }


async def _live_peers(app: Any) -> dict[str, str]:
    """Every other live replica: {id: advertise URL} (none while Redis does not answer)."""
    try:
        live, _ = await app.cluster.leases.live_replicas()
    except Exception:
        log.warning("admin: Redis did not answer; showing this replica only")
        return {}
    return {r: url for r, url in live.items() if r != app.cluster.me}


# ------------------------------------------------------------------ what it does


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
    if app.cluster is None or request.headers.get(HOP):
        raise ApiError("room_not_found")
    try:
        owner = await app.cluster.leases.owner(code)
        url = None if owner is None else await app.cluster.leases.url_of(owner)
    except Exception:
        raise ApiError("unavailable", "Redis did not answer; try again.") from None
    if url is None:
        raise ApiError("room_not_found")
    status, answer = await console_of(request).peer(url, "POST", request.url.path, who, body)
    return JSONResponse(answer, status_code=status)


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
        url = (await _live_peers(app)).get(replica)
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
    peers = await _live_peers(app)
    answers = await asyncio.gather(
        *(console.peer(url, "POST", "/api/admin/blocks", who, body) for url in peers.values()),
        return_exceptions=True,
    )
    return [
        peer_id
        for peer_id, answer in zip(peers, answers, strict=True)
        if not isinstance(answer, BaseException) and answer[0] == 200
    ]


# ------------------------------------------------------------------ wiring


def enable(app: FastAPI, settings: ServerSettings) -> None:
    """The console's routes and state, when a token is set (web/app.py)."""
    if settings.admin_token is None:
        return
    path = Path(settings.static_dir) / "admin.html"
    page = path.read_text(encoding="utf-8") if path.is_file() else MISSING_PAGE
    app.state.console = Console(settings, settings.admin_token.get_secret_value(), page)
    app.include_router(router)
