"""Bots over the public API: create rooms over HTTP, play whole games over WebSockets.

Each bot is a real `websockets` client that sees only its own seat's views and chooses with
its game's random-legal bot (games/protocol.py; the server's own timers handle timeouts). Now
and then it reacts to a moment of the game (its policy's `react`: a failed laundry, an Alarm),
as a person taps a reaction, never more often than the server's limit allows.
Rooms are created for any registered game (`game`, with the host's `settings`); the bots
read the game's name from the room, so nothing here knows a game.
The report is one JSON-able dict: rooms completed, errors, and latency from sending a command to the
sender's updated view and to the last seat's updated view.

`errors` counts what should never happen (protocol errors, server errors, lost sockets,
games not finished). `rejected` counts rule refusals caused by racing other players
(two bots buying the last copy: GEN-1/BUY-5); they are normal in a real-time game.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets

from .. import games
from ..error_codes import SERVER_ERROR_CODES
from ..games import DEFAULT_GAME, Policy
from ..games.patch import PatchError, patched_view

# A game's own refusals (any code the platform does not define) come from racing other
# players: two bots buying the last copy. The platform's codes, and a malformed command,
# mean a bug. A reaction over its seat's limit is no bug either: the seat may have reacted from
# another socket just before (a person who then left the table to the bot).
UNEXPECTED = (set(SERVER_ERROR_CODES) - {"stale_window", "too_many_reactions"}) | {
    "malformed",
    "game_over",
}
REACT_EVERY = 2.5  # seconds between a bot's reactions: within the server's 1 per 2 s


@dataclass
class Sent:
    bot: int
    at: float
    version: int | None = None  # from the ack


@dataclass
class RoomRun:
    url: str
    players: int
    think: float
    rng: random.Random
    code: str = ""
    completed: bool = False
    errors: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    sent: list[Sent] = field(default_factory=list)
    arrivals: list[list[tuple[int, float]]] = field(default_factory=list)  # per bot
    record: bool = False  # keep every message each bot receives (tests check them)
    transcripts: list[list[dict[str, Any]]] = field(default_factory=list)
    game: str = DEFAULT_GAME  # the game `play_room` creates rooms of (games/protocol.py)
    settings: dict[str, Any] = field(default_factory=dict)  # the host's, for that game
    react: bool = True  # now and then, to a moment (benchmarks count commands alone)


def _ws_url(url: str, code: str) -> str:
    base = url.rstrip("/")
    base = "ws" + base[4:] if base.startswith("http") else base
    return f"{base}/ws/{code}"


class Bot:
    def __init__(self, run: RoomRun, index: int, seat: dict[str, str], host: bool) -> None:
        self.run = run
        self.index = index
        self.token = seat["token"]
        self.host = host
        self.rng = random.Random(run.rng.random())
        self.policy: Policy | None = None  # the room's game's bot, once a view names it
        self.version: int | None = None
        self.view: dict[str, Any] | None = None
        self.inflight: Sent | None = None
        self.need_version = 0  # act again only once the view includes our last ack
        self.view_after_refusal = False  # refused: act again only on a view that came since
        self.started = False
        self.resyncing = False
        self.doc: dict[str, Any] | None = None  # the whole view the patches apply to
        self.thinking: asyncio.Task[None] | None = None
        self.log_seen: int | None = None  # the game log's length at the last view
        self.reacted_at = -REACT_EVERY  # when this bot last reacted (time.monotonic)
        self.arrivals: list[tuple[int, float]] = []
        run.arrivals.append(self.arrivals)
        self.transcript: list[dict[str, Any]] = []
        run.transcripts.append(self.transcript)

    async def play(self) -> bool:
        try:
            return await self._play()
        finally:
            if self.thinking is not None:
                self.thinking.cancel()

    async def _play(self) -> bool:
        async with websockets.connect(
            _ws_url(self.run.url, self.run.code), compression=None, max_size=2**22
        ) as ws:
            await ws.send(orjson.dumps({"type": "hello", "token": self.token}).decode())
            async for raw in ws:
                message = orjson.loads(raw)
                kind = message["type"]
                if kind == "patch":  # views come as deltas (docs/protocol.md): make the view
                    try:
                        self.doc, message = patched_view(self.doc, message)
                    except PatchError:
                        if not self.resyncing:
                            self.resyncing = True
                            await ws.send('{"type":"resync"}')
                        continue
                    kind = "view"
                elif kind == "view":
                    whole = message["game"] is None or message["game"]["log_from"] == 0
                    self.doc = message if whole else None
                if self.run.record:
                    self.transcript.append(message)
                if kind == "view":
                    gap = self._on_view(message)
                    if self._over():
                        return True
                    if gap:  # a missed version: ask for the whole view
                        await ws.send('{"type":"resync"}')
                        continue
                    await self._maybe_react(ws)
                elif kind == "ack":
                    self._on_answer(message, message["version"])
                elif kind == "error":
                    code = message["code"]
                    (self.run.errors if code in UNEXPECTED else self.run.rejected)[code] += 1
                    self._on_answer(message, None)
                await self._maybe_act(ws)
        return False

    def _on_view(self, message: dict[str, Any]) -> bool:
        """Take the view if it is the next version, or this one again (a change only this seat
        sees keeps the version); True when versions were skipped."""
        version = message["version"]
        self.arrivals.append((version, time.perf_counter()))
        if self.resyncing or self.version is None or version in (self.version, self.version + 1):
            self.version, self.view, self.resyncing = version, message, False
            self.view_after_refusal = False
            return False
        if version < self.version:
            return False  # an old view
        self.resyncing = True
        return True

    def _over(self) -> bool:
        game = self.view.get("game") if self.view else None
        return bool(game and game["phase"] == "over")

    def _on_answer(self, message: dict[str, Any], version: int | None) -> None:
        if self.inflight is not None and message.get("id") is not None:
            self.inflight.version = version
            if version is not None:
                self.run.sent.append(self.inflight)
                self.need_version = version
            else:  # the view it was decided on is out of date (or it was wrong on it):
                self.view_after_refusal = True  # deciding again on it would only repeat it
            self.inflight = None

    async def _maybe_react(self, ws: Any) -> None:
        """A reaction to the entries logged since the last view, now and then."""
        view = self.view
        game = view.get("game") if view else None
        if not self.run.react or view is None or game is None:
            return
        if view["room"]["status"] != "playing":
            return
        seen, self.log_seen = self.log_seen, game["log_from"] + len(game["log"])
        if seen is None or self.log_seen <= seen:
            return
        reaction = games.bot_reaction(self._policy(view["room"]["game"]), game, seen)
        now = time.monotonic()
        if reaction is not None and now - self.reacted_at >= REACT_EVERY:
            self.reacted_at = now
            await ws.send(orjson.dumps({"type": "react", "reaction": reaction}).decode())

    def _policy(self, game: str) -> Policy:
        if self.policy is None:
            self.policy = games.require(game).bot(self.rng)
        return self.policy

    async def _maybe_act(self, ws: Any) -> None:
        view = self.view
        waiting = self.inflight is not None or self.view_after_refusal
        if view is None or waiting or (self.version or 0) < self.need_version:
            return
        room, game = view["room"], view["game"]
        if room["status"] == "lobby":
            if self.host and not self.started and _all_connected(room, self.run.players):
                self.started = True
                await self._send(ws, {"type": "lobby", "action": "start"})
            return
        if game is None or room["status"] != "playing":
            return
        me = game.get("me") or {}
        if game["phase"] == "draft" and me.get("selection") is not None:
            return  # selected: wait for the lock (changing one's mind forever never ends)
        command = self._policy(room["game"]).decide(game)
        if command is None:
            return
        command.pop("seat", None)  # the token is the seat
        window = game["window"]["id"] if game.get("window") else None
        message = {"type": "act", "command": command, "window": window}
        if not self.run.think:
            await self._send(ws, message)
            return
        # Think without blocking the reader, so every view's arrival time stays true.
        self.inflight = Sent(self.index, time.perf_counter())
        delay = self.run.think * self.rng.random()
        self.thinking = asyncio.create_task(self._send_later(ws, message, delay))

    async def _send_later(self, ws: Any, message: dict[str, Any], delay: float) -> None:
        await asyncio.sleep(delay)
        with contextlib.suppress(websockets.ConnectionClosed):  # the game ended meanwhile
            await self._send(ws, message)

    async def _send(self, ws: Any, message: dict[str, Any]) -> None:
        message["id"] = uuid.uuid4().hex[:16]
        self.inflight = Sent(self.index, time.perf_counter())
        await ws.send(orjson.dumps(message).decode())


def _all_connected(room: dict[str, Any], players: int) -> bool:
    return len(room["players"]) == players and all(p["connected"] for p in room["players"])


async def play_room(run: RoomRun) -> None:
    async with httpx.AsyncClient(base_url=run.url, timeout=10) as http:
        room = {"name": "bot0", "game": run.game, "settings": run.settings}
        response = await http.post("/api/rooms", json=room)
        response.raise_for_status()
        seats = [response.json()]
        run.code = seats[0]["code"]
        for i in range(1, run.players):
            response = await http.post(f"/api/rooms/{run.code}/join", json={"name": f"bot{i}"})
            response.raise_for_status()
            seats.append(response.json())
    await play_seats(run, seats)


async def play_seats(run: RoomRun, seats: list[dict[str, str]]) -> None:
    """Play seats already granted in room `run.code` (the first is the host) to the end."""
    bots = [Bot(run, i, seat, host=i == 0) for i, seat in enumerate(seats)]
    results = await asyncio.gather(*(bot.play() for bot in bots), return_exceptions=True)
    for outcome in results:
        if isinstance(outcome, BaseException):
            run.errors[type(outcome).__name__] += 1
    run.completed = all(outcome is True for outcome in results)


def _percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def _latencies(run: RoomRun) -> tuple[list[float], list[float]]:
    """Per acked command: the sender's first view with its version, and the last seat's."""
    sender, last = [], []
    firsts = [dict(reversed(a)) for a in run.arrivals]  # version → first arrival
    for sent in run.sent:
        assert sent.version is not None
        times = [f[sent.version] for f in firsts if sent.version in f]
        mine = firsts[sent.bot].get(sent.version)
        if mine is not None:
            sender.append(mine - sent.at)
        if len(times) == len(firsts):
            last.append(max(times) - sent.at)
    return sender, last


async def run_bots_async(
    url: str,
    rooms: int,
    players: int,
    think: float,
    seed: int | None,
    timeout: float,
    game: str = DEFAULT_GAME,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    rng = random.Random(seed)
    chosen = settings or {}
    runs = [
        RoomRun(url, players, think, random.Random(rng.random()), game=game, settings=chosen)
        for _ in range(rooms)
    ]
    start = time.perf_counter()
    tasks = [asyncio.ensure_future(play_room(run)) for run in runs]
    _, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    errors: Counter[str] = Counter()
    rejected: Counter[str] = Counter()
    sender: list[float] = []
    last: list[float] = []
    for run, task in zip(runs, tasks, strict=True):
        if task in pending:
            errors["timeout"] += 1
        elif task.exception() is not None:
            errors[type(task.exception()).__name__] += 1
        errors.update(run.errors)
        rejected.update(run.rejected)
        s, lst = _latencies(run)
        sender += s
        last += lst
    return {
        "game": game,
        "rooms": rooms,
        "players": players,
        "rooms_completed": sum(run.completed for run in runs),
        "errors": sum(errors.values()),
        "error_codes": dict(errors),
        "rejected": sum(rejected.values()),
        "rejected_codes": dict(rejected),
        "commands": len(sender),
        "latency_ms": {
            "sender_p50": _percentile(sender, 0.5),
            "sender_p99": _percentile(sender, 0.99),
            "last_seat_p50": _percentile(last, 0.5),
            "last_seat_p99": _percentile(last, 0.99),
        },
        "seconds": round(time.perf_counter() - start, 2),
    }


def run_bots(
    url: str,
    rooms: int,
    players: int,
    think: float = 0.0,
    seed: int | None = None,
    timeout: float = 600.0,
    game: str = DEFAULT_GAME,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return asyncio.run(run_bots_async(url, rooms, players, think, seed, timeout, game, settings))
