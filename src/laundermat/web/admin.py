"""The operator's console: `/admin` and `/api/admin/...`, only when LAUNDERMAT_ADMIN_TOKEN
is set (otherwise none of these routes exist: 404 like any unknown path).

Its parts: admin_console.py (the operator, the audit, peers), admin_view.py (one replica's
report), admin_actions.py (what it does), admin_auth.py (who may).

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
import logging
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import orjson
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ..rooms.records import StoreUnavailable
from . import admin_actions
from .admin_auth import COOKIE, Refused, operator_name
from .admin_console import MISSING_PAGE, NO_STORE, Console, Op, console_of, live_peers
from .admin_view import ACTIONS_KEPT, audit_store, local_report
from .routes import ApiError, State, check_origin
from .settings import ServerSettings
from .state import AppState

log = logging.getLogger("laundermat.admin")

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
async def local(request: Request, app: State, who: Op) -> Response:
    """This replica's own report (admin_view.py); the overview gathers every replica's."""
    console = console_of(request)
    report = local_report(app, console.load, console.problems.newest(), console.actions)
    return _json(report)


def _json(data: Any) -> Response:
    """orjson, straight: a report of 500 rooms is ~170 KB, encoded on the rooms' loop."""
    return Response(orjson.dumps(data), media_type="application/json", headers=NO_STORE)


@router.get("/api/admin/overview")
async def overview(request: Request, app: State, who: Op) -> Response:
    console = console_of(request)
    mine = local_report(app, console.load, console.problems.newest(), console.actions)
    reports = [mine]
    replicas = [mine["replica"]]
    if app.cluster is not None:
        peers = await live_peers(app)
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
    return _json(merged)


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


# ------------------------------------------------------------------ wiring


def enable(app: FastAPI, settings: ServerSettings) -> None:
    """The console's routes and state, when a token is set (web/app.py)."""
    if settings.admin_token is None:
        return
    path = Path(settings.static_dir) / "admin.html"
    page = path.read_text(encoding="utf-8") if path.is_file() else MISSING_PAGE
    app.state.console = Console(settings, settings.admin_token.get_secret_value(), page)
    app.include_router(router)
    app.include_router(admin_actions.router)
