"""The rooms the Python load generator plays over real sockets: `FloorRoom` (a bare broadcast
server: benchmarks/baseline_app.py under uvicorn or granian, node/ws_floor.mjs) and `OurRoom`
(this server, the pick6 game). node/gen.mjs plays Colyseus and boardgame.io the same way.

A room has six seats and one command in flight at most. A command is the next seat's pick
(seats in turn, six a round); it is done when every seat has received a frame showing it: for
the floor, one more broadcast each; for this server, a view or patch of at least the version
its ack names. Latency runs from the send to the last seat's frame. With `--burst` a round's
six picks go out at once and are done together, when every seat has a frame showing all six
(issue 34 §2: coalesced pushes); they count as six commands. The secret check then covers
nothing: the round's reveal is due as soon as its six picks are sent.

This server's seats say `hello.inline_ack` (docs/protocol.md, "Acks"): the sender's ack rides
in its own frame. A server from before inline acks refuses the field; the seat then says hello
again without it and takes the ack alone (the old form), so `--baseline` revisions run as they
are. The figures count which form each ack came in (`acks`)."""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import TYPE_CHECKING, Any

import httpx
import orjson

from ..wsclient import TEXT, WsClient, connect
from .secret import SEATS, Secrets, round_picks

if TYPE_CHECKING:
    from .load import Load

HOST = "127.0.0.1"
_VERSION = re.compile(rb'"version":(\d+)')
_INLINE_ACK = b',"ack":"'  # the last field of the sender's frame (rooms/frames.py)


class Room:
    def __init__(self, load: Load, index: int) -> None:
        self.load = load
        self.index = index
        self.rng = random.Random(load.rng.random())
        self.sockets: list[WsClient] = []
        self.secrets = Secrets()
        self.picks: list[int] = []
        self.sent = 0  # commands sent
        self.inflight: float | None = None  # when the command in flight went out
        self.timer: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------ commands out

    def next_command(self) -> None:
        self.inflight = time.perf_counter()
        for _ in range(SEATS if self.load.burst else 1):
            seat = self.sent % SEATS
            if seat == 0:
                self.picks = round_picks(self.rng)
            number = self.picks[seat]
            self.secrets.picked(seat, number, seat == SEATS - 1)
            self.sent += 1
            self.send(seat, number)

    async def setup(self) -> None:
        raise NotImplementedError

    def send(self, seat: int, number: int) -> None:
        raise NotImplementedError

    def done(self, now: float) -> None:
        """The command in flight reached every seat."""
        sent, self.inflight = self.inflight, None
        assert sent is not None
        self.load.completed(self, sent, now, SEATS if self.load.burst else 1)

    # ------------------------------------------------------------ frames in

    def frame(self, seat: int, payload: bytes, now: float) -> None:
        self.load.stats.frames += 1
        self.load.stats.bytes += len(payload)
        self.secrets.check(seat, payload)
        self.arrived(seat, payload, now)

    def arrived(self, seat: int, payload: bytes, now: float) -> None:
        raise NotImplementedError

    def closed(self, seat: int, code: int | None) -> None:
        if not self.load.stopping:
            self.load.stats.errors[f"closed_{code}"] += 1

    async def open(self, path: str, seat: int) -> WsClient:
        def message(ws: WsClient, opcode: int, raw: bytes, now: float) -> None:
            if opcode == TEXT:
                self.frame(seat, raw, now)

        def gone(ws: WsClient, code: int | None) -> None:
            self.closed(seat, code)

        return await connect(HOST, self.load.port, path, message, gone)


class FloorRoom(Room):
    """Six sockets on /ws/room{i}: any message in, one pre-encoded payload out to all six."""

    async def setup(self) -> None:
        self.counts = [0] * SEATS
        self.targets = [0] * SEATS
        for seat in range(SEATS):
            self.sockets.append(await self.open(f"/ws/room{self.index}", seat))
        await asyncio.sleep(0.05)  # let the server register the last socket in its room

    def send(self, seat: int, number: int) -> None:
        if seat == 0 or not self.load.burst:
            self.targets = list(self.counts)
        self.targets = [t + 1 for t in self.targets]
        self.sockets[seat].send_text(b'{"type":"pick","number":%d}' % number)

    def arrived(self, seat: int, payload: bytes, now: float) -> None:
        self.counts[seat] += 1
        if self.inflight is not None and all(
            c >= t for c, t in zip(self.counts, self.targets, strict=True)
        ):
            self.done(now)


