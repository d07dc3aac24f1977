"""The operator's actions, stored (store/audit.py, migration 0009; web/admin.py writes them):
newest first, details kept as given, across a reopen, in every store."""

from __future__ import annotations

import asyncio
from typing import Any

from laundermat.store.audit import AdminAction

from .conftest import open_store


def test_admin_actions_are_kept_newest_first_across_a_reopen(store_target: Any) -> None:
    close = AdminAction(1_000, "ada@10.0.0.5", "r1", "close", "ABCDE", {"notice": "Bye, all"})
    block = AdminAction(2_000, "ada@10.0.0.5", "r2", "block", "203.0.113.9", {"minutes": 5})

    async def go() -> None:
        store: Any = await open_store(store_target)
        try:
            await store.record_admin_action(close)
            await store.record_admin_action(block)
        finally:
            await store.close()
        store = await open_store(store_target)
        try:
            assert await store.admin_actions() == [block, close]
            assert await store.admin_actions(limit=1) == [block]
        finally:
            await store.close()
        assert block.to_dict() == {
            "ts": 2.0,
            "who": "ada@10.0.0.5",
            "replica": "r2",
            "action": "block",
            "target": "203.0.113.9",
            "minutes": 5,
        }

    asyncio.run(go())
