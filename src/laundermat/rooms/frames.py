"""One change's messages (publish.py): each encoding made at most once and shared by the
viewers that need it. A command's sender that takes inline acks gets its ack as a last field
of its own frame (`ack`), added to the bytes built for it, so nothing shared is re-encoded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from ..games.patch import Op
from ..games.view_parts import NotAnOverlay, Private, SplitViews, compose
from .deltas import Held


def view_head(version: int, server_time: int, room: dict[str, Any], deadline: int | None) -> bytes:
    """Everything of a view but its game: the bytes up to `"game":`."""
    head = orjson.dumps(
        {
            "type": "view",
            "version": version,
            "server_time": server_time,
            "deadline": deadline,
            "room": room,
        }
    )
    return head[:-1] + b',"game":'


class Frame:
    """The views and patches of one change: `version`, patched from `patch_from`."""

    def __init__(
        self,
        now: Held,
        split: SplitViews | None,
        public: dict[str, Any] | None,
        log_from: int,
        version: int,
        patch_from: int,
        now_ms: Callable[[], int],
    ) -> None:
        self.now, self.split = now, split
        self.public = {log_from: public}
        self.log_from = log_from
        self.version, self.patch_from, self.now_ms = version, patch_from, now_ms
        self._head: bytes | None = None
        self._prefix: bytes | None = None
        self._whole: dict[tuple[int | None, int], bytes] = {}
        self._private: dict[int, Private | None] = {}

    def private(self, seat: int | None) -> Private | None:
        """That seat's private part (None for a spectator, or a seat that sees less)."""
        if seat is None or self.split is None:
            return None
        if seat not in self._private:
            try:
                self._private[seat] = self.split.private_view(seat, self.log_from)
            except NotAnOverlay:
                self._private[seat] = None
        return self._private[seat]

    def whole(self, seat: int | None, log_from: int, ack: bytes = b"") -> bytes:
        """A whole view for `seat` (None: a spectator's), its log from `log_from`; `ack`: the
        sender's inline ack (wire.ack_field), added before the closing brace."""
        key = (seat, log_from)
        data = self._whole.get(key)
        if data is None:
            if self._head is None:
                assert self.now.room is not None
                self._head = view_head(
                    self.version, self.now_ms(), self.now.room, self.now.deadline
                )
            game = b"null" if self.split is None else orjson.dumps(self._game(seat, log_from))
            if seat is not None:  # a seat's is sent once: built with its ack, never kept
                return b"".join((self._head, game, ack, b"}"))
            # Shared by the viewers the game does not seat (spectators; everyone in the lobby)
            data = self._whole[key] = self._head + game + b"}"
        return data[:-1] + ack + b"}" if ack else data

    def _game(self, seat: int | None, log_from: int) -> Any:
        assert self.split is not None
        public = self.public.get(log_from)
        if public is None:
            public = self.public[log_from] = self.split.public_view(log_from)
        private: Private | None = {}
        if seat is not None:
            private = (
                self.private(seat)
                if log_from == self.log_from
                else _private_or_none(self.split, seat, log_from)
            )
        if private is None:  # a view-only game whose seat sees less than a spectator
            assert self.now.match is not None
            return self.now.match.view(seat, log_from)
        return compose(public, private)

    def patch(self, shared: bytes, own: list[Op], ack: bytes = b"") -> bytes:
        """`shared`: the encoded ops every patched viewer gets; then this viewer's own, and
        `ack`: the sender's inline ack (wire.ack_field), after the ops."""
        if self._prefix is None:
            self._prefix = b'{"type":"patch","from":%d,"version":%d,"server_time":%d,"ops":[' % (
                self.patch_from,
                self.version,
                self.now_ms(),
            )
        mine = orjson.dumps(own)[1:-1] if own else b""
        glue = b"," if shared and mine else b""
        return b"".join((self._prefix, shared, glue, mine, b"]", ack, b"}"))  # one copy


def _private_or_none(split: SplitViews, seat: int, log_from: int) -> Private | None:
    try:
        return split.private_view(seat, log_from)
    except NotAnOverlay:
        return None