class OurRoom(Room):
    """A pick6 room on this server: created and joined over HTTP, a socket per seat, started
    by its host; then each seat's socket sends `act` picks (docs/protocol.md)."""

    async def setup(self) -> None:
        self.versions = [0] * SEATS
        self.target: int | None = None  # the version the acks named, once all are in
        self.answers: list[int] = []  # the burst's answers so far (versions; 0: refused)
        self.ready = asyncio.get_running_loop().create_future()
        http = self.load.http
        assert http is not None
        game = {"name": "b0", "game": "pick6", "settings": {}}
        created = (await http.post("/api/rooms", json=game)).raise_for_status().json()
        seats = [created]
        for i in range(1, SEATS):
            path = f"/api/rooms/{created['code']}/join"
            seats.append((await http.post(path, json={"name": f"b{i}"})).raise_for_status().json())
        self.tokens = [granted["token"] for granted in seats]
        self.inline = True  # until the server refuses it
        for seat in range(SEATS):
            self.sockets.append(await self.open(f"/ws/{created['code']}", seat))
            self._hello(seat)
        await self._when_all_seen(lambda: self.versions[0] > 0)
        self.inflight = time.perf_counter()
        self._say(0, {"type": "lobby", "action": "start"})
        await asyncio.wait_for(self.ready, 30)

    async def _when_all_seen(self, condition: Any) -> None:
        for _ in range(600):
            if all(v > 0 for v in self.versions) and condition():
                return
            await asyncio.sleep(0.05)
        raise TimeoutError("the seats' first views did not arrive")

    def _hello(self, seat: int) -> None:
        hello = {"type": "hello", "token": self.tokens[seat]}
        if self.inline:
            hello["inline_ack"] = True
        self.sockets[seat].send_text(orjson.dumps(hello))

    def _say(self, seat: int, message: dict[str, Any]) -> None:
        message["id"] = str(self.sent)
        self.sockets[seat].send_text(orjson.dumps(message))

    def send(self, seat: int, number: int) -> None:
        self.target = None
        if seat == 0 or not self.load.burst:
            self.answers = []
        self._say(seat, {"type": "act", "command": {"type": "pick", "number": number}})

    def arrived(self, seat: int, payload: bytes, now: float) -> None:
        head = payload[:16]
        if head.startswith((b'{"type":"view"', b'{"type":"patch"')):
            found = _VERSION.search(payload, 0, 200)
            if found:
                self.versions[seat] = int(found.group(1))
            if self.sent % SEATS and b'"kind":"round"' in payload:
                self.load.stats.errors["reveal_before_the_sixth_pick"] += 1  # by the timer
            if payload.find(_INLINE_ACK, max(0, len(payload) - 80)) >= 0:
                self.load.stats.acks["inline"] += 1
                self._answered(self.versions[seat])
        elif head.startswith(b'{"type":"ack"'):
            self.load.stats.acks["alone"] += 1
            self._answered(orjson.loads(payload)["version"])
        elif head.startswith(b'{"type":"error"'):
            code = orjson.loads(payload)["code"]
            if code == "bad_message" and self.inline and not self.versions[seat]:
                self.inline = False  # a server from before inline acks: the old form
                self._hello(seat)
                return
            self.load.stats.errors[code] += 1
            self._answered(0)  # refused: nothing to wait for
        target = self.target
        if self.inflight is not None and target is not None and min(self.versions) >= target:
            if not self.ready.done():  # the start, during setup
                self.inflight = None
                self.ready.set_result(None)
            else:
                self.done(now)

    def _answered(self, version: int) -> None:
        self.answers.append(version)
        if not self.load.burst or not self.ready.done() or len(self.answers) == SEATS:
            self.target = max(self.answers)


def make_room(protocol: str, load: Load, index: int) -> Room:
    return {"floor": FloorRoom, "ours": OurRoom}[protocol](load, index)


def http_client(port: int) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=30)
