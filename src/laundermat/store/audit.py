"""The operator's actions, stored (table admin_actions, migration 0009): what the console
(web/admin.py) shows as its recent actions, from every replica and across restarts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from .tables import admin_actions


@dataclass(frozen=True)
class AdminAction:
    at_ms: int
    who: str
    replica: str
    action: str
    target: str
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """As the console shows an action: `ts` in seconds, the details beside the rest."""
        head = {"ts": self.at_ms / 1000, "who": self.who, "replica": self.replica}
        return head | {"action": self.action, "target": self.target, **self.detail}


async def record(conn: AsyncConnection, entry: AdminAction) -> None:
    await conn.execute(
        insert(admin_actions).values(
            at_ms=entry.at_ms,
            who=entry.who[:120],
            replica=entry.replica[:128],
            action=entry.action[:16],
            target=entry.target[:128],
            detail=entry.detail,
        )
    )


async def newest(conn: AsyncConnection, limit: int) -> list[AdminAction]:
    rows = await conn.execute(
        select(admin_actions)
        .order_by(admin_actions.c.at_ms.desc(), admin_actions.c.id.desc())
        .limit(limit)
    )
    return [
        AdminAction(r.at_ms, r.who, r.replica, r.action, r.target, dict(r.detail or {}))
        for r in rows
    ]
