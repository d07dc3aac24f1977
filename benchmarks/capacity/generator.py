"""The load generator: builds rooms of the chosen game (or baseline rooms) over real sockets
and switches them between a human pace and a closed loop."""

from __future__ import annotations

import asyncio
import gc
import random
from collections import Counter
from typing import Any

import httpx
import orjson

from ..wsclient import TEXT, WsClient, connect
from .games import GameSpec
from .seat import Seat
from .server import HOST
from .stats import LoopLag, Stats
from .tables import BaseTable, Table


class Generator:
    def __init__(
        self, kind: str, port: int, pace: float, seed: int, game: GameSpec | None = None
    ) -> None:
        self.kind = kind  # "laundermat" (our server, any game) | "baseline"
        self.game = game or GameSpec("laundermat", 6)
        self.players = self.game.players if kind == "laundermat" else 6
        self.port = port
        self.url = f"http://{HOST}:{port}"
        self.pace = pace
        self.rng = random.Random(seed)
        self.tables: list[Any] = []
        self.stats = Stats()
        self.setup_errors: Counter[str] = Counter()
        self.measuring = False
        self.stopping = False
        self.lag = LoopLag()
        self.http: httpx.AsyncClient | None = None

    def start(self) -> None:
        """Watch this process's loop lag, and turn off automatic collections: a pause stops
        every simulated player at once, and the paced commands held back then reach the
        server together, which the run then reports as the server's tail. Collections ran
        anyway after a freeze: 18 full ones in one 1,500-table step, up to 644 ms each
        (docs/benchmarks.md). Cycles wait for `grow`'s collection, outside any measured
        window."""
        self.lag.start()
        gc.disable()

    # ------------------------------------------------------------ building rooms

    async def grow(self, target: int, concurrency: int = 16) -> None:
        need = target - len(self.tables)
        if need <= 0:
            return
        gate = asyncio.Semaphore(concurrency)

        async def one(i: int) -> None:
            async with gate:
                try:
                    table = await (self._lm_table() if self.kind == "laundermat" else self._base(i))
                except Exception as exc:
                    self.setup_errors[type(exc).__name__] += 1
                    return
                self.tables.append(table)
                table.start_paced(self.pace)

        start = len(self.tables)
        await asyncio.gather(*(one(start + i) for i in range(need)))
        # What the tables hold now lives as long as the run: out of the collector's sight.
        # Between two of these the collector does not run at all (`start`).
        gc.collect()
        gc.freeze()

    async def _before_play(self, code: str, seats: list[dict[str, Any]]) -> None:
        """A room created and seated, before its sockets open: nothing here (a subclass may
        let the room settle first, benchmarks/cpu_lobby.py)."""

    async def _lm_table(self) -> Table:
        assert self.http is not None
        game = self.game
        room = {"name": "b0", "game": game.name, "settings": game.settings}
        created = await self.http.post("/api/rooms", json=room)
        created.raise_for_status()
        seats = [created.json()]
        code = seats[0]["code"]
        for i in range(1, game.players):
            joined = await self.http.post(f"/api/rooms/{code}/join", json={"name": f"b{i}"})
            joined.raise_for_status()
            seats.append(joined.json())
        await self._before_play(code, seats)
        table = Table(self, code, seats)
        for seat in table.seats:
            await self.attach(table, seat)
        await asyncio.wait_for(table.ready, 30)
        table.inflight = None
        return table

    async def attach(self, table: Table, seat: Seat, rcvbuf: int | None = None) -> None:
        """Open a socket for `seat` and say hello."""

        def message(ws: WsClient, opcode: int, raw: bytes, now: float) -> None:
            if opcode == TEXT:
                table.on_message(seat, raw, now)

        def closed(ws: WsClient, code: int | None) -> None:
            if seat.ws is ws:
                table.on_close(seat, code)

        seat.ws = await connect(HOST, self.port, f"/ws/{table.code}", message, closed, rcvbuf)
        seat.ws.send_text(orjson.dumps({"type": "hello", "token": seat.token}))

    async def _base(self, i: int) -> BaseTable:
        table = BaseTable(self, f"room{i}")
        for index in range(6):

            def message(ws: WsClient, opcode: int, raw: bytes, now: float, k: int = index) -> None:
                table.on_message(k, raw, now)

            def closed(ws: WsClient, code: int | None, k: int = index) -> None:
                table.on_close(k, code)

            table.clients.append(
                await connect(HOST, self.port, f"/ws/{table.code}", message, closed)
            )
        await asyncio.sleep(0.05)  # let the app register the last socket in its room
        return table

    # ------------------------------------------------------------ modes

    def paced(self) -> None:
        for table in self.tables:
            table.stop()
            table.start_paced(self.pace)

    def closed_loop(self) -> None:
        for table in self.tables:
            table.stop()
            table.start_closed()

    def reset(self) -> None:
        self.stats = Stats()
        self.lag.samples.clear()
        self.measuring = True
