"""A small socket client for the tests (the bots in laundermat.bots.ws_bot are the other)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import orjson
import websockets
from websockets.asyncio.client import ClientConnection

from laundermat.games import patch
from laundermat.web.protocol import server_message

Message = dict[str, Any]


class Client:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: Message | None = None
        self.received: list[Message] = []
        self.doc: Message | None = None  # the whole view this client holds (deltas)
        self.patches = 0
        self.frames: list[Message] = []  # every message as it came (a patch as a patch)

    @classmethod
    async def open(
        cls,
        ws_base: str,
        code: str,
        token: str | None = None,
        deltas: bool = True,
        inline_ack: bool = False,
        **kwargs: Any,
    ) -> Client:
        """`inline_ack`: this client takes its acks inside its frames (docs/protocol.md, "Acks";
        `request` then finds the answer only where it comes alone)."""
        ws = await websockets.connect(f"{ws_base}/{code}", compression=None, **kwargs)
        client = cls(ws)
        if token is not None:
            hello = {"type": "hello", "token": token} | ({} if deltas else {"deltas": False})
            await client.send(hello | ({"inline_ack": True} if inline_ack else {}))
            await client.until(lambda m: m["type"] == "view")
        return client

    async def send(self, message: Message) -> None:
        await self.ws.send(orjson.dumps(message).decode())

    async def recv(self, timeout: float = 10) -> Message:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: Message = orjson.loads(raw)
        server_message.validate_python(message)  # every message matches the protocol
        self.frames.append(orjson.loads(raw))
        if message["type"] == "patch":
            message = self.patched(message)
        elif message["type"] == "view":
            whole = message["game"] is None or message["game"]["log_from"] == 0
            self.doc = orjson.loads(raw) if whole else None
            if self.doc is not None:
                self.doc.pop("ack", None)  # no part of the view patches apply to ("Acks")
        self.received.append(message)
        if message["type"] == "view":
            self.view = message
        return message

    def patched(self, message: Message) -> Message:
        """A patch applied to the view this client holds (docs/protocol.md, "Deltas"), as the
        view it makes, with the log since the previous view (as a whole view pushed to a
        client without deltas carries it)."""
        self.doc, view = patch.patched_view(self.doc, message)
        self.patches += 1
        view = orjson.loads(orjson.dumps(view))  # nothing shared with the held view
        return view

    async def until(self, test: Callable[[Message], bool], timeout: float = 10) -> Message:
        async def wait() -> Message:
            while True:
                message = await self.recv(timeout)
                if test(message):
                    return message

        return await asyncio.wait_for(wait(), timeout)

    async def request(self, message: Message, timeout: float = 10) -> Message:
        """Send a message with a fresh id and return its answer (ack or error)."""
        message.setdefault("id", uuid.uuid4().hex[:12])
        await self.send(message)
        return await self.until(lambda m: m.get("id") == message["id"], timeout)

    async def act(self, command: Message, **extra: Any) -> Message:
        return await self.request({"type": "act", "command": command, **extra})

    async def lobby(self, action: str, **extra: Any) -> Message:
        return await self.request({"type": "lobby", "action": action, **extra})

    async def close(self) -> None:
        await self.ws.close()

    @property
    def game(self) -> Message:
        assert self.view is not None and self.view["game"] is not None
        game: Message = self.view["game"]
        return game


async def new_room(
    url: str, players: int, *, game: str | None = None, **settings: int
) -> tuple[str, list[Message]]:
    """Create a room of `game` (the default game if None) and seat `players` players:
    (code, [SeatGranted, ...])."""
    async with httpx.AsyncClient(base_url=url) as http:
        body: Message = {"name": "p0"}
        if game is not None:
            body["game"] = game
        if settings:
            body["settings"] = settings
        first = (await http.post("/api/rooms", json=body)).json()
        seats = [first]
        for i in range(1, players):
            response = await http.post(f"/api/rooms/{first['code']}/join", json={"name": f"p{i}"})
            assert response.status_code == 200, response.text
            seats.append(response.json())
    return first["code"], seats


async def seated_game(
    server: Any, players: int, **settings: int
) -> tuple[str, list[Message], list[Client]]:
    """A started game with every player connected; each client holds the first game view."""
    code, seats = await new_room(server.url, players, game=None, **settings)
    clients = [await Client.open(server.ws, code, s["token"]) for s in seats]
    answer = await clients[0].lobby("start")
    assert answer["type"] == "ack", answer
    for c in clients:
        await c.until(lambda m: m["type"] == "view" and m["game"] is not None)
    return code, seats, clients


def room_games(url: str, code: str, limit: int = 200) -> list[dict[str, Any]]:
    """The finished games of room `code` in GET /api/history, newest first, as a player's
    browser finds them: while the room is open the history names no code (docs/security.md),
    and its last finished game is the one the room reveals (`fairness.revealed`)."""
    history: list[dict[str, Any]] = httpx.get(url + "/api/history", params={"limit": limit}).json()
    info = httpx.get(f"{url}/api/rooms/{code}")
    if info.status_code == 200:
        revealed = (info.json().get("fairness") or {}).get("revealed") or {}
        assert all(g["code"] != code for g in history), "an open room's code was listed"
        return [g for g in history if g["game_id"] == revealed.get("game_id")]
    return [g for g in history if g["code"] == code]
