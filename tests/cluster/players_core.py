"""Players for the cluster core's tests: random-legal bots (the game's own bot) that, unlike
bots/ws_bot.py, survive their socket closing. They reconnect at once (4012, or any drop),
trying the replicas' URLs in turn, say hello with their token again and resend the command
that had no answer under the same id: the server must apply it once (0 lost, 0 doubled).

Each player records the ids acknowledged to it, every close code it received, and when each
view arrived, so a test can check what a failover did and measure how long it took."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import orjson
import websockets

from laundermat import games


def ws_url(base: str, code: str) -> str:
    return "ws" + base.rstrip("/")[4:] + f"/ws/{code}"


@dataclass
class Player:
    urls: list[str]
    code: str
    token: str
    host: bool
    players: int
    rng: random.Random
    acked: list[str] = field(default_factory=list)
    acts: set[str] = field(default_factory=set)  # ids sent as game commands (the log's)
    closes: list[int | None] = field(default_factory=list)
    view_times: list[float] = field(default_factory=list)  # time.monotonic() of each view
    errors: list[str] = field(default_factory=list)
    over: bool = False
    # While set and not yet released, the player reads its views but sends no command: a
    # test holds the game mid-play until the moment it tests (a drain) has begun.
    hold: asyncio.Event | None = None
    _url: int = 0
    _view: dict[str, Any] | None = None
    _inflight: dict[str, Any] | None = None
    _need_version: int = 0
    _started: bool = False

    async def play(self, stop_after_acks: int | None = None) -> None:
        """Play until the game is over (or this player has `stop_after_acks` acks)."""
        while not self.over:
            if stop_after_acks is not None and len(self.acked) >= stop_after_acks:
                return
            url = self.urls[self._url % len(self.urls)]
            try:
                await self._session(url, stop_after_acks)
            except (OSError, TimeoutError, websockets.InvalidHandshake):
                self._url += 1  # that replica is gone: try the next
                await asyncio.sleep(0.05)  # a client's back-off before the next, not a wait
            except websockets.ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)

    async def _session(self, url: str, stop_after_acks: int | None) -> None:
        async with websockets.connect(ws_url(url, self.code), open_timeout=3) as ws:
            # Whole views: this player tests where a socket is served, not the patches.
            hello = {"type": "hello", "token": self.token, "deltas": False}
            await ws.send(orjson.dumps(hello).decode())
            self._view = None
            if self._inflight is not None:  # unanswered: the same id again
                await ws.send(orjson.dumps(self._inflight).decode())
            try:
                async for raw in ws:
                    self._receive(orjson.loads(raw))
                    if self.over or (
                        stop_after_acks is not None and len(self.acked) >= stop_after_acks
                    ):
                        return
                    await self._maybe_act(ws)
            except websockets.ConnectionClosed:
                pass
            self.closes.append(ws.close_code)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":  # a new socket starts a new sequence of versions
            self._need_version = 0
        elif kind == "view":
            self.view_times.append(time.monotonic())
            if self._view is None or message["version"] > self._view["version"]:
                self._view = message
            game = message.get("game")
            self.over = bool(game and game["phase"] == "over")
        elif kind == "ack":
            if self._inflight is not None and message["id"] == self._inflight["id"]:
                self._inflight = None
            self.acked.append(message["id"])
            self._need_version = message["version"]
        elif kind == "error":
            self.errors.append(message["code"])
            if (
                self._inflight is not None
                and message.get("id") == self._inflight["id"]
                and message["code"] != "unavailable"  # kept: resent on the next socket
            ):
                self._inflight = None

    async def _maybe_act(self, ws: Any) -> None:
        view = self._view
        if view is None or self._inflight is not None or view["version"] < self._need_version:
            return
        if self.hold is not None and not self.hold.is_set():
            return
        room, game = view["room"], view["game"]
        if room["status"] == "lobby":
            everyone = len(room["players"]) == self.players and all(
                p["connected"] for p in room["players"]
            )
            if self.host and everyone and not self._started:
                self._started = True
                await self._send(ws, {"type": "lobby", "action": "start"})
            return
        if game is None or room["status"] != "playing":
            return
        if game["phase"] == "draft" and (game.get("me") or {}).get("selection") is not None:
            return
        command = games.require(room["game"]).bot(self.rng).decide(game)
        if command is None:
            return
        command.pop("seat", None)
        window = game["window"]["id"] if game.get("window") else None
        await self._send(ws, {"type": "act", "command": command, "window": window})

    async def _send(self, ws: Any, message: dict[str, Any]) -> None:
        message["id"] = uuid.uuid4().hex[:16]
        if message["type"] == "act":
            self.acts.add(message["id"])
        self._inflight = message
        with contextlib.suppress(websockets.ConnectionClosed):
            await ws.send(orjson.dumps(message).decode())
