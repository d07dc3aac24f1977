"""One simulated player's socket in the capacity run, and the view it holds.

Views are decoded only when the table needs one (to decide a command): a whole view is kept
as its bytes, and the patches after it (docs/protocol.md, "Deltas") likewise until then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson

from laundermat.games.patch import apply

from ..wsclient import WsClient

if TYPE_CHECKING:
    from .tables import Table


class Seat:
    __slots__ = (
        "doc",
        "index",
        "name",
        "patches",
        "player_id",
        "raw",
        "recent",
        "table",
        "token",
        "version",
        "ws",
    )

    def __init__(self, table: Table, index: int, token: str) -> None:
        self.table = table
        self.index = index
        self.token = token
        self.name = f"b{index}"
        self.player_id: str | None = None
        self.ws: WsClient | None = None
        self.raw: bytes | None = None  # the latest whole view, decoded only when needed
        self.patches: list[bytes] = []  # patches since (docs/protocol.md "Deltas"), likewise
        self.doc: dict[str, Any] | None = None  # `raw` decoded, patched up to `version`
        self.version = 0
        self.recent: list[tuple[int, float]] = []  # (version, arrival) of recent views

    def current(self) -> dict[str, Any]:
        """The latest view: decoded, and patched, only now that it is needed."""
        if self.doc is None:
            self.doc = orjson.loads(self.raw or b"{}")
        for raw in self.patches:
            patch = orjson.loads(raw)
            self.doc = apply(self.doc, patch["ops"])
            self.doc.update(version=patch["version"], server_time=patch["server_time"])
        self.patches.clear()
        return self.doc
