"""Crash soak: bots play while the server is killed with SIGKILL at random instants.

A real `laundermat serve` subprocess on a real database; bots over real sockets keep every
ack they receive and re-send every command still unanswered when they reconnect (as the
protocol invites). After each kill, with the server down, the database is checked:

- every acknowledged command is in the log exactly once (lost: 0, doubled: 0);
- every game whose log plays out to the end is finished, with its result;
- every room that plays a game knows every seat of it;
and at the end every game finishes: the timers resumed after each restart.

`laundermat crash --kills 50` runs it from the command line; tests/web/test_crash.py
runs a few kills per database in CI.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from sqlalchemy import select

from .. import games as registry
from ..store.engine import make_engine
from ..store.tables import commands, games, rooms
from .server_process import Launcher, Server, errors_logged, fresh_interpreter

Ack = tuple[str, str, str]  # (room code, player_id, client id)


@dataclass
class Ledger:
    acked: set[Ack] = field(default_factory=set)
    resent: int = 0
    unavailable: int = 0  # commands answered `unavailable` (the database was down): re-sent
    rejected: int = 0
    rejected_codes: Counter[str] = field(default_factory=Counter)  # why, by error code
    unexpected: list[str] = field(default_factory=list)  # errors no bot should ever get
    replayed: int = 0  # acked commands sent again after a reconnect
    unrecognised: int = 0  # ... answered other than by their first ack: run again
    kills_mid_game: int = 0


class CrashBot:
    """One seat: acts on its own view, keeps its unanswered commands, re-sends them."""

    def __init__(
        self, url: str, code: str, seat: dict[str, str], ledger: Ledger, rng: random.Random
    ) -> None:
        self.ws_url = "ws" + url[4:] + f"/ws/{code}"
        self.code, self.token, self.player_id = code, seat["token"], seat["player_id"]
        self.ledger = ledger
        self.rng = rng
        self.policy: registry.Policy | None = None  # the room's game's bot, once a view names it
        self.wait_chance = 0.15  # idling seats exercise the timers
        self.pending: dict[str, dict[str, Any]] = {}  # id → message, unanswered
        self.last_acked: dict[str, Any] | None = None
        self.replays: set[str] = set()  # acked ids sent again, awaiting their answer
        self.view: dict[str, Any] | None = None
        self.host = False
        self.done = False
        self.think = 0.2  # seconds, at most, before each command: games span several kills
        self.stop = asyncio.Event()  # set: finish the game at hand, start no rematch
        self.games_over: set[int] = set()  # game numbers this seat saw end
        # A rematch acked before its game's first view: the old game's "over" is stale then,
        # and a host that stopped on it would leave the new game to nobody.
        self.awaiting_game = 0
        self.rematch_from = 0  # the game the last rematch was asked from

    async def play(self) -> None:
        while not self.done:
            try:
                await self._session()
            except (TimeoutError, OSError, websockets.WebSocketException):
                await asyncio.sleep(0.1 + 0.2 * self.rng.random())

    async def _session(self) -> None:
        async with websockets.connect(self.ws_url, compression=None, open_timeout=2) as ws:
            # Whole views only: this soak checks durability, not deltas (docs/protocol.md).
            hello = {"type": "hello", "token": self.token, "deltas": False}
            await ws.send(orjson.dumps(hello).decode())
            for message in list(self.pending.values()):  # answered once, whatever happened
                self.ledger.resent += 1
                await ws.send(orjson.dumps(message).decode())
            if self.last_acked is not None:  # an acked id again: it must not run twice
                self.ledger.replayed += 1
                self.replays.add(self.last_acked["id"])
                await ws.send(orjson.dumps(self.last_acked).decode())
            while True:
                if self.stop.is_set() and self._over() and not self.pending and not self._stale():
                    self.done = True  # its game is over and no rematch follows
                    return
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue
                message = orjson.loads(raw)
                kind = message["type"]
                if kind == "view":
                    self._on_view(message)
                elif kind in ("ack", "error") and message.get("id") in self.replays:
                    self.replays.discard(message["id"])
                    self.ledger.unrecognised += kind != "ack"
                elif kind in ("ack", "error") and message.get("id") in self.pending:
                    if message.get("code") == "unavailable":  # the same id, a moment later
                        self.ledger.unavailable += 1
                        await asyncio.sleep(0.5)
                        self.ledger.resent += 1
                        await ws.send(orjson.dumps(self.pending[message["id"]]).decode())
                        continue
                    self._answered(message)
                if not self.pending:
                    await self._maybe_act(ws)

    def _on_view(self, message: dict[str, Any]) -> None:
        """A view arrived (tests/cluster records every one: version, content, time)."""
        self.view = message
        if self._over():
            self.games_over.add(message["room"]["game_number"])

    def _stale(self) -> bool:
        return self.view is None or self.view["room"]["game_number"] < self.awaiting_game

    def _over(self) -> bool:
        game = self.view["game"] if self.view is not None else None
        return game is not None and game["phase"] == "over"

    def _answered(self, message: dict[str, Any]) -> None:
        sent = self.pending[message["id"]]
        if message["type"] == "ack":
            del self.pending[message["id"]]
            if sent["type"] == "act":
                self.ledger.acked.add((self.code, self.player_id, message["id"]))
                self.last_acked = sent
            elif sent.get("action") == "rematch":
                self.awaiting_game = self.rematch_from + 1
        else:
            del self.pending[message["id"]]
            self.ledger.rejected += 1
            self.ledger.rejected_codes[message["code"]] += 1
            if message["code"] in ("internal", "bad_message", "malformed"):
                self.ledger.unexpected.append(message["code"])

    async def _maybe_act(self, ws: Any) -> None:
        view = self.view
        if view is None:
            return
        room, game = view["room"], view["game"]
        if room["status"] == "lobby":
            everyone = all(p["connected"] for p in room["players"])
            if self.host and everyone:
                await self._send(ws, {"type": "lobby", "action": "start"})
            return
        if room["status"] == "finished" and not self.stop.is_set():
            # Play on: each seat says it is ready; the host starts once all the others are
            # (a seat restarted mid-way is away, not gone: the host waits for it).
            me = next(p for p in room["players"] if p["player_id"] == self.player_id)
            others = [p for p in room["players"] if p is not me and not p["bot"]]
            if self.host and all(p.get("ready") for p in others):
                self.rematch_from = room["game_number"]
                await self._send(ws, {"type": "lobby", "action": "rematch"})
            elif not self.host and not me.get("ready"):
                await self._send(ws, {"type": "lobby", "action": "ready", "on": True})
            return
        if game is None or room["status"] != "playing":
            return
        if game["phase"] == "draft" and (game.get("me") or {}).get("selection") is not None:
            return
        if self.policy is None:
            self.policy = registry.require(room["game"]).bot(self.rng, self.wait_chance)
        command = self.policy.decide(game)
        if command is None:
            return
        command.pop("seat", None)
        await asyncio.sleep(self.think * self.rng.random())  # a moment to think
        await self._send(ws, {"type": "act", "command": command, "window": game["window"]["id"]})

    async def _send(self, ws: Any, message: dict[str, Any]) -> None:
        message["id"] = uuid.uuid4().hex[:16]
        self.pending[message["id"]] = message
        await ws.send(orjson.dumps(message).decode())


async def check(db_url: str, schema: str | None, ledger: Ledger) -> dict[str, int]:
    """The database, read while the server is down: what was acked, finished and seated."""
    engine = make_engine(db_url, schema)
    try:
        async with engine.connect() as conn:
            logged = (
                await conn.execute(
                    select(games.c.room_code, commands.c.player_id, commands.c.client_id).join(
                        games, games.c.id == commands.c.game_id
                    )
                )
            ).all()
            game_rows = (await conn.execute(select(games))).all()
            room_rows = (await conn.execute(select(rooms))).all()
            counts: dict[Ack, int] = {}
            for row in logged:
                if row.client_id is None:
                    continue  # the room's own commands (timeouts, presence)
                key = (row.room_code, row.player_id, row.client_id)
                counts[key] = counts.get(key, 0) + 1
            over_unfinished = finished = 0
            for g in game_rows:
                log = (
                    await conn.execute(
                        select(commands.c.command)
                        .where(commands.c.game_id == g.id)
                        .order_by(commands.c.seq)
                    )
                ).all()
                match = registry.require(g.game).new(g.seed, g.player_ids, dict(g.settings))
                for (entry,) in log:
                    match.apply(match.parse(entry))
                if match.over():
                    finished += 1
                    if not g.finished or g.result is None:
                        over_unfinished += 1
            numbers: dict[str, int] = {}
            for g in game_rows:
                numbers[g.room_code] = max(numbers.get(g.room_code, 0), g.game_number)
            seatless = sum(
                1
                for r in room_rows
                if (r.status == "playing" and any(p["seat"] is None for p in r.players))
                or numbers.get(r.code, 0) > r.game_number
            )
    finally:
        await engine.dispose()
    return {
        "acked": len(ledger.acked),
        "lost": sum(1 for a in ledger.acked if counts.get(a, 0) == 0),
        "doubled": sum(1 for n in counts.values() if n > 1),
        "games": len(game_rows),
        "games_over": finished,
        "over_but_unfinished": over_unfinished,
        "rooms_without_seats": seatless,
    }


async def open_rooms(
    url: str, rooms_n: int, players: int, game: str | None = None
) -> list[list[dict[str, str]]]:
    out = []
    body: dict[str, Any] = {} if game is None else {"game": game}
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        for r in range(rooms_n):
            first = (await http.post("/api/rooms", json={"name": f"r{r}p0", **body})).json()
            seats = [first]
            for i in range(1, players):
                joined = await http.post(f"/api/rooms/{first['code']}/join", json={"name": f"p{i}"})
                seats.append(joined.json())
            out.append(seats)
    return out


async def soak(
    db_url: str,
    schema: str | None,
    workdir: Path,
    kills: int,
    rooms_n: int = 3,
    players: int = 3,
    seed: int = 1,
    gap_s: tuple[float, float] = (0.3, 2.5),
    finish_timeout_s: float = 240.0,
    game: str | None = None,
    launch: Launcher = fresh_interpreter,
) -> dict[str, Any]:
    """Play `rooms_n` games (of `game`, the server's default if None) while killing the server
    `kills` times (each server started by `launch`); the figures."""
    rng = random.Random(seed)
    env = {
        "LAUNDERMAT_TIME_SCALE": "0.05",  # a 30 s draft lasts 1.5 s
        "LAUNDERMAT_RESTART_GRACE_SECONDS": "1",
        "LAUNDERMAT_SNAPSHOT_EVERY": "7",  # ids must survive snapshots too
        "LAUNDERMAT_AWAY_AFTER_SECONDS": "120",
        "LAUNDERMAT_GC_FREEZE_SECONDS": "0",
        # Every bot comes from 127.0.0.1 and reconnects after each kill.
        "LAUNDERMAT_JOIN_ATTEMPTS_PER_MINUTE": "100000",
        "LAUNDERMAT_ROOM_CREATIONS_PER_MINUTE": "100000",
        "LAUNDERMAT_SOCKETS_PER_MINUTE_PER_ADDRESS": "100000",
        "LAUNDERMAT_MESSAGES_PER_SECOND": "1000",
        "LAUNDERMAT_MESSAGE_BURST": "2000",
        "LAUNDERMAT_MESSAGES_PER_SECOND_PER_ADDRESS": "100000",
        "LAUNDERMAT_MESSAGE_BURST_PER_ADDRESS": "100000",
    }
    server = Server(db_url, schema, workdir / "crash-server.log", env, launch)
    ledger = Ledger()
    started = time.monotonic()
    checks: list[dict[str, int]] = []
    await server.start()
    tables = await open_rooms(server.url, rooms_n, players, game)
    bots: list[CrashBot] = []
    for seats in tables:
        for i, seat in enumerate(seats):
            bot = CrashBot(server.url, seats[0]["code"], seat, ledger, random.Random(rng.random()))
            bot.host = i == 0
            bots.append(bot)
    tasks = [asyncio.create_task(bot.play()) for bot in bots]
    try:
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(*gap_s))
            ledger.kills_mid_game += not all(bot.done for bot in bots)
            server.kill()
            checks.append(await check(db_url, schema, ledger))
            await server.start()
        for bot in bots:
            bot.stop.set()
        _, pending = await asyncio.wait(tasks, timeout=finish_timeout_s)
        server.kill()
        final = await check(db_url, schema, ledger)
    finally:
        for task in tasks:
            task.cancel()
        server.kill()
    errors = errors_logged(server.log_path)
    return {
        "kills": kills,
        "kills_mid_game": ledger.kills_mid_game,
        "rooms": rooms_n,
        "games_completed_by_bots": sum(len(b.games_over) for b in bots) // max(1, players),
        "unfinished_bots": len(pending),
        "acked": len(ledger.acked),
        "resent": ledger.resent,
        "answered_unavailable": ledger.unavailable,
        "acked_replayed": ledger.replayed,
        "acked_replay_not_recognised": ledger.unrecognised,
        "rejected": ledger.rejected,
        "rejected_codes": dict(ledger.rejected_codes.most_common()),
        "unexpected_errors": len(ledger.unexpected),
        "lost": max([c["lost"] for c in checks] + [final["lost"]]),
        "doubled": max([c["doubled"] for c in checks] + [final["doubled"]]),
        "over_but_unfinished": max(
            [c["over_but_unfinished"] for c in checks] + [final["over_but_unfinished"]]
        ),
        "rooms_without_seats": max(
            [c["rooms_without_seats"] for c in checks] + [final["rooms_without_seats"]]
        ),
        "server_errors": len(errors),
        "server_error_lines": errors[:3],
        "final": final,
        "seconds": round(time.monotonic() - started, 1),
    }
