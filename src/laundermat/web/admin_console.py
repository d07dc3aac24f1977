"""The console's parts (web/admin.py serves its pages, web/admin_actions.py its actions):
the `Console` kept on `app.state.console`, who the operator is (admin_auth.py), the audit
of each action, and how a replica asks its peers (with the same token; a request passed on
is marked with HOP and never passed on again)."""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Annotated, Any

import httpx
from fastapi import Depends, Request

from ..rooms.records import StoreUnavailable
from ..store.audit import AdminAction
from .admin_auth import Operator, OperatorAuth, Refused
from .admin_view import ACTIONS_KEPT, Load, audit_store, replica_name
from .blocks import recall
from .recent import RecentProblems
from .routes import ApiError
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

    async def start(self, auth: OperatorAuth, app: AppState) -> None:
        self.auth = auth
        self.problems.install()
        self.http = httpx.AsyncClient(timeout=PEER_TIMEOUT_S)
        if app.cluster is not None:  # the blocks still running, taken before this started
            await recall(app.cluster, app.blocks)

    async def stop(self) -> None:
        self.problems.remove()
        if self.http is not None:
            await self.http.aclose()

    async def audit(self, app: AppState, who: str, action: str, target: str, **detail: Any) -> None:
        """One log line per action, with who and when; a row in the store's admin_actions
        (shared by every replica, kept across restarts); and this replica's recent list."""
        now_ms = round(time.time() * 1000)
        entry = AdminAction(now_ms, who, replica_name(app), action, target, detail)
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
        """Ask a peer replica (with the shared token): its status and JSON answer, or
        `unavailable` if it does not answer (within PEER_TIMEOUT_S) or answers nonsense."""
        assert self.http is not None
        headers = {
            "authorization": f"Bearer {self.token}",
            "x-operator": who.name,
            HOP: "1",
            FOR: who.address,
        }
        try:
            answer = await self.http.request(method, url + path, headers=headers, json=body)
            return answer.status_code, answer.json()
        except (httpx.HTTPError, ValueError):
            raise ApiError("unavailable", f"The replica at {url} did not answer.") from None


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


async def live_peers(app: Any) -> dict[str, str]:
    """Every other live replica: {id: advertise URL} (none while Redis does not answer)."""
    try:
        live, _ = await app.cluster.leases.live_replicas()
    except Exception:
        log.warning("admin: Redis did not answer; no peer asked")
        return {}
    return {r: url for r, url in live.items() if r != app.cluster.me}
