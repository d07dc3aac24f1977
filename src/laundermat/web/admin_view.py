"""What one replica tells the operator's console about itself: its rooms, its load, its
recent problems, blocks and actions (web/admin.py gathers every replica's in a cluster).

A room is shown as anyone at its table could see it and less: its code, game, status, the
open window's kind (the phase every seat is told), the players' names with bot, presence
and host flags, the spectator count, its age. No view and no engine state is read, so no
hand, choice or seed can reach the console.
"""

from __future__ import annotations

import os
import resource
import socket
import time
from collections import deque
from typing import Any, Protocol, runtime_checkable

from ..rooms.room import Room
from ..store.audit import AdminAction
from .state import AppState

ACTIONS_KEPT = 50


@runtime_checkable
class AuditStore(Protocol):
    """A store that keeps the operator's actions (the SQL store, the memory store); not the
    rooms' port (rooms/records.py): rooms never write these."""

    async def record_admin_action(self, entry: AdminAction) -> None: ...

    async def admin_actions(self, limit: int = 50) -> list[AdminAction]: ...


def audit_store(store: object) -> AuditStore | None:
    return store if isinstance(store, AuditStore) else None


def replica_name(app: AppState) -> str:
    """This replica's id: the cluster's, or the one a single process would be given."""
    if app.cluster is not None:
        return str(app.cluster.me)
    return app.settings.replica_id or f"{socket.gethostname()}-{os.getpid()}"


def room_entry(room: Room, now_ms: int, replica: str) -> dict[str, Any]:
    lobby = room.lobby
    match = room.play.match
    window = match.window() if match is not None and not match.over() else None
    return {
        "code": room.code,
        "game": room.definition.name,
        "status": str(lobby.status),
        "phase": window.kind if window is not None else None,
        "players": [
            {
                "name": m.name,
                "bot": m.bot,
                "host": m.player_id == lobby.host,
                "connected": m.connected or m.bot,
                "away": m.away,
            }
            for m in lobby.members
        ],
        "spectators": len(room.views.spectators),
        "age_s": max(0, (now_ms - lobby.created_ms) // 1000),
        "idle_s": max(0, (now_ms - room.last_activity_ms) // 1000),
        "replica": replica,
    }


class Load:
    """CPU use since the previous look (the console polls), and the process's totals."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self._last = (self.started, _cpu_seconds())

    def read(self) -> dict[str, Any]:
        now, cpu = time.monotonic(), _cpu_seconds()
        then, cpu_then = self._last
        percent = None if now - then < 0.5 else round(100 * (cpu - cpu_then) / (now - then), 1)
        if percent is not None:
            self._last = (now, cpu)
        peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return {
            "cpu_percent": percent,
            "cpu_seconds": round(cpu, 1),
            "uptime_s": round(now - self.started),
            "peak_rss_mib": round(peak_kib / 1024, 1),
        }


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def error_counts(app: AppState) -> dict[str, int]:
    """Errors sent to clients since start, by code (the `laundermat_errors_total` counter)."""
    counts: dict[str, int] = {}
    for metric in app.metrics.errors.collect():
        for sample in metric.samples:
            if sample.name.endswith("_total") and sample.value:
                counts[sample.labels["code"]] = int(sample.value)
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def local_report(
    app: AppState, load: Load, problems: list[dict[str, Any]], actions: deque[dict[str, Any]]
) -> dict[str, Any]:
    """This replica, whole: what /api/admin/local answers and the overview merges."""
    me = replica_name(app)
    now_ms = app.manager.clock.now_ms()
    rooms = [room_entry(r, now_ms, me) for r in list(app.manager.rooms.values())]
    rooms.sort(key=lambda r: (r["status"], -r["age_s"]))
    cluster = app.cluster
    now = time.time()
    return {
        "replica": {
            "id": me,
            "url": None if cluster is None else cluster.config.advertise_url,
            "draining": app.draining,
            "rooms": len(rooms),
            "playing": sum(1 for r in rooms if r["status"] == "playing"),
            "sockets": len(app.connections),
            "relayed_sockets": 0 if cluster is None else len(cluster.relays),
            "players_connected": app.manager.connections,
            **load.read(),
        },
        "rooms": rooms,
        "problems": problems,
        "error_counts": error_counts(app),
        "blocks": [b.to_dict(now) for b in app.blocks.current()],
        "actions": list(reversed(actions)),
    }
